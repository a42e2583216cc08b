lateMs => new Promise(resolve => {
  // after a click: true when it did something, false when nothing changed (not even within lateMs), null when
  // no click reached this document since the last look (it hit a frame, or a new document replaced this one)
  const watch = window.__useragent;
  const click = watch && watch.click;
  if (!click) { resolve(null); return; }
  watch.click = null;
  const target = click.target;
  if (target.closest && target.closest('input, select, textarea, label, option')) { resolve(true); return; }
  const changed = () => {
    const focus = document.activeElement;
    return watch.changes > click.changes || watch.scrolls > click.scrolls || watch.invalid > click.invalid ||
           watch.media > click.media ||
           (focus !== click.focus && focus !== target && !target.contains(focus));
  };
  if (changed()) { resolve(true); return; }
  // nothing yet: give a late effect (a timer, an animation) lateMs to show
  const timer = setTimeout(() => { watch.wake = null; resolve(changed()); }, lateMs);
  watch.wake = () => { clearTimeout(timer); watch.wake = null; resolve(true); };
})

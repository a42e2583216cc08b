lateMs => new Promise(resolve => {
  // after a click: true when it did something, false when nothing changed (not even within lateMs), null unknown
  const click = window.__useragentClick;
  if (!click) { resolve(null); return; }
  const finish = result => {
    click.observer.disconnect();
    document.removeEventListener('click', click.listener, true);
    delete window.__useragentClick;
    resolve(result);
  };
  const target = click.target;
  if (!target) { finish(null); return; }  // the click never reached this document (a frame, a stopped event)
  if (target.closest && target.closest('input, select, textarea, label, option')) { finish(true); return; }
  const changed = () => {
    const focus = document.activeElement;
    return click.mutations > 0 || (focus !== click.focus && focus !== target && !target.contains(focus));
  };
  if (changed()) { finish(true); return; }
  // nothing yet: give a late effect (a timer, an animation) lateMs to show
  const timer = setTimeout(() => finish(changed()), lateMs);
  click.wake = () => { clearTimeout(timer); finish(true); };
})

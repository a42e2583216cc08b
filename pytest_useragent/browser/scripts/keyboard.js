([command, keep]) => {
  // what a keyboard user meets, read in the page: where focus is, whether it shows, where Tab goes, and what responds
  // to a pointer but not to the keyboard. One script, several commands, so every probe names elements alike.
  const TABBABLE = 'a[href], area[href], button, input:not([type=hidden]), select, textarea, iframe, summary, ' +
                   '[contenteditable]:not([contenteditable=false]), audio[controls], video[controls], [tabindex]';
  const shown = el => { const s = getComputedStyle(el); const r = el.getBoundingClientRect();
                        return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0; };
  const tabbable = el => el.matches(TABBABLE) && el.tabIndex >= 0 && !el.disabled && !el.closest('[inert]') && shown(el);
  const box = el => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round).join(','); };
  const html = el => el.outerHTML.slice(0, 200);
  const active = document.activeElement;
  // an element hidden or removed a moment ago may still hold focus until the browser's next update: it is gone all
  // the same, and focus with it
  const onPage = active && active !== document.body && active !== document.documentElement && active.isConnected &&
                 active.getClientRects().length > 0;
  const here = () => ({on: !!onPage, element: onPage ? describe(active) : 'body', html: onPage ? html(active) : '',
                       box: onPage ? box(active) : null});
  if (command === 'focus') {
    // with `keep`, the elements measured already: the focused element's look with and without focus, what a focus
    // indicator changes, if anything (once an element: blur and focus are events the page sees)
    if (!Array.isArray(keep) || !onPage || keep.includes(describe(active))) return here();
    const look = () => { const s = getComputedStyle(active);
      return ['outline-style', 'outline-width', 'outline-color', 'border-top-color', 'border-bottom-color',
              'border-top-width', 'border-bottom-width', 'box-shadow', 'background-color', 'color',
              'text-decoration-line'].map(p => s.getPropertyValue(p)).join('|'); };
    const focused = look();
    active.blur();
    const blurred = look();
    active.focus({preventScroll: true});
    return {...here(), same: focused === blurred};
  }
  if (command === 'start') { window.__useragentWalk = {start: active, met: new Set([active])}; return here(); }
  const walk = window.__useragentWalk;
  if (command === 'tab') {  // after a Tab: 'round' back at the start, 'page' left for the page itself, 'on' else
    if (!walk) return 'page';
    if (active === walk.start) return 'round';
    if (!onPage) return 'page';
    walk.met.add(active);
    return 'on';
  }
  if (command === 'back') {  // after a Shift+Tab: 'out' on an element the Tab walk never met
    if (!walk) return 'page';
    if (active === walk.start) return 'round';
    return !onPage || !walk.met.has(active) ? 'out' : 'on';
  }
  if (command === 'outside') {  // tabbable elements the walk never met
    const all = [...document.querySelectorAll(TABBABLE)].filter(tabbable);
    return {met: walk ? walk.met.size : 0, outside: all.filter(el => !walk || !walk.met.has(el)).length,
            element: walk && walk.start ? describe(walk.start) : 'body', html: walk && walk.start ? html(walk.start) : ''};
  }
  if (command === 'restore') {
    if (walk && walk.start && walk.start.isConnected && walk.start.focus) walk.start.focus({preventScroll: true});
    delete window.__useragentWalk;
    return here();
  }
  return null;
}

async function (mode, keep, limit, waited, ...listened) {
  // focus an element gives up the moment it takes it (WCAG failure F55: `onfocus="this.blur()"`, or a script that
  // moves focus elsewhere on focus), read two ways. 'passed': from watch.js's log of focus and blur since the
  // harness last probed, the element the persona's key moved focus to (not the key's handlers: they ran first)
  // that gave it up at once. 'scan': at a
  // document's first look, when its focus is on the page itself and its address has no fragment, every tabbable
  // element shown (at most `limit`) focused in turn, the page's focus handlers seeing it, and focus looked at after
  // them (and after a frame, for the few at most `waited` with a focus listener of their own or an ancestor's,
  // `listened`); then focus is given back to the page itself, the next Tab starting at its top, as on a page just
  // loaded.
  // Focus that goes where the element leads is kept: into itself (a widget giving it to its active item), into what
  // it controls or owns (a menu's submenu), within its composite widget (roving tabindex), into a dialog (one it
  // opens, a modal's focus wrap); so is focus an element hidden from view passes on (a dialog's focus guard).
  const KEPT_MS = 500;
  const TABBABLE = 'a[href], area[href], button, input:not([type=hidden]), select, textarea, iframe, summary, ' +
                   '[contenteditable]:not([contenteditable=false]), audio[controls], video[controls], [tabindex]';
  const DIALOG = 'dialog, [role=dialog], [role=alertdialog], [aria-modal=true]';
  const COMPOSITE = '[role=radiogroup], [role=tablist], [role=tree], [role=treegrid], [role=menu], [role=menubar], ' +
                    '[role=listbox], [role=grid], [role=toolbar]';
  const shown = el => { const s = getComputedStyle(el); const r = el.getBoundingClientRect();
                        return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 1 && r.height > 1; };
  const tabbable = el => el.tabIndex >= 0 && !el.disabled && !el.closest('[inert]') && shown(el);
  const deep = () => { let at = document.activeElement;
                       while (at && at.shadowRoot && at.shadowRoot.activeElement) at = at.shadowRoot.activeElement;
                       return at; };
  const onPage = el => !!el && el !== document.body && el !== document.documentElement && el.isConnected &&
                       el.getClientRects().length > 0;
  function* up(el) { for (let at = el; at instanceof Element; at = at.parentElement || (at.getRootNode() || {}).host) yield at; }
  const holds = (outer, inner) => [...up(inner)].includes(outer);
  const ids = (el, attribute) => (el.getAttribute(attribute) || '').split(/\s+/).filter(Boolean);
  const led = (from, to) => onPage(to) && (holds(from, to) ||
    ['aria-controls', 'aria-owns'].some(a => ids(from, a).some(id => {
      const target = (from.getRootNode().getElementById ? from.getRootNode() : document).getElementById(id);
      return !!target && holds(target, to); })) ||
    [...up(from)].some(a => a.matches && a.matches(COMPOSITE) && holds(a, to)) ||
    [...up(to)].some(a => a.matches && a.matches(DIALOG)));
  const box = el => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round).join(','); };
  const told = (el, to) => ({element: describe(el), html: el.outerHTML.slice(0, 200), box: box(el),
                             to: onPage(to) ? describe(to) : 'the page itself (<body>)'});
  const watch = window.__useragent || {};
  const log = watch.passes || [];
  // what the scan found, so a Tab that meets it again files nothing new (the scan's finding counts it)
  const known = window.__useragentDiscarded = window.__useragentDiscarded || new WeakSet();
  if (mode === 'passed') {
    const now = deep();
    const pressed = watch.keyAt === null || watch.keyAt === undefined ? -Infinity : watch.keyAt;
    try {
      for (let at = log.length - 1; at >= 0; at--) {
        const came = log[at];
        if (came.type !== 'in' || came.keyed || came.at < pressed || came.target === now || !came.target.isConnected ||
            !shown(came.target) || known.has(came.target)) continue;
        const left = log.slice(at + 1).find(e => e.type === 'out' && e.target === came.target);
        if (left && left.at - came.at <= KEPT_MS && !led(came.target, now)) return told(came.target, now);
      }
      return null;
    } finally { log.length = 0; watch.keyAt = null; }
  }
  // at a document's first look only: later, focus on the page may have a Tab start point of the persona's own
  const first = !window.__useragentScanned;
  window.__useragentScanned = true;
  if (!first || location.hash || onPage(deep())) return {count: 0, found: [], scanned: 0};
  const slow = new Set(listened.filter(el => el && el.nodeType === 1 && el !== document.body &&
                                             el !== document.documentElement));
  // not a radio button: focused by script, it becomes where Tab enters its group (Chromium), so the persona's Tab
  // would land on the scan's last radio, not the group's first; a radio that throws focus away is found on that Tab
  const candidates = [...document.body.querySelectorAll(TABBABLE)].slice(0, limit).filter(tabbable)
    .filter(el => !(el.localName === 'input' && el.type === 'radio'));
  // the selection as the page had it: focusing a text field by script leaves the frame's selection in it, and text a
  // keyboard inserts later (a letter such as "ó", which no key types) would go there from a dropdown that has focus
  const selection = getSelection();
  const ranges = selection ? [...Array(selection.rangeCount).keys()].map(at => selection.getRangeAt(at)) : [];
  const gained = new Set();
  const heard = event => { const target = event.composedPath()[0]; if (target instanceof Element) gained.add(target); };
  const frame = () => new Promise(done => { requestAnimationFrame(() => setTimeout(done, 0)); setTimeout(done, 50); });
  const found = [];
  let waits = 0;
  addEventListener('focus', heard, true);
  try {
    for (const el of candidates) {
      if (!el.isConnected || !shown(el)) continue;  // an earlier one's focus hid it
      gained.clear();
      el.focus({preventScroll: true});
      if (![...gained].some(target => holds(el, target))) continue;  // it never took focus
      let now = deep();
      if (now === el && waits < waited && [...up(el)].some(a => slow.has(a))) {
        waits += 1;
        await frame();
        now = deep();
      }
      if (now !== el && !led(el, now)) { known.add(el); found.push(told(el, now)); }
    }
  } finally {
    removeEventListener('focus', heard, true);
    // the last one blurred as the page sees it (a menu it opened closes), then the start of the page focused and
    // blurred unseen: focus on the page itself, the next Tab to the first element
    const last = deep();
    if (last && last !== document.body) last.blur();
    const stop = event => event.stopImmediatePropagation();
    const types = ['blur', 'focusout', 'focus', 'focusin'];
    types.forEach(type => window.addEventListener(type, stop, true));
    const start = document.createElement('span');
    start.tabIndex = -1;
    try { document.body.prepend(start); start.focus({preventScroll: true}); start.blur(); } finally {
      start.remove();
      types.forEach(type => window.removeEventListener(type, stop, true));
      if (selection) { selection.removeAllRanges(); ranges.forEach(range => selection.addRange(range)); }
      log.length = 0;
    }
  }
  return {count: found.length, found: found.slice(0, keep), scanned: candidates.length};
}

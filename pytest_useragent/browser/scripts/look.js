() => {
  const watch = window.__useragent;
  if (watch) watch.click = null;  // a click after this look is the next action's
  // what the page-state checks depend on: the viewport, the media features the persona's browser sets (`matched`,
  // given by the caller: a dark page's contrast is not a light one's) and the document (its length and FNV-1a hash)
  const html = document.documentElement ? document.documentElement.outerHTML : '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < html.length; i++) hash = Math.imul(hash ^ html.charCodeAt(i), 0x01000193);
  // the values of the password fields (which a masked screenshot covers): Playwright's css engine finds them in open
  // shadow roots too, and so must we, to learn them (a "show password" button turns one into a text field later)
  const every = root => [...root.querySelectorAll('*')].flatMap(e => (e.shadowRoot ? [e, ...every(e.shadowRoot)] : [e]));
  const passwords = every(document).filter(e => e.matches('input[type=password]'));
  // the states the ai snapshot leaves out, by the box it writes (its rounded client rect): collapsed, not checked,
  // not pressed, current, the option aria-activedescendant points to while its owner has focus; and the element
  // focus is on inside open shadow roots and same-origin frames, as the boxes of the frames on the way and its own
  const boxOf = e => { const r = e.getBoundingClientRect();
    return `${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)},${Math.round(r.height)}`; };
  const deep = doc => { let f = doc.activeElement;
    while (f && f.shadowRoot && f.shadowRoot.activeElement) f = f.shadowRoot.activeElement; return f; };
  const focus = [];
  let owner = null;
  for (let doc = document, depth = 0; doc && depth < 5; depth++) {
    const f = deep(doc);
    if (!f || f === doc.body || f === doc.documentElement) break;
    focus.push(boxOf(f));
    owner = f;
    let inner = null;
    try { inner = f.localName === 'iframe' || f.localName === 'frame' ? f.contentDocument : null; } catch (e) {}
    doc = inner;
  }
  const STATED = '[aria-expanded=false i], [aria-current]:not([aria-current=false i]):not([aria-current=""]), [aria-pressed=false i], ' +
                 '[aria-checked=false i], input[type=checkbox]:not(:checked):not([aria-checked]), ' +
                 'input[type=radio]:not(:checked):not([aria-checked])';
  const states = [];
  // date and time fields, by box, type and step: the layout each shows is read beside (`datefields.py`)
  const DATED = new Set(['date', 'time', 'datetime-local', 'month', 'week']);
  const dates = [];
  for (const e of every(document)) {
    if (states.length >= 500) break;
    if (e.localName === 'input' && DATED.has(e.type) && dates.length < 100) dates.push([boxOf(e), e.type, e.getAttribute('step') || '']);
    if (!e.matches(STATED)) continue;
    const said = {};
    if ((e.getAttribute('aria-expanded') || '').toLowerCase() === 'false') said.expanded = 'false';
    const current = e.getAttribute('aria-current');
    if (current && current.toLowerCase() !== 'false') said.current = current.toLowerCase();
    if ((e.getAttribute('aria-pressed') || '').toLowerCase() === 'false') said.pressed = 'false';
    if ((e.getAttribute('aria-checked') || '').toLowerCase() === 'false' || (e.localName === 'input' && !e.checked)) said.checked = 'false';
    states.push([boxOf(e), said]);
  }
  const descendant = owner && owner.getAttribute('aria-activedescendant');
  const pointed = descendant ? owner.getRootNode().getElementById(descendant) : null;
  if (pointed) states.push([boxOf(pointed), {'active-descendant': null}]);
  return {
    states,
    dates,
    focus,
    sinceChange: watch ? performance.now() - watch.lastChange : null,
    fingerprint: `${innerWidth}x${innerHeight} ${typeof matched === 'undefined' ? '' : Object.values(matched).join(',')} ${html.length} ${(hash >>> 0).toString(16)}`,
    passwords: passwords.map(e => e.value).filter(Boolean),
    // one in a shadow root may have been shown as text during the shot: no change there reaches the watch script
    shadowed: passwords.some(e => e.getRootNode() !== document),
    title: document.title,
    lang: document.documentElement ? String(document.documentElement.lang || '').slice(0, 35) : '',
    // whether focus shows as a ring (`:focus-visible`: keyboard focus does, a button clicked with a mouse does not),
    // on the element that has it, inside open shadow roots too
    focusRing: (() => {
      let focused = document.activeElement;
      while (focused && focused.shadowRoot && focused.shadowRoot.activeElement) focused = focused.shadowRoot.activeElement;
      try { return !!focused && focused !== document.body && focused.matches(':focus-visible'); } catch (e) { return false; }
    })(),
    viewport: [scrollY, innerHeight, document.documentElement.scrollHeight],
  };
}

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
  return {
    sinceChange: watch ? performance.now() - watch.lastChange : null,
    fingerprint: `${innerWidth}x${innerHeight} ${Object.values(matched).join(',')} ${html.length} ${(hash >>> 0).toString(16)}`,
    passwords: passwords.map(e => e.value).filter(Boolean),
    // one in a shadow root may have been shown as text during the shot: no change there reaches the watch script
    shadowed: passwords.some(e => e.getRootNode() !== document),
    title: document.title,
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

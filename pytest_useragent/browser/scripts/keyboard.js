([command, keep]) => {
  // what a keyboard user meets, read in the page: where focus is, whether it shows, where Tab goes, and what responds
  // to a pointer but not to the keyboard. One script, several commands, so every probe names elements alike.
  const TABBABLE = 'a[href], area[href], button, input:not([type=hidden]), select, textarea, iframe, summary, ' +
                   '[contenteditable]:not([contenteditable=false]), audio[controls], video[controls], [tabindex]';
  const DIALOG = 'dialog, [role=dialog], [role=alertdialog]';
  // an element with focus stops of its own, which Tab goes through while the page's focus stays on it: a player's
  // controls, a frame's document, a date or time field's parts
  const INNER = 'audio[controls], video[controls], iframe, frame, object, embed, input[type=date], input[type=time], ' +
                'input[type=datetime-local], input[type=month], input[type=week]';
  // a control that leaves what it sits in, in the languages the offline engine speaks
  const EXIT = /^(close|cancel|dismiss|done|ok|okay|no thanks|back|exit|skip|×|✕|✖|x|schließen|abbrechen|zavřít|zrušit|zamknij|anuluj|cerrar|cancelar|fermer|annuler)\b/i;
  const shown = el => { const s = getComputedStyle(el); const r = el.getBoundingClientRect();
                        return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0; };
  const tabbable = el => el.matches(TABBABLE) && el.tabIndex >= 0 && !el.disabled && !el.closest('[inert]') && shown(el);
  const box = el => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round).join(','); };
  const html = el => el.outerHTML.slice(0, 200);
  // focus as the user has it: the deepest active element, through open shadow roots
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  // an element hidden or removed a moment ago may still hold focus until the browser's next update: it is gone all
  // the same, and focus with it
  const onPageOf = el => !!el && el !== document.body && el !== document.documentElement && el.isConnected &&
                         el.getClientRects().length > 0;
  const onPage = onPageOf(active);
  // what focus is in: the dialog around it (crossing shadow boundaries), by role and name
  const within = el => { for (let at = el; at; at = at.parentElement || (at.getRootNode() || {}).host) {
                           if (at.matches && at.matches(DIALOG)) return describe(at); } return ''; };
  // this document, told apart from its successor at the same address (a reload)
  window.__useragentDocument = window.__useragentDocument || Math.random().toString(36).slice(2);
  const here = (el = active) => { const on = onPageOf(el);
    return {on, element: on ? describe(el) : 'body', html: on ? html(el) : '', box: on ? box(el) : null,
            within: on ? within(el) : '', inner: on && el.matches(INNER), document: window.__useragentDocument,
            navigations: (window.__useragent || {}).navigations || 0}; };
  // the probe's own blur and focus, kept from the page: a menu that closes when focus leaves it (APG's disclosure
  // navigation) must not close because we looked
  const hush = () => { const stop = event => event.stopImmediatePropagation();
    const types = ['blur', 'focusout', 'focus', 'focusin'];
    types.forEach(type => window.addEventListener(type, stop, true));
    return () => types.forEach(type => window.removeEventListener(type, stop, true)); };
  const loud = command.endsWith('-loud');  // the page sees the probe's blur and focus (a focus ring its script draws)
  command = command.replace(/-loud$/, '');
  const quiet = () => loud ? () => {} : hush();
  // the probes' own blur and focus are no focus the page gave up (watch.js's log, read after an action by
  // discard.js): emptied after each
  const run = () => {
    if (command === 'focus') {
      // with `keep`, the elements measured already: the focused element's look with and without focus, its own and
      // its ::before and ::after (a ring a pseudo-element draws), what a focus indicator changes, if anything (once an
      // element: blur and focus are events the page sees); `same` is then confirmed or not by its pixels (Python)
      if (!Array.isArray(keep) || !onPage || keep.includes(describe(active))) return here();
      const PROPERTIES = ['outline-style', 'outline-width', 'outline-color', 'outline-offset', 'border-top-color',
        'border-bottom-color', 'border-left-color', 'border-right-color', 'border-top-width', 'border-bottom-width',
        'box-shadow', 'background-color', 'background-image', 'color', 'text-decoration-line', 'opacity', 'transform'];
      const PSEUDO = [...PROPERTIES, 'content', 'display', 'visibility', 'width', 'height'];
      // what is not drawn does not count: an outline with style none (whatever its offset), a pseudo-element with no
      // content
      const look = () => [null, '::before', '::after'].map(pseudo => {
        const s = getComputedStyle(active, pseudo);
        if (pseudo && ['none', 'normal'].includes(s.getPropertyValue('content'))) return 'none';
        const none = s.getPropertyValue('outline-style') === 'none';
        return (pseudo ? PSEUDO : PROPERTIES).map(p => none && p.startsWith('outline') ? 'none' : s.getPropertyValue(p))
          .join('|'); }).join('||');
      const focused = look();
      window.__useragentBlurred = active;
      const heard = quiet();
      try { active.blur(); var blurred = look(); active.focus({preventScroll: true}); } finally { heard(); }
      // focus given back where it was, or nothing measured (the element went, or would not take focus again)
      let now = document.activeElement;
      while (now && now.shadowRoot && now.shadowRoot.activeElement) now = now.shadowRoot.activeElement;
      return now === active ? {...here(), same: focused === blurred} : here(now);
    }
    if (command === 'blur' || command === 'refocus') {  // the element measured, without focus a moment, for its pixels
      const measured = window.__useragentBlurred;
      if (!measured || !measured.isConnected) return false;
      if (command === 'blur') { window.__useragentLoud = quiet(); measured.blur(); return true; }
      try { measured.focus({preventScroll: true}); } finally {
        if (window.__useragentLoud) window.__useragentLoud();
        delete window.__useragentLoud; delete window.__useragentBlurred; }
      return true;
    }
    if (command === 'start') {
      window.__useragentWalk = {start: active, met: new Set([active]), last: active, inner: 0};
      return here();
    }
    const walk = window.__useragentWalk;
    // a key that left focus on an element with stops of its own moved it within: up to `keep` such keys in a row
    const insideIt = () => { const stayed = !!active && active === walk.last; walk.last = active;
      walk.inner = stayed ? walk.inner + 1 : 0; return stayed && active.matches(INNER) && walk.inner <= keep; };
    if (command === 'tab') {  // after a Tab: 'round' back at the start, 'page' left for the page itself, 'on' else
      if (!walk) return 'page';
      if (insideIt()) return 'on';
      if (active === walk.start) return 'round';
      if (!onPage) return 'page';
      walk.met.add(active);
      return 'on';
    }
    if (command === 'back') {  // after a Shift+Tab: 'out' on an element the Tab walk never met
      if (!walk) return 'page';
      if (insideIt()) return 'on';
      if (active === walk.start) return 'round';
      return !onPage || !walk.met.has(active) ? 'out' : 'on';
    }
    if (command === 'outside') {  // tabbable elements the walk never met, and the ways out it met
      const all = [...document.querySelectorAll(TABBABLE)].filter(tabbable);
      const met = walk ? [...walk.met].filter(el => el && el.isConnected) : [];
      const exits = met.filter(el => EXIT.test(describe(el).replace(/^[^"]*"?/, '').trim()) ||
                                     EXIT.test((el.getAttribute('aria-label') || '').trim()));
      return {met: walk ? walk.met.size : 0, outside: all.filter(el => !walk || !walk.met.has(el)).length,
              exits: exits.map(describe).slice(0, 3),
              element: walk && walk.start ? describe(walk.start) : 'body', html: walk && walk.start ? html(walk.start) : '',
              within: walk && walk.start && walk.start.isConnected ? within(walk.start) : ''};
    }
    if (command === 'restore') {
      if (walk && walk.start && walk.start.isConnected && walk.start.focus) walk.start.focus({preventScroll: true});
      delete window.__useragentWalk;
      return here();
    }
    return null;
  };
  try { return run(); } finally {
    if (window.__useragent && window.__useragent.passes) { window.__useragent.passes.length = 0; window.__useragent.keyAt = null; }
  }
}

function (keep, limit, only, ask, ...listened) {
  // what responds to a pointer but no key reaches: elements with a click listener (`listened`, found through CDP),
  // the element a pointer cursor starts on, and elements with a widget role. An element is reached when Tab reaches
  // it, it holds or sits in something Tab reaches (a link around a card, a label's control), it had focus in this
  // document (watch.js), or it is a member of a composite widget whose focus the widget manages by the keys its
  // WAI-ARIA pattern defines: roving tabindex (members focusable by script, one of them or the widget in the Tab
  // order, or the widget opened by a control that is) or aria-activedescendant (members need no focus at all). A
  // label or wrapper that names a control (aria-labelledby) is no control of its own. With `only`, that one element
  // (the one a keyboard persona looked for): it counts when it shows a pointer cursor, has an onclick or a widget role.
  // With `ask` 'role', what responds to a pointer but a screen reader reads as text (WCAG failure F59): no widget
  // role of its own, no link, button or form field, none around it or in it, no member of a widget or a pointer's
  // shortcut beside one, and something to read (a backdrop that closes a dialog is none).
  const TABBABLE = 'a[href], area[href], button, input:not([type=hidden]), select, textarea, iframe, summary, ' +
                   '[contenteditable]:not([contenteditable=false]), audio[controls], video[controls], [tabindex]';
  const ROLES = /^(button|link|menuitem|menuitemcheckbox|menuitemradio|tab|checkbox|switch|option|radio|treeitem|combobox|gridcell)$/;
  const COMPOSITE = '[role=radiogroup], [role=tablist], [role=tree], [role=treegrid], [role=menu], [role=menubar], ' +
                    '[role=listbox], [role=grid], [role=toolbar]';
  const shown = el => { const s = getComputedStyle(el); const r = el.getBoundingClientRect();
                        return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0; };
  const tabbable = el => el.matches(TABBABLE) && el.tabIndex >= 0 && !el.disabled;
  const focusable = el => el.matches(TABBABLE) && !el.disabled;  // by Tab, or by the widget's script (tabindex=-1)
  const role = el => ROLES.test(el.getAttribute('role') || '');
  const focused = (window.__useragent && window.__useragent.focused) || new WeakSet();
  const ids = (el, attribute) => (el.getAttribute(attribute) || '').split(/\s+/).filter(Boolean);
  function* ancestors(el) { for (let a = el.parentElement; a; a = a.parentElement) yield a; }
  // the elements that name a control, and the widgets a control drives (a menu button's menu, a combobox's listbox)
  const namers = new Set(), driven = new Set(), descending = new Set();
  for (const el of document.querySelectorAll('[aria-labelledby], [aria-controls], [aria-owns], [aria-activedescendant]')) {
    // a control's label: what names a link, button, form field or widget (not a panel a tab names)
    const operable = el.matches('a[href], button, input, select, textarea, summary, [contenteditable]') ||
                     /^(combobox|listbox|textbox|searchbox|slider|spinbutton)$/.test(el.getAttribute('role') || '') ||
                     ROLES.test(el.getAttribute('role') || '');
    if (operable) ids(el, 'aria-labelledby').forEach(id => namers.add(id));
    if (tabbable(el)) ['aria-controls', 'aria-owns'].forEach(a => ids(el, a).forEach(id => driven.add(id)));
    // a combobox points into its popup with aria-activedescendant, which it sets only while the popup is in use
    if (el.hasAttribute('aria-activedescendant') || el.getAttribute('role') === 'combobox') descending.add(el);
  }
  const managed = widget => tabbable(widget) || [...widget.querySelectorAll(TABBABLE)].some(tabbable) ||
    [...widget.querySelectorAll('[tabindex="-1"]')].some(member => focused.has(member) || member === document.activeElement) ||
    (widget.id && driven.has(widget.id)) || [...ancestors(widget)].some(a => a.id && driven.has(a.id));
  const activeDescendant = widget => descending.has(widget) || [...descending].some(d =>
    ['aria-controls', 'aria-owns'].some(a => ids(d, a).includes(widget.id)) || widget.contains(d));
  // a member of any widget it sits in (a radio group in a toolbar: the toolbar's arrows reach it): roving tabindex
  // moves focus to the member itself, so it must take focus; aria-activedescendant needs none
  const member = el => [el, ...ancestors(el)].filter(a => a.matches(COMPOSITE))
    .some(widget => managed(widget) && (focusable(el) || activeDescendant(widget)));
  // a pointer's shortcut to what keys do elsewhere: a second control of a popup a tabbable control opens (a
  // combobox's button), or a button kept out of the Tab order beside the spin button, slider or combobox whose keys
  // do the same (a date picker's previous/next day)
  const shortcut = el => ids(el, 'aria-controls').some(id => driven.has(id)) ||
    (el.getAttribute('tabindex') === '-1' && !!el.parentElement && [...el.parentElement.querySelectorAll(
      '[role=spinbutton], [role=slider], [role=combobox], input[type=number], input[type=range], select')]
      .some(control => control !== el && (tabbable(control) || member(control))));
  const reached = el => tabbable(el) || focused.has(el) || !!el.querySelector(TABBABLE) ||
    [...ancestors(el)].some(a => tabbable(a) || focused.has(a) || (a.localName === 'label' && a.control) ||
                                 (a.matches(TABBABLE) && member(a))) ||
    member(el) || shortcut(el) || (el.id && namers.has(el.id) && !role(el));
  const starts = el => getComputedStyle(el).cursor === 'pointer' &&
    !(el.parentElement && getComputedStyle(el.parentElement).cursor === 'pointer');
  // a label whose own control is not rendered (a radio button drawn by the label's CSS, its input display:none): a
  // pointer chooses it through the label, no key reaches it, and a screen reader reads the label as text alone
  const unrendered = el => el.localName === 'label' && !!el.control && !el.control.disabled &&
    el.control.getClientRects().length === 0;
  let candidates;
  if (only) {
    const responds = role(only) || typeof only.onclick === 'function' || getComputedStyle(only).cursor === 'pointer';
    candidates = responds ? [only] : [];
  } else {
    const all = [...document.body.querySelectorAll('*')].slice(0, limit);
    candidates = [...new Set([...all.filter(unrendered),
                              ...listened.filter(el => el && el.nodeType === 1 && document.body.contains(el)),
                              ...all.filter(role), ...all.filter(starts)])];
  }
  // one finding an element: what sits in a found element (its icon, its text) is that element's
  const WIDGET = new RegExp(ROLES.source.slice(0, -2) + '|slider|spinbutton|textbox|searchbox|scrollbar|listbox|' +
                            'menu|menubar|tablist|tree|treegrid|grid|radiogroup|toolbar|dialog|alertdialog)$');
  const NATIVE = 'a[href], area[href], button, input:not([type=hidden]), select, textarea, summary, label, iframe, ' +
                 'audio[controls], video[controls], [contenteditable]:not([contenteditable=false])';
  const control = el => el.matches(NATIVE) || WIDGET.test(el.getAttribute('role') || '');
  const readable = el => (el.innerText || '').trim() !== '' || el.hasAttribute('aria-label') ||
    el.hasAttribute('title') || !!el.querySelector('img[alt]:not([alt=""]), svg[aria-label], [role=img][aria-label]');
  const exposed = el => control(el) || [...ancestors(el)].some(control) ||
    !!el.querySelector(NATIVE) || [...el.querySelectorAll('[role]')].some(control) || !!el.closest(COMPOSITE) ||
    shortcut(el) || (el.id && namers.has(el.id)) || !readable(el);
  const fails = el => !unrendered(el) && (ask === 'role' ? exposed : reached)(el);
  const found = candidates.filter(el => el !== document.body && (el.localName !== 'label' || unrendered(el)) &&
    !el.closest('[inert], [aria-disabled=true], [aria-hidden=true]') && !el.matches(':disabled') && shown(el) &&
    !fails(el));
  const outermost = found.filter(el => ![...ancestors(el)].some(a => found.includes(a)));
  const box = el => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round).join(','); };
  const why = el => unrendered(el) ? `its ${el.control.type || 'control'} is not rendered (display:none): only the label is` :
    ask === 'role' ? '' : el.closest(COMPOSITE) ? 'it takes no focus, and its widget gives it none' :
    el.hasAttribute('tabindex') ? `tabindex=${el.getAttribute('tabindex')} keeps it out of the Tab order` :
    'it takes no focus: no tabindex, and it is no link, button or form field';
  // the examples spread over the page, the first and the last among them: where the problem is, not its first corner
  const spread = outermost.length <= keep || keep < 2 ? outermost.slice(0, keep) :
    [...new Set(Array.from({length: keep}, (_, i) => Math.round(i * (outermost.length - 1) / (keep - 1))))]
      .map(i => outermost[i]);
  return {count: outermost.length,
          found: spread.map(el => ({element: describe(el), html: el.outerHTML.slice(0, 200),
                                                     box: box(el), why: why(el)}))};
}

([maxItems, maxChars, nearPx]) => {
  // after an action has settled: what a screen reader says of what changed (`announced`: live regions' text, and
  // the element focus moved to) and the messages it says nothing of (`unannounced`: short text outside any live
  // region, not where focus went); null when no action of the persona's reached this document
  const reader = window.__useragentReader;
  // the document: a new one (the action navigated) is announced by its title, as screen readers do on load
  const page = {origin: performance.timeOrigin, title: document.title};
  if (!reader || reader.taken) return {page};
  const {acted, changed, focusMoved, stated} = reader;
  reader.taken = true;
  reader.changed = [];
  reader.stated = [];
  const LIVE = '[aria-live]:not([aria-live="off" i]), [role~=status], [role~=alert], [role~=log], output';
  const CONTROLS = 'a[href], button, input, select, textarea, [tabindex], [contenteditable=""], [contenteditable=true]';
  const squeeze = text => (text || '').replace(/\s+/g, ' ').trim();
  const shown = el => el.isConnected && !el.closest('[aria-hidden=true]') &&
                      (!el.checkVisibility || el.checkVisibility({visibilityProperty: true}));
  const focus = document.activeElement;
  const focused = focus && focus !== document.body && focus !== document.documentElement ? focus : null;
  const announced = [];
  const unannounced = [];
  const said = new Set();
  // what the action asked to see: the panel a control with aria-controls shows (a disclosure's answer, a tab's
  // panel, a menu, a listbox), what an expanded control holds (a tree node's children), a <details>' content. It is
  // content the user opened, read when they go there, not a status message (WCAG 4.1.3)
  const control = acted && acted.element.isConnected ?
    (acted.element.closest('[aria-controls], [aria-expanded], summary') || acted.element) : null;
  const root = control ? control.getRootNode() : document;
  const panels = control ? (control.getAttribute('aria-controls') || '').split(/\s+/).filter(Boolean)
    .map(id => root.getElementById ? root.getElementById(id) : null).filter(Boolean) : [];
  const expanded = control && control.getAttribute('aria-expanded') === 'true' ? control : null;
  if (expanded && !panels.length) {  // a disclosure without aria-controls: what follows it (or its heading)
    const holder = expanded.parentElement && expanded.parentElement.children.length === 1 ? expanded.parentElement : expanded;
    if (holder.nextElementSibling) panels.push(holder.nextElementSibling);
  }
  const details = control && control.localName === 'summary' ? control.closest('details') : null;
  const revealed = element => panels.some(panel => panel.contains(element)) ||
    !!(expanded && expanded.contains(element) && expanded !== element) || !!(details && details.contains(element));
  // what a screen reader reads of where focus is: a change inside the focused element is its new value or name
  // (a slider's text), said as it changes; where focus moved to, the dialog it entered (its name and description)
  // and what the focused element names as its description or label are read as focus arrives
  const dialog = focused ? focused.closest('[role=dialog], [role=alertdialog], dialog') : null;
  const referenced = focused ? ['aria-describedby', 'aria-labelledby'].flatMap(name => (focused.getAttribute(name) || '')
    .split(/\s+/).filter(Boolean)).map(id => focused.getRootNode().getElementById(id)).filter(Boolean) : [];
  const readOnEntry = element => !!(dialog && dialog.contains(element)) || referenced.some(node => node.contains(element));
  // focus moved into what the action brought (an error summary that takes focus, a confirmation): it is read as
  // focus arrives and tells the outcome; the field messages it sums up are no status message of their own
  const toldByFocus = !!(focused && focusMoved && !(acted && acted.element === focused) &&
    changed.some(({element}) => element.contains(focused) || focused.contains(element)));
  // a focused control that changed in place is said again with its value (a slider's valuetext), as readers do
  const spokenValue = el => {
    const value = squeeze(el.getAttribute('aria-valuetext') || el.getAttribute('aria-valuenow') || el.value || el.innerText);
    return value ? `${describe(el)}, ${value.slice(0, maxChars)}` : describe(el);
  };
  let changedInFocus = false;
  for (const {element, text} of changed) {
    if (!shown(element)) continue;
    const region = element.closest(LIVE);
    if (region) {
      // status and alert speak as a whole (implicit aria-atomic); other regions what was added
      const role = (region.getAttribute('role') || '').split(/\s+/);
      const atomic = region.getAttribute('aria-atomic') === 'true' ||
                     (!region.hasAttribute('aria-atomic') && (role.includes('status') || role.includes('alert')));
      const spoken = squeeze(atomic || text === null ? region.innerText : text).slice(0, maxChars);
      const polite = (region.getAttribute('aria-live') || '').toLowerCase();
      const kind = polite === 'assertive' || (!polite && role.includes('alert')) ? 'assertive' : 'polite';
      if (spoken && !said.has(spoken) && announced.length < maxItems) {
        said.add(spoken);
        announced.push({kind, text: spoken});
      }
      continue;
    }
    // a message, not new content: short, with nothing to operate in it, not what the action opened, and not where
    // focus went (that is read)
    if (revealed(element)) continue;
    const message = squeeze(text === null ? element.innerText : text);
    if (focused && focused.contains(element)) { changedInFocus = true; continue; }
    if (!message || message.length > maxChars || element.querySelector(CONTROLS) || element.matches(CONTROLS)) continue;
    if (focused && focusMoved && (element.contains(focused) || readOnEntry(element))) continue;
    if (toldByFocus || said.has(message) || unannounced.length >= maxItems) continue;
    said.add(message);
    const box = element.getBoundingClientRect();
    const top = box.top + scrollY, bottom = box.bottom + scrollY;
    const near = !!acted && ((acted.scope && acted.scope.contains(element)) ||
                             Math.max(top - acted.bottom, acted.top - bottom, 0) <= nearPx);
    const named = describe(element).replace(/^(div|span) /, 'generic ').replace(/^p /, 'paragraph ');
    unannounced.push({text: message, element: named, near,
                      box: `${box.x},${box.y},${box.width},${box.height}`});
  }
  // a state that changed on the element focus is on (or on the one acted on, when focus stayed) is said, as NVDA
  // and VoiceOver say "expanded", "collapsed", "checked", "not checked", "pressed" (ARIA-AT: "change in state is
  // conveyed"); in a widget that keeps focus and points to its active option (aria-activedescendant), the option
  const flag = (el, name) => (el.getAttribute(name) || '').toLowerCase();
  const stateOf = (el, name) => {
    if (name === 'checked') return el.checked ? 'checked' : 'not checked';
    const value = flag(el, name);
    if (name === 'aria-expanded') return value === 'true' ? 'expanded' : value === 'false' ? 'collapsed' : null;
    if (name === 'aria-checked') return value === 'true' ? 'checked' : value === 'mixed' ? 'half checked' : value === 'false' ? 'not checked' : null;
    if (name === 'aria-pressed') return value === 'true' ? 'pressed' : value === 'mixed' ? 'half pressed' : value === 'false' ? 'not pressed' : null;
    if (name === 'aria-selected') return value === 'true' ? 'selected' : null;
    return null;
  };
  // what a screen reader says of an element as focus lands on it, after its role and name: its states
  const statesNow = el => {
    const words = ['aria-expanded', 'aria-checked', 'aria-pressed', 'aria-selected']
      .map(name => stateOf(el, name)).filter(Boolean);
    if (el.matches('input[type=checkbox], input[type=radio]') && !el.hasAttribute('aria-checked')) words.push(stateOf(el, 'checked'));
    const current = flag(el, 'aria-current');
    if (current && current !== 'false') words.push(current === 'true' ? 'current' : `current ${current}`.slice(0, 20));
    if (el.disabled || flag(el, 'aria-disabled') === 'true') words.push('unavailable');
    if (flag(el, 'aria-invalid') && flag(el, 'aria-invalid') !== 'false') words.push('invalid entry');
    return words.length ? `, ${words.join(', ')}` : '';
  };
  const heldBy = focused || (acted && acted.element.isConnected ? acted.element : null);
  let pointedTo = null;
  const states = [];
  for (const {element, name} of stated) {
    if (!heldBy || !element.isConnected) continue;
    if (name === 'aria-activedescendant') {
      const id = element.getAttribute(name);
      const option = element === focused && id ? element.getRootNode().getElementById(id) : null;
      if (option) pointedTo = option;
      continue;
    }
    if (element !== heldBy && !(name === 'checked' && element.contains(heldBy))) continue;
    const word = stateOf(element, name);
    if (word && !states.includes(word)) states.push(word);
  }
  if (pointedTo && announced.length < maxItems) {
    const said = [describe(pointedTo)];
    if (flag(pointedTo, 'aria-selected') === 'true') said.push('selected');
    announced.unshift({kind: 'state', text: said.join(', ').slice(0, maxChars)});
  }
  const focusSaid = focusMoved && focused && !(acted && acted.element === focused);  // said with its states
  if (states.length && !(focusSaid && heldBy === focused) && announced.length < maxItems)
    announced.unshift({kind: 'state', text: `${describe(heldBy)}, ${states.join(', ')}`.slice(0, maxChars)});
  return {
    page,
    announced,
    unannounced,
    focus: focusSaid ? describe(focused) + statesNow(focused) :
      changedInFocus && !focusMoved ? spokenValue(focused) : null,
    acted: acted && acted.element.isConnected ? describe(acted.element) : null,
  };
}

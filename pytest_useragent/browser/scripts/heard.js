([maxItems, maxChars, nearPx]) => {
  // after an action has settled: what a screen reader says of what changed (`announced`: live regions' text, and
  // the element focus moved to) and the messages it says nothing of (`unannounced`: short text outside any live
  // region, not where focus went); null when no action of the persona's reached this document
  const reader = window.__useragentReader;
  if (!reader || reader.taken) return null;
  const {acted, changed, focusMoved} = reader;
  reader.taken = true;
  reader.changed = [];
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
    if (said.has(message) || unannounced.length >= maxItems) continue;
    said.add(message);
    const box = element.getBoundingClientRect();
    const top = box.top + scrollY, bottom = box.bottom + scrollY;
    const near = !!acted && ((acted.scope && acted.scope.contains(element)) ||
                             Math.max(top - acted.bottom, acted.top - bottom, 0) <= nearPx);
    const named = describe(element).replace(/^(div|span) /, 'generic ').replace(/^p /, 'paragraph ');
    unannounced.push({text: message, element: named, near,
                      box: `${box.x},${box.y},${box.width},${box.height}`});
  }
  return {
    announced,
    unannounced,
    focus: focusMoved && focused && !(acted && acted.element === focused) ? describe(focused) :
      changedInFocus && !focusMoved ? spokenValue(focused) : null,
    acted: acted && acted.element.isConnected ? describe(acted.element) : null,
  };
}

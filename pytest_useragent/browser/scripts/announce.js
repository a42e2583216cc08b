(() => {
  // installed in every document of a screen-reader persona's session: what changed on the page after the persona's
  // own action (from its first event after the last take, so the document's own loading is no change), for
  // heard.js to sort into what a screen reader says (live regions, focus) and what it does not
  if (window.__useragentReader) return;
  const MAX_CHANGED = 50;
  const reader = window.__useragentReader = {acted: null, changed: [], focusMoved: false, taken: true,
                                             removed: new WeakSet(), removedText: new Set(), stated: []};
  const SCOPE = 'form, fieldset, dialog, [role=dialog], [role=alertdialog], section, article, [role=region], [role=form]';
  const act = event => {
    const target = event.target instanceof Element ? event.target : null;
    if (reader.taken) {  // a new action: what changed before it was taken already
      reader.changed = [];
      reader.removed = new WeakSet();
      reader.removedText = new Set();
      reader.focusMoved = false;
      reader.stated = [];
      reader.taken = false;
      reader.acted = null;
    }
    if (event.type === 'focusin') reader.focusMoved = true;
    // a native checkbox or radio button changes its state with no attribute to observe
    if (event.type === 'change' && target && target.matches('input[type=checkbox], input[type=radio]') &&
        reader.stated.length < MAX_CHANGED) reader.stated.push({element: target, name: 'checked'});
    // the action's first event names what it acted on (a click's pointerdown on the button, not its form's submit)
    if (target && event.type !== 'focusin' && !reader.acted) {
      const box = target.getBoundingClientRect();
      reader.acted = {element: target, top: box.top + scrollY, bottom: box.bottom + scrollY,
                      scope: target.closest(SCOPE)};
    }
  };
  for (const type of ['pointerdown', 'keydown', 'input', 'change', 'submit', 'click', 'focusin'])
    addEventListener(type, act, true);
  const keep = (element, text) => {
    if (!element || element.nodeName === 'X-PW-GLASS' || reader.taken || reader.changed.length >= MAX_CHANGED) return;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(element.nodeName)) return;
    reader.changed.push({element, text});
  };
  // hidden before and shown now: the attribute's old value says it was hidden
  const hiding = /display:\s*none|visibility:\s*hidden/;
  const STATES = ['aria-expanded', 'aria-checked', 'aria-pressed', 'aria-selected', 'aria-activedescendant'];
  new MutationObserver(records => {
    for (const record of records) {
      if (record.type === 'childList') {
        // the same text written again (a form sent twice) is no change to see or to hear
        const text = nodes => [...nodes].map(node => node.textContent).join('');
        if (record.removedNodes.length && text(record.removedNodes) === text(record.addedNodes)) continue;
        // what the action took out: put back elsewhere (a sort re-appending its rows), it only moved
        if (!reader.taken) {
          for (const node of record.removedNodes) {
            reader.removed.add(node);
            const was = (node.textContent || '').replace(/\s+/g, ' ').trim();
            if (was && reader.removedText.size < 500) reader.removedText.add(was);
          }
        }
        for (const node of record.addedNodes) {
          const now = (node.textContent || '').replace(/\s+/g, ' ').trim();
          if (reader.removed.has(node) || (now && reader.removedText.has(now))) continue;
          if (node.nodeType === Node.TEXT_NODE) keep(node.parentElement, node.data);
          else if (node.nodeType === Node.ELEMENT_NODE) keep(node, null);
        }
      } else if (record.type === 'characterData') {
        keep(record.target.parentElement, record.target.data);
      } else if (STATES.includes(record.attributeName)) {
        // a widget's state changed (expanded, checked, pressed, selected, the active descendant): said if focused
        if (!reader.taken && reader.stated.length < MAX_CHANGED && record.oldValue !== record.target.getAttribute(record.attributeName))
          reader.stated.push({element: record.target, name: record.attributeName});
      } else if (record.attributeName === 'hidden' && record.oldValue !== null && !record.target.hidden) {
        keep(record.target, null);
      } else if (record.attributeName === 'style' && hiding.test(record.oldValue || '') &&
                 !hiding.test(record.target.getAttribute('style') || '')) {
        keep(record.target, null);
      }
    }
  }).observe(document, {subtree: true, childList: true, characterData: true, attributes: true,
                        attributeFilter: ['hidden', 'style', ...STATES], attributeOldValue: true});
})()

([maxControls]) => {
  // for a screen-reader persona's rules (browser/reading.py): the page's language, and the controls named by
  // aria-label or aria-labelledby that show a label of their own (their text, a button's value, their <label>), with
  // the name those give them, for WCAG 2.5.3 Label in Name; blocks of text and their language, for 3.1.2 (below).
  // Only what is rendered and not aria-hidden
  const text = node => (node ? node.textContent : '').replace(/\s+/g, ' ').trim();
  const shown = el => !el.closest('[aria-hidden=true]') &&
                      (!el.checkVisibility || el.checkVisibility({visibilityProperty: true}));
  const inputs = {checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox',
                  button: 'button', submit: 'button', reset: 'button', email: 'textbox', tel: 'textbox',
                  text: 'textbox', url: 'textbox', password: 'textbox', '': 'textbox'};
  const CONTROLS = 'a[href], button, input, select, textarea, [role=button], [role=link], [role=checkbox], ' +
    '[role=radio], [role=switch], [role=tab], [role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], ' +
    '[role=option], [role=combobox], [role=textbox], [role=searchbox], [role=slider], [role=spinbutton], [role=treeitem]';
  const VALUED = ['combobox', 'textbox', 'searchbox', 'listbox', 'slider', 'spinbutton'];
  const found = [];
  for (const el of document.querySelectorAll(CONTROLS)) {
    if (found.length >= maxControls) break;
    if (!el.hasAttribute('aria-label') && !el.hasAttribute('aria-labelledby')) continue;
    if (!shown(el)) continue;
    const tag = el.localName;
    const type = (el.getAttribute('type') || '').toLowerCase();
    if (tag === 'input' && type === 'hidden') continue;
    const implicit = {a: 'link', button: 'button', select: el.multiple || el.size > 1 ? 'listbox' : 'combobox',
                      textarea: 'textbox', input: inputs[type] || 'textbox'};
    const role = (el.getAttribute('role') || '').split(/\s+/)[0] || implicit[tag] || tag;
    const root = el.getRootNode().getElementById ? el.getRootNode() : document;
    const labelledby = (el.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean)
      .map(id => text(root.getElementById(id))).join(' ').trim();
    const name = labelledby || (el.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim();
    if (!name) continue;
    // a field's text is its value, not its label: only roles named from their content show their label as text
    const field = ['input', 'select', 'textarea'].includes(tag) || VALUED.includes(role);
    const buttonValue = tag === 'input' && ['button', 'submit', 'reset'].includes(type) ? el.value || '' : '';
    const labels = el.labels ? [...el.labels].filter(shown).map(label => label.innerText).join(' ') : '';
    // what a sighted user reads as the label: a field's <label> (or a button's value), else the control's own text
    const visible = (buttonValue || (field ? labels : el.innerText) || '').replace(/\s+/g, ' ').trim();
    if (!visible) continue;
    const r = el.getBoundingClientRect();
    found.push({role, name: name.slice(0, 200), visible: visible.slice(0, 200),
                box: `${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)},${Math.round(r.height)}`});
  }
  // and for WCAG 3.1.1 Language of Page and 3.1.2 Language of Parts: each block's own text (a part marked with a lang
  // of its own left out, for it is read in that language), with the language it is marked in, the nearest lang around
  // it below <html> ('' when <html lang> alone marks it); a block of 8 words or more, two letters of a script written
  // without spaces making a word (records/writing.py counts them exactly)
  const own = el => {
    let said = '';
    const walk = node => {
      for (const child of node.childNodes) {
        if (child.nodeType === 3) said += child.textContent;
        else if (child.nodeType === 1 && !child.hasAttribute('lang') && !['script', 'style'].includes(child.localName)
                 && !child.matches(BLOCKS)) walk(child);
      }
    };
    walk(el);
    return said.replace(/\s+/g, ' ').trim();
  };
  const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, td, th, dd, dt, blockquote, figcaption, caption, label, summary';
  const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/gu;
  const parts = [];
  for (const el of document.querySelectorAll(BLOCKS)) {
    if (parts.length >= maxControls) break;
    if (!shown(el)) continue;
    const said = own(el);
    if (said.split(' ').length + (said.match(UNSPACED) || []).length / 2 < 8) continue;
    const marked = el.closest('[lang]');
    const r = el.getBoundingClientRect();
    const lang = marked && marked !== document.documentElement ? marked.getAttribute('lang') : '';
    parts.push({text: said.slice(0, 400), lang, tag: el.localName,
                box: `${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)},${Math.round(r.height)}`});
  }
  return {lang: document.documentElement.lang || '', controls: found, parts};
}

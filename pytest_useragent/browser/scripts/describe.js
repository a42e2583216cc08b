el => {
  // an element as a person (and a screen reader) names it: its role and accessible name, e.g. `checkbox "Remember me"`;
  // a close approximation of the ARIA name computation (aria-labelledby, aria-label, <label>, alt, title, text,
  // placeholder), enough to find the element on the page; a value is never its name (a checkbox's "on")
  const text = node => (node ? node.textContent : '').replace(/\s+/g, ' ').trim();
  const tag = el.localName;
  const type = (el.getAttribute('type') || '').toLowerCase();
  const inputs = {checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox',
                  button: 'button', submit: 'button', reset: 'button', image: 'button'};
  const implicit = {a: el.hasAttribute('href') ? 'link' : '', button: 'button', select: 'combobox', textarea: 'textbox',
                    img: 'img', summary: 'button', input: inputs[type] || 'textbox', h1: 'heading', h2: 'heading',
                    h3: 'heading', h4: 'heading', h5: 'heading', h6: 'heading', nav: 'navigation', dialog: 'dialog'};
  const role = (el.getAttribute('role') || '').split(/\s+/)[0] || implicit[tag] || tag;
  const labelledby = (el.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean)
    .map(id => text((el.getRootNode().getElementById ? el.getRootNode() : document).getElementById(id)))
    .join(' ').trim();
  const labels = el.labels ? [...el.labels].map(text).join(' ').trim() : '';
  const buttonValue = tag === 'input' && ['button', 'submit', 'reset'].includes(type) ? el.getAttribute('value') || '' : '';
  const name = (labelledby || (el.getAttribute('aria-label') || '').trim() || labels || el.getAttribute('alt') ||
                buttonValue || (['input', 'select', 'textarea', 'img'].includes(tag) ? '' : text(el)) ||
                el.getAttribute('title') || el.getAttribute('placeholder') || '').slice(0, 80);
  return name ? `${role} "${name}"` : `${role} (no name)`;
}

el => {
  // an element as a person (and a screen reader) names it: its role and accessible name, e.g. `checkbox "Remember me"`;
  // a close approximation of the ARIA name computation (aria-labelledby, aria-label, <label>, alt, title, text,
  // placeholder), enough to find the element on the page; a value is never its name (a checkbox's "on")
  const text = node => (node ? node.textContent : '').replace(/\s+/g, ' ').trim();
  // a name from content (accname 2F): what is rendered and not aria-hidden, an inner element's aria-label, an image's
  // alt (a link that holds only a picture is named by it); bounded, as a large container is read only to its start
  const NODES = 400, CHARS = 200;
  let nodes = 0;
  const content = node => {
    const said = [];
    let length = 0;
    const walk = node => {
      if (length > CHARS || ++nodes > NODES) return;
      if (node.nodeType === 3) { said.push(node.textContent); length += node.textContent.length; return; }
      if (node.nodeType !== 1) return;
      if (node !== el) {
        if (node.getAttribute('aria-hidden') === 'true') return;
        if (node.checkVisibility && !node.checkVisibility({visibilityProperty: true})) return;
        const label = (node.getAttribute('aria-label') || '').trim();
        const image = ['img', 'area'].includes(node.localName) ||
                      (node.localName === 'input' && (node.getAttribute('type') || '').toLowerCase() === 'image');
        const own = label || (image ? node.getAttribute('alt') || '' : null);
        if (own !== null) { said.push(` ${own} `); length += own.length; return; }
      } else if (['script', 'style', 'template'].includes(node.localName)) {
        return;
      }
      for (const child of node.childNodes) walk(child);
      if (node !== el) said.push(' ');  // inner elements' words are words of their own
    };
    walk(node);
    return said.join('').replace(/\s+/g, ' ').trim();
  };
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
                buttonValue || (['input', 'select', 'textarea', 'img'].includes(tag) ? '' : content(el)) ||
                el.getAttribute('title') || el.getAttribute('placeholder') || '').slice(0, 80);
  return name ? `${role} "${name}"` : `${role} (no name)`;
}

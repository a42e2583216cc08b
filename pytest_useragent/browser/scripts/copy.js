() => {
  // a copy of the document as it stands, to audit in another page: scripts left out (the audit page runs none),
  // every readable style sheet inlined where it was (CSSOM edits, imports and adopted sheets included; the URLs of
  // the others listed, their links marked, for the sheets to be fetched and put in their place), open shadow roots as
  // declarative shadow DOM, open modal dialogs and popovers marked to be opened again; each element the viewport
  // shows marked with its box as the page lays it out now (the audit page's layout may differ: images there do not
  // load), so an issue axe finds there is marked where the step's screenshot shows it; and how the page is seen (its viewport, and the media features `matched` says it matches)
  const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source',
                        'track', 'wbr']);
  const escape = text => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const quote = text => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const text = sheet => {  // null for a sheet from another origin, which the page may use but not read
    try { return [...sheet.cssRules].map(rule => (rule.styleSheet ? imported(rule) : rule.cssText)).join('\n'); }
    catch { return null; }
  };
  const imported = rule => {
    const rules = text(rule.styleSheet), media = rule.media.mediaText;
    return rules === null ? rule.cssText : media ? `@media ${media} {\n${rules}\n}` : rules;
  };
  const style = (sheet, media) => {
    const rules = text(sheet);
    if (rules === null) return null;
    return `<style${media ? ` media="${quote(media)}"` : ''}>${rules.replace(/<\/style/gi, '<\\/style')}</style>`;
  };
  const is = (node, selector) => { try { return node.matches(selector); } catch { return false; } };  // old engines
  const unread = [];  // the URLs of sheets the page cannot read, to be fetched and put in place of their links
  const adopted = root => (root.adoptedStyleSheets || []).map(sheet => style(sheet) || '').join('');
  // the boxes' attribute is named anew for each copy, so no attribute of the page can pass for one
  const boxes = 'data-useragent-box-' + Math.random().toString(36).slice(2);
  const children = node => {
    let out = '';
    for (const child of node.childNodes) out += serialize(child);
    return out;
  };
  let elements = 0;
  const serialize = node => {
    if (node.nodeType === Node.TEXT_NODE) return escape(node.data);
    if (node.nodeType !== Node.ELEMENT_NODE) return '';
    elements += 1;
    const tag = node.localName;
    if (tag === 'script' || tag === 'noscript' || (tag === 'meta' && node.httpEquiv)) return '';
    let out = '<' + tag;
    if ((tag === 'style' || (tag === 'link' && /stylesheet/i.test(node.rel))) && node.sheet) {
      const inlined = style(node.sheet, node.media);
      if (inlined !== null) return inlined;
      out += ` data-useragent-sheet="${unread.push(node.href) - 1}"`;
    }
    for (const attribute of node.attributes) out += ` ${attribute.name}="${quote(attribute.value)}"`;
    const box = node.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0 && box.right > 0 && box.bottom > 0 && box.left < innerWidth
        && box.top < innerHeight)
      out += ` ${boxes}="${[box.x, box.y, box.width, box.height].map(Math.round).join(',')}"`;
    if (tag === 'dialog' && is(node, ':modal')) out += ' data-useragent-modal';
    if (node.popover && is(node, ':popover-open')) out += ' data-useragent-popover';
    out += '>';
    if (VOID.has(tag)) return out;
    const shadow = node.shadowRoot;
    if (shadow) out += `<template shadowrootmode="${shadow.mode}">${adopted(shadow)}${children(shadow)}</template>`;
    return out + children(node) + `</${tag}>`;
  };
  const html = serialize(document.documentElement).replace(/<\/html>$/, adopted(document) + '</html>');
  return {
    html,
    doctype: Boolean(document.doctype),
    sheets: unread,
    boxes,
    elements,
    viewport: {width: innerWidth, height: innerHeight},
    media: matched,  // the media features the page matched, given by the caller: the audit page emulates them
  };
}

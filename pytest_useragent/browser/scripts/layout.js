([minimum, keep]) => {
  // the first `keep` cramped targets go back with the count of all: a page of 10,000 is one issue, not 10,000
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], ' +
                   '[role=link], [role=checkbox], [role=tab], [role=menuitem]';
  const visible = el => { const s = getComputedStyle(el); const r = el.getBoundingClientRect();
                          return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0; };
  const inText = el => el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.parentElement &&
                       el.parentElement.textContent.trim().length > el.textContent.trim().length + 1;
  const targets = [...document.querySelectorAll(selector)].filter(visible).filter(el => !inText(el));
  const rects = targets.map(el => el.getBoundingClientRect());
  const centre = r => [r.left + r.width / 2, r.top + r.height / 2];
  const gap = (p, r) => Math.hypot(Math.max(r.left - p[0], 0, p[0] - r.right), Math.max(r.top - p[1], 0, p[1] - r.bottom));
  const small = rects.map(r => r.width < minimum || r.height < minimum);
  const centres = rects.map(centre);
  // neighbours through a grid of minimum-sized cells, not every pair: a page of 10,000 targets took seconds.
  // A small target is filed under the cell of its centre, a big one under every cell it covers grown by minimum / 2
  // (a big one over too many cells is checked against every small one), so the cells around a centre hold every
  // target that could touch the circle around it.
  const cells = new Map();
  const file = (x, y, j) => { const k = x + ',' + y; if (cells.has(k)) cells.get(k).push(j); else cells.set(k, [j]); };
  const at = v => Math.floor(v / minimum);
  const wide = [];
  rects.forEach((r, j) => {
    if (small[j]) return file(at(centres[j][0]), at(centres[j][1]), j);
    const [x0, x1, y0, y1] = [at(r.left - minimum / 2), at(r.right + minimum / 2), at(r.top - minimum / 2), at(r.bottom + minimum / 2)];
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > 256) return wide.push(j);
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) file(x, y, j);
  });
  const near = c => {
    const found = [...wide];
    for (let x = at(c[0]) - 1; x <= at(c[0]) + 1; x++) for (let y = at(c[1]) - 1; y <= at(c[1]) + 1; y++) found.push(...(cells.get(x + ',' + y) || []));
    return found;
  };
  // a selector unique in the document, for a locator the author can paste: the nearest unique id, then tags by place
  const selectorOf = el => {
    const path = [];
    for (let node = el; node; node = node.parentElement) {
      if (node.id && document.querySelectorAll('#' + CSS.escape(node.id)).length === 1) { path.unshift('#' + CSS.escape(node.id)); break; }
      const parent = node.parentElement;
      const same = parent ? [...parent.children].filter(c => c.localName === node.localName) : [node];
      path.unshift(same.length > 1 ? `${node.localName}:nth-of-type(${same.indexOf(node) + 1})` : node.localName);
    }
    return path.join(' > ');
  };
  // WCAG 2.5.8's other exceptions. User agent control: a form control the author did not size (measured against
  // one of its kind with every author style reverted; one probe a kind, there and gone at once). Equivalent: a
  // control whose label is a target of the full size (a click on the label does what a click on it does), or one
  // that opens what a full-size control beside it opens (a combobox's arrow button: the same aria-controls)
  const probes = new Map();
  const userAgentSized = (el, i) => {
    if (!['input', 'select'].includes(el.localName)) return false;
    const kind = el.localName + ':' + (el.type || '');
    if (!probes.has(kind)) {
      const probe = document.createElement(el.localName);
      if (el.localName === 'input') probe.type = el.type;
      probe.style.cssText = 'all: revert; position: absolute; visibility: hidden; left: 0; top: 0';
      document.documentElement.appendChild(probe);
      const r = probe.getBoundingClientRect();
      probe.remove();
      probes.set(kind, [r.width, r.height]);
    }
    const [width, height] = probes.get(kind);
    const r = rects[i];
    return Math.abs(r.width - width) < 0.5 && Math.abs(r.height - height) < 0.5;
  };
  const full = r => r.width >= minimum && r.height >= minimum;
  const controls = new Map();
  targets.forEach((el, j) => {
    const ids = el.getAttribute('aria-controls');
    if (ids && full(rects[j])) controls.set(ids, true);
  });
  const equivalent = el => (el.labels && [...el.labels].some(label => visible(label) && full(label.getBoundingClientRect()))) ||
    controls.has(el.getAttribute('aria-controls'));
  const cramped = [];
  let count = 0;
  targets.forEach((el, i) => {
    if (!small[i] || equivalent(el) || userAgentSized(el, i)) return;
    const c = centres[i];
    // WCAG 2.5.8 spacing exception: a 24px circle on an undersized target must not touch another target
    const touches = near(c).some(j => j !== i && (small[j] ? Math.hypot(c[0] - centres[j][0], c[1] - centres[j][1]) < minimum
                                                             : gap(c, rects[j]) < minimum / 2));
    if (touches && count++ < keep) cramped.push({html: el.outerHTML.slice(0, 200), selector: selectorOf(el), width: Math.round(rects[i].width),
                               height: Math.round(rects[i].height),
                               box: [rects[i].x, rects[i].y, rects[i].width, rects[i].height].map(Math.round).join(','),
                               name: describe(el)});
  });
  const root = document.documentElement;
  return {small: cramped, smallCount: count, overflow: Math.max(root.scrollWidth, document.body ? document.body.scrollWidth : 0) - window.innerWidth};
}

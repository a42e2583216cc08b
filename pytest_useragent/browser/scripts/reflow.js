([slack, keep]) => {
  // WCAG 1.4.10: at 320 CSS px content reflows, except what needs two dimensions (data tables, maps, diagrams,
  // images, video, canvas, code). Which elements reach past the viewport's right edge, outside any exempt element and
  // any box that scrolls or clips them: the widest first (the fixed-width box that holds the rest, not each child)
  const root = document.documentElement;
  const width = root.clientWidth;
  const scrolls = Math.max(root.scrollWidth, document.body ? document.body.scrollWidth : 0) - width;
  if (scrolls <= slack) return {scrolls, offenders: [], count: 0, exempt: 0};
  const exempt = 'table:has(th), [role=table], [role=grid], [role=treegrid], map, img, svg, canvas, video, iframe, ' +
                 'object, embed, pre, code, [role=img], [role=application], [role=figure], figure, math';
  const clips = el => getComputedStyle(el).overflowX !== 'visible';
  const contained = el => { for (let node = el.parentElement; node && node !== document.body && node !== root; node = node.parentElement)
                              if (clips(node)) return true;
                            return false; };
  const found = [];
  let exempted = 0;
  for (const el of document.body ? document.body.querySelectorAll('*') : []) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right + window.scrollX <= width + slack) continue;
    if (contained(el)) continue;
    if (el.closest(exempt)) { exempted++; continue; }
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.position === 'fixed') continue;
    found.push([el, r]);
  }
  found.sort((a, b) => b[1].width - a[1].width);
  return {scrolls, count: found.length, exempt: exempted, offenders: found.slice(0, keep).map(([el, r]) => ({
    name: describe(el), html: el.outerHTML.slice(0, 200), width: Math.round(r.width),
    box: [r.x, r.y, r.width, r.height].map(Math.round).join(',')}))};
}

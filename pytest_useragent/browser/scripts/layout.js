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
  const cramped = [];
  let count = 0;
  targets.forEach((el, i) => {
    if (!small[i]) return;
    const c = centre(rects[i]);
    // WCAG 2.5.8 spacing exception: a 24px circle on an undersized target must not touch another target
    const touches = rects.some((r, j) => j !== i && (small[j] ? Math.hypot(c[0] - centre(r)[0], c[1] - centre(r)[1]) < minimum
                                                                : gap(c, r) < minimum / 2));
    if (touches && count++ < keep) cramped.push({html: el.outerHTML.slice(0, 200), width: Math.round(rects[i].width),
                               height: Math.round(rects[i].height),
                               name: (el.getAttribute('aria-label') || el.textContent || el.value || '').trim().slice(0, 60)});
  });
  const root = document.documentElement;
  return {small: cramped, smallCount: count, overflow: Math.max(root.scrollWidth, document.body ? document.body.scrollWidth : 0) - window.innerWidth};
}

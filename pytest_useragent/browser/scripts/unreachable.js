function (keep, limit, only, ...listened) {
  // what responds to a pointer but no keyboard reaches: elements with a click listener (`listened`, found through
  // CDP), the element a pointer cursor starts on, and elements with a button or link role, none of which takes focus,
  // holds something that does, or sits in something that does (a label's control, a link around a card). With
  // `only`, that one element (the one a keyboard persona looked for): it counts when it shows a pointer cursor, has an
  // onclick or one of those roles.
  const TABBABLE = 'a[href], area[href], button, input:not([type=hidden]), select, textarea, iframe, summary, ' +
                   '[contenteditable]:not([contenteditable=false]), audio[controls], video[controls], [tabindex]';
  const ROLES = /^(button|link|menuitem|tab|checkbox|switch|option|radio)$/;
  const shown = el => { const s = getComputedStyle(el); const r = el.getBoundingClientRect();
                        return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0; };
  const tabbable = el => el.matches(TABBABLE) && el.tabIndex >= 0 && !el.disabled;
  function* ancestors(el) { for (let a = el.parentElement; a; a = a.parentElement) yield a; }
  const reached = el => tabbable(el) || !!el.querySelector(TABBABLE) ||
    [...ancestors(el)].some(a => tabbable(a) || (a.localName === 'label' && a.control));
  const role = el => ROLES.test(el.getAttribute('role') || '');
  const starts = el => getComputedStyle(el).cursor === 'pointer' &&
    !(el.parentElement && getComputedStyle(el.parentElement).cursor === 'pointer');
  let candidates;
  if (only) {
    const responds = role(only) || typeof only.onclick === 'function' || getComputedStyle(only).cursor === 'pointer';
    candidates = responds ? [only] : [];
  } else {
    const all = [...document.body.querySelectorAll('*')].slice(0, limit);
    candidates = [...new Set([...listened.filter(el => el && el.nodeType === 1 && document.body.contains(el)),
                              ...all.filter(role), ...all.filter(starts)])];
  }
  const found = candidates.filter(el => el !== document.body && el.localName !== 'label' &&
    !el.closest('[inert], [aria-disabled=true]') && shown(el) && !reached(el));
  const box = el => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round).join(','); };
  return {count: found.length,
          found: found.slice(0, keep).map(el => ({element: describe(el), html: el.outerHTML.slice(0, 200), box: box(el)}))};
}

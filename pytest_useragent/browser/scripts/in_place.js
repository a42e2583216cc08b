([options, keep]) => axe.run(document, options).then(results => {
  // axe on the page under test itself (a page we cannot copy to an audit page): as audit.js reports its results
  const rule = (r, review) => ({id: r.id, impact: r.impact, tags: r.tags, help: r.help, helpUrl: r.helpUrl,
                 description: r.description, review, count: r.nodes.length,
                 nodes: r.nodes.slice(0, keep).map(node => {
    let box = null, element = null;
    try {
      // a target of one item is in this frame: a selector, or a chain of them through shadow roots
      element = node.target.length === 1 ? axe.utils.shadowSelect(node.target[0]) : null;
      const r = element ? element.getBoundingClientRect() : null;
      if (r && r.width > 0 && r.height > 0) box = [r.x, r.y, r.width, r.height].map(Math.round).join(',');
    } catch {}
    return {html: node.html, target: node.target, box, name: element ? describe(element) : null,
            messages: review ? [...new Set([...node.any, ...node.all, ...node.none].map(check => check.message))] : []};
  })});
  const ran = new Map();
  for (const r of [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable])
    ran.set(r.id, r.tags.filter(tag => /^wcag\d+$/.test(tag) || tag === 'experimental'));
  return {found: [...results.violations.map(r => rule(r, false)), ...results.incomplete.map(r => rule(r, true))],
          ran: [...ran]};
})

([options, keep]) => axe.run(document, options).then(results => results.violations.map(
  // axe on the page under test itself (a page we cannot copy to an audit page): as audit.js reports a violation
  violation => ({id: violation.id, impact: violation.impact, tags: violation.tags, help: violation.help,
                 helpUrl: violation.helpUrl, description: violation.description, count: violation.nodes.length,
                 nodes: violation.nodes.slice(0, keep).map(node => {
    let box = null, element = null;
    try {
      // a target of one item is in this frame: a selector, or a chain of them through shadow roots
      element = node.target.length === 1 ? axe.utils.shadowSelect(node.target[0]) : null;
      const r = element ? element.getBoundingClientRect() : null;
      if (r && r.width > 0 && r.height > 0) box = [r.x, r.y, r.width, r.height].map(Math.round).join(',');
    } catch {}
    return {html: node.html, target: node.target, box, name: element ? describe(element) : null};
  })})))

([id, copy, options, keep]) => {
  // runs in the audit page: after any audit still running, puts the copy (scripts/copy.js) in place of the document
  // (the window, and axe in it, stay) with the fetched sheets, opens its modal dialogs and popovers again, and runs
  // axe-core; its results are handed to Python as soon as they are found (window.__useragentAudited), and kept
  // under `id` until then, for a collector who comes earlier
  const audits = window.__useragentAudits = window.__useragentAudits || new Map();
  const run = async () => {
    document.open();
    const noScripts = '<meta http-equiv="Content-Security-Policy" content="script-src \'none\'; object-src \'none\'">';
    document.write((copy.doctype ? '<!DOCTYPE html>' : '') + noScripts + copy.html);
    document.close();
    for (const link of document.querySelectorAll('link[data-useragent-sheet]')) {
      const style = document.createElement('style');
      style.textContent = copy.sheets[Number(link.dataset.useragentSheet)];
      if (link.media) style.media = link.media;
      link.replaceWith(style);
    }
    for (const dialog of document.querySelectorAll('[data-useragent-modal]')) {
      dialog.removeAttribute('data-useragent-modal');
      dialog.removeAttribute('open');
      dialog.showModal();
    }
    for (const popover of document.querySelectorAll('[data-useragent-popover]')) {
      popover.removeAttribute('data-useragent-popover');
      popover.showPopover();
    }
    // taken off before axe runs (its evidence, node.html, is the page's own markup), in open shadow roots too
    const marked = root => [...root.querySelectorAll(`[${copy.boxes}]`),
      ...[...root.querySelectorAll('*')].filter(element => element.shadowRoot).flatMap(host => marked(host.shadowRoot))];
    const boxes = new Map();
    for (const element of marked(document)) {
      boxes.set(element, element.getAttribute(copy.boxes));
      element.removeAttribute(copy.boxes);
    }
    // a target of one item names an element of this frame: a selector, or a chain of them through shadow roots
    const elementOf = target => {
      try { return target.length === 1 ? axe.utils.shadowSelect(target[0]) : null; }
      catch { return null; }
    };
    const results = await axe.run(document, options);
    // what axe decided (violations) and what it left for a person (incomplete: "needs review"), each rule's first
    // `keep` elements and how many: a page of 10,000 elements must not send 10,000 nodes; and every rule that ran
    // (whatever its result) with its WCAG and experimental tags, which say what the audit covered
    const rule = (r, review) => ({
      id: r.id, impact: r.impact, tags: r.tags, help: r.help, helpUrl: r.helpUrl, description: r.description,
      review, count: r.nodes.length,
      nodes: r.nodes.slice(0, keep).map(node => ({
        html: node.html, target: node.target, box: boxes.get(elementOf(node.target)) ?? null,
        name: elementOf(node.target) ? describe(elementOf(node.target)) : null,
        messages: review ? [...new Set([...node.any, ...node.all, ...node.none].map(check => check.message))] : []})),
    });
    const ran = new Map();
    for (const r of [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable])
      ran.set(r.id, r.tags.filter(tag => /^wcag\d+$/.test(tag) || tag === 'experimental'));
    return {found: [...results.violations.map(r => rule(r, false)), ...results.incomplete.map(r => rule(r, true))],
            ran: [...ran]};
  };
  const previous = window.__useragentLast || Promise.resolve();
  const audit = window.__useragentLast = previous.catch(() => null).then(() => new Promise(r => setTimeout(r))).then(run);
  audits.set(id, audit);
  audit.then(results => window.__useragentAudited(id, results), () => null).then(() => audits.delete(id));
}

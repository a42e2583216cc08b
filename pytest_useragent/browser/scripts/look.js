() => {
  // counts DOM changes from the first look at a document on, so a later look can tell whether the page moved;
  // a style attribute that ends as it was (Playwright hides the caret for a screenshot and restores it) is no change
  if (!window.__useragentChanges) {
    const changes = window.__useragentChanges = {count: 0};
    const bare = style => (style || '').replace(/caret-color: transparent( !important)?;?/g, '').trim();
    const moved = r => r.type !== 'attributes' || r.attributeName !== 'style' ||
                       bare(r.oldValue) !== bare(r.target.getAttribute('style'));
    new MutationObserver(records => { changes.count += records.filter(moved).length; }).observe(
      document, {subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true});
  }
  return {
    changes: window.__useragentChanges.count,
    passwords: [...document.querySelectorAll('input[type=password]')].map(e => e.value).filter(Boolean),
    title: document.title,
    viewport: [scrollY, innerHeight, document.documentElement.scrollHeight],
  };
}

el => {
  if (['INPUT', 'SELECT', 'TEXTAREA', 'LABEL', 'OPTION'].includes(el.tagName)) return false;
  const click = {target: el, mutations: 0, focus: document.activeElement, checked: el.checked, value: el.value};
  click.observer = new MutationObserver(records => { click.mutations += records.length; });
  click.observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  window.__useragentClick = click;
  return true;
}

() => {
  // before a click: remember the focus, count DOM changes, and learn which element the click reaches
  const click = {mutations: 0, focus: document.activeElement, target: null, wake: null};
  click.observer = new MutationObserver(records => { click.mutations += records.length; if (click.wake) click.wake(); });
  click.observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  click.listener = event => { if (!click.target) click.target = event.target; };
  document.addEventListener('click', click.listener, true);
  window.__useragentClick = click;
}

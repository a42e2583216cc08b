() => {
  const click = window.__useragentClick;
  if (!click) return null;
  click.observer.disconnect();
  delete window.__useragentClick;
  const focus = document.activeElement;
  const focusMoved = focus !== click.focus && focus !== click.target && !click.target.contains(focus);
  return click.mutations > 0 || focusMoved || click.target.checked !== click.checked || click.target.value !== click.value;
}

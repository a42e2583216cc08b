([quietMs, timeoutMs]) => new Promise(resolve => {
  const start = performance.now();
  let last = start;
  const observer = new MutationObserver(() => { last = performance.now(); });
  observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  const tick = () => {
    const now = performance.now();
    if (now - last >= quietMs || now - start >= timeoutMs) { observer.disconnect(); resolve(now - start); }
    else setTimeout(tick, Math.min(quietMs, 25));
  };
  setTimeout(tick, Math.min(quietMs, 25));
})

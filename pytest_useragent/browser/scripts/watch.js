(() => {
  // installed in every document of the page during a session (and once in the document already there):
  // counts DOM changes, remembers when the last one was, and what the last trusted click hit
  if (window.__useragent) return;
  // no change seen yet: installed before a look, the observer sees every change made during it
  const watch = window.__useragent = {changes: 0, lastChange: -Infinity, click: null, wake: null};
  // a style attribute that ends as it was (Playwright hides the caret for a screenshot and restores it) is no change
  const bare = style => (style || '').replace(/caret-color: transparent( !important)?;?/g, '').trim();
  // nor is the pane Playwright lays over the page to mask password fields and secrets in a screenshot
  const glass = node => node.nodeName === 'X-PW-GLASS';
  const masking = r => glass(r.target) || (r.type === 'childList' &&
                       [...r.addedNodes, ...r.removedNodes].every(glass) && r.addedNodes.length + r.removedNodes.length > 0);
  const moved = r => !masking(r) && (r.type !== 'attributes' || r.attributeName !== 'style' ||
                     bare(r.oldValue) !== bare(r.target.getAttribute('style')));
  new MutationObserver(records => {
    const count = records.filter(moved).length;
    if (!count) return;
    watch.changes += count;
    watch.lastChange = performance.now();
    if (watch.wake) watch.wake();
  }).observe(document, {subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true});
  // every element that had focus in this document, shadow roots' own included: what a key reached is reachable
  watch.focused = new WeakSet();
  addEventListener('focusin', event => {
    const target = event.composedPath()[0];
    if (target instanceof Element) watch.focused.add(target);
  }, true);
  // focus as it came and went since the harness last read it (keyboard.js empties it after each of its probes):
  // an element that took focus and gave it up at once (blur on focus) is never seen focused otherwise. `focus` and
  // `blur`, not focusin: a handler that blurs on focus runs before focusin, which then never comes. The last few.
  // Focus a key's own handlers move (a menu's Tab that closes its submenu on its button, before Tab moves on) is
  // `keyed`: from a trusted keydown until the end of its dispatch (a listener added then runs after the page's).
  // `keyAt`: when the first key since the harness last read the log was pressed; focus the page moved before it (a
  // frame after the last key, past the harness's probe) is that key's doing, not this one's
  watch.passes = [];
  watch.keying = false;
  watch.keyAt = null;
  let ending = false;
  const ended = () => { watch.keying = false; ending = false; };
  addEventListener('keydown', event => {
    if (!event.isTrusted) return;
    watch.keying = true;
    if (watch.keyAt === null) watch.keyAt = performance.now();
    if (!ending) { ending = true; addEventListener('keydown', ended, {once: true}); }
  }, true);
  addEventListener('keyup', ended, true);
  const passed = type => event => {
    const target = event.composedPath()[0];
    if (!(target instanceof Element)) return;
    watch.passes.push({target, type, at: performance.now(), keyed: watch.keying});
    if (watch.passes.length > 40) watch.passes.shift();
  };
  addEventListener('focus', passed('in'), true);
  addEventListener('blur', passed('out'), true);
  // navigations within this document (a fragment link, even to the fragment already in the address; a router's
  // pushState; history): the browser moves focus to the page itself on its own, no focus the page lost
  watch.navigations = 0;
  const navigated = () => { watch.navigations += 1; };
  // one count a navigation: the Navigation API's `navigate` fires as it starts; hashchange and popstate come a task
  // later (a fragment link fires all three), and counted too they landed after the next key's "before" was read,
  // making that key look like a navigation: they count only in a browser without the API
  if (window.navigation) {
    window.navigation.addEventListener('navigate', navigated);
  } else {
    addEventListener('hashchange', navigated);
    addEventListener('popstate', navigated);
  }
  // what a person sees a click do beside the DOM and focus: the page scrolled (a link to a section scrolled by
  // script, smoothly), or the browser said a form field is invalid (its own bubble, no DOM change)
  watch.scrolls = 0;
  watch.invalid = 0;
  const seen = name => () => { watch[name] += 1; if (watch.wake) watch.wake(); };
  // a scroll is the click's only where it moved something after the press: a click brings its target into view
  // first (the scroll already made when the button goes down), and that scroll's event comes a frame later, maybe
  // after the click's effect began to be read; where things stood at the last press is kept until the next
  const at = scroller => [scroller.scrollLeft, scroller.scrollTop].join(',');
  const scrollerOf = target => target === document ? document.scrollingElement : target;
  const scrolled = seen('scrolls');
  watch.pressedAt = new Map();
  addEventListener('scroll', event => {
    const scroller = scrollerOf(event.target);
    const before = scroller ? watch.pressedAt.get(scroller) : undefined;
    if (before === undefined || before !== at(scroller)) scrolled();
  }, {capture: true, passive: true});
  addEventListener('invalid', seen('invalid'), true);
  // a player started, stopped or changed its volume (a video's own controls, or a button that pauses it): heard or
  // seen, though nothing in the document changed; these events do not bubble, the capture phase sees them
  watch.media = 0;
  ['play', 'pause', 'volumechange', 'ratechange'].forEach(type => addEventListener(type, seen('media'), true));
  // the pointer's arrival on a menu button it then presses is part of the click: a menu that opens as the pointer
  // comes (the button says aria-expanded="true") and stays open when clicked did something for the person who
  // clicked; a tooltip shown on the way to a dead button does not count (ARRIVED_MS: Playwright moves, then presses)
  const ARRIVED_MS = 1000;
  addEventListener('pointerover', event => {
    if (event.isTrusted) watch.arrived = {target: event.target, changes: watch.changes, at: performance.now()};
  }, true);
  addEventListener('mousedown', event => {
    if (!event.isTrusted) return;
    const pressedAt = new Map();  // where the target's scrolling ancestors stood as the button went down
    for (let node = event.target; node; node = node.parentElement || (node.getRootNode() || {}).host) {
      if (node.nodeType === 1 && (node.scrollHeight > node.clientHeight || node.scrollWidth > node.clientWidth)) {
        pressedAt.set(node, at(node));
      }
    }
    if (document.scrollingElement) pressedAt.set(document.scrollingElement, at(document.scrollingElement));
    watch.pressedAt = pressedAt;
    const arrived = watch.arrived;
    const came = arrived && arrived.target === event.target && performance.now() - arrived.at < ARRIVED_MS;
    const control = event.target.closest ? event.target.closest('[aria-expanded]') : null;
    const opened = came && control !== null && control.getAttribute('aria-expanded') === 'true';
    watch.click = {target: event.target, changes: opened ? arrived.changes : watch.changes,
                   focus: document.activeElement,
                   scrolls: watch.scrolls, invalid: watch.invalid, media: watch.media};
  }, true);
})()

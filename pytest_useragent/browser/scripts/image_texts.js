// The text alternatives of the images a person sees on the page: what an image of words says, in its alt (or, for
// a role="img", its aria-label). Rendered images only, not hidden from assistive technology, with words in them.
() => [...document.querySelectorAll('img[alt], [role="img"][aria-label]')]
  .filter(image => image.getClientRects().length && getComputedStyle(image).visibility !== 'hidden'
    && !image.closest('[aria-hidden="true"]'))
  .map(image => (image.getAttribute('alt') ?? image.getAttribute('aria-label') ?? '').trim())
  .filter(Boolean)

"""Everything that touches Playwright: finding Chromium, looking at a page, acting on it, waiting for it."""

"""Waiting for a page to become quiet after an action: load state, network and, when asked, the DOM, each bounded.

Replaces a fixed wait. The session settles without a DOM quiet window: the look that follows checks that the DOM
stood still and no request started while it looked (`observe`), and only when something moved does it wait for
QUIET_MS of stillness and look again. So a still page costs no waiting at all, a busy one what it takes.
"""

from __future__ import annotations

import contextlib
import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent.browser import bounded
from pytest_useragent.browser.scope import ERROR_PAGE
from pytest_useragent.browser.scripts import script
from pytest_useragent.browser.watch import PageWatcher

QUIET_MS = 100
"""How long the DOM must stay still to count as settled, when a look saw it move."""

_DOM_QUIET = script("dom_quiet.js")


def settle(page: Page, watcher: PageWatcher, *, minimum: float, timeout: float, quiet_ms: float = 0) -> float:
    """Wait until the page is loaded, its network idle and, with `quiet_ms`, its DOM unchanged for that long;
    returns the seconds waited, never much more than `timeout` (or `minimum`, when larger)."""
    started = time.monotonic()
    deadline = started + max(timeout, minimum)
    if minimum:
        page.wait_for_timeout(minimum * 1000)

    def left_ms() -> float:
        return max(0.0, (deadline - time.monotonic()) * 1000)

    with contextlib.suppress(PlaywrightError):  # a page that never finishes loading can still be looked at
        page.wait_for_load_state("load", timeout=left_ms() or 1)
    while left_ms() > 0:
        if quiet_ms:
            try:
                waiting = left_ms()
                bounded.evaluate(page, waiting / 1000 + bounded.bound(timeout), _DOM_QUIET, [quiet_ms, waiting])
            except PlaywrightError:
                # the document was replaced under us (navigation); wait for the new one
                try:
                    page.wait_for_load_state("domcontentloaded", timeout=left_ms() or 1)
                except PlaywrightError:
                    break
                continue
        if not watcher.in_flight:
            break
        try:
            page.wait_for_event("requestfinished", timeout=min(left_ms(), 250) or 1)
        except PlaywrightError:
            continue  # a long-lived request: keep checking until the deadline
    if watcher.failed_navigation is not None and not page.url.startswith(ERROR_PAGE):
        # the browser commits its error page a moment after the navigation failed: the look is to be of that page
        with contextlib.suppress(PlaywrightError):
            page.wait_for_url(lambda url: url.startswith(ERROR_PAGE), wait_until="commit", timeout=left_ms() or 1)
    return time.monotonic() - started

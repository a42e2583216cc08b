"""Waiting for a page to become quiet after an action: load state, network, DOM, each bounded.

Replaces a fixed wait: returns as soon as the page has been quiet for QUIET_MS, never later than the timeout.
"""

from __future__ import annotations

import contextlib
import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent.browser.scripts import script
from pytest_useragent.browser.watch import PageWatcher

QUIET_MS = 100
"""How long the DOM and the network must stay still to count as settled."""

_DOM_QUIET = script("dom_quiet.js")


def settle(page: Page, watcher: PageWatcher, *, minimum: float, timeout: float) -> float:
    """Wait until the page is loaded, its network idle and its DOM still; returns the seconds waited."""
    started = time.monotonic()
    deadline = started + max(timeout, minimum)
    if minimum:
        page.wait_for_timeout(minimum * 1000)

    def left_ms() -> float:
        return max(0.0, (deadline - time.monotonic()) * 1000)

    with contextlib.suppress(PlaywrightError):  # a page that never finishes loading can still be looked at
        page.wait_for_load_state("load", timeout=left_ms() or 1)
    while left_ms() > 0:
        try:
            page.evaluate(_DOM_QUIET, [QUIET_MS, left_ms()])
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
            continue  # a long-lived request: keep checking the DOM until the deadline
    return time.monotonic() - started

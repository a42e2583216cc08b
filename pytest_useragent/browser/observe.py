"""Looking at a page: URL, title, the ai snapshot with refs (condensed when the page is large), a screenshot, and
page signals, taken while the page stands still."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from pytest_useragent.browser import bounded
from pytest_useragent.browser.condense import Viewport, condense
from pytest_useragent.browser.scripts import script
from pytest_useragent.browser.settle import QUIET_MS, settle
from pytest_useragent.browser.watch import PageWatcher
from pytest_useragent.records import Observation, Signals
from pytest_useragent.redaction import Secrets
from pytest_useragent.screenshots import QUALITY

_LOOK = script("look.js")
_NOTHING_SEEN: dict[str, Any] = {"sinceChange": None, "fingerprint": "", "passwords": [], "title": ""}
_PASSWORD_VALUES = "() => [...document.querySelectorAll('input[type=password]')].map(e => e.value).filter(Boolean)"


def observe(page: Page, watcher: PageWatcher, secrets: Secrets, *, timeout: float = 5.0) -> Observation:
    """One look at the page, taken while it stands still: when its DOM changed or a request started during the look,
    wait (at most `timeout` seconds) until it is quiet and look again. Needs the page's PageWatcher, whose script
    times the DOM's changes. The screenshot is kept as taken; `screenshots.for_model` makes what is sent.
    Every call is bounded by `timeout`: a page that never stands still for a look (a reload loop) raises
    Playwright's TimeoutError, one whose script never returns PageUnresponsive."""
    observation, still = _look(page, watcher, secrets, bounded.bound(timeout))
    if not still:
        settle(page, watcher, minimum=0, timeout=timeout, quiet_ms=QUIET_MS)
        observation, _ = _look(page, watcher, secrets, bounded.bound(timeout))
    signals = watcher.drain()
    return observation.model_copy(update={"signals": Signals.model_validate(secrets.redact_json(signals.model_dump()))})


def _look(page: Page, watcher: PageWatcher, secrets: Secrets, seconds: float) -> tuple[Observation, bool]:
    """The observation, and whether nothing on the page moved (no DOM change, no request started) while it was
    taken: the page's last DOM change is older than the look itself."""
    started = time.monotonic()
    try:
        image = page.screenshot(
            type="jpeg", quality=QUALITY, scale="css", animations="disabled", timeout=seconds * 1000
        )
        snapshot = page.aria_snapshot(mode="ai", boxes=True, timeout=seconds * 1000)
    except PlaywrightTimeout:
        bounded.check_responsive(page, seconds)  # a frozen page says so; a live one that never stood still, not
        raise
    try:
        look = bounded.evaluate(page, seconds, _LOOK)
    except PlaywrightError:  # the document is being replaced: look at what there is
        height = (page.viewport_size or {"height": 720})["height"]
        look = {**_NOTHING_SEEN, "viewport": [0, height, height]}
    took_ms = (time.monotonic() - started) * 1000
    still = look["sinceChange"] is not None and look["sinceChange"] > took_ms and not watcher.in_flight
    # password values are learned before anything is kept, so they never appear in what is returned
    for value in look["passwords"]:
        secrets.add(value)
    for frame in page.frames[1:]:
        try:
            for value in bounded.evaluate(frame, seconds, _PASSWORD_VALUES):
                secrets.add(value)
        except PlaywrightError:
            continue  # a frame that navigated away or forbids scripts holds no value we can read
    snapshot = secrets.redact(snapshot)
    state = condense(snapshot, Viewport(*look["viewport"]))
    observation = Observation(
        url=secrets.redact(page.url),
        title=secrets.redact(look["title"]),
        snapshot=state.text,
        elements=state.elements,
        shown=state.shown,
        full_snapshot=snapshot,
        image=image,
        fingerprint=look["fingerprint"],
    )
    return observation, still

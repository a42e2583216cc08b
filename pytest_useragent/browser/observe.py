"""Looking at a page: URL, title, the ai snapshot with refs (condensed when the page is large), a screenshot, and
page signals, taken while the page stands still."""

from __future__ import annotations

import contextlib
import functools
import time
from dataclasses import dataclass
from typing import Any, Literal

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Frame, Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from pytest_useragent.browser import bounded
from pytest_useragent.browser.condense import Viewport, condense
from pytest_useragent.browser.datefields import formats
from pytest_useragent.browser.media import MATCHED
from pytest_useragent.browser.scripts import script
from pytest_useragent.browser.settle import QUIET_MS, settle
from pytest_useragent.browser.tree import reader_tree
from pytest_useragent.browser.watch import PageWatcher
from pytest_useragent.records import Observation, Signals
from pytest_useragent.records.screenshots import QUALITY
from pytest_useragent.records.states import with_states
from pytest_useragent.secrets.redaction import MIN_LENGTH, Secrets

Scale = Literal["css", "device"]
LOOK = f"() => {{ const matched = {MATCHED};\n return ({script('look.js')})(); }}"
"""The look's script: `matched`, the media features the page matches (`media.py`), is in its fingerprint."""
SLOW_PAGE_FACTOR = 6
"""How much longer the second look at a page that answers but was too slow to snapshot may take."""
MAX_TITLE_CHARS = 300
MAX_URL_CHARS = 2_000
"""A page sets its title and its URL (state in the query or hash) to any length; each step records them."""
_NOTHING_SEEN: dict[str, Any] = {
    "sinceChange": None,
    "fingerprint": "",
    "passwords": [],
    "shadowed": False,
    "title": "",
    "focusRing": False,
}
MAX_FRAMES = 20
"""The most iframes a look reads password values from and masks secrets in."""
MASK_COLOR = "#FF00FF"
"""What covers a password field, or text equal to a secret, in a screenshot."""
_FIELDS = "input:not([type=password]), textarea, select"
_VALUES = "elements => elements.map(e => e.value)"
"""Read through a Playwright locator: its elements are those its `nth` masks (open shadow roots included, in its
order), so a field's index cannot shift between reading its value and masking it."""
SHOT_ATTEMPTS = 3
"""Screenshots tried before a look fails: a document replaced meanwhile, or no frame painted yet (`NO_FRAME`)."""
NO_FRAME = "Unable to capture screenshot"
"""What Chromium answers `Page.captureScreenshot` when it has no frame to give."""
_NEXT_PAINT = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
_SHOWN = """elements => elements.map(e => e.tagName === "SELECT"
    ? Array.from(e.options, option => option.label).join("\\n")
    : `${e.value}\\n${e.placeholder || ""}`)"""
"""What a field shows besides text a locator finds by its text: its value, its placeholder, a dropdown's options (the
chosen one is drawn in the closed box). Read as `_VALUES` is."""


@dataclass
class Rider:
    """A page script a look runs in its own call when the page state it finds (its fingerprint) is none of `known`:
    so a check of each new page state costs no call of its own (`PageChecks.rider`). What the script returned is
    kept in `found`, with the address and the fingerprint it was found at; a script that throws leaves nothing."""

    script: str
    arg: Any
    known: tuple[str, ...]
    found: tuple[str, str, Any] | None = None


@functools.cache
def _along(script: str) -> str:
    return (
        f"([known, arg]) => {{ const look = ({LOOK})(); "
        f"try {{ if (!known.includes(look.fingerprint)) look.rode = ({script})(arg); }} catch (e) {{}} return look; }}"
    )


def observe(
    page: Page,
    watcher: PageWatcher,
    secrets: Secrets,
    *,
    timeout: float = 5.0,
    scale: Scale = "css",
    shoot: bool = True,
    rider: Rider | None = None,
) -> Observation:
    """One look at the page, taken while it stands still: when its DOM changed or a request started during the look,
    wait (at most `timeout` seconds) until it is quiet and look again. Needs the page's PageWatcher, whose script
    times the DOM's changes. The screenshot is kept as taken; `screenshots.for_model` makes what is sent.
    Every call is bounded by `timeout`: a page that never stands still for a look (a reload loop) raises
    Playwright's TimeoutError, one whose script never returns PageUnresponsive. `scale` "device" keeps a zoomed
    persona's screenshot at the screen's pixels (`browser/setting.py`), where "css" would shrink it by the zoom.
    A `rider` runs along with the look's script (see `Rider`)."""
    seconds = bounded.bound(timeout)
    masked = _must_mask(page, secrets)
    observation, still, exposed = _look(
        page, watcher, secrets, seconds, masked=masked, scale=scale, shoot=shoot, rider=rider
    )
    if not still:
        settle(page, watcher, minimum=0, timeout=timeout, quiet_ms=QUIET_MS)
        observation, _, exposed = _look(
            page, watcher, secrets, seconds, masked=True, scale=scale, shoot=shoot, rider=rider
        )
    if exposed:  # the bare shot may have shown a password field: taken again, masked (as long as a big page's may)
        image = _screenshot(page, secrets, seconds * SLOW_PAGE_FACTOR, masked=True, scale=scale)
        observation = observation.model_copy(update={"image": image})
    signals = watcher.drain()
    return observation.model_copy(update={"signals": Signals.model_validate(secrets.redact_json(signals.model_dump()))})


def _look(
    page: Page,
    watcher: PageWatcher,
    secrets: Secrets,
    seconds: float,
    *,
    masked: bool,
    scale: Scale,
    shoot: bool,
    rider: Rider | None = None,
) -> tuple[Observation, bool, bool]:
    """The observation, with a screenshot when `shoot`; whether nothing on the page moved (no DOM change, no request
    started) while it was taken: the page's last DOM change is older than the look itself; and whether its
    screenshot, taken without masks, may have shown a password field's value (see `_must_mask`)."""
    started = time.monotonic()
    # a screen-reader persona reads the tree a screen reader gets; taken first, as any snapshot but the ai one
    # forgets the refs of the last ai snapshot, which the persona acts by
    reader = watcher.reader
    try:
        tree = reader.tree(seconds) if reader is not None else None
        image = _screenshot(page, secrets, seconds, masked, scale) if shoot else None
        snapshot = page.aria_snapshot(mode="ai", boxes=True, timeout=seconds * 1000)
    except PlaywrightTimeout:
        # a live page that is only big (10,000 rows take Chromium seconds to snapshot) gets one longer look; the
        # snapshot given up on may still hold its main thread, so the probe that tells a frozen page waits as long
        slow = seconds * SLOW_PAGE_FACTOR
        bounded.check_responsive(page, slow)  # a frozen page says so
        tree = reader.tree(slow) if reader is not None else None
        image = _screenshot(page, secrets, slow, masked, scale) if shoot else None
        snapshot = page.aria_snapshot(mode="ai", boxes=True, timeout=slow * 1000)
    script, arg = (LOOK, None) if rider is None else (_along(rider.script), [list(rider.known), rider.arg])
    try:
        look = bounded.evaluate(page, seconds, script, arg)
    except PlaywrightError:  # the document is being replaced: look at what there is
        height = (page.viewport_size or {"height": 720})["height"]
        look = {**_NOTHING_SEEN, "viewport": [0, height, height]}
    # the states the snapshots leave out (collapsed, not checked, the active descendant, focus in a shadow root),
    # found by the look's script in the DOM the snapshots were taken of
    states, focus = look.get("states") or [], look.get("focus") or []
    if look.get("dates"):  # a date or time field named as such, with the layout it shows (`datefields.py`)
        states = [*states, *formats(page, look["dates"], seconds)]
    snapshot = with_states(snapshot, states, focus)
    if tree is not None:
        snapshot = reader_tree(with_states(tree, states, focus), snapshot)
    if rider is not None:
        rider.found = (page.url, look["fingerprint"], look["rode"]) if "rode" in look else None
    took_ms = (time.monotonic() - started) * 1000
    unmoved = look["sinceChange"] is not None and look["sinceChange"] > took_ms
    still = unmoved and not watcher.in_flight
    # the DOM as the look found it is the DOM the shot saw: no password value then means none in the image
    exposed = (
        shoot and not masked and (bool(look["passwords"]) or look["shadowed"] or not unmoved or len(page.frames) > 1)
    )
    # password values are learned before anything is kept, so they never appear in what is returned
    for value in look["passwords"]:
        secrets.add(value)
    for frame in _frames(page)[1:]:
        try:
            for value in bounded.call(frame.locator("input[type=password]"), seconds, "evaluate_all", _VALUES):
                if value:
                    secrets.add(value)
        except PlaywrightError:
            continue  # a frame that navigated away or forbids scripts holds no value we can read
    snapshot = secrets.redact(snapshot)
    state = condense(snapshot, Viewport(*look["viewport"]))
    observation = Observation(
        url=secrets.redact(page.url)[:MAX_URL_CHARS],
        title=secrets.redact(look["title"])[:MAX_TITLE_CHARS],  # cut after redaction: no half a secret is left
        snapshot=state.text,
        elements=state.elements,
        shown=state.shown,
        full_snapshot=snapshot,
        image=image,
        fingerprint=look["fingerprint"],
        lang=str(look.get("lang") or "")[:35],
        focus_ring=bool(look.get("focusRing")),
    )
    return observation, still, exposed


def _must_mask(page: Page, secrets: Secrets) -> bool:
    """Whether the first shot of a look needs masks before it is taken: a secret is known, or the page has frames.
    Otherwise it is taken bare, which spares the step the masks' cost (Playwright lays a pane over the page and lays
    the page out again: ~50 ms right after a navigation), and the look that follows says whether a password field
    holds a value (in its open shadow roots too, as the masks' locator finds them) or the page moved since the
    shot, or a password field stands in an open shadow root (where the page script sees no change: a "show password"
    may have shown its value as text during the shot); then the value is learned and the shot taken again, masked,
    before anything is kept. An empty password field in the document shows nothing to hide: a sign-in page's first
    look is shot once. Not covered: a field in a closed shadow root, which the masks' locator cannot find either; a
    field that came and went within one look inside a shadow root; and a value a script sets and clears between the
    shot and the look (no DOM change), which the bare shot shows as its length in discs."""
    known = any(len(value) >= MIN_LENGTH for value in secrets.values)
    return known or len(page.frames) > 1


def screenshot(page: Page, secrets: Secrets, seconds: float, scale: Scale = "css") -> bytes | None:
    """A masked screenshot of the page as it is now; None when the page cannot give one (closed, frozen)."""
    try:
        return _screenshot(page, secrets, bounded.bound(seconds), masked=True, scale=scale)
    except PlaywrightError:
        return None


def _screenshot(page: Page, secrets: Secrets, seconds: float, masked: bool, scale: Scale = "css") -> bytes:
    """The screenshot, with every secret masked when `masked`. The masks are locators the page resolves, so a
    document replaced meanwhile (a redirect by script) fails the shot: it is taken once more on the new document,
    never unmasked."""
    for attempt in range(1, SHOT_ATTEMPTS + 1):
        try:
            return page.screenshot(
                type="jpeg",
                quality=QUALITY,
                scale=scale,
                animations="disabled",
                mask=_masks(page, secrets, seconds) if masked else [],
                mask_color=MASK_COLOR,
                timeout=seconds * 1000,
            )
        except PlaywrightTimeout:
            raise
        except PlaywrightError as error:
            if attempt == SHOT_ATTEMPTS:
                raise
            with contextlib.suppress(PlaywrightError):
                if NO_FRAME in str(error):
                    # Chromium's headless shell now and then has no frame to capture yet (about 1 shot in 1,000 on a
                    # busy machine, right after a page is laid out): after the next paint it has
                    bounded.evaluate(page, seconds, _NEXT_PAINT)
                else:
                    page.wait_for_load_state("domcontentloaded", timeout=seconds * 1000)
    raise AssertionError("unreachable")


def _masks(page: Page, secrets: Secrets, seconds: float) -> list[Locator]:
    """Password fields, any element whose text holds a known secret, and any other field whose value holds one (an
    email typed into its box), in the page and in its frames (a sign-in form is often an iframe): covered before the
    image is kept or sent. With no secret known, one locator a frame."""
    values = [value for value in sorted(secrets.values) if len(value) >= MIN_LENGTH]
    return [mask for frame in _frames(page) for mask in _frame_masks(frame, values, seconds)]


def _frame_masks(frame: Frame, values: list[str], seconds: float) -> list[Locator]:
    masks = [frame.locator("input[type=password]")]
    if not values:
        return masks
    masks += [frame.get_by_text(value) for value in values]
    masks += [frame.get_by_alt_text(value) for value in values]  # a broken image shows its alt text
    fields = frame.locator(_FIELDS)
    try:  # the fields' values come to Python to be compared: the secrets never go into the page's scripts
        held = bounded.call(fields, seconds, "evaluate_all", _SHOWN)
    except PlaywrightError:
        return masks
    # in any case, as the text locators above match (a field may show it upper-cased by CSS)
    folded = [value.lower() for value in values]
    return masks + [fields.nth(index) for index, text in enumerate(held) if any(v in text.lower() for v in folded)]


def _frames(page: Page) -> list[Frame]:
    """The page's frames that a look reads, the main frame first; a page of a thousand iframes would make each look
    a thousand bounded calls, so past MAX_FRAMES the rest are left out (of the masks too: see the README)."""
    return page.frames[: MAX_FRAMES + 1]

"""Looking at a page: URL, title, the ai snapshot with refs (condensed when the page is large), a screenshot, and
page signals."""

from __future__ import annotations

import io

from PIL import Image
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent.browser.condense import Viewport, condense
from pytest_useragent.browser.watch import PageWatcher
from pytest_useragent.records import Observation, Signals
from pytest_useragent.redaction import Secrets

MAX_IMAGE_EDGE = 1568
"""Claude scales larger images down anyway; sending at most this long edge keeps the token cost known."""
MAX_IMAGE_PIXELS = 400_000
"""At most 534 tokens an image (pixels / 750): a 1280x720 viewport is sent at 843x474, its text still legible;
the snapshot carries the words, the image the look."""

_LOOK = """() => ({
  passwords: [...document.querySelectorAll('input[type=password]')].map(e => e.value).filter(Boolean),
  title: document.title,
  viewport: [scrollY, innerHeight, document.documentElement.scrollHeight],
})"""
_PASSWORD_VALUES = "() => [...document.querySelectorAll('input[type=password]')].map(e => e.value).filter(Boolean)"


def observe(page: Page, watcher: PageWatcher, secrets: Secrets) -> Observation:
    """One look at the page. Password values are learned first, so they never appear in what is returned.
    The screenshot is kept as taken (for the report); `scale_for_model` makes what is sent."""
    try:
        look = page.evaluate(_LOOK)
    except PlaywrightError:  # the document is being replaced: look at what there is
        height = (page.viewport_size or {"height": 720})["height"]
        look = {"passwords": [], "title": "", "viewport": [0, height, height]}
    for value in look["passwords"]:
        secrets.add(value)
    for frame in page.frames[1:]:
        try:
            for value in frame.evaluate(_PASSWORD_VALUES):
                secrets.add(value)
        except PlaywrightError:
            continue  # a frame that navigated away or forbids scripts holds no value we can read
    snapshot = secrets.redact(page.aria_snapshot(mode="ai", boxes=True))
    state = condense(snapshot, Viewport(*look["viewport"]))
    image = page.screenshot(type="png", scale="css", animations="disabled")
    signals = watcher.drain()
    return Observation(
        url=secrets.redact(page.url),
        title=secrets.redact(look["title"]),
        snapshot=state.text,
        elements=state.elements,
        shown=state.shown,
        full_snapshot=snapshot,
        signals=Signals.model_validate(secrets.redact_json(signals.model_dump())),
        image=image,
    )


def scale_for_model(png: bytes) -> bytes:
    """The PNG, scaled down (never up) so its long edge and pixel count, and so its token cost, are bounded."""
    with Image.open(io.BytesIO(png)) as image:
        width, height = image.size
        factor = min(1.0, MAX_IMAGE_EDGE / max(width, height), (MAX_IMAGE_PIXELS / (width * height)) ** 0.5)
        if factor >= 1.0:
            return png
        scaled = image.resize((max(1, int(width * factor)), max(1, int(height * factor))), Image.Resampling.LANCZOS)
        out = io.BytesIO()
        scaled.save(out, format="PNG", compress_level=3)
        return out.getvalue()

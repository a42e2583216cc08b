"""Looking at a page: URL, title, the ai snapshot with refs, a screenshot the model accepts, and page signals."""

from __future__ import annotations

import io

from PIL import Image
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent.browser.watch import PageWatcher
from pytest_useragent.records import Observation, Signals
from pytest_useragent.redaction import Secrets

MAX_IMAGE_EDGE = 1568
"""Claude scales larger images down anyway; sending at most this long edge keeps the token cost known."""
MAX_IMAGE_PIXELS = 1_150_000

_PASSWORD_VALUES = "() => [...document.querySelectorAll('input[type=password]')].map(e => e.value).filter(Boolean)"


def observe(page: Page, watcher: PageWatcher, secrets: Secrets) -> Observation:
    """One look at the page. Password values are learned first, so they never appear in what is returned."""
    for frame in page.frames:
        try:
            for value in frame.evaluate(_PASSWORD_VALUES):
                secrets.add(value)
        except PlaywrightError:
            continue  # a frame that navigated away or forbids scripts holds no value we can read
    snapshot = page.aria_snapshot(mode="ai")
    image = scale_for_model(page.screenshot(type="png", scale="css", animations="disabled"))
    signals = watcher.drain()
    return Observation(
        url=secrets.redact(page.url),
        title=secrets.redact(page.title()),
        snapshot=secrets.redact(snapshot),
        signals=Signals.model_validate(secrets.redact_json(signals.model_dump())),
        image=image,
    )


def scale_for_model(png: bytes) -> bytes:
    """The PNG, scaled down (never up) so its long edge and pixel count are within what Claude accepts."""
    with Image.open(io.BytesIO(png)) as image:
        width, height = image.size
        factor = min(1.0, MAX_IMAGE_EDGE / max(width, height), (MAX_IMAGE_PIXELS / (width * height)) ** 0.5)
        if factor >= 1.0:
            return png
        scaled = image.resize((max(1, int(width * factor)), max(1, int(height * factor))), Image.Resampling.LANCZOS)
        out = io.BytesIO()
        scaled.save(out, format="PNG", optimize=True)
        return out.getvalue()

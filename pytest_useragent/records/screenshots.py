"""Which screenshots go to the model, and at what size. Pure: bytes in, bytes out.

Every step takes a screenshot (JPEG) for the report; the model gets it only when it adds information: the first
view of a page, a change the page's text cannot show (it looks different, its text is the same), or when it asked
with the `look` action. Otherwise the step tells it a screenshot is there for the asking. What is sent is scaled to
at most MAX_IMAGE_PIXELS, so an image costs at most ~310 tokens, known before sending; the snapshot carries the
page's words, the image its look.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field
from urllib.parse import urldefrag

from PIL import Image

QUALITY = 80
"""JPEG quality of the screenshots taken and sent."""
MAX_IMAGE_EDGE = 1568
"""Claude scales larger images down anyway."""
MAX_IMAGE_PIXELS = 640 * 360
"""A 1280x720 viewport at half its size: ~307 tokens (pixels / 750), still legible, and for a JPEG the cheapest
scaling there is (decoded at half size)."""


@dataclass(frozen=True)
class Glance:
    """What a step's policy compares: where the page is, what its text says, what it looks like."""

    url: str
    text: str
    image: str

    @classmethod
    def of(cls, url: str, text: str, image: bytes | None) -> Glance:
        return cls(urldefrag(url).url, _digest(text.encode()), _digest(image or b""))


@dataclass
class ScreenshotPolicy:
    """Remembers what the model has seen in one session."""

    shown_urls: set[str] = field(default_factory=set)
    previous: Glance | None = None

    def reason(self, now: Glance, asked: bool) -> str | None:
        """Why this step's screenshot goes to the model, or None when it does not."""
        previous, self.previous = self.previous, now
        reason = None
        if asked:
            reason = "you asked to look"
        elif now.url not in self.shown_urls:
            reason = "your first view of this page"
        elif previous is not None and previous.text == now.text and previous.image != now.image:
            reason = "the page looks different, though its text is the same"
        if reason is not None:
            self.shown_urls.add(now.url)
        return reason


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def for_model(image: bytes, max_pixels: int = MAX_IMAGE_PIXELS) -> bytes:
    """The screenshot scaled down (never up) so that its long edge and pixel count (`max_pixels`,
    --useragent-screenshot-size), and so its token cost, are bounded. A JPEG is decoded straight at 1/2, 1/4 or 1/8
    of its size where that is enough."""
    with Image.open(io.BytesIO(image)) as opened:
        width, height = opened.size
        factor = min(1.0, MAX_IMAGE_EDGE / max(width, height), (max_pixels / (width * height)) ** 0.5)
        if factor >= 1.0:
            return image
        size = (max(1, int(width * factor)), max(1, int(height * factor)))
        opened.draft("RGB", size)
        scaled = opened.convert("RGB")
        if scaled.size != size:
            scaled = scaled.resize(size, Image.Resampling.LANCZOS)
        out = io.BytesIO()
        scaled.save(out, format="JPEG", quality=QUALITY)
        return out.getvalue()


def media_type(image: bytes) -> str:
    """image/png or image/jpeg, from the bytes' signature."""
    return "image/png" if image.startswith(b"\x89PNG") else "image/jpeg"


def image_tokens(image: bytes) -> int:
    """Claude's token cost of an image: width x height / 750."""
    with Image.open(io.BytesIO(image)) as opened:
        width, height = opened.size
    return int(width * height / 750) + 1

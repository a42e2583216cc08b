"""Which screenshots go to the model, and at what size. Pure: bytes in, bytes out.

Every step takes a screenshot (JPEG) for the report; the model gets it only when it adds information: the first
view of a page, a screen that changed since the last screenshot the model saw (a single-page app that adds a row or
opens a panel keeps its URL: what is on screen decides, measured on a 64x36 grey thumbnail), or when it asked with
the `look` action. What changed is told first by the page's text (`screen_of`: its ai snapshot without refs, boxes
or pointer marks): text that appeared or changed, a region that opened or closed, a widget's state, focus moved to
another element, a new document's words; a screen whose text is unchanged counts as changed when its thumbnail does
(a picture, a layout moving). Identical screenshot bytes are no change, whatever the text says (focus moved on a page
that draws no focus ring). Otherwise the step tells it a screenshot is there for the asking. Unasked screenshots are
at most MAX_UNASKED_SCREENSHOTS a session (a carousel that changes every step would otherwise send one every step);
what is sent is scaled to at most MAX_IMAGE_PIXELS, so an image costs at most ~310 tokens, known before sending. The
snapshot carries the page's words, the image its look.
"""

from __future__ import annotations

import functools
import hashlib
import io
import re
from dataclasses import dataclass, field
from urllib.parse import urldefrag

from PIL import Image

from pytest_useragent.records.page import Observation

QUALITY = 80
"""JPEG quality of the screenshots taken and sent."""
MAX_IMAGE_EDGE = 1568
"""Claude scales larger images down anyway."""
MAX_IMAGE_PIXELS = 640 * 360
"""A 1280x720 viewport at half its size: ~307 tokens (pixels / 750), still legible, and for a JPEG the cheapest
scaling there is (decoded at half size)."""


MAX_UNASKED_SCREENSHOTS = 20
"""Screenshots a session sends without being asked: ~6,000 tokens at most; `look` always gets one."""
CHANGED_SHARE = 0.02
"""A screen counts as changed when this share of its thumbnail changed: a new list row or a message, not a cursor."""
THUMBNAIL = (64, 36)
_LEVELS = 24
"""How far a thumbnail pixel's grey must move to count as changed: JPEG noise moves it less."""
_UNSEEN = re.compile(r" \[(?:ref|box|cursor)=[^\]\n]*\]| \[active\]")
"""What a snapshot line carries that a person does not see as words: its ref, its box (a layout moving is the
thumbnail's to tell), the pointer cursor; the focus marker is told apart (`Glance.focus`)."""
_FOCUSED = re.compile(r"^.*\[active\].*$", re.MULTILINE)


def screen_of(snapshot: str) -> tuple[str, str]:
    """What a page says and shows as words, as a digest: roles, names, text, values and states of its ai snapshot,
    without refs, boxes, cursors or the focus marker; and the element focus is on (its line, without its ref and
    box; the innermost of the marked ones). One regex pass and a hash: cheap on a page of 10,000 rows. Empty when
    there is no snapshot."""
    if not snapshot:
        return "", ""
    marked = _FOCUSED.findall(snapshot)
    focus = _UNSEEN.sub("", marked[-1]).strip() if marked else ""
    return _digest(_UNSEEN.sub("", snapshot).encode()), focus


@dataclass(frozen=True)
class Glance:
    """What a step's policy compares: where the page is, and what is on screen."""

    url: str
    image: str
    """The screenshot's digest."""
    screenshot: bytes = field(default=b"", repr=False, compare=False)
    words: str = ""
    """The page's text and states as a digest (`screen_of`); empty when not known."""
    focus: str = ""
    """The focused element's line (`screen_of`); empty when focus is on the page itself or not known."""
    ring: bool = False
    """Whether focus shows as a ring (`:focus-visible`): a mouse click focuses a button without one."""

    @classmethod
    def of(cls, url: str, image: bytes | None, snapshot: str = "", ring: bool = False) -> Glance:
        words, focus = screen_of(snapshot)
        return cls(urldefrag(url).url, _digest(image or b""), image or b"", words, focus, ring)

    @classmethod
    def seen(cls, observation: Observation) -> Glance:
        """The glance of one look: its address, its screenshot, its snapshot and whether focus shows."""
        return cls.of(observation.url, observation.image, observation.full_snapshot, observation.focus_ring)

    @functools.cached_property
    def thumbnail(self) -> bytes:
        """The screenshot as 64x36 grey levels; empty when it could not be read. Made only when two screens of a
        page differ in their bytes (a revisited page that looks the same never decodes its screenshot)."""
        return _thumbnail(self.screenshot)

    def changed_since(self, other: Glance) -> bool:
        """Whether the screen changed enough since `other` to be worth an image: its pixels differ, and its words or
        states did, or its focus ring moved to another element, or its thumbnail did by `CHANGED_SHARE`."""
        if self.image == other.image:
            return False
        if self.words and other.words and self.words != other.words:
            return True  # text, a region or a state changed, and the pixels with them
        if self.ring and self.focus != other.focus:
            return True  # a focus ring moved to another element
        if not self.thumbnail or len(self.thumbnail) != len(other.thumbnail):
            return True  # a screenshot we cannot measure: only its bytes tell, and they differ
        moved = sum(abs(a - b) > _LEVELS for a, b in zip(self.thumbnail, other.thumbnail, strict=True))
        return moved >= CHANGED_SHARE * len(self.thumbnail)


@dataclass
class ScreenshotPolicy:
    """Remembers what the model has seen of each page in one session."""

    shown: dict[str, Glance] = field(default_factory=dict)
    """Each page's screen as the model last saw it."""
    unasked: int = 0
    blind: bool = False
    """A screen-reader persona's: no screenshot ever goes to the model; the report keeps its first view of each page
    (`take`)."""
    kept: set[str] = field(default_factory=set)
    """The pages a blind persona's session has a screenshot of."""

    def take(self, url: str) -> bool:
        """Whether the look at `url` takes a screenshot: always for a persona who sees; for a screen-reader persona,
        who never gets one, only its first look at each page, which the report shows (a screenshot is about half of
        a look's time in the browser: ~25 ms of a ~55 ms step)."""
        if not self.blind:
            return True
        page = urldefrag(url).url
        if page in self.kept:
            return False
        self.kept.add(page)
        return True

    def reason(self, now: Glance, asked: bool) -> str | None:
        """Why this step's screenshot goes to the model, or None when it does not."""
        seen = self.shown.get(now.url)
        reason = None
        if self.blind:
            reason = None
        elif asked:
            reason = "you asked to look"
        elif self.unasked >= MAX_UNASKED_SCREENSHOTS:
            reason = None
        elif seen is None:
            reason = "your first view of this page"
        elif now.changed_since(seen):
            reason = "the screen changed since you last saw it"
        if reason is not None:
            self.shown[now.url] = now
            self.unasked += not asked
        return reason

    @property
    def why_not(self) -> str:
        """Why a step sends no screenshot, for the model."""
        if self.blind:
            return "you use a screen reader: the page comes to you as its accessibility tree"
        if self.unasked >= MAX_UNASKED_SCREENSHOTS:
            return f"this session sent the {MAX_UNASKED_SCREENSHOTS} it sends unasked"
        return "the screen looks as you last saw it"


def _thumbnail(image: bytes) -> bytes:
    try:
        with Image.open(io.BytesIO(image)) as opened:
            opened.draft("L", (THUMBNAIL[0] * 2, THUMBNAIL[1] * 2))  # a JPEG decodes straight at 1/8
            return opened.convert("L").resize(THUMBNAIL, Image.Resampling.BILINEAR).tobytes()
    except (OSError, ValueError, Image.DecompressionBombError):
        return b""


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

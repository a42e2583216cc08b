"""Which screenshots go to the model. Pure.

Every step takes a screenshot for the report; the model gets it only when it adds information: the first view of
a page, a change the page's text cannot show (it looks different, its text is the same), or when it asked with the
`look` action. Otherwise the step tells it a screenshot is there for the asking. An image costs ~800 tokens, the
rest of a step a few hundred on a small page.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from urllib.parse import urldefrag


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

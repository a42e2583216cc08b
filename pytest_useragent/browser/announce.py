"""What a screen reader gives of a page, for a screen-reader persona's session: the tree it reads (`tree.py`), what
it announces after an action (focus moving, live regions speaking), and the check of a message it never announces
(`status-not-announced`, WCAG 4.1.3).

A page script (scripts/announce.js, in every document of the session) notes what changes after the persona's own
action; after the action has settled `heard` sorts it (scripts/heard.js): text a live region (aria-live,
role=status/alert/log, output) added is announced, text that appears elsewhere is not, though the persona may still
find it by reading. Derived from the DOM and ARIA, not from a real screen reader's speech."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent.browser import bounded
from pytest_useragent.browser.scripts import script
from pytest_useragent.records import ActionOutcome, Box, Issue
from pytest_useragent.records.announcement import Announcement
from pytest_useragent.records.rules import rule

_ANNOUNCE = script("announce.js")
_HEARD = script("heard.js", describe=True)
MAX_HEARD = 5
"""Announcements (and unannounced messages) kept of one action: a page that rewrites a log every tick says more."""
MAX_CHARS = 200
"""The most of one announcement kept; longer changed text outside a live region is new content, not a message."""
NEAR_PX = 300
"""A message this close (vertically, in CSS px) to the acted element, or inside its form, dialog or section, is the
answer to the action."""


@dataclass(frozen=True)
class Message:
    """Text that appeared after an action outside any live region: a screen reader said nothing of it."""

    text: str
    element: str
    """Its role and name (`generic "Message sent"`)."""
    near: bool
    box: Box | None = None


@dataclass(frozen=True)
class Heard:
    """What changed after one action, as a screen reader tells it."""

    announced: list[Announcement] = field(default_factory=list)
    unannounced: list[Message] = field(default_factory=list)
    acted: str | None = None
    """The element acted on, by role and name, when it is still there."""


class ScreenReader:
    """A screen-reader persona's reading of one page: installed with the session's PageWatcher, removed with it."""

    def __init__(self, page: Page, seconds: float) -> None:
        self._page = page
        self._seconds = seconds
        self._script: Any = None
        self.last: str | None = None
        """The tree of the last look, with each link's `/url`: what the persona's own rules read (`reading.py`)."""
        self._document: float | None = None
        """The document the last reading was of (its `performance.timeOrigin`): another one is a new page."""

    def start(self) -> None:
        self._script = bounded.call(self._page, self._seconds, "add_init_script", _ANNOUNCE)
        with bounded.quietly():  # a document going away: its successor gets the init script
            bounded.evaluate(self._page, self._seconds, _ANNOUNCE)
            self._document = bounded.evaluate(self._page, self._seconds, "performance.timeOrigin")

    def close(self) -> None:
        if self._script is not None:
            with bounded.quietly():
                bounded.call(self._script, self._seconds, "close")

    def tree(self, seconds: float) -> str:
        """The page's accessibility tree as assistive technology gets it, with boxes; `tree.reader_tree` gives it
        the refs of the ai snapshot taken after it (taken before, that one's refs would be forgotten)."""
        self.last = self._page.aria_snapshot(mode="default", boxes=True, timeout=seconds * 1000)
        return self.last

    def heard(self) -> Heard:
        """What the action that just settled made a screen reader say, and the messages it did not; when the action
        opened a new page, its title, as screen readers say it when a page loads (the page itself is read as a
        whole)."""
        try:
            found = bounded.evaluate(self._page, self._seconds, _HEARD, [MAX_HEARD, MAX_CHARS, NEAR_PX])
        except PlaywrightError:  # the document went away: its successor is read anew
            return Heard()
        page: dict[str, Any] = (found.get("page") if isinstance(found, dict) else None) or {}
        # a document no action of the persona's reached, other than the last one read: the action opened it (the
        # page the harness opened before the first step is no news: the persona's first action reaches it)
        opened = found is not None and "announced" not in found
        new = opened and bool(page) and page.get("origin") != self._document
        if page:
            self._document = page.get("origin")
        titled = [Announcement(kind="page", text=str(page.get("title") or "untitled")[:MAX_CHARS])] if new else []
        if not found or opened:
            return Heard(announced=titled)
        focus = [Announcement(kind="focus", text=found["focus"])] if found["focus"] else []
        return Heard(
            announced=titled + focus + [Announcement(**said) for said in found["announced"]],
            unannounced=[
                Message(text=item["text"], element=item["element"], near=item["near"], box=Box.parse(item["box"]))
                for item in found["unannounced"]
            ],
            acted=found["acted"],
        )

    def after(self, done: ActionOutcome, found: list[Issue]) -> ActionOutcome:
        """The action's outcome with what was announced; a message near the acted element that was not announced
        goes to `found`."""
        heard = self.heard()
        found.extend(status_not_announced(heard, done.locator))
        return done.model_copy(update={"announced": heard.announced}) if heard.announced else done


def status_not_announced(heard: Heard, locator: str | None) -> list[Issue]:
    """One issue for the messages that appeared near the acted element outside any live region. Pure."""
    near = [message for message in heard.unannounced if message.near]
    if not near:
        return []
    first = near[0]
    after = f"after {heard.acted}: " if heard.acted else ""
    return [
        rule("status-not-announced").issue(
            f'{after}"{first.text}" appeared outside any live region (role=status, alert or aria-live), and focus '
            "stayed where it was",
            first.element,
            locator=locator,
            box=first.box,
            count=len(near),
            examples=[message.element for message in near],
        )
    ]

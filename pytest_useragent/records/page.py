"""What a step saw of the page and did to it: the observation, the page's signals, the outcome of an action,
the claim of done, and what the browser did beside the page."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, Field

from pytest_useragent.records.announcement import Announcement
from pytest_useragent.records.evidence import state_claim

_NAMELESS = re.compile(r"[a-z][\w-]*(\s*\[(?!ref=)[^\]]+\])+")
"""A role and states with no name and no ref (`checkbox [checked]`): what an unnamed control looks like claimed
without the ref that alone names it."""


class FailedRequest(BaseModel):
    """A request that failed outright or was answered with a status of 400 or more."""

    method: str
    url: str
    resource: str
    """Playwright's resource type: document, script, fetch, image ..."""
    status: int | None = None
    error: str | None = None

    def __str__(self) -> str:
        return f"{self.method} {self.url} -> {self.status if self.status is not None else self.error}"


class SlowResponse(BaseModel):
    method: str
    url: str
    milliseconds: int

    def __str__(self) -> str:
        return f"{self.method} {self.url} took {self.milliseconds} ms"


class Signals(BaseModel):
    """What the page reported since the last look."""

    console_errors: list[str] = []
    failed_requests: list[FailedRequest] = []
    slow_responses: list[SlowResponse] = []
    left_out: dict[str, int] = {}
    """Per list above, how many more the page reported than are kept (see `PageWatcher`)."""


class Observation(BaseModel):
    """What the agent sees of the page at one moment. Knows nothing of Playwright."""

    url: str
    title: str
    snapshot: str
    """The page state the model is shown: the ai snapshot with refs, condensed when the page is large."""
    elements: int = 0
    """Elements (snapshot lines) on the whole page."""
    shown: int = 0
    """Of those, the ones `snapshot` shows in full; the rest it counts."""
    full_snapshot: str = Field("", exclude=True, repr=False)
    """The whole ai snapshot with boxes, for `find`; never sent whole, never serialized."""
    signals: Signals = Signals()
    image: bytes | None = Field(None, exclude=True, repr=False)
    """The screenshot (JPEG) as taken; never serialized."""
    fingerprint: str = Field("", exclude=True, repr=False)
    """The viewport and the document's length and hash as the look found them: what tells page states apart."""
    lang: str = Field("", exclude=True, repr=False)
    """The document's `lang` attribute, as the page wrote it (bounded): the language the offline engine reads its
    names in beside the goal's; never serialized."""
    focus_ring: bool = Field(False, exclude=True, repr=False)
    """Whether the focused element shows focus as a person sees it (`:focus-visible`): keyboard focus does."""


class Claim(BaseModel):
    """A `done` the persona claimed, and how the harness judged it (verdict.py)."""

    step: int
    evidence: str | None
    found_in: str | None = None
    """Where the evidence was found: "page" (its text), "page state" (a widget's state in its snapshot), or a document
    as "docs/<name>"; None when it was not."""
    success: bool | None = None
    """The test's success check at that moment; None when the test gave none."""
    kind: Literal["text", "state", "label", "focus", "before"] = "text"
    """What the evidence is: text on the page or in a document; an element in a state (`checkbox "X" [checked]`,
    checked against the page read again, `records/evidence.py`); or, refused: the bare label of a control whose state
    the goal asks for, an element named only by where focus is, or text that was on the page before the persona did
    anything, for a goal that asks for a state."""

    @property
    def accepted(self) -> bool:
        """The test's check decides when there is one; otherwise the evidence must be found."""
        return self.success if self.success is not None else self.found_in is not None

    @property
    def why_not(self) -> str:
        """Why the claim was not accepted, in one line for the persona and the reports."""
        if self.success is False:
            return "the test's success check says the goal is not reached"
        if not self.evidence:
            return "done came with no evidence: name the text on the page or in a document that shows the goal"
        if self.kind == "label":
            return (
                f'"{self.evidence}" is a label, on the page whatever its state: name the element and its state, '
                f'e.g. checkbox "{self.evidence}" [checked]'
            )
        if self.kind == "focus":
            return (
                "focus shows where you are, not that the goal is reached: name the element in the state or with the "
                'value the goal asks for (e.g. checkbox "Tea" [checked], combobox "Size" = Large), or the text the '
                "page shows as the result"
            )
        if self.kind == "before":
            return (
                f'"{self.evidence}" was on the page before you did anything, so it shows no choice made: name the '
                'element and its state or value, e.g. option "Large" [selected] or combobox "Size" = Large'
            )
        if self.kind == "state":
            valued = re.search(r'"\s*(\[[^\]]*\]\s*)*[:=]', self.evidence)
            return f"no element on the page is {self.evidence} now" + (
                " (or a value that proves nothing here: a value proves a goal to enter it or one that names it, "
                "never one to send, book, order or save it)"
                if valued
                else ""
            )
        lines = [line for line in self.evidence.splitlines() if line.strip()]
        if len(lines) > 1 and any(state_claim(line) for line in lines):
            return (
                "evidence is either text the page shows or elements in their states, one a line, not both: "
                f'your evidence "{self.evidence}" mixes them'
            )
        nameless = next((line.strip() for line in lines if _NAMELESS.fullmatch(line.strip())), None)
        if nameless is not None:  # `checkbox [checked]`: no name, no ref, so no one element
            return (
                f'"{nameless}" names no element: a control with no name is claimed by its ref as your snapshot shows '
                f"it, e.g. {nameless} [ref=e12], one a line and no page text beside it"
            )
        return f'your evidence "{self.evidence}" is not on the page, in your documents or in what an alert said'


class ActionOutcome(BaseModel):
    ok: bool
    message: str
    locator: str | None = None
    """The acted element as a stable Playwright locator, e.g. get_by_role("button", name="Buy")."""
    locators: list[str] = []
    """fill: each field typed, as `locator` is, in the fields' order (those before a field that failed)."""
    chosen: dict[int, str] = {}
    """fill: the fields (by their place, from 0) that were dropdowns, each with the label of the option it was set to
    (as the page spells it): an exported journey selects them."""
    claim: Claim | None = None
    """For `done`: the claim as judged; `ok` is whether it was accepted."""
    dead_click: bool = False
    """A click that showed no effect on the page (the message says so too, for the model and the report)."""
    came_round: bool = False
    """A press with a target whose walk came back round (or left the page) without reaching it."""
    presses: int | None = None
    """A press with a target or `times`: how often the key was pressed (what an exported journey presses)."""
    focus_stayed: str | None = None
    """A keyboard persona's Tab or Shift+Tab after which focus was on the element it was on before (the page took it
    back, or keeps it): that element, as the focus walk names it."""
    announced: list[Announcement] = []
    """For a screen-reader persona: what a screen reader said after the action (focus, live regions)."""


PageEventKind = Literal["dialog", "popup", "download", "blocked"]


class PageEvent(BaseModel):
    """Something the browser did beside the page: a dialog it showed (and how it was answered), a new tab or popup
    (which became the session's page), a download, or a navigation refused by the allowed hosts."""

    kind: PageEventKind
    url: str | None = None
    """popup: its URL; blocked: the refused address's origin only (its path and query may carry data)."""
    dialog: Literal["alert", "confirm", "prompt", "beforeunload"] | None = None
    message: str | None = None
    """dialog: its text."""
    answer: Literal["accepted", "dismissed"] | None = None
    file: str | None = None
    """download: the file name the site suggested."""
    size: int | None = None
    """download: its bytes; None when it did not finish in time or failed."""
    reason: str | None = None
    """blocked: why; download: why it failed; popup: why it was closed."""

    def __str__(self) -> str:
        if self.kind == "dialog":
            article = "an" if self.dialog == "alert" else "a"
            return f'{article} {self.dialog} dialog said "{self.message}"; it was {self.answer}'
        if self.kind == "popup":
            if self.reason:
                return f"a new tab opened, but {self.reason}"
            return f"a new tab opened: {self.url} (you are on it now; the old page stays open)"
        if self.kind == "download":
            size = f"{self.size} bytes" if self.size is not None else (self.reason or "not finished")
            return f"a download: {self.file} ({size})"
        return f"blocked: {self.reason}"


def alerts(events: Iterable[PageEvent]) -> list[str]:
    """What the alerts among `events` said: what a page told a person (a form some sites confirm only so); a confirm
    or a prompt asks, and shows nothing done. Pure."""
    return [event.message for event in events if event.dialog == "alert" and event.message]

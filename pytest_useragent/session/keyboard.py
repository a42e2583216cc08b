"""A keyboard persona's session: where its focus is and the way it walked (told to the model each step), its page
actions aimed at the element that has focus, and the checks only such a persona can make, after each of its
actions (`browser/keyboard.py`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urldefrag

from playwright.sync_api import Page

from pytest_useragent.browser.discard import passed
from pytest_useragent.browser.keyboard import (
    INNER_STOPS,
    FocusNow,
    escaped,
    focus_lost,
    focus_not_visible,
    focus_now,
    looked_for,
    trapped,
)
from pytest_useragent.records import Action, ActionOutcome, Issue
from pytest_useragent.records.focus import Focus, walk

KEYBOARD_USES = frozenset({"keyboard"})
"""The persona's `uses` that move with the keyboard alone: their actions are aimed at the focused element, and the
keyboard checks run on their steps."""
MOVES = frozenset({"Tab", "Shift+Tab"})
STUCK = 2
"""Tabs in a row that leave focus where it was before the page is walked for a trap: one may be a widget's own."""


@dataclass
class Keys:
    """A session's keyboard state: the focus walk of the page it is on, the elements whose focus style it has
    measured there (once each), and where focus was after its last action, with the address it was on."""

    focus: Focus | None = None
    url: str = ""
    measured: set[str] = field(default_factory=set)
    last: tuple[str, FocusNow] | None = None
    stuck: int = 0
    """Tabs in a row that left focus on the element it was on."""
    inner: bool = False
    """Whether that element has focus stops of its own (a player, a frame, a date field): Tabs go through them first."""

    @property
    def limit(self) -> int:
        """Tabs in a row on one element before the page is walked for a trap: those within its own stops not counted."""
        return STUCK + (INNER_STOPS if self.inner else 0)

    @property
    def within(self) -> bool:
        """Whether the last Tab that left focus where it was moved it among the element's own stops."""
        return self.inner and 0 < self.stuck <= INNER_STOPS

    def look(self, uses: str, url: str, snapshot: str) -> Focus | None:
        """The focus to tell a keyboard persona at this step (None for others), its walk carried on while the page
        is the same document."""
        if uses not in KEYBOARD_USES:
            return None
        page = urldefrag(url).url
        if page != self.url:
            self.measured.clear()
        self.focus, self.url = walk(self.focus, snapshot, same_page=page == self.url), page
        return self.focus

    def aim(self, action: Action) -> Action | ActionOutcome:
        """The action as a keyboard does it: `type` goes into the focused element (its ref filled in when the model
        gave none), and `type` or `press` on another element is refused (the keyboard acts where focus is)."""
        on = self.focus.ref if self.focus is not None else None
        if action.kind not in ("type", "press") or action.ref in (None, on):
            if action.kind == "type" and action.ref is None:
                if on is None:
                    return ActionOutcome(ok=False, message="nothing has focus to type into: Tab to a field first")
                return action.model_copy(update={"ref": on})
            return action
        where = f"focus is on {self.focus.on}" if self.focus is not None and self.focus.on else "nothing has focus"
        return ActionOutcome(ok=False, message=f"a keyboard acts where focus is ({where}): Tab to {action.ref} first")

    def before(self, page: Page, seconds: float) -> FocusNow | None:
        """Where focus is before an action: where the last action left it, when the page is still at that address
        (what happens between two actions, a look and the model's turn, moves no focus: the probes that do put it
        back), else asked of the page. Saves a page script a step."""
        if self.last is not None and self.last[0] == page.url:
            return self.last[1]
        return focus_now(page, seconds)

    def after(
        self,
        page: Page,
        action: Action,
        before: FocusNow | None,
        url_before: str,
        seconds: float,
        blocked: bool = False,
    ) -> list[Issue]:
        """The keyboard checks after an action: focus Tab moved to an element that gave it up at once, focus lost
        (never where the harness `blocked` a navigation: its refusal is not the page's doing), focus not shown where
        Tab moved it (once an element on a page), and, after an Escape that left focus where it was or Tabs that each
        left it on the same element, a trap."""
        moved = action.kind == "press" and action.key in MOVES
        # where Tab moved focus, given up at once (read before the probes below, whose own focus it is not)
        found = [gone] if moved and (gone := passed(page, seconds, action.key or "Tab")) else []
        after = focus_now(page, seconds, measure=self.measured if moved else None)  # where Tab moved focus: shown?
        same = urldefrag(page.url).url == urldefrag(url_before).url
        # Tab past the last control leaves the page for the browser's own bar, as it should: no focus is lost
        found += [lost] if not moved and not blocked and (lost := focus_lost(before, after, same)) else []
        if after is not None and after.same is not None:
            self.measured.add(after.element)
            found += [shown] if (shown := focus_not_visible(after)) else []
        if action.kind == "press" and action.key == "Escape" and not escaped(before, after):
            found += [trap] if (trap := trapped(page, seconds)) else []
        self.last = (page.url, after) if after is not None else None
        self.stuck = self.stuck + 1 if self._stayed(action, before, url_before) else 0
        self.inner = self.stuck > 0 and after is not None and after.inner
        if self.stuck == self.limit:  # Tab after Tab left focus where it was: the page takes it back
            tried = f"{action.key} x{self.stuck} that left focus on {after.element if after else 'it'}"
            found += [trap] if (trap := trapped(page, seconds, tried=tried)) else []
        return found

    def stayed(self, action: Action, before: FocusNow | None, url_before: str) -> str | None:
        """The element focus stayed on through a Tab or Shift+Tab (the page took it back), on the same page; None
        when focus moved, moved among the element's own stops, or the key was another."""
        return None if self.within else self._stayed(action, before, url_before)

    def _stayed(self, action: Action, before: FocusNow | None, url_before: str) -> str | None:
        if action.kind != "press" or action.key not in MOVES or before is None or not before.on or self.last is None:
            return None
        url, after = self.last
        same = urldefrag(url).url == urldefrag(url_before).url and after.document == before.document
        # the same element: its name and its place (two unnamed checkboxes in a row are two elements)
        alike = after.element == before.element and after.box == before.box
        return before.element if same and after.on and alike else None


def refused_looked_for(page: Page, uses: str, action: Action, seconds: float) -> list[Issue]:
    """What a keyboard persona tried to click or hover, when no keyboard reaches it: it looked for it there."""
    if uses not in KEYBOARD_USES or action.kind not in ("click", "hover") or not action.ref:
        return []
    return looked_for(page.locator(f"aria-ref={action.ref}"), seconds)

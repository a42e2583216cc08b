"""Where a keyboard persona's focus is and the way it came: told to the model each step, read by the offline engine.
Pure."""

from __future__ import annotations

from dataclasses import dataclass, field

from pytest_useragent.records.snapshot import INTERACTIVE_ROLES, focused, named

WALK_SHOWN = 8
"""The focused elements a step shows, newest last: enough to see where Tab has been on a page."""
WALK_KEPT = 400
"""The focused elements a walk keeps, to tell when focus comes back round on a page with many controls."""


@dataclass(frozen=True)
class Focus:
    """The element that has focus (`button "Buy" [ref=e3]`; None: the page itself, `<body>`), the ones focused
    before it on this page, oldest first, and whether focus came back to one of them (Tab goes round)."""

    on: str | None = None
    walked: list[str] = field(default_factory=list)
    round: bool = False

    @property
    def shown(self) -> list[str]:
        """The walk as a step tells it: its newest `WALK_SHOWN`."""
        return self.walked[-WALK_SHOWN:]

    @property
    def ref(self) -> str | None:
        """The ref of the focused element, as its line names it."""
        return self.on.rsplit("[ref=", 1)[1].rstrip("]") if self.on and "[ref=" in self.on else None


def walk(previous: Focus | None, snapshot: str, same_page: bool) -> Focus:
    """The focus after a look at `snapshot`: the element marked focused, and the walk so far on this page (a new page
    starts a new walk). Focus that stays where it was adds nothing to the walk."""
    line = focused(snapshot)
    on = named(line) if line is not None else None
    if previous is None or not same_page:
        return Focus(on=on)
    if on == previous.on:
        return previous
    walked = [*previous.walked, previous.on] if previous.on else previous.walked
    return Focus(on=on, walked=walked[-WALK_KEPT:], round=on is not None and on in walked)


WIDGET_ROLES = INTERACTIVE_ROLES | {"radiogroup", "tablist", "tree", "grid", "gridcell", "row", "menu", "menubar"}
"""Roles a press's target may begin with: then it names that role, not a word of some link's text."""


def reaches(element: str, target: str) -> bool:
    """Whether the element focus is on (`role "name"`, as the focus walk names it) is the one a press's target names:
    a target beginning with a role (`radio`, `link Pricing`) wants that role and the rest of its words in the name
    (a link "Radio Group Example" is no radio); any other, every word anywhere in the line, as `find` matches."""
    wanted = target.lower().split()
    role, _, name = element.lower().partition(" ")
    if wanted and wanted[0] in WIDGET_ROLES:
        return role == wanted[0] and all(word in name for word in wanted[1:])
    return all(word in element.lower() for word in wanted)

"""Where a step's screenshot shows the element the persona acted on and the elements its issues name: boxes
read from the ai snapshot (`boxes=True`) of the same look that took the screenshot, so no call on the page is needed.
Pure.

Bounded: at most `MAX_MARKS` a step, only boxes within the viewport. Nothing of the page's text is kept (a mark is a
box and a number or an action's kind), so a mark cannot carry a secret the masked screenshot hides. An issue's
element is found by the ref the persona gave it (of this same look), or when a check's locator names it by role and
name. The checks that name an element by CSS carry its box instead (`Issue.box`), measured on the live page: the
layout check there, axe on a copy of the page in another tab whose layout is not the screenshot's, so the copy notes
each element's box as the live page lays it out (`browser/audit.py`, open shadow roots included).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pytest_useragent.records import Box, Mark, Marks, Step
from pytest_useragent.records.keys import locator_chain, text_of
from pytest_useragent.records.snapshot import SnapshotLine, parse

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

MAX_MARKS = 8


def marks_of(snapshot: str, step: Step, viewport: ViewportSize | None) -> Marks | None:
    """The step's marks, or None when there is nothing to mark or no viewport to measure them in."""
    if not snapshot or not viewport or not step.screenshot:
        return None
    width, height = viewport["width"], viewport["height"]
    lines = [line for line in parse(snapshot) if "box" in line.attributes]
    found: list[Mark] = []
    action = step.action
    for ref in action.refs if action is not None else []:  # a fill marks each of its fields
        box = _box(next((line for line in lines if line.ref == ref), None))
        if box is not None and action is not None:
            found.append(Mark(kind="acted", box=box, label=action.kind))
    for number, issue in enumerate(step.issues, 1):
        named = _role_and_name(issue.locator)
        if issue.box is not None:  # a check's finding, measured on the live page
            box = issue.box
        elif issue.ref:  # the persona's finding, about an element of this look
            box = _box(next((line for line in lines if line.ref == issue.ref), None))
        elif named is not None:
            role, name = named
            box = _box(next((line for line in lines if line.role == role and text_of(line.name or "") == name), None))
        else:
            continue
        if box is not None:
            found.append(Mark(kind="issue", box=box, label=str(number)))
    shown = [mark for mark in found if _visible(mark.box, width, height)][:MAX_MARKS]
    return Marks(width=width, height=height, marks=shown) if shown else None


def _role_and_name(locator: str | None) -> tuple[str, str] | None:
    chain = locator_chain(locator) if locator else None
    for call, args, keywords in chain or []:
        if call == "get_by_role" and args and isinstance(keywords.get("name"), str):
            return str(args[0]), text_of(keywords["name"])
    return None


def _box(line: SnapshotLine | None) -> Box | None:
    return Box.parse(line.attributes.get("box")) if line is not None else None


def _visible(box: Box, width: int, height: int) -> bool:
    return (
        box.width > 0
        and box.height > 0
        and box.x < width
        and box.y < height
        and box.x + box.width > 0
        and box.y + box.height > 0
    )

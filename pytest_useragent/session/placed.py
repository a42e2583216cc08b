"""A step's findings placed against what its persona met, from the step's own look and action. Pure.

A persona's own finding gets the element its ref names in the look it was made on (`role "name"`, and its box):
a ref holds for one look only, and the element is what `records/same_problem.py` merges it with a check's finding by.

A check's finding is `met` when the persona met it at that step, by this rule:

1. its rule runs on the persona's own action (a click, a keyboard or screen-reader persona's action, its done:
   `ON_ACTION`): the action made it;
2. it is on the element the persona acted on: the same role and name as the line its ref named, or its locator is
   the action's;
3. its element was in the persona's view: its box within the viewport, or its role and name on a line of the page
   state the persona was sent; or
4. the persona's screen reader announced it (focus on it).

It is not met (`False`) when its element is placed elsewhere (a box outside the viewport, a role and name on no line
the persona was sent), or it is one of the requests and console messages (`signals`), which no person sees. A finding
nothing places (no box, no name: an axe finding on an unnamed element whose box a cached audit did not keep) is not
known to be unmet (`None`), and is told as before. What was not met stays in the session's issues and its report; it
is only not told to the persona.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pytest_useragent.records import Box, Issue, Step
from pytest_useragent.records.keys import text_of
from pytest_useragent.records.rule import Runs
from pytest_useragent.records.rules import RULES
from pytest_useragent.records.same_problem import role_and_name
from pytest_useragent.records.snapshot import SnapshotLine, parse

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

ON_ACTION: frozenset[Runs] = frozenset({"click", "keyboard-step", "screen-reader-step", "done"})
"""The rules that run on what the persona just did."""


def placed(step: Step, full_snapshot: str, sent: str, viewport: ViewportSize | None) -> list[Issue]:
    """The step's issues: its persona's with their element, its checks' with whether the persona met them."""
    lines = parse(full_snapshot)
    refs = {line.ref: line for line in lines if line.ref}
    acted = [refs[ref] for ref in (step.action.refs if step.action else []) if ref in refs]
    named = {_named(line) for line in acted} | {_named(line) for line in parse(sent)}
    named |= {_announced(said.text) for said in step.outcome.announced if said.kind == "focus"}
    named.discard(("", ""))
    locators = {step.outcome.locator, *step.outcome.locators} - {None}
    result = []
    for issue in step.issues:
        if issue.source == "persona":
            line = refs.get(issue.ref or "")
            result.append(issue if line is None else _of_line(issue, line))
            continue
        result.append(issue.model_copy(update={"met": _met(issue, named, locators, viewport)}))
    return result


def _met(
    issue: Issue, named: set[tuple[str, str]], locators: set[str | None], viewport: ViewportSize | None
) -> bool | None:
    rule = RULES.get(issue.rule or "")
    element = role_and_name(issue)
    in_view = issue.box is not None and viewport is not None and _within(issue.box, viewport)
    if (rule is not None and rule.runs in ON_ACTION) or issue.locator in locators or element in named or in_view:
        return True
    if (rule is not None and rule.runs == "signals") or issue.box is not None or element is not None:
        return False
    return None  # nothing places it (an element with no name and no box): not known to be unmet


def _of_line(issue: Issue, line: SnapshotLine) -> Issue:
    element = f'{line.role} "{line.name}"' if line.name else line.role
    box = Box.parse(line.attributes.get("box"))
    return issue.model_copy(update={"element": issue.element or element, "box": issue.box or box})


def _named(line: SnapshotLine) -> tuple[str, str]:
    return (line.role, text_of(line.name)) if line.name else ("", "")


def _announced(text: str) -> tuple[str, str]:
    """A focus announcement (`button "Send"`, maybe with states after it) as a role and a folded name."""
    role, _, rest = text.partition(" ")
    name = rest.split('"')[1] if rest.count('"') >= 2 else ""
    return (role, text_of(name)) if name else ("", "")


def _within(box: Box, viewport: ViewportSize) -> bool:
    return (
        box.width > 0
        and box.height > 0
        and box.x < viewport["width"]
        and box.y < viewport["height"]
        and box.x + box.width > 0
        and box.y + box.height > 0
    )

"""The WCAG 2.2 success criteria of levels A and AA, by number, with their short names: what a finding stands for
(`Issue.criteria`), and what a run's report says was tested, failed, or left to a person (`report/coverage.py`).
4.1.1 Parsing is left out: WCAG 2.2 made it obsolete (axe tags its rules `wcag2a-obsolete`). Pure.

axe-core names a criterion by a tag: "If the rule is required by WCAG, there is a tag that references the success
criterion number. For example, the `wcag111` tag means a rule is required for WCAG 2 success criterion 1.1.1"
(axe-core, doc/API.md, "Axe-core Tags"). Our rules name theirs in `records/rules.py` (`Rule.criterion`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

Level = Literal["A", "AA"]

CRITERIA: dict[str, tuple[str, Level]] = {
    "1.1.1": ("Non-text Content", "A"),
    "1.2.1": ("Audio-only and Video-only (Prerecorded)", "A"),
    "1.2.2": ("Captions (Prerecorded)", "A"),
    "1.2.3": ("Audio Description or Media Alternative (Prerecorded)", "A"),
    "1.2.4": ("Captions (Live)", "AA"),
    "1.2.5": ("Audio Description (Prerecorded)", "AA"),
    "1.3.1": ("Info and Relationships", "A"),
    "1.3.2": ("Meaningful Sequence", "A"),
    "1.3.3": ("Sensory Characteristics", "A"),
    "1.3.4": ("Orientation", "AA"),
    "1.3.5": ("Identify Input Purpose", "AA"),
    "1.4.1": ("Use of Color", "A"),
    "1.4.2": ("Audio Control", "A"),
    "1.4.3": ("Contrast (Minimum)", "AA"),
    "1.4.4": ("Resize Text", "AA"),
    "1.4.5": ("Images of Text", "AA"),
    "1.4.10": ("Reflow", "AA"),
    "1.4.11": ("Non-text Contrast", "AA"),
    "1.4.12": ("Text Spacing", "AA"),
    "1.4.13": ("Content on Hover or Focus", "AA"),
    "2.1.1": ("Keyboard", "A"),
    "2.1.2": ("No Keyboard Trap", "A"),
    "2.1.4": ("Character Key Shortcuts", "A"),
    "2.2.1": ("Timing Adjustable", "A"),
    "2.2.2": ("Pause, Stop, Hide", "A"),
    "2.3.1": ("Three Flashes or Below Threshold", "A"),
    "2.4.1": ("Bypass Blocks", "A"),
    "2.4.2": ("Page Titled", "A"),
    "2.4.3": ("Focus Order", "A"),
    "2.4.4": ("Link Purpose (In Context)", "A"),
    "2.4.5": ("Multiple Ways", "AA"),
    "2.4.6": ("Headings and Labels", "AA"),
    "2.4.7": ("Focus Visible", "AA"),
    "2.4.11": ("Focus Not Obscured (Minimum)", "AA"),
    "2.5.1": ("Pointer Gestures", "A"),
    "2.5.2": ("Pointer Cancellation", "A"),
    "2.5.3": ("Label in Name", "A"),
    "2.5.4": ("Motion Actuation", "A"),
    "2.5.7": ("Dragging Movements", "AA"),
    "2.5.8": ("Target Size (Minimum)", "AA"),
    "3.1.1": ("Language of Page", "A"),
    "3.1.2": ("Language of Parts", "AA"),
    "3.2.1": ("On Focus", "A"),
    "3.2.2": ("On Input", "A"),
    "3.2.3": ("Consistent Navigation", "AA"),
    "3.2.4": ("Consistent Identification", "AA"),
    "3.2.6": ("Consistent Help", "A"),
    "3.3.1": ("Error Identification", "A"),
    "3.3.2": ("Labels or Instructions", "A"),
    "3.3.3": ("Error Suggestion", "AA"),
    "3.3.4": ("Error Prevention (Legal, Financial, Data)", "AA"),
    "3.3.7": ("Redundant Entry", "A"),
    "3.3.8": ("Accessible Authentication (Minimum)", "AA"),
    "4.1.2": ("Name, Role, Value", "A"),
    "4.1.3": ("Status Messages", "AA"),
}
"""Number -> (short name, level), in the order of the guidelines."""

_TAG = re.compile(r"wcag(\d)(\d)(\d{1,2})")


def from_tags(tags: Iterable[str]) -> list[str]:
    """The success criteria an axe rule's tags name (`wcag111` -> `1.1.1`, `wcag1410` -> `1.4.10`), each once, in
    the order of the guidelines; a level's tag (`wcag2aa`) and anything else is no criterion."""
    found = {f"{m[1]}.{m[2]}.{m[3]}" for tag in tags if (m := _TAG.fullmatch(tag))}
    return ordered(found)


def number_of(criterion: str) -> str | None:
    """The number a rule's `criterion` starts with (`2.1.1 Keyboard` -> `2.1.1`); None for a heuristic."""
    number = criterion.split(" ", 1)[0]
    return number if re.fullmatch(r"\d\.\d\.\d{1,2}", number) else None


def named(number: str) -> str:
    """`1.1.1 Non-text Content`; a number outside the table (AAA, or a later version) as it is."""
    known = CRITERIA.get(number)
    return f"{number} {known[0]}" if known else number


def ordered(numbers: Iterable[str]) -> list[str]:
    """Criteria numbers each once, in the order of the guidelines (1.4.10 after 1.4.5)."""
    return sorted(set(numbers), key=lambda number: tuple(int(part) for part in number.split(".")))

"""What responds to a pointer but a screen reader reads as text (`control-not-exposed`, WCAG 4.1.2 by failure F59:
a script makes a `div` or `span` a control and gives it no role): found by the pointer scan a keyboard persona's
unreachable controls are found by (`scripts/unreachable.js`, asked for roles), told here. Pure."""

from __future__ import annotations

from typing import Any

from pytest_useragent.records import Issue
from pytest_useragent.records.grouping import counted
from pytest_useragent.records.rules import rule


def not_exposed(found: dict[str, Any]) -> list[Issue]:
    """The scan's elements as one issue that says how many (the first few as its examples)."""
    return counted(
        [
            rule("control-not-exposed").issue(
                f"{item['element']} responds to a pointer, but {item['why']}: a screen reader reads it as text"
                if item.get("why")
                else f"{item['element']} responds to a pointer (a click listener of its own, or a pointer cursor), "
                "but it has no role: a screen reader reads it as text, not as a button or link",
                item["element"],
                box=item["box"],
            )
            for item in found["found"]
        ],
        found["count"],
    )

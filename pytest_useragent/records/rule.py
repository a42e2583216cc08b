"""What a row of our check rules' table is (`records/rules.py`): `Rule`, when a rule runs (`Runs`, `WHEN`), and how a
row makes each of its findings (`Rule.issue`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pytest_useragent.records.decision import Severity
from pytest_useragent.records.issue import Box, Issue
from pytest_useragent.records.wcag import number_of

Runs = Literal[
    "page-state",
    "signals",
    "click",
    "keyboard-scan",
    "keyboard-step",
    "screen-reader-page",
    "screen-reader-step",
    "done",
]
"""When a rule runs, which is also how the corpus test drives its pages."""

WHEN: dict[Runs, str] = {
    "page-state": "once per page state, every persona",
    "signals": "every step, from the requests and console messages since the last look",
    "click": "after every click, once the page settled",
    "keyboard-scan": "a keyboard persona: once per page state, and on the element it tried to click or hover",
    "keyboard-step": "a keyboard persona: after each of its actions",
    "screen-reader-page": "a screen-reader persona: once per page state, on the tree it reads",
    "screen-reader-step": "a screen-reader persona: after each of its actions",
    "done": "when the persona says done and the test gave a success check",
}


@dataclass(frozen=True)
class Rule:
    """One objective rule of ours (see the module)."""

    id: str
    criterion: str
    """The WCAG 2.2 success criterion as `2.1.1 Keyboard`, or the heuristic the rule stands for where WCAG has none
    (`Nielsen #1 visibility of system status`)."""
    severity: Severity
    title: str
    """What a person reads first: the finding in a few words."""
    measures: str
    """What the detector measures, and what it deliberately lets pass (the correct patterns)."""
    runs: Runs
    quote: str
    """The persona's words for it, in the first person."""
    passes: tuple[str, ...]
    """Correct pages (under `tests/pages/`) that must yield no finding of this rule."""
    finds: tuple[str, ...]
    """Broken twins (under `tests/pages/`) that must yield exactly one finding of this rule, on the element each
    names."""
    replaces: tuple[str, ...] = ()
    """axe's rules whose finding inside this rule's finding's box is the same barrier: dropped where ours is made."""

    @property
    def heuristic(self) -> str:
        """The `Issue.heuristic` of its findings: `WCAG 2.1.1 Keyboard`, or the heuristic as written."""
        return f"WCAG {self.criterion}" if self.criterion[:1].isdigit() else self.criterion

    @property
    def wcag(self) -> bool:
        return self.criterion[:1].isdigit()

    def issue(
        self,
        evidence: str,
        element: str | None = None,
        *,
        title: str | None = None,
        severity: Severity | None = None,
        locator: str | None = None,
        box: Box | str | None = None,
        count: int = 1,
        examples: list[str] | None = None,
    ) -> Issue:
        """A finding of this rule: the row's criterion, severity and words, with what the detector saw (the evidence:
        what was tried and what happened) and the element by role and name. `title` where the finding's words carry
        a figure (`A request failed (404)`); keys include the title, so a row's title is the one its findings keep."""
        return Issue(
            source="check",
            rule=self.id,
            severity=severity or self.severity,
            heuristic=self.heuristic,
            title=title or self.title,
            evidence=evidence,
            element=element,
            locator=locator,
            quote=self.quote,
            box=Box.parse(box) if isinstance(box, str) else box,
            count=count,
            examples=examples or [],
            criteria=[number] if (number := number_of(self.criterion)) else [],
        )

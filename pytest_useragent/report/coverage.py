"""Which WCAG 2.2 A and AA success criteria a run tested, which failed, which were left for review, and which no
check covers, so a person must (`Run.wcag`, a section of report.md and report.html, counts in report.json). Pure.

A criterion is tested when a check that stands for it ran in a session (`SessionResult.checked`: axe's rules that ran,
by their tags, and ours by when they run), whatever it found; it failed when an objective finding names it
(`Issue.criteria`); it is to review when only findings a check could not decide name it. Tested is not met: an
automated check covers part of a criterion, and a criterion with nothing found may still fail where no check looks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import BaseModel, computed_field

from pytest_useragent.records import AnySession
from pytest_useragent.records.wcag import CRITERIA, named, ordered


class Coverage(BaseModel):
    """The run's WCAG 2.2 A/AA criteria, each by number, in the guidelines' order."""

    tested: list[str] = []
    """A check that stands for it ran (those that failed or are to review included)."""
    failed: list[str] = []
    """An objective finding names it."""
    to_review: list[str] = []
    """Only findings left for review name it."""
    untested: list[str] = []
    """No check ran for it: a person must test it."""

    @computed_field  # type: ignore[prop-decorator]
    @property
    def counts(self) -> dict[str, int]:
        """How many of the criteria are in each list, for report.json's readers."""
        return {
            "criteria": len(CRITERIA),
            "tested": len(self.tested),
            "failed": len(self.failed),
            "to_review": len(self.to_review),
            "passed_checks": len(self.tested) - len(self.failed) - len(self.to_review),
            "untested": len(self.untested),
        }

    @property
    def clean(self) -> list[str]:
        """Tested, and nothing found: no finding, objective or to review, names it."""
        return [number for number in self.tested if number not in self.failed and number not in self.to_review]

    @staticmethod
    def names(numbers: Iterable[str]) -> list[str]:
        """`1.1.1 Non-text Content`, each."""
        return [named(number) for number in numbers]


def coverage(sessions: Sequence[AnySession], findings: Iterable[tuple[str, list[str]]]) -> Coverage:
    """The run's coverage from its sessions' `checked` and its findings as (trust, criteria) pairs."""
    failed: set[str] = set()
    doubted: set[str] = set()
    for trust, criteria in findings:
        (doubted if trust == "review" else failed).update(number for number in criteria if number in CRITERIA)
    doubted -= failed
    tested = {number for session in sessions for number in session.checked if number in CRITERIA} | failed | doubted
    return Coverage(
        tested=ordered(tested),
        failed=ordered(failed),
        to_review=ordered(doubted),
        untested=[number for number in CRITERIA if number not in tested],
    )

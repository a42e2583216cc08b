"""The account of a session the wrap-up call sends: bounded whatever the session was. Pure.

A session of many steps on a noisy page would otherwise send every step's page title, outcome and every issue (a
10,000-element page made a 950,000-character wrap-up prompt). The recap keeps the first and the last steps, the most
severe of the issues the persona met (its own, and the checks' it met: `met`), each field cut, and says what it left
out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pytest_useragent.records import Issue, Step
from pytest_useragent.records.grouping import deduplicated
from pytest_useragent.records.result import Judged, judged

FIRST_STEPS = 5
LAST_STEPS = 25
"""Steps told in full: how it began, and how it ended, which is what the verdict is mostly about."""
MAX_ISSUES = 30
MAX_FIELD_CHARS = 150
"""Titles, outcomes and evidence come from the page or the model: any length."""
MAX_SUMMARY_CHARS = 3_000


@dataclass(frozen=True)
class StepLine:
    index: int
    page: str
    expectation: str
    action: str
    outcome: str
    verdict: Judged | None
    """The verdict this step's expectation received (at the next step); None when it was never judged."""
    last: bool = False


@dataclass(frozen=True)
class Recap:
    summary: str
    first: list[StepLine]
    steps_left_out: int
    """Steps between `first` and `last` that are not told."""
    last: list[StepLine]
    issues: list[Issue]
    """The most severe of the issues the persona met (`met`), deduplicated, their text cut."""
    issues_left_out: int


def recap(steps: list[Step], summary: str) -> Recap:
    lines = [_line(step, verdict) for step, verdict in zip(steps, judged(steps), strict=True)]
    if lines:
        lines[-1] = replace(lines[-1], last=True)
    if len(lines) > FIRST_STEPS + LAST_STEPS:
        first, last = lines[:FIRST_STEPS], lines[-LAST_STEPS:]
    else:
        first, last = lines, []
    issues = [issue for issue in deduplicated(steps) if met(issue)]
    return Recap(
        summary=clip(summary, MAX_SUMMARY_CHARS),
        first=first,
        steps_left_out=len(lines) - len(first) - len(last),
        last=last,
        issues=[
            issue.model_copy(
                update={"title": clip(issue.title, MAX_FIELD_CHARS), "evidence": clip(issue.evidence, MAX_FIELD_CHARS)}
            )
            for issue in issues[:MAX_ISSUES]
        ],
        issues_left_out=max(len(issues) - MAX_ISSUES, 0),
    )


def met(issue: Issue) -> bool:
    """Whether the persona met an issue: its own (a check's it reported too included), or a check's finding it met
    at its step (`session/placed.py`; one not decided, in an older record, counts as met). What axe left for a
    person to review (`trust` "review": it could not tell) is no problem anyone met, and is not told as one."""
    return issue.source == "persona" or (issue.met is not False and issue.trust != "review")


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _line(step: Step, verdict: Judged | None) -> StepLine:
    return StepLine(
        index=step.index,
        page=clip(step.title or step.url, MAX_FIELD_CHARS),
        expectation=clip(step.expectation, MAX_FIELD_CHARS),
        action=clip(step.action.describe() if step.action else "nothing", MAX_FIELD_CHARS),
        outcome=clip(step.outcome.message, MAX_FIELD_CHARS),
        verdict=verdict and verdict.model_copy(update={"note": clip(verdict.note, MAX_FIELD_CHARS)}),
    )

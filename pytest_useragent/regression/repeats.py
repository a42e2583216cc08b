"""Repeats: one `agent.run` as N sessions (`--useragent-repeat=N`, marker `repeat=`), each in a fresh browser
context, and what they add up to. The statistics are pure (`repeat_stats`, `combined`); `repeated` runs them.

Why a fresh context: a persona's second session on a page whose cookies and storage the first one changed (signed
up, filled a cart) is not a repeat of the first. Each repeat after the first gets a new context of the same
browser made like the test's (browser/context.py `again`: the storage state the page had before the first session,
so a test that logs in with `page` first stays logged in, the test's context options and routes). A persistent
context has no browser to make another one: its repeats run on the same page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

from pydantic import BaseModel

from pytest_useragent.records import (
    ERROR_OUTCOMES,
    SEVERITY_ORDER,
    AnySession,
    ExpectationStats,
    Issue,
    IssueList,
    SessionResult,
    Severity,
    Source,
    Usage,
)
from pytest_useragent.regression.stats import Rate, goal_rate, median, rate
from pytest_useragent.templates import bounded

if TYPE_CHECKING:  # the statistics are read without a browser (`useragent combine`): Playwright takes 0.1 s to import
    from playwright.sync_api import Page

REPRODUCED = 2
"""Sessions an issue must appear in to count as reproduced (`issues.trust_of`)."""


class IssueSightings(BaseModel):
    """One issue (key) of a repeated test: in how many of its sessions it appeared."""

    key: str
    title: str
    severity: Severity
    source: Source
    sessions: int

    @property
    def reproduced(self) -> bool:
        return self.sessions >= REPRODUCED


class RepeatStats(BaseModel):
    """The aggregate of one test's sessions: rates with Wilson 95% intervals, medians, issues by sessions met."""

    sessions: int
    goal: Rate
    """Sessions whose goal was reached (verified), of those that had one (an exploration has none)."""
    met_rate: Rate
    """Expectations met, of all evaluated, over every session."""
    steps: list[int]
    steps_median: float
    cost_usd: float
    """All sessions together."""
    cost_median_usd: float
    issues: list[IssueSightings]
    """Most sessions first, then most severe."""

    @property
    def reproduced(self) -> int:
        """Issues met in two sessions or more."""
        return sum(1 for issue in self.issues if issue.reproduced)


class RepeatedResult(SessionResult):
    """An `agent.run` repeated: its own fields are those of the first session that did not reach the goal (else of
    the first), so `goal_achieved` is True only when every session reached it and `directory` is the one to look at;
    except `issues` (every session's, by key, a persona's finding met in two sessions `reproduced`), `expectations`,
    `usage` and `cost_usd` (summed). `sessions` holds each session, `stats` the aggregate."""

    sessions: list[SessionResult]
    stats: RepeatStats


def repeat_stats(results: Sequence[AnySession]) -> RepeatStats:
    counts: dict[str, int] = {}
    first: dict[str, Issue] = {}
    for result in results:
        for issue in result.issues:
            counts[issue.key] = counts.get(issue.key, 0) + 1
            first.setdefault(issue.key, issue)
    issues = [
        IssueSightings(
            key=key, title=bounded(issue.title), severity=issue.severity, source=issue.source, sessions=counts[key]
        )
        for key, issue in first.items()
    ]
    return RepeatStats(
        sessions=len(results),
        goal=goal_rate([result.goal_achieved for result in results]),
        met_rate=rate(sum(r.expectations.met for r in results), sum(r.expectations.total for r in results)),
        steps=[len(result.steps) for result in results],
        steps_median=median([len(result.steps) for result in results]),
        cost_usd=sum(result.cost_usd for result in results),
        cost_median_usd=median([result.cost_usd for result in results]),
        issues=sorted(issues, key=lambda entry: (-entry.sessions, -SEVERITY_ORDER[entry.severity])),
    )


def combined(results: list[SessionResult]) -> RepeatedResult:
    """The sessions of one repeated run as one result (see `RepeatedResult`)."""
    shown = next((result for result in results if result.goal_achieved is False), results[0])
    stats = repeat_stats(results)
    met = {issue.key: issue.sessions for issue in stats.issues}
    issues: dict[str, Issue] = {}
    for result in results:
        for issue in result.issues:
            if issue.key not in issues:
                trust = "reproduced" if issue.source == "persona" and met[issue.key] >= REPRODUCED else issue.trust
                issues[issue.key] = issue.model_copy(update={"trust": trust})
    expectations = ExpectationStats(
        **{
            name: sum(getattr(r.expectations, name) for r in results)
            for name in ("met", "partial", "unmet", "surprised")
        }
    )
    usage = sum((result.usage for result in results), Usage())
    fields = {name: getattr(shown, name) for name in SessionResult.model_fields}
    fields.update(
        issues=IssueList(sorted(issues.values(), key=lambda issue: -SEVERITY_ORDER[issue.severity])),
        expectations=expectations,
        usage=usage,
        cost_usd=sum(result.cost_usd for result in results),
    )
    return RepeatedResult(**fields, sessions=results, stats=stats)


def repeated(
    run: Callable[[Page], SessionResult], page: Page, times: int, fresh: Callable[[], AbstractContextManager[Page]]
) -> RepeatedResult:
    """`run` `times` times, the first on `page`, each next on a page `fresh` opens (see the module); stops early
    when a session was stopped from outside (the budget, the API, the page, Ctrl-C raises on its own)."""
    results = [run(page)]
    while len(results) < times and results[-1].outcome not in ERROR_OUTCOMES:
        with fresh() as next_page:
            results.append(run(next_page))
    return combined(results)

"""The run's headline as every report opens with it (report.html's dashboard, report.md, the GitHub summary, the
terminal): the verdict, goals, expectations, issues counted one way, cost against budget, and the gate with only
the limits it exceeded; and the run's issues grouped by key, each with its standing against the baseline. Pure.

One count vocabulary everywhere: an issue is one flaw (one key), a *distinct issue*; each test it was met in is an
*occurrence*: "12 distinct issues (71 occurrences in 18 tests)". A comparison's new, resolved and persisting issues
are counted the same way (`regression/exceeded.py`'s `grouped`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from pytest_useragent.regression.compare import Comparison
from pytest_useragent.regression.exceeded import Exceeded, IssueGroup, exceeded, grouped
from pytest_useragent.report.summary import E, Run, RunIssue
from pytest_useragent.templates import counted

FAILED_OUTCOMES = ("failed", "error")


def issue_count(entries: Sequence[RunIssue], word: str = "issue") -> str:
    """`12 distinct issues (71 occurrences in 18 tests)`; `1 distinct issue (in 1 test)`; `no issues`."""
    if not entries:
        return f"no {word}s"
    occurrences = sum(len(entry.tests) for entry in entries)
    tests = len({test for entry in entries for test in entry.tests})
    where = counted(tests, "test")
    inside = f"in {where}" if occurrences == len(entries) and tests == 1 else f"{occurrences} occurrences in {where}"
    return f"{len(entries)} distinct {word}{'s' if len(entries) != 1 else ''} ({inside})"


def change_count(groups: Sequence[IssueGroup]) -> str:
    """A comparison's issues of one status counted the same way: `3 distinct issues (54 occurrences in 18 tests)`."""
    occurrences = sum(len(group.changes) for group in groups)
    tests = len({change.test for group in groups for change in group.changes})
    return (
        f"{len(groups)} distinct issue{'s' if len(groups) != 1 else ''} "
        f"({occurrences} occurrence{'s' if occurrences != 1 else ''} in {counted(tests, 'test')})"
    )


def unaudited(summary: Run[E]) -> str:
    """The pages axe could not audit in any session: `2 pages not audited (shop.test/, ...): their accessibility
    issues are unknown, not none`, said beside the issues so that none found is not read as none there; "" when
    every page was audited."""
    pages = sorted({page for session in summary.sessions for page in session.result.unaudited})
    if not pages:
        return ""
    listed = ", ".join(pages[:5]) + (", ..." if len(pages) > 5 else "")
    return f"{counted(len(pages), 'page')} not audited ({listed}): their accessibility issues are unknown, not none"


class Standing(BaseModel):
    """A run issue against the baseline: new in some tests, persisting in others."""

    new: int = 0
    persisting: int = 0
    regression: bool = False


class Headline(BaseModel):
    """What the dashboard says first."""

    failed: bool
    verdict: str
    """`Passed`, `Failed: the baseline gate (goal:0%), 2 failed tests`."""
    exceeded: list[Exceeded] = []
    goals: str
    met: str
    issues: str
    severities: str
    trust: str
    review: str
    unaudited: str = ""
    """`unaudited`'s words, or ""."""
    cost: str
    spent_fraction: float
    """What the run spent of its budget, 0 to 1 (the bar under the cost); 0 without a budget."""


def headline_of(summary: Run[E]) -> Headline:
    found = summary.found
    failed_tests = [test for test, outcome in summary.test_outcomes.items() if outcome in FAILED_OUTCOMES]
    comparison = summary.comparison
    beyond = exceeded(comparison) if comparison is not None else []
    reasons = []
    if beyond:
        reasons.append("the baseline gate (" + ", ".join(item.limit for item in beyond) + ")")
    if failed_tests:
        reasons.append(counted(len(failed_tests), "failed test"))
    if summary.crashed:
        reasons.append(counted(len(summary.crashed), "crashed test"))
    if summary.errors:
        reasons.append(f"{counted(len(summary.errors), 'session')} stopped from outside the app")
    with_goal = len(summary.sessions) - summary.explored
    goals = f"{summary.goals_achieved} of {counted(with_goal, 'session')}" if with_goal else "none given"
    if summary.explored:
        goals += f" ({summary.explored} explored)"
    severities = ", ".join(f"{count} {name}" for name, count in summary.issues_by_severity.items() if count)
    trusts = summary.issues_by_trust
    opinions = trusts.get("opinion", 0)
    trust = (
        f"{trusts.get('objective', 0)} objective, {trusts.get('reproduced', 0)} reproduced, "
        f"{counted(opinions, 'opinion')} (advisory)"
    )
    return Headline(
        failed=bool(reasons),
        verdict=("Failed: " + ", ".join(reasons)) if reasons else "Passed",
        exceeded=beyond,
        goals=goals,
        met=(f"{summary.met} of {summary.evaluated} ({summary.met_rate:.0%})" if summary.evaluated else "none judged"),
        issues=issue_count(found),
        severities=severities or "none",
        trust=trust if found else "",
        review=issue_count(summary.to_review, "finding") + " to review (gate nothing unless named)"
        if summary.to_review
        else "",
        unaudited=unaudited(summary),
        cost=f"{summary.money(summary.spent_usd)} of {summary.money(summary.budget_usd)}",
        spent_fraction=min(summary.spent_usd / summary.budget_usd, 1.0) if summary.budget_usd else 0.0,
    )


def standings(comparison: Comparison | None) -> dict[str, Standing]:
    """Each issue key's standing against the baseline, for the run's grouped issues."""
    found: dict[str, Standing] = {}
    for issue in comparison.issues if comparison is not None else []:
        standing = found.setdefault(issue.key, Standing())
        if issue.status == "new":
            standing.new += 1
            standing.regression = standing.regression or issue.regression
        elif issue.status == "persisting":
            standing.persisting += 1
    return found


def issue_groups(comparison: Comparison, status: str) -> list[IssueGroup]:
    """The comparison's issues of one status, grouped by key across tests."""
    return grouped(comparison.with_status(status))  # type: ignore[arg-type]

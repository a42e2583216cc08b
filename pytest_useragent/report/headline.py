"""The run in two lines, as the terminal tells it: pytest's (`plugin/collect.py`) and `useragent combine`'s."""

from __future__ import annotations

from pytest_useragent.report.dashboard import issue_count, unaudited
from pytest_useragent.report.summary import E, Run
from pytest_useragent.templates import counted


def headline(summary: Run[E]) -> list[str]:
    """The run in two lines: sessions, tests, goals, steps, expectations and issues; what it spent of its budget."""
    issues = ", ".join(f"{count} {name}" for name, count in summary.issues_by_severity.items() if count)
    trusted = summary.issues_by_trust
    if issues:
        issues = f"{issue_count(summary.found)}: {issues}" + (
            f" ({trusted.get('objective', 0)} objective, {trusted.get('reproduced', 0)} reproduced, "
            f"{trusted.get('opinion', 0)} opinion{'s' if trusted.get('opinion', 0) != 1 else ''}: advisory)"
        )
    if summary.to_review:  # apart: a check could not decide them, a person must look
        issues = f"{issues or 'none'}; {issue_count(summary.to_review, 'finding')} to review (not gated)"
    if blind := unaudited(summary):  # none found there is unknown, not none
        issues = f"{issues or 'none'}; {blind}"
    judged = (
        f"expectations met {summary.met}/{summary.evaluated} ({summary.met_rate:.0%})"
        if summary.evaluated
        else "no expectation judged"
    )
    return [
        f"{counted(len(summary.sessions), 'session')} in {counted(summary.tests, 'test')}, "
        f"{counted(summary.goals_achieved, 'goal')} achieved, {counted(summary.steps, 'step')}, {judged}, "
        f"issues: {issues or 'none'}",
        f"spent {summary.money(summary.spent_usd)} of the {summary.money(summary.budget_usd)} budget",
    ]

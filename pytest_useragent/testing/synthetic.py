"""Synthetic SessionResults, for testing and benchmarking reports without a browser."""

from __future__ import annotations

from datetime import UTC, datetime

from pytest_useragent.records import (
    Action,
    ActionOutcome,
    Evaluation,
    ExpectationStats,
    Issue,
    IssueList,
    SessionOutcome,
    SessionResult,
    Signals,
    Step,
    Usage,
)
from pytest_useragent.records.persona import Persona

NOW = datetime(2026, 11, 22, tzinfo=UTC)


def session_result(
    *,
    persona: str = "Jana",
    outcome: SessionOutcome = "goal_achieved",
    steps: int = 3,
    met: int = 2,
    cost_usd: float = 0.01,
    issues: int = 1,
    seed: int = 0,
) -> SessionResult:
    """A plausible session: `steps` steps of which the first `met` met their expectation, `issues` issues on step 1."""
    found = [
        Issue(
            severity=("critical", "major", "minor", "cosmetic")[(n + seed) % 4],
            heuristic="Nielsen #1",
            title=f"issue {(n + seed) % 40}",
            evidence=f"evidence {n}",
            quote="As a user I expected more.",
            step=1,
        )
        for n in range(issues)
    ]
    verdict = Evaluation(verdict="met", note="as expected")
    records = [
        Step(
            index=n + 1,
            url=f"http://shop.test/{n}",
            title=f"Page {n}",
            screenshot=None,
            signals=Signals(),
            observation="I see the page.",
            evaluation=verdict if n < met else None,
            expectation="the next page opens",
            action=Action(kind="click", ref=f"e{n + 3}"),
            outcome=ActionOutcome(ok=True, message="clicked", locator='get_by_role("link", name="Next")'),
            issues=found if n == 0 else [],
            seconds=0.1,
        )
        for n in range(steps)
    ]
    return SessionResult(
        goal="Find the pricing",
        start_url="http://shop.test/",
        persona=Persona(name=persona),
        provider="offline",
        model="offline",
        outcome=outcome,
        steps=records,
        expectations=ExpectationStats(met=met),
        issues=IssueList(found),
        wrap_up=None,
        usage=Usage(input_tokens=1000 * steps, output_tokens=200 * steps),
        cost_usd=cost_usd,
        started_at=NOW,
        finished_at=NOW,
        directory="/nowhere",
        files={},
    )

"""Aggregation of a run's sessions into one summary. Pure: records in, record out."""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel

from pytest_useragent.pricing import money
from pytest_useragent.records import ERROR_OUTCOMES, SEVERITY_ORDER, Issue, SessionResult

REPORT_SCHEMA_VERSION = 1
"""The version of report.json's shape; raised whenever a field changes meaning or goes away."""


class SessionEntry(BaseModel):
    """One session as the run report lists it."""

    nodeid: str
    result: SessionResult

    @property
    def worst(self) -> int:
        """The rank of its most severe issue (3 critical ... 0 cosmetic), -1 with none."""
        return max((SEVERITY_ORDER[issue.severity] for issue in self.result.issues), default=-1)


class Crash(BaseModel):
    """A test whose worker died before it could report its sessions."""

    nodeid: str
    reason: str
    spent_usd: float = 0.0
    """What its sessions spent before they died, as the run's ledger booked it."""


class Stops(BaseModel):
    """What stopped sessions from outside the app under test, and the tests skipped because of it."""

    budget_exhausted: bool = False
    halted: str | None = None
    """Why the run stopped calling the model (the API refused its calls), or None."""
    skipped_for_budget: int = 0
    skipped_for_halt: int = 0


class RunIssue(BaseModel):
    """An issue across the run: the first report of it, and every test that met it."""

    issue: Issue
    tests: list[str]

    @property
    def rank(self) -> int:
        return SEVERITY_ORDER[self.issue.severity]


class RunSummary(BaseModel):
    schema_version: int = REPORT_SCHEMA_VERSION
    currency: str
    exchange_rate: float
    budget_usd: float
    spent_usd: float
    sessions: list[SessionEntry]
    crashed: list[Crash]
    tests: int
    goals_achieved: int
    steps: int
    met: int
    evaluated: int
    issues_by_severity: dict[str, int]
    issues: list[RunIssue]
    cost_usd: float
    personas: list[str]
    outcomes: list[str]
    unpriced_models: list[str]
    stops: Stops = Stops()
    false_dones: int = 0
    """Claims of done that neither their evidence nor the test's success check bore out."""

    @property
    def errors(self) -> list[SessionEntry]:
        """Sessions stopped by the API, the budget, the page or an interrupt, each with its one-line reason."""
        return [session for session in self.sessions if session.result.outcome in ERROR_OUTCOMES]

    @property
    def unaccounted_usd(self) -> float:
        """What the ledger spent that no session or crashed test accounts for (0 when every cent is)."""
        accounted = self.cost_usd + sum(crash.spent_usd for crash in self.crashed)
        return max(self.spent_usd - accounted, 0.0)

    @property
    def met_rate(self) -> float:
        return self.met / self.evaluated if self.evaluated else 0.0

    def money(self, usd: float) -> str:
        return money(usd, self.currency, self.exchange_rate)


def aggregate(
    sessions: list[SessionEntry],
    crashed: list[Crash],
    *,
    currency: str = "USD",
    exchange_rate: float = 1.0,
    budget_usd: float = 0.0,
    spent_usd: float | None = None,
    stops: Stops | None = None,
) -> RunSummary:
    """Totals over every session; issues deduplicated across the run, most severe first."""
    merged: dict[str, RunIssue] = {}
    for session in sessions:
        for issue in session.result.issues:
            entry = merged.setdefault(issue.key, RunIssue(issue=issue, tests=[]))
            if session.nodeid not in entry.tests:
                entry.tests.append(session.nodeid)
    issues = sorted(merged.values(), key=lambda entry: (-SEVERITY_ORDER[entry.issue.severity], -len(entry.tests)))
    severities: Counter[str] = Counter(entry.issue.severity for entry in issues)
    cost = sum(s.result.cost_usd for s in sessions)
    return RunSummary(
        currency=currency,
        exchange_rate=exchange_rate,
        budget_usd=budget_usd,
        spent_usd=cost if spent_usd is None else spent_usd,
        sessions=sessions,
        crashed=crashed,
        tests=len({s.nodeid for s in sessions} | {c.nodeid for c in crashed}),
        goals_achieved=sum(1 for s in sessions if s.result.goal_achieved),
        steps=sum(len(s.result.steps) for s in sessions),
        met=sum(s.result.expectations.met for s in sessions),
        evaluated=sum(s.result.expectations.total for s in sessions),
        issues_by_severity={
            name: severities[name] for name in sorted(SEVERITY_ORDER, key=SEVERITY_ORDER.__getitem__, reverse=True)
        },
        issues=issues,
        cost_usd=cost,
        personas=sorted({s.result.persona.name for s in sessions}),
        outcomes=sorted({s.result.outcome for s in sessions} | ({"crashed"} if crashed else set())),
        unpriced_models=sorted({s.result.model for s in sessions if not s.result.price_known}),
        stops=stops or Stops(),
        false_dones=sum(len(s.result.completion.false_dones) for s in sessions),
    )

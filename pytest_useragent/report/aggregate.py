"""Aggregation of a run's sessions into one summary. Pure: records in, record out."""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel

from pytest_useragent.records import SEVERITY_ORDER, SessionResult

REPORT_SCHEMA_VERSION = 1


class TestSession(BaseModel):
    """One session as the run report lists it."""

    nodeid: str
    result: SessionResult


class RunSummary(BaseModel):
    schema_version: int = REPORT_SCHEMA_VERSION
    sessions: list[TestSession]
    goals_achieved: int
    steps: int
    met: int
    evaluated: int
    issues_by_severity: dict[str, int]
    cost_usd: float

    @property
    def met_rate(self) -> float:
        return self.met / self.evaluated if self.evaluated else 0.0


def aggregate(sessions: list[TestSession]) -> RunSummary:
    severities: Counter[str] = Counter(issue.severity for s in sessions for issue in s.result.issues)
    return RunSummary(
        sessions=sessions,
        goals_achieved=sum(1 for s in sessions if s.result.goal_achieved),
        steps=sum(len(s.result.steps) for s in sessions),
        met=sum(s.result.expectations.met for s in sessions),
        evaluated=sum(s.result.expectations.total for s in sessions),
        issues_by_severity={
            name: severities[name] for name in sorted(SEVERITY_ORDER, key=lambda n: -SEVERITY_ORDER[n])
        },
        cost_usd=sum(s.result.cost_usd for s in sessions),
    )

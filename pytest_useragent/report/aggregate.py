"""Aggregation of a run's sessions into one summary. Pure: records in, record out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, TypeVar, get_args

from pydantic import BaseModel, computed_field, model_validator

from pytest_useragent.cost.pricing import money
from pytest_useragent.files import version_problem
from pytest_useragent.records import (
    ERROR_OUTCOMES,
    SEVERITY_ORDER,
    Issue,
    SessionResult,
    Setting,
    Severity,
    Trust,
    chosen,
)
from pytest_useragent.records.grouping import trust_of
from pytest_useragent.regression.baseline import RunMetadata, TrendPoint
from pytest_useragent.regression.compare import Comparison
from pytest_useragent.regression.repeats import RepeatStats, repeat_stats

T = TypeVar("T")

REPORT_SCHEMA_VERSION = 2
"""The version of report.json's shape; raised whenever a field changes meaning or goes away.
2: issues are merged by their stored `key` (`keys.issue_key`), carry `trust`, and list where they were `seen`.
Fields added since (`metadata`, `test_outcomes`, `comparison`, `trend`) keep the version: readers of 2 still read it."""


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


class ReplayTotals(BaseModel):
    """What cassettes did for the run (replay.py): steps replayed and live, what replay saved, where it diverged."""

    sessions: int = 0
    """Sessions run with a record mode."""
    replayed: int = 0
    live: int = 0
    saved_usd: float = 0.0
    """What the replayed steps cost when they were recorded."""
    diverged: list[str] = []
    """`<test>: step N: why`, one per session whose page no longer fit its cassette."""


class Stops(BaseModel):
    """What stopped sessions from outside the app under test, and the tests skipped because of it."""

    budget_exhausted: bool = False
    halted: str | None = None
    """Why the run stopped calling the model (the API refused its calls), or None."""
    skipped_for_budget: int = 0
    skipped_for_halt: int = 0


class Sighting(BaseModel):
    """One session that met an issue: its test, persona and the steps at which the issue was reported."""

    test: str
    persona: str
    steps: list[int]
    directory: str = ""
    """The session's directory, which the HTML report links to."""


class RunIssue(BaseModel):
    """One flaw across the run (one key): its first report, with the run's trust in it, and every session, test and
    step that met it."""

    issue: Issue
    tests: list[str]
    seen: list[Sighting] = []

    @property
    def rank(self) -> int:
        return SEVERITY_ORDER[self.issue.severity]

    @property
    def trust(self) -> Trust:
        return self.issue.trust

    @property
    def advisory(self) -> bool:
        """One persona's opinion: shown, not gated on (single-pass critiques are mostly wrong)."""
        return self.issue.trust == "opinion"


class PersonaRow(BaseModel):
    """One persona across the run's sessions, to compare personas: goals, met rate, SUS, issues."""

    persona: str
    sessions: int
    goals_achieved: int
    met: int
    evaluated: int
    sus: float | None = None
    """The mean SUS score of its sessions that took the survey; None when none did."""
    surveys: int = 0
    issues: int = 0
    """Distinct issues (by key) its sessions met."""
    settings: list[str] = []
    """The browsers its sessions ran in (`Setting.describe`), each once: a zoomed or phone persona shows it."""

    @property
    def met_rate(self) -> float:
        return self.met / self.evaluated if self.evaluated else 0.0


class TestView(BaseModel):
    """One test as the report shows it: its pytest outcome beside its sessions and their aggregate."""

    __test__ = False  # not a test class, for pytest, whatever its name
    nodeid: str
    outcome: str | None
    results: list[SessionResult]
    stats: RepeatStats


class TestStats(BaseModel):
    """One test's aggregate as report.json keeps it (report.md shows the same): sessions, goal and met rates with
    their Wilson 95% intervals, steps median, cost, issues by the sessions that met them."""

    __test__ = False
    nodeid: str
    outcome: str | None
    stats: RepeatStats
    reproduced: int
    """Issues met in two sessions or more."""
    settings: list[Setting] = []
    """The browsers its sessions ran in, each once (`SessionResult.setting`)."""


class RunSummary(BaseModel):
    schema_version: int = REPORT_SCHEMA_VERSION

    @model_validator(mode="before")
    @classmethod
    def _readable(cls, data: Any) -> Any:
        """report.json read back (`RunSummary.model_validate_json`): one made by a newer release says so."""
        if problem := version_problem(data, "schema_version", REPORT_SCHEMA_VERSION, "report.json"):
            raise ValueError(problem)
        return data

    currency: str
    exchange_rate: float
    budget_usd: float
    spent_usd: float
    sessions: list[SessionEntry]
    crashed: list[Crash]
    tests: int
    goals_achieved: int
    explored: int = 0
    """Sessions with no goal (`agent.explore`): counted apart, neither reached nor missed."""
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
    issues_by_trust: dict[str, int] = {}
    """How many of the run's issues are objective, reproduced, opinions."""
    by_persona: list[PersonaRow] = []
    """Each persona's sessions together, by name, for comparing personas."""
    replay: ReplayTotals = ReplayTotals()
    metadata: RunMetadata | None = None
    """Date, duration, commit, provider, model, plugin version."""
    test_outcomes: dict[str, str] = {}
    """Each test's pytest outcome: passed, failed, xfailed, xpassed, skipped, skipped by budget, error."""
    comparison: Comparison | None = None
    """The run against a baseline (`--useragent-compare`), first in every report."""
    trend: list[TrendPoint] = []
    """The storage's last runs (this one last): goal rate, met rate, cost."""
    copies: dict[str, str] = {}
    """Session directory -> its copy under the report folder, relative to it (`report/copies.py`)."""
    run_id: str | None = None
    """The run whose shared ledger (`--useragent-ledger=redis://...`) this machine's sessions spent through, with the
    other shards of the run: `useragent combine` counts its budget once. None: the budget was this run's alone."""
    mixed: list[str] = []
    """Shards of different commits or runs combined anyway (`useragent combine --allow-mixed`): each one's folder,
    commit and run, which every report says first. Empty for one run."""

    @property
    def anchors(self) -> dict[str, str]:
        """Session directory -> the id of its entry in report.html, for links from issues to sessions."""
        return {session.result.directory: f"session-{index}" for index, session in enumerate(self.sessions, 1)}

    @property
    def by_test(self) -> list[TestView]:
        """The run's tests in order of first session, each with its sessions and their aggregate."""
        grouped: dict[str, list[SessionResult]] = {}
        for session in self.sessions:
            grouped.setdefault(session.nodeid, []).append(session.result)
        return [
            TestView(
                nodeid=nodeid, outcome=self.test_outcomes.get(nodeid), results=results, stats=repeat_stats(results)
            )
            for nodeid, results in grouped.items()
        ]

    @computed_field  # type: ignore[prop-decorator]
    @property
    def per_test(self) -> list[TestStats]:
        """Each test's aggregate, for report.json's readers (a dashboard, a script that gates on one test)."""
        return [
            TestStats(
                nodeid=view.nodeid,
                outcome=view.outcome,
                stats=view.stats,
                reproduced=view.stats.reproduced,
                settings=distinct(result.setting for result in view.results),
            )
            for view in self.by_test
        ]

    @property
    def errors(self) -> list[SessionEntry]:
        """Sessions stopped by the API, the budget, the page or an interrupt, each with its one-line reason."""
        return [session for session in self.sessions if session.result.outcome in ERROR_OUTCOMES]

    @property
    def unaccounted_usd(self) -> float:
        """What the ledger spent that no session or crashed test accounts for (0 when every cent is)."""
        accounted = self.cost_usd + sum(crash.spent_usd for crash in self.crashed)
        return max(self.spent_usd - accounted, 0.0)

    def at_least(
        self, severity: Severity, *, trust: Trust | tuple[Trust, ...] = ("objective", "reproduced")
    ) -> list[RunIssue]:
        """The run's issues of this severity or worse and these trust levels: what CI gates on."""
        floor = SEVERITY_ORDER[chosen("severity", severity, Severity)[0]]
        trusts = chosen("trust", trust, Trust)
        return [entry for entry in self.issues if entry.rank >= floor and entry.trust in trusts]

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
    """Totals over every session; issues merged across the run by key, most severe and most trusted first."""
    issues = merged(sessions)
    severities: Counter[str] = Counter(entry.issue.severity for entry in issues)
    trusts: Counter[str] = Counter(entry.trust for entry in issues)
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
        explored=sum(1 for s in sessions if s.result.explore),
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
        issues_by_trust={name: trusts[name] for name in get_args(Trust)},
        by_persona=by_persona(sessions),
        replay=replay_totals(sessions),
    )


def replay_totals(sessions: list[SessionEntry]) -> ReplayTotals:
    replays = [(s.nodeid, s.result.replay) for s in sessions if s.result.replay is not None]
    return ReplayTotals(
        sessions=len(replays),
        replayed=sum(replay.replayed for _, replay in replays),
        live=sum(replay.live for _, replay in replays),
        saved_usd=sum(replay.saved_usd for _, replay in replays),
        diverged=[f"{test}: step {replay.diverged_at}: {replay.why}" for test, replay in replays if replay.diverged_at],
    )


def by_persona(sessions: list[SessionEntry]) -> list[PersonaRow]:
    """Each persona's sessions summed, by name."""
    groups: dict[str, list[SessionResult]] = {}
    for session in sessions:
        groups.setdefault(session.result.persona.name, []).append(session.result)
    rows = []
    for name, results in sorted(groups.items()):
        scores = [result.survey.score for result in results if result.survey is not None]
        rows.append(
            PersonaRow(
                persona=name,
                sessions=len(results),
                goals_achieved=sum(1 for result in results if result.goal_achieved),
                met=sum(result.expectations.met for result in results),
                evaluated=sum(result.expectations.total for result in results),
                sus=sum(scores) / len(scores) if scores else None,
                surveys=len(scores),
                issues=len({issue.key for result in results for issue in result.issues}),
                settings=distinct(result.setting.describe() for result in results if result.setting),
            )
        )
    return rows


def distinct(values: Iterable[T | None]) -> list[T]:
    """The values given, each once, in order, without the Nones."""
    return list(dict.fromkeys(value for value in values if value is not None))


def merged(sessions: list[SessionEntry]) -> list[RunIssue]:
    """The sessions' issues as one per key, each with every session (test, persona, steps) that met it and the
    trust that many sessions earn it (`issues.trust_of`); most severe, then most trusted, then most met first."""
    found: dict[str, RunIssue] = {}
    for session in sessions:
        steps: dict[str, list[int]] = {}
        for step in session.result.steps:
            for issue in step.issues:
                steps.setdefault(issue.key, []).append(step.index)
        for issue in session.result.issues:
            entry = found.setdefault(issue.key, RunIssue(issue=issue, tests=[]))
            if session.nodeid not in entry.tests:
                entry.tests.append(session.nodeid)
            met = sorted(set(steps.get(issue.key) or ([issue.step] if issue.step is not None else [])))
            entry.seen.append(
                Sighting(
                    test=session.nodeid,
                    persona=session.result.persona.name,
                    steps=met,
                    directory=session.result.directory,
                )
            )
    for entry in found.values():
        entry.issue = entry.issue.model_copy(update={"trust": trust_of(entry.issue.source, len(entry.seen))})
    order = {name: rank for rank, name in enumerate(get_args(Trust))}
    return sorted(found.values(), key=lambda entry: (-entry.rank, order[entry.trust], -len(entry.seen)))

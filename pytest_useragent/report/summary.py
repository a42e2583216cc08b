"""The run report's records: each session as the report lists it, the run's issues, tests and personas, and the
run itself (`Run`), as `aggregate` makes it and report.json holds it.

A run is made of whole sessions (`RunSummary`: pytest's run, whose report.json holds each `SessionResult`) or of
digested ones (`CombinedRun`: `useragent combine`'s, whose report.json carries each session's record from its shard,
`report/shards.py`). Both are one `Run` over their kind of entry, so every figure and every report is computed by
the same code for either; what reads a session's every step (a timeline) reads whole sessions only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, Field, PrivateAttr, computed_field, model_validator

from pytest_useragent.cost.pricing import money
from pytest_useragent.files import version_problem
from pytest_useragent.records import (
    ERROR_OUTCOMES,
    SEVERITY_ORDER,
    AnySession,
    Issue,
    SessionDigest,
    SessionResult,
    Setting,
    Severity,
    Trust,
    chosen,
)
from pytest_useragent.regression.baseline import RunMetadata, TrendPoint
from pytest_useragent.regression.compare import Comparison
from pytest_useragent.regression.repeats import RepeatStats, repeat_stats
from pytest_useragent.report.coverage import Coverage

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
        return worst(self.result)


class DigestEntry(BaseModel):
    """One session of a combined run: what the report reads of it (`SessionDigest`); its whole record is carried
    from its shard to report.json, and read whole only when the report shows it in full."""

    nodeid: str
    result: SessionDigest

    @property
    def worst(self) -> int:
        return worst(self.result)


E = TypeVar("E", SessionEntry, DigestEntry)
"""The kind of entry a run is made of: whole sessions or digested ones."""
Entry = SessionEntry | DigestEntry


def worst(result: AnySession) -> int:
    return max((SEVERITY_ORDER[issue.severity] for issue in result.issues), default=-1)


class Crash(BaseModel):
    """A test whose worker died before it could report its sessions."""

    nodeid: str
    reason: str
    spent_usd: float = 0.0
    """What its sessions spent before they died, as the run's ledger booked it."""


class ReplayTotals(BaseModel):
    """What cassettes did for the run (replay/provider.py): steps replayed and live, what replay saved, where it
    diverged."""

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


class RunFound(list[RunIssue]):
    """Issues a run's gate picked (`Run.at_least`): a list shown as each issue's line and the tests that met it, so a
    failed `assert not summary.at_least("critical")` says which issue failed in which tests, not every field."""

    def __repr__(self) -> str:
        return "[" + "; ".join(_found_line(entry) for entry in self) + "]"


def _found_line(entry: RunIssue) -> str:
    tests = (
        entry.tests[0] + (f" and {len(entry.tests) - 1} more" if len(entry.tests) > 1 else "") if entry.tests else ""
    )
    return f"{entry.issue.line} (in {len(entry.tests)} test{'s' if len(entry.tests) != 1 else ''}: {tests})"


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
    results: list[AnySession]
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


class Memo:
    """What a run computed of its sessions once (`Run.by_test`), kept beside its fields: equal to any other memo, so
    two runs of the same fields are equal whether or not either was asked."""

    def __init__(self) -> None:
        self.made: tuple[int, int] | None = None
        self.tests: list[tuple[str, list[AnySession], RepeatStats]] = []

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Memo)

    __hash__ = None  # type: ignore[assignment]


class Run(BaseModel, Generic[E]):
    """A run's sessions and everything aggregated from them (`aggregate`), as every report shows it."""

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
    sessions: list[E]
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
    """How many of the run's issues are objective, reproduced, left for review, opinions."""
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
    wcag: Coverage = Coverage()
    """The WCAG 2.2 A/AA criteria its checks tested, failed, left for review, and no check covers."""
    mixed: list[str] = []
    """Shards of different commits or runs combined anyway (`useragent combine --allow-mixed`): each one's folder,
    commit and run, which every report says first. Empty for one run."""
    _tests: Memo = PrivateAttr(default_factory=lambda: Memo())
    """`by_test`'s aggregates, and the sessions (list and length) they were computed for."""

    @property
    def anchors(self) -> dict[str, str]:
        """Session directory -> the id of its entry in report.html, for links from issues to sessions."""
        return {session.result.directory: f"session-{index}" for index, session in enumerate(self.sessions, 1)}

    @property
    def by_test(self) -> list[TestView]:
        """The run's tests in order of first session, each with its sessions and their aggregate. The aggregates
        are computed once for the run's sessions (report.json, report.md and report.html each show them: for 2,000
        tests that was a second thrice); each test's outcome is read as it is now."""
        made = (id(self.sessions), len(self.sessions))
        if self._tests.made != made:
            grouped: dict[str, list[AnySession]] = {}
            for session in self.sessions:
                grouped.setdefault(session.nodeid, []).append(session.result)
            self._tests.made = made
            self._tests.tests = [(nodeid, results, repeat_stats(results)) for nodeid, results in grouped.items()]
        return [
            TestView.model_construct(
                nodeid=nodeid, outcome=self.test_outcomes.get(nodeid), results=results, stats=stats
            )
            for nodeid, results, stats in self._tests.tests
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
    def errors(self) -> list[E]:
        """Sessions stopped by the API, the budget, the page or an interrupt, each with its one-line reason."""
        return [session for session in self.sessions if session.result.outcome in ERROR_OUTCOMES]

    @property
    def unaccounted_usd(self) -> float:
        """What the ledger spent that no session or crashed test accounts for (0 when every cent is)."""
        accounted = self.cost_usd + sum(crash.spent_usd for crash in self.crashed)
        return max(self.spent_usd - accounted, 0.0)

    @property
    def found(self) -> list[RunIssue]:
        """The run's issues but those left for review: what the reports list as its findings."""
        return [entry for entry in self.issues if entry.trust != "review"]

    @property
    def to_review(self) -> list[RunIssue]:
        """What a check could not decide (axe's "needs review") or found with an experimental rule: shown apart, for
        a person to look at; gated on only where named (`at_least(..., trust="review")`)."""
        return [entry for entry in self.issues if entry.trust == "review"]

    def at_least(
        self, severity: Severity, *, trust: Trust | tuple[Trust, ...] = ("objective", "reproduced")
    ) -> RunFound:
        """The run's issues of this severity or worse and these trust levels: what CI gates on; a failed assertion
        on it shows each issue's line and its tests (`RunFound`)."""
        floor = SEVERITY_ORDER[chosen("severity", severity, Severity)[0]]
        trusts = chosen("trust", trust, Trust)
        return RunFound(entry for entry in self.issues if entry.rank >= floor and entry.trust in trusts)

    @property
    def met_rate(self) -> float:
        return self.met / self.evaluated if self.evaluated else 0.0

    def money(self, usd: float) -> str:
        return money(usd, self.currency, self.exchange_rate)


class RunSummary(Run[SessionEntry]):
    """A run of whole sessions: pytest's, as report.json holds it and `pytest_useragent_run_summary` sees it."""


class CombinedRun(Run[DigestEntry]):
    """Shards' runs as one (`useragent combine`, `report/shards.py`). Its sessions are digests, so they are left
    out of its JSON: report.json carries each session's whole record from its shard in their place
    (`render.write_combined_report`), never a digest that would pass for one."""

    sessions: list[DigestEntry] = Field(exclude=True)


def distinct(values: Iterable[T | None]) -> list[T]:
    """The values given, each once, in order, without the Nones."""
    return list(dict.fromkeys(value for value in values if value is not None))

"""Baselines: a run's per-test results as stored for later runs to compare with, and the folder that keeps them.

Laid out as pytest-benchmark keeps its runs: `<storage>/NNNN_<name>.json`, numbered in the order saved, `.useragent/`
by default (`--useragent-storage`). `--useragent-save=NAME` stores the run as `NNNN_NAME`, `--useragent-autosave`
as `NNNN_<commit>_<date>[_uncommitted-changes]` (`NNNN_<date>` outside git). A baseline keeps figures, not
sessions: per test, one `SessionFigures` per session and its issues by key, so a file stays a few hundred bytes a
test. Every record ignores fields it does not know, and a new field with a default loads from old files: add
one where it belongs (a session's figure to `SessionFigures`) and older baselines still compare.
"""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, ValidationError, model_validator

from pytest_useragent.errors import UserError
from pytest_useragent.files import MiB, atomic_write, invalid, read_text, version_problem
from pytest_useragent.records import Amount, AnySession, Severity, Source, Trust
from pytest_useragent.regression.stats import Rate, goal_rate, median, rate

BASELINE_SCHEMA_VERSION = 1
MAX_BASELINE_BYTES = 64 * MiB
"""The most a baseline file may be: a few hundred bytes a test, so some 100,000 tests."""
_FILE = re.compile(r"(\d{4,})_(.+)\.json")
GIT_TIMEOUT = 5.0


class BaselineError(UserError):
    """A baseline that is not there, or a file in the storage that is not one."""


class Figures(BaseModel):
    model_config = ConfigDict(extra="ignore", allow_inf_nan=False)


class SessionFigures(Figures):
    """One session as a baseline keeps it."""

    goal_achieved: bool | None
    """Verified: the test's success check, or a done whose evidence was found; None for a session that explored."""
    claimed: bool
    """The persona said it was done (verified or not)."""
    outcome: str
    met: NonNegativeInt
    evaluated: NonNegativeInt
    steps: NonNegativeInt
    cost_usd: Amount
    intuitiveness: int | None = Field(None, ge=0, le=10)
    explored: bool = False
    """A session with no goal (`agent.explore`): compared by its issues and rates only."""
    unaudited: list[str] = []
    """The pages whose states axe could not audit in the session (`SessionResult.unaudited`)."""

    @model_validator(mode="after")
    def _consistent(self) -> SessionFigures:
        """At most one expectation is judged a step: a file that counts more met than judged, or more judged than
        steps, was edited, and its rates would be above 100%."""
        if not self.met <= self.evaluated <= self.steps:
            raise ValueError(f"met {self.met} <= evaluated {self.evaluated} <= steps {self.steps} does not hold")
        return self


class IssueFigures(Figures):
    """One flaw (one key) of a test: how it looked and in how many of the test's sessions it appeared."""

    key: str
    title: str
    severity: Severity
    source: Source
    trust: Trust
    """The run's trust in it (`issues.trust_of` over all the run's sessions)."""
    sessions: NonNegativeInt
    step: NonNegativeInt | None = None
    """The first step that met it, in its first session."""
    page: str | None = None


class TestFigures(Figures):
    """One test: its pytest outcome, its sessions, its issues."""

    __test__ = False  # not a test class, for pytest, whatever its name

    outcome: str | None = None
    """passed, failed, xfailed, xpassed, skipped, or None when pytest said nothing we saw."""
    sessions: list[SessionFigures]
    issues: list[IssueFigures] = []

    @property
    def goal(self) -> Rate:
        return goal_rate(s.goal_achieved for s in self.sessions)

    @property
    def explored(self) -> bool:
        """Every session explored: the test has no goal, steps or cost to hold it to, only issues and rates."""
        return bool(self.sessions) and all(s.explored for s in self.sessions)

    @property
    def met_rate(self) -> Rate:
        return rate(sum(s.met for s in self.sessions), sum(s.evaluated for s in self.sessions))

    @property
    def steps(self) -> float:
        return median([s.steps for s in self.sessions])

    @property
    def cost_usd(self) -> float:
        """The median cost of one session."""
        return median([s.cost_usd for s in self.sessions])


class RunMetadata(Figures):
    """Where and with what a run was made."""

    date: datetime
    duration_seconds: Amount | None = None
    commit: str | None = None
    branch: str | None = None
    dirty: bool | None = None
    """Uncommitted changes to tracked files when the run was made."""
    provider: str | None = None
    model: str | None = None
    plugin_version: str = "unknown"


class Baseline(Figures):
    """A run as stored: its metadata and every test's figures, by node id."""

    schema_version: int = BASELINE_SCHEMA_VERSION
    name: str = ""
    metadata: RunMetadata
    tests: dict[str, TestFigures]

    @property
    def goal(self) -> Rate:
        return goal_rate(s.goal_achieved for t in self.tests.values() for s in t.sessions)

    @property
    def met_rate(self) -> Rate:
        sessions = [s for t in self.tests.values() for s in t.sessions]
        return rate(sum(s.met for s in sessions), sum(s.evaluated for s in sessions))

    @property
    def cost_usd(self) -> float:
        return sum(s.cost_usd for t in self.tests.values() for s in t.sessions)


class StoredRun(BaseModel):
    """A baseline file: its number, its name, where it is."""

    number: int
    name: str
    path: Path

    @property
    def label(self) -> str:
        return self.path.stem


def figures_of(result: AnySession) -> SessionFigures:
    return SessionFigures(
        goal_achieved=result.goal_achieved,
        claimed=bool(result.completion.claims) or result.outcome == "goal_achieved",
        outcome=result.outcome,
        met=result.expectations.met,
        evaluated=result.expectations.total,
        steps=len(result.steps),
        cost_usd=result.cost_usd,
        intuitiveness=result.wrap_up.intuitiveness if result.wrap_up else None,
        explored=result.explore,
        unaudited=result.unaudited,
    )


def metadata(root: Path, *, provider: str | None, model: str | None, duration_seconds: float | None) -> RunMetadata:
    """The run's metadata now: date, git commit, branch and whether tracked files changed (when `root` is in a
    repository and git answers within its bound), provider, model and the plugin's version."""
    commit = _git(root, "rev-parse", "HEAD")
    branch = _git(root, "rev-parse", "--abbrev-ref", "HEAD") if commit else None
    status = _git(root, "status", "--porcelain", "--untracked-files=no") if commit else None
    try:
        plugin = version("pytest-useragent")
    except PackageNotFoundError:
        plugin = "unknown"
    return RunMetadata(
        date=datetime.now(UTC),
        duration_seconds=duration_seconds,
        commit=commit,
        branch=branch,
        dirty=None if status is None else bool(status),
        provider=provider,
        model=model,
        plugin_version=plugin,
    )


def autosave_name(meta: RunMetadata) -> str:
    """pytest-benchmark's autosave name: commit, date, and whether the work tree had changes."""
    date = meta.date.strftime("%Y%m%d_%H%M%S")
    if not meta.commit:
        return date
    return f"{meta.commit[:8]}_{date}" + ("_uncommitted-changes" if meta.dirty else "")


def _git(root: Path, *args: str) -> str | None:
    try:
        done = subprocess.run(
            ["git", *args], cwd=root, capture_output=True, text=True, timeout=GIT_TIMEOUT, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() or None if done.returncode == 0 else None


class BaselineStore:
    """The storage folder: numbered baseline files, newest last."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def runs(self) -> list[StoredRun]:
        if not self.root.is_dir():
            return []
        found = []
        for path in self.root.iterdir():
            match = _FILE.fullmatch(path.name)
            if match and path.is_file():
                found.append(StoredRun(number=int(match[1]), name=match[2], path=path))
        return sorted(found, key=lambda run: run.number)

    def find(self, spec: str) -> StoredRun | None:
        """`latest`; a number (`3`, `0003`); a file's stem (`0003_main`); or a name (its newest). None when the
        storage holds nothing; a BaselineError naming what it holds when it holds no such run."""
        runs = self.runs()
        if not runs:
            if spec == "latest":
                return None
            raise BaselineError(
                f"no baseline named {spec!r}: {self.root} holds none yet (save one with --useragent-save=NAME)"
            )
        if spec == "latest":
            return runs[-1]
        for run in reversed(runs):
            if spec in (run.label, run.name) or (spec.isdigit() and int(spec) == run.number):
                return run
        held = ", ".join(run.label for run in runs[-10:])
        raise BaselineError(f"no baseline named {spec!r} in {self.root}; it holds {held}")

    def load(self, run: StoredRun) -> Baseline:
        """The stored run; BaselineError, one line naming the file, for one that is not there, over
        MAX_BASELINE_BYTES, not a regular file, not JSON, or whose figures do not hold (NaN, below zero, more met
        than judged)."""
        try:
            text = read_text(run.path, MAX_BASELINE_BYTES, f"{run.path} is not a useragent baseline", BaselineError)
            with contextlib.suppress(ValueError, RecursionError):  # not JSON: validation says so below
                if problem := version_problem(json.loads(text), "schema_version", BASELINE_SCHEMA_VERSION, "baseline"):
                    raise BaselineError(f"{run.path}: {problem}")
            return Baseline.model_validate_json(text)
        except (OSError, ValidationError) as error:
            raise BaselineError(f"{run.path} is not a useragent baseline: {_why(error)}") from None

    def save(self, baseline: Baseline, name: str) -> Path:
        """Store as the next number; returns the file."""
        runs = self.runs()
        number = runs[-1].number + 1 if runs else 1
        path = self.root / f"{number:04d}_{name}.json"
        self._write(path, baseline.model_copy(update={"name": name}))
        return path

    def replace(self, run: StoredRun, baseline: Baseline) -> Path:
        """Write `baseline` over a stored run, keeping its number and name: the accept path."""
        self._write(run.path, baseline.model_copy(update={"name": run.name}))
        return run.path

    def history(self, count: int) -> list[Baseline]:
        """The last `count` stored runs that load, oldest first (a file that does not is left out of a trend)."""
        loaded = []
        for run in self.runs()[-count:]:
            with contextlib.suppress(BaselineError):
                loaded.append(self.load(run))
        return loaded

    def _write(self, path: Path, baseline: Baseline) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        atomic_write(path, baseline.model_dump_json(indent=1))


def _why(error: OSError | ValidationError) -> str:
    if isinstance(error, OSError):
        return error.strerror or type(error).__name__
    if any(item["type"] == "json_invalid" for item in error.errors()):
        return "not valid JSON (a file cut short, or edited by hand?)"
    return invalid(error)


class TrendPoint(BaseModel):
    """One run of the storage's history, as the report's trend draws it."""

    label: str
    date: datetime
    goal_rate: float
    met_rate: float
    cost_usd: float


def trend(runs: list[Baseline]) -> list[TrendPoint]:
    return [
        TrendPoint(
            label=run.name,
            date=run.metadata.date,
            goal_rate=run.goal.value,
            met_rate=run.met_rate.value,
            cost_usd=run.cost_usd,
        )
        for run in runs
    ]

"""One test against the run's baseline, at its teardown: the deltas its junit-xml properties and its pytest-html extra
carry, so a CI tool that reads junit (or a reader of pytest-html's page) sees what got worse test by test, without
the run report.

The run's verdict stays the run's (`report/baselines.py`, at the end, over every session): here only the test's own
sessions are compared with its figures in the baseline. So an issue is trusted as far as this test's sessions alone
bear it out, and `new_issues`, a limit on the whole run, is not judged per test; the measures' limits are.

Workers learn the baseline's path from the controller (`WORKER_INPUT`), so every process compares with the same run
even if the storage gains one meanwhile; each loads it once, at its first teardown that needs it.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from pytest_useragent.errors import UserError
from pytest_useragent.records import SessionResult
from pytest_useragent.regression.baseline import Baseline, BaselineStore, RunMetadata, StoredRun
from pytest_useragent.regression.compare import Change, ChangeMeasure, Comparison, compare
from pytest_useragent.regression.thresholds import FailRules
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.recorded import record

WORKER_INPUT = "useragent_baseline"
"""The workerinput key under which xdist workers learn the baseline's path."""
PROPERTIES: dict[ChangeMeasure, str] = {
    "goal": "useragent_delta_goal",
    "met_rate": "useragent_delta_met_rate",
    "steps": "useragent_delta_steps",
    "cost": "useragent_delta_cost_usd",
}
"""Each measure's junit property, named as the test's own figures are (`useragent_cost_usd`)."""


class TestBaseline:
    """The baseline each test is compared with at its teardown."""

    __test__ = False  # not a test class, for pytest, whatever its name

    def __init__(self, path: Path, rules: FailRules | None, loaded: Baseline | None = None) -> None:
        self.path = path
        self.rules = rules
        self._loaded: Baseline | None = loaded
        """Given on the controller, which read it at start; a worker reads it at its first test's teardown."""
        self._unreadable = False

    @property
    def label(self) -> str:
        return self.path.stem

    def compare(self, nodeid: str, results: list[SessionResult]) -> Comparison | None:
        """The test's sessions against its figures in the baseline; None when the baseline cannot be read (the
        run's end says why, once)."""
        baseline = self._baseline()
        if baseline is None:
            return None
        meta = RunMetadata(date=datetime.now(UTC))
        now = record(aggregate([SessionEntry(nodeid=nodeid, result=result) for result in results], []), meta, {})
        mine = {nodeid: baseline.tests[nodeid]} if nodeid in baseline.tests else {}
        before = Baseline(metadata=baseline.metadata, tests=mine)
        return compare(before, now, self.rules, label=self.label)

    def _baseline(self) -> Baseline | None:
        if self._loaded is None and not self._unreadable:
            try:
                self._loaded = BaselineStore(self.path.parent).load(StoredRun(number=0, name="", path=self.path))
            except UserError:
                self._unreadable = True
        return self._loaded


def junit_deltas(comparison: Comparison, nodeid: str) -> list[tuple[str, object]]:
    """`useragent_baseline` and, for a test the baseline has, each measure's change (now minus before: a rate as a
    fraction, steps and cost as medians; 0 when unchanged), the measures that got worse, whether one broke its
    `--useragent-compare-fail` limit, and how many issues are new, resolved, and not seen because the journey ended
    before the step that met them."""
    properties: list[tuple[str, object]] = [("useragent_baseline", comparison.baseline)]
    if nodeid in comparison.only_now:
        return [*properties, ("useragent_baseline_has_test", False)]
    moved: dict[str, Change] = {change.measure: change for change in comparison.changes}
    for measure, name in PROPERTIES.items():
        change = moved.get(measure)
        properties.append((name, round(change.now - change.before, 6) if change else 0))
    return [
        *properties,
        ("useragent_worse", ",".join(change.measure for change in comparison.worse)),
        ("useragent_regressed", bool(comparison.regressions)),
        ("useragent_new_issues", len(comparison.with_status("new"))),
        ("useragent_new_issues_to_review", len(comparison.new_to_review)),
        ("useragent_resolved_issues", len(comparison.with_status("resolved"))),
        ("useragent_unseen_issues", len(comparison.with_status("unseen"))),
    ]

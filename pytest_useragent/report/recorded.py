"""Pure: a run's summary as the baseline stored for it (`regression/baseline.py`'s format): each test's sessions and
the issues they met, with the run's trust in each."""

from __future__ import annotations

from pytest_useragent.regression.baseline import Baseline, IssueFigures, RunMetadata, TestFigures, figures_of
from pytest_useragent.report.summary import E, Run, Sighting


def record(summary: Run[E], metadata: RunMetadata, outcomes: dict[str, str], name: str = "") -> Baseline:
    """The run as a baseline: each test's sessions and the issues they met, with the run's trust in each."""
    tests: dict[str, TestFigures] = {}
    for session in summary.sessions:
        figures = tests.setdefault(session.nodeid, TestFigures(outcome=outcomes.get(session.nodeid), sessions=[]))
        figures.sessions.append(figures_of(session.result))
    for entry in summary.issues:
        by_test: dict[str, tuple[int, Sighting]] = {}
        for seen in entry.seen:
            count, first = by_test.get(seen.test, (0, seen))
            by_test[seen.test] = (count + 1, first)
        for test, (count, first) in by_test.items():
            tests[test].issues.append(
                IssueFigures(
                    key=entry.issue.key,
                    title=entry.issue.title,
                    severity=entry.issue.severity,
                    source=entry.issue.source,
                    trust=entry.trust,
                    sessions=count,
                    step=first.steps[0] if first.steps else None,
                    page=entry.issue.page,
                )
            )
    return Baseline(name=name, metadata=metadata, tests=tests)

"""RunCollector: on the controller only, gathers every SessionResult from test reports and writes the run report."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_useragent.records import SessionResult
from pytest_useragent.report.aggregate import TestSession, aggregate
from pytest_useragent.report.render import write_report
from pytest_useragent.stash import RESULTS_PROPERTY


class RunCollector:
    """Registered as a plugin in pytest_configure when this process is not an xdist worker."""

    def __init__(self, report_dir: Path) -> None:
        self.report_dir = report_dir
        self.sessions: list[TestSession] = []
        self.written: Path | None = None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "teardown":
            return
        for name, value in report.user_properties:
            if name == RESULTS_PROPERTY:
                self.sessions.append(
                    TestSession(nodeid=report.nodeid, result=SessionResult.model_validate_json(str(value)))
                )

    def pytest_sessionfinish(self) -> None:
        if self.sessions:
            self.written = write_report(aggregate(self.sessions), self.report_dir)

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if not self.sessions:
            return
        summary = aggregate(self.sessions)
        issues = ", ".join(f"{count} {name}" for name, count in summary.issues_by_severity.items() if count)
        terminalreporter.section("useragent")
        terminalreporter.write_line(
            f"{len(summary.sessions)} sessions, {summary.goals_achieved} goals achieved, {summary.steps} steps, "
            f"expectations met {summary.met}/{summary.evaluated}, issues: {issues or 'none'}, "
            f"cost ${summary.cost_usd:.4f}"
        )
        if self.written is not None:
            terminalreporter.write_line(f"report: {self.written}")

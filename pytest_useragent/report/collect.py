"""The run report's pytest side: what each test report carries, and the controller that gathers it all.

RunCollector is registered only on the controller (not in xdist workers). It reads the sessions every teardown
report carries, notes tests whose worker crashed, and at the end writes useragent-report/, the terminal section and,
on GitHub Actions, the step summary.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from pytest_useragent.ledger import Spending
from pytest_useragent.records import SessionResult
from pytest_useragent.report.aggregate import Crash, RunSummary, SessionEntry, aggregate
from pytest_useragent.report.render import append_github_summary, render_timeline_html, screenshots, write_run_report

SESSIONS_ATTRIBUTE = "useragent_sessions"
"""The teardown report attribute holding the test's sessions as JSON (pytest-xdist carries it to the controller)."""


def junit_properties(results: list[SessionResult]) -> list[tuple[str, object]]:
    """A few numbers per test for junit-xml `<property>` elements; several sessions are summed."""
    evaluated = sum(result.expectations.total for result in results)
    met = sum(result.expectations.met for result in results)
    properties: list[tuple[str, object]] = [
        ("useragent_goal_achieved", all(result.goal_achieved for result in results)),
        ("useragent_met_rate", round(met / evaluated, 3) if evaluated else 0.0),
        ("useragent_cost_usd", round(sum(result.cost_usd for result in results), 6)),
        ("useragent_steps", sum(len(result.steps) for result in results)),
    ]
    for severity in ("critical", "major", "minor", "cosmetic"):
        count = sum(1 for result in results for issue in result.issues if issue.severity == severity)
        properties.append((f"useragent_issues_{severity}", count))
    return properties


def html_report_extras(config: pytest.Config, results: list[SessionResult]) -> list[Any]:
    """The sessions' timelines, screenshots inlined, as pytest-html extras; nothing without pytest-html."""
    plugin = config.pluginmanager.getplugin("html")
    if plugin is None:
        return []
    from pytest_html import extras

    images = screenshots(results)
    return [extras.html(render_timeline_html(result, images)) for result in results]


class RunCollector:
    """Gathers every session on the controller; writes the run report once at the end."""

    def __init__(self, report_dir: Path, spending: Spending) -> None:
        self.report_dir = report_dir
        self.spending = spending
        self.sessions: list[SessionEntry] = []
        self.crashed: list[Crash] = []
        self.written: Path | None = None
        self.final: RunSummary | None = None
        """The run's summary, aggregated once when the session finishes."""

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for raw in getattr(report, SESSIONS_ATTRIBUTE, None) or []:
            self.sessions.append(SessionEntry(nodeid=report.nodeid, result=SessionResult.model_validate_json(raw)))
        if report.failed and report.when not in ("setup", "call", "teardown") and "crashed" in str(report.longrepr):
            self.crashed.append(Crash(nodeid=report.nodeid, reason=str(report.longrepr).strip().splitlines()[0]))

    def summary(self) -> RunSummary:
        state = self.spending.ledger.state()
        return aggregate(
            self.sessions,
            self.crashed,
            currency=self.spending.currency,
            exchange_rate=self.spending.rate,
            budget_usd=state.limit_usd,
            spent_usd=state.spent_usd,
        )

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self) -> None:
        if not self.sessions and not self.crashed:
            return
        summary = self.final = self.summary()
        self.written = write_run_report(summary, self.report_dir)
        github = os.environ.get("GITHUB_STEP_SUMMARY")
        if github:
            append_github_summary(summary, Path(github))

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        summary = self.final
        if summary is None:
            return
        issues = ", ".join(f"{count} {name}" for name, count in summary.issues_by_severity.items() if count)
        terminalreporter.section("useragent")
        terminalreporter.write_line(
            f"{len(summary.sessions)} sessions in {summary.tests} tests, {summary.goals_achieved} goals achieved, "
            f"{summary.steps} steps, expectations met {summary.met}/{summary.evaluated} ({summary.met_rate:.0%}), "
            f"issues: {issues or 'none'}"
        )
        terminalreporter.write_line(
            f"spent {summary.money(summary.spent_usd)} of the {summary.money(summary.budget_usd)} budget"
        )
        for model in summary.unpriced_models:
            terminalreporter.write_line(f"no known price for {model}: charged at the dearest known rate", yellow=True)
        for crash in summary.crashed:
            terminalreporter.write_line(f"crashed: {crash.nodeid}", red=True)
        if self.written is not None:
            terminalreporter.write_line(f"report: {self.written}")

"""The run report's pytest side: what each test report carries, and the controller that gathers it all.

RunCollector is registered only on the controller (not in xdist workers). It reads the sessions every teardown
report carries, notes tests whose worker crashed and tests skipped for the budget or a refused API, and at the end
writes useragent-report/, the terminal section and, on GitHub Actions, the step summary. Sessions that never
reported (Ctrl-C, a killed worker) are found through the run's ledger, which knows every session from its start:
from the session.json they wrote when they could, else as a crash with what they spent.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
from markupsafe import Markup

from pytest_useragent.cost.book import LedgerState
from pytest_useragent.cost.caching import never_formed
from pytest_useragent.cost.ledger import Spending
from pytest_useragent.errors import BudgetExhausted
from pytest_useragent.files import read_text
from pytest_useragent.plugin.deltas import junit_deltas
from pytest_useragent.plugin.gate import GATE_NODEID, gate_lines, report_gate
from pytest_useragent.plugin.stash import SKIP_ATTRIBUTE
from pytest_useragent.records import SessionResult
from pytest_useragent.regression.baseline import metadata
from pytest_useragent.regression.compare import Comparison
from pytest_useragent.replay.journey import journey
from pytest_useragent.report.aggregate import Crash, RunSummary, SessionEntry, Stops, aggregate
from pytest_useragent.report.artifacts import MAX_SESSION_BYTES
from pytest_useragent.report.baselines import BaselinePlan
from pytest_useragent.report.copies import copy_sessions
from pytest_useragent.report.dashboard import headline_of
from pytest_useragent.report.headline import headline
from pytest_useragent.report.left_open import left_open_lines
from pytest_useragent.report.regressions import comparison_lines
from pytest_useragent.report.render import (
    append_github_summary,
    render_deltas_html,
    render_timeline_html,
    screenshots,
    write_run_report,
)
from pytest_useragent.templates import counted
from pytest_useragent.workspace.kept import STATE
from pytest_useragent.workspace.recovery import waiting

SESSIONS_ATTRIBUTE = "useragent_sessions"
"""The teardown report attribute holding the test's sessions as JSON (pytest-xdist carries it to the controller)."""


def junit_properties(
    results: list[SessionResult], comparison: Comparison | None = None, nodeid: str = ""
) -> list[tuple[str, object]]:
    """A few numbers per test for junit-xml `<property>` elements (several sessions summed), what a cassette
    replayed, and the test's deltas against the baseline when the run compares with one (`deltas.py`)."""
    evaluated = sum(result.expectations.total for result in results)
    met = sum(result.expectations.met for result in results)
    properties: list[tuple[str, object]] = [
        ("useragent_goal_achieved", all(result.goal_achieved is not False for result in results)),  # explored too
        ("useragent_met_rate", round(met / evaluated, 3) if evaluated else 0.0),
        ("useragent_cost_usd", round(sum(result.cost_usd for result in results), 6)),
        ("useragent_steps", sum(len(result.steps) for result in results)),
    ]
    for severity in ("critical", "major", "minor", "cosmetic"):
        count = sum(1 for result in results for issue in result.issues if issue.severity == severity)
        properties.append((f"useragent_issues_{severity}", count))
    replays = [result.replay for result in results if result.replay is not None]
    if replays:
        diverged = [replay.diverged_at for replay in replays if replay.diverged_at is not None]
        properties += [
            ("useragent_replayed_steps", sum(replay.replayed for replay in replays)),
            ("useragent_live_steps", sum(replay.live for replay in replays)),
            ("useragent_replay_saved_usd", round(sum(replay.saved_usd for replay in replays), 6)),
            ("useragent_diverged_at_step", diverged[0] if diverged else ""),
        ]
    if comparison is not None:
        properties += junit_deltas(comparison, nodeid)
    return properties


def html_report_extras(
    config: pytest.Config, results: list[SessionResult], comparison: Comparison | None = None, nodeid: str = ""
) -> list[Any]:
    """The test against the baseline (when compared), then the sessions' timelines, screenshots inlined, as
    pytest-html extras; nothing without pytest-html."""
    plugin = config.pluginmanager.getplugin("html")
    if plugin is None:
        return []
    from pytest_html import extras

    images = screenshots(results)
    found = [extras.html(render_deltas_html(comparison, nodeid))] if comparison is not None else []
    return found + [extras.html(render_timeline_html(result, images)) for result in results]


class RunCollector:
    """Gathers every session on the controller; writes the run report once at the end."""

    def __init__(
        self,
        report_dir: Path,
        spending: Spending,
        baselines: BaselinePlan | None = None,
        root: Path | None = None,
        hook: Any = None,
        export: Path | None = None,
    ) -> None:
        self.report_dir = report_dir
        self.export = export
        """--useragent-export's folder: the workers write the tests, the terminal says what went there."""
        self.spending = spending
        self.baselines = baselines
        self.root = root or Path.cwd()
        self.started = time.monotonic()
        self.outcomes: dict[str, str] = {}
        """Each test's pytest outcome, as the reports show it beside its sessions."""
        self.baseline_lines: list[str] = []
        self.hook = hook if hook is not None else _NoHooks()
        """`config.hook`: the run's hooks (`hooks.py`) are called through it."""
        self.sessions: list[SessionEntry] = []
        self.crashed: list[Crash] = []
        self.skipped = {"budget": 0, "halt": 0}
        """Tests the `agent` fixture skipped, by why (`SKIP_ATTRIBUTE` on their setup report)."""
        self.written: Path | None = None
        self.unwritten: str | None = None
        self.ledger_problem: str | None = None
        """Why the run report could not be written, when it could not."""
        self.final: RunSummary | None = None
        """The run's summary, aggregated once when the session finishes."""

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.nodeid == GATE_NODEID:  # the gate's own failure (`gate.py`), no test of the run's
            return
        for raw in getattr(report, SESSIONS_ATTRIBUTE, None) or []:
            entry = SessionEntry(nodeid=report.nodeid, result=SessionResult.model_validate_json(raw))
            self.sessions.append(entry)
            self.hook.pytest_useragent_session(nodeid=entry.nodeid, result=entry.result)
        if report.skipped and (why := getattr(report, SKIP_ATTRIBUTE, None)) in self.skipped:
            self.skipped[why] += 1
        outcome = pytest_outcome(report, self.outcomes.get(report.nodeid))
        if outcome is not None:
            self.outcomes[report.nodeid] = outcome

    @pytest.hookimpl(optionalhook=True)
    def pytest_handlecrashitem(self, crashitem: str, report: pytest.TestReport, sched: object) -> None:
        """pytest-xdist's word that a worker died while running `crashitem` (its report follows as a failure)."""
        self.crashed.append(Crash(nodeid=crashitem, reason=str(report.longrepr).strip().splitlines()[0]))

    def summary(self) -> RunSummary:
        state = self._ledger()
        sessions, crashed = self._unreported(state)
        # a ledger shared with other machines: this machine's spending, which their reports add up to the run's
        spent = state.spent_usd if state.own_usd is None else state.own_usd
        summary = aggregate(
            self.sessions + sessions,
            crashed,
            currency=self.spending.currency,
            exchange_rate=self.spending.rate,
            budget_usd=state.limit_usd,
            spent_usd=None if self.ledger_problem is not None else spent,
            stops=Stops(
                budget_exhausted=state.exhausted,
                halted="; ".join(dict.fromkeys(state.halted.values())) or None,
                skipped_for_budget=self.skipped["budget"],
                skipped_for_halt=self.skipped["halt"],
            ),
        )
        summary.run_id = self.spending.ledger.run_id
        return summary

    def _ledger(self) -> LedgerState:
        """The run's ledger as it stands; one changed under the run (truncated, tampered with) is a line at the end,
        and the report says what the sessions themselves said, never an INTERNALERROR."""
        try:
            return self.spending.ledger.state()
        except BudgetExhausted as unreadable:
            self.ledger_problem = str(unreadable)
            return LedgerState(limit_usd=self.spending.limit_usd, exhausted=True)

    def _unreported(self, state: LedgerState) -> tuple[list[SessionEntry], list[Crash]]:
        """Sessions the ledger knows but no report brought: read from their session.json when they wrote one
        (an interrupted session does), else counted with the crashed tests, with what they spent."""
        reported = {entry.result.directory for entry in self.sessions}
        found: list[SessionEntry] = []
        crashed = {crash.nodeid: crash for crash in self.crashed}
        for directory, spend in state.sessions.items():
            if directory in reported:
                continue
            nodeid = spend.test or directory
            try:
                text = read_text(Path(directory) / "session.json", MAX_SESSION_BYTES, directory, ValueError)
                found.append(SessionEntry(nodeid=nodeid, result=SessionResult.model_validate_json(text)))
            except (OSError, ValueError):  # a ValidationError too: a session.json that is none, as if never written
                before = crashed.get(nodeid, Crash(nodeid=nodeid, reason="the session never finished"))
                crashed[nodeid] = before.model_copy(update={"spent_usd": before.spent_usd + spend.spent_usd})
        return found, list(crashed.values())

    @pytest.hookimpl(wrapper=True)
    def pytest_runtestloop(self, session: pytest.Session) -> Generator[None, object, object]:
        """Once every test has run: the run report, and a failed gate reported as a failed test of its own
        (`gate.py`), so pytest's closing line, pytest-html and junit-xml agree with the exit code."""
        ran = yield
        self._write()
        comparison = self.final.comparison if self.final is not None else None
        unchecked = self.baselines.unreadable if self.baselines is not None and self.baselines.gate_unchecked else None
        report_gate(session, gate_lines(comparison, unchecked))
        return ran

    @pytest.hookimpl(optionalhook=True)
    def pytest_html_results_summary(self, prefix: list[str], summary: list[str], postfix: list[str]) -> None:
        """pytest-html's summary opens with the run's verdict, as report.html does (`dashboard.py`)."""
        if self.final is not None:
            prefix.append(str(Markup("<p><b>useragent: %s</b></p>") % headline_of(self.final).verdict))

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self.final is None:  # the test loop was interrupted: the report is written all the same
            self._write()
        comparison = self.final.comparison if self.final is not None else None
        failed = comparison is not None and comparison.failed
        if (failed or (self.baselines is not None and self.baselines.gate_unchecked)) and (
            session.exitstatus == pytest.ExitCode.OK
        ):
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    # (pytest registers only methods named pytest_*; specname says which hook this one is)
    @pytest.hookimpl(wrapper=True, tryfirst=True, specname="pytest_sessionfinish")
    def pytest_sessionfinish_whatever_fails(self) -> Generator[None, None, None]:
        """The report is written even when a teardown before ours fails: after a Ctrl-C that also reached the
        Playwright driver, pytest-playwright's session teardown raises, and the hooks after it never run."""
        try:
            return (yield)
        finally:
            if self.final is None:
                self._write()

    def _write(self) -> None:
        stopped = any(self.skipped.values())  # every agent test skipped (a spent budget, Redis gone): said all the same
        if not self.sessions and not self.crashed and not stopped and not self._ledger().sessions:
            return
        summary = self.final = self.summary()
        summary.test_outcomes = dict(self.outcomes)
        meta = metadata(
            self.root,
            provider=", ".join(sorted({s.result.provider for s in summary.sessions})) or None,
            model=", ".join(sorted({s.result.model for s in summary.sessions})) or None,
            duration_seconds=round(time.monotonic() - self.started, 1),
        )
        if self.baselines is not None:
            self.baseline_lines = self.baselines.finish(summary, self.outcomes, meta)
        else:
            summary.metadata = meta
        self.hook.pytest_useragent_run_summary(summary=summary)
        try:
            sessions = [(s.nodeid, s.result.directory, s.result.report_copy) for s in summary.sessions]
            summary.copies = copy_sessions(sessions, self.report_dir)
            self.written = write_run_report(summary, self.report_dir)
        except OSError as error:  # a report dir that is a file, or not ours to write: one line, not a traceback
            self.unwritten = f"could not write the run report to {self.report_dir}: {error.strerror or error}"
        github = os.environ.get("GITHUB_STEP_SUMMARY")
        if github:
            with contextlib.suppress(OSError):
                append_github_summary(summary, Path(github))

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        summary = self.final
        left = left_open_lines(summary.sessions if summary is not None else [], waiting(self.root / STATE))
        if summary is None:
            if left:
                terminalreporter.section("useragent")
            for line in left:
                terminalreporter.write_line(line, yellow=not line.startswith("recovered"))
            return
        terminalreporter.section("useragent")
        for line in headline(summary):
            terminalreporter.write_line(line)
        if summary.replay.sessions:
            terminalreporter.write_line(replay_line(summary))
        for line in summary.replay.diverged:
            terminalreporter.write_line(f"diverged: {line}", red=True)
        if summary.false_dones:
            terminalreporter.write_line(
                f'false "done": {summary.false_dones} (a persona said the goal was reached, and neither its evidence '
                "nor the test's success check bore it out)",
                yellow=True,
            )
        uncached = [entry for entry in summary.sessions if never_formed(entry.result.cache)]
        if uncached:
            terminalreporter.write_line(
                f"prompt cache never formed in {counted(len(uncached), 'session')}, "
                "so their steps paid full input price; "
                f"e.g. {uncached[0].nodeid}: {never_formed(uncached[0].result.cache)}",
                yellow=True,
            )
        for model in summary.unpriced_models:
            terminalreporter.write_line(f"no known price for {model}: charged at the dearest known rate", yellow=True)
        for line in stop_lines(summary):
            terminalreporter.write_line(line, red=True)
        for session in summary.errors:
            terminalreporter.write_line(f"{session.result.outcome}: {session.nodeid}: {session.result.error}", red=True)
        for crash in summary.crashed:
            spent = f" (spent {summary.money(crash.spent_usd)})" if crash.spent_usd else ""
            terminalreporter.write_line(f"crashed: {crash.nodeid}{spent}: {crash.reason}", red=True)
        if self.ledger_problem is not None:
            terminalreporter.write_line(self.ledger_problem, red=True)
        for line in self.baseline_lines:
            terminalreporter.write_line(line, yellow=line.startswith(("no baseline", "could not", "/")))
        if summary.comparison is not None:
            comparison = summary.comparison
            for line in comparison_lines(comparison):
                terminalreporter.write_line(line, red=comparison.failed, green=not comparison.worse)
        for line in left:
            terminalreporter.write_line(line, yellow=not line.startswith("recovered"))
        if self.export is not None:
            terminalreporter.write_line(export_line(summary, self.export))
        if self.written is not None:
            terminalreporter.write_line(f"report: {self.written}")
        if self.unwritten is not None:
            terminalreporter.write_line(self.unwritten, red=True)


def replay_line(summary: RunSummary) -> str:
    replay = summary.replay
    return (
        f"replay: {counted(replay.replayed, 'step')} from cassettes, {replay.live} live, "
        f"in {counted(replay.sessions, 'session')}; "
        f"saved {summary.money(replay.saved_usd)}"
    )


def export_line(summary: RunSummary, directory: Path) -> str:
    """What --useragent-export wrote, counted by the rule the workers wrote by (`journey` is pure)."""
    exported = sum(journey(entry.result, entry.nodeid) is not None for entry in summary.sessions)
    if not exported:
        return f"export: no session reached its goal with the evidence on the page; nothing written to {directory}"
    if not (directory.is_dir() and os.access(directory, os.W_OK | os.X_OK)):  # each test warned of its own
        return f"export: {counted(exported, 'session')} not written: {directory} is no folder that can be written"
    return f"export: {counted(exported, 'session')} written as plain pytest-playwright tests to {directory}"


def stop_lines(summary: RunSummary) -> list[str]:
    """What stopped the run's sessions from outside, for the terminal."""
    stops, lines = summary.stops, []
    if stops.halted:
        lines.append(f"the model's API refused the run's calls, so no session called it again: {stops.halted}")
        if stops.skipped_for_halt:
            lines.append(f"{_tests(stops.skipped_for_halt)} skipped because the API refused the run's calls")
    if stops.budget_exhausted:
        skipped = f"; {_tests(stops.skipped_for_budget)} skipped" if stops.skipped_for_budget else ""
        lines.append(f"the budget stopped sessions{skipped}")
    return lines


def _tests(count: int) -> str:
    return counted(count, "test")


def pytest_outcome(report: pytest.TestReport, before: str | None) -> str | None:
    """The test's outcome as the reports show it, from its reports so far: setup, call, teardown."""
    xfail = hasattr(report, "wasxfail")
    if report.when == "setup" and report.skipped:
        budget = getattr(report, SKIP_ATTRIBUTE, None) == "budget"
        return "skipped by budget" if budget else "xfailed" if xfail else "skipped"
    if report.failed:
        return "failed" if report.when == "call" else "error"
    if report.when == "call":
        return ("xfailed" if report.skipped else "xpassed") if xfail else report.outcome
    return before


class _NoHooks:
    """A collector made outside a pytest run calls no hooks."""

    def __getattr__(self, name: str) -> Any:
        return lambda **kwargs: None

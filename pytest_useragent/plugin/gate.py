"""The baseline gate as pytest reports it. When `--useragent-compare-fail` fails the run (or cannot be checked), the
gate is reported as a failed test of its own, `useragent::compare-fail`, at the end of the test loop: pytest's
closing line counts it ("1 failed, 10 passed, 7 xfailed"), its short summary names the limits exceeded, its
FAILURES section, pytest-html's table and junit-xml show each test and issue beyond each limit, and the exit code
follows from it as from any failed test. A gate that passes reports nothing.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pytest_useragent.regression.compare import Comparison
from pytest_useragent.regression.exceeded import exceeded, failed_by

GATE_NODEID = "useragent::compare-fail"
"""The failed test that stands for the gate."""


class GateFailure:
    """A failed gate as pytest's reports show a failure: its first line (the short summary's message, pytest-html's
    and junit-xml's too), then a line for each test and issue beyond each limit."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.reprcrash = SimpleNamespace(message=lines[0], path="", lineno=0)

    def toterminal(self, out: object) -> None:
        for line in self.lines:
            out.line(line)  # type: ignore[attr-defined]

    def __str__(self) -> str:
        return "\n".join(self.lines)


def gate_lines(comparison: Comparison | None, unchecked: str | None = None) -> list[str]:
    """What failed, a line each: the limits exceeded with the run's value against each, then every test and distinct
    issue beyond them; or why the gate could not be checked. Empty when the gate passed or none was asked."""
    if unchecked is not None:
        return [f"--useragent-compare-fail could not be checked: {unchecked}"]
    if comparison is None or not comparison.failed:
        return []
    lines = [f"baseline {comparison.baseline}: {failed_by(comparison)}"]
    lines += [f"{item.limit}: {line}" for item in exceeded(comparison) for line in item.lines]
    return lines


def report_gate(session: pytest.Session, lines: list[str]) -> None:
    """The failed gate as a test's setup, call and teardown reports, through the hook every reporter listens to; a
    test of the run's, counted as collected so pytest's progress stays within 100%."""
    if not lines:
        return
    session.testscollected += 1
    location = ("useragent", None, "compare-fail")
    for when, outcome, longrepr in (
        ("setup", "passed", None),
        ("call", "failed", GateFailure(lines)),
        ("teardown", "passed", None),
    ):
        report = pytest.TestReport(
            nodeid=GATE_NODEID,
            location=location,
            keywords={"useragent": 1},
            outcome=outcome,  # type: ignore[arg-type]
            longrepr=longrepr,  # type: ignore[arg-type]
            when=when,  # type: ignore[arg-type]
            sections=[],
            duration=0.0,
        )
        session.config.hook.pytest_runtest_logreport(report=report)

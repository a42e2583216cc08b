"""Each test's pytest outcome as the report shows it beside its sessions, from its setup, call and teardown reports."""

from __future__ import annotations

import pytest

from pytest_useragent.plugin.collect import BUDGET_SKIP, pytest_outcome


def report(when: str, outcome: str, *, longrepr: object = None, wasxfail: str | None = None) -> pytest.TestReport:
    made = pytest.TestReport("t::a", ("t.py", 1, "a"), {}, outcome, longrepr, when)  # type: ignore[arg-type]
    if wasxfail is not None:
        made.wasxfail = wasxfail  # type: ignore[attr-defined]
    return made


def test_outcomes():
    assert pytest_outcome(report("call", "passed"), None) == "passed"
    assert pytest_outcome(report("call", "failed"), None) == "failed"
    assert pytest_outcome(report("call", "skipped", wasxfail="flaw"), None) == "xfailed"
    assert pytest_outcome(report("call", "passed", wasxfail="flaw"), None) == "xpassed"
    budget = ("t.py", 1, f"Skipped: {BUDGET_SKIP}: $5.00 spent of $5.00 for the run")
    assert pytest_outcome(report("setup", "skipped", longrepr=budget), None) == "skipped by budget"
    assert pytest_outcome(report("setup", "skipped", longrepr=("t.py", 1, "Skipped: no")), None) == "skipped"
    assert pytest_outcome(report("teardown", "failed"), "passed") == "error"
    assert pytest_outcome(report("teardown", "passed"), "xfailed") == "xfailed"

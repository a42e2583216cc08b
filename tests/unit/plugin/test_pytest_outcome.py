"""Each test's pytest outcome as the report shows it beside its sessions, from its setup, call and teardown reports."""

from __future__ import annotations

import pytest

from pytest_useragent.plugin.collect import pytest_outcome
from pytest_useragent.plugin.stash import SKIP_ATTRIBUTE


def report(
    when: str, outcome: str, *, longrepr: object = None, wasxfail: str | None = None, skip: str | None = None
) -> pytest.TestReport:
    made = pytest.TestReport("t::a", ("t.py", 1, "a"), {}, outcome, longrepr, when)  # type: ignore[arg-type]
    if wasxfail is not None:
        made.wasxfail = wasxfail  # type: ignore[attr-defined]
    if skip is not None:
        setattr(made, SKIP_ATTRIBUTE, skip)
    return made


def test_outcomes():
    assert pytest_outcome(report("call", "passed"), None) == "passed"
    assert pytest_outcome(report("call", "failed"), None) == "failed"
    assert pytest_outcome(report("call", "skipped", wasxfail="flaw"), None) == "xfailed"
    assert pytest_outcome(report("call", "passed", wasxfail="flaw"), None) == "xpassed"
    budget = ("t.py", 1, "Skipped: useragent budget exhausted: $5.00 spent of $5.00 for the run")
    assert pytest_outcome(report("setup", "skipped", longrepr=budget, skip="budget"), None) == "skipped by budget"
    assert pytest_outcome(report("setup", "skipped", longrepr=budget, skip="halt"), None) == "skipped"
    # a test of the user's own that skips with words like ours is the user's skip, not the budget's
    assert pytest_outcome(report("setup", "skipped", longrepr=budget), None) == "skipped"
    assert pytest_outcome(report("setup", "skipped", longrepr=("t.py", 1, "Skipped: no")), None) == "skipped"
    assert pytest_outcome(report("teardown", "failed"), "passed") == "error"
    assert pytest_outcome(report("teardown", "passed"), "xfailed") == "xfailed"

"""Hooks a suite's conftest.py (or a plugin) can implement to see each finished session and the run's summary, e.g.
to post results elsewhere; as pytest-html's and pytest-xdist's hooks, they are called on the controller only, so
under xdist they see every worker's sessions."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from pytest_useragent.records import SessionResult
    from pytest_useragent.report.aggregate import RunSummary


@pytest.hookspec
def pytest_useragent_session(nodeid: str, result: SessionResult) -> None:
    """A test's session finished and reached the controller (once per session, repeats included)."""


@pytest.hookspec
def pytest_useragent_run_summary(summary: RunSummary) -> None:
    """The run's summary, with the comparison against a baseline when there was one, before the reports are
    written."""

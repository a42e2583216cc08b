"""Keys the plugin and its fixtures share."""

from __future__ import annotations

import pytest

from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.ledger import Spending
from pytest_useragent.plugin.deltas import TestBaseline
from pytest_useragent.records import SessionResult

CONFIG_KEY = pytest.StashKey[UserAgentConfig]()
SPENDING_KEY = pytest.StashKey[Spending]()
RESULTS_KEY = pytest.StashKey[list[SessionResult]]()
"""On a test item: the sessions its agent ran, attached to its teardown report by the plugin."""
BASELINE_KEY = pytest.StashKey[TestBaseline]()
"""The baseline each test is compared with at its teardown, when the run compares with one."""
SKIP_KEY = pytest.StashKey[str]()
"""On a test item: why the `agent` fixture skipped it ("budget", "halt"), put on its setup report by the plugin."""
SKIP_ATTRIBUTE = "useragent_skip"
"""The report attribute that says so (pytest-xdist carries a report's attributes to the controller)."""
LEDGER_INPUT = "useragent_ledger"
"""The workerinput key under which xdist workers learn the run ledger's path."""

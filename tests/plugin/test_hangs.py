"""A page that never answers ends its own test's session, and pytest goes on to the next test."""

from __future__ import annotations

import pytest

FROZEN_THEN_FINE = """
import pytest


@pytest.mark.useragent(settle_timeout=1, max_steps=2)
def test_frozen(agent, site):
    result = agent.run("Read the page", url=f"{site}/frozen.html")
    assert result.outcome == "page_error", result.error
    assert "the page stopped responding" in result.error


@pytest.mark.useragent(max_steps=2)  # a live page: its calls get the default bound, never a busy machine's 1 s
def test_next(agent, site):
    result = agent.run("Read about the shop", url=f"{site}/about.html")
    assert result.steps and result.steps[0].url.endswith("/about.html")
"""


def test_the_next_test_runs_after_a_frozen_page(suite: pytest.Pytester) -> None:
    suite.makepyfile(test_frozen=FROZEN_THEN_FINE)
    result = suite.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:randomly", timeout=240)
    result.assert_outcomes(passed=2)

"""A false "done" reaches the team: the session result, report.json, report.md, report.html and the terminal."""

from __future__ import annotations

import json

SUITE = """
import anthropic
import pytest
from pytest_useragent import AnthropicProvider, OfflineProvider
from pytest_useragent.testing import FakeMessagesAPI, decision, wrap_up


@pytest.fixture
def llm_provider(request):
    if request.node.get_closest_marker("offline"):
        yield OfflineProvider()
        return
    # a persona sure it is done on the booking page, before it pressed Book
    script = [decision("done", evidence="Book a tour"), decision("give_up", reason="no idea"), wrap_up()]
    with FakeMessagesAPI(script) as server:
        yield AnthropicProvider(anthropic.Anthropic(base_url=server.base_url, api_key="test"))
"""

TESTS = """
import pytest


def test_hasty(agent, site, page):
    result = agent.run("Book a tour", url=site + "/booking.html", success=page.get_by_text("Booked:"))
    assert [claim.step for claim in result.completion.false_dones] == [1]
    assert [issue.rule for issue in result.issues.at_least("major")] == ["false-done"]
    assert not result.goal_achieved


@pytest.mark.offline
def test_honest(agent, site, page):
    result = agent.run("Book a tour", url=site + "/tour.html", success=page.get_by_text("Booked:"))
    assert result.goal_achieved and not result.completion.false_dones


@pytest.mark.offline
def test_broken_check(agent, site):
    agent.run("Book a tour", url=site + "/tour.html", success=lambda page: 1 / 0)
"""


def test_a_false_done_is_counted_in_the_run_report_and_the_terminal(suite):
    suite.makeconftest(suite.path.joinpath("conftest.py").read_text() + SUITE)
    suite.makeini("[pytest]\nmarkers =\n    offline: driven by the offline engine\n")
    suite.makepyfile(test_booking=TESTS)
    result = suite.runpytest_subprocess("-p", "no:cacheprovider", timeout=240)

    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*test_broken_check*",
            "*success=test_broken_check.<locals>.<lambda> raised ZeroDivisionError: division by zero",
            "* in 3 tests, 1 goal achieved*",
            'false "done": 1 (a persona said the goal was reached*',
        ]
    )
    assert "Traceback" not in result.stdout.str() and "1 / 0" not in result.stdout.str()  # one line, no traceback
    folder = suite.path / "useragent-report"
    report = json.loads((folder / "report.json").read_text())
    assert report["false_dones"] == 1
    hasty = next(s["result"] for s in report["sessions"] if "hasty" in s["nodeid"])
    assert hasty["goal_achieved"] is False and hasty["completion"]["claims"][0]["found_in"] == "page"
    assert '**False "done": 1**' in (folder / "report.md").read_text()
    assert 'id="false-dones"' in (folder / "report.html").read_text()
    session_md = next(p for p in suite.path.rglob("useragent/report.md") if "hasty" in str(p)).read_text()
    assert "- **Goal achieved:** no, by the test's check" in session_md
    assert "done at step 1 not taken: the test's success check says the goal is not reached" in session_md

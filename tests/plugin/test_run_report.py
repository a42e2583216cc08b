"""What a team looks at after a run: the shared budget, currencies, crashes, junit, GitHub, pytest-html."""

from __future__ import annotations

import html
import json
import xml.etree.ElementTree as ET

import pytest

from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.render import GITHUB_SUMMARY_LIMIT, append_github_summary
from pytest_useragent.testing.synthetic import session_result

CLAUDE_SUITE = """
import anthropic
import pytest
from pytest_useragent import AnthropicProvider
from pytest_useragent.testing import FakeMessagesAPI, decision, ref_of, wrap_up


@pytest.fixture
def llm_provider():
    # a step is asked with the decision's tool; the wrap-up (asked early when the budget stops the steps) without
    click = lambda body: decision("click", ref_of(body, "Pricing")) if body.get("tools") else wrap_up()
    script = [click] * 3 + [decision("done", verdict="met", evidence="Pro plan"), wrap_up()]
    with FakeMessagesAPI(script) as server:
        yield AnthropicProvider(anthropic.Anthropic(base_url=server.base_url, api_key="test"))
"""

GOAL = """
def test_{name}(agent, site):
    result = agent.run("Find the pricing", url=site + "/index.html")
    print("OUTCOME", result.outcome, result.cost_usd)
"""


def run(suite: pytest.Pytester, *args: str) -> pytest.RunResult:
    return suite.runpytest_subprocess("-p", "no:cacheprovider", *args, timeout=240)


def claude_suite(suite: pytest.Pytester, names: list[str]) -> None:
    suite.makeconftest(suite.path.joinpath("conftest.py").read_text() + CLAUDE_SUITE)
    suite.makepyfile(test_goals="\n".join(GOAL.format(name=name) for name in names))


def test_the_run_budget_stops_a_session_and_skips_later_tests(suite):
    claude_suite(suite, ["first", "second", "third"])
    free = """
from pytest_useragent import OfflineProvider

@pytest.mark.parametrize("llm_provider", [OfflineProvider()])
def test_offline_costs_nothing_and_goes_on(agent, site):
    assert agent.run("Find the pricing", url=site + "/index.html").cost_usd == 0
"""
    suite.path.joinpath("test_goals.py").write_text(
        "import pytest\n" + suite.path.joinpath("test_goals.py").read_text() + free
    )
    result = run(suite, "--useragent-budget=0.05", "-rs", "-s", "-p", "no:randomly")
    result.assert_outcomes(passed=2, skipped=2)
    result.stdout.fnmatch_lines(
        [
            "*budget $0.0500 for the run*",
            "*OUTCOME budget_exhausted*",
            "spent $0.0* of the $0.0500 budget",
            "the budget stopped sessions; 2 tests skipped",
            "budget_exhausted: test_goals.py::test_first*: the next call could cost*",
            "SKIPPED*useragent budget exhausted: $0.0* spent of $0.0500 for the run, too little left for a call's*",
            "SKIPPED*useragent budget exhausted: $0.0* spent of $0.0500 for the run, too little left for a call's*",
        ]
    )
    report = json.loads((suite.path / "useragent-report" / "report.json").read_text())
    assert report["spent_usd"] <= report["budget_usd"] == 0.05
    assert report["stops"] == {"budget_exhausted": True, "halted": None, "skipped_for_budget": 2, "skipped_for_halt": 0}
    assert (
        "The budget stopped sessions**: 2 tests skipped" in (suite.path / "useragent-report" / "report.md").read_text()
    )


def test_costs_in_czk(suite):
    claude_suite(suite, ["czk"])
    result = run(suite, "--useragent-currency=CZK", "--useragent-budget=50", "-s")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*budget 50.00 CZK for the run*", "spent * CZK of the 50.00 CZK budget"])
    session = next(suite.path.rglob("useragent/report.md")).read_text()
    assert "CZK)" in session and "- Total cost: $" in session


def test_an_unpriced_model_is_charged_at_the_dearest_rate_and_flagged(suite, monkeypatch):
    claude_suite(suite, ["future"])
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    result = run(suite, "--useragent-model=claude-future-9")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(
        [
            "useragent: no known price for claude-future-9: it is charged at the dearest known rate*",
            "no known price for claude-future-9: charged at the dearest known rate",
        ]
    )
    assert "**No known price** for claude-future-9" in (suite.path / "useragent-report" / "report.md").read_text()


def test_a_bad_prices_file_or_currency_stops_the_run(suite):
    suite.makepyfile(test_x="def test_x(): pass")
    suite.path.joinpath("prices.yaml").write_text("models: [", encoding="utf-8")
    result = run(suite, "--useragent-prices=prices.yaml")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --useragent-prices=prices.yaml: not valid YAML (line 1)"])
    result = run(suite, "--useragent-currency=EUR")
    result.stderr.fnmatch_lines(["ERROR: --useragent-currency='EUR': no exchange rate (known: CZK, USD)*"])


def test_a_crashed_worker_is_shown_in_the_report(suite):
    suite.makepyfile(
        test_crash="""
        import os

        def test_pricing(agent, site):
            assert agent.run("Find the pricing", url=site + "/index.html").goal_achieved

        def test_crash(agent, site):
            agent.run("Find the pricing", url=site + "/index.html")
            os._exit(3)
    """
    )
    result = run(suite, "-n", "2")
    result.stdout.fnmatch_lines(["*crashed: test_crash.py::test_crash*"])
    report = json.loads((suite.path / "useragent-report" / "report.json").read_text())
    assert [crash["nodeid"] for crash in report["crashed"]] == ["test_crash.py::test_crash[chromium]"]
    # the crashed test's session had finished and written its session.json: the ledger leads the report to it
    assert sorted(s["nodeid"] for s in report["sessions"]) == [
        "test_crash.py::test_crash[chromium]",
        "test_crash.py::test_pricing[chromium]",
    ]
    assert "crashed" in (suite.path / "useragent-report" / "report.html").read_text()


def test_junit_properties_and_the_github_step_summary(suite, monkeypatch):
    summary = suite.path / "step-summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    suite.makepyfile(test_shop=GOAL.format(name="shop"))
    run(suite, "--junitxml=junit.xml").assert_outcomes(passed=1)
    properties = {p.get("name"): p.get("value") for p in ET.parse(suite.path / "junit.xml").iter("property")}
    assert properties["useragent_goal_achieved"] == "True" and properties["useragent_met_rate"] == "1.0"
    assert {"useragent_cost_usd", "useragent_steps", "useragent_issues_critical"} <= set(properties)
    text = summary.read_text()
    assert text.startswith("earlier step\n") and "# pytest-useragent run report" in text


def test_the_github_summary_stays_under_one_mebibyte(tmp_path):
    path = tmp_path / "summary.md"
    path.write_text("x" * (GITHUB_SUMMARY_LIMIT - 5000), encoding="utf-8")
    sessions = [SessionEntry(nodeid=f"t{n}", result=session_result(issues=3, seed=n)) for n in range(300)]
    append_github_summary(aggregate(sessions, []), path)
    assert GITHUB_SUMMARY_LIMIT - 1000 < path.stat().st_size <= GITHUB_SUMMARY_LIMIT
    assert "cut to fit GitHub's 1 MiB limit" in path.read_text()


def test_pytest_html_shows_each_sessions_timeline(suite):
    suite.makepyfile(test_shop=GOAL.format(name="shop"))
    run(suite, "--html=html/report.html", "--self-contained-html").assert_outcomes(passed=1)
    page = html.unescape((suite.path / "html" / "report.html").read_text())  # pytest-html keeps extras as JSON
    assert "Step 1: Corner Shop" in page and "get_by_role(&#34;link&#34;, name=&#34;Pricing&#34;)" in page
    assert 'src=\\"data:image/jpeg;base64,' in page  # inside a JSON string

"""Runs stopped from outside: a refused key stops the run's calls, Ctrl-C and a killed worker lose no session and
no cent. Each runs a real pytest in a subprocess."""

from __future__ import annotations

import json
import socket

import pytest

PROVIDER = """
import os, signal
import anthropic
import pytest
from pytest_useragent import AnthropicProvider
from pytest_useragent.testing import FakeMessagesAPI, Fault, decision, ref_of, wrap_up

SCRIPT = {script}
SERVER = FakeMessagesAPI(SCRIPT).start()
# as in a terminal: a run started in the background (CI, nohup, `&`) inherits SIGINT ignored, and Ctrl-C does nothing
signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture
def llm_provider():
    return AnthropicProvider(anthropic.Anthropic(base_url=SERVER.base_url, api_key="sk-ant-wrong", max_retries=0))


def pytest_sessionfinish(session):
    print("REQUESTS", len(SERVER.requests))
"""

GOALS = """
def test_first(agent, site):
    agent.run("Find the pricing", url=site + "/index.html")

def test_second(agent, site):
    agent.run("Find the pricing", url=site + "/index.html")

def test_third(agent, site):
    agent.run("Find the pricing", url=site + "/index.html")
"""

CLICK = 'lambda body: decision("click", ref_of(body, "Pricing"))'


def suite_with(suite: pytest.Pytester, script: str) -> None:
    suite.makeconftest(suite.path.joinpath("conftest.py").read_text() + PROVIDER.format(script=script))
    suite.makepyfile(test_goals=GOALS)


def report_of(suite: pytest.Pytester) -> dict:
    return json.loads((suite.path / "useragent-report" / "report.json").read_text())


def accounted(report: dict) -> float:
    return sum(s["result"]["cost_usd"] for s in report["sessions"]) + sum(c["spent_usd"] for c in report["crashed"])


def test_a_refused_key_is_one_line_and_the_run_stops_calling(suite):
    suite_with(suite, "[Fault(401)]")
    result = suite.runpytest_subprocess("-p", "no:cacheprovider", "-rs", "-s", timeout=240)
    result.assert_outcomes(passed=1, skipped=2)
    refused = "Anthropic API answered 401 (authentication_error): fake fault 401"
    result.stdout.fnmatch_lines(["*REQUESTS 1"])  # the whole run asked once
    result.stdout.fnmatch_lines(
        [
            f"the model's API refused the run's calls, so no session called it again: {refused}",
            "2 tests skipped because the API refused the run's calls",
            f"provider_error: test_goals.py::test_first*: {refused}",
            f"SKIPPED*useragent stopped calling the model: {refused}",
            f"SKIPPED*useragent stopped calling the model: {refused}",
        ]
    )
    assert "{" not in result.stdout.str().split("useragent ==")[-1]  # no dict repr anywhere in our section
    report = report_of(suite)
    assert report["stops"]["halted"] == refused and report["stops"]["skipped_for_halt"] == 2
    assert refused in (suite.path / "useragent-report" / "report.md").read_text()


def test_a_refusal_stops_only_the_calls_to_that_api_and_model(suite):
    """A test with a fake of its own (another API) and an offline one go on after the first test's key is refused."""
    suite_with(suite, "[Fault(401)]")
    suite.makepyfile(
        test_goals="""
import anthropic
import pytest
from pytest_useragent import AnthropicProvider, OfflineProvider
from pytest_useragent.testing import FakeMessagesAPI, decision, wrap_up

OTHER = FakeMessagesAPI([decision("done", reason="found", evidence="Welcome to Corner Shop"), wrap_up()]).start()


def test_first(agent, site):
    agent.run("Find the pricing", url=site + "/index.html")

def test_same_api(agent, site):
    agent.run("Find the pricing", url=site + "/index.html")

@pytest.mark.parametrize("llm_provider", [OfflineProvider()])
def test_offline(agent, site):
    assert agent.run("Find the shop", url=site + "/index.html").outcome == "goal_achieved"

@pytest.mark.parametrize(
    "llm_provider", [AnthropicProvider(anthropic.Anthropic(base_url=OTHER.base_url, api_key="k", max_retries=0))]
)
def test_another_api(agent, site):
    assert agent.run("Find the shop", url=site + "/index.html").outcome == "goal_achieved"
"""
    )
    result = suite.runpytest_subprocess("-p", "no:cacheprovider", "-rs", "-p", "no:randomly", timeout=240)
    result.assert_outcomes(passed=3, skipped=1)
    result.stdout.fnmatch_lines(["*REQUESTS 1", "SKIPPED*test_goals.py:*: useragent stopped calling the model: *401*"])


def test_an_api_that_cannot_be_connected_to_is_one_line_and_the_run_stops_calling_it(suite):
    suite_with(suite, "[]")
    with socket.socket() as closed:  # a port nothing listens on once closed: refused at once, as a wrong base URL
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    suite.makeconftest(
        suite.path.joinpath("conftest.py").read_text()
        + f"""

@pytest.fixture
def llm_provider():
    client = anthropic.Anthropic(base_url="http://127.0.0.1:{port}", api_key="sk-ant-x", max_retries=1)
    return AnthropicProvider(client)
"""
    )
    result = suite.runpytest_subprocess("-p", "no:cacheprovider", "-rs", timeout=240)
    result.assert_outcomes(passed=1, skipped=2)
    unreachable = f"Anthropic API unreachable at http://127.0.0.1:{port}: Connection error."
    result.stdout.fnmatch_lines(
        [
            f"the model's API refused the run's calls, so no session called it again: {unreachable}",
            f"provider_error: test_goals.py::test_first*: {unreachable}",
            f"SKIPPED*useragent stopped calling the model: {unreachable}",
        ]
    )
    assert "Traceback" not in result.stdout.str() + result.stderr.str()


def test_ctrl_c_writes_the_interrupted_session_and_the_report_accounts_for_its_spending(suite):
    # the second call interrupts the run as Ctrl-C does, while the SDK waits for the answer
    suite_with(suite, f'[{CLICK}, lambda body: os.kill(os.getpid(), signal.SIGINT) or decision("done")]')
    result = suite.runpytest_subprocess("-p", "no:cacheprovider", timeout=240)
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["interrupted: test_goals.py::test_first*: interrupted (KeyboardInterrupt)"])
    report = report_of(suite)
    [session] = report["sessions"]
    assert session["result"]["outcome"] == "interrupted" and session["nodeid"] == "test_goals.py::test_first[chromium]"
    assert report["spent_usd"] > 0 and accounted(report) == pytest.approx(report["spent_usd"], abs=1e-9)
    saved = json.loads(next(suite.path.rglob("useragent/session.json")).read_text())
    assert saved["outcome"] == "interrupted" and saved["cost_usd"] == pytest.approx(report["spent_usd"], abs=1e-9)


def test_a_killed_worker_is_shown_with_what_its_session_spent(suite):
    suite_with(suite, f"[{CLICK}, lambda body: os._exit(3)]")
    result = suite.runpytest_subprocess("-p", "no:cacheprovider", "-n", "1", "-k", "not third", timeout=240)
    result.stdout.fnmatch_lines(["crashed: test_goals.py::test_first* (spent $0.0*)*"])
    report = report_of(suite)
    # each worker (and its replacement) has a fresh script, so every test kills its worker after one paid call
    assert len(report["crashed"]) == 2 and all(crash["spent_usd"] > 0 for crash in report["crashed"])
    assert report["spent_usd"] > 0 and accounted(report) == pytest.approx(report["spent_usd"], abs=1e-9)


def test_the_run_report_is_written_when_a_teardown_before_it_fails(suite):
    # a real Ctrl-C reaches the Playwright driver too: the session fixtures' teardown (pytest-playwright's) then
    # raises in pytest_sessionfinish, before the hooks that come after it
    suite_with(suite, f'[{CLICK}, lambda body: os.kill(os.getpid(), signal.SIGINT) or decision("done")]')
    suite.makeconftest(
        suite.path.joinpath("conftest.py").read_text()
        + """

@pytest.fixture(scope="session", autouse=True)
def breaks_on_teardown():
    yield
    raise RuntimeError("the driver is gone")
"""
    )
    result = suite.runpytest_subprocess("-p", "no:cacheprovider", timeout=240)
    assert result.ret != pytest.ExitCode.OK
    report = report_of(suite)
    assert [s["result"]["outcome"] for s in report["sessions"]] == ["interrupted"]


def test_a_report_dir_that_cannot_be_written_is_one_line(suite):
    suite.path.joinpath("taken").write_text("a file, not a directory")
    suite.makepyfile(test_one=GOALS.split("def test_second")[0])
    result = suite.runpytest_subprocess("-p", "no:cacheprovider", "--useragent-report-dir=taken", timeout=240)
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["could not write the run report to *taken: *"])
    assert "Traceback" not in result.stdout.str() + result.stderr.str()

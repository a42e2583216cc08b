"""Cassettes as a suite meets them: the record-mode option and marker, where cassettes go, a replay that asks no
model, a divergence that fails its test in a few lines, and what the reports say."""

from __future__ import annotations

import ast
import json
import shutil
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

PAGES = Path(__file__).parent.parent / "pages"

FINDS_PRICING = """
import pytest

@pytest.mark.parametrize("who", ["Jana", "Petr"])
def test_finds_pricing(agent, site, who):
    result = agent.run("Find the pricing", url=site + "/index.html")
    assert result.goal_achieved
"""

RENAMED = """
import pytest

INDEX = open({index!r}).read().replace(">Pricing</a>", ">Plans</a>")

@pytest.mark.parametrize("who", ["Jana", "Petr"])
def test_finds_pricing(agent, page, site, who):
    if who == "Petr":
        page.route("**/index.html", lambda route: route.fulfill(body=INDEX, content_type="text/html"))
    result = agent.run("Find the pricing", url=site + "/index.html")
    assert result.goal_achieved
"""

NO_MODEL = """
import pytest

class NoModel:
    name = "offline"
    def model_name(self, requested):
        return "offline"
    def endpoint(self, requested):
        return None
    def decide(self, *args):
        raise AssertionError("a replayed session asked the model")
    wrap_up = compose = survey = interview = decide

@pytest.fixture
def llm_provider():
    return NoModel()
"""


def run(suite: pytest.Pytester, *args: str) -> pytest.RunResult:
    return suite.runpytest_subprocess("-p", "no:cacheprovider", *args, timeout=240)


def test_a_bad_record_mode_is_one_line(suite):
    suite.makepyfile(test_shop=FINDS_PRICING)
    result = run(suite, "--useragent-record-mode=sometimes")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["ERROR: --useragent-record-mode='sometimes': must be one of none, once, new_episodes, all, rewrite"]
    )
    assert "Traceback" not in result.stderr.str()


def test_a_bad_record_mode_in_a_marker_fails_its_test_in_one_line(suite):
    suite.makepyfile(
        test_marked="""
        import pytest

        @pytest.mark.useragent(record_mode="replay")
        def test_marked(agent):
            pass
        """
    )
    result = run(suite)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*@pytest.mark.useragent: record_mode='replay': must be one of none, *"])
    assert "Traceback" not in result.stdout.str()


def test_recorded_once_then_replayed_without_a_model(suite):
    suite.makepyfile(test_shop=FINDS_PRICING)
    recorded = run(suite, "--useragent-record-mode=once")
    recorded.assert_outcomes(passed=2)
    cassettes = sorted(path.name for path in (suite.path / "cassettes" / "test_shop").iterdir())
    # beside where pytest-recording would write test_finds_pricing[chromium-Jana].yaml, never that name
    assert cassettes == [
        "test_finds_pricing[chromium-Jana].useragent.yaml",
        "test_finds_pricing[chromium-Petr].useragent.yaml",
    ]

    suite.makeconftest(suite.path.joinpath("conftest.py").read_text() + NO_MODEL)
    replayed = run(suite, "--useragent-record-mode=none")
    replayed.assert_outcomes(passed=2)
    replayed.stdout.fnmatch_lines(["replay: 4 steps from cassettes, 0 live, in 2 sessions; saved $0.00"])
    report = json.loads((suite.path / "useragent-report" / "report.json").read_text())
    assert report["replay"] == {"sessions": 2, "replayed": 4, "live": 0, "saved_usd": 0.0, "diverged": []}
    assert all(step["replayed"] for session in report["sessions"] for step in session["result"]["steps"])
    markdown = (suite.path / "useragent-report" / "report.md").read_text()
    assert "**Replay:** 4 steps replayed from cassettes and 0 live in 2 sessions" in markdown


def test_a_page_that_changed_fails_its_test_with_the_divergence(suite):
    suite.makepyfile(test_shop=FINDS_PRICING)
    run(suite, "--useragent-record-mode=once").assert_outcomes(passed=2)
    suite.makepyfile(test_shop=RENAMED.format(index=str(PAGES / "index.html")))
    result = run(suite, "--useragent-record-mode=none", "--junitxml=junit.xml")

    result.assert_outcomes(passed=1, failed=1)
    junit = (suite.path / "junit.xml").read_text()  # the divergence, for CI tools that read junit only
    diverged = junit[junit.index('name="test_finds_pricing[chromium-Petr]"') :]
    assert '<property name="useragent_diverged_at_step" value="1"' in diverged[: diverged.index("</testcase>")]
    assert '<property name="useragent_replayed_steps" value="2"' in junit
    result.stdout.fnmatch_lines(
        [
            "Divergence: the journey in cassettes/test_shop/test_finds_pricing[[]chromium-Petr[]].useragent.yaml "
            "no longer fits the page at step 1: the page offers other controls than at record time",
            '  the persona expected: The page I reach mentions "Pricing".',
            '  it did: click on page.get_by_role("link", name="Pricing")',
            "  what the page offers, at record time (-) and now (+):",
            '    - link "pricing"',
            '    + link "plans"',
            "diverged: test_shop.py::test_finds_pricing[[]chromium-Petr[]]: step 1: the page offers other controls*",
        ]
    )
    assert "Traceback" not in result.stdout.str() and "raise " not in result.stdout.str()
    report = (suite.path / "useragent-report" / "report.md").read_text()
    assert "| 1 (0 replayed, diverged at 1) |" in report


def test_the_command_line_wins_over_the_marker_and_the_cassette_dir_moves_cassettes(suite):
    suite.makepyfile(
        test_marked="""
        import pytest

        @pytest.mark.useragent(record_mode="none")
        def test_marked(agent, site):
            assert agent.run("Find the pricing", url=site + "/index.html").goal_achieved
        """
    )
    result = run(suite)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["Divergence: no cassette cassettes/test_marked/test_marked[[]chromium[]]*"])

    run(suite, "--useragent-record-mode=once", "--useragent-cassette-dir=recorded").assert_outcomes(passed=1)
    assert (suite.path / "recorded" / "test_marked" / "test_marked[chromium].useragent.yaml").exists()
    assert not (suite.path / "cassettes").exists()


def test_without_a_record_mode_sessions_run_live_and_write_no_cassette(suite):
    suite.makepyfile(test_shop=FINDS_PRICING)
    result = run(suite)
    result.assert_outcomes(passed=2)
    assert not (suite.path / "cassettes").exists()
    assert "replay:" not in result.stdout.str()


EXPORTED_CONFTEST = """
import os
import pytest

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_type):
    # this machine has the system's Chromium, not Playwright's: what the useragent plugin would find for us
    found = os.path.exists(browser_type.executable_path)
    return {**browser_type_launch_args, **({} if found else {"executable_path": "/usr/bin/chromium"})}


@pytest.fixture(autouse=True)
def known_soon(page):
    # what this journey misses on a broken deployment is missing for good: a failure known in 2 s, not in
    # Playwright's 30 (an action) or 5 (an expect)
    from playwright.sync_api import expect

    page.set_default_timeout(2000)
    expect.set_options(timeout=2000)
"""


@pytest.fixture
def renamed_site(tmp_path: Path) -> Iterator[str]:
    """tests/pages with the home page's Pricing link renamed: a deployment where the journey breaks."""
    copy = tmp_path / "renamed"
    shutil.copytree(PAGES, copy)
    index = copy / "index.html"
    index.write_text(index.read_text().replace(">Pricing</a>", ">Plans</a>"))
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(SimpleHTTPRequestHandler, directory=str(copy)))
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_reached_journey_exports_as_a_plain_playwright_test(suite, site, renamed_site):
    suite.makepyfile(test_shop=FINDS_PRICING)
    exporting = run(suite, "--useragent-export=exported")
    exporting.assert_outcomes(passed=2)
    exporting.stdout.fnmatch_lines(["export: * written as plain pytest-playwright tests to exported"])
    exported = suite.path / "exported" / "test_shop__test_finds_pricing_chromium_Jana.py"
    code = exported.read_text()
    assert 'page.goto("/index.html")' in code and 'page.get_by_role("link", name="Pricing").click()' in code
    assert 'expect(page.locator("body")).to_contain_text("Pricing", ignore_case=True)' in code
    assert "useragent" not in code.split('"""')[-1] and "127.0.0.1" not in code

    # alone, in a directory of its own: no useragent plugin, option, model or fixture
    alone = suite.mkdir("alone")
    shutil.copy(exported, alone / exported.name)
    (alone / "conftest.py").write_text(EXPORTED_CONFTEST)
    (alone / "pytest.ini").write_text("[pytest]\n")
    args = ("-p", "no:useragent", "-p", "no:cacheprovider", "--rootdir", str(alone), str(alone))
    passes = suite.runpytest_subprocess(*args, f"--base-url={site}", timeout=240)
    passes.assert_outcomes(passed=1)
    breaks = suite.runpytest_subprocess(*args, f"--base-url={renamed_site}", timeout=240)
    breaks.assert_outcomes(failed=1)
    breaks.stdout.fnmatch_lines(['*get_by_role("link", name="Pricing")*'])


def test_a_run_wide_persona_keeps_cassettes_of_its_own(suite):
    """The same test run as two personas (--useragent-persona) is two journeys: neither replays the other's."""
    suite.makepyfile(test_shop=FINDS_PRICING.replace('["Jana", "Petr"]', '["Jana"]'))
    for preset in ("first-time-visitor", "hurried-expert"):
        run(suite, "--useragent-record-mode=once", f"--useragent-persona={preset}").assert_outcomes(passed=1)
    names = sorted(path.name for path in (suite.path / "cassettes" / "test_shop").iterdir())
    assert names == [
        "test_finds_pricing[chromium-Jana].petra.useragent.yaml",
        "test_finds_pricing[chromium-Jana].sam.useragent.yaml",
    ]


def test_an_export_folder_that_is_a_file_is_one_warning_and_the_test_passes(suite):
    suite.makepyfile(test_shop=FINDS_PRICING.replace('["Jana", "Petr"]', '["Jana"]'))
    suite.makeini("[pytest]\nfilterwarnings = error\n")  # a suite that makes warnings errors: still no failed test
    (suite.path / "exported").write_text("a file, not a folder\n")

    result = run(suite, "--useragent-export=exported")

    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(
        [
            "*UserAgentWarning: useragent: test_shop.py::test_finds_pricing[[]chromium-Jana[]] not exported to "
            "exported: Not a directory",
            "export: 1 session not written: exported is no folder that can be written",
        ]
    )
    out = result.stdout.str()
    assert out.count("not exported to exported") == 1 and "Traceback" not in out and "pytest_useragent/" not in out
    assert (suite.path / "exported").read_text() == "a file, not a folder\n"


HOSTILE_IDS = """
import pytest

@pytest.mark.parametrize("who", [{payload!r}, "Jana"], ids=[{payload!r}, "Jana"])
def test_finds_pricing(agent, site, who):
    result = agent.run({goal!r}, url=site + "/index.html")
    assert result.goal_achieved
"""


def test_an_exported_test_runs_nothing_its_id_or_goal_holds_and_an_ordinary_one_passes(suite, site):
    mark = suite.path / "ran.txt"
    payload = f'"""; import pathlib; pathlib.Path({str(mark)!r}).write_text("ran"); """'  # would write if it ran
    goal = 'Find the pricing \\x """ \\'  # `\\x` begins no escape in a docstring; the last backslash escapes its end
    suite.makepyfile(test_shop=HOSTILE_IDS.format(payload=payload, goal=goal))
    run(suite, "--useragent-export=exported").assert_outcomes(passed=2)
    exported = sorted((suite.path / "exported").glob("*.py"))
    assert len(exported) == 2 and not mark.exists()
    for path in exported:
        module = ast.parse(path.read_text())
        values = {
            node.targets[0].id: ast.literal_eval(node.value) for node in module.body if isinstance(node, ast.Assign)
        }
        assert values["GOAL"] == goal and values["SOURCE"].startswith("test_shop.py::test_finds_pricing[chromium-")

    alone = suite.mkdir("alone")
    for path in exported:
        shutil.copy(path, alone / path.name)
    (alone / "conftest.py").write_text(EXPORTED_CONFTEST)
    (alone / "pytest.ini").write_text("[pytest]\n")
    args = ("-p", "no:useragent", "-p", "no:cacheprovider", "--rootdir", str(alone), str(alone))
    collected = suite.runpytest_subprocess(*args, "--collect-only", "-q", timeout=240)
    assert collected.ret == 0 and not mark.exists()
    suite.runpytest_subprocess(*args, f"--base-url={site}", timeout=240).assert_outcomes(passed=2)
    assert not mark.exists()

"""The README's first command: the example project runs green with no key, and leaves readable artifacts."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

EXAMPLE = Path(__file__).parents[2] / "example_project"


def test_the_example_project_passes_offline(suite):
    target = suite.path / "example_project"
    shutil.copytree(EXAMPLE, target, ignore=shutil.ignore_patterns("__pycache__"))
    result = suite.runpytest_subprocess(
        "example_project", "-p", "no:cacheprovider", f"--basetemp={suite.path / 'tmp'}", timeout=240
    )
    result.assert_outcomes(passed=10, xfailed=7)
    result.stdout.fnmatch_lines(["useragent: provider offline (auto: no ANTHROPIC_API_KEY or OPENAI_API_KEY)*"])
    sessions = list((suite.path / "tmp").rglob("useragent/session.json"))
    assert len(sessions) == 17
    for path in sessions:
        saved = json.loads(path.read_text())
        assert saved["steps"] and saved["persona"]["name"] in {
            "Jana",
            "Petr",
            "Tereza",
            "Sam",
            "Marek",
            "Jarmila",
            "Vera",
            "Petra",
            "Lucie",
            "Kai",
            "Lucia",
        }
        assert (path.parent / "transcript.jsonl").read_text().count("\n") == len(saved["steps"])
    # the persona matrix: every preset side by side, with its SUS
    report = (suite.path / "useragent-report" / "report.md").read_text()
    compared = report.split("## Personas compared")[1].split("##")[0]
    # the keyboard-only persona (Kai) is stopped by the Pricing link no Tab reaches; the mouse personas click through
    assert all(
        f"| {name} | 1 | 1 | 100% | 100.0 |" in compared
        for name in ("Sam", "Marek", "Jarmila", "Vera", "Petra", "Lucie", "Lucia")
    )
    (kai,) = [line for line in compared.splitlines() if line.startswith("| Kai |")]
    assert "| 100.0 |" not in kai
    kai_session = next(path for path in sessions if json.loads(path.read_text())["persona"]["name"] == "Kai")
    rules = {issue.get("rule") for step in json.loads(kai_session.read_text())["steps"] for issue in step["issues"]}
    assert "keyboard-unreachable" in rules and "focus-lost" not in rules


def test_the_fixed_shop_passes_every_test(suite):
    shutil.copytree(EXAMPLE, suite.path / "example_project", ignore=shutil.ignore_patterns("__pycache__"))
    result = suite.runpytest_subprocess("example_project", "--shop=fixed", "-p", "no:cacheprovider", timeout=240)
    result.assert_outcomes(passed=17)
    result.stdout.fnmatch_lines(["17 sessions in 17 tests, 17 goals achieved, *issues: none", "spent $0.00 of*"])


def test_with_no_browser_no_flaw_counts_as_expected(suite, monkeypatch, tmp_path):
    # an xfail absorbs only the failure it expects: a test that could not set up is an error, not a planted flaw found
    shutil.copytree(EXAMPLE, suite.path / "example_project", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setenv("PATH", str(tmp_path))  # no system Chromium ...
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path))  # ... and no Playwright one
    result = suite.runpytest_subprocess("example_project", "-p", "no:cacheprovider", timeout=240)
    result.assert_outcomes(errors=17)
    result.stdout.fnmatch_lines(["No Chromium found for pytest-useragent. Install Playwright's: *"])
    assert "During handling" not in result.stdout.str()

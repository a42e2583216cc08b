"""The docs' code examples run: the tutorial from an empty directory, and every how-to's example file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
DOCS = ROOT / "docs"


def copy(suite: pytest.Pytester, folder: str) -> None:
    for name in ("tutorial", folder):
        shutil.copytree(DOCS / name, suite.path / "docs" / name, dirs_exist_ok=True)


def test_the_tutorial_gives_a_passing_persona_test_and_a_report(suite):
    copy(suite, "tutorial")
    result = suite.runpytest_subprocess("docs/tutorial", "-p", "no:cacheprovider", timeout=240)
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(
        ["useragent: provider offline (auto: no ANTHROPIC_API_KEY or OPENAI_API_KEY)*", "report: *report.html"]
    )
    report = json.loads((suite.path / "useragent-report" / "report.json").read_text())
    assert report["goals_achieved"] == 1 and report["by_persona"][0]["persona"] == "Sam"
    assert (suite.path / "useragent-report" / "report.html").is_file()


def test_the_tutorial_as_written_passes_in_the_folder_that_holds_the_clone(suite):
    """A user who saves the tutorial's files in the folder that holds the plugin's clone (`pytest-useragent/`; the
    tutorial makes a folder beside the clone) and runs a bare `pytest` there: the clone's own tests (their conftest needs the `test` extra), its example project and its docs' copy of
    test_shop.py (the same module name as the user's) are not collected; what is named is."""
    clone = suite.mkdir("pytest-useragent")
    for name in ("conftest.py", "pyproject.toml"):
        shutil.copy(ROOT / name, clone / name)
    for folder in ("tests", "example_project", "docs"):
        shutil.copytree(ROOT / folder, clone / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("shop.html", "pricing.html", "test_shop.py"):
        shutil.copy(DOCS / "tutorial" / name, suite.path / name)

    collected = suite.runpytest_subprocess("--collect-only", "-q", "-p", "no:cacheprovider", timeout=240)
    collected.stdout.fnmatch_lines(["test_shop.py::test_a_first_time_visitor_finds_the_pro_price[[]chromium[]]", ""])
    assert collected.ret == 0 and "pytest-useragent" not in collected.stdout.str()
    suite.runpytest_subprocess("-p", "no:cacheprovider", timeout=240).assert_outcomes(passed=1)

    suite.makeini("[pytest]\ntestpaths = pytest-useragent/example_project\n")  # asked for: collected
    asked = suite.runpytest_subprocess("--collect-only", "-q", "-p", "no:cacheprovider", timeout=240)
    assert asked.ret == 0 and "pytest-useragent/example_project/test_first_visit.py::" in asked.stdout.str()


def test_the_how_to_examples_pass(suite, monkeypatch):
    monkeypatch.setenv("SHOP_PASSWORD", "a-password-of-mine")
    copy(suite, "examples")
    result = suite.runpytest_subprocess("docs/examples", "-p", "no:cacheprovider", timeout=300)
    result.assert_outcomes(passed=13)  # eight presets, an interview, credentials, a scripted provider, zoom, a phone
    result.stdout.fnmatch_lines(["useragent: provider offline*, budget $0.50* for the run, max 8 steps"])
    report = (suite.path / "useragent-report" / "report.md").read_text()
    assert "## Personas compared" in report and "## Interviews" in report
    assert "a-password-of-mine" not in report

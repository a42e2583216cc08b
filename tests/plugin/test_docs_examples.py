"""The docs' code examples run: the tutorial from an empty directory, and every how-to's example file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

DOCS = Path(__file__).parents[2] / "docs"


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


def test_the_how_to_examples_pass(suite, monkeypatch):
    monkeypatch.setenv("SHOP_PASSWORD", "a-password-of-mine")
    copy(suite, "examples")
    result = suite.runpytest_subprocess("docs/examples", "-p", "no:cacheprovider", timeout=300)
    result.assert_outcomes(passed=9)  # six presets, an interview, credentials, a scripted provider
    result.stdout.fnmatch_lines(["useragent: provider offline*, budget $0.50* for the run, max 8 steps"])
    report = (suite.path / "useragent-report" / "report.md").read_text()
    assert "## Personas compared" in report and "## Interviews" in report
    assert "a-password-of-mine" not in report

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
    result.assert_outcomes(passed=3, xfailed=6)
    result.stdout.fnmatch_lines(["useragent: provider offline (auto: no ANTHROPIC_API_KEY or OPENAI_API_KEY)*"])
    sessions = list((suite.path / "tmp").rglob("useragent/session.json"))
    assert len(sessions) == 9
    for path in sessions:
        saved = json.loads(path.read_text())
        assert saved["steps"] and saved["persona"]["name"] in {"Jana", "Petr", "Tereza"}
        assert (path.parent / "transcript.jsonl").read_text().count("\n") == len(saved["steps"])


def test_the_fixed_shop_passes_every_test(suite):
    shutil.copytree(EXAMPLE, suite.path / "example_project", ignore=shutil.ignore_patterns("__pycache__"))
    result = suite.runpytest_subprocess("example_project", "--shop=fixed", "-p", "no:cacheprovider", timeout=240)
    result.assert_outcomes(passed=9)
    result.stdout.fnmatch_lines(["9 sessions in 9 tests, 9 goals achieved, *issues: none", "spent $0.00 of*"])

"""The example project split in two shards (`-k` halves, as pytest-split would give two CI runners) and combined
with `useragent combine`: the same report as one unsplit run; and a baseline saved from combined shards of the fixed
shop gates a later combined run of the flawed one. Each run of the example project is made once for the module."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_useragent.cli import main

EXAMPLE = Path(__file__).parents[2] / "example_project"
CLOSED_NETWORK = """
import pytest


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    rules = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"
    return {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), rules]}
"""
SUITE = "not persona_matrix"
"""The example project less its persona matrix (six more sessions of one goal, which the suite runs elsewhere)."""
HALF = "first_visit or hurried"
"""The first shard's tests (7); the second shard has the other 2."""
RUNS = {
    "unsplit": ["-k", SUITE],
    "shard-a": ["-k", f"{SUITE} and ({HALF})"],
    "shard-b": ["-k", f"{SUITE} and not ({HALF})"],
    "fixed-a": ["--shop=fixed", "-k", "first_visit"],
    "fixed-b": ["--shop=fixed", "-k", "hurried"],
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Each run's report folder under one root: the whole flawed shop, its two halves, two shards of the fixed one."""
    root = tmp_path_factory.mktemp("shards")
    shutil.copytree(EXAMPLE, root / "example_project", ignore=shutil.ignore_patterns("__pycache__"))
    (root / "conftest.py").write_text(CLOSED_NETWORK)
    (root / "tmp").mkdir()
    environ = {
        k: v for k, v in os.environ.items() if k not in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GITHUB_STEP_SUMMARY")
    }
    for name, args in RUNS.items():
        command = [sys.executable, "-m", "pytest", "example_project", "-p", "no:cacheprovider", "-p", "no:randomly"]
        command += [f"--basetemp={root / 'tmp' / name}", f"--useragent-report-dir={name}", *args]
        done = subprocess.run(command, cwd=root, env=environ, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
    return root


def figures(report: dict) -> dict:
    """A run as the issue asks it compared: tests, sessions, goals, issues by key, spend."""
    return {
        "tests": sorted(report["test_outcomes"].items()),
        "sessions": sorted((s["nodeid"], s["result"]["outcome"], s["result"]["goal"]) for s in report["sessions"]),
        "goals": report["goals_achieved"],
        "issues": sorted(
            (i["issue"]["key"], i["issue"]["severity"], i["issue"]["trust"], len(i["seen"])) for i in report["issues"]
        ),
        "by_severity": report["issues_by_severity"],
        "spent": report["spent_usd"],
        "cost": report["cost_usd"],
    }


def read(folder: Path) -> dict:
    return json.loads((folder / "report.json").read_text())


def test_two_shards_of_the_example_project_combine_into_the_unsplit_run(runs: Path, capsys):
    combined = runs / "combined"
    assert main(["combine", str(runs / "shard-a"), str(runs / "shard-b"), "--output", str(combined)]) == 0
    whole = read(runs / "unsplit")
    assert figures(read(combined)) == figures(whole)
    assert figures(read(runs / "shard-a")) != figures(whole)  # the twin: a shard is not the run
    assert len(whole["sessions"]) == 9 and len(whole["issues"]) > 3
    out = capsys.readouterr().out
    assert out.startswith("combined 2 shards: 9 sessions in 9 tests, ")
    # the combined folder stands alone: every link of its report finds its file there
    html = (combined / "report.html").read_text()
    links = set(re.findall(r'href="(sessions/[^"#]+)', html))
    assert links and all((combined / link).is_file() for link in links)


def test_a_saved_combined_baseline_gates_a_later_combined_run(runs: Path, capsys):
    storage = str(runs / ".useragent")
    fixed = [str(runs / "fixed-a"), str(runs / "fixed-b")]
    assert main(["combine", *fixed, "--output", str(runs / "fixed"), "--storage", storage, "--save", "fixed"]) == 0
    assert "baseline saved: " in capsys.readouterr().out
    flawed = [str(runs / "shard-a"), str(runs / "shard-b")]
    gate = ["--storage", storage, "--compare=fixed", "--compare-fail=goal:0,new_issues:0"]
    assert main(["combine", *flawed, "--output", str(runs / "gated"), *gate]) == 1
    out = capsys.readouterr().out
    assert re.search(
        r"^compared with baseline 0001_fixed \(.*\): \d+ regressions, FAILED by goal:0%,new_issues:0$", out, re.M
    )
    assert re.search(
        r'test_petr_subscribes_to_the_newsletter\[chromium\] .* new major issue .* "A click did nothing"', out
    )
    assert read(runs / "gated")["comparison"]["baseline"] == "0001_fixed"
    # the twin: the fixed shop's combined run against its own baseline passes the same gate
    assert main(["combine", *fixed, "--output", str(runs / "again"), *gate]) == 0

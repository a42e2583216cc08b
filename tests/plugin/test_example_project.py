"""The example project through real runs of pytest: the README's first command green with no key (the flawed shop's
planted flaws found, its artifacts readable), the fixed shop passing every test, a baseline saved from the fixed shop
gating the flawed one, and the run split in two shards (`-k` halves, as pytest-split would give two CI runners)
combined with `useragent combine` into the same report as the unsplit run.

The runs are made once for the whole suite (`example_runs`), side by side: each is a pytest and a browser that mostly waits
(the shop's planted 1.5 s slow search), so three at once take about as long as one."""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
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
HALF = "first_visit or hurried"
"""The first shard's tests; the second shard has the others."""
GATE = ["--useragent-compare=fixed", "--useragent-compare-fail=goal:0,new_issues:0"]
FIRST = {"fixed": ["--shop=fixed", "--useragent-save=fixed"]}
"""Made before the others: the baseline the flawed run is compared with."""
THEN = {
    "flawed": GATE,  # the README's first command, compared with the fixed shop's baseline
    "shard-a": ["-k", HALF],
    "shard-b": ["-k", f"not ({HALF})"],
}
PERSONAS = {"Jana", "Petr", "Tereza", "Sam", "Marek", "Jarmila", "Vera", "Petra", "Lucie", "Kai", "Lucia"}


@dataclass(frozen=True)
class Runs:
    root: Path

    def result(self, name: str) -> pytest.RunResult:
        told = json.loads((self.root / f"{name}.json").read_text())
        return pytest.RunResult(told["ret"], told["out"].splitlines(), told["err"].splitlines(), told["seconds"])

    def report(self, name: str) -> dict:
        return json.loads((self.root / name / "report.json").read_text())


def start(root: Path, name: str, args: list[str]) -> subprocess.Popen[str]:
    environ = {
        k: v for k, v in os.environ.items() if k not in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GITHUB_STEP_SUMMARY")
    }
    environ["PYTEST_ADDOPTS"] = "-p no:hypothesispytest"  # this suite's plugin, not the example project's
    command = [sys.executable, "-m", "pytest", "example_project", "-p", "no:cacheprovider", "-p", "no:randomly"]
    command += [f"--basetemp={root / 'tmp' / name}", f"--useragent-report-dir={name}", *args]
    return subprocess.Popen(command, cwd=root, env=environ, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(root: Path, name: str, process: subprocess.Popen[str]) -> None:
    try:
        out, err = process.communicate(timeout=600)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
    (root / f"{name}.json").write_text(json.dumps({"ret": process.returncode, "out": out, "err": err, "seconds": 0}))


@pytest.fixture(scope="session")
def example_runs(tmp_path_factory: pytest.TempPathFactory) -> Runs:
    """The example project's runs, made once for the suite: the xdist worker that comes first makes them under a
    lock in the run's shared temp folder, the other reads them."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")  # under xdist, each worker's temp folder is in the run's
    shared = tmp_path_factory.getbasetemp().parent if worker else tmp_path_factory.getbasetemp()
    root = shared / "example-runs"
    with open(shared / "example-runs.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (root / "done").exists():
            shutil.rmtree(root, ignore_errors=True)
            shutil.copytree(EXAMPLE, root / "example_project", ignore=shutil.ignore_patterns("__pycache__"))
            (root / "conftest.py").write_text(CLOSED_NETWORK)
            (root / "tmp").mkdir()
            for name, args in FIRST.items():
                finish(root, name, start(root, name, args))
            started = {name: start(root, name, args) for name, args in THEN.items()}
            for name, process in started.items():
                finish(root, name, process)
            (root / "done").touch()
    return Runs(root)


def test_the_example_project_passes_offline(example_runs: Runs):
    result = example_runs.result("flawed")
    result.assert_outcomes(passed=10, xfailed=7, failed=1)  # the failed one: its baseline gate
    result.stdout.fnmatch_lines(["useragent: provider offline (auto: no ANTHROPIC_API_KEY or OPENAI_API_KEY)*"])
    sessions = list((example_runs.root / "tmp" / "flawed").rglob("useragent/session.json"))
    assert len(sessions) == 17
    for path in sessions:
        saved = json.loads(path.read_text())
        assert saved["steps"] and saved["persona"]["name"] in PERSONAS
        assert (path.parent / "transcript.jsonl").read_text().count("\n") == len(saved["steps"])
    # the persona matrix: every preset side by side, with its SUS
    report = (example_runs.root / "flawed" / "report.md").read_text()
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


def test_the_fixed_shop_passes_every_test(example_runs: Runs):
    result = example_runs.result("fixed")
    result.assert_outcomes(passed=17)
    assert result.ret == 0
    result.stdout.fnmatch_lines(["17 sessions in 17 tests, 17 goals achieved, *issues: none", "spent $0.00 of*"])


def test_the_example_shop_fixed_then_flawed_fails_naming_the_goals_lost_and_the_new_issues(example_runs: Runs):
    example_runs.result("fixed").stdout.fnmatch_lines(["baseline saved: *.useragent/0001_fixed.json"])
    flawed = example_runs.result("flawed")
    assert flawed.ret == 1
    flawed.stdout.fnmatch_lines(
        [
            "compared with baseline 0001_fixed (*): FAILED by goal:0% (* tests beyond it), new_issues:0 (*)",
            "  goal:0%: *test_petr_subscribes_to_the_newsletter[[]chromium[]]: goal success 100% -> 0% *",
            '  new_issues:0: "A click did nothing" (major, *): new in * e.g. *',
        ]
    )
    # pytest's closing line counts the gate's failure: it agrees with the exit code
    flawed.stdout.fnmatch_lines(["FAILED *useragent::compare-fail - baseline 0001_fixed: goal:0%*"])
    flawed.assert_outcomes(passed=10, xfailed=7, failed=1)


def test_with_no_browser_no_flaw_counts_as_expected(suite, monkeypatch, tmp_path):
    # an xfail absorbs only the failure it expects: a test that could not set up is an error, not a planted flaw found
    shutil.copytree(EXAMPLE, suite.path / "example_project", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setenv("PATH", str(tmp_path))  # no system Chromium ...
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path))  # ... and no Playwright one
    result = suite.runpytest_subprocess("example_project", "-p", "no:cacheprovider", timeout=240)
    result.assert_outcomes(errors=17)
    result.stdout.fnmatch_lines(["No Chromium found for pytest-useragent. Install Playwright's: *"])
    assert "During handling" not in result.stdout.str()


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


def test_two_shards_of_the_example_project_combine_into_the_unsplit_run(example_runs: Runs, tmp_path, capsys):
    for name in THEN:  # the flawed run fails its gate; every other run passes
        assert example_runs.result(name).ret == (1 if name == "flawed" else 0), example_runs.result(name).stdout.str()
    combined = tmp_path / "combined"
    assert (
        main(
            [
                "combine",
                str(example_runs.root / "shard-a"),
                str(example_runs.root / "shard-b"),
                "--output",
                str(combined),
            ]
        )
        == 0
    )
    whole = example_runs.report("flawed")
    assert figures(json.loads((combined / "report.json").read_text())) == figures(whole)
    assert figures(example_runs.report("shard-a")) != figures(whole)  # the twin: a shard is not the run
    assert len(whole["sessions"]) == 17 and len(whole["issues"]) > 3
    out = capsys.readouterr().out
    assert out.startswith("combined 2 shards: 17 sessions in 17 tests, ")
    # the combined folder stands alone: every link of its report finds its file there
    html = (combined / "report.html").read_text()
    links = set(re.findall(r'href="(sessions/[^"#]+)', html))
    assert links and all((combined / link).is_file() for link in links)


def test_a_baseline_saved_by_combine_gates_a_later_combined_run(example_runs: Runs, tmp_path, capsys):
    storage = str(tmp_path / ".useragent")
    fixed = [str(example_runs.root / "fixed")]  # one folder is a run combine takes, as a shard is
    assert main(["combine", *fixed, "--output", str(tmp_path / "fixed"), "--storage", storage, "--save", "fixed"]) == 0
    assert "baseline saved: " in capsys.readouterr().out
    flawed = [str(example_runs.root / "shard-a"), str(example_runs.root / "shard-b")]
    gate = ["--storage", storage, "--compare=fixed", "--compare-fail=goal:0,new_issues:0"]
    assert main(["combine", *flawed, "--output", str(tmp_path / "gated"), *gate]) == 1
    out = capsys.readouterr().out
    assert re.search(
        r"^compared with baseline 0001_fixed \(.*\): FAILED by goal:0% \(\d+ tests beyond it\), new_issues:0 \(",
        out,
        re.M,
    )
    assert re.search(r'^  new_issues:0: "A click did nothing" \(major, \w+\): new in', out, re.M)
    assert json.loads((tmp_path / "gated" / "report.json").read_text())["comparison"]["baseline"] == "0001_fixed"
    # the twin: the fixed shop's combined run against its own baseline passes the same gate
    assert main(["combine", *fixed, "--output", str(tmp_path / "again"), *gate]) == 0


def test_the_flawed_shop_s_report_opens_with_its_verdict_and_fits_a_screen_per_distinct_issue(example_runs, page):
    # issue 41: report.html of the README's first command, compared with the fixed shop's baseline, in a browser
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto((example_runs.root / "flawed" / "report.html").as_uri())
    verdict = page.locator("#verdict")
    assert verdict.inner_text().startswith("Failed: the baseline gate (goal:0%, new_issues:0)")
    for part in ("#verdict", "#card-goals", "#card-issues", "#card-cost"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 720, part
    distinct = page.locator("#regressions div[class^='issues-'] details.group").count()
    regressions = page.locator("#regressions").bounding_box()
    assert distinct and regressions is not None and regressions["height"] <= 720 * distinct
    run_issues = page.locator("#issues details.group").count()
    assert run_issues == len([i for i in example_runs.report("flawed")["issues"] if i["issue"]["trust"] != "review"])
    for width in (1280, 375):
        page.set_viewport_size({"width": width, "height": 720})
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), width

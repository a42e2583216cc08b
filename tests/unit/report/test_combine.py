"""`useragent combine`: shards' report folders made into the report one run of all their tests writes, and gated on
one baseline; what cannot be combined, and a command line that is wrong, is one line and exit status 2. On synthetic
runs written by the plugin's own report code (the example project's shards: tests/plugin/test_shards.py)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_useragent.cli import main
from pytest_useragent.records import Issue
from pytest_useragent.regression.baseline import metadata
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.copies import copy_sessions
from pytest_useragent.report.render import write_run_report
from pytest_useragent.testing.synthetic import session_result

JPEG = b"\xff\xd8" + b"x" * 500


def session(root: Path, test: str, n: int, **shape: object) -> SessionEntry:
    """A session as a machine leaves it: its folder (session.json, a screenshot) under `root`."""
    result = session_result(**shape)  # type: ignore[arg-type]
    folder = root / re.sub(r"\W", "_", test) / ("useragent" if n == 0 else f"useragent-{n + 1}")
    (folder / "screenshots").mkdir(parents=True)
    (folder / "screenshots" / "step-001.jpg").write_bytes(JPEG)
    result.directory = str(folder)
    result.steps[0].screenshot = "screenshots/step-001.jpg"
    (folder / "session.json").write_text(result.model_dump_json())
    (folder / "report.md").write_text("# the session\n")
    return SessionEntry(nodeid=test, result=result)


def the_run(machine: Path) -> list[SessionEntry]:
    """Four tests: one repeated three times (intervals), one met by a flaw another test meets too (a key in two
    tests, and so in two shards: reproduced only when they are seen together)."""
    shared = Issue(
        severity="major",
        heuristic="Nielsen #4",
        title="The Pricing link leads to About us",
        evidence="e",
        quote="Hm.",
        step=1,
    )
    entries = [
        session(machine, "t.py::test_repeated", n, seed=n, outcome="gave_up" if n else "goal_achieved")
        for n in range(3)
    ]
    entries.append(session(machine, "t.py::test_checkout", 0, issues=2, cost_usd=0.02))
    entries.append(session(machine, "u.py::test_search", 0, issues=0, cost_usd=0.03))
    entries.append(session(machine, "u.py::test_signup", 0, issues=1, seed=5))
    for entry in (entries[3], entries[5]):
        entry.result.issues.root.append(shared)
        entry.result.steps[0].issues.append(shared)
    return entries


def write_report(folder: Path, entries: list[SessionEntry], *, run_id: str | None = None, budget: float = 5.0) -> Path:
    """What the plugin's controller writes at the end of a run (`RunCollector._write`)."""
    summary = aggregate(entries, [], budget_usd=budget, spent_usd=sum(e.result.cost_usd for e in entries))
    summary.test_outcomes = {entry.nodeid: "passed" for entry in entries}
    summary.run_id = run_id
    summary.metadata = metadata(folder, provider="offline", model="offline", duration_seconds=1.0)
    summary.copies = copy_sessions([(e.nodeid, e.result.directory, None) for e in entries], folder)
    write_run_report(summary, folder)
    return folder


@pytest.fixture
def shards(tmp_path: Path) -> tuple[Path, Path, Path]:
    """The same run unsplit, and split in two shards by module, each on a machine of its own."""
    unsplit = write_report(tmp_path / "unsplit", the_run(tmp_path / "machine"))
    first = write_report(
        tmp_path / "shard-1", [e for e in the_run(tmp_path / "machine-1") if e.nodeid.startswith("t.py")]
    )
    second = write_report(
        tmp_path / "shard-2", [e for e in the_run(tmp_path / "machine-2") if e.nodeid.startswith("u.py")]
    )
    return unsplit, first, second


def figures(report: dict) -> dict:
    """What a run is, whatever the machine and folder: tests, sessions, goals, issues by key, spend, per test."""
    return {
        "totals": {
            key: report[key]
            for key in (
                "tests",
                "goals_achieved",
                "steps",
                "met",
                "evaluated",
                "issues_by_severity",
                "issues_by_trust",
                "spent_usd",
                "cost_usd",
                "outcomes",
                "personas",
                "test_outcomes",
            )
        },
        "sessions": sorted((s["nodeid"], s["result"]["outcome"], s["result"]["cost_usd"]) for s in report["sessions"]),
        "issues": sorted(
            (i["issue"]["key"], i["issue"]["trust"], len(i["seen"]), tuple(sorted(i["tests"])))
            for i in report["issues"]
        ),
        "per_test": sorted((t["nodeid"], json.dumps(t["stats"], sort_keys=True)) for t in report["per_test"]),
        "by_persona": report["by_persona"],
    }


def read(folder: Path) -> dict:
    return json.loads((folder / "report.json").read_text())


def test_two_shards_combine_into_the_report_of_one_run(shards, tmp_path, capsys, monkeypatch):
    unsplit, first, second = shards
    summary = tmp_path / "step-summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    assert main(["combine", str(first), str(second), "--output", str(tmp_path / "combined")]) == 0
    combined = read(tmp_path / "combined")
    assert figures(combined) == figures(read(unsplit))
    assert figures(read(first)) != figures(combined)  # (the twin: one shard alone is not the run)
    flaw = next(i for i in combined["issues"] if i["issue"]["title"] == "The Pricing link leads to About us")
    assert flaw["issue"]["trust"] == "reproduced" and len(flaw["seen"]) == 2  # one per shard, merged by key
    assert combined["budget_usd"] == 10.0  # each shard had a file ledger of its own: two budgets
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("combined 2 shards: 6 sessions in 4 tests, 4 goals achieved")
    assert said[1] == "spent $0.0900 of the $10.00 budget" and said[-1].startswith("report: ")
    assert summary.read_text().strip() == (tmp_path / "combined" / "report.md").read_text().strip()


def test_the_combined_report_links_and_shows_what_the_shards_copied(shards, tmp_path):
    _, first, second = shards
    assert main(["combine", str(first), str(second), "--output", str(tmp_path / "combined")]) == 0
    html = (tmp_path / "combined" / "report.html").read_text()
    links = set(re.findall(r'(?:href|src)="(sessions/[^"#]+)', html))
    assert len(links) >= 6 and all((tmp_path / "combined" / link).is_file() for link in links)
    assert html.count("data:image/jpeg;base64,") == 6  # every screenshot inlined, read from the combined folder
    for entry in read(tmp_path / "combined")["sessions"]:
        folder = Path(entry["result"]["directory"])
        assert folder.is_relative_to(tmp_path / "combined") and (folder / "session.json").is_file()
    markdown = (tmp_path / "combined" / "report.md").read_text()
    assert all((tmp_path / "combined" / link).is_file() for link in re.findall(r"\]\((sessions/[^)#]+)", markdown))


def test_shards_of_one_shared_ledger_count_its_budget_once(tmp_path):
    entries = the_run(tmp_path / "machine")
    first = write_report(tmp_path / "a", entries[:3], run_id="4711-1", budget=0.5)
    second = write_report(tmp_path / "b", entries[3:], run_id="4711-1", budget=0.5)
    assert main(["combine", str(first), str(second), "--output", str(tmp_path / "c")]) == 0
    combined = read(tmp_path / "c")
    assert combined["budget_usd"] == 0.5 and combined["run_id"] == "4711-1"
    assert combined["spent_usd"] == pytest.approx(sum(e.result.cost_usd for e in entries))


def test_a_saved_combined_baseline_gates_a_later_combined_run(shards, tmp_path, capsys, monkeypatch):
    _, first, second = shards
    monkeypatch.chdir(tmp_path)
    assert main(["combine", str(first), str(second), "--output", "saved", "--save", "main"]) == 0
    assert "baseline saved: " in capsys.readouterr().out and (tmp_path / ".useragent" / "0001_main.json").is_file()
    same = ["combine", str(first), str(second), "--output", "again", "--compare", "--compare-fail", "new_issues:0"]
    assert main(same) == 0  # the twin: the same run passes its gate
    entries = [e for e in the_run(tmp_path / "later") if e.nodeid.startswith("u.py")]
    tiny = Issue(
        severity="critical",
        heuristic="axe",
        title="Buttons must have discernible text",
        evidence="b",
        quote="",
        step=1,
        source="check",
    )
    entries[0].result.issues.root.append(tiny)
    entries[0].result.steps[0].issues.append(tiny)
    worse = write_report(tmp_path / "shard-2-later", entries)
    capsys.readouterr()
    assert main([*same[:2], str(worse), "--output", "later", "--compare=main", "--compare-fail=new_issues:0"]) == 1
    out = capsys.readouterr().out
    assert "FAILED by new_issues:0 (" in out
    assert re.search(
        r"new_issues:0: \"Buttons must have discernible text\" \(critical, objective\): new in 1 test, e.g. u\.py::test_search",
        out,
    ), out


@pytest.mark.parametrize(
    ("case", "said"),
    [
        (
            "twice",
            r"^useragent combine: t\.py::test_checkout ran in two shards, .*shard-1 and .*copy \(and 1 more\): its sessions would count twice \(give each test to one shard\)$",
        ),
        ("no report", r"^useragent combine: .*example: holds no report\.json, so it is no run report .*$"),
        ("not json", r"^useragent combine: .*report\.json: not JSON \(.*\), so no run report$"),
        (
            "not a report",
            r"^useragent combine: .*report\.json: no run report: currency: Field required \(and 15 more\)$",
        ),
        (
            "newer",
            r"^useragent combine: .*report\.json: it was made by a newer pytest-useragent \(report\.json version 3; this one reads up to 2\): upgrade .*$",
        ),
        (
            "older",
            r"^useragent combine: the shards' report\.json formats differ \(.*shard-1 version 2, .*shard-2 version 1\): combine the shards of one run, made by one release$",
        ),
        (
            "currency",
            r"^useragent combine: the shards' reports are in different currencies \(.*shard-1 in USD, .*shard-2 in CZK\): .*$",
        ),
        (
            "climbs out",
            r"^useragent combine: .*report\.json: a session's copy '\.\./\.\./etc' is not under its sessions/ folder$",
        ),
        (
            "output in a shard",
            r"^useragent combine: --output .*shard-1/combined is in the shard .*shard-1: write the combined report to a folder of its own$",
        ),
        ("missing", r"^useragent combine: .*nowhere: no such folder .*$"),
        ("unknown baseline", r"^useragent combine: no baseline named 'main': .*holds none yet .*$"),
    ],
)
def test_what_cannot_be_combined_is_one_line_and_nothing_is_written(shards, tmp_path, capsys, monkeypatch, case, said):
    _, first, second = shards
    monkeypatch.chdir(tmp_path)
    output, extra = tmp_path / "combined", []
    report = json.loads((second / "report.json").read_text())
    if case == "twice":
        second = tmp_path / "copy"
        second.mkdir()
        (second / "report.json").write_text((first / "report.json").read_text())
    elif case == "no report":
        second = tmp_path / "example"
        second.mkdir()
    elif case == "not json":
        (second / "report.json").write_text("{'tests': 3")
    elif case == "not a report":
        (second / "report.json").write_text('{"tests": 3}')
    elif case in ("newer", "older", "currency"):
        report.update(
            {
                "newer": {"schema_version": 3},
                "older": {"schema_version": 1},
                "currency": {"currency": "CZK", "exchange_rate": 23.5},
            }[case]
        )
        (second / "report.json").write_text(json.dumps(report))
    elif case == "climbs out":
        report["copies"] = {report["sessions"][0]["result"]["directory"]: "../../etc"}
        (second / "report.json").write_text(json.dumps(report))
    elif case == "output in a shard":
        output = first / "combined"
    elif case == "missing":
        second = tmp_path / "nowhere"
    elif case == "unknown baseline":
        extra = ["--compare=main"]
    assert main(["combine", str(first), str(second), "--output", str(output), *extra]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and re.match(said, err.strip()), err
    assert not output.exists()


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        ([], r"^useragent: error: the following arguments are required: COMMAND \(see useragent --help\)$"),
        (["explode"], r"^useragent: error: argument COMMAND: invalid choice: 'explode' .*$"),
        (
            ["combine", "a"],
            r"^useragent combine: error: the following arguments are required: --output \(see useragent combine --help\)$",
        ),
        (
            ["combine", "a", "--output", "o", "--compare-fail", "goal:lots"],
            r"^useragent combine: error: argument --compare-fail: goal: 'lots' is not a number.*$",
        ),
        (
            ["combine", "a", "--output", "o", "--save", "../x"],
            r"^useragent combine: error: argument --save: must be a name of letters, digits.*$",
        ),
    ],
)
def test_a_wrong_command_line_is_one_line_and_exit_status_2(argv, said, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and re.match(said, err.strip()), err


def test_the_command_runs_as_python_m_and_tells_its_options():
    done = subprocess.run(
        [sys.executable, "-m", "pytest_useragent", "combine", "--help"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "--compare-fail EXPR" in done.stdout and "--output DIR" in done.stdout and "--storage PATH" in done.stdout


def test_a_session_folder_a_shard_lost_is_left_out_of_the_copies_not_the_report(shards, tmp_path):
    _, first, second = shards
    lost = read(second)["copies"]
    gone = next(iter(lost.values()))
    shutil.rmtree(second / gone)
    assert main(["combine", str(first), str(second), "--output", str(tmp_path / "c")]) == 0
    combined = read(tmp_path / "c")
    assert len(combined["sessions"]) == 6 and gone not in combined["copies"].values()
    assert len(combined["copies"]) == 5


def test_where_there_is_no_fork_the_sessions_are_copied_by_the_command_itself(shards, tmp_path, monkeypatch):
    _, first, second = shards
    monkeypatch.delattr("os.fork")
    assert main(["combine", str(first), str(second), "--output", str(tmp_path / "combined")]) == 0
    combined = read(tmp_path / "combined")
    assert len(combined["copies"]) == 6
    assert all((tmp_path / "combined" / copy / "session.json").is_file() for copy in combined["copies"].values())

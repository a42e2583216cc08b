"""`useragent combine` given shards shaped to hurt: a report.json is a file from another machine. Every path it names
is read under its shard's folder or not at all, no symbolic link is followed out of a shard, an `--output` that
would overwrite a shard is refused, every figure is checked before it is summed, shards of other commits or runs are
refused unless allowed, and a combine that fails saves no baseline. Each case beside its benign twin."""

from __future__ import annotations

import base64
import json
import os
import re
import signal
from pathlib import Path

import pytest

from pytest_useragent.cli import main
from pytest_useragent.regression.baseline import metadata
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.copies import copy_sessions
from pytest_useragent.report.render import write_run_report
from pytest_useragent.testing.synthetic import session_result

JPEG = b"\xff\xd8" + b"shot" * 100
SECRET = b"-----BEGIN OPENSSH PRIVATE KEY----- the shard's runner's key"


def shard(folder: Path, machine: Path, tests: list[str]) -> Path:
    """A shard's report folder as the plugin's controller writes it: one session a test, each with a screenshot."""
    entries = []
    for n, test in enumerate(tests):
        result = session_result(seed=n, issues=1, cost_usd=0.01)
        session = machine / f"test_{n}" / "useragent"
        (session / "screenshots").mkdir(parents=True)
        (session / "screenshots" / "step-001.jpg").write_bytes(JPEG)
        (session / "session.json").write_text(result.model_dump_json())
        result.directory = str(session)
        result.steps[0].screenshot = "screenshots/step-001.jpg"
        entries.append(SessionEntry(nodeid=test, result=result))
    summary = aggregate(entries, [], budget_usd=5.0, spent_usd=sum(e.result.cost_usd for e in entries))
    summary.test_outcomes = {entry.nodeid: "passed" for entry in entries}
    summary.metadata = metadata(folder, provider="offline", model="offline", duration_seconds=1.0)
    summary.copies = copy_sessions([(e.nodeid, e.result.directory, None) for e in entries], folder)
    write_run_report(summary, folder)
    return folder


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Path, Path]:
    first = shard(tmp_path / "shard-1", tmp_path / "m1", ["t.py::test_a", "t.py::test_b"])
    second = shard(tmp_path / "shard-2", tmp_path / "m2", ["u.py::test_c", "u.py::test_d"])
    return first, second


def edit(folder: Path, change) -> None:  # type: ignore[no-untyped-def]
    report = json.loads((folder / "report.json").read_text())
    change(report)
    (folder / "report.json").write_text(json.dumps(report))


def combine(*argv: object) -> int:
    return main(["combine", *(str(arg) for arg in argv)])


def refused(capsys: pytest.CaptureFixture[str], pattern: str) -> str:
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and re.match(pattern, err.strip()), err
    assert "Traceback" not in err and len(err) < 600
    return err


def inlined(html: str, data: bytes) -> bool:
    return base64.b64encode(data).decode("ascii") in html


# ---- 1. every path a shard's JSON names is read under the shard's folder, or not at all ----


@pytest.mark.parametrize("screenshot", ["../../../x", "/{secret}", "screenshots/../../../../x", "C:\\x"])
def test_a_screenshot_path_out_of_its_session_folder_refuses_the_shard(pair, tmp_path, capsys, screenshot):
    first, second = pair
    (tmp_path / "x").write_bytes(SECRET)
    path = screenshot.format(secret=tmp_path / "x")
    edit(second, lambda report: report["sessions"][1]["result"]["steps"][0].update(screenshot=path))
    assert combine(first, second, "--output", tmp_path / "c") == 2
    refused(
        capsys,
        r"^useragent combine: .*shard-2/report\.json: refused, sessions\.1\.result\.steps\.0\.screenshot: .*not a path inside the session's folder",
    )
    assert not (tmp_path / "c").exists()


def test_the_twin_a_screenshot_in_its_folder_is_inlined(pair, tmp_path):
    first, second = pair
    assert combine(first, second, "--output", tmp_path / "c") == 0
    html = (tmp_path / "c" / "report.html").read_text()
    assert html.count("data:image/jpeg;base64,") == 4 and inlined(html, JPEG)


def test_a_session_directory_naming_another_folder_is_never_read(pair, tmp_path, capsys):
    """The session's directory is where it ran on the shard's machine; the combined report reads only the shard's
    copy of it, and a session the shard holds no copy of keeps its record, not its screenshots."""
    first, second = pair
    elsewhere = tmp_path / "home" / ".ssh"
    (elsewhere / "screenshots").mkdir(parents=True)
    (elsewhere / "screenshots" / "step-001.jpg").write_bytes(SECRET)
    edit(second, lambda report: report["sessions"][0]["result"].update(directory=str(elsewhere)))
    assert combine(first, second, "--output", tmp_path / "c") == 0
    html = (tmp_path / "c" / "report.html").read_text()
    assert not inlined(html, SECRET) and html.count("data:image/jpeg;base64,") == 3  # the twin: the others shown
    combined = json.loads((tmp_path / "c" / "report.json").read_text())
    assert len(combined["sessions"]) == 4
    for entry in combined["sessions"]:
        assert Path(entry["result"]["directory"]).is_relative_to(tmp_path / "c" / "sessions")
    assert not any("ssh" in str(path) for path in (tmp_path / "c").rglob("*"))


def test_a_video_outside_its_folder_is_left_out_of_the_combined_record(pair, tmp_path):
    first, second = pair

    def videos(report: dict) -> None:
        report["sessions"][0]["result"]["video"] = "/etc/passwd"
        report["sessions"][1]["result"]["video"] = "video.webm"

    edit(second, videos)
    assert combine(first, second, "--output", tmp_path / "c") == 0
    combined = json.loads((tmp_path / "c" / "report.json").read_text())
    kept = {entry["nodeid"]: entry["result"]["video"] for entry in combined["sessions"]}
    assert kept["u.py::test_c"] is None and kept["u.py::test_d"] == "video.webm"  # the twin, in its folder, kept
    assert "/etc/passwd" not in (tmp_path / "c" / "report.html").read_text()


# ---- 2. no symbolic link is followed out of a shard ----


def copy_of(report_folder: Path, index: int) -> Path:
    report = json.loads((report_folder / "report.json").read_text())
    return report_folder / report["copies"][report["sessions"][index]["result"]["directory"]]


@pytest.mark.parametrize("linked", ["the session's folder", "the sessions folder", "a file in it"])
def test_a_symlink_in_a_shard_is_never_followed(pair, tmp_path, linked):
    first, second = pair
    elsewhere = tmp_path / "home"
    (elsewhere / "screenshots").mkdir(parents=True)
    (elsewhere / "id_rsa").write_bytes(SECRET)
    (elsewhere / "screenshots" / "step-001.jpg").write_bytes(SECRET)
    session = copy_of(second, 0)
    if linked == "the session's folder":
        target = session
    elif linked == "the sessions folder":
        target = second / "sessions"
        (elsewhere / session.relative_to(target)).mkdir(parents=True)
        (elsewhere / session.relative_to(target) / "id_rsa").write_bytes(SECRET)
    else:
        target = session / "screenshots" / "step-001.jpg"
        elsewhere = elsewhere / "id_rsa"
    __import__("shutil").rmtree(target) if target.is_dir() else target.unlink()
    target.symlink_to(elsewhere)
    assert combine(first, second, "--output", tmp_path / "c") == 0
    combined = tmp_path / "c"
    assert not [path for path in combined.rglob("*") if path.is_file() and path.read_bytes() == SECRET]
    assert not any(path.is_symlink() for path in combined.rglob("*"))
    assert not inlined((combined / "report.html").read_text(), SECRET)
    twin = combined / copy_of(first, 0).relative_to(first)  # the twin: a shard's own folder and file are copied
    assert (twin / "screenshots" / "step-001.jpg").read_bytes() == JPEG
    if linked == "a file in it":
        note = combined / session.relative_to(second) / "screenshots" / "step-001.jpg.left-out.txt"
        assert "symbolic link" in note.read_text()


# ---- 3. an --output that is, is in or holds a shard is refused before anything is written ----


@pytest.mark.parametrize("where", ["holds the shards", "is a shard", "is in a shard", "holds one shard's parent"])
def test_an_output_that_would_overwrite_a_shard_is_refused(tmp_path, capsys, where):
    shards = tmp_path / "X" / "sessions"
    first = shard(shards / "shard-1", tmp_path / "m1", ["t.py::test_a"])
    second = shard(shards / "shard-2", tmp_path / "m2", ["u.py::test_c"])
    before = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}
    output = {
        "holds the shards": tmp_path / "X",
        "is a shard": first,
        "is in a shard": second / "sessions",
        "holds one shard's parent": tmp_path,
    }[where]
    assert combine(first, second, "--output", output) == 2
    refused(
        capsys,
        r"^useragent combine: --output .* (holds|is in) the shard .*: write the combined report to a folder of its own$",
    )
    after = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}
    assert after == before
    assert combine(first, second, "--output", tmp_path / "combined") == 0  # the twin: a folder of its own


# ---- 10. every figure checked before it is summed ----


def session_field(index: int, **change: object):  # type: ignore[no-untyped-def]
    return lambda report: report["sessions"][index]["result"].update(change)


HUGE = 10**300


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r.update(spent_usd=-100), r"spent_usd: Input should be greater than or equal to 0"),
        (lambda r: r.update(spent_usd=float("nan")), r"spent_usd: Input should be a finite number"),
        (lambda r: r.update(spent_usd=float("inf")), r"spent_usd: Input should be a finite number"),
        (lambda r: r.update(budget_usd=-5), r"budget_usd: Input should be greater than or equal to 0"),
        (lambda r: r.update(budget_usd=float("nan")), r"budget_usd: Input should be a finite number"),
        (lambda r: r.update(exchange_rate=0), r"exchange_rate: Input should be greater than 0"),
        (session_field(0, cost_usd=float("nan")), r"sessions\.0\.result\.cost_usd: Input should be a finite number"),
        (session_field(1, cost_usd=-3), r"sessions\.1\.result\.cost_usd: Input should be greater than or equal to 0"),
        (lambda r: r.update(met=50, evaluated=2), r"evaluated: Value error, more expectations met than evaluated"),
        (lambda r: r.update(met=HUGE, evaluated=2), r"evaluated: Value error, more expectations met than evaluated"),
        (
            lambda r: r["sessions"][0]["result"]["expectations"].update(met=50),
            r"sessions\.0\.result\.expectations: Value error, met, partial, unmet and surprised do not add up",
        ),
        (
            lambda r: r["sessions"][0]["result"]["expectations"].update(met=HUGE, total=HUGE),
            r"sessions\.0\.result: Value error, more expectations judged than steps",
        ),
        (
            lambda r: r["sessions"].append(r["sessions"][0]),
            r"sessions: Value error, session 2 \(u\.py::test_c\) is listed twice",
        ),
        (
            lambda r: r["crashed"].append({"nodeid": "u.py::x", "reason": "r", "spent_usd": -1}),
            r"crashed\.0\.spent_usd",
        ),
    ],
)
def test_a_figure_no_run_has_refuses_the_shard_naming_the_field(pair, tmp_path, capsys, change, field):
    first, second = pair
    edit(second, change)
    assert combine(first, second, "--output", tmp_path / "c") == 2
    err = refused(capsys, rf"^useragent combine: .*shard-2/report\.json: refused, {field}")
    assert str(HUGE)[:30] not in err
    assert not (tmp_path / "c").exists()


def test_the_twin_honest_figures_combine(pair, tmp_path, capsys):
    first, second = pair
    assert combine(first, second, "--output", tmp_path / "c") == 0
    assert capsys.readouterr().out.splitlines()[1] == "spent $0.0400 of the $10.00 budget"


# ---- 11. shards of other commits or runs ----


@pytest.mark.parametrize("differ", ["commit", "run"])
def test_shards_of_other_commits_or_runs_are_refused_unless_allowed(pair, tmp_path, capsys, differ):
    first, second = pair
    for folder, value in ((first, "a" * 40), (second, "b" * 40)):
        if differ == "commit":
            edit(folder, lambda report, value=value: report["metadata"].update(commit=value))
        else:
            edit(folder, lambda report, value=value: report.update(run_id=f"run-{value[:4]}"))
    assert combine(first, second, "--output", tmp_path / "c") == 2
    refused(
        capsys,
        rf"^useragent combine: the shards are of different {differ}s \(.*shard-1: .*; .*shard-2: .*\): .*--allow-mixed",
    )
    assert not (tmp_path / "c").exists()
    assert combine(first, second, "--output", tmp_path / "c", "--allow-mixed") == 0
    assert "mixed: 2 shards of different commits or runs" in capsys.readouterr().out
    combined = json.loads((tmp_path / "c" / "report.json").read_text())
    told = "aaaaaaaaaaaa" if differ == "commit" else "run run-aaaa"
    assert len(combined["mixed"]) == 2 and told in combined["mixed"][0]
    assert combined["metadata"]["commit"] is None if differ == "commit" else combined["run_id"] is None
    for report in ("report.md", "report.html"):
        assert "Mixed: shards of different commits or runs" in (tmp_path / "c" / report).read_text()


def test_the_twin_shards_of_one_commit_and_run_are_one_run(pair, tmp_path):
    first, second = pair
    for folder in pair:
        edit(folder, lambda report: (report["metadata"].update(commit="c" * 40), report.update(run_id="4711-1")))
    assert combine(first, second, "--output", tmp_path / "c") == 0
    combined = json.loads((tmp_path / "c" / "report.json").read_text())
    assert combined["mixed"] == [] and combined["metadata"]["commit"] == "c" * 40
    assert "Mixed" not in (tmp_path / "c" / "report.md").read_text()


# ---- 12. a combine that fails saves no baseline ----


def test_a_combine_that_cannot_write_its_report_saves_no_baseline(pair, tmp_path, capsys, monkeypatch):
    first, second = pair
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taken").write_text("a file, not a folder")
    assert combine(first, second, "--output", "taken", "--save", "main") == 2
    assert "could not write the report" in capsys.readouterr().err
    assert not (tmp_path / ".useragent").exists()
    assert (tmp_path / "taken").read_text() == "a file, not a folder"
    assert combine(first, second, "--output", "combined", "--save", "main") == 0  # the twin
    assert (tmp_path / ".useragent" / "0001_main.json").is_file()


# ---- what a shard holds that is no file of a session, and texts of any length ----


def test_a_fifo_in_a_shard_is_left_out_not_waited_on(pair, tmp_path):
    first, second = pair
    fifo = copy_of(second, 0) / "screenshots" / "step-001.jpg"
    fifo.unlink()
    os.mkfifo(fifo)  # opened for a copy, it would wait for a writer forever

    def hung(*_: object) -> None:
        raise AssertionError("combine waited on a FIFO")

    signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        assert combine(first, second, "--output", tmp_path / "c") == 0
    finally:
        signal.alarm(0)
    copied = tmp_path / "c" / fifo.relative_to(second)
    assert not copied.exists() and "no regular file" in copied.with_name("step-001.jpg.left-out.txt").read_text()
    assert (tmp_path / "c" / copy_of(first, 0).relative_to(first) / "screenshots" / "step-001.jpg").is_file()  # twin


def test_a_huge_text_in_a_shard_is_cut_in_every_report_and_kept_in_the_record(pair, tmp_path):
    first, second = pair
    huge = "Buy " + "x" * 5_000_000

    def titled(report: dict) -> None:
        report["sessions"][0]["result"]["issues"][0]["title"] = huge
        report["sessions"][1]["result"]["issues"][0]["title"] = "The Pay button is gone"  # the twin: shown whole

    edit(first, titled)
    assert combine(first, second, "--output", tmp_path / "c") == 0
    for report in ("report.md", "report.html"):
        text = (tmp_path / "c" / report).read_text()
        assert len(text) < 500_000 and "The Pay button is gone" in text, report
        assert "4,980,004 more characters, cut from this report" in text, report
    written = (tmp_path / "c" / "report.json").read_text()
    assert written.count(huge) == 1  # the session's record; the run's issues and each test's figures cut it
    assert "4,980,004 more characters, cut from this report" in written


# ---- a session's record: what the report reads is checked, what it shows in full is read whole ----


def test_a_session_shown_in_full_whose_record_is_no_sessions_refuses_the_shard(pair, tmp_path, capsys):
    """Only the sessions report.html shows in full are read whole (each is here: four of them); the others' records
    are carried to report.json as their shard wrote them."""
    first, second = pair
    edit(second, lambda report: report["sessions"][1]["result"]["steps"][0].update(action=42))
    assert combine(first, second, "--output", tmp_path / "c") == 2
    refused(capsys, r"^useragent combine: .*shard-2/report\.json: refused, sessions\.1\.result\.steps\.0\.action: ")
    assert not (tmp_path / "c").exists()


def test_the_twin_a_record_is_carried_whole_its_place_and_figures_as_read(pair, tmp_path):
    first, second = pair

    def shaped(report: dict) -> None:
        result = report["sessions"][1]["result"]
        result["steps"][0]["observation"] = "A field combine never reads, kept as written"
        result["goal_achieved"] = not result["goal_achieved"]  # a figure that contradicts the record: computed again

    edit(second, shaped)
    wrote = json.loads((second / "report.json").read_text())["sessions"][1]["result"]
    assert combine(first, second, "--output", tmp_path / "c") == 0
    carried = next(
        entry["result"]
        for entry in json.loads((tmp_path / "c" / "report.json").read_text())["sessions"]
        if entry["nodeid"] == "u.py::test_d"
    )
    assert carried["steps"] == wrote["steps"] and carried["usage"] == wrote["usage"]
    assert carried["goal_achieved"] == (not wrote["goal_achieved"])
    assert Path(carried["directory"]).is_relative_to(tmp_path / "c" / "sessions")


def test_a_combine_refused_after_its_copy_began_leaves_nothing_beside_its_output(pair, tmp_path, capsys):
    """The first shard's sessions are being copied when the second is refused: the copies are made in a folder of
    their own, removed with them."""
    first, second = pair
    edit(second, lambda report: report.update(spent_usd=-1))
    before = sorted(tmp_path.iterdir())
    assert combine(first, second, "--output", tmp_path / "c") == 2
    assert sorted(tmp_path.iterdir()) == before


def test_the_twin_a_combine_into_its_last_output_replaces_its_copies_and_leaves_no_other_folder(pair, tmp_path):
    first, second = pair
    assert combine(first, second, "--output", tmp_path / "c") == 0
    (tmp_path / "c" / "sessions" / "stale").mkdir()
    assert combine(first, second, "--output", tmp_path / "c") == 0
    assert sorted(path.name for path in (tmp_path / "c").iterdir()) == [
        "report.html",
        "report.json",
        "report.md",
        "sessions",
    ]
    assert (
        not (tmp_path / "c" / "sessions" / "stale").exists() and len(list((tmp_path / "c" / "sessions").iterdir())) == 4
    )
    assert sorted(tmp_path.iterdir()) == sorted([first, second, tmp_path / "c", tmp_path / "m1", tmp_path / "m2"])

"""Large writes an earlier process left open in docs/.pending/: finished when DONE was seen, reported with what they
saved when cut off, cleaned when failed and idle past the limit, left alone while their process writes them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_useragent.config import UserAgentConfig
from pytest_useragent.errors import ConfigError
from pytest_useragent.records import OrphanedWrite
from pytest_useragent.report.render import render_session_markdown
from pytest_useragent.session.begin import note
from pytest_useragent.testing.synthetic import session_result
from pytest_useragent.workspace.documents import DocumentRefused, Documents
from pytest_useragent.workspace.pending import PendingWrite, incomplete
from pytest_useragent.workspace.recovery import recover

HOUR = 3600.0
GUIDE = "".join(f"Line {n} of the guide.\n" for n in range(1, 301))


@pytest.fixture(scope="module")
def dead_pid() -> int:
    """The id of a process that has ended (and been waited for)."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait(timeout=60)
    return process.pid


@pytest.fixture
def live_pid() -> Iterator[int]:
    """The id of a process that is alive, and not this one."""
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    yield process.pid
    process.kill()
    process.wait(timeout=60)


def left_open(docs: Path, name: str, parts: list[str], *, pid: int, done: bool = False, op: str = "write") -> Path:
    """What a process killed mid-write leaves: the content so far, and a meta that says who was writing it."""
    pending = PendingWrite(Documents(docs), name, op, None)
    for so_far in parts:
        assert pending.receive(so_far)
    if done:
        pending.complete()
    meta = json.loads(pending.meta_path.read_text())
    pending.meta_path.write_text(json.dumps({**meta, "pid": pid}))
    return pending.meta_path


def age(path: Path, seconds: float) -> None:
    """Make the write's files look untouched for `seconds`."""
    for each in (path, path.with_name(path.name.replace(".meta.json", ".content"))):
        then = time.time() - seconds
        os.utime(each, (then, then))


def test_a_write_cut_off_before_done_is_reported_with_what_it_saved_and_no_longer_blocks(tmp_path, dead_pid):
    docs = tmp_path / "docs"
    meta = left_open(docs, "guide.md", [GUIDE[:500], GUIDE[:1200]], pid=dead_pid)

    [orphan] = recover(Documents(docs), HOUR)

    assert (orphan.fate, orphan.file, orphan.parts, orphan.bytes_saved) == ("reported", "guide.md", 2, 1200)
    assert orphan.problem == "cut off before DONE: the process writing it ended"
    assert Path(orphan.content_path or "").read_text() == GUIDE[:1200]  # nothing saved is lost
    assert json.loads(meta.read_text())["state"] == "failed"
    [kept] = incomplete(Documents(docs))  # the session's report lists it with what was recovered
    assert (kept.bytes_recovered, kept.problem) == (1200, orphan.problem)
    PendingWrite(Documents(docs), "next.md", "write", None)  # the one write at a time is free again
    assert "guide.md" not in Documents(docs).listing()


def test_a_write_whose_process_is_alive_is_left_alone_and_still_holds_the_folder(tmp_path, live_pid):
    docs = tmp_path / "docs"
    meta = left_open(docs, "guide.md", [GUIDE[:500]], pid=live_pid)
    before = meta.read_text()

    [orphan] = recover(Documents(docs), HOUR)

    assert orphan.fate == "left" and f"process {live_pid}" in (orphan.problem or "")
    assert meta.read_text() == before
    with pytest.raises(DocumentRefused, match="another write is still in progress"):
        PendingWrite(Documents(docs), "next.md", "write", None)


def test_a_live_process_idle_past_the_limit_counts_as_gone(tmp_path, live_pid):
    docs = tmp_path / "docs"
    age(left_open(docs, "guide.md", [GUIDE[:500]], pid=live_pid), 2 * HOUR + 30)

    assert [orphan.fate for orphan in recover(Documents(docs), 3 * HOUR)] == ["left"]  # within the limit: left
    [orphan] = recover(Documents(docs), HOUR)
    assert (orphan.fate, orphan.problem) == ("reported", "cut off before DONE: idle for 2 h 0 min")


def test_a_write_with_done_seen_is_finished_from_what_was_saved(tmp_path, dead_pid):
    docs = tmp_path / "docs"
    left_open(docs, "guide.md", [GUIDE[:4000], GUIDE], pid=dead_pid, done=True)

    [orphan] = recover(Documents(docs), HOUR)

    assert (orphan.fate, orphan.parts, orphan.bytes_saved) == ("finished", 2, len(GUIDE))
    assert (docs / "guide.md").read_text() == GUIDE
    assert not list((docs / ".pending").iterdir()) and incomplete(Documents(docs)) == []


def test_an_append_already_put_in_place_is_not_appended_twice(tmp_path, dead_pid):
    docs = tmp_path / "docs"
    Documents(docs).write("log.md", "# Log")
    meta = left_open(docs, "log.md", ["- one more line"], pid=dead_pid, done=True, op="append")
    Documents(docs).append("log.md", "- one more line")  # the process was killed after this, before the clean-up

    [orphan] = recover(Documents(docs), HOUR)

    assert orphan.fate == "finished" and (docs / "log.md").read_text() == "# Log\n- one more line"
    assert not meta.exists()


def test_an_append_not_yet_put_in_place_is_appended_once(tmp_path, dead_pid):
    docs = tmp_path / "docs"
    Documents(docs).write("log.md", "# Log")
    left_open(docs, "log.md", ["- one more line"], pid=dead_pid, done=True, op="append")

    [orphan] = recover(Documents(docs), HOUR)

    assert orphan.fate == "finished" and (docs / "log.md").read_text() == "# Log\n- one more line"


def test_whole_content_the_documents_refuse_is_reported_not_put_in_place(tmp_path, dead_pid):
    docs = tmp_path / "docs"
    left_open(docs, "plans.json", ['{"pro": 12,'], pid=dead_pid, done=True)

    [orphan] = recover(Documents(docs), HOUR)

    assert orphan.fate == "reported" and "not put in place: plans.json: not valid JSON" in (orphan.problem or "")
    assert "plans.json" not in Documents(docs).listing()
    assert Path(orphan.content_path or "").read_text() == '{"pro": 12,'


def test_a_failed_write_is_kept_until_idle_past_the_limit_then_cleaned(tmp_path):
    docs = tmp_path / "docs"
    pending = PendingWrite(Documents(docs), "guide.md", "write", None)
    pending.receive(GUIDE[:700])
    pending.fail("the model gave up")

    assert recover(Documents(docs), HOUR) == []  # young: kept, and reported by incomplete() as before
    assert pending.content_path.read_text() == GUIDE[:700]

    age(pending.meta_path, HOUR + 5)
    [orphan] = recover(Documents(docs), HOUR)
    assert (orphan.fate, orphan.problem, orphan.bytes_saved) == ("cleaned", "the model gave up", 700)
    assert not pending.content_path.exists() and not pending.meta_path.exists() and incomplete(Documents(docs)) == []


def test_an_earlier_releases_write_has_no_process_and_is_an_orphan(tmp_path):
    docs = tmp_path / "docs"
    pending = PendingWrite(Documents(docs), "guide.md", "write", None)
    pending.receive(GUIDE[:100])
    meta = json.loads(pending.meta_path.read_text())
    del meta["pid"], meta["host"], meta["done"], meta["before"]
    pending.meta_path.write_text(json.dumps(meta))

    assert [orphan.fate for orphan in recover(Documents(docs), HOUR)] == ["reported"]


def test_what_is_not_ours_is_one_line_each_and_left_untouched(tmp_path, dead_pid):
    docs = tmp_path / "docs"
    pending = docs / ".pending"
    pending.mkdir(parents=True)
    (pending / "junk.meta.json").write_text("not json")
    renamed = left_open(docs, "guide.md", [GUIDE[:100]], pid=dead_pid)
    renamed.rename(pending / "other.md.meta.json")  # its file says guide.md: not a name this package gave it

    junk, other = recover(Documents(docs), HOUR)

    assert (junk.fate, junk.file, junk.problem) == (
        "unreadable",
        "junk",
        "its record is not one of ours: left as it is",
    )
    assert (other.fate, other.problem) == ("unreadable", "its record names another file: left as it is")
    assert other.content_path == str(pending / "other.md.meta.json")
    assert (pending / "junk.meta.json").read_text() == "not json"
    assert json.loads((pending / "other.md.meta.json").read_text())["state"] == "writing"


def test_a_symlinked_pending_folder_is_not_read(tmp_path, dead_pid):
    outside = tmp_path / "outside"
    left_open(outside, "guide.md", [GUIDE[:100]], pid=dead_pid)
    docs = tmp_path / "docs"
    docs.mkdir()
    os.symlink(outside / ".pending", docs / ".pending")

    assert recover(Documents(docs), HOUR) == []
    assert json.loads((outside / ".pending" / "guide.md.meta.json").read_text())["state"] == "writing"


@pytest.mark.parametrize(
    ("fate", "problem", "says"),
    [
        ("finished", None, "DONE seen): finished, now in place"),
        ("reported", "cut off before DONE: the process writing it ended", "kept in docs/.pending/guide.md.content"),
        ("cleaned", "the model gave up", "had failed and was idle past the limit: cleaned"),
        ("left", "process 7 on ci writes it", "is written still (process 7 on ci writes it): left alone"),
    ],
)
def test_the_note_names_the_write_what_it_saved_and_its_fate_within_a_note(fate: Any, problem, says):
    orphan = OrphanedWrite(
        file="guide.md",
        operation="write",
        parts=3,
        bytes_saved=12_345,
        idle_seconds=5,
        fate=fate,
        problem=problem,
        content_path="/tmp/somewhere/docs/.pending/guide.md.content",
    )
    line = note(orphan)
    assert line.startswith("docs/guide.md, the write an earlier run left open (3 parts, 12,345 bytes")
    assert says in line and len(line) <= 200


def test_the_idle_limit_is_an_option_in_seconds():
    assert UserAgentConfig().write_idle == HOUR
    assert UserAgentConfig.from_raw({"write-idle": "90"}).write_idle == 90
    for bad in ("0", "-5", "an hour"):
        with pytest.raises(ConfigError, match=rf"--useragent-write-idle='{bad}': must be a number of seconds above 0"):
            UserAgentConfig.from_raw({"write-idle": bad})


def test_the_session_report_says_what_became_of_each_write_left_open():
    def orphan(fate: Any, problem: str | None) -> OrphanedWrite:
        kept = "/s/docs/.pending/a.md.content" if fate in ("reported", "left") else None
        return OrphanedWrite(
            file="a.md",
            operation="append",
            parts=1,
            bytes_saved=2048,
            idle_seconds=61.2,
            fate=fate,
            problem=problem,
            content_path=kept,
        )

    plain = render_session_markdown(session_result())
    assert "left open" not in plain  # the twin: a session that found none says nothing of it

    result = session_result().model_copy(
        update={
            "orphaned_writes": [
                orphan("finished", None),
                orphan("reported", "cut off before DONE: the process writing it ended"),
                orphan("cleaned", "the model gave up"),
                orphan("left", "process 7 on ci writes it"),
            ]
        }
    )
    lines = [line for line in render_session_markdown(result).splitlines() if "left open" in line]
    assert len(lines) == 4 and all(
        line.startswith("- `docs/a.md`: the append an earlier run left open (1 part, 2,048 bytes saved, idle 61 s)")
        for line in lines
    )
    assert lines[0].endswith("**finished** (its content was whole, DONE seen), now in place")
    assert lines[1].endswith(
        "**reported**: cut off before DONE: the process writing it ended; what it saved is kept in "
        "`/s/docs/.pending/a.md.content`"
    )
    assert lines[2].endswith("**cleaned** (it had failed: the model gave up; idle past the limit)")
    assert lines[3].endswith("**left alone** (process 7 on ci writes it)")

"""A pytest session's large writes, kept in the project's .useragent/ under its test and session (`workspace/kept.py`),
where the next run's session of that test takes over what a killed run left (`workspace/recovery.py`); and the
records found there, which are files anyone could shape."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_useragent.workspace.documents import DocumentRefused, Documents
from pytest_useragent.workspace.kept import Kept
from pytest_useragent.workspace.pending import CONTENT_LIMIT, PendingWrite, incomplete
from pytest_useragent.workspace.recovery import recover

HOUR = 3600.0
GUIDE = "".join(f"Line {n} of the guide.\n" for n in range(1, 301))
TEST = "t.py_test_guide_chromium-abc123"


@pytest.fixture(scope="module")
def dead_pid() -> int:
    """The id of a process that has ended (and been waited for)."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait(timeout=60)
    return process.pid


def session(tmp_path: Path, run: str) -> Documents:
    """A session of the test in run `run`: docs/ in that run's own tmp_path, its writes kept in the project's state."""
    documents = Documents(tmp_path / run / "useragent" / "docs")
    documents.kept = Kept.in_state(tmp_path / "project" / ".useragent", TEST, "useragent")
    return documents


def killed(
    documents: Documents, name: str, parts: list[str], pid: int, *, done: bool = False, op: str = "write"
) -> PendingWrite:
    """What a process killed mid-write leaves: the content so far, and a meta that says who was writing it."""
    pending = PendingWrite(documents, name, op, None)
    for so_far in parts:
        assert pending.receive(so_far)
    if done:
        pending.complete()
    meta = json.loads(pending.meta_path.read_text())
    pending.meta_path.write_text(json.dumps({**meta, "pid": pid}))
    return pending


def slot(tmp_path: Path) -> Path:
    return tmp_path / "project" / ".useragent" / "pending" / TEST / "useragent"


def test_a_pytest_sessions_write_is_kept_in_the_projects_state_folder_under_its_test_and_session(tmp_path):
    first = session(tmp_path, "pytest-1")
    pending = PendingWrite(first, "guide.md", "write", None)
    assert pending.receive(GUIDE[:500])

    assert pending.content_path.parent.parent == slot(tmp_path)  # its own folder, beside the earlier runs'
    assert pending.content_path.read_text() == GUIDE[:500]
    assert (tmp_path / "project" / ".useragent" / ".gitignore").read_text().endswith("\n*\n")
    assert not (first.root / ".pending").exists()
    [found] = incomplete(first)
    assert (found.file, found.bytes_recovered, found.content_path) == ("guide.md", 500, str(pending.content_path))

    first.apply("write", "guide.md", pending.content())
    pending.finish()  # in place: its folder goes, the state folder's pending/ stays
    assert not pending.content_path.parent.exists() and not slot(tmp_path).parent.parent.joinpath(TEST).exists()
    assert (tmp_path / "project" / ".useragent" / "pending").is_dir() and incomplete(first) == []


def test_the_next_runs_session_finishes_a_write_whose_done_was_seen_into_its_own_docs(tmp_path, dead_pid):
    killed(session(tmp_path, "pytest-1"), "guide.md", [GUIDE[:4000], GUIDE], dead_pid, done=True)

    [orphan] = recover(session(tmp_path, "pytest-2"), HOUR)

    assert (orphan.fate, orphan.parts, orphan.bytes_saved) == ("finished", 2, len(GUIDE))
    assert (tmp_path / "pytest-2" / "useragent" / "docs" / "guide.md").read_text() == GUIDE
    assert not slot(tmp_path).exists()  # nothing left of it


def test_a_cut_write_is_reported_once_and_the_next_write_of_that_name_never_replaces_what_it_saved(tmp_path, dead_pid):
    saved = killed(session(tmp_path, "pytest-1"), "guide.md", [GUIDE[:500]], dead_pid).content_path
    second = session(tmp_path, "pytest-2")

    [orphan] = recover(second, HOUR)

    assert (orphan.fate, orphan.problem) == ("reported", "cut off before DONE: the process writing it ended")
    assert orphan.content_path == str(saved) and saved.read_text() == GUIDE[:500]
    pending = PendingWrite(second, "guide.md", "write", None)  # the same test writes it again
    assert pending.receive("another guide") and pending.content_path != saved
    pending.fail("the model gave up")
    assert saved.read_text() == GUIDE[:500]
    assert recover(session(tmp_path, "pytest-3"), HOUR) == []  # both failed, young: told already, kept


def test_in_another_runs_docs_a_whole_write_replaces_no_document_and_changes_none_it_never_saw(tmp_path, dead_pid):
    first = session(tmp_path, "pytest-1")
    first.write("log.md", "# Log")
    killed(first, "log.md", ["- one more line"], dead_pid, done=True, op="append")  # appends to run 1's log.md
    second = session(tmp_path, "pytest-2")
    second.write("guide.md", "# Mine")
    killed(session(tmp_path, "pytest-0"), "guide.md", [GUIDE], dead_pid, done=True)

    found = {orphan.file: orphan for orphan in recover(second, HOUR)}

    assert found["log.md"].fate == "reported" and "the document it appends was the killed run's" in (
        found["log.md"].problem or ""
    )
    assert found["guide.md"].fate == "reported" and "docs/guide.md here is another" in (found["guide.md"].problem or "")
    assert second.listing().keys() == {"guide.md"} and (second.root / "guide.md").read_text() == "# Mine"
    assert Path(found["guide.md"].content_path or "").read_text() == GUIDE  # kept, for a person
    assert (first.root / "log.md").read_text() == "# Log"


def test_another_runs_write_in_progress_is_left_alone_and_holds_up_no_write_of_this_one(tmp_path):
    other = PendingWrite(session(tmp_path, "pytest-1"), "guide.md", "write", None)  # this process: alive
    assert other.receive(GUIDE[:100])
    meta = json.loads(other.meta_path.read_text())
    other.meta_path.write_text(json.dumps({**meta, "pid": os.getppid()}))  # another process, alive
    second = session(tmp_path, "pytest-2")

    [orphan] = recover(second, HOUR)

    assert orphan.fate == "left" and f"process {os.getppid()}" in (orphan.problem or "")
    PendingWrite(second, "notes.md", "write", None)  # its own folder: not one write at a time with the other
    assert json.loads(other.meta_path.read_text())["state"] == "writing"


def test_a_record_that_is_a_link_a_fifo_or_too_large_is_one_line_and_nothing_is_read_through_it(tmp_path, dead_pid):
    earlier = killed(session(tmp_path, "pytest-1"), "guide.md", [GUIDE[:100]], dead_pid).meta_path.parent
    outside = tmp_path / "outside.meta.json"
    outside.write_text(earlier.joinpath("guide.md.meta.json").read_text().replace("guide.md", "a.md"))
    os.symlink(outside, earlier / "a.md.meta.json")
    os.mkfifo(earlier / "b.md.meta.json")  # read blocking, it would hang the session
    (earlier / "c.md.meta.json").write_text(" " * 100_000 + "{}")

    found = {orphan.file: orphan for orphan in recover(session(tmp_path, "pytest-2"), HOUR)}

    assert found["guide.md"].fate == "reported"  # beside them, ours is dealt with
    assert found["a.md"].fate == "unreadable" and "cannot be read" in (found["a.md"].problem or "")
    assert found["b.md"].problem == "its record: not a regular file: left as it is"
    assert found["c.md"].problem == "its record: larger than 65,536 bytes, the most such a file may be: left as it is"
    assert all(found[name].content_path == str(earlier / f"{name}.meta.json") for name in ("a.md", "b.md", "c.md"))
    assert json.loads(outside.read_text())["state"] == "writing"  # the link's target untouched


def test_a_record_of_another_file_or_an_operation_of_its_own_is_one_line_and_nothing_is_written(tmp_path, dead_pid):
    earlier = killed(session(tmp_path, "pytest-1"), "guide.md", [GUIDE], dead_pid, done=True).meta_path
    meta = json.loads(earlier.read_text())
    earlier.with_name("evil.md.meta.json").write_text(json.dumps({**meta, "file": "../../evil.md"}))
    earlier.with_name("evil.md.content").write_text("climbed out")
    earlier.with_name("x.md.meta.json").write_text(json.dumps({**meta, "file": "x.md", "operation": "rm -rf"}))
    earlier.with_name("x.md.content").write_text("anything")
    os.symlink(tmp_path / "secret.txt", earlier.with_name("guide.md.content").with_name("s.md.content"))
    earlier.with_name("s.md.meta.json").write_text(json.dumps({**meta, "file": "s.md"}))
    (tmp_path / "secret.txt").write_text("a secret")
    earlier.with_name("guide.md.meta.json").unlink()  # only the hostile ones are left
    second = session(tmp_path, "pytest-2")

    found = {orphan.file: orphan for orphan in recover(second, HOUR)}

    assert (found["evil.md"].fate, found["evil.md"].problem) == (
        "unreadable",
        "its record names another file: left as it is",
    )
    assert (found["x.md"].fate, found["x.md"].problem) == ("unreadable", "its record is not one of ours: left as it is")
    assert found["s.md"].fate == "reported" and "not put in place: its content: cannot be read" in (
        found["s.md"].problem or ""
    )
    assert second.listing() == {} and not list(tmp_path.rglob("evil.md"))
    assert earlier.with_name("evil.md.content").read_text() == "climbed out"  # left as it is
    assert (tmp_path / "secret.txt").read_text() == "a secret"


def test_content_over_the_bound_is_not_read_into_a_document(tmp_path, dead_pid):
    content = killed(session(tmp_path, "pytest-1"), "guide.md", [GUIDE], dead_pid, done=True).content_path
    os.truncate(content, CONTENT_LIMIT + 1)  # a sparse file: no disk is spent on it

    [orphan] = recover(session(tmp_path, "pytest-2"), HOUR)

    assert orphan.fate == "reported" and "its content: larger than 40 MB" in (orphan.problem or "")
    assert content.stat().st_size == CONTENT_LIMIT + 1


def test_a_link_on_the_way_to_the_state_folder_is_never_followed(tmp_path, dead_pid):
    outside = tmp_path / "outside"
    outside.mkdir()
    (tmp_path / "project").mkdir()
    os.symlink(outside, tmp_path / "project" / ".useragent")
    with pytest.raises(DocumentRefused, match="symbolic link"):
        PendingWrite(session(tmp_path, "pytest-1"), "guide.md", "write", None)
    assert list(outside.iterdir()) == []
    assert recover(session(tmp_path, "pytest-2"), HOUR) == []

    (tmp_path / "project" / ".useragent").unlink()
    elsewhere = tmp_path / "elsewhere"
    killed(session(tmp_path, "pytest-1"), "guide.md", [GUIDE[:100]], dead_pid)
    slot(tmp_path).rename(elsewhere)
    os.symlink(elsewhere, slot(tmp_path))  # the test's folder is a link
    assert recover(session(tmp_path, "pytest-2"), HOUR) == []
    [own] = list(elsewhere.iterdir())
    os.unlink(slot(tmp_path))
    slot(tmp_path).mkdir()
    os.symlink(own, slot(tmp_path) / "20990101T000000-1-aaaaaa")  # an earlier run's folder is a link
    assert recover(session(tmp_path, "pytest-2"), HOUR) == []
    assert json.loads((own / "guide.md.meta.json").read_text())["state"] == "writing"  # never touched

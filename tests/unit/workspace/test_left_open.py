"""The run's word at its end on the large writes an earlier run left open: each a session found, and each no session
took over (`waiting`); nothing from a run that found none. What a record holds is shown on one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_useragent.records import OrphanedWrite
from pytest_useragent.report.aggregate import SessionEntry
from pytest_useragent.report.left_open import MAX_LINES, left_open_lines
from pytest_useragent.testing.synthetic import session_result
from pytest_useragent.workspace.documents import Documents
from pytest_useragent.workspace.kept import Kept
from pytest_useragent.workspace.pending import PendingWrite
from pytest_useragent.workspace.recovery import waiting


@pytest.fixture(scope="module")
def dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait(timeout=60)
    return process.pid


@pytest.fixture
def live_pid() -> Iterator[int]:
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    yield process.pid
    process.kill()
    process.wait(timeout=60)


def left(state: Path, test: str, pid: int, *, failed: bool = False) -> PendingWrite:
    documents = Documents(state.parent / test / "docs")
    documents.kept = Kept.in_state(state, test, "useragent")
    pending = PendingWrite(documents, "guide.md", "write", None)
    assert pending.receive("x" * 1234)
    if failed:
        pending.fail("the model gave up")
    meta = json.loads(pending.meta_path.read_text())
    pending.meta_path.write_text(json.dumps({**meta, "pid": pid}))
    return pending


def test_waiting_names_each_write_a_killed_process_left_that_no_session_took_over(tmp_path, dead_pid, live_pid):
    state = tmp_path / ".useragent"
    assert waiting(state) == []  # the twin: no state folder, nothing said
    killed = left(state, "t.py_test_a-111111", dead_pid)
    left(state, "t.py_test_b-222222", dead_pid, failed=True)  # reported by the session it failed in
    left(state, "t.py_test_c-333333", live_pid)  # another run writes it now

    [found] = waiting(state)

    assert (found.folder, found.file, found.parts, found.bytes_saved) == (
        "pending/t.py_test_a-111111/useragent",
        "guide.md",
        1,
        1234,
    )
    assert found.content_path == str(killed.content_path)


def test_waiting_never_reads_through_a_link(tmp_path, dead_pid):
    elsewhere = tmp_path / "elsewhere" / ".useragent"
    left(elsewhere, "t.py_test_a-111111", dead_pid)
    (tmp_path / "project").mkdir()
    os.symlink(elsewhere, tmp_path / "project" / ".useragent")
    assert waiting(tmp_path / "project" / ".useragent") == []
    os.unlink(tmp_path / "project" / ".useragent")
    (tmp_path / "project" / ".useragent" / "pending").mkdir(parents=True)
    os.symlink(elsewhere / "pending" / "t.py_test_a-111111", tmp_path / "project" / ".useragent" / "pending" / "t")
    assert waiting(tmp_path / "project" / ".useragent") == []
    assert len(waiting(elsewhere)) == 1


def orphan(fate: Any, problem: str | None = None, file: str = "guide.md") -> OrphanedWrite:
    return OrphanedWrite(
        file=file,
        operation="write",
        parts=2,
        bytes_saved=12_345,
        idle_seconds=3,
        fate=fate,
        problem=problem,
        content_path="/p/.useragent/pending/t/useragent/x/guide.md.content",
    )


def entry(*orphans: OrphanedWrite) -> SessionEntry:
    result = session_result().model_copy(update={"orphaned_writes": list(orphans), "docs": {"guide.md": "/s/g.md"}})
    return SessionEntry(nodeid="t.py::test_guide", result=result)


def test_each_write_a_session_found_is_a_line_and_a_run_that_found_none_says_nothing():
    assert left_open_lines([entry(), entry()], []) == []

    lines = left_open_lines(
        [
            entry(orphan("finished")),
            entry(
                orphan("reported", "cut off before DONE: the process writing it ended"),
                orphan("cleaned", "the model gave up"),
                orphan("left", "process 7 on ci writes it"),
                orphan("unreadable", "its record is not one of ours: left as it is", file="junk"),
            ),
        ],
        [],
    )

    head = "t.py::test_guide: docs/guide.md, the write an earlier run left open (2 parts, 12,345 bytes"
    assert lines == [
        f"recovered: {head}, DONE seen): finished, now in its session's docs/ (/s/g.md)",
        f"cut off: {head}): cut off before DONE: the process writing it ended; what it saved is kept in "
        "/p/.useragent/pending/t/useragent/x/guide.md.content",
        f"cleaned: {head}) had failed (the model gave up) and was idle past --useragent-write-idle: removed",
        f"left open: {head}): process 7 on ci writes it: left alone",
        "unreadable: t.py::test_guide: a large write's record (junk) /p/.useragent/pending/t/useragent/x/guide.md"
        ".content: its record is not one of ours: left as it is",
    ]


def test_what_a_record_holds_is_one_line_cut_short_and_many_are_counted():
    hostile = "cut off\n\x1b[31mRED\r" + "x" * 5_000
    [line] = left_open_lines([entry(orphan("cleaned", hostile))], [])
    assert "\n" not in line and "\x1b" not in line and "\r" not in line and len(line) < 400

    many = left_open_lines([entry(*[orphan("finished")] * (MAX_LINES + 5))], [])
    assert len(many) == MAX_LINES + 1 and many[-1] == "and 5 more large writes left open by an earlier run"

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pytest_useragent.report.copies import copy_sessions
from pytest_useragent.workspace.documents import DocumentRefused, Documents
from pytest_useragent.workspace.pending import TRANSPORT_LIMIT, PendingWrite, incomplete


def test_one_write_at_a_time(tmp_path):
    PendingWrite(Documents(tmp_path), "a.md", "write", None)
    with pytest.raises(DocumentRefused, match=r"another write is still in progress \(a.md\); one write at a time"):
        PendingWrite(Documents(tmp_path), "b.md", "write", None)


def test_a_killed_process_leaves_content_and_metadata_that_recovery_reports(tmp_path):
    pending = PendingWrite(Documents(tmp_path), "notes.md", "append", None)
    pending.receive("first part")
    pending.receive("first part, second part")
    del pending  # the process dies here: nothing is finished or failed
    [found] = incomplete(Documents(tmp_path))
    assert (found.file, found.operation, found.parts, found.bytes_recovered) == ("notes.md", "append", 2, 23)
    assert found.problem is None and Path(found.content_path).read_text() == "first part, second part"


def test_a_failed_write_is_kept_but_does_not_block_the_next(tmp_path):
    PendingWrite(Documents(tmp_path), "a.md", "write", None).fail("the model gave up")
    PendingWrite(Documents(tmp_path), "b.md", "write", None).finish()
    assert [(doc.file, doc.problem) for doc in incomplete(Documents(tmp_path))] == [("a.md", "the model gave up")]


def test_the_transport_limit(tmp_path):
    pending = PendingWrite(Documents(tmp_path), "big.txt", "write", None)
    assert pending.receive("x" * 10) and not pending.receive("x" * (TRANSPORT_LIMIT + 1))
    assert incomplete(Documents(tmp_path))[0].problem == "Content exceeds 10MB limit"


def test_names_are_sanitized_here_too(tmp_path):
    with pytest.raises(DocumentRefused, match="no folders or paths"):
        PendingWrite(Documents(tmp_path), "../evil.md", "write", None)


def test_a_symlinked_pending_folder_is_refused_not_written_through(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (tmp_path / "docs").mkdir()
    os.symlink(outside, tmp_path / "docs" / ".pending")
    with pytest.raises(DocumentRefused, match="symbolic link"):
        PendingWrite(Documents(tmp_path / "docs"), "a.md", "write", None)
    assert list(outside.iterdir()) == [] and incomplete(Documents(tmp_path / "docs")) == []


def test_content_is_redacted_as_it_lands(tmp_path):
    documents = Documents(tmp_path)
    documents.redact = lambda text: text.replace("hunter2", "••••••")
    pending = PendingWrite(documents, "a.md", "write", None)
    assert pending.receive("part one hunter2")
    assert pending.content_path.read_text() == "part one ••••••"


def test_a_name_too_long_in_bytes_is_refused_before_anything_is_written(tmp_path):
    with pytest.raises(DocumentRefused, match="too long"):
        PendingWrite(Documents(tmp_path), "字" * 90, "write", None)


def test_a_pending_writes_content_stays_in_the_session_folder_and_the_report_copy_says_so(tmp_path):
    session = tmp_path / "run" / "useragent"
    documents = Documents(session / "docs")
    documents.apply("write", "notes.md", "# Notes\n\nwhat I found\n")
    pending = PendingWrite(documents, "guide.md", "write", None)
    assert pending.receive("line of the guide\n" * (5 * 1024 * 1024 // 18))  # ~5 MB, and the session ends here
    (session / "report.md").write_text("# UX session\n")
    content = session / "docs" / ".pending" / "guide.md.content"
    size = content.stat().st_size
    assert size > 5_000_000

    copies = copy_sessions([("t.py::test_guide", str(session), None)], tmp_path / "report")

    copy = tmp_path / "report" / copies[str(session)]
    assert content.stat().st_size == size  # the session's folder keeps it all
    assert not (copy / "docs" / ".pending" / "guide.md.content").exists()
    note = (copy / "docs" / ".pending" / "guide.md.content.left-out.txt").read_text()
    assert f"{size:,} bytes" in note and str(content) in note
    # what a person reads is copied as it was: the report, the finished document, the write's metadata
    assert (copy / "report.md").read_text() == "# UX session\n"
    assert (copy / "docs" / "notes.md").read_text() == "# Notes\n\nwhat I found\n"
    assert (copy / "docs" / ".pending" / "guide.md.meta.json").is_file()
    assert sum(path.stat().st_size for path in copy.rglob("*") if path.is_file()) < 10_000


def test_a_session_with_no_pending_write_is_copied_whole(tmp_path):
    session = tmp_path / "run" / "useragent"
    documents = Documents(session / "docs")
    pending = PendingWrite(documents, "guide.md", "write", None)
    pending.receive("a whole guide\n")
    documents.apply("write", "guide.md", pending.content())
    pending.finish()

    copies = copy_sessions([("t.py::test_guide", str(session), None)], tmp_path / "report")

    copy = tmp_path / "report" / copies[str(session)]
    assert (copy / "docs" / "guide.md").read_text() == "a whole guide\n"
    assert not list(copy.rglob("*.left-out.txt"))

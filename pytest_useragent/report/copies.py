"""Each session's folder copied under the run report's folder (`<report-dir>/sessions/<test>-<hash>/<session>/`),
because pytest keeps only the last three runs' tmp_path, and CI uploads one folder. The place is a pure function of
the test and the session, known while the test runs: `SessionResult.report_copy` holds it, so an assertion message can
point at the copy's report.md before the copy is made. A test id that holds one of the session's credentials (a common
word, `admin`) names its copy `test-<hash>`: a path that would hold a secret is named safely, never rewritten.

A copy keeps what a person reads, not the bulk: the content of a large write that never finished (`docs/.pending/
<name>.content`, up to 10 MB a write) stays in the session's folder, and the copy has a note in its place saying how
big it was and where it is."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePath
from typing import TYPE_CHECKING

from pytest_useragent.files import atomic_write
from pytest_useragent.secrets.redaction import MIN_LENGTH
from pytest_useragent.workspace import pending

if TYPE_CHECKING:  # `useragent combine` copies without pytest: it takes 0.07 s to import
    import pytest

SESSIONS = "sessions"
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def report_root(config: pytest.Config, report_dir: Path) -> Path:
    """The report folder, relative to where pytest was started."""
    return report_dir if report_dir.is_absolute() else config.invocation_params.dir / report_dir


def relative_copy(test: str, directory: str, hidden: Iterable[str] = ()) -> str:
    """`sessions/<test as a file name>-<its hash>/<session folder name>`: readable, and unique per test; `test-<hash>`
    when the test id holds one of `hidden` (in any case)."""
    return f"{SESSIONS}/{test_folder(test, hidden)}/{Path(directory).name}"


def test_folder(test: str, hidden: Iterable[str] = ()) -> str:
    """`<test as a file name>-<its hash>`, the test's folder name (`test-<hash>` when the test id holds one of
    `hidden`): in the report's copies, and in the project's `.useragent/` (`workspace/kept.py`)."""
    digest = hashlib.sha1(test.encode("utf-8")).hexdigest()[:6]
    name = _UNSAFE.sub("_", test).strip("_")[:80]
    if any(len(value) >= MIN_LENGTH and value.lower() in test.lower() for value in hidden):
        name = "test"
    return f"{name}-{digest}"


def copied_path(report_dir: Path, test: str, directory: str, hidden: Iterable[str] = ()) -> Path:
    return report_dir / relative_copy(test, directory, hidden)


def copy_sessions(
    sessions: Sequence[tuple[str, str, str | None]], report_dir: Path, *, link: bool = False
) -> dict[str, str]:
    """Copy each (test, session directory, where the session said its copy goes) under `report_dir/sessions/` (the
    last run's copies are removed first); returns session directory -> its copy, relative to `report_dir`. A folder
    that is gone, or is a symbolic link, is left out. Only folders and regular files are copied: a symbolic link in
    one is left out with a note in its place (a copy holds the session's own files, never what a link points at: a
    shard's link to `~/.ssh` is no session's file), and so is a FIFO or a device (opening one would hang or never
    end). `link`: each file hard-linked where the file system lets it, copied where not (`useragent combine`: a
    shard's 10,000 folders are 30,000 files, and a copy of each is ten system calls where a link is one; nothing
    of ours writes through a file, `atomic_write` replaces it)."""
    shutil.rmtree(report_dir / SESSIONS, ignore_errors=True)
    copies: dict[str, str] = {}
    for test, directory, said in sessions:
        relative = copy_session(test, directory, _under(said, report_dir), report_dir, link)
        if relative is not None:
            copies[directory] = relative
    return copies


def copy_session(test: str, directory: str, relative: str | None, report_dir: Path, link: bool) -> str | None:
    """One session's folder copied to `relative` under `report_dir` (`relative_copy` when None), as `copy_sessions`
    copies it; where it went, or None when it is gone or a symbolic link."""
    if os.path.islink(directory) or not os.path.isdir(directory):
        return None
    relative = relative or relative_copy(test, directory)
    target = os.path.join(report_dir, relative)
    left: list[tuple[Path, str]] = []
    os.makedirs(target, exist_ok=True)
    _copy_folder(directory, target, link, left)
    for path, why in left:
        atomic_write(Path(target) / path.relative_to(directory).with_name(path.name + LEFT_OUT), why)
    return relative


def _copy_folder(source: str, target: str, link: bool, left: list[tuple[Path, str]]) -> None:
    """One folder's entries into `target`, which exists (paths as strings: 50,000 of them as `Path`s cost a second)."""
    pending_folder = os.path.basename(source) == pending.FOLDER
    with os.scandir(source) as entries:
        for entry in entries:
            there = os.path.join(target, entry.name)
            if entry.is_symlink():
                left.append(
                    (Path(entry.path), f"{entry.name} is a symbolic link: it was left out of the report's copy\n")
                )
            elif entry.is_dir(follow_symlinks=False):
                os.makedirs(there, exist_ok=True)
                _copy_folder(entry.path, there, link, left)
            elif not entry.is_file(follow_symlinks=False):
                left.append(
                    (Path(entry.path), f"{entry.name} is no regular file: it was left out of the report's copy\n")
                )
            elif pending_folder and entry.name.endswith(pending.CONTENT):
                left.append((Path(entry.path), _left_out_note(Path(entry.path))))
            else:
                _copy_file(entry.path, there, link)


def _copy_file(source: str, target: str, link: bool) -> None:
    if link:
        with contextlib.suppress(OSError):  # another file system, or one without links: copied
            os.link(source, target, follow_symlinks=False)
            return
    shutil.copyfile(source, target, follow_symlinks=False)


def _under(copy: str | None, report_dir: Path) -> str | None:
    """The session's own `report_copy` relative to `report_dir`, when it is a folder under its sessions/ (the session
    chose its name knowing its credentials, which the controller does not)."""
    if copy is None:
        return None
    try:
        relative = PurePath(copy).relative_to(report_dir)
    except ValueError:
        return None
    return relative.as_posix() if relative.parts[:1] == (SESSIONS,) and ".." not in relative.parts else None


LEFT_OUT = ".left-out.txt"
"""The suffix of the note a copy has in place of a pending write's content."""


def _left_out_note(content: Path) -> str:
    try:
        size = f"{content.lstat().st_size:,} bytes"
    except OSError:
        size = "its size unknown"
    return f"{content.name} ({size}) was left out of the report's copy: it is in the session's folder, {content}\n"

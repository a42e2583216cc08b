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
import json
import os
import re
import shutil
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath

import pytest

from pytest_useragent.files import atomic_write
from pytest_useragent.secrets.redaction import MIN_LENGTH
from pytest_useragent.workspace import pending

SESSIONS = "sessions"
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def report_root(config: pytest.Config, report_dir: Path) -> Path:
    """The report folder, relative to where pytest was started."""
    return report_dir if report_dir.is_absolute() else config.invocation_params.dir / report_dir


def relative_copy(test: str, directory: str, hidden: Iterable[str] = ()) -> str:
    """`sessions/<test as a file name>-<its hash>/<session folder name>`: readable, and unique per test; `test-<hash>`
    when the test id holds one of `hidden` (in any case)."""
    digest = hashlib.sha1(test.encode("utf-8")).hexdigest()[:6]
    name = _UNSAFE.sub("_", test).strip("_")[:80]
    if any(len(value) >= MIN_LENGTH and value.lower() in test.lower() for value in hidden):
        name = "test"
    return f"{SESSIONS}/{name}-{digest}/{Path(directory).name}"


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
        source = Path(directory)
        if source.is_symlink() or not source.is_dir():
            continue
        relative = _under(said, report_dir) or relative_copy(test, directory)
        target = report_dir / relative
        left: list[tuple[Path, str]] = []
        _copy_tree(source, target, link, left)
        for path, why in left:
            atomic_write(target / path.relative_to(source).with_name(path.name + LEFT_OUT), why)
        copies[directory] = relative
    return copies


def copy_aside(sessions: Sequence[tuple[str, str, str | None]], report_dir: Path, *, link: bool = False) -> Copying:
    """`copy_sessions` in a process of its own, forked, while the caller goes on: `useragent combine` writes its
    reports meanwhile. Its 22,000 folders made and 30,000 files linked are mostly the system's time, which a thread
    would spend waiting for the GIL between its calls; a forked process needs nothing sent but what it returns.
    Where there is no fork, the copy is made here and now. `Copying.result` waits for it."""
    if not hasattr(os, "fork"):
        return Copying(None, None, _told(sessions, report_dir, link))
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:  # copy, tell, and end without running anything of the parent's (its atexit, pytest's teardown)
        try:
            os.close(reading)
            with os.fdopen(writing, "wb") as out:
                out.write(_told(sessions, report_dir, link))
        finally:
            os._exit(0)
    os.close(writing)
    return Copying(child, reading, None)


def _told(sessions: Sequence[tuple[str, str, str | None]], report_dir: Path, link: bool) -> bytes:
    try:
        told: dict[str, object] = {"copies": copy_sessions(sessions, report_dir, link=link)}
    except OSError as error:
        told = {"error": [error.errno, error.strerror or str(error), error.filename]}
    except BaseException as error:  # a bug, Ctrl-C: told, never raised in a forked child
        told = {"crash": repr(error)[:2000]}
    return json.dumps(told).encode("utf-8")


@dataclass
class Copying:
    """A copy under way (`copy_aside`)."""

    child: int | None
    pipe: int | None
    told: bytes | None

    def result(self) -> dict[str, str]:
        """Waits for the copy: what `copy_sessions` returned, or the OSError it raised, raised here."""
        if self.pipe is not None and self.child is not None:
            with os.fdopen(self.pipe, "rb") as told:
                self.told = told.read()
            os.waitpid(self.child, 0)
            self.pipe = self.child = None
        said = json.loads(self.told or b'{"crash": "the copy ended without a word"}')
        if "error" in said:
            raise OSError(*said["error"])
        if "crash" in said:
            raise RuntimeError(f"the copy of the sessions' folders failed: {said['crash']}")
        copies: dict[str, str] = said["copies"]
        return copies


def _copy_tree(source: Path, target: Path, link: bool, left: list[tuple[Path, str]]) -> None:
    """`source`'s folders and regular files under `target`, never through a link; what was left out, with why, in
    `left`."""
    target.mkdir(parents=True, exist_ok=True)
    _copy_folder(str(source), str(target), link, left)


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

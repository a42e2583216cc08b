"""Each session's folder copied under the run report's folder (`<report-dir>/sessions/<test>-<hash>/<session>/`),
because pytest keeps only the last three runs' tmp_path, and CI uploads one folder. The place is a pure function of
the test and the session, known while the test runs: `SessionResult.report_copy` holds it, so an assertion message can
point at the copy's report.md before the copy is made. A test id that holds one of the session's credentials (a common
word, `admin`) names its copy `test-<hash>`: a path that would hold a secret is named safely, never rewritten.

A copy keeps what a person reads, not the bulk: the content of a large write that never finished (`docs/.pending/
<name>.content`, up to 10 MB a write) stays in the session's folder, and the copy has a note in its place saying how
big it was and where it is."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from collections.abc import Callable, Iterable
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


def copy_sessions(sessions: list[tuple[str, str, str | None]], report_dir: Path) -> dict[str, str]:
    """Copy each (test, session directory, where the session said its copy goes) under `report_dir/sessions/` (the
    last run's copies are removed first); returns session directory -> its copy, relative to `report_dir`. A folder
    that is gone, or is a symbolic link, is left out; so is a symbolic link inside one, a note in its place: a copy
    holds the session's own files, never what a link points at (a shard's link to `~/.ssh` is no session's file)."""
    shutil.rmtree(report_dir / SESSIONS, ignore_errors=True)
    copies: dict[str, str] = {}
    for test, directory, said in sessions:
        source = Path(directory)
        if source.is_symlink() or not source.is_dir():
            continue
        relative = _under(said, report_dir) or relative_copy(test, directory)
        left_out: list[Path] = []
        links: list[Path] = []
        shutil.copytree(
            source, report_dir / relative, symlinks=True, dirs_exist_ok=True, ignore=_left_out(left_out, links)
        )
        for content in left_out:
            note = report_dir / relative / content.relative_to(source).with_name(content.name + LEFT_OUT)
            atomic_write(note, _left_out_note(content))
        for link in links:
            note = report_dir / relative / link.relative_to(source).with_name(link.name + LEFT_OUT)
            atomic_write(note, f"{link.name} is a symbolic link: it was left out of the report's copy\n")
        copies[directory] = relative
    return copies


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


def _left_out(left_out: list[Path], links: list[Path]) -> Callable[[str, list[str]], set[str]]:
    """copytree's `ignore`: a pending write's content files, each also kept in `left_out`; every symbolic link, each
    also kept in `links` (copytree would copy a link as a link, and a report that reads it would follow it)."""

    def ignore(directory: str, names: list[str]) -> set[str]:
        found = {name for name in names if os.path.islink(os.path.join(directory, name))}
        links.extend(Path(directory) / name for name in sorted(found))
        if Path(directory).name == pending.FOLDER:
            content = {name for name in names if name.endswith(pending.CONTENT) and name not in found}
            left_out.extend(Path(directory) / name for name in sorted(content))
            found |= content
        return found

    return ignore


def _left_out_note(content: Path) -> str:
    try:
        size = f"{content.lstat().st_size:,} bytes"
    except OSError:
        size = "its size unknown"
    return f"{content.name} ({size}) was left out of the report's copy: it is in the session's folder, {content}\n"

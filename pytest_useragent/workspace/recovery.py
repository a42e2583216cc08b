"""What a session finds that an earlier run left open of its large writes (`pending.py`), and what becomes of it.

A session deals with every write it finds where its documents' writes are kept (`Kept.earlier`: its docs/.pending/,
or the earlier runs' folders of its test and session in the project's `.useragent/`) before its first step
(`recover`): a write whose content was whole (DONE seen) is finished, put in place in the session's docs/ as it would
have been (an append never twice; in the next run's docs/ only where it changes what it saw: a new document, or the
same one); one cut off before DONE is closed as failed and reported, with what it saved kept where it is; a failed one
idle past the limit (--useragent-write-idle) is cleaned; one whose process is alive still is left alone until it is
idle that long. A record that is none of ours (broken, too large, a link, naming another file) is one line, and
nothing of it is touched. What no session took over (its test not run again, its worker killed in this run) is found
at the run's end in the state folder (`waiting`).
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import sys
import time
from pathlib import Path

from pydantic import BaseModel

from pytest_useragent.files import read_text
from pytest_useragent.records import OrphanedWrite
from pytest_useragent.workspace.documents import DocumentRefused, Documents, write_text
from pytest_useragent.workspace.kept import PENDING
from pytest_useragent.workspace.pending import (
    CONTENT,
    CONTENT_LIMIT,
    META,
    PendingMeta,
    fingerprint,
    record,
    records_in,
    saved_size,
)

MAX_WAITING = 1_000
"""The most records the run's end looks through in the state folder."""


def recover(documents: Documents, idle_limit: float, now: float | None = None) -> list[OrphanedWrite]:
    """Deal with every write an earlier process left where `documents` finds them (`Kept.earlier`; see the module's
    docstring), and say what became of each. `idle_limit` is in seconds; `now` a `time.time()`. Never raises."""
    if documents.root.is_symlink() or documents.kept.folder.is_symlink():
        return []  # refused as a docs/ folder: nothing was written through it
    now = time.time() if now is None else now
    found = []
    for folder in documents.kept.earlier():
        for meta_path in records_in(folder):
            name = meta_path.name.removesuffix(META)
            content = folder / f"{name}{CONTENT}"
            idle = now - max(_modified(meta_path), _modified(content))
            meta = record(meta_path)
            if isinstance(meta, str):
                found.append(_unreadable(name, meta, meta_path, idle))
            elif (orphan := _recovered(documents, meta, meta_path, content, idle, idle_limit)) is not None:
                found.append(orphan)
        documents.kept.prune(folder)  # an earlier run's folder, when nothing is left in it
    return found


def opened(file: str, operation: str, parts: int, saved: int) -> str:
    """The write a run left open, as the report and todo.md both name it: `docs/FILE, the OPERATION an earlier run
    left open (N parts, B bytes` (each caller closes the parenthesis with what became of it)."""
    counted = f"{parts} part" + ("" if parts == 1 else "s")
    return f"docs/{file}, the {operation} an earlier run left open ({counted}, {saved:,} bytes"


def _unreadable(name: str, problem: str, meta_path: Path, idle: float) -> OrphanedWrite:
    """A record that is none of ours: one line, and nothing of it touched."""
    shown = re.sub(r"[^\w .-]", "?", name)[:60] or "?"
    return OrphanedWrite(
        file=shown,
        operation="write",
        parts=0,
        bytes_saved=0,
        idle_seconds=round(max(idle, 0.0), 1),
        fate="unreadable",
        problem=f"{problem}: left as it is",
        content_path=str(meta_path),
    )


def _recovered(
    documents: Documents, meta: PendingMeta, meta_path: Path, content: Path, idle: float, limit: float
) -> OrphanedWrite | None:
    orphan = OrphanedWrite(
        file=meta.file,
        operation=meta.operation,
        parts=meta.parts,
        bytes_saved=saved_size(content),
        idle_seconds=round(max(idle, 0.0), 1),
        fate="reported",
        content_path=str(content),
    )
    if meta.state == "failed":  # reported by the session it failed in: kept for a person until idle past the limit
        if idle < limit:
            return None
        _remove(content, meta_path)
        return orphan.model_copy(update={"fate": "cleaned", "content_path": None, "problem": meta.problem})
    if idle < limit and _writer_alive(meta):
        return orphan.model_copy(update={"fate": "left", "problem": f"process {meta.pid} on {meta.host} writes it"})
    if meta.done:
        problem = _finished(documents, meta, content)
        if problem is None:
            _remove(content, meta_path)
            return orphan.model_copy(update={"fate": "finished", "content_path": None})
    elif idle >= limit:
        problem = f"cut off before DONE: idle for {_duration(idle)}"
    else:
        problem = "cut off before DONE: the process writing it ended"
    with contextlib.suppress(OSError):
        write_text(meta_path, meta.model_copy(update={"state": "failed", "problem": problem}).model_dump_json(indent=2))
    return orphan.model_copy(update={"problem": problem})


def _finished(documents: Documents, meta: PendingMeta, content: Path) -> str | None:
    """Put a whole write's content in place in `documents`; why not, when it is not. In the folder it was written
    for, a document changed since DONE shows it was put in place before the process ended (never twice); in another
    (the next run's docs/), it goes in place only where it changes what it saw: a new document, or the same one."""
    here = fingerprint(documents.root / meta.file)
    if meta.docs is None or meta.docs == str(documents.root):
        if here != meta.before:
            return None
    elif here != meta.before and not (meta.operation == "write" and here is None):
        if here is not None:
            return f"its content was whole (DONE seen), but docs/{meta.file} here is another: kept, not put in place"
        return f"its content was whole (DONE seen), but the document it {meta.operation}s was the killed run's: kept"
    try:
        text = read_text(content, CONTENT_LIMIT, "its content", ValueError, follow=False)
        documents.apply(meta.operation, meta.file, text, meta.target)
    except (DocumentRefused, OSError, ValueError) as refused:
        return f"its content was whole but not put in place: {refused}"
    return None


class Waiting(BaseModel):
    """A write a killed process left open that no session took over (its test was not run again, or its worker was
    killed in this run): found at the run's end in the state folder."""

    folder: str
    """Its test and session's folder, relative to the state folder (`pending/<test>-<hash>/<session>`)."""
    file: str
    operation: str
    parts: int
    bytes_saved: int
    content_path: str


def waiting(state: Path) -> list[Waiting]:
    """The writes in the state folder `state` whose process ended before they did, and that are not failed (every
    failed one was reported); folders only, never through a link, at most `MAX_WAITING` records read."""
    found: list[Waiting] = []
    read = 0
    if state.is_symlink():
        return []
    for folder in _folders(state / PENDING, depth=3):
        for meta_path in records_in(folder):
            read += 1
            if read > MAX_WAITING:
                return found
            meta = record(meta_path)
            if isinstance(meta, str) or meta.state != "writing" or _writer_alive(meta):
                continue
            content = folder / f"{meta.file}{CONTENT}"
            slot = folder.parent.relative_to(state).as_posix()
            found.append(
                Waiting(
                    folder=slot,
                    file=meta.file,
                    operation=meta.operation,
                    parts=meta.parts,
                    bytes_saved=saved_size(content),
                    content_path=str(content),
                )
            )
    return found


def _folders(top: Path, depth: int) -> list[Path]:
    """The folders `depth` levels under `top`, none reached through a link (none when `top` is one)."""
    if top.is_symlink() or not top.is_dir():
        return []
    level = [top]
    for _ in range(depth):
        deeper: list[Path] = []
        for folder in level:
            try:
                with os.scandir(folder) as entries:
                    deeper += sorted(Path(e.path) for e in entries if e.is_dir(follow_symlinks=False))
            except OSError:
                continue
            if len(deeper) > MAX_WAITING:
                break
        level = deeper[:MAX_WAITING]
    return level


def _writer_alive(meta: PendingMeta) -> bool:
    """Whether the process that writes it may be at it still: one on another host (who can tell), or one alive on
    this host that is not this process (a killed run's process id may be ours now, as in a restarted container)."""
    if meta.host is None or meta.pid is None:
        return False  # an earlier release's write: it never outlived its session
    if meta.host != socket.gethostname():
        return True
    if meta.pid == os.getpid():
        return False
    if sys.platform == "win32":
        return True  # os.kill(pid, 0) would end the process there: the idle limit decides
    try:
        os.kill(meta.pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True  # there, but another user's
    return True


def _modified(path: Path) -> float:
    try:
        return path.lstat().st_mtime
    except OSError:
        return 0.0


def _remove(*paths: Path) -> None:
    for path in paths:
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)


def _duration(seconds: float) -> str:
    minutes = int(seconds // 60)
    return f"{minutes // 60} h {minutes % 60} min" if minutes >= 60 else f"{minutes} min"

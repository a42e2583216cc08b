"""Large writes: content that arrives as plain text over several model replies, kept on disk until it is whole.

    docs/.pending/<name>.content     the content so far, rewritten as each part arrives
    docs/.pending/<name>.meta.json   operation, target, parts, bytes, state (writing / failed) and why, whether
                                     DONE was seen, and who writes it (process id and host)

Content is redacted as it lands, and nothing here follows a symlink: a docs/ or docs/.pending that is a link is
refused (DocumentRefused), as is any OSError on the way in. Only one write is in progress at a time. A finished
write is validated by the caller and moved into place; a session that ends mid-write, or a process killed
mid-write, leaves both files, and `incomplete()` reports them.

A write an earlier process left open is dealt with by the next session in the same docs/ (`recover`): finished
when its content was complete (DONE seen), else closed as failed with what it saved kept and reported; a failed
one idle past the limit (--useragent-write-idle) is cleaned. A write whose process is alive still is left alone
until it is idle that long.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import socket
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from pytest_useragent.records import IncompleteDocument, OrphanedWrite
from pytest_useragent.workspace.documents import (
    DocumentRefused,
    Documents,
    read_text,
    real_directory,
    refusing_os_errors,
    write_text,
)

TRANSPORT_LIMIT = 10 * 1024 * 1024
TOO_LARGE = "Content exceeds 10MB limit"
FOLDER = ".pending"
CONTENT = ".content"
"""The suffix of a write's content so far (`<name>.content`), beside its `<name>.meta.json`."""


class PendingMeta(BaseModel):
    file: str
    operation: str
    """write, append or update."""
    target: str | None = None
    started: datetime
    parts: int = 0
    bytes: int = 0
    state: Literal["writing", "failed"] = "writing"
    problem: str | None = None
    done: bool = False
    """The content is whole (DONE seen) and about to be put in place."""
    before: str | None = None
    """The target document's sha256 when the content was whole (None: there was none): a later one shows the write
    was put in place, so a recovery never appends it twice."""
    pid: int | None = None
    host: str | None = None
    """Who writes it: a write whose process is alive is not an orphan (None in files of earlier releases)."""


class PendingWrite:
    @refusing_os_errors
    def __init__(self, documents: Documents, file: str, operation: str, target: str | None) -> None:
        self._redact = documents.redact
        name = documents.name_of(file)
        pending = real_directory(real_directory(documents.root) / FOLDER)
        busy = [path.name for path in _metas(pending) if (meta := _meta(path)) and meta.state == "writing"]
        if busy:
            raise DocumentRefused(
                f"another write is still in progress ({busy[0].removesuffix('.meta.json')}); one write at a time"
            )
        self.content_path = pending / f"{name}{CONTENT}"
        self.meta_path = pending / f"{name}.meta.json"
        self.meta = PendingMeta(
            file=name,
            operation=operation,
            target=target,
            started=datetime.now(UTC),
            pid=os.getpid(),
            host=socket.gethostname(),
        )
        self._document = real_directory(documents.root) / name
        write_text(self.content_path, "")
        self._save_meta()

    def receive(self, content_so_far: str) -> bool:
        """Keep the whole content so far as a new part arrives; False (and failed with TOO_LARGE) past the limit."""
        size = len(content_so_far.encode())
        self.meta = self.meta.model_copy(update={"parts": self.meta.parts + 1, "bytes": size, "done": False})
        if size > TRANSPORT_LIMIT:
            self.fail(TOO_LARGE)
            return False
        try:
            write_text(self.content_path, self._redact(content_so_far))
        except OSError as error:
            self.fail(f"the file system refused: {error.strerror or error}")
            return False
        self._save_meta()
        return True

    def content(self) -> str:
        return read_text(self.content_path)

    def complete(self) -> None:
        """DONE was seen and the content is on disk: from here a killed process leaves a write the next session
        finishes (`recover`)."""
        self.meta = self.meta.model_copy(update={"done": True, "before": fingerprint(self._document)})
        self._save_meta()

    def fail(self, problem: str) -> None:
        """Keep what arrived, and say why it went no further."""
        self.meta = self.meta.model_copy(update={"state": "failed", "problem": problem})
        self._save_meta()

    def finish(self) -> None:
        """The content is in place: the pending files go (what cannot be removed stays, and is reported)."""
        with contextlib.suppress(OSError):
            self.content_path.unlink(missing_ok=True)
            self.meta_path.unlink(missing_ok=True)

    def _save_meta(self) -> None:
        """Best effort: the meta in memory is what the session acts on; a file that cannot be written is left."""
        with contextlib.suppress(OSError):
            write_text(self.meta_path, self.meta.model_dump_json(indent=2))


def fingerprint(path: Path) -> str | None:
    """The sha256 of the file at `path` (never through a symlink); None when there is none."""
    try:
        return hashlib.sha256(read_text(path).encode()).hexdigest()
    except OSError:
        return None


def _metas(pending: Path) -> list[Path]:
    """The meta files of `pending`, never through a symlink."""
    if pending.is_symlink() or not pending.is_dir():
        return []
    return sorted(path for path in pending.glob("*.meta.json") if not path.is_symlink())


def _meta(path: Path) -> PendingMeta | None:
    """The meta at `path`; None when it is not one of ours, or cannot be read (nothing to recover, nothing busy)."""
    try:
        return PendingMeta.model_validate_json(read_text(path))
    except (OSError, ValueError):
        return None


def incomplete(root: Path) -> list[IncompleteDocument]:
    """Every large write under `root` that did not finish, with what was recovered."""
    found = []
    if root.is_symlink():
        return []  # refused as a docs/ folder: nothing was written through it
    for meta_path in _metas(root / FOLDER):
        if (meta := _meta(meta_path)) is None:
            continue
        content = meta_path.with_name(meta_path.name.removesuffix(".meta.json") + CONTENT)
        found.append(
            IncompleteDocument(
                file=meta.file,
                operation=meta.operation,
                parts=meta.parts,
                problem=meta.problem,
                bytes_recovered=content.lstat().st_size if content.exists() and not content.is_symlink() else 0,
                content_path=str(content),
            )
        )
    return found


def recover(documents: Documents, idle_limit: float, now: float | None = None) -> list[OrphanedWrite]:
    """Deal with every write an earlier process left in `documents`' .pending/ (see the module's docstring), and say
    what became of each. `idle_limit` is in seconds; `now` a `time.time()`. Never raises."""
    pending = documents.root / FOLDER
    if documents.root.is_symlink() or pending.is_symlink():
        return []  # refused as a docs/ folder: nothing was written through it
    now = time.time() if now is None else now
    found = []
    for meta_path in _metas(pending):
        name = meta_path.name.removesuffix(".meta.json")
        meta = _meta(meta_path)
        if meta is None or meta.file != name:
            continue  # not one this package wrote: its name would not have passed `safe_name`
        content = pending / f"{name}{CONTENT}"
        idle = now - max(_modified(meta_path), _modified(content))
        if (orphan := _recovered(documents, meta, meta_path, content, idle, idle_limit)) is not None:
            found.append(orphan)
    return found


def _recovered(
    documents: Documents, meta: PendingMeta, meta_path: Path, content: Path, idle: float, limit: float
) -> OrphanedWrite | None:
    saved = content.lstat().st_size if content.exists() and not content.is_symlink() else 0
    orphan = OrphanedWrite(
        file=meta.file,
        operation=meta.operation,
        parts=meta.parts,
        bytes_saved=saved,
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
        try:
            if fingerprint(documents.root / meta.file) == meta.before:  # else it was put in place before the end
                documents.apply(meta.operation, meta.file, read_text(content), meta.target)
        except (DocumentRefused, OSError) as refused:
            problem = f"its content was whole but not put in place: {refused}"
        else:
            _remove(content, meta_path)
            return orphan.model_copy(update={"fate": "finished", "content_path": None})
    elif idle >= limit:
        problem = f"cut off before DONE: idle for {_duration(idle)}"
    else:
        problem = "cut off before DONE: the process writing it ended"
    with contextlib.suppress(OSError):
        write_text(meta_path, meta.model_copy(update={"state": "failed", "problem": problem}).model_dump_json(indent=2))
    return orphan.model_copy(update={"problem": problem})


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
    except OSError:
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

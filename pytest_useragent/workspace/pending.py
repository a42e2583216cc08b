"""Large writes: content that arrives as plain text over several model replies, kept on disk until it is whole.

    <folder>/<name>.content     the content so far, rewritten as each part arrives
    <folder>/<name>.meta.json   operation, target, parts, bytes, state (writing / failed) and why, whether DONE was
                                seen, who writes it (process id and host) and for which docs/ folder

`<folder>` is docs/.pending/, or a pytest session's own folder in the project's `.useragent/` (`kept.py` says where,
and why there: pytest's tmp_path is new each run). Content is redacted as it lands, and nothing here follows a
symlink: a folder on the way that is a link is refused (DocumentRefused), as is any OSError on the way in. Only one
write is in progress at a time. A finished write is validated by the caller and moved into place; a session that ends
mid-write, or a process killed mid-write, leaves both files, and `incomplete()` reports them.

A write an earlier process left open is dealt with by the next session that finds it (`recovery.py`). A write's
record is a file anyone could shape: it is read here (`record`) within a size bound, as a regular file, never
through a link, and one that is not ours (broken, too large, naming a file its name does not) is said in words.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import socket
import stat
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from pytest_useragent import files
from pytest_useragent.records import IncompleteDocument
from pytest_useragent.workspace.documents import (
    DocumentRefused,
    Documents,
    read_text,
    real_directory,
    refusing_os_errors,
    safe_name,
    write_text,
)
from pytest_useragent.workspace.kept import DOCS_PENDING

TRANSPORT_LIMIT = 10 * 1024 * 1024
TOO_LARGE = "Content exceeds 10MB limit"
CONTENT_LIMIT = 4 * TRANSPORT_LIMIT
"""The most a write's content (or a document) is read back to finish it: its redaction may have made it longer."""
FOLDER = DOCS_PENDING
CONTENT = ".content"
"""The suffix of a write's content so far (`<name>.content`), beside its `<name>.meta.json`."""
META = ".meta.json"
META_LIMIT = 64 * 1024
"""The most a write's record may be: ours are some 500 bytes."""
MAX_RECORDS = 100
"""The most records one folder is read for: more are none of ours."""


class PendingMeta(BaseModel):
    file: str
    operation: Literal["write", "append", "update"]
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
    docs: str | None = None
    """The docs/ folder it is written for: put in place in another (the next run's), it may neither replace a
    document there nor change one it never saw (None in files of earlier releases: the folder it was found in)."""


class PendingWrite:
    @refusing_os_errors
    def __init__(self, documents: Documents, file: str, operation: str, target: str | None) -> None:
        self._redact = documents.redact
        self._kept = documents.kept
        name = documents.name_of(file)
        real_directory(documents.root)
        pending = documents.kept.made(documents.root)
        busy = [
            path.name
            for path in records_in(pending)
            if isinstance(meta := record(path), PendingMeta) and meta.state == "writing"
        ]
        if busy:
            raise DocumentRefused(
                f"another write is still in progress ({busy[0].removesuffix(META)}); one write at a time"
            )
        self.content_path = pending / f"{name}{CONTENT}"
        self.meta_path = pending / f"{name}{META}"
        self.meta = PendingMeta(
            file=name,
            operation="append" if operation == "append" else "update" if operation == "update" else "write",
            target=target,
            started=datetime.now(UTC),
            pid=os.getpid(),
            host=socket.gethostname(),
            docs=str(documents.root),
        )
        self._document = real_directory(documents.root) / name
        write_text(self.content_path, "")
        self._saverecord()

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
        self._saverecord()
        return True

    def content(self) -> str:
        return read_text(self.content_path)

    def complete(self) -> None:
        """DONE was seen and the content is on disk: from here a killed process leaves a write the next session
        finishes (`recover`)."""
        self.meta = self.meta.model_copy(update={"done": True, "before": fingerprint(self._document)})
        self._saverecord()

    def fail(self, problem: str) -> None:
        """Keep what arrived, and say why it went no further."""
        self.meta = self.meta.model_copy(update={"state": "failed", "problem": problem})
        self._saverecord()

    def finish(self) -> None:
        """The content is in place: the pending files go (what cannot be removed stays, and is reported)."""
        with contextlib.suppress(OSError):
            self.content_path.unlink(missing_ok=True)
            self.meta_path.unlink(missing_ok=True)
        self._kept.prune(self.content_path.parent)

    def _saverecord(self) -> None:
        """Best effort: the meta in memory is what the session acts on; a file that cannot be written is left."""
        with contextlib.suppress(OSError):
            write_text(self.meta_path, self.meta.model_dump_json(indent=2))


def fingerprint(path: Path) -> str | None:
    """The sha256 of the file at `path` (never through a symlink); None when there is none."""
    try:
        text = files.read_text(path, CONTENT_LIMIT, path.name, ValueError, follow=False)
        return hashlib.sha256(text.encode()).hexdigest()
    except (OSError, ValueError):
        return None


def records_in(pending: Path) -> list[Path]:
    """The records in `pending` (at most `MAX_RECORDS`; a link among them is read as none of ours, by `record`),
    none when `pending` is a symlink."""
    if pending.is_symlink() or not pending.is_dir():
        return []
    try:
        with os.scandir(pending) as entries:
            found = sorted(entry.path for entry in entries if entry.name.endswith(META))
    except OSError:
        return []
    return [Path(path) for path in found[:MAX_RECORDS]]


def record(path: Path) -> PendingMeta | str:
    """The record at `path`, or why it is none of ours, in words: it is read as a regular file, never through a link,
    within `META_LIMIT`; its file must be the one its name says, and a name `safe_name` passes."""
    name = path.name.removesuffix(META)
    try:
        meta = PendingMeta.model_validate_json(
            files.read_text(path, META_LIMIT, "its record", ValueError, follow=False)
        )
    except FileNotFoundError:
        return "its record is gone"
    except ValueError as problem:  # a ValidationError too
        return str(problem).splitlines()[0] if not hasattr(problem, "errors") else "its record is not one of ours"
    try:
        if meta.file != name or safe_name(name) != name:
            return "its record names another file"
    except DocumentRefused:
        return "its record's name is no document's"
    return meta


def incomplete(documents: Documents) -> list[IncompleteDocument]:
    """Every large write of `documents`' own that did not finish, with what was recovered."""
    found = []
    if documents.root.is_symlink():
        return []  # refused as a docs/ folder: nothing was written through it
    for meta_path in records_in(documents.kept.folder):
        if not isinstance(meta := record(meta_path), PendingMeta):
            continue  # reported when the session began (`recover`)
        content = meta_path.with_name(meta.file + CONTENT)
        found.append(
            IncompleteDocument(
                file=meta.file,
                operation=meta.operation,
                parts=meta.parts,
                problem=meta.problem,
                bytes_recovered=saved_size(content),
                content_path=str(content),
            )
        )
    return found


def saved_size(path: Path) -> int:
    """The size of the regular file at `path`, never a link's target; 0 when there is none."""
    try:
        found = path.lstat()
    except OSError:
        return 0
    return found.st_size if stat.S_ISREG(found.st_mode) else 0

"""Large writes: content that arrives as plain text over several model replies, kept on disk until it is whole.

    docs/.pending/<name>.content     the content so far, rewritten as each part arrives
    docs/.pending/<name>.meta.json   operation, target, parts, bytes, state (writing / failed) and why

Content is redacted as it lands, and nothing here follows a symlink: a docs/ or docs/.pending that is a link is
refused (DocumentRefused), as is any OSError on the way in. Only one write is in progress at a time. A finished
write is validated by the caller and moved into place; a session that ends mid-write, or a process killed
mid-write, leaves both files, and `incomplete()` reports them.
"""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from pytest_useragent.records import IncompleteDocument
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


class PendingWrite:
    @refusing_os_errors
    def __init__(self, documents: Documents, file: str, operation: str, target: str | None) -> None:
        self._redact = documents.redact
        name = documents.name_of(file)
        pending = real_directory(real_directory(documents.root) / FOLDER)
        busy = [meta.name for meta in _metas(pending) if _meta(meta).state == "writing"]
        if busy:
            raise DocumentRefused(
                f"another write is still in progress ({busy[0].removesuffix('.meta.json')}); one write at a time"
            )
        self.content_path = pending / f"{name}{CONTENT}"
        self.meta_path = pending / f"{name}.meta.json"
        self.meta = PendingMeta(file=name, operation=operation, target=target, started=datetime.now(UTC))
        write_text(self.content_path, "")
        self._save_meta()

    def receive(self, content_so_far: str) -> bool:
        """Keep the whole content so far as a new part arrives; False (and failed with TOO_LARGE) past the limit."""
        size = len(content_so_far.encode())
        self.meta = self.meta.model_copy(update={"parts": self.meta.parts + 1, "bytes": size})
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


def _metas(pending: Path) -> list[Path]:
    """The meta files of `pending`, never through a symlink."""
    if pending.is_symlink() or not pending.is_dir():
        return []
    return sorted(path for path in pending.glob("*.meta.json") if not path.is_symlink())


def _meta(path: Path) -> PendingMeta:
    return PendingMeta.model_validate_json(read_text(path))


def incomplete(root: Path) -> list[IncompleteDocument]:
    """Every large write under `root` that did not finish, with what was recovered."""
    found = []
    if root.is_symlink():
        return []  # refused as a docs/ folder: nothing was written through it
    for meta_path in _metas(root / FOLDER):
        try:
            meta = _meta(meta_path)
        except (OSError, ValueError):
            continue  # not one of ours, or unreadable: nothing to recover
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

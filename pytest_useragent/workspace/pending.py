"""Large writes: content that arrives as plain text over several model replies, kept on disk until it is whole.

    docs/.pending/<name>.content     the content so far, rewritten as each part arrives
    docs/.pending/<name>.meta.json   operation, target, parts, bytes, state (writing / failed) and why

Only one write is in progress at a time. A finished write is validated by the caller and moved into place; a
session that ends mid-write, or a process killed mid-write, leaves both files, and `incomplete()` reports them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from pytest_useragent.records import IncompleteDocument
from pytest_useragent.workspace.documents import DocumentRefused, safe_name

TRANSPORT_LIMIT = 10 * 1024 * 1024
TOO_LARGE = "Content exceeds 10MB limit"


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
    def __init__(self, root: Path, file: str, operation: str, target: str | None) -> None:
        pending = root / ".pending"
        pending.mkdir(parents=True, exist_ok=True)
        name = safe_name(file)
        busy = [
            meta.name
            for meta in pending.glob("*.meta.json")
            if PendingMeta.model_validate_json(meta.read_text(encoding="utf-8")).state == "writing"
        ]
        if busy:
            raise DocumentRefused(
                f"another write is still in progress ({busy[0].removesuffix('.meta.json')}); one write at a time"
            )
        self.content_path = pending / f"{name}.content"
        self.meta_path = pending / f"{name}.meta.json"
        self.meta = PendingMeta(file=name, operation=operation, target=target, started=datetime.now(UTC))
        self.content_path.write_text("", encoding="utf-8")
        self._save_meta()

    def receive(self, content_so_far: str) -> bool:
        """Keep the whole content so far as a new part arrives; False (and failed with TOO_LARGE) past the limit."""
        size = len(content_so_far.encode())
        self.meta = self.meta.model_copy(update={"parts": self.meta.parts + 1, "bytes": size})
        if size > TRANSPORT_LIMIT:
            self.fail(TOO_LARGE)
            return False
        self.content_path.write_text(content_so_far, encoding="utf-8")
        self._save_meta()
        return True

    def content(self) -> str:
        return self.content_path.read_text(encoding="utf-8")

    def fail(self, problem: str) -> None:
        """Keep what arrived, and say why it went no further."""
        self.meta = self.meta.model_copy(update={"state": "failed", "problem": problem})
        self._save_meta()

    def finish(self) -> None:
        """The content is in place: the pending files go."""
        self.content_path.unlink(missing_ok=True)
        self.meta_path.unlink(missing_ok=True)

    def _save_meta(self) -> None:
        self.meta_path.write_text(self.meta.model_dump_json(indent=2), encoding="utf-8")


def incomplete(root: Path) -> list[IncompleteDocument]:
    """Every large write under `root` that did not finish, with what was recovered."""
    found = []
    for meta_path in sorted((root / ".pending").glob("*.meta.json")):
        meta = PendingMeta.model_validate_json(meta_path.read_text(encoding="utf-8"))
        content = meta_path.with_name(meta_path.name.removesuffix(".meta.json") + ".content")
        found.append(
            IncompleteDocument(
                file=meta.file,
                operation=meta.operation,
                parts=meta.parts,
                problem=meta.problem,
                bytes_recovered=content.stat().st_size if content.exists() else 0,
                content_path=str(content),
            )
        )
    return found

"""Documents: the persona's notes in <session>/docs/. Names are sanitized; every refusal is a clear message for the
model (DocumentRefused), never an escape from docs/ and never an exception out of the session."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from pytest_useragent.errors import RunError

MAX_BYTES = 100_000
DEVICE_NAMES = {"con", "prn", "aux", "nul", *(f"com{n}" for n in range(1, 10)), *(f"lpt{n}" for n in range(1, 10))}
_ALLOWED = re.compile(r"^[\w][\w .-]{0,99}$")


class DocumentRefused(RunError):
    """A document operation the workspace will not carry out; the message says why, for the model."""


def safe_name(name: str) -> str:
    """The document name if it is a plain file name inside docs/; `.md` is added when there is no extension."""
    name = (name or "").strip()
    if not name:
        raise DocumentRefused("a document needs a name, e.g. notes.md")
    if "/" in name or "\\" in name or ".." in name or re.match(r"^[A-Za-z]:", name):
        raise DocumentRefused(f"{name!r}: use a plain file name such as notes.md, no folders or paths")
    if name.startswith("."):
        raise DocumentRefused(f"{name!r}: hidden files are not allowed")
    if not _ALLOWED.match(name):
        raise DocumentRefused(f"{name!r}: use letters, digits, spaces, '-', '_' and '.' only (at most 100)")
    if name.split(".")[0].strip().lower() in DEVICE_NAMES:
        raise DocumentRefused(f"{name!r} is a reserved device name")
    return name if "." in name else f"{name}.md"


class Documents:
    def __init__(self, root: Path, max_bytes: int = MAX_BYTES) -> None:
        self.root = root
        self.max_bytes = max_bytes

    def write(self, name: str, text: str) -> str:
        """Create or replace a document; returns what happened, in words."""
        path = self._path(name)
        self._check(path, text)
        existed = path.exists()
        temporary = path.with_name(f".{path.name}.tmp")
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
        return f"{'replaced' if existed else 'created'} {path.name} ({len(text.encode())} bytes)"

    def append(self, name: str, text: str) -> str:
        path = self._path(name)
        if path.suffix == ".json":
            raise DocumentRefused(f"{path.name}: JSON cannot be appended to; write the whole document instead")
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        joined = old + ("\n" if old and not old.endswith("\n") else "") + text
        self._check(path, joined)
        path.write_text(joined, encoding="utf-8")
        return f"appended to {path.name} ({len(joined.encode())} bytes now)"

    def listing(self) -> dict[str, str]:
        if not self.root.exists():
            return {}
        return {
            path.name: str(path)
            for path in sorted(self.root.iterdir())
            if path.is_file() and not path.name.startswith(".")
        }

    def _path(self, name: str) -> Path:
        path = self.root / safe_name(name)
        self.root.mkdir(parents=True, exist_ok=True)
        if path.is_symlink() or not path.resolve().is_relative_to(self.root.resolve()):
            raise DocumentRefused(f"{path.name}: the document must stay inside docs/")
        return path

    def _check(self, path: Path, text: str) -> None:
        size = len(text.encode())
        if size > self.max_bytes:
            raise DocumentRefused(f"{path.name}: {size} bytes is over the {self.max_bytes // 1000} KB limit")
        if path.suffix == ".json":
            try:
                json.loads(text)
            except json.JSONDecodeError as error:
                raise DocumentRefused(f"{path.name}: not valid JSON ({error.msg} at line {error.lineno})") from None

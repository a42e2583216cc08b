"""Documents: the persona's notes in <session>/docs/. Names are sanitized; every refusal is a clear message for the
model (DocumentRefused), never an escape from docs/ and never an exception out of the session."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from pytest_useragent.errors import RunError
from pytest_useragent.records import DocumentEntry
from pytest_useragent.workspace.profile import profile
from pytest_useragent.workspace.reading import read

MAX_BYTES = 100_000
MAX_READ_CHARS = 4_000
"""A read longer than this is cut, with a note saying how to read the rest."""
DEVICE_NAMES = {"con", "prn", "aux", "nul", *(f"com{n}" for n in range(1, 10)), *(f"lpt{n}" for n in range(1, 10))}
_ALLOWED = re.compile(r"^[\w][\w .-]{0,99}$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*\S)\s*$")


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
        """`max_bytes` caps each document (100 KB unless --useragent-document-limit says otherwise)."""
        self.root = root
        self.max_bytes = max_bytes

    def apply(self, operation: str, name: str, text: str, target: str | None = None) -> str:
        """write, append or update; returns what happened, in words."""
        if operation == "append":
            return self.append(name, text)
        if operation == "update":
            return self.update(name, text, target)
        return self.write(name, text)

    def write(self, name: str, text: str) -> str:
        """Create or replace a document; returns what happened, in words."""
        path = self._path(name)
        self._check(path, text)
        existed = path.exists()
        _replace(path, text)
        return f"{'replaced' if existed else 'created'} {path.name} ({len(text.encode())} bytes)"

    def append(self, name: str, text: str) -> str:
        path = self._path(name)
        if path.suffix == ".json":
            raise DocumentRefused(f"{path.name}: JSON cannot be appended to; write the whole document instead")
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        joined = old + ("\n" if old and not old.endswith("\n") else "") + text
        self._check(path, joined)
        _replace(path, joined)
        return f"appended to {path.name} ({len(joined.encode())} bytes now)"

    def read(self, name: str, query: str | None = None) -> str:
        """The document, or the part `query` asks for (see reading.QUERIES), cut at MAX_READ_CHARS with a note."""
        path = self._existing(name)
        try:
            answer = read(path.read_text(encoding="utf-8"), query)
        except ValueError as error:
            raise DocumentRefused(f"{path.name}: {error}") from None
        if len(answer) > MAX_READ_CHARS:
            more = len(answer) - MAX_READ_CHARS
            answer = (
                answer[:MAX_READ_CHARS] + f"\n[... cut: {more} more characters; read a part with a query "
                "such as 'lines 40-80' or 'paragraph 3']"
            )
        return f"{path.name} ({query or 'full'}):\n{answer}"

    def update(self, name: str, text: str, target: str | None) -> str:
        """Replace a markdown section (target: its heading) or a JSON value (target: a key path like plans.0.price)."""
        path = self._existing(name)
        old = path.read_text(encoding="utf-8")
        if not target:
            raise DocumentRefused(f"{path.name}: say which part to update: a heading, or a JSON key path")
        if path.suffix == ".json":
            new = _set_json(old, target, text, path.name)
        else:
            new = _replace_section(old, target, text, path.name)
        self._check(path, new)
        _replace(path, new)
        return f"updated {target!r} in {path.name} ({len(new.encode())} bytes now)"

    def index(self) -> list[DocumentEntry]:
        """What the model sees of the documents every step."""
        entries = []
        for name, location in self.listing().items():
            text = Path(location).read_text(encoding="utf-8", errors="replace")
            entries.append(
                DocumentEntry(
                    name=name,
                    format=Path(name).suffix.lstrip(".") or "txt",
                    size=len(text.encode()),
                    headings=[line.lstrip("#").strip() for line in text.splitlines() if _HEADING.match(line)][:10],
                    preview=" ".join(text.split())[:120],
                    profile=profile(text).describe(),
                )
            )
        return entries

    def listing(self) -> dict[str, str]:
        if not self.root.exists():
            return {}
        return {
            path.name: str(path)
            for path in sorted(self.root.iterdir())
            if path.is_file() and not path.name.startswith(".")
        }

    def _existing(self, name: str) -> Path:
        path = self._path(name)
        if not path.is_file():
            known = ", ".join(self.listing()) or "none yet"
            raise DocumentRefused(f"{path.name} does not exist (documents: {known})")
        return path

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


def _replace(path: Path, text: str) -> None:
    """Write atomically: a reader sees the old document or the new one, never half of one."""
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def _replace_section(text: str, heading: str, body: str, name: str) -> str:
    """Replace what is under `heading`, up to the next heading of the same or a higher level."""
    lines = text.split("\n")
    wanted = heading.lstrip("#").strip().lower()
    for number, line in enumerate(lines):
        found = _HEADING.match(line)
        if found and found.group(2).strip().lower() == wanted:
            level = len(found.group(1))
            end = next(
                (
                    n
                    for n in range(number + 1, len(lines))
                    if (other := _HEADING.match(lines[n])) and len(other.group(1)) <= level
                ),
                len(lines),
            )
            tail = [""] + lines[end:] if end < len(lines) else []
            return "\n".join([*lines[: number + 1], body.strip("\n"), *tail])
    headings = [found.group(2) for line in lines if (found := _HEADING.match(line))]
    raise DocumentRefused(f"{name}: no heading {heading!r} (headings: {', '.join(headings) or 'none'})")


def _set_json(text: str, path: str, value_text: str, name: str) -> str:
    """Set the value at a dotted key path (list items by number); the value is JSON, or else a string."""
    document = json.loads(text)
    try:
        value = json.loads(value_text)
    except json.JSONDecodeError:
        value = value_text
    keys = path.split(".")
    node = document
    try:
        for key in keys[:-1]:
            node = node[int(key)] if isinstance(node, list) else node[key]
        last = keys[-1]
        if isinstance(node, list):
            node[int(last)] = value
        elif isinstance(node, dict):
            node[last] = value
        else:
            raise TypeError
    except (KeyError, IndexError, ValueError, TypeError):
        raise DocumentRefused(f"{name}: no key path {path!r} in the document") from None
    return json.dumps(document, indent=2, ensure_ascii=False)

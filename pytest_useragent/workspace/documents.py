"""Documents: the persona's notes in <session>/docs/. Names are sanitized; every refusal is a clear message for the
model (DocumentRefused), never an escape from docs/ and never an exception out of the session: an OSError (a name
the file system refuses, a full disk) is a refusal too.

Symlinks are never followed: a link inside docs/ is neither listed, read nor written through, and a docs/ that is
itself a link (made before the session) is refused, not written through. What is written passes `redact` first.
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import ParamSpec, TypeVar

from pytest_useragent.errors import RunError
from pytest_useragent.files import atomic_write
from pytest_useragent.records import DocumentEntry
from pytest_useragent.workspace.kept import Kept
from pytest_useragent.workspace.profiles import Profiles
from pytest_useragent.workspace.reading import read

MAX_BYTES = 100_000
MAX_READ_CHARS = 4_000
"""A read longer than this is cut, with a note saying how to read the rest."""
DEVICE_NAMES = {"con", "prn", "aux", "nul", *(f"com{n}" for n in range(1, 10)), *(f"lpt{n}" for n in range(1, 10))}
MAX_NAME_BYTES = 200
"""A file name may have 255 bytes; the temporary `.<name>.tmp` and the pending `<name>.meta.json` need the rest."""
_ALLOWED = re.compile(r"^[\w][\w .-]{0,99}$")
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
P = ParamSpec("P")
T = TypeVar("T")
_HEADING = re.compile(r"^(#{1,6})\s+(.*\S)\s*$")


class DocumentRefused(RunError):
    """A document operation the workspace will not carry out; the message says why, for the model."""


class FileSystemRefused(DocumentRefused):
    """The file system refused (a full disk, a name it will not take): other content would fare no better."""


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
    name = name if "." in name else f"{name}.md"
    if len(name.encode()) > MAX_NAME_BYTES:
        raise DocumentRefused(f"{name[:40]!r}...: the name is too long ({len(name.encode())} bytes in UTF-8)")
    return name


def refusing_os_errors(operation: Callable[P, T]) -> Callable[P, T]:
    """An OSError out of a document operation becomes a FileSystemRefused, the step's outcome."""

    @functools.wraps(operation)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return operation(*args, **kwargs)
        except OSError as error:
            raise FileSystemRefused(f"the file system refused: {error.strerror or error}") from None

    return guarded


def real_directory(path: Path) -> Path:
    """`path`, created when missing; refused when it is a symlink (never written through)."""
    if path.is_symlink():
        raise DocumentRefused(f"{path.name}/ is a symbolic link; documents are not written through it")
    path.mkdir(parents=True, exist_ok=True)
    return path


def read_text(path: Path) -> str:
    """The file's text; an OSError when it is a symlink (not followed)."""
    with os.fdopen(os.open(path, os.O_RDONLY | _NO_FOLLOW), encoding="utf-8", errors="replace") as opened:
        return opened.read()


def write_text(path: Path, text: str) -> None:
    """Write a new file at `path`, never through a symlink: a stale one is removed, the file made exclusively."""
    path.unlink(missing_ok=True)
    with os.fdopen(
        os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_FOLLOW, 0o644), "w", encoding="utf-8"
    ) as out:
        out.write(text)


class Documents:
    def __init__(self, root: Path, max_bytes: int = MAX_BYTES) -> None:
        """`max_bytes` caps each document (100 KB unless --useragent-document-limit says otherwise)."""
        self.root = root
        self.max_bytes = max_bytes
        self.redact: Callable[[str], str] = lambda text: text
        """What every document passes before it is written: the session's Secrets.redact."""
        self.profiles = Profiles(root)
        self.kept = Kept.in_docs(root)
        """Where its large writes in progress are kept: docs/.pending/, or a pytest session's own folder in the
        project's state folder (`kept.py`)."""

    @refusing_os_errors
    def apply(self, operation: str, name: str, text: str, target: str | None = None) -> str:
        """write, append or update; returns what happened, in words."""
        if operation == "append":
            return self.append(name, text)
        if operation == "update":
            return self.update(name, text, target)
        return self.write(name, text)

    @refusing_os_errors
    def check(self, operation: str, name: str, target: str | None = None) -> None:
        """Refuse what no content could make work (an append to JSON; an update of a document, heading or key path
        that is not there) before any content is composed for it: a refusal after would be paid for, and repaired,
        in vain."""
        if operation == "append":
            self._appendable(self._path(name))
        elif operation == "update":
            self._updated(name, "null", target)

    @refusing_os_errors
    def write(self, name: str, text: str) -> str:
        """Create or replace a document; returns what happened, in words."""
        path = self._path(name)
        self._check(path, text)
        existed = path.exists()
        self._replace(path, text)
        return f"{'replaced' if existed else 'created'} {path.name} ({len(text.encode())} bytes)"

    @refusing_os_errors
    def append(self, name: str, text: str) -> str:
        path = self._appendable(self._path(name))
        old = read_text(path) if path.exists() else ""
        joined = old + ("\n" if old and not old.endswith("\n") else "") + text
        self._check(path, joined)
        self._replace(path, joined)
        return f"appended to {path.name} ({len(joined.encode())} bytes now)"

    @refusing_os_errors
    def read(self, name: str, query: str | None = None) -> str:
        """The document, or the part `query` asks for (see reading.QUERIES), cut at MAX_READ_CHARS with a note."""
        path = self._existing(name)
        try:
            answer = read(read_text(path), query)
        except ValueError as error:
            raise DocumentRefused(f"{path.name}: {error}") from None
        if len(answer) > MAX_READ_CHARS:
            more = len(answer) - MAX_READ_CHARS
            answer = (
                answer[:MAX_READ_CHARS] + f"\n[... cut: {more} more characters; read a part with a query "
                "such as 'lines 40-80' or 'paragraph 3']"
            )
        return f"{path.name} ({query or 'full'}):\n{answer}"

    @refusing_os_errors
    def update(self, name: str, text: str, target: str | None) -> str:
        """Replace a markdown section (target: its heading) or a JSON value (target: a key path like plans.0.price)."""
        path, new = self._updated(name, text, target)
        self._check(path, new)
        self._replace(path, new)
        return f"updated {target!r} in {path.name} ({len(new.encode())} bytes now)"

    def index(self) -> list[DocumentEntry]:
        """What the model sees of the documents every step."""
        entries = []
        for name, location in self.listing().items():
            try:
                text = read_text(Path(location))
            except OSError:
                continue  # gone, or swapped for a link since the listing
            entries.append(
                DocumentEntry(
                    name=name,
                    format=Path(name).suffix.lstrip(".") or "txt",
                    size=len(text.encode()),
                    headings=[line.lstrip("#").strip() for line in text.splitlines() if _HEADING.match(line)][:10],
                    preview=" ".join(text.split())[:120],
                    profile=self.profiles.load(name, text).describe(),
                )
            )
        return entries

    def listing(self) -> dict[str, str]:
        """The documents: regular files only, never what a symlink points at."""
        if self.root.is_symlink() or not self.root.is_dir():
            return {}
        try:
            with os.scandir(self.root) as entries:
                found = [
                    entry
                    for entry in entries
                    if entry.is_file(follow_symlinks=False) and not entry.name.startswith(".")
                ]
        except OSError:
            return {}
        return {entry.name: entry.path for entry in sorted(found, key=lambda entry: entry.name)}

    def _appendable(self, path: Path) -> Path:
        if path.suffix == ".json":
            raise DocumentRefused(f"{path.name}: JSON cannot be appended to; write the whole document instead")
        return path

    def _updated(self, name: str, text: str, target: str | None) -> tuple[Path, str]:
        """The document and its text with `target` set to `text`, not written."""
        path = self._existing(name)
        old = read_text(path)
        if not target:
            raise DocumentRefused(f"{path.name}: say which part to update: a heading, or a JSON key path")
        if path.suffix == ".json":
            return path, _set_json(old, target, text, path.name)
        return path, _replace_section(old, target, text, path.name)

    def _existing(self, name: str) -> Path:
        path = self._path(name)
        if path.is_symlink() or not path.is_file():
            known = ", ".join(self.listing()) or "none yet"
            raise DocumentRefused(f"{path.name} does not exist (documents: {known})")
        return path

    def name_of(self, name: str) -> str:
        """`safe_name`, refused when the name holds a secret: a file's name is not redacted as its content is, so
        it would keep the secret on disk (and in the report's copy), and the redacted record would name a file that
        is not there."""
        if self.redact(name) != name:
            raise DocumentRefused("that name holds a secret; choose another")
        return safe_name(name)

    def _path(self, name: str) -> Path:
        path = real_directory(self.root) / self.name_of(name)
        if path.is_symlink() or not path.resolve().is_relative_to(self.root.resolve()):
            raise DocumentRefused(f"{path.name}: the document must stay inside docs/")
        return path

    def _replace(self, path: Path, text: str) -> None:
        """Write atomically, redacted: a reader sees the old document or the new one, never half of one. Renaming
        over a symlink replaces the link itself. Its profile is kept beside it, from the text as written."""
        written = self.redact(text)
        atomic_write(path, written)
        self.profiles.save(path.name, written)

    def _check(self, path: Path, text: str) -> None:
        size = len(text.encode())
        if size > self.max_bytes:
            raise DocumentRefused(f"{path.name}: {size} bytes is over the {self.max_bytes // 1000} KB limit")
        if path.suffix == ".json":
            try:
                json.loads(text)
            except json.JSONDecodeError as error:
                raise DocumentRefused(f"{path.name}: not valid JSON ({error.msg} at line {error.lineno})") from None


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

"""The files the package keeps between runs and processes, and the files it reads. Each is written atomically (a
reader — another worker, the next run, CI's upload — sees the old file or the new one, never half of one), and each
stored format's version checked when it is read back (a file made by a newer release is one clear line, never a
crash or a silent misread). Every file read (a cassette, a baseline, a persona, a prices file, the ledger, a
session.json) is read through `read_text`, with a size bound and as a regular file only, YAML through `load_yaml`,
its aliases bounded, and a validation error said by `invalid`, naming the field and never the value: whatever a
file holds is one line naming it, never a hang, a MemoryError or a traceback."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

import yaml
from pydantic import ValidationError

__all__ = [
    "MAX_YAML_NODES",
    "MiB",
    "atomic_write",
    "invalid",
    "load_yaml",
    "read_bytes",
    "read_text",
    "version_problem",
]


def atomic_write(path: Path, text: str | Iterable[bytes]) -> None:
    """`text` as the file at `path`, written beside it and renamed over it; `text` may be given as the bytes of its
    parts, written in turn (a combined report.json of 100,000 sessions is never joined into one string). A symlink at
    `path` is replaced, never written through; a failure leaves the old file and no temporary behind."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name[:80]}.", suffix=".tmp")
    try:
        textual = isinstance(text, str)
        with os.fdopen(handle, "w" if textual else "wb", encoding="utf-8" if textual else None) as out:
            os.fchmod(out.fileno(), 0o644)
            if isinstance(text, str):
                out.write(text)
            else:
                out.writelines(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def version_problem(data: object, key: str, current: int, what: str) -> str | None:
    """Why a stored `what` (its parsed content `data`, its version under `key`) cannot be read by this release, in
    words; None when it can. A file without the key is of the first version; every version up to `current` is
    read (fields added since have defaults)."""
    if not isinstance(data, dict):
        return None  # not a mapping at all: the format's own validation says what it is
    found = data.get(key, 1)
    if isinstance(found, bool) or not isinstance(found, int) or found < 1:
        return f"its {key} {found!r} is no version of a {what}"
    if found > current:
        return (
            f"it was made by a newer pytest-useragent ({what} version {found}; this one reads up to {current}): "
            "upgrade pytest-useragent to read it"
        )
    return None


MiB = 1024 * 1024


def read_text(path: Path, limit: int, what: str, error: type[Exception], *, follow: bool = True) -> str:
    """The UTF-8 text of the regular file at `path`, at most `limit` bytes; anything else is `error`, one line that
    starts with `what` (the file as the caller names it). A symlink is followed to a regular file only (not at all
    with `follow=False`: a link is then `error`): a FIFO, a device (`/dev/zero`) or a directory is refused before a
    byte is read, and it is opened without blocking, so a FIFO with no writer cannot hang the run. A file that is not
    there raises FileNotFoundError: whether that is wrong is the caller's to say (a cassette not yet recorded is
    not)."""
    data = read_bytes(path, limit, what, error, follow=follow)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise error(f"{what}: not UTF-8 text (byte {problem.start:,})") from None


def read_bytes(path: Path, limit: int, what: str, error: type[Exception], *, follow: bool = True) -> bytes:
    """`read_text`'s bytes, for a parser that checks the UTF-8 as it goes (a shard's report.json: decoding 130 MB
    first is a pass of its own)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | (0 if follow else getattr(os, "O_NOFOLLOW", 0))
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as problem:
        raise error(f"{what}: cannot be read ({problem.strerror or type(problem).__name__})") from None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):  # before fdopen, which refuses a directory its own way
        os.close(descriptor)
        raise error(f"{what}: not a regular file")
    with os.fdopen(descriptor, "rb") as opened:
        try:
            data = opened.read(limit + 1)
        except OSError as problem:
            raise error(f"{what}: cannot be read ({problem.strerror or type(problem).__name__})") from None
    if len(data) > limit:
        raise error(f"{what}: larger than {_size(limit)}, the most such a file may be")
    return data


MAX_YAML_NODES = 1_000_000
"""The most nodes a YAML document may stand for once its aliases are expanded. An alias is a reference, so a few
hundred bytes of nested aliases stand for billions of nodes ("billion laughs"), and whatever walks the data (a
validation, its error's text) walks them all; a cassette's own aliases (shared controls) add a few thousand."""


def load_yaml(text: str, what: str, error: type[Exception]) -> object:
    """`text` parsed by YAML's safe loader (libyaml's where PyYAML has it), its aliases counted before anything is
    built from it: a document that would expand beyond MAX_YAML_NODES, or nests too deeply, is `error`."""
    loader = _LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if _expanded(node) > MAX_YAML_NODES:
            raise error(f"{what}: its aliases expand it beyond {MAX_YAML_NODES:,} values (a file of ours never does)")
        return loader.construct_document(node)
    except yaml.YAMLError as problem:
        mark = getattr(problem, "problem_mark", None)
        # libyaml marks a file cut short one line past its end
        line = f" (line {min(mark.line + 1, text.count(chr(10)) + 1)})" if mark is not None else ""
        raise error(f"{what}: not valid YAML{line}") from None
    except RecursionError:
        raise error(f"{what}: nested too deeply") from None
    finally:
        loader.dispose()


def _expanded(root: yaml.Node) -> int:
    """How many nodes `root` stands for, each alias counted as a copy of what it names; counted without recursion
    (depth is unbounded) and each node once (the count of a shared node is kept)."""
    sizes: dict[int, int] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in sizes:
            continue
        children = _children(node)
        if children_done or not children:
            sizes[id(node)] = min(1 + sum(sizes.get(id(child), 0) for child in children), MAX_YAML_NODES + 1)
            continue
        stack.append((node, True))
        stack.extend((child, False) for child in children if id(child) not in sizes)
    return sizes[id(root)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def invalid(problem: ValidationError) -> str:
    """A validation error as one line that names the field and says what is wrong, never the value: pydantic's own
    text shows the input, which may be a file's whole content (or an alias bomb, expanded)."""
    first = problem.errors(include_url=False, include_input=False, include_context=False)[0]
    field = ".".join(str(part)[:40] for part in first["loc"]) or "the whole file"
    more = f" (and {problem.error_count() - 1:,} more)" if problem.error_count() > 1 else ""
    return " ".join(f"{field}: {first['msg']}{more}".split())[:300]


def _size(limit: int) -> str:
    return f"{limit // MiB:,} MB" if limit >= MiB else f"{limit:,} bytes"


_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader where PyYAML was built with it (its wheels are): ~10x faster, and it refuses a nesting
deeper than 1,000 levels itself."""

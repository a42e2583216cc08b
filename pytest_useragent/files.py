"""The files the package keeps between runs and processes: each written atomically (a reader — another worker, the
next run, CI's upload — sees the old file or the new one, never half of one), and each stored format's version
checked when it is read back (a file made by a newer release is one clear line, never a crash or a silent misread)."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

__all__ = ["atomic_write", "version_problem"]


def atomic_write(path: Path, text: str) -> None:
    """`text` as the file at `path`, written beside it and renamed over it. A symlink at `path` is replaced, never
    written through; a failure leaves the old file and no temporary behind."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name[:80]}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            os.fchmod(out.fileno(), 0o644)
            out.write(text)
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

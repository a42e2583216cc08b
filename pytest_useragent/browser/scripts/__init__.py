"""The JavaScript the browser layer evaluates in pages, one file per script."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

__all__ = ["script"]


@cache
def script(name: str) -> str:
    """The script `name` (`look.js`), read once from the package."""
    return files(__name__).joinpath(name).read_text(encoding="utf-8").strip()

"""The JavaScript the browser layer evaluates in pages, one file per script."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

__all__ = ["script"]


@cache
def script(name: str, *, describe: bool = False) -> str:
    """The script `name` (`look.js`), read once from the package; with `describe`, it may call `describe(element)`
    (describe.js: role and accessible name), so every check names elements alike."""
    body = files(__name__).joinpath(name).read_text(encoding="utf-8").strip()
    if not describe:
        return body
    return f"(arg) => {{ const describe = {script('describe.js')};\n return ({body})(arg); }}"

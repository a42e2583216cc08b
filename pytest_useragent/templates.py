"""The one way package templates are loaded: jinja2 from package data, StrictUndefined, tidy blocks."""

from __future__ import annotations

from functools import cache

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape


@cache
def environment(folder: str) -> Environment:
    """The environment for templates in `pytest_useragent/<folder>`; files ending in .html.j2 are autoescaped."""
    loaded = Environment(
        loader=PackageLoader("pytest_useragent", folder),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=select_autoescape(["html.j2"]),
    )
    loaded.filters["percent"] = lambda rate: f"{rate * 100:.0f}%"
    loaded.filters["thousands"] = lambda number: f"{number:,}"
    loaded.filters["counted"] = counted
    return loaded


def counted(count: int, word: str) -> str:
    """`1 session`, `2 sessions`: every noun the reports and the terminal count is a regular one."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"

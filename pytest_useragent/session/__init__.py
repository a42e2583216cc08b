"""One persona pursuing one goal on one page: the `Agent` a test gets, the coordinator of a session's steps, the
action table, the verdict on a done, the persona's memory, the screenshot marks, and the questions after it."""

from __future__ import annotations

__all__ = [
    "afterwards",
    "agent",
    "begin",
    "browser_page",
    "carry_out",
    "compose",
    "coordinator",
    "finish",
    "marks",
    "memory",
    "page",
    "state",
    "verdict",
]
"""Its modules, each one idea (docs/architecture.md)."""

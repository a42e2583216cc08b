"""The persona's own files in the session directory: its documents (docs/), large writes in progress (kept where
the next run finds them) and their recovery, and todo.md."""

from __future__ import annotations

__all__ = [
    "documents",
    "kept",
    "pending",
    "profile",
    "profiles",
    "reading",
    "recovery",
    "todo",
]
"""Its modules, each one idea (docs/architecture.md)."""

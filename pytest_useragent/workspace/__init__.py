"""The persona's own files in the session directory: its documents (docs/), large writes in progress, and todo.md."""

from __future__ import annotations

__all__ = [
    "documents",
    "pending",
    "profile",
    "profiles",
    "reading",
    "todo",
]
"""Its modules, each one idea (docs/architecture.md)."""

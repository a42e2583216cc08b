"""The offline persona engine: deterministic, model-free, and honest about being so. It reads the page (`page`),
remembers what it tried (`memory`), judges its last expectation (`judge`), makes one move (`moves`), and answers the
questions after a session from its counts (`debrief`); `engine` is the provider over them."""

from __future__ import annotations

__all__ = [
    "debrief",
    "engine",
    "judge",
    "memory",
    "moves",
    "page",
]
"""Its modules, each one idea (docs/architecture.md)."""

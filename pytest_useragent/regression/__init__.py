"""A run against runs before it: the stored baseline format and its store, the pure comparison and its fail rules,
confidence intervals, and repeated sessions of one goal."""

from __future__ import annotations

__all__ = [
    "baseline",
    "compare",
    "repeats",
    "stats",
    "thresholds",
]
"""Its modules, each one idea (docs/architecture.md)."""

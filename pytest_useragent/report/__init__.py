"""What a run leaves to read: each session's files (session.json, report.md, transcript, screenshots), the run's
summary (pure), and the reports rendered from templates."""

from __future__ import annotations

__all__ = [
    "aggregate",
    "artifacts",
    "baselines",
    "copies",
    "headline",
    "links",
    "recorded",
    "regressions",
    "render",
    "shards",
]
"""Its modules, each one idea (docs/architecture.md)."""

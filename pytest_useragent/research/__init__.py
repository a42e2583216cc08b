"""After the session: the System Usability Scale, the survey that asks it, and debrief interviews."""

from __future__ import annotations

__all__ = [
    "debrief",
    "survey",
    "sus",
]
"""Its modules, each one idea (docs/architecture.md)."""

"""Everything that touches Playwright: finding Chromium, looking at a page (while it stands still), acting on it by
ref, waiting for it, watching what it does beside the page, and the objective checks (axe-core, dead clicks, target
size, overflow). It knows nothing of models: it hands up `Observation`s and `ActionOutcome`s (records)."""

from __future__ import annotations

__all__ = [
    "actions",
    "audit",
    "bounded",
    "checks",
    "condense",
    "events",
    "find",
    "hosts",
    "launch",
    "locators",
    "observe",
    "scope",
    "scripts",
    "settle",
    "watch",
]
"""Its modules, each one idea (docs/architecture.md)."""

"""Every token and cent: the price book, the run's ledger (a locked file, or Redis for a run of many machines) and each
session's budget (reserve, then settle), the meter every model call goes through, and what the prompt cache did."""

from __future__ import annotations

__all__ = [
    "billing",
    "book",
    "caching",
    "ledger",
    "pricing",
    "shared",
]
"""Its modules, each one idea (docs/architecture.md)."""

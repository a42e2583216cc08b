"""Every token and cent: the price book, the run's file-locked ledger and each session's budget (reserve, then
settle), the meter every model call goes through, and what the prompt cache did."""

from __future__ import annotations

__all__ = [
    "billing",
    "caching",
    "ledger",
    "pricing",
]
"""Its modules, each one idea (docs/architecture.md)."""

"""Decision cassettes: the stored format, a provider that answers from it while the page fits (and says when it no
longer does), and a reached journey exported as a plain pytest-playwright test."""

from __future__ import annotations

__all__ = [
    "cassette",
    "journey",
    "provider",
]
"""Its modules, each one idea (docs/architecture.md)."""

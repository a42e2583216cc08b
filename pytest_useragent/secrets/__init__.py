"""The test's credentials and the one redaction boundary: every secret of a session, in every encoding, out of
every text, record, request and file."""

from __future__ import annotations

__all__ = [
    "addresses",
    "credentials",
    "redaction",
]
"""Its modules, each one idea (docs/architecture.md)."""

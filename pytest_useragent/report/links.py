"""Which sessions report.html shows with their timelines, and where each link to a session or a step goes.

A run of 1,000 tests x 5 sessions made a 26 MB report.html, each session's timeline in it: too large for a browser to
open at once, or a CI artifact viewer at all. So the page shows at most `TIMELINE_SESSIONS` timelines, those that most
need a look (a failed test's, a goal not reached, the worst issues), and every other session is one click away in the
session folder copied beside the report (`copies.py`). report.md and report.json still hold every session.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_useragent.report.summary import E, Entry, Run

TIMELINE_SESSIONS = 100
"""Timelines report.html shows: ~5 KB each without screenshots, so the page stays around a megabyte with its tables."""
FAILED_OUTCOMES = frozenset({"failed", "error", "xpassed"})
"""pytest outcomes that put a test's sessions first in line."""


def featured(summary: Run[E], limit: int = TIMELINE_SESSIONS) -> list[E]:
    """At most `limit` sessions, those that most need a look first, in the run's order."""
    return [summary.sessions[index] for index in needing_a_look(summary, limit)]


def needing_a_look(summary: Run[E], limit: int = TIMELINE_SESSIONS) -> list[int]:
    """The places in the run of `featured`'s sessions (a combined run reads those whole, `shards.shown`)."""
    sessions = summary.sessions
    if len(sessions) <= limit:
        return list(range(len(sessions)))

    def need(index: int) -> tuple[int, int, int, int]:
        entry = sessions[index]
        failed = summary.test_outcomes.get(entry.nodeid) in FAILED_OUTCOMES
        return (not failed, entry.result.goal_achieved is not False, -entry.worst, index)  # explored: not failed

    return sorted(sorted(range(len(sessions)), key=need)[:limit])


@dataclass(frozen=True)
class Links:
    """Where report.html sends a reader for each session: its timeline on the page when it is shown, else its copied
    folder's report.md, else nowhere (an empty string)."""

    anchors: dict[str, str]
    """Session directory -> the id of its entry on the page (shown sessions only)."""
    copies: dict[str, str]
    first: dict[str, str]
    """Test -> the directory of its first session."""

    @classmethod
    def of(cls, summary: Run[E], shown: Sequence[Entry]) -> Links:
        every = summary.anchors
        first: dict[str, str] = {}
        for entry in summary.sessions:
            first.setdefault(entry.nodeid, entry.result.directory)
        return cls(
            anchors={entry.result.directory: every[entry.result.directory] for entry in shown},
            copies=summary.copies,
            first=first,
        )

    def session(self, directory: str, step: int | None = None) -> str:
        anchor = self.anchors.get(directory)
        if anchor is not None:
            return f"#{anchor}" + (f"-step-{step}" if step is not None else "")
        folder = self.copies.get(directory)
        return f"{folder}/report.md" if folder else ""

    def test(self, nodeid: str, step: int | None = None) -> str:
        """The test's first session, at `step` when given."""
        directory = self.first.get(nodeid)
        return self.session(directory, step) if directory is not None else ""

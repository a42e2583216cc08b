"""The run's word, at its end, on the large writes an earlier run left open (`workspace/recovery.py`): a line for each
one a session of the run found (recovered, cut off, cleaned, left alone, unreadable; its session's record says it
too), and one for each that no session took over and waits in the project's `.useragent/` for its test's next run
(`waiting`: its test was not run, or its worker was killed in this run). A run that found none says nothing.

A record is a file anyone could shape: whatever it holds (a name, a problem) is shown on one line, no control
character in it, and cut short."""

from __future__ import annotations

import re

from pytest_useragent.records import OrphanedWrite
from pytest_useragent.report.aggregate import SessionEntry
from pytest_useragent.workspace.kept import STATE
from pytest_useragent.workspace.recovery import Waiting, opened

MAX_LINES = 10
MAX_LINE_CHARS = 1_000
MAX_PROBLEM_CHARS = 200
LABELS = {
    "finished": "recovered",
    "reported": "cut off",
    "cleaned": "cleaned",
    "left": "left open",
    "unreadable": "unreadable",
}
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def left_open_lines(sessions: list[SessionEntry], waiting: list[Waiting]) -> list[str]:
    """One line for each write left open that the run's sessions found, then for each still waiting; at most
    `MAX_LINES`, and a count of the rest."""
    lines = [
        f"{LABELS[orphan.fate]}: {entry.nodeid}: {_told(orphan, entry.result.docs)}"
        for entry in sessions
        for orphan in entry.result.orphaned_writes
    ]
    lines += [
        f"waiting: {STATE}/{left.folder}: docs/{left.file}, the {left.operation} a killed run left open "
        f"({_parts(left.parts)}, {left.bytes_saved:,} bytes), for its test's next run to take over; what it saved "
        f"is in {left.content_path}"
        for left in waiting
    ]
    if len(lines) > MAX_LINES:
        lines = [*lines[:MAX_LINES], f"and {len(lines) - MAX_LINES} more large writes left open by an earlier run"]
    return [_one_line(line) for line in lines]


def _told(orphan: OrphanedWrite, docs: dict[str, str]) -> str:
    problem = orphan.problem or ""
    problem = problem if len(problem) <= MAX_PROBLEM_CHARS else problem[: MAX_PROBLEM_CHARS - 1] + "…"
    if orphan.fate == "unreadable":
        return f"a large write's record ({orphan.file}) {orphan.content_path}: {problem}"
    what = opened(orphan.file, orphan.operation, orphan.parts, orphan.bytes_saved)
    if orphan.fate == "finished":
        return f"{what}, DONE seen): finished, now in its session's docs/ ({docs.get(orphan.file, orphan.file)})"
    if orphan.fate == "cleaned":
        return f"{what}) had failed ({problem}) and was idle past --useragent-write-idle: removed"
    if orphan.fate == "left":
        return f"{what}): {problem}: left alone"
    return f"{what}): {problem}; what it saved is kept in {orphan.content_path}"


def _parts(count: int) -> str:
    return f"{count} part" + ("" if count == 1 else "s")


def _one_line(line: str) -> str:
    line = _CONTROL.sub("?", line)
    return line if len(line) <= MAX_LINE_CHARS else line[: MAX_LINE_CHARS - 1] + "…"

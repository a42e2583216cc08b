"""The persona's memory across steps: the notes each step adds, kept within a bound. Pure.

A model that rewrites its whole summary every step pays for it as output every step, at five times the price of
input, and the summary grows as it goes. So each Decision's `summary` is what that step adds (a short note), and
the harness keeps the notes: the newest always, the oldest dropped (counted) once they pass MEMORY_CHARS. The
offline engine adds its whole state each step and reads back the newest, so the bound never costs it anything.
"""

from __future__ import annotations

import re

MEMORY_CHARS = 2000
"""Most characters of notes the model is shown (~500 tokens)."""
NOTE_CHARS = MEMORY_CHARS
"""Most characters one note keeps: the whole bound (the offline engine's note is its whole state, ~500-1,500)."""
_DROPPED = re.compile(r"^\((\d+) earlier notes? dropped\)$")


def remember(memory: str, note: str) -> str:
    """The memory with `note` added as its newest line, the oldest lines dropped (and counted) beyond the bound."""
    note = " ".join(note.split())[:NOTE_CHARS]
    lines = memory.split("\n") if memory else []
    dropped = 0
    if lines and (match := _DROPPED.match(lines[0])):
        dropped, lines = int(match.group(1)), lines[1:]
    if note:
        lines.append(note)
    while len(lines) > 1 and sum(len(line) + 1 for line in lines) > MEMORY_CHARS:
        lines.pop(0)
        dropped += 1
    head = [f"({dropped} earlier note{'s' if dropped != 1 else ''} dropped)"] if dropped else []
    return "\n".join(head + lines)

"""Structural reads of a document: "stats", "last 2 sentences", "paragraph 3", "lines 4-9", "search pro plan".

Pure: a text and a query in, the answer out. A query it does not understand raises ValueError naming the forms.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from pytest_useragent.workspace.profile import paragraph_blocks, profile, split_sentences

QUERIES = "full | stats | first/last N sentences|lines|words | paragraph N | line N | lines A-B | search <phrase>"
_EDGE = re.compile(r"^(first|last)\s+(\d+)?\s*(sentence|line|word)s?$")


def read(text: str, query: str | None) -> str:
    """The part of `text` that `query` asks for."""
    query = " ".join((query or "full").lower().split())
    if query in ("full", "all", ""):
        return text
    if query == "stats":
        return profile(text, datetime.now(UTC)).describe()
    edge = _EDGE.match(query)
    if edge:
        side, count, unit = edge.group(1), int(edge.group(2) or 1), edge.group(3)
        units = {
            "sentence": split_sentences(text),
            "line": [line for line in text.split("\n") if line.strip()],
            "word": text.split(),
        }[unit]
        chosen = units[:count] if side == "first" else units[-count:] if count else []
        return (" " if unit == "word" else "\n").join(chosen)
    number = re.fullmatch(r"paragraph (\d+)", query)
    if number:
        blocks = paragraph_blocks(text)
        index = int(number.group(1))
        if not 1 <= index <= len(blocks):
            raise ValueError(f"there is no paragraph {index}; the document has {len(blocks)}")
        return blocks[index - 1][2]
    lines = re.fullmatch(r"lines? (\d+)(?:\s*-\s*(\d+))?", query)
    if lines:
        first = int(lines.group(1))
        last = int(lines.group(2) or first)
        every = text.split("\n")
        if not 1 <= first <= last <= len(every):
            raise ValueError(f"lines {first}-{last} are outside the document's {len(every)} lines")
        return "\n".join(every[first - 1 : last])
    if query.startswith("search "):
        phrase = query.removeprefix("search ").strip()
        found = [f"{n}: {line}" for n, line in enumerate(text.split("\n"), start=1) if phrase in line.lower()]
        return "\n".join(found) if found else f"no line contains {phrase!r}"
    raise ValueError(f"unknown read query {query!r}; use one of: {QUERIES}")

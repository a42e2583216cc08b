"""How long each field of a step's decision may be: told in the system prompt, held on every reply. Pure.

Output is the dear part of a step (five times the price of input), and "a sentence or two" is anything from 60 to 400
characters. A limit in characters is one the prompt can state and the benchmark can write up to, so that its cost per
step is the cost of a persona that does as it is told. The limits are not in the schema: the API does not take
maxLength (the SDK's `transform_schema` moves it into a description), so holding them is ours. A field over its limit
is cut at a word boundary, never sent back for a repair: every step is a fresh request, so a model that overshoots
once overshoots every step, and a repair would pay each step twice for a few words. What the persona quotes from the
page (a done's evidence) or types and writes (an action's text) is never limited.
"""

from __future__ import annotations

import unicodedata
from typing import Any, TypeVar

from pydantic import BaseModel

from pytest_useragent.records import Decision

M = TypeVar("M", bound=BaseModel)
ZWJ = "\u200d"
JOINERS = frozenset({ZWJ, "\ufe0e", "\ufe0f"} | {chr(c) for c in range(0x1F3FB, 0x1F400)})
"""What continues the character before it: the zero-width joiner, variation selectors, skin-tone modifiers."""
REGIONAL = "".join(chr(c) for c in range(0x1F1E6, 0x1F200))

LIMITS: dict[str, int] = {
    "observation": 100,
    "evaluation.note": 70,
    "summary": 90,
    "expectation": 90,
    "issues.heuristic": 45,
    "issues.title": 45,
    "issues.evidence": 100,
    "issues.quote": 90,
    "action.reason": 90,
}
"""Field (a dotted path; a list's items share their field's limit) -> the most characters it may take."""


def trimmed(reply: M) -> M:
    """`reply` with every field of a step's decision cut to its limit (at a word boundary, marked with an ellipsis);
    any other answer (a wrap-up, a survey: asked once, they are not held to step limits) as it is."""
    if not isinstance(reply, Decision):
        return reply
    data = reply.model_dump()
    cut = False
    for path, most in LIMITS.items():
        for holder, key in _holders(data, path.split(".")):
            text = holder.get(key)
            if isinstance(text, str) and len(text) > most:
                holder[key], cut = shortened(text, most), True
    return type(reply).model_validate(data) if cut else reply


def shortened(text: str, most: int) -> str:
    """`text` in at most `most` characters: cut at the last white space that leaves room for the ellipsis (where
    there is none in the second half, mid-word), never inside a character written with several code points (a letter
    and its accent, an emoji sequence, a flag)."""
    head = text[: most - 1]
    space = max(head.rfind(blank) for blank in " \n\t")
    cut = space if space > most // 2 else len(head)
    while 0 < cut < len(text) and _joined(text, cut):
        cut -= 1
    return text[:cut].rstrip(" ,;:.\n\t") + "…"


def _joined(text: str, at: int) -> bool:
    """Whether a cut before `text[at]` would split one character as a reader sees it."""
    after, before = text[at], text[at - 1]
    if unicodedata.combining(after) or after in JOINERS or before == ZWJ:
        return True
    flags = len(text[:at]) - len(text[:at].rstrip(REGIONAL))  # a flag is a pair of regional indicators
    return after in REGIONAL and flags % 2 == 1


def _holders(node: Any, path: list[str]) -> list[tuple[dict[str, Any], str]]:
    """The dicts that hold the field at `path`, with its key (a list's items each)."""
    if isinstance(node, list):
        return [found for item in node for found in _holders(item, path)]
    if not isinstance(node, dict) or not path:
        return []
    if len(path) == 1:
        return [(node, path[0])]
    return _holders(node.get(path[0]), path[1:])

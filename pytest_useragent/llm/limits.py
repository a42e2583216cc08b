"""How long each field of a step's decision may be: told in the system prompt, enforced on every reply. Pure.

Output is the dear part of a step (five times the price of input), and "a sentence or two" is anything from 60 to 400
characters. A limit in characters is one the prompt can state, validation can hold a reply to (a field over its
limit makes the reply invalid: it goes back as a repair, as any invalid reply does), and the benchmark can write up
to, so that its cost per step is a true upper bound rather than a guess. The limits are not in the schema: the API
does not take maxLength (the SDK's `transform_schema` moves it into a description), so the check is ours. What the
persona quotes from the page (a done's evidence) or types and writes (an action's text) is never limited.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from pytest_useragent.records import Decision

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


def overlong(reply: BaseModel) -> str | None:
    """What in `reply`, a step's decision, is over its limit, in one line for the repair request; None when nothing
    is, or when `reply` is another answer (a wrap-up, a survey: asked once, they are not held to step limits)."""
    if not isinstance(reply, Decision):
        return None
    problems = [
        f"{path}: {len(text)} characters, at most {most}"
        for path, most in LIMITS.items()
        for text in _values(reply.model_dump(), path.split("."))
        if isinstance(text, str) and len(text) > most
    ]
    return "; ".join(problems[:3]) or None


def _values(node: Any, path: list[str]) -> list[Any]:
    if isinstance(node, list):
        return [value for item in node for value in _values(item, path)]
    if not path:
        return [node]
    if not isinstance(node, dict):
        return []
    return _values(node.get(path[0]), path[1:])

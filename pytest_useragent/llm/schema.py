"""The output schema every provider sends, and what providers share about reading a reply. Pure.

A schema goes with every call, so it is sent as a bare shape: no titles, no descriptions, no "{default: None}"
notes; what the fields mean is told once, in the system prompt. OpenAI's strict mode asks more of the same shape
(`strict`): every object closed (additionalProperties false) and every property required, an optional one as a union
with null, which pydantic reads back as None.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from pytest_useragent.llm.limits import trimmed

M = TypeVar("M", bound=BaseModel)

CHARS_PER_TOKEN = 2.6
"""Page text runs 2.6-3.3 characters per token; the low end makes the budget over- rather than under-reserve."""


@cache
def shape(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema of `model` as Anthropic's SDK builds it for structured output (objects closed, constraints
    the API does not take dropped), as shape only."""
    import anthropic  # here, not at import: the SDK takes 0.8 s to load, and an offline run never needs it

    return _compact(anthropic.transform_schema(model))  # type: ignore[no-any-return]


@cache
def strict(model: type[BaseModel]) -> dict[str, Any]:
    """`shape`, as OpenAI's strict structured output takes it: every object closed and every property required."""
    return _strict(shape(model))  # type: ignore[no-any-return]


def _compact(node: Any, properties: bool = False) -> Any:
    if isinstance(node, dict):
        # "title" and "description" are annotations, except where they name a property (IssueDraft has a title)
        return {
            key: _compact(value, key == "properties")
            for key, value in node.items()
            if properties or key not in ("title", "description")
        }
    if isinstance(node, list):
        return [_compact(item) for item in node]
    return node


def _strict(node: Any) -> Any:
    if isinstance(node, list):
        return [_strict(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _strict(value) for key, value in node.items()}
    if out.get("type") == "object" or "properties" in out:
        out["additionalProperties"] = False
        out["required"] = list(out.get("properties", {}))
    return out


def parse(schema: type[M], data: str | dict[str, Any] | None) -> tuple[M | None, str]:
    """A reply (JSON text, or a tool's input) as `schema`, its fields cut to their limits (`limits.py`), or None and
    what was wrong with it, in one line for the repair request."""
    try:
        value = schema.model_validate_json(unfenced(data)) if isinstance(data, str) else schema.model_validate(data)
    except ValidationError as error:
        return None, explain(error)
    return trimmed(value), ""


def unfenced(text: str) -> str:
    """JSON text without the markdown fence a model may put around an answer in text (```json ... ```)."""
    stripped = text.strip()
    if stripped.startswith("```") and stripped.endswith("```") and "\n" in stripped:
        return stripped[stripped.index("\n") + 1 : -3]
    return text


def explain(error: ValidationError) -> str:
    """What was wrong with a reply, in one line for the repair request."""
    problems = [
        f"{'.'.join(str(part) for part in item['loc']) or 'reply'}: {item['msg']}" for item in error.errors()[:3]
    ]
    return "; ".join(problems)


def until_done(text: str) -> tuple[str, bool]:
    """The content before a line that says only DONE, and whether there was one."""
    lines = text.split("\n")
    for number, line in enumerate(lines):
        if line.strip() == "DONE":
            return "\n".join(lines[:number]), True
    return text, False

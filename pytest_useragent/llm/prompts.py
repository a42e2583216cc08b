"""Prompt templates (jinja2, in package data), rendered with StrictUndefined."""

from __future__ import annotations

from typing import Any

from pytest_useragent.llm.limits import LIMITS
from pytest_useragent.records.actions import INLINE_CHARS, INLINE_LINES
from pytest_useragent.records.decision import MAX_FIELDS
from pytest_useragent.templates import environment


def render(name: str, **context: Any) -> str:
    """`name` rendered with `context`; every prompt may state the field limits it asks the model to keep, and the
    most a document's content may be inline, and the most fields one `fill` types."""
    inline = {"lines": INLINE_LINES, "characters": f"{INLINE_CHARS:,}"}
    return (
        environment("llm/prompts")
        .get_template(name)
        .render(limits=LIMITS, inline=inline, max_fields=MAX_FIELDS, **context)
        .strip()
    )

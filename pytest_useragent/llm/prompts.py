"""Prompt templates (jinja2, in package data), rendered with StrictUndefined."""

from __future__ import annotations

from typing import Any

from pytest_useragent.templates import environment


def render(name: str, **context: Any) -> str:
    return environment("llm/prompts").get_template(name).render(**context).strip()

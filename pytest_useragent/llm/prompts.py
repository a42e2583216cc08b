"""Prompt templates (jinja2, in package data), rendered with StrictUndefined."""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined


@cache
def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("pytest_useragent", "llm/prompts"),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        autoescape=False,
    )


def render(name: str, **context: Any) -> str:
    return _environment().get_template(name).render(**context).strip()

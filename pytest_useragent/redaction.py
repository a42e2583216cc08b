"""Secrets: text typed into or read from password fields, kept out of prompts and files."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote, quote_plus

MASK = "••••••"
_SNAPSHOT_VALUE = re.compile(r"^(\s*- textbox\b[^\n]*?\]): (.+)$", re.MULTILINE)
_API_KEY = re.compile(r"sk-ant-[A-Za-z0-9_\-]+")


class Secrets:
    """Every password seen in a session, and the means to remove them from any text or JSON value."""

    def __init__(self) -> None:
        self._values: set[str] = set()

    def add(self, value: str) -> None:
        """Remember a secret, and the forms it takes in a URL (a GET form puts it in the query)."""
        if value:
            self._values.update({value, quote(value, safe=""), quote_plus(value)})

    def redact(self, text: str) -> str:
        """Text with every known secret (and anything shaped like an Anthropic key) masked."""
        text = _SNAPSHOT_VALUE.sub(self._mask_field_value, text)
        for value in sorted(self._values, key=len, reverse=True):
            if len(value) >= 3:
                text = text.replace(value, MASK)
        return _API_KEY.sub(MASK, text)

    def redact_json(self, value: Any) -> Any:
        """A JSON-like value with every string redacted."""
        if isinstance(value, str):
            return self.redact(value)
        if isinstance(value, list):
            return [self.redact_json(item) for item in value]
        if isinstance(value, dict):
            return {key: self.redact_json(item) for key, item in value.items()}
        return value

    def _mask_field_value(self, match: re.Match[str]) -> str:
        return f"{match.group(1)}: {MASK}" if match.group(2) in self._values else match.group(0)

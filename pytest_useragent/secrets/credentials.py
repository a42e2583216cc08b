"""Credentials: what a test hands the persona to log in with, without the model ever seeing a value.

The model is told the names (`{{email}}`, `{{password}}`) and types the placeholder; `fill` puts the value in at the
moment of typing. A value written `$NAME` or `${NAME}` is read from the environment variable NAME (`$$` starts a
value with a literal `$`); a variable that is not set is a UserError before anything runs.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from pytest_useragent.errors import UserError

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
_ENVIRONMENT = re.compile(r"^\$(?:\{(?P<braced>[A-Za-z_][A-Za-z0-9_]*)\}|(?P<bare>[A-Za-z_][A-Za-z0-9_]*))$")


class UnknownPlaceholder(ValueError):
    """A placeholder typed that names no credential; the message says which exist, for the model."""


def placeholder(name: str) -> str:
    return "{{" + name + "}}"


def pieces(text: str) -> list[str]:
    """`text` cut at its placeholders: literal text at even places, a placeholder's name at odd ones (where `fill`
    puts a value). Pure."""
    return _PLACEHOLDER.split(text)


@dataclass(frozen=True)
class Credentials:
    """Credential names and their values, resolved from the environment."""

    values: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def resolve(cls, given: Mapping[str, object] | None, environ: Mapping[str, str] | None = None) -> Credentials:
        """Names checked, `$NAME` values read from the environment; anything wrong is a one-line UserError."""
        environ = os.environ if environ is None else environ
        if given is None:
            return cls()
        if not isinstance(given, Mapping):
            # the type only: what was given holds the values, and this line goes to the terminal and the reports
            kind = type(given).__name__
            raise UserError(f"credentials must be a mapping of name to value, e.g. {{'password': '$PW'}}; got a {kind}")
        values: dict[str, str] = {}
        for name, value in given.items():
            if not isinstance(name, str) or not _NAME.match(name):
                raise UserError(f"credential name {name!r}: use letters, digits and _ (it becomes {{{{{name}}}}})")
            if not isinstance(value, str):
                raise UserError(f"credential {name!r}: the value must be a string, got {type(value).__name__}")
            values[name] = _from_environment(name, value, environ)
        return cls(values)

    def merged(self, other: Mapping[str, object] | None, environ: Mapping[str, str] | None = None) -> Credentials:
        """These credentials with `other`'s on top (same name: `other` wins)."""
        return Credentials({**self.values, **Credentials.resolve(other, environ).values})

    @property
    def placeholders(self) -> list[str]:
        return [placeholder(name) for name in self.values]

    def fill(self, text: str) -> str:
        """`text` with each placeholder replaced by its value; UnknownPlaceholder for a name not given."""

        def value(found: re.Match[str]) -> str:
            if found[1] not in self.values:
                known = ", ".join(self.placeholders) or "none"
                raise UnknownPlaceholder(f"no credential {placeholder(found[1])} (you have: {known})")
            return self.values[found[1]]

        return _PLACEHOLDER.sub(value, text)


def _from_environment(name: str, value: str, environ: Mapping[str, str]) -> str:
    if value.startswith("$$"):
        return value[1:]
    found = _ENVIRONMENT.match(value)
    if found is None:
        return value
    variable = found["braced"] or found["bare"]
    if variable not in environ:
        raise UserError(f"credential {name!r}: environment variable {variable} is not set")
    return environ[variable]

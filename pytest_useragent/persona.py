"""Persona: who the agent pretends to be, from plain text or a YAML file."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from pytest_useragent.errors import PersonaError

_YAML_SUFFIXES = (".yaml", ".yml")
PRESET_NAME = re.compile(r"[a-z]+(?:-[a-z]+)+")
"""The one rule for a persona named in the marker or an option: a value ending in .yaml or .yml is a file; lowercase
words joined by hyphens and nothing else (`screen-reader-user`) name a preset; anything else is the persona's text.
Hyphenated lowercase words are never a sentence about a person, and a preset's name never looks like a file."""
PRESET_RULE = "a value ending in .yaml/.yml is a file, lowercase-words-with-hyphens a preset, anything else text"
MAX_PERSONA_CHARS = 20_000
"""A persona is a few paragraphs about a person; it is in every model call's prompt, so a pasted document would be
paid for at every step. 20,000 characters (a dozen pages) is far more than a real persona needs."""


class Persona(BaseModel):
    """A person the agent acts as.

    `Persona("Jana, 45. Never used a shop like this.")` takes plain text: the name is its first phrase.
    `Persona.from_yaml("personas/jana.yaml")` reads name, background, jobs_to_be_done, language, traits.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    background: str = ""
    jobs_to_be_done: tuple[str, ...] = ()
    language: str = "en"
    """The language the persona thinks and writes in (an IETF tag like "cs" or a name like "Czech")."""
    traits: tuple[str, ...] = ()

    def __init__(self, text: str | None = None, /, **data: Any) -> None:
        if text is not None:
            if data:
                raise PersonaError("give a Persona either one text or named fields, not both")
            data = _from_text(text)
        try:
            super().__init__(**data)
        except ValidationError as error:
            raise PersonaError(f"persona: {_first_problem(error)}") from None
        if (size := len(self.describe())) > MAX_PERSONA_CHARS:
            raise PersonaError(f"persona: {size:,} characters; at most {MAX_PERSONA_CHARS:,} (it goes with every call)")

    @field_validator("name", "background", "language")
    @classmethod
    def _strip(cls, value: str) -> str:
        return value.strip()

    @classmethod
    def from_yaml(cls, path: str | Path) -> Persona:
        """Read a persona YAML file; a missing file or a bad field raises PersonaError naming the file."""
        path = Path(path)
        try:
            if (size := path.stat().st_size) > 4 * MAX_PERSONA_CHARS:  # not even read: YAML cannot shrink it enough
                raise PersonaError(
                    f"persona file {path}: {size:,} bytes, too long (at most {MAX_PERSONA_CHARS:,} characters)"
                )
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except OSError as error:
            raise PersonaError(f"persona file {path}: {error.strerror or error}") from None
        except yaml.YAMLError as error:
            where = getattr(error, "problem_mark", None)
            line = f" (line {where.line + 1})" if where is not None else ""
            raise PersonaError(f"persona file {path} is not valid YAML{line}") from None
        if not isinstance(data, dict):
            raise PersonaError(f"persona file {path} must hold a mapping with at least a name")
        for key in ("jobs_to_be_done", "traits"):
            if isinstance(data.get(key), str):
                data[key] = [data[key]]
        try:
            return cls(**data)
        except PersonaError as error:
            raise PersonaError(f"persona file {path}: {str(error).removeprefix('persona: ')}") from None

    @classmethod
    def preset(cls, name: str) -> Persona:
        """A ready-made persona for a common research role, e.g. `Persona.preset("screen-reader-user")`; the YAML
        files ship in the package (`pytest_useragent/personas/`) to be copied and changed. `Persona.presets()` lists
        them; an unknown name raises PersonaError listing them."""
        if name not in cls.presets():
            raise PersonaError(f"unknown persona preset {name!r} ({PRESET_RULE}); presets: {', '.join(cls.presets())}")
        with resources.as_file(_presets() / f"{name}.yaml") as path:
            return cls.from_yaml(path)

    @staticmethod
    def presets() -> tuple[str, ...]:
        """The names of the preset personas, sorted."""
        return tuple(sorted(item.name.removesuffix(".yaml") for item in _presets().iterdir() if _is_preset(item.name)))

    @classmethod
    def load(cls, spec: str, root: Path | None = None) -> Persona:
        """A persona from a marker's or an option's value, by `PRESET_NAME`'s rule: a YAML path (relative to root),
        a preset's name, or plain text."""
        spec = spec.strip()
        if spec.lower().endswith(_YAML_SUFFIXES):
            path = Path(spec)
            if root is not None and not path.is_absolute():
                path = root / path
            return cls.from_yaml(path)
        if PRESET_NAME.fullmatch(spec):
            return cls.preset(spec)
        return cls(spec)

    def describe(self) -> str:
        """The persona as one paragraph for prompts and reports."""
        lead = self.background if self.background.startswith(self.name) else f"{self.name}. {self.background}"
        parts = [lead.strip().rstrip(".") + "."]
        if self.jobs_to_be_done:
            parts.append("Wants to: " + "; ".join(self.jobs_to_be_done) + ".")
        if self.traits:
            parts.append("Traits: " + "; ".join(self.traits) + ".")
        return " ".join(parts)


def _presets() -> resources.abc.Traversable:
    return resources.files("pytest_useragent") / "personas"


def _is_preset(file: str) -> bool:
    return file.endswith(".yaml") and PRESET_NAME.fullmatch(file.removesuffix(".yaml")) is not None


def _from_text(text: str) -> dict[str, Any]:
    text = text.strip()
    if not text:
        raise PersonaError("persona text is empty")
    name = re.split(r"[,.;:\n]", text, maxsplit=1)[0].strip() or text[:40]
    return {"name": name, "background": text}


def _first_problem(error: ValidationError) -> str:
    problem = error.errors()[0]
    where = ".".join(str(part) for part in problem["loc"]) or "persona"
    return f"{where}: {problem['msg']}"


DEFAULT_PERSONA = Persona(
    name="Alex",
    background="Alex, 34. Uses the web daily, is in a hurry, and reads only what is needed to get the job done.",
)

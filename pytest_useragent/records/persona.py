"""Persona: who the agent pretends to be, from plain text or a YAML file."""

from __future__ import annotations

import re
import zoneinfo
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from pytest_useragent.errors import PersonaError
from pytest_useragent.files import load_yaml, read_text
from pytest_useragent.records.browser_fields import BROWSER_FIELDS
from pytest_useragent.records.language import detected

_YAML_SUFFIXES = (".yaml", ".yml")
PRESET_NAME = re.compile(r"[a-z]+(?:-[a-z]+)+")
"""The one rule for a persona named in the marker or an option: a value ending in .yaml or .yml, or one word holding
a path separator, is a file (`persona_file`); lowercase words joined by hyphens and nothing else
(`screen-reader-user`) name a preset; anything else is the persona's text. Hyphenated lowercase words are never a
sentence about a person, and a preset's name never looks like a file."""
PRESET_RULE = (
    "a value ending in .yaml/.yml, or one word holding a /, is a file; lowercase-words-with-hyphens a preset; "
    "anything else text"
)
MAX_PERSONA_CHARS = 20_000
"""A persona is a few paragraphs about a person; it is in every model call's prompt, so a pasted document would be
paid for at every step. 20,000 characters (a dozen pages) is far more than a real persona needs."""
MAX_PERSONA_FILE_BYTES = 4 * MAX_PERSONA_CHARS
"""The most a persona file may be: not even read beyond it, since YAML cannot shrink it enough."""


MAX_NAMED = 8
"""The most unknown keys an error line names (the rest counted)."""
MAX_KEY_SHOWN = 40
LOCALE = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*")
"""A BCP 47 language tag as browsers take one (language, then script, region or variant subtags)."""

Uses = Literal["mouse", "keyboard", "screen-reader", "touch"]
Vision = Literal["normal", "protanopia", "deuteranopia", "tritanopia", "achromatopsia", "blurred"]
Network = Literal["slow-3g", "fast-3g", "slow-4g"]


class Persona(BaseModel):
    """A person the agent acts as.

    `Persona("Jana, 45. Never used a shop like this.")` takes plain text: the name is its first phrase.
    `Persona.from_yaml("personas/jana.yaml")` reads name, background, jobs_to_be_done, language, traits; a relative
    path is relative to the rootdir in a pytest run (as for the marker and the option), else to the current directory.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    background: str = ""
    jobs_to_be_done: tuple[str, ...] = ()
    language: str = "en"
    """The language the persona thinks and writes in (an IETF tag like "cs" or a name like "Czech"); when not given,
    the one its text is written in (`records.language`), English when its text does not tell."""
    traits: tuple[str, ...] = ()
    uses: Uses = "mouse"
    """How the persona moves through a page: a mouse, the keyboard alone, a screen reader (with the keyboard), or
    touch."""
    zoom: int = Field(100, ge=25, le=500)
    """The browser's zoom in percent, as a browser zooms: the CSS viewport shrinks by the factor and text grows by it
    (200 and 400 are WCAG's reference points)."""
    vision: Vision = "normal"
    """A vision deficiency Chromium emulates: the screenshots the persona sees are rendered so."""
    device: str | None = None
    """A Playwright device name ("iPhone 13", "Pixel 7"): its viewport, scale, touch and user agent."""
    network: Network | None = None
    """A throttled network (Chromium's presets); None is unthrottled."""
    locale: str | None = None
    timezone: str | None = None
    color_scheme: Literal["light", "dark", "no-preference"] | None = None
    reduced_motion: Literal["reduce", "no-preference"] | None = None
    contrast: Literal["more", "no-preference"] | None = None

    def __init__(self, text: str | None = None, /, **data: Any) -> None:
        if text is not None:
            if told := sorted(set(data) - set(BROWSER_FIELDS)):
                raise PersonaError(
                    f"give a Persona either one text or named fields, not both (beside a text only "
                    f"{', '.join(BROWSER_FIELDS)}; got {', '.join(told)})"
                )
            data = {**_from_text(text), **data}
        try:
            super().__init__(**data)
        except ValidationError as error:
            raise PersonaError(f"persona: {_first_problem(error)}") from None
        if (size := len(self.describe())) > MAX_PERSONA_CHARS:
            raise PersonaError(f"persona: {size:,} characters; at most {MAX_PERSONA_CHARS:,} (it goes with every call)")

    @model_validator(mode="before")
    @classmethod
    def _language(cls, data: Any) -> Any:
        if isinstance(data, dict) and not data.get("language"):
            told = [
                data.get("name"),
                data.get("background"),
                *(data.get("jobs_to_be_done") or ()),
                *(data.get("traits") or ()),
            ]
            data = {**data, "language": detected(" ".join(str(part) for part in told if part))}
        return data

    @field_validator("device", "locale", "timezone")
    @classmethod
    def _named(cls, value: str | None) -> str | None:
        if value is not None and not value.strip():
            raise ValueError("must not be empty")
        return value.strip() if value is not None else None

    @field_validator("locale")
    @classmethod
    def _locale(cls, value: str | None) -> str | None:
        if value is not None and not LOCALE.fullmatch(value):
            raise ValueError("must be a language tag such as en-US, cs or pt-BR")
        return value

    @field_validator("timezone")
    @classmethod
    def _timezone(cls, value: str | None) -> str | None:
        # none known where the system has no time zone data: then the browser says
        if value is not None and value not in (known := zoneinfo.available_timezones()) and known:
            raise ValueError("must be an IANA time zone such as Europe/Prague or America/New_York")
        return value

    @property
    def browser(self) -> dict[str, Any]:
        """The browser fields this persona sets, apart from their defaults (what it needs a browser set up for)."""
        return {
            name: getattr(self, name)
            for name in BROWSER_FIELDS
            if getattr(self, name) != type(self).model_fields[name].default
        }

    @field_validator("name", "background", "language")
    @classmethod
    def _strip(cls, value: str) -> str:
        return value.strip()

    @classmethod
    def from_yaml(cls, path: str | Path, root: Path | None = None) -> Persona:
        """Read a persona YAML file; a missing file or a bad field raises PersonaError naming the file.

        A relative path is taken from `root`, else from the running pytest's rootdir, else the current directory."""
        path = Path(path)
        if not path.is_absolute():
            base = root if root is not None else (_ROOTDIRS[-1] if _ROOTDIRS else None)
            path = base / path if base is not None else path
        what = f"persona file {path}"
        try:
            data = load_yaml(read_text(path, MAX_PERSONA_FILE_BYTES, what, PersonaError), what, PersonaError)
        except FileNotFoundError as error:
            raise PersonaError(f"{what}: {error.strerror}{_sibling_hint(path)}") from None
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
        """A persona from a marker's or an option's value, by one rule (`persona_file`, then `PRESET_NAME`): a YAML
        file (relative to root), a preset's name, or plain text."""
        spec = spec.strip()
        if (path := persona_file(spec)) is not None:
            return cls.from_yaml(path, root)
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


def persona_file(spec: str) -> Path | None:
    """The file a persona value names, or None when the value is the persona's text.

    The one rule for `persona=` and --useragent-persona: a value ending in .yaml or .yml, or a single word holding a
    path separator (`personas/ana`), is a file, and must exist; anything else is text ("Ana, 30, first time here").
    A text holding a slash has spaces too, so the two never meet; a file name without either would be a one-word
    persona named like the file, which is why such a value is taken as text."""
    spec = spec.strip()
    if spec.lower().endswith(_YAML_SUFFIXES) or (not any(ch.isspace() for ch in spec) and re.search(r"[/\\]", spec)):
        return Path(spec)
    return None


_ROOTDIRS: list[Path] = []
"""The rootdir of each pytest run in progress (pytester nests them), innermost last: what a relative persona file is
relative to, so that `Persona.from_yaml` in a fixture agrees with the marker and the option wherever pytest starts."""


def enter_rootdir(path: Path) -> None:
    _ROOTDIRS.append(path)


def leave_rootdir(path: Path) -> None:
    if path in _ROOTDIRS:
        _ROOTDIRS.reverse()
        _ROOTDIRS.remove(path)  # the innermost of equal paths
        _ROOTDIRS.reverse()


def _sibling_hint(path: Path) -> str:
    """For `personas/ana` when `personas/ana.yaml` is there: say so."""
    if path.suffix.lower() in _YAML_SUFFIXES:
        return ""
    for suffix in _YAML_SUFFIXES:
        if path.with_name(path.name + suffix).is_file():
            return f" (did you mean {path.name + suffix}?)"
    return ""


def _from_text(text: str) -> dict[str, Any]:
    text = text.strip()
    if not text:
        raise PersonaError("persona text is empty")
    name = re.split(r"[,.;:\n]", text, maxsplit=1)[0].strip() or text[:40]
    return {"name": name, "background": text}


def _first_problem(error: ValidationError) -> str:
    # pydantic says one "Extra inputs are not permitted" per key: a file with three typos is fixed in one go only when
    # the line names all three and what the keys may be
    unknown = [str(problem["loc"][0]) for problem in error.errors() if problem["type"] == "extra_forbidden"]
    if unknown:
        allowed = ", ".join(Persona.model_fields)
        named = ", ".join(_cut(key) for key in unknown[:MAX_NAMED])
        more = f" and {len(unknown) - MAX_NAMED:,} more" if len(unknown) > MAX_NAMED else ""
        return f"unknown key{'s' if len(unknown) > 1 else ''} {named}{more}; a persona has {allowed}"
    problem = error.errors()[0]
    where = ".".join(_cut(str(part)) for part in problem["loc"]) or "persona"
    return f"{where}: {problem['msg'][:200]}"


def _cut(key: str) -> str:
    """A key as an error line names it: on one line, and short (a file's whole line is never echoed)."""
    flat = " ".join(key.split())
    return flat if len(flat) <= MAX_KEY_SHOWN else flat[: MAX_KEY_SHOWN - 1] + "…"


DEFAULT_PERSONA = Persona(
    name="Alex",
    background="Alex, 34. Uses the web daily, is in a hurry, and reads only what is needed to get the job done.",
)

"""`UserAgentConfig`: every knob of pytest-useragent in one frozen object, read from `OPTIONS`, and what a marker
may override."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from pytest_useragent.config.options import (
    OPTIONS,
    DebugMode,
    ProviderName,
    RecordMode,
    VideoMode,
)
from pytest_useragent.config.providers import DEFAULT_MODEL, model_problem
from pytest_useragent.errors import ConfigError
from pytest_useragent.regression.thresholds import FailRules
from pytest_useragent.secrets.addresses import without_credentials


@dataclass(frozen=True)
class UserAgentConfig:
    """The settled configuration of one pytest run (or one session, after marker overrides)."""

    provider: ProviderName = "auto"
    model: str = DEFAULT_MODEL
    persona: str | None = None
    max_steps: int = 15
    wait: float = 0.0
    settle_timeout: float = 5.0
    slow_response: float = 1.0
    budget: float = 5.0
    """The run's budget, in `currency`."""
    currency: str = "USD"
    prices: Path | None = None
    ledger: str = "file"
    """The run's ledger: "file", or the URL of the Redis that the machines of a run share (`cost/shared.py`)."""
    run_id: str | None = None
    """What a shared ledger books the run under; None: from CI's variables, else a new one (`shared.run_id`)."""
    session_budget: float | None = None
    """One test's budget, in `currency`: from the marker's or agent.run's `budget=`."""
    document_limit: int = 100
    """KB."""
    write_idle: float = 3600.0
    """Seconds a large write left open (in docs/.pending/ or the project's .useragent/) may be idle before it counts
    as abandoned."""
    todo: bool = True
    todo_every: int = 1
    todo_max_lines: int = 200
    todo_autocheck: bool = True
    debug: DebugMode = "off"
    report_dir: Path = field(default_factory=lambda: Path("useragent-report"))
    api_retries: int = 5
    """Retries of one model request (the SDK's backoff: 0.5, 1, 2, 4, 8 s, or the API's retry-after)."""
    api_timeout: float = 90.0
    """Seconds one model request may take: 2,048 output tokens at a slow model's ~30 tokens/s fit."""
    allowed_hosts: tuple[str, ...] = ()
    """Hosts the agent may take the page to besides the start URL's (`browser/hosts.py`)."""
    survey: Literal["off", "sus"] = "off"
    """The questionnaire after each session (`survey.py`)."""
    screenshot_size: tuple[int, int] = (640, 360)
    """The most pixels of a screenshot sent to the model (its area is the cap; the aspect is the page's)."""
    max_output_tokens: int = 2048
    """Most tokens the model may answer with in one call; also the worst case the budget reserves."""
    record_mode: RecordMode | None = None
    """How sessions use their cassettes (replay/provider.py); None: live, as without cassettes."""
    cassette_dir: Path | None = None
    """Instead of `cassettes/` beside each test module; relative to pytest's rootdir."""
    export: Path | None = None
    """Where reached journeys are written as plain pytest-playwright tests (replay/journey.py)."""
    storage: Path = field(default_factory=lambda: Path(".useragent"))
    save: str | None = None
    autosave: bool = False
    compare: str | None = None
    """The baseline to compare with (`baseline.BaselineStore.find`), or None."""
    compare_fail: FailRules | None = None
    baseline_update: bool = False
    repeat: int = 1
    """Sessions per `agent.run` (`repeats.py`)."""
    video: VideoMode = "off"
    """Whether a session's page is recorded as a video, and when it is kept."""
    session_timeout: float | None = None
    """Most seconds of wall clock one session may take (`session/clock.py`); None: no bound but its steps'."""

    @property
    def screenshot_pixels(self) -> int:
        return self.screenshot_size[0] * self.screenshot_size[1]

    @classmethod
    def from_raw(cls, raw: Mapping[str, str | None], prefix: str = "--useragent-") -> UserAgentConfig:
        """Parse raw strings keyed by option name ('max-steps'); a missing or None value takes the default. A bad
        value is a ConfigError naming the option as `prefix` spells it (the `useragent` command's is `--`)."""
        values: dict[str, Any] = {}
        for option in OPTIONS:
            text = raw.get(option.name)
            if text is None:
                text = option.default
            if text is None:
                continue
            try:
                values[option.name.replace("-", "_")] = option.parse(str(text))
            except ValueError as error:
                raise ConfigError(f"{prefix}{option.name}={without_credentials(str(text))!r}: {error}") from None
        config = cls(**values)
        if problem := model_problem(config.provider, config.model):
            raise ConfigError(f"{prefix}model={config.model}: {problem}")
        return config

    def with_overrides(self, **overrides: Any) -> UserAgentConfig:
        """This config with a marker's or a call's settings applied; unknown or bad values raise ConfigError.

        `budget` here is one test's own budget (session_budget); the run's budget comes from the options only.
        """
        known = sorted(OVERRIDABLE)
        unknown = sorted(set(overrides) - OVERRIDABLE)
        if unknown:
            raise ConfigError(f"unknown useragent setting(s): {', '.join(unknown)}; known: {', '.join(known)}")
        parsed: dict[str, Any] = {}
        for key, value in overrides.items():
            if value is None:
                continue
            option = next(o for o in OPTIONS if o.name.replace("-", "_") == key)
            text = ",".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
            try:
                parsed["session_budget" if key == "budget" else key] = option.parse(text)
            except ValueError as error:
                raise ConfigError(f"useragent {key}={value!r}: {error}") from None
        if "model" in parsed and (problem := model_problem(self.provider, parsed["model"])):
            raise ConfigError(f"useragent model={parsed['model']!r}: {problem}")
        return replace(self, **parsed)


OVERRIDABLE = frozenset(
    {
        "model",
        "max_steps",
        "wait",
        "settle_timeout",
        "slow_response",
        "budget",
        "allowed_hosts",
        "survey",
        "record_mode",
        "repeat",
    }
)
"""What a marker or agent.run may set for one test."""
MARKER_ARGUMENTS = (
    "persona",
    "max_steps",
    "model",
    "budget",
    "wait",
    "settle_timeout",
    "slow_response",
    "allowed_hosts",
    "credentials",
    "survey",
    "record_mode",
    "repeat",
)
"""Everything `@pytest.mark.useragent(...)` takes: the persona, the credentials, and every OVERRIDABLE setting."""

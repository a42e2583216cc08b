"""The run's configuration: `OPTIONS` (options.py), the one table of knobs for the command line, ini and `--help`;
`UserAgentConfig` (settings.py), the frozen object read from it; `PROVIDERS` (providers.py), the one table of who
can drive the persona, and the model families they serve (families.py)."""

from __future__ import annotations

from pytest_useragent.config.options import (
    NAME,
    OPTIONS,
    DebugMode,
    IniType,
    Option,
    ProviderName,
    RecordMode,
    VideoMode,
)
from pytest_useragent.config.providers import DEFAULT_MODEL, PROVIDERS, ProviderRow, model_problem, provider
from pytest_useragent.config.settings import MARKER_ARGUMENTS, OVERRIDABLE, UserAgentConfig

__all__ = [
    "DEFAULT_MODEL",
    "MARKER_ARGUMENTS",
    "NAME",
    "OPTIONS",
    "OVERRIDABLE",
    "PROVIDERS",
    "DebugMode",
    "IniType",
    "Option",
    "ProviderName",
    "ProviderRow",
    "RecordMode",
    "UserAgentConfig",
    "VideoMode",
    "model_problem",
    "provider",
]

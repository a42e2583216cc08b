"""The run's configuration: `OPTIONS` (options.py), the one table of knobs for the command line, ini and `--help`,
and `UserAgentConfig` (settings.py), the frozen object read from it."""

from __future__ import annotations

from pytest_useragent.config.options import (
    DEFAULT_MODEL,
    DEFAULT_OPENAI_MODEL,
    NAME,
    OPTIONS,
    DebugMode,
    IniType,
    Option,
    ProviderName,
    RecordMode,
    VideoMode,
)
from pytest_useragent.config.settings import (
    MARKER_ARGUMENTS,
    OVERRIDABLE,
    PROVIDER_MODELS,
    UserAgentConfig,
    model_problem,
    openai_model,
)

__all__ = [
    "DEFAULT_MODEL",
    "DEFAULT_OPENAI_MODEL",
    "MARKER_ARGUMENTS",
    "NAME",
    "OPTIONS",
    "OVERRIDABLE",
    "PROVIDER_MODELS",
    "DebugMode",
    "IniType",
    "Option",
    "ProviderName",
    "RecordMode",
    "UserAgentConfig",
    "VideoMode",
    "model_problem",
    "openai_model",
]

"""Which provider drives the persona, checked at start-up, and the provider the `llm_provider` fixture builds: all
read from the provider table (`config.providers.PROVIDERS`).

`auto` takes the first provider whose key is set, in the table's order (anthropic: ANTHROPIC_API_KEY, then openai:
OPENAI_API_KEY), else the one that needs none (the offline engine). A provider whose SDK comes with an optional extra
(`pytest-useragent[openai]`) has it imported only when chosen.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from pytest_useragent.config import UserAgentConfig, model_problem
from pytest_useragent.config.providers import FALLBACK, KEYED, ProviderRow, provider
from pytest_useragent.errors import ConfigError
from pytest_useragent.llm.base import Provider


@dataclass(frozen=True)
class Choice:
    provider: str
    why: str = ""
    """Why auto chose it, for the header: "auto: ANTHROPIC_API_KEY is set"."""


def choose(config: UserAgentConfig, environ: Mapping[str, str] = os.environ) -> Choice:
    if config.provider != "auto":
        return Choice(config.provider)
    for row in KEYED:
        if environ.get(str(row.key)):
            return Choice(row.name, f"auto: {row.key} is set")
    return Choice(FALLBACK.name, f"auto: no {' or '.join(str(row.key) for row in KEYED)}")


def check(config: UserAgentConfig, environ: Mapping[str, str] = os.environ) -> None:
    """A ConfigError (one line) for a provider that cannot be used as configured: its key missing, its SDK not
    installed, a base URL that is not one."""
    chosen = choose(config, environ)
    row = provider(chosen.provider)
    if config.provider == "auto" and (problem := model_problem(row.name, config.model)):
        raise ConfigError(f"--useragent-model={config.model}: {chosen.why}, so {problem}")
    if row.key and not environ.get(row.key):
        raise ConfigError(f"--useragent-provider={row.name} needs {row.key} in the environment{row.key_hint}")
    if row.extra and row.sdk:
        try:
            importlib.import_module(row.sdk)
        except ImportError:
            raise ConfigError(
                f"--useragent-provider={row.name} needs the {row.sdk} SDK: pip install 'pytest-useragent[{row.extra}]'"
            ) from None
    if row.base_url and (base := environ.get(row.base_url[0])):
        parts = urlsplit(base)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ConfigError(f"{row.base_url[0]}={base!r}: not an http(s) URL such as {row.base_url[1]}")


def model(config: UserAgentConfig, provider_name: str) -> str:
    """The model the provider will use for the configured one (OpenAI's default stands in for a Claude name)."""
    return provider(provider_name).family.model(config.model)


def build(config: UserAgentConfig) -> Provider:
    """The provider the run's options ask for, with the run's retries and timeout."""
    row = provider(choose(config).provider)
    keep = config.debug == "ultra"
    client = {"max_retries": config.api_retries, "timeout": config.api_timeout}
    return built(row, client, max_output_tokens=config.max_output_tokens, keep_exchanges=keep)


def built(
    row: ProviderRow, client: Mapping[str, Any], *, max_output_tokens: int = 2048, keep_exchanges: bool = False
) -> Provider:
    """`row`'s transport around its SDK's client made with `client` (max_retries and timeout; a test's fake API adds
    base_url and api_key); a provider with no SDK is made with nothing."""
    transport = located(row.transport)
    if row.sdk is None or row.client is None:
        return transport()  # type: ignore[no-any-return]
    made = getattr(importlib.import_module(row.sdk), row.client)(**client)
    return transport(made, max_output_tokens=max_output_tokens, keep_exchanges=keep_exchanges)  # type: ignore[no-any-return]


def located(where: str) -> Any:
    """What a table names as "module:attribute"."""
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)

"""Which provider drives the persona, checked at start-up, and the provider the `llm_provider` fixture builds.

`auto` takes the first provider whose key is set: anthropic (ANTHROPIC_API_KEY), then openai (OPENAI_API_KEY), then
the offline engine. The openai provider needs the optional extra `pytest-useragent[openai]`; it is imported only
when chosen.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from pytest_useragent.config import UserAgentConfig, model_problem, openai_model
from pytest_useragent.errors import ConfigError
from pytest_useragent.llm.base import Provider

KEYS = {"anthropic": "ANTHROPIC_API_KEY", "openai": "OPENAI_API_KEY"}
"""Each model provider's key, in the order `auto` tries them."""


@dataclass(frozen=True)
class Choice:
    provider: str
    why: str = ""
    """Why auto chose it, for the header: "auto: ANTHROPIC_API_KEY is set"."""


def choose(config: UserAgentConfig, environ: Mapping[str, str] = os.environ) -> Choice:
    if config.provider != "auto":
        return Choice(config.provider)
    for provider, key in KEYS.items():
        if environ.get(key):
            return Choice(provider, f"auto: {key} is set")
    return Choice("offline", f"auto: no {' or '.join(KEYS.values())}")


def check(config: UserAgentConfig, environ: Mapping[str, str] = os.environ) -> None:
    """A ConfigError (one line) for a provider that cannot be used as configured: its key missing, its SDK not
    installed, a base URL that is not one."""
    chosen = choose(config, environ)
    provider = chosen.provider
    if config.provider == "auto" and (problem := model_problem(provider, config.model)):
        raise ConfigError(f"--useragent-model={config.model}: {chosen.why}, so {problem}")
    if provider in KEYS and not environ.get(KEYS[provider]):
        hint = " (any value for a local server that takes none)" if provider == "openai" else ""
        raise ConfigError(f"--useragent-provider={provider} needs {KEYS[provider]} in the environment{hint}")
    if provider != "openai":
        return
    try:
        import openai  # noqa: F401
    except ImportError:
        raise ConfigError(
            "--useragent-provider=openai needs the openai SDK: pip install 'pytest-useragent[openai]'"
        ) from None
    base = environ.get("OPENAI_BASE_URL")
    if base:
        parts = urlsplit(base)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ConfigError(f"OPENAI_BASE_URL={base!r}: not an http(s) URL such as http://localhost:11434/v1")


def model(config: UserAgentConfig, provider: str) -> str:
    """The model the provider will use for the configured one (OpenAI's default stands in for a Claude name)."""
    if provider == "openai":
        return openai_model(config.model)
    return config.model


def build(config: UserAgentConfig) -> Provider:
    """The provider the run's options ask for, with the run's retries and timeout."""
    from pytest_useragent.llm.offline.engine import OfflineProvider

    provider = choose(config).provider
    keep = config.debug == "ultra"
    if provider == "anthropic":
        import anthropic

        from pytest_useragent.llm.anthropic import AnthropicProvider

        client = anthropic.Anthropic(max_retries=config.api_retries, timeout=config.api_timeout)
        return AnthropicProvider(client, max_output_tokens=config.max_output_tokens, keep_exchanges=keep)
    if provider == "openai":
        import openai

        from pytest_useragent.llm.openai import OpenAIProvider

        chat = openai.OpenAI(max_retries=config.api_retries, timeout=config.api_timeout)
        return OpenAIProvider(chat, max_output_tokens=config.max_output_tokens, keep_exchanges=keep)
    return OfflineProvider()

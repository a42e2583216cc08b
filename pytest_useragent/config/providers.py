"""`PROVIDERS`, the one table of who can drive the persona: each row a provider's name (`--useragent-provider`), its
key, the pip extra its SDK comes with, its models (`families.py`), how its client is built, and the fake API in
`pytest_useragent.testing` that speaks its protocol. Everything that varies by provider reads it: the option's
choices and help (`options.py`), which models a provider serves (`settings.py`), which one `auto` picks and what it
needs at start-up, and how it is built (`llm.choice`), the transports' model defaults and effort, the price book's
cache minimums, the conformance test (every row, over its fake). A row of a higher layer's code (a transport, a
fake) names it as "module:attribute", read when it is used; `tests/unit/config/test_provider_table.py` says what a
row must be given, and fails for a row without it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pytest_useragent.config.families import CHAT_COMPLETIONS, CLAUDE, NONE, Family
from pytest_useragent.errors import ConfigError


@dataclass(frozen=True)
class ProviderRow:
    """One provider."""

    name: str
    family: Family
    transport: str
    """The `Provider` it is ("module:Class"): built with the SDK's client, or with nothing when it has no `sdk`."""
    key: str | None = None
    """The environment variable of its API key; None for one that calls no API. `auto` takes the first row whose
    key is set."""
    key_hint: str = ""
    """What a refusal for a missing key adds."""
    sdk: str | None = None
    """The SDK module it calls its API through."""
    client: str | None = None
    """The SDK's client class, built with `max_retries` and `timeout` (its key and base URL from the environment)."""
    extra: str | None = None
    """The pip extra that installs its SDK (`pytest-useragent[extra]`); None: a dependency of the package."""
    base_url: tuple[str, str] | None = None
    """The environment variable that may point it elsewhere, checked at start-up, and an example of one."""
    fake: str | None = None
    """The fake API in `pytest_useragent.testing` that speaks its protocol ("module:Class"), which the conformance
    test runs it over; None only for a provider that calls no API."""


PROVIDERS: tuple[ProviderRow, ...] = (
    ProviderRow(
        "anthropic",
        CLAUDE,
        "pytest_useragent.llm.anthropic:AnthropicProvider",
        key="ANTHROPIC_API_KEY",
        sdk="anthropic",
        client="Anthropic",
        fake="pytest_useragent.testing.messages_api:FakeMessagesAPI",
    ),
    ProviderRow(
        "openai",
        CHAT_COMPLETIONS,
        "pytest_useragent.llm.openai:OpenAIProvider",
        key="OPENAI_API_KEY",
        key_hint=" (any value for a local server that takes none)",
        sdk="openai",
        client="OpenAI",
        extra="openai",
        base_url=("OPENAI_BASE_URL", "http://localhost:11434/v1"),
        fake="pytest_useragent.testing.chat_api:FakeChatCompletionsAPI",
    ),
    ProviderRow("offline", NONE, "pytest_useragent.llm.offline.engine:OfflineProvider"),
)
"""In the order `auto` tries them; the first row without a key is what `auto` falls back to."""

NAMES = tuple(row.name for row in PROVIDERS)
KEYED = tuple(row for row in PROVIDERS if row.key)
"""The rows `auto` tries, in order."""
FALLBACK = next(row for row in PROVIDERS if not row.key)
"""What `auto` takes when no key is set."""
DEFAULT_MODEL = next(row.family.default for row in PROVIDERS if row.family.default)
"""The option's default model: the default of the first provider `auto` tries."""


def provider(name: str) -> ProviderRow:
    """The row of `name`; a ConfigError in one line for a name no row has (a config made in code, not parsed)."""
    for row in PROVIDERS:
        if row.name == name:
            return row
    raise ConfigError(f"--useragent-provider={name}: must be one of auto, {', '.join(NAMES)}")


def model_problem(name: str, model: str) -> str | None:
    """Why provider `name` cannot serve `model`, in one line; None when it can (or takes no model). `auto` is judged
    once it has chosen (`llm.choice.check`), by which key is set.

    A name is checked by its family only: a new or dated Claude model needs no change here, a gpt-4o never reaches
    the Anthropic API to come back as a 404 at the first step."""
    if name not in NAMES:
        return None
    family = provider(name).family
    if family.word is None or family.word in model.lower():
        return None
    anyone = " or ".join(f"--useragent-provider={row.name}" for row in KEYED if row.family.word is None)
    elsewhere = f"; {anyone} takes any other model" if anyone else ""
    return f"--useragent-provider={name} serves {family.serves} only{elsewhere}"


def cache_minimum(model: str) -> int:
    """The least prefix `model`'s prompt cache takes by its family; 0 for a model of none (a local model)."""
    return next((found for row in PROVIDERS if (found := row.family.cache_minimum(model)) is not None), 0)

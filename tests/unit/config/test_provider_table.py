"""The provider table (`config.providers.PROVIDERS`) is all a provider is: each row is given what it must be (`lacks`
lists what a row is missing, and is shown finding each on a planted row), the conformance test runs every row, and
what varies by provider (the option's choices, `auto`, the model families, the price book's cache minimums) reads
the table. The fake Messages API's own knowledge of Claude (`testing/claude_models.py`) stays apart from the table on
purpose, so a mistake in one shows as a disagreement here."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

import pytest_useragent.testing as testing
from pytest_useragent.config import OPTIONS, PROVIDERS, ProviderRow, UserAgentConfig, model_problem, provider
from pytest_useragent.config.families import CLAUDE, claude_thinks
from pytest_useragent.config.providers import DEFAULT_MODEL, FALLBACK, KEYED, NAMES
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.errors import ConfigError
from pytest_useragent.llm.base import PROVIDER_METHODS
from pytest_useragent.llm.choice import build, check, choose, located, model
from pytest_useragent.testing import claude_models

ROOT = Path(__file__).resolve().parents[3]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def found(where: str | None) -> object | None:
    try:
        return located(where) if where else None
    except (ImportError, AttributeError):
        return None


def requires(sdk: str, extra: str | None) -> bool:
    """Whether pip installs `sdk` with the package (`extra` None) or with `pytest-useragent[extra]`."""
    wanted = PROJECT["dependencies"] if extra is None else PROJECT["optional-dependencies"].get(extra, [])
    return any(line.split(">")[0].split("[")[0].strip() == sdk for line in wanted)


def lacks(row: ProviderRow) -> list[str]:
    """What `row` is missing of what a provider must be given, in a word each."""
    missing = []
    transport = found(row.transport)
    if transport is None or getattr(transport, "name", None) != row.name:
        missing.append("transport")  # a class whose name is the row's
    elif not all(callable(getattr(transport, method, None)) for method in PROVIDER_METHODS if method != "name"):
        missing.append("methods")
    if row.key is None:  # calls no API: nothing to build, nothing to fake
        return missing + [part for part in ("sdk", "client", "fake") if getattr(row, part) is not None]
    if row.sdk is None or not requires(row.sdk, row.extra):
        missing.append("extra")  # its SDK, as a dependency or in the extra named
    elif importlib.util.find_spec(row.sdk) is None or not hasattr(importlib.import_module(row.sdk), str(row.client)):
        missing.append("client")
    fake = found(row.fake)
    if fake is None or not row.fake or row.fake.partition(":")[2] not in testing.__all__:
        missing.append("fake")  # exported by pytest_useragent.testing, for suites too
    if row.family.default is None or model_problem(row.name, row.family.default) is not None:
        missing.append("default model")  # one it serves
    return missing


@pytest.mark.parametrize("row", PROVIDERS, ids=NAMES)
def test_every_row_is_given_what_a_provider_must_be(row):
    assert lacks(row) == []


ANTHROPIC = provider("anthropic")


@pytest.mark.parametrize(
    ("planted", "missing"),
    [
        (replace(ANTHROPIC, fake=None), ["fake"]),
        (replace(ANTHROPIC, fake="pytest_useragent.testing.messages_api:POLL_SECONDS"), ["fake"]),
        (replace(ANTHROPIC, transport="pytest_useragent.llm.openai:OpenAIProvider"), ["transport"]),
        (replace(ANTHROPIC, name="gemini", transport="pytest_useragent.llm.gemini:GeminiProvider"), ["transport"]),
        (replace(ANTHROPIC, extra="gemini"), ["extra"]),
        (replace(ANTHROPIC, client="Gemini"), ["client"]),
        (replace(ANTHROPIC, family=replace(CLAUDE, default="gpt-5.4-mini")), ["default model"]),
        (replace(FALLBACK, fake="pytest_useragent.testing.messages_api:FakeMessagesAPI"), ["fake"]),
    ],
)
def test_a_row_missing_what_it_must_be_given_is_named(planted, missing):
    assert lacks(planted) == missing


def test_the_conformance_test_runs_every_row():
    path = ROOT / "tests" / "browser" / "test_provider_conformance.py"
    spec = importlib.util.spec_from_file_location("provider_conformance", path)
    assert spec is not None and spec.loader is not None
    conformance = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conformance)
    assert set(NAMES) <= set(conformance.KINDS)


def test_the_option_offers_the_tables_providers_and_says_their_keys():
    option = next(option for option in OPTIONS if option.name == "provider")
    assert option.parse.choices == ("auto", *NAMES)  # type: ignore[attr-defined]
    assert all(row.name in option.help for row in PROVIDERS) and all(str(row.key) in option.help for row in KEYED)
    with pytest.raises(ValueError, match="must be one of auto, anthropic, openai, offline"):
        option.parse("gemini")
    assert UserAgentConfig().model == DEFAULT_MODEL == "claude-sonnet-4-6"


def test_auto_tries_the_keyed_rows_in_order_then_the_fallback():
    for row in KEYED:
        assert choose(UserAgentConfig(), {str(row.key): "k"}).provider == row.name
    assert choose(UserAgentConfig(), {}).provider == FALLBACK.name == "offline"


def test_a_provider_is_built_as_its_row_says(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "k")
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    for row in PROVIDERS:
        made = build(UserAgentConfig(provider=row.name, api_retries=3, api_timeout=7.0))
        assert type(made) is located(row.transport)
        if row.sdk is not None:
            assert (made._client.max_retries, made._client.timeout) == (3, 7.0)  # type: ignore[attr-defined]


def test_a_provider_no_row_has_is_one_line_even_in_a_config_made_in_code():
    with pytest.raises(
        ConfigError, match="^--useragent-provider=gemini: must be one of auto, anthropic, openai, offline$"
    ):
        check(UserAgentConfig(provider="gemini"), {})


def test_a_missing_sdk_of_an_extra_is_one_line(monkeypatch):
    monkeypatch.setitem(sys.modules, "openai", None)  # import openai raises ImportError
    with pytest.raises(
        ConfigError,
        match=r"^--useragent-provider=openai needs the openai SDK: pip install 'pytest-useragent\[openai\]'$",
    ):
        check(UserAgentConfig(provider="openai"), {"OPENAI_API_KEY": "k"})


def test_a_family_name_stands_in_only_where_the_table_says():
    assert model(UserAgentConfig(), "openai") == "gpt-5.4-mini"  # the default Claude name
    assert model(UserAgentConfig(model="llama3.1:8b"), "openai") == "llama3.1:8b"
    assert model(UserAgentConfig(), "anthropic") == "claude-sonnet-4-6"


# ---- what the product's table knows, against what the fake knows on its own ----

FAKE_KNOWS = [*claude_models.CACHE_MINIMUMS, "claude-opus-4-1", "claude-sonnet-5-5-20261101", "claude-opus-6"]


@pytest.mark.parametrize("name", FAKE_KNOWS)
def test_the_table_and_the_fake_agree_on_which_claude_thinks(name):
    assert claude_thinks(name) == claude_models.thinks(name)


@pytest.mark.parametrize("name", FAKE_KNOWS)
def test_the_price_book_and_the_fake_agree_on_claudes_cache_minimum(name):
    assert PriceBook.load().cache_minimum(name) == claude_models.cache_minimum(name)


def test_a_model_unlisted_in_the_price_book_takes_its_familys_minimum_and_a_listed_one_its_own(tmp_path):
    book = PriceBook.load()
    assert (book.cache_minimum("gpt-4o"), book.cache_minimum("claude-opus-4-1"), book.cache_minimum("llama3.1")) == (
        1024,
        1024,
        0,
    )
    prices = tmp_path / "prices.yaml"
    prices.write_text("cache_minimums:\n  claude: 2048\n  gpt: 4096\n")
    book = PriceBook.load(prices)
    assert (book.cache_minimum("claude-opus-4-1"), book.cache_minimum("gpt-4o")) == (2048, 4096)
    assert book.cache_minimum("claude-sonnet-4-6") == 2048 and book.cache_minimum("claude-opus-5") == 512

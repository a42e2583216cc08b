from __future__ import annotations

import pytest

from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.errors import ConfigError
from pytest_useragent.records import Usage

BOOK = PriceBook.load()


def test_known_and_dated_models_are_priced():
    assert BOOK.price_of("claude-sonnet-4-6") == (BOOK.models["claude-sonnet-4-6"], True)
    assert BOOK.price_of("claude-haiku-4-5-20251001") == (BOOK.models["claude-haiku-4-5"], True)


def test_an_unknown_model_takes_the_dearest_known_price():
    price, known = BOOK.price_of("claude-unknown-9")
    assert not known and price.output == max(p.output for p in BOOK.models.values())


def test_cost_counts_every_kind_of_token():
    usage = Usage(
        input_tokens=1_000_000,
        output_tokens=1_000_000,
        cache_creation_input_tokens=1_000_000,
        cache_read_input_tokens=1_000_000,
    )
    assert BOOK.cost_usd("claude-sonnet-4-6", usage) == pytest.approx(3 + 15 + 3.75 + 0.30)


def test_sonnet_5_is_priced_at_its_standard_rate_now_its_introductory_one_has_ended():
    """Sonnet 5 was $2 / $10 until 31 August 2026, and is $3 / $15 from 1 September, as Sonnet 4.6 is."""
    usage = Usage(
        input_tokens=1_000_000,
        output_tokens=1_000_000,
        cache_creation_input_tokens=1_000_000,
        cache_read_input_tokens=1_000_000,
    )
    assert BOOK.cost_usd("claude-sonnet-5", usage) == pytest.approx(BOOK.cost_usd("claude-sonnet-4-6", usage))


def test_czk_works_out_of_the_box_and_unknown_currencies_are_refused():
    assert BOOK.rate("CZK") == 23.5 and BOOK.rate("USD") == 1.0
    with pytest.raises(ConfigError, match=r"--useragent-currency='EUR': no exchange rate \(known: CZK, USD\)"):
        BOOK.rate("EUR")


def test_an_override_file_adds_models_and_currencies(tmp_path):
    path = tmp_path / "prices.yaml"
    path.write_text(
        "models:\n  claude-sonnet-5:\n    {input: 2, output: 10, cache_write: 2.5, cache_read: 0.2}\n"
        "currencies:\n  EUR: 0.9\n",
        encoding="utf-8",
    )
    book = PriceBook.load(path)
    assert book.is_known("claude-sonnet-5") and book.rate("EUR") == 0.9 and book.is_known("claude-sonnet-4-6")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("models: [", "not valid YAML"),
        ("- a list\n", "must hold a mapping"),
        ("models:\n  m: {input: 1}\n", "models.m.output: Field required"),
        ("currencies: {EUR: 0}\n", "currencies.EUR: Input should be greater than 0"),
        ("currencies: {EUR: .nan}\n", "currencies.EUR: Input should be a finite number"),
        ('{"currencies": {"EUR": "NaN"}}', "currencies.EUR: Input should be a finite number"),
        ("models:\n  m: {input: .inf, output: 1, cache_write: 1, cache_read: 1}\n", "models.m.input: .* finite"),
        ("models:\n  m: {input: -1, output: 1, cache_write: 1, cache_read: 1}\n", "greater than or equal to 0"),
        ("cache_minimums: {claude: -5}\n", "cache_minimums.claude: .* greater than or equal to 0"),
        ("exchange_rates: {EUR: 0.9}\n", "unknown key 'exchange_rates'; a prices file has models, currencies and"),
        ("".join(f"k{i}: 1\n" for i in range(50)), r"unknown keys 'k0', .* 'k7' and 42 more; a prices file"),
    ],
)
def test_a_broken_override_file_is_one_clear_error(tmp_path, content, message):
    path = tmp_path / "prices.yaml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        PriceBook.load(path)


def test_a_missing_override_file(tmp_path):
    with pytest.raises(ConfigError, match="No such file"):
        PriceBook.load(tmp_path / "nope.json")


def test_only_a_known_model_priced_at_zero_is_free(tmp_path):
    path = tmp_path / "prices.yaml"
    path.write_text(
        "models:\n  llama3.1:\n    {input: 0, output: 0, cache_write: 0, cache_read: 0}\n", encoding="utf-8"
    )
    book = PriceBook.load(path)
    assert book.is_free("offline") and book.is_free("llama3.1")
    assert not book.is_free("claude-sonnet-4-6") and not book.is_free("scripted")  # unknown: the dearest rate

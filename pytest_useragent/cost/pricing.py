"""PriceBook: what each model's tokens cost, and what a dollar is in other currencies.

Package data (prices.json) gives the defaults; `--useragent-prices=FILE` (JSON or YAML, same shape, at most
MAX_PRICES_BYTES) overrides or adds models and currencies. A model with no known price is priced at the dearest known
rate, and flagged. Every price is a number not below zero, every exchange rate one above it, never NaN or infinite:
a file that says otherwise stops the run at start-up, before anything is paid.
"""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, ValidationError

from pytest_useragent.config import providers
from pytest_useragent.errors import ConfigError
from pytest_useragent.files import MiB, invalid, load_yaml, read_text
from pytest_useragent.records import Amount, Usage

MAX_PRICES_BYTES = MiB
"""The most a prices file may be: a price a line, for thousands of models."""
Rate = Annotated[float, Field(gt=0, allow_inf_nan=False)]
"""Units of a currency per USD."""


class Price(BaseModel):
    """USD per million tokens."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    input: Amount
    output: Amount
    cache_write: Amount
    cache_read: Amount


class PriceBook(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    models: dict[str, Price]
    currencies: dict[str, Rate] = Field(default_factory=lambda: {"USD": 1.0})
    cache_minimums: dict[str, NonNegativeInt] = Field(default_factory=dict)
    """The least prefix, in tokens, each model family caches; a model takes its longest listed prefix's."""

    @classmethod
    def load(cls, override: Path | None = None) -> PriceBook:
        """The package's prices, with an override file's models and currencies laid over them."""
        raw = json.loads(files("pytest_useragent.cost").joinpath("prices.json").read_text(encoding="utf-8"))
        book = cls.model_validate(raw)
        if override is None:
            return book
        what = f"--useragent-prices={override}"
        try:
            extra = load_yaml(read_text(override, MAX_PRICES_BYTES, what, ConfigError), what, ConfigError) or {}
        except FileNotFoundError as error:
            raise ConfigError(f"{what}: {error.strerror}") from None
        if not isinstance(extra, dict):
            raise ConfigError(f"{what}: must hold a mapping of models, currencies and cache_minimums")
        if unknown := [str(key) for key in extra if key not in cls.model_fields]:
            named = ", ".join(repr(" ".join(key.split())[:40]) for key in unknown[:8])
            more = f" and {len(unknown) - 8:,} more" if len(unknown) > 8 else ""
            raise ConfigError(
                f"{what}: unknown key{'s' if len(unknown) > 1 else ''} {named}{more}; a prices file has models, "
                "currencies and cache_minimums (its rates would never apply)"
            )
        try:
            extra_book = cls.model_validate({"models": {}, "currencies": {}, "cache_minimums": {}, **extra})
        except ValidationError as error:
            raise ConfigError(f"{what}: {invalid(error)}") from None
        return cls(
            models={**book.models, **extra_book.models},
            currencies={**book.currencies, **extra_book.currencies},
            cache_minimums={**book.cache_minimums, **extra_book.cache_minimums},
        )

    def price_of(self, model: str) -> tuple[Price, bool]:
        """The price of a model and whether it is known; an unknown model is priced at the dearest known rate."""
        matches = [name for name in self.models if model == name or model.startswith(name + "-")]
        if matches:
            return self.models[max(matches, key=len)], True
        return max(self.models.values(), key=lambda price: (price.output, price.input)), False

    def cache_minimum(self, model: str) -> int:
        """The least prefix the model's prompt cache takes, in tokens: its longest listed prefix's, else its
        family's in the provider table (`config.providers.cache_minimum`); 0 for a model of no family."""
        matches = [name for name in self.cache_minimums if model == name or model.startswith(name + "-")]
        return self.cache_minimums[max(matches, key=len)] if matches else providers.cache_minimum(model)

    def is_known(self, model: str) -> bool:
        return self.price_of(model)[1]

    def is_free(self, model: str) -> bool:
        """Whether a call to `model` costs nothing: the offline engine, a local model priced at zero."""
        price, known = self.price_of(model)
        return known and not (price.input or price.output or price.cache_write or price.cache_read)

    def cost_usd(self, model: str, usage: Usage) -> float:
        price, _ = self.price_of(model)
        return (
            usage.input_tokens * price.input
            + usage.output_tokens * price.output
            + usage.cache_creation_input_tokens * price.cache_write
            + usage.cache_read_input_tokens * price.cache_read
        ) / 1_000_000

    def worst_usd(self, model: str, usage: Usage) -> float:
        """The most `usage` may be billed, for a reservation: every input token at the dearest input rate (writing
        the prompt cache costs 1.25x plain input, and which tokens a request writes to the cache is known only from
        its reply), the output at the output rate."""
        price, _ = self.price_of(model)
        tokens = usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens
        dearest = max(price.input, price.cache_write, price.cache_read)
        return (tokens * dearest + usage.output_tokens * price.output) / 1_000_000

    def rate(self, currency: str) -> float:
        """Units of `currency` per USD; ConfigError for a currency with no rate."""
        if currency not in self.currencies:
            known = ", ".join(sorted(self.currencies))
            raise ConfigError(
                f"--useragent-currency={currency!r}: no exchange rate (known: {known}); "
                "add one with --useragent-prices=FILE"
            )
        return self.currencies[currency]


def money(usd: float, currency: str, rate: float) -> str:
    """An amount in a currency: "$5.00", "$0.0420", "23.50 CZK" (four decimals below one unit, for token costs)."""
    amount = usd * rate
    digits = 2 if amount >= 1 or amount == 0 else 4
    return f"${amount:.{digits}f}" if currency == "USD" else f"{amount:.{digits}f} {currency}"

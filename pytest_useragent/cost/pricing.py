"""PriceBook: what each model's tokens cost, and what a dollar is in other currencies.

Package data (prices.json) gives the defaults; `--useragent-prices=FILE` (JSON or YAML, same shape) overrides or
adds models and currencies. A model with no known price is priced at the dearest known rate, and flagged.
"""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pytest_useragent.errors import ConfigError
from pytest_useragent.records import Usage


class Price(BaseModel):
    """USD per million tokens."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    input: float = Field(ge=0)
    output: float = Field(ge=0)
    cache_write: float = Field(ge=0)
    cache_read: float = Field(ge=0)


class PriceBook(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    models: dict[str, Price]
    currencies: dict[str, float] = Field(default_factory=lambda: {"USD": 1.0})
    cache_minimums: dict[str, int] = Field(default_factory=dict)
    """The least prefix, in tokens, each model family caches; a model takes its longest listed prefix's."""

    @classmethod
    def load(cls, override: Path | None = None) -> PriceBook:
        """The package's prices, with an override file's models and currencies laid over them."""
        raw = json.loads(files("pytest_useragent.cost").joinpath("prices.json").read_text(encoding="utf-8"))
        book = cls.model_validate(raw)
        if override is None:
            return book
        try:
            extra = yaml.safe_load(override.read_text(encoding="utf-8")) or {}
            extra_book = cls.model_validate({"models": {}, "currencies": {}, "cache_minimums": {}, **extra})
        except OSError as error:
            raise ConfigError(f"--useragent-prices={override}: {error.strerror or error}") from None
        except yaml.YAMLError:
            raise ConfigError(f"--useragent-prices={override}: not valid JSON or YAML") from None
        except ValidationError as error:
            problem = error.errors()[0]
            where = ".".join(str(part) for part in problem["loc"])
            raise ConfigError(f"--useragent-prices={override}: {where}: {problem['msg']}") from None
        if any(rate <= 0 for rate in extra_book.currencies.values()):
            raise ConfigError(f"--useragent-prices={override}: exchange rates must be above 0")
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
        """The least prefix the model's prompt cache takes, in tokens; 0 for a model of no listed family."""
        matches = [name for name in self.cache_minimums if model == name or model.startswith(name + "-")]
        return self.cache_minimums[max(matches, key=len)] if matches else 0

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

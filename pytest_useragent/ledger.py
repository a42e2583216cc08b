"""Prices, usage -> cost, and the budget a session spends against.

The budget is checked *before* each model call: it reserves the call's worst case (estimated input plus the
most output tokens allowed) and settles the real cost afterwards, so a session never spends past its limit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from pydantic import BaseModel

from pytest_useragent.errors import BudgetExhausted
from pytest_useragent.records import Usage


class Price(BaseModel):
    """USD per million tokens."""

    input: float
    output: float
    cache_write: float
    cache_read: float


@cache
def known_prices() -> dict[str, Price]:
    raw = json.loads(files("pytest_useragent").joinpath("prices.json").read_text(encoding="utf-8"))
    return {name: Price.model_validate(value) for name, value in raw.items() if not name.startswith("_")}


def price_of(model: str) -> tuple[Price, bool]:
    """The price of a model and whether it is known; an unknown model is priced at the dearest known rate."""
    prices = known_prices()
    matches = [name for name in prices if model == name or model.startswith(name + "-")]
    if matches:
        return prices[max(matches, key=len)], True
    dearest = max(prices.values(), key=lambda price: price.output)
    return dearest, False


def cost_usd(model: str, usage: Usage) -> float:
    price, _ = price_of(model)
    return (
        usage.input_tokens * price.input
        + usage.output_tokens * price.output
        + usage.cache_creation_input_tokens * price.cache_write
        + usage.cache_read_input_tokens * price.cache_read
    ) / 1_000_000


@dataclass
class Budget:
    """What one session may spend, and what it has spent."""

    limit_usd: float
    spent_usd: float = 0.0

    @property
    def left_usd(self) -> float:
        return max(self.limit_usd - self.spent_usd, 0.0)

    def reserve(self, model: str, worst_case: Usage) -> None:
        """Raise BudgetExhausted when a call of this worst case could overspend."""
        needed = cost_usd(model, worst_case)
        if needed > self.left_usd:
            raise BudgetExhausted(
                f"the next call could cost ${needed:.4f} but only ${self.left_usd:.4f} "
                f"of the ${self.limit_usd:.2f} budget is left"
            )

    def settle(self, cost: float) -> None:
        self.spent_usd += cost

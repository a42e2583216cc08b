from __future__ import annotations

import pytest

from pytest_useragent.errors import BudgetExhausted
from pytest_useragent.ledger import Budget, cost_usd, known_prices, price_of
from pytest_useragent.records import Usage


def test_known_and_dated_models_are_priced():
    assert price_of("claude-sonnet-4-6") == (known_prices()["claude-sonnet-4-6"], True)
    assert price_of("claude-haiku-4-5-20251001") == (known_prices()["claude-haiku-4-5"], True)


def test_an_unknown_model_takes_the_dearest_known_price():
    price, known = price_of("claude-unknown-9")
    assert not known and price.output == max(p.output for p in known_prices().values())


def test_cost_counts_every_kind_of_token():
    usage = Usage(
        input_tokens=1_000_000,
        output_tokens=1_000_000,
        cache_creation_input_tokens=1_000_000,
        cache_read_input_tokens=1_000_000,
    )
    assert cost_usd("claude-sonnet-4-6", usage) == pytest.approx(3 + 15 + 3.75 + 0.30)


def test_a_budget_refuses_a_call_that_could_overspend():
    budget = Budget(limit_usd=0.05)
    budget.reserve("claude-sonnet-4-6", Usage(input_tokens=1000, output_tokens=2000))  # $0.033 fits
    budget.settle(0.03)
    with pytest.raises(BudgetExhausted, match=r"only \$0.0200 of the \$0.05 budget is left"):
        budget.reserve("claude-sonnet-4-6", Usage(input_tokens=1000, output_tokens=2000))

"""The Meter: reserve before, settle after, release when the call raised; every paid call kept until taken."""

from __future__ import annotations

import pytest

from pytest_useragent.cost.billing import Meter
from pytest_useragent.cost.ledger import Budget, RunLedger
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.errors import BudgetExhausted, ProviderError
from pytest_useragent.records import Usage

MODEL = "claude-sonnet-4-6"
WORST = Usage(input_tokens=1000, output_tokens=2000)  # $0.03375 at worst: the input at the cache-write rate
USED = Usage(input_tokens=1000, output_tokens=100)  # $0.0045


def meter(tmp_path, limit: float = 1.0, session: str = "s1") -> Meter:
    ledger = RunLedger.create(tmp_path / "ledger.json", limit)
    return Meter(Budget(PriceBook.load(), ledger, session=session, test="t.py::test"))


def test_a_paid_call_is_settled_booked_and_kept_until_taken(tmp_path):
    m = meter(tmp_path)
    with m.call("decide", MODEL, WORST) as bill:
        bill.paid(USED, "end_turn")
    state = m.budget.ledger.state()
    assert state.reserved_usd == pytest.approx(0) and state.spent_usd == pytest.approx(0.0045)
    assert state.sessions["s1"].spent_usd == pytest.approx(0.0045) and state.sessions["s1"].test == "t.py::test"
    [call] = m.take()
    assert (call.purpose, call.stop_reason, call.cost_usd) == ("decide", "end_turn", pytest.approx(0.0045))
    assert m.take() == [] and len(m.calls) == 1


def test_a_call_that_raises_before_its_answer_releases_its_reservation(tmp_path):
    m = meter(tmp_path)
    with pytest.raises(ProviderError), m.call("decide", MODEL, WORST):
        raise ProviderError("down")
    state = m.budget.ledger.state()
    assert state.reserved_usd == pytest.approx(0) and state.spent_usd == 0 and m.calls == []


def test_a_call_sent_with_no_reply_is_charged_at_its_worst_case_and_marked(tmp_path):
    m = meter(tmp_path)
    with pytest.raises(ProviderError), m.call("decide", MODEL, WORST) as bill:
        bill.no_reply()  # sent, then timed out: the API bills it all the same
        raise ProviderError("did not answer within 1 s")
    state = m.budget.ledger.state()
    assert state.reserved_usd == pytest.approx(0) and state.spent_usd == pytest.approx(0.03375)
    assert state.sessions["s1"].spent_usd == pytest.approx(0.03375)
    [call] = m.take()
    assert (call.estimated, call.usage, call.cost_usd) == ("no reply", WORST, pytest.approx(0.03375))


def test_a_call_answered_then_failing_is_still_paid_for(tmp_path):
    m = meter(tmp_path)
    with pytest.raises(KeyboardInterrupt), m.call("repair", MODEL, WORST) as bill:
        bill.paid(USED)
        raise KeyboardInterrupt
    assert [call.purpose for call in m.take()] == ["repair"]
    assert m.budget.ledger.state().spent_usd == pytest.approx(0.0045)


def test_a_call_that_could_overspend_is_never_made(tmp_path):
    m = meter(tmp_path, limit=0.01)
    made = False
    with pytest.raises(BudgetExhausted), m.call("decide", MODEL, WORST):
        made = True
    assert not made and m.calls == []


def test_a_reply_that_wrote_its_whole_prompt_to_the_cache_costs_no_more_than_was_reserved(tmp_path):
    """Writing the prompt cache costs 1.25x plain input, and only the reply says which tokens were written: the
    reservation prices every input token at the dearest rate, so no reply can cost more than was held."""
    m = meter(tmp_path, limit=0.03375)  # exactly the worst case: one call fits
    written = Usage(cache_creation_input_tokens=1000, output_tokens=2000)
    with m.call("decide", MODEL, WORST) as bill:
        bill.paid(written, "max_tokens")
    state = m.budget.ledger.state()
    assert state.spent_usd == pytest.approx(0.03375) and state.spent_usd <= state.limit_usd
    assert PriceBook.load().cost_usd(MODEL, WORST) < state.spent_usd  # what plain input rates would have held

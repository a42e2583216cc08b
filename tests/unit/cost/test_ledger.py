from __future__ import annotations

import multiprocessing

import pytest

from pytest_useragent.cost.ledger import Budget, RunLedger
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.errors import BudgetExhausted
from pytest_useragent.records import Usage

BOOK = PriceBook.load()
CALL = Usage(input_tokens=1000, output_tokens=2000)  # $0.033 worst case at claude-sonnet-4-6


def test_a_session_budget_refuses_a_call_that_could_overspend(tmp_path):
    budget = Budget(BOOK, RunLedger.create(tmp_path / "l.json", 10), session_limit_usd=0.05)
    budget.reserve("claude-sonnet-4-6", CALL)
    assert budget.settle("claude-sonnet-4-6", Usage(input_tokens=1000, output_tokens=1000)) == pytest.approx(0.018)
    with pytest.raises(BudgetExhausted, match=r"could cost \$0.0338 but only \$0.0320 of this test's \$0.0500 budget"):
        budget.reserve("claude-sonnet-4-6", CALL)


def test_the_run_ledger_is_shared_and_marks_itself_exhausted(tmp_path):
    ledger = RunLedger.create(tmp_path / "l.json", 0.05)
    first, second = Budget(BOOK, ledger), Budget(BOOK, RunLedger(ledger.path), wait_seconds=0.2)
    first.reserve("claude-sonnet-4-6", CALL)
    with pytest.raises(BudgetExhausted, match=r"of the run's \$0.0500 budget is left: \$0.0338 of it is held by calls"):
        second.reserve("claude-sonnet-4-6", CALL)  # the first call's worst case is still held, past the wait
    assert not ledger.state().exhausted  # it fits once that call settles: the run is not spent
    first.settle("claude-sonnet-4-6", Usage(input_tokens=10, output_tokens=10))
    state = ledger.state()
    assert state.reserved_usd == 0 and state.spent_usd == pytest.approx(0.00018)
    second.reserve("claude-sonnet-4-6", CALL)
    second.settle("claude-sonnet-4-6", CALL)
    with pytest.raises(BudgetExhausted, match=r"^the next call could cost \$0.0338 but only \$0.0168 of the run's"):
        first.reserve("claude-sonnet-4-6", CALL)  # what is not spent will never hold it
    assert ledger.state().exhausted


def test_amounts_show_in_the_runs_currency(tmp_path):
    budget = Budget(BOOK, RunLedger.create(tmp_path / "l.json", 1), currency="CZK")
    assert budget.show(1.0) == "23.50 CZK"


def _spend(path: str, calls: int, results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    budget = Budget(BOOK, RunLedger(__import__("pathlib").Path(path)))
    made = 0
    for _ in range(calls):
        try:
            budget.reserve("claude-sonnet-4-6", CALL)
        except BudgetExhausted:
            break
        budget.settle("claude-sonnet-4-6", CALL)  # the worst case, every time
        made += 1
    results.put(made)


def test_many_processes_never_spend_past_the_budget(tmp_path):
    limit = 1.0  # room for 30 worst-case calls of $0.033
    ledger = RunLedger.create(tmp_path / "ledger.json", limit)
    results: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    workers = [multiprocessing.Process(target=_spend, args=(str(ledger.path), 20, results)) for _ in range(6)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
    made = sum(results.get(timeout=5) for _ in workers)
    state = ledger.state()
    assert state.spent_usd <= limit and state.reserved_usd == pytest.approx(0)
    assert made == 30 and state.spent_usd == pytest.approx(30 * 0.033)
    assert state.exhausted

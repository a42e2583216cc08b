"""The run's ledger in Redis (`cost/shared.py`), against a real redis-server: one budget for the machines of a run and
none shared between runs, never overspent by machines racing, and a Redis that goes away stops the paying, never the
record of what was paid."""

from __future__ import annotations

import multiprocessing
import socket
import sys
import threading
import time
from pathlib import Path

import pytest
import redis
from redis_server import RedisServer, redis_server

from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.ledger import Budget, Spending, join
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.cost.shared import EXPIRE_SECONDS, RedisLedger, ci_run_id, run_id
from pytest_useragent.errors import BudgetExhausted, ConfigError
from pytest_useragent.records import Usage

BOOK = PriceBook.load()
MODEL = "claude-sonnet-4-6"
CALL = Usage(input_tokens=1000, output_tokens=2000)  # $0.033 worst case


@pytest.fixture
def server(tmp_path: Path):
    with redis_server(tmp_path / "redis") as running:
        yield running


def test_the_machines_of_one_run_share_its_budget_and_another_run_has_its_own(server: RedisServer):
    first = RedisLedger.create(server.url, "run-1", 0.05)
    second = RedisLedger.create(server.url, "run-1", 99.0)  # a later machine joins the budget the first one set
    other = RedisLedger.create(server.url, "run-2", 0.05)
    assert second.state().limit_usd == 0.05
    one, two = Budget(BOOK, first), Budget(BOOK, second)
    one.reserve(MODEL, CALL)
    with pytest.raises(BudgetExhausted, match=r"of the run's \$0.0500 budget is left"):
        two.reserve(MODEL, CALL)  # the first machine's worst case is still held
    assert first.state().exhausted and not other.state().exhausted
    Budget(BOOK, other).reserve(MODEL, CALL)  # another run: a budget of its own
    one.settle(MODEL, Usage(input_tokens=10, output_tokens=10))
    state = second.state()
    assert state.reserved_usd == 0 and state.spent_usd == pytest.approx(0.00018)
    assert state.own_usd == 0 and first.state().own_usd == pytest.approx(0.00018)  # each machine knows its own


def test_sessions_are_booked_by_machine_and_a_worker_joins_its_machines_part(server: RedisServer):
    spending = Spending(BOOK, RedisLedger.create(server.url, "run-1", 1.0), "USD")
    budget = spending.budget(None, "/tmp/pytest-0/test_a0/useragent", "test_a.py::test_a")
    budget.reserve(MODEL, CALL)
    budget.settle(MODEL, CALL)
    worker = join(spending.ledger.address)  # what an xdist worker of that machine is handed
    worker.halt("https://api.anthropic.com claude-sonnet-4-6", "401: invalid x-api-key")
    elsewhere = RedisLedger.create(server.url, "run-1", 1.0)  # another machine: the same temp path, its own session
    elsewhere.begin("/tmp/pytest-0/test_a0/useragent", "test_b.py::test_b")
    mine, theirs = worker.state(), elsewhere.state()
    assert mine.sessions["/tmp/pytest-0/test_a0/useragent"].test == "test_a.py::test_a"
    assert mine.sessions["/tmp/pytest-0/test_a0/useragent"].spent_usd == pytest.approx(0.033)
    assert theirs.sessions["/tmp/pytest-0/test_a0/useragent"].test == "test_b.py::test_b"
    assert theirs.halted == {"https://api.anthropic.com claude-sonnet-4-6": "401: invalid x-api-key"}
    assert theirs.spent_usd == mine.spent_usd == pytest.approx(0.033) and theirs.own_usd == 0


def test_every_key_of_a_run_expires_a_day_after_its_last_booking(server: RedisServer):
    ledger = RedisLedger.create(server.url, "run-1", 1.0)
    Budget(BOOK, ledger, session="/s", test="t").reserve(MODEL, CALL)
    ledger.settle(0.033, 0.033, "/s", "t")
    ledger.halt("somewhere", "refused")
    client = redis.Redis.from_url(server.url)
    keys = client.keys("useragent:{run-1}:*")
    assert len(keys) == 5
    assert all(0 < client.ttl(key) <= EXPIRE_SECONDS for key in keys)


def _spend(url: str, calls: int, results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    ledger = RedisLedger.create(url, "race", 99.0)  # a machine of its own: it finds the budget the test set
    budget = Budget(BOOK, ledger, session="/session", test="t")
    made = 0
    for _ in range(calls):
        try:
            budget.reserve(MODEL, CALL)
        except BudgetExhausted:
            break
        budget.settle(MODEL, CALL)  # the worst case, every time
        made += 1
    results.put((made, ledger.state().own_usd))


def test_machines_racing_never_spend_past_the_budget_and_each_cent_is_booked_once(server: RedisServer):
    ledger = RedisLedger.create(server.url, "race", 1.0)  # room for 30 worst-case calls of $0.033
    results: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    machines = [multiprocessing.Process(target=_spend, args=(server.url, 20, results)) for _ in range(6)]
    for machine in machines:
        machine.start()
    for machine in machines:
        machine.join(timeout=120)
    made, own = zip(*(results.get(timeout=5) for _ in machines), strict=True)
    state = ledger.state()
    assert state.spent_usd <= 1.0 and state.reserved_usd == pytest.approx(0)
    assert sum(made) == 30 and state.spent_usd == pytest.approx(30 * 0.033)
    assert sum(own) == pytest.approx(state.spent_usd)  # what the machines' reports add up to is what was spent
    assert state.exhausted


def test_a_redis_gone_mid_session_keeps_the_paid_call_and_makes_no_other(server: RedisServer):
    budget = Spending(BOOK, RedisLedger.create(server.url, "run-1", 1.0), "USD").budget(None, "/s", "t")
    budget.reserve(MODEL, CALL)
    server.stop()  # while the call is out
    assert budget.settle(MODEL, Usage(input_tokens=1000, output_tokens=1000)) == pytest.approx(0.018)  # still its
    assert budget.spent_usd == pytest.approx(0.018)
    with pytest.raises(BudgetExhausted) as refused:
        budget.reserve(MODEL, CALL)
    said = str(refused.value)
    assert said.startswith(f"the run's ledger {server.url}: cannot be reached (") and "\n" not in said
    assert said.endswith("; no call is made while it cannot be booked")


def test_the_twin_a_redis_that_stays_books_the_call_and_takes_the_next(server: RedisServer):
    budget = Spending(BOOK, RedisLedger.create(server.url, "run-1", 1.0), "USD").budget(None, "/s", "t")
    budget.reserve(MODEL, CALL)
    budget.settle(MODEL, Usage(input_tokens=1000, output_tokens=1000))
    budget.reserve(MODEL, CALL)
    assert budget.unbooked is None and budget.ledger.state().spent_usd == pytest.approx(0.018)


def test_a_session_that_starts_while_redis_is_gone_makes_no_call(server: RedisServer):
    spending = Spending(BOOK, RedisLedger.create(server.url, "run-1", 1.0), "USD")
    server.stop()
    budget = spending.budget(None, "/s", "t")  # the session starts, and is written with its outcome
    with pytest.raises(BudgetExhausted, match="cannot be reached"):
        budget.reserve(MODEL, CALL)
    spending.ledger.halt("somewhere", "refused")  # a halt it cannot write is no loss: no call is made anyway


def test_a_redis_that_never_answers_is_given_up_within_its_bound():
    with socket.socket() as silent:  # accepts connections, never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        url = f"redis://127.0.0.1:{silent.getsockname()[1]}/0"
        started = time.monotonic()
        with pytest.raises(ConfigError, match=rf"^--useragent-ledger={url}: cannot be reached \(Timeout"):
            RedisLedger.create(url, "run-1", 1.0)
    assert time.monotonic() - started < 60  # a few seconds' bound; only a hang reaches this


def test_a_redis_that_is_not_there_at_the_start_is_one_line_without_its_password():
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    with pytest.raises(ConfigError) as refused:
        Spending.start(UserAgentConfig(ledger=f"redis://user:s3cret@127.0.0.1:{port}/0"), Path("unused"))
    said = str(refused.value)
    assert (
        said.startswith(f"--useragent-ledger=redis://127.0.0.1:{port}/0: cannot be reached (") and "s3cret" not in said
    )


def test_without_the_redis_client_the_option_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "redis", None)  # as if not installed
    with pytest.raises(
        ConfigError, match=r"the redis client is not installed: pip install 'pytest-useragent\[redis\]'"
    ):
        RedisLedger("redis://127.0.0.1:6379/0", "run-1")


def test_the_run_id_comes_from_the_option_then_ci_then_is_new():
    github = {"GITHUB_RUN_ID": "4711", "GITHUB_RUN_ATTEMPT": "2", "BUILD_ID": "9"}
    assert ci_run_id(github) == "4711-2"  # a re-run is a run of its own, with a budget of its own
    assert ci_run_id({"CI_PIPELINE_ID": "88"}) == "88"
    assert ci_run_id({"HOME": "/root", "CI_PIPELINE_ID": ""}) is None
    assert run_id("given", github) == "given" and run_id(None, github) == "4711-2"
    new = {run_id(None, {}) for _ in range(3)}
    assert len(new) == 3 and all(len(one) == 16 for one in new)


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        ({"ledger": "http://cache:6379"}, "must be file or a Redis URL such as redis://localhost:6379/0"),
        ({"ledger": "redis://cache:port/0"}, "must be file or a Redis URL"),
        ({"ledger": "redis://"}, "must be file or a Redis URL"),
        ({"run-id": "my run"}, "must be letters, digits, '.', '_' or '-' (at most 100)"),
        ({"ledger": "file"}, None),
        ({"ledger": "redis://cache:6379/0", "run-id": "4711-2"}, None),
        ({"ledger": "unix:///run/redis.sock"}, None),
    ],
)
def test_the_ledger_and_run_id_options(raw, said):
    if said is None:
        config = UserAgentConfig.from_raw(raw)
        assert config.ledger == raw["ledger"] and config.run_id == raw.get("run-id")
    else:
        with pytest.raises(ConfigError, match=f"^--useragent-{next(iter(raw))}=.*: {said[:40]}"):
            UserAgentConfig.from_raw(raw)


def test_the_default_ledger_is_the_file(tmp_path):
    spending = Spending.start(UserAgentConfig(), tmp_path / "ledger.json")
    assert spending.ledger.address == str(tmp_path / "ledger.json") and spending.ledger.run_id is None


def test_a_thread_per_session_on_one_machine_books_each_call_once(server: RedisServer):
    spending = Spending(BOOK, RedisLedger.create(server.url, "threads", 10.0), "USD")

    def session(name: str) -> None:
        budget = spending.budget(None, name, name)
        for _ in range(5):
            budget.reserve(MODEL, CALL)
            budget.settle(MODEL, CALL)

    threads = [threading.Thread(target=session, args=(f"/s{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    state = spending.ledger.state()
    assert {name: round(spend.spent_usd, 6) for name, spend in state.sessions.items()} == {
        f"/s{n}": round(5 * 0.033, 6) for n in range(4)
    }
    assert state.spent_usd == pytest.approx(20 * 0.033) == state.own_usd

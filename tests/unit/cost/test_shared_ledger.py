"""The run's ledger in Redis (`cost/shared.py`), against a real redis-server: one budget for the machines of a run and
none shared between runs, never overspent by machines racing, and a Redis that goes away stops the paying, never the
record of what was paid."""

from __future__ import annotations

import multiprocessing
import socket
import subprocess
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
from pytest_useragent.cost.runs import ci_run_id, project, run_id
from pytest_useragent.cost.shared import EXPIRE_SECONDS, RedisLedger
from pytest_useragent.errors import BudgetExhausted, ConfigError
from pytest_useragent.records import Usage
from pytest_useragent.secrets.addresses import without_credentials

BOOK = PriceBook.load()
MODEL = "claude-sonnet-4-6"
CALL = Usage(input_tokens=1000, output_tokens=2000)  # $0.033 worst case


@pytest.fixture
def server(tmp_path: Path):
    with redis_server(tmp_path / "redis") as running:
        yield running


def test_the_machines_of_one_run_share_its_budget_and_another_run_has_its_own(server: RedisServer):
    first = RedisLedger.create(server.url, "run-1", 0.05)
    second = RedisLedger.create(server.url, "run-1", 0.05)  # a later machine joins the budget the first one set
    other = RedisLedger.create(server.url, "run-2", 0.05)
    one, two = Budget(BOOK, first), Budget(BOOK, second, wait_seconds=0.3)
    one.reserve(MODEL, CALL)
    with pytest.raises(BudgetExhausted, match=r"of the run's \$0.0500 budget is left: \$0.0338 of it is held by calls"):
        two.reserve(MODEL, CALL)  # the first machine's worst case is still held, and did not settle in time
    assert not first.state().exhausted  # it would fit once that call settles: the run goes on
    Budget(BOOK, other).reserve(MODEL, CALL)  # another run: a budget of its own
    one.settle(MODEL, Usage(input_tokens=10, output_tokens=10))
    state = second.state()
    assert state.reserved_usd == 0 and state.spent_usd == pytest.approx(0.00018)
    assert state.own_usd == 0 and first.state().own_usd == pytest.approx(0.00018)  # each machine knows its own
    two.reserve(MODEL, CALL)  # now it fits
    two.settle(MODEL, CALL)
    with pytest.raises(BudgetExhausted, match=r"^the next call could cost \$0.0338 but only \$0.0168 of the run's"):
        one.reserve(MODEL, CALL)  # what is not spent ($0.0168) will never hold a call's worst case
    assert first.state().exhausted


def test_a_call_held_back_by_another_machines_call_waits_for_it_to_settle(server: RedisServer):
    one = Budget(BOOK, RedisLedger.create(server.url, "run-1", 0.05))
    two = Budget(BOOK, RedisLedger.create(server.url, "run-1", 0.05), wait_seconds=30)
    one.reserve(MODEL, CALL)
    settler = threading.Timer(0.5, one.settle, args=(MODEL, Usage(input_tokens=10, output_tokens=10)))
    settler.start()
    started = time.monotonic()
    two.reserve(MODEL, CALL)  # held back until the first call settles, then made
    settler.join()
    assert 0.4 < time.monotonic() - started < 30 and not two.ledger.state().exhausted


def test_a_shard_with_another_budget_for_the_run_is_one_line_and_never_takes_the_larger(server: RedisServer):
    RedisLedger.create(server.url, "run-1", 1e9)  # set beforehand, by another shard or by hand
    with pytest.raises(ConfigError) as refused:
        RedisLedger.create(server.url, "run-1", 0.02)
    assert str(refused.value) == (
        f"--useragent-ledger={server.url}: run run-1 already has a budget of $1000000000.0000, this shard's is "
        "$0.0200: give every shard of a run the same --useragent-budget, or this one its own --useragent-run-id"
    )
    assert RedisLedger.create(server.url, "run-1", 1e9).state().limit_usd == 1e9  # the twin: the same budget joins


def test_two_projects_with_the_same_ci_run_id_have_a_budget_each(server: RedisServer, tmp_path: Path):
    shop = project(tmp_path / "shop", {"GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/shop"})
    blog = project(tmp_path / "blog", {"GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/blog"})
    assert shop == "github.com/acme/shop:shop" and blog == "github.com/acme/blog:blog"
    a = Budget(BOOK, RedisLedger.create(server.url, "42", 0.05, shop))
    b = Budget(BOOK, RedisLedger.create(server.url, "42", 0.10, blog))  # its own budget: no mismatch, no sharing
    a.reserve(MODEL, CALL)
    a.settle(MODEL, CALL)
    assert b.ledger.state().spent_usd == 0 and b.ledger.state().limit_usd == 0.10
    again = RedisLedger.create(server.url, "42", 0.05, shop)  # the twin: the same project's other shard joins
    assert again.state().spent_usd == pytest.approx(0.033)


@pytest.mark.parametrize(
    ("environ", "named"),
    [
        ({"CI_PROJECT_URL": "https://gitlab-ci-token:s3cret@gitlab.com/acme/shop"}, "gitlab.com/acme/shop:app"),
        ({"GIT_URL": "git@github.com:acme/shop.git"}, "github.com/acme/shop:app"),
        ({"BUILDKITE_REPO": "https://github.com/acme/{shop} x.git"}, "github.com/acme/_shop_x:app"),
        ({}, ":app"),
    ],
)
def test_a_project_is_named_by_its_repository_never_its_credential(tmp_path: Path, environ, named):
    assert project(tmp_path / "app", environ) == named


def test_a_project_in_git_is_named_by_its_origin_and_where_its_root_is(tmp_path: Path):
    repository = tmp_path / "repo"
    (repository / "web" / "tests").mkdir(parents=True)
    for command in (["init", "-q"], ["remote", "add", "origin", "https://bot:tok3n@example.org/acme/shop.git"]):
        subprocess.run(["git", *command], cwd=repository, check=True)
    assert project(repository / "web" / "tests", {}) == "example.org/acme/shop:web/tests"
    assert project(repository, {}) == "example.org/acme/shop:"


def test_a_redis_that_lost_the_run_stops_the_paying_of_the_shard_still_running(server: RedisServer):
    first = Spending(BOOK, RedisLedger.create(server.url, "run-1", 0.10), "USD").budget(None, "/s", "t")
    first.reserve(MODEL, CALL)
    first.settle(MODEL, CALL)
    redis.Redis.from_url(server.url).flushall()  # restarted without its data
    second = RedisLedger.create(server.url, "run-1", 0.10)  # a later shard finds no run, and makes it again
    Budget(BOOK, second).reserve(MODEL, CALL)  # it may pay: the budget it made is whole
    with pytest.raises(BudgetExhausted, match="the run was made again by another shard"):
        first.reserve(MODEL, CALL)  # the first shard's mark is not the run's: it stops paying
    with pytest.raises(BudgetExhausted, match=r"no longer holds the budget of run run-1 \(made again"):
        first.ledger.state()


def test_the_twin_a_redis_that_keeps_the_run_lets_every_shard_pay(server: RedisServer):
    first = Budget(BOOK, RedisLedger.create(server.url, "run-1", 0.10))
    first.reserve(MODEL, CALL)
    first.settle(MODEL, CALL)
    RedisLedger.create(server.url, "run-1", 0.10)
    first.reserve(MODEL, CALL)  # nothing was lost: its mark is still the run's


@pytest.mark.parametrize(
    ("field", "value"), [("limit", "-1"), ("limit", "nan"), ("limit", "abc"), ("reserved", "-1e9"), ("spent", "inf")]
)
def test_a_run_key_with_a_bad_figure_is_one_line_never_a_larger_budget(server: RedisServer, field, value):
    ledger = RedisLedger.create(server.url, "run-1", 0.10)
    client = redis.Redis.from_url(server.url, decode_responses=True)
    key = next(key for key in client.keys("*") if key.endswith(":run"))
    client.hset(key, field, value)
    with pytest.raises(BudgetExhausted, match=rf"the run's {field} in Redis is '{value}', no amount of money$"):
        Budget(BOOK, ledger).reserve(MODEL, CALL)
    with pytest.raises(BudgetExhausted, match=rf"the run's {field} in Redis is '{value}', no amount of money$"):
        ledger.state()
    with pytest.raises(ConfigError, match=rf"the run's {field} in Redis is '{value}', no amount of money$"):
        RedisLedger.create(server.url, "run-1", 0.10)  # a shard that starts on it: one line, before any test


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
    ledger = RedisLedger.create(url, "race", 1.0)  # a machine of its own: it joins the budget the test set
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


def test_a_redis_that_never_answers_is_given_up_within_its_bound(monkeypatch):
    monkeypatch.setattr("pytest_useragent.cost.shared.TIMEOUT_SECONDS", 0.5)  # the same give-up, sooner
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


@pytest.mark.parametrize(
    "url",
    [
        "redis://user:s3cr/et@localhost:6379/0",  # a '/' in the password, not percent-encoded
        "redis://user:s3cret@localhost:63a9/0",  # a port typo
        "redis://:s3cr@et@localhost:1/0",  # parses; refused when it is opened
        "redis://u:s3cret@localhost:99999/0",
    ],
)
def test_a_ledger_url_that_does_not_parse_is_one_line_that_never_shows_its_password(url):
    with pytest.raises(ConfigError) as refused:
        Spending.start(UserAgentConfig.from_raw({"ledger": url}), Path("unused"))
    said = str(refused.value)
    assert "s3cr" not in said and "\n" not in said and said.replace("'", "").startswith("--useragent-ledger=redis://")


def test_a_url_shown_keeps_its_host_and_never_its_credential():
    assert without_credentials("redis://user:s3cr/et@cache:6379/0") == "redis://cache:6379/0"
    assert without_credentials("redis://cache:63a9/0") == "redis://cache:63a9/0"  # nothing to hide: as written
    assert without_credentials("redis://cache:6379/0") == "redis://cache:6379/0"  # the twin: a clean URL whole
    assert without_credentials("unix:///run/redis.sock") == "unix:///run/redis.sock"
    assert len(without_credentials("redis://" + "h" * 10_000)) <= 200


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

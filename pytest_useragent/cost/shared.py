"""The run's ledger in Redis, shared by every machine of a run (`--useragent-ledger=redis://host:port/db`).

A suite split across CI runners is one run with one budget: each shard's pytest (and each of its xdist workers) books
in the same Redis, under the run's id (`--useragent-run-id`, or CI's own, e.g. GITHUB_RUN_ID-GITHUB_RUN_ATTEMPT, which
every job of a matrix shares), so shards of one run share a budget and runs do not. What `RunLedger` does under a file
lock, a Lua script does here: Redis runs a script alone, so a reservation reads and writes the run's figures with no
other client between. Each machine (a shard's controller, handed on to its workers) books its sessions under its own
name: two machines' temp directories may well have the same path, and a shard's report lists its own sessions only.

Every call has a bound (`TIMEOUT_SECONDS`, to connect and to answer) and is made once: a script retried after a
timeout could have run already, and would hold twice. A Redis that cannot be reached is BudgetExhausted, naming it:
the session that wanted to call the model ends with that outcome, the calls it paid for kept (`Budget.unbooked`).
Every key expires a day after the run's last booking (`EXPIRE_SECONDS`), so a Redis serving many runs keeps none.
"""

from __future__ import annotations

import contextlib
import json
import os
import uuid
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlsplit

from pytest_useragent.cost.book import LedgerState, SessionSpend
from pytest_useragent.errors import BudgetExhausted, ConfigError

TIMEOUT_SECONDS = 5.0
"""The most one Redis call may take, to connect or to answer: a ledger that hangs must not hang the run."""
EXPIRE_SECONDS = 24 * 60 * 60
"""Every key of a run is kept this long after its last booking."""

CI_RUN_IDS: tuple[tuple[str, ...], ...] = (
    ("GITHUB_RUN_ID", "GITHUB_RUN_ATTEMPT"),
    ("CI_PIPELINE_ID",),  # GitLab
    ("BUILDKITE_BUILD_ID",),
    ("CIRCLE_WORKFLOW_ID",),
    ("BITBUCKET_BUILD_NUMBER",),
    ("BUILD_BUILDID",),  # Azure Pipelines
    ("BUILD_ID",),  # Jenkins, Google Cloud Build
)
"""CI variables that every job of one run shares, first found first; a variable with its attempt joins them with '-',
so a re-run has a budget of its own."""

_RESERVE = """
local limit = tonumber(redis.call('HGET', KEYS[1], 'limit'))
if not limit then return redis.error_reply('no budget for this run: its keys expired or were never made') end
local spent = tonumber(redis.call('HGET', KEYS[1], 'spent') or '0')
local reserved = tonumber(redis.call('HGET', KEYS[1], 'reserved') or '0')
local amount = tonumber(ARGV[1])
local fits = amount <= math.max(limit - spent - reserved, 0)
if fits then
  redis.call('HSET', KEYS[1], 'reserved', string.format('%.17g', reserved + amount))
else
  redis.call('HSET', KEYS[1], 'exhausted', '1')
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
if fits then return 1 end
return 0
"""
"""KEYS: the run. ARGV: the amount, the expiry. 1 when held, 0 when it did not fit (and the run is exhausted)."""

_SETTLE = """
local reserved = tonumber(redis.call('HGET', KEYS[1], 'reserved') or '0') - tonumber(ARGV[1])
if reserved < 0 then reserved = 0 end
redis.call('HSET', KEYS[1], 'reserved', string.format('%.17g', reserved))
redis.call('HINCRBYFLOAT', KEYS[1], 'spent', ARGV[2])
redis.call('HINCRBYFLOAT', KEYS[2], ARGV[3], ARGV[2])
if ARGV[4] ~= '' and tonumber(ARGV[2]) > 0 then
  redis.call('HINCRBYFLOAT', KEYS[3], ARGV[4], ARGV[2])
  if ARGV[5] ~= '' then redis.call('HSETNX', KEYS[4], ARGV[4], ARGV[5]) end
end
for _, key in ipairs(KEYS) do redis.call('EXPIRE', key, ARGV[6]) end
return 1
"""
"""KEYS: the run, the machines' spending, this machine's sessions' spending, their tests. ARGV: the reservation
released, the cost, this machine, the session ('' for none), its test, the expiry."""

_BEGIN = """
redis.call('HSETNX', KEYS[1], ARGV[1], '0')
if ARGV[2] ~= '' then redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[2]) end
for _, key in ipairs(KEYS) do redis.call('EXPIRE', key, ARGV[3]) end
return 1
"""
"""KEYS: this machine's sessions' spending, their tests. ARGV: the session, its test ('' for none), the expiry."""

_HALT = """
redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
"""
"""KEYS: the run's halts. ARGV: where, why, the expiry."""

_CREATE = """
redis.call('HSETNX', KEYS[1], 'limit', ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return redis.call('HGET', KEYS[1], 'limit')
"""
"""KEYS: the run. ARGV: the limit, the expiry. The run's limit: the first machine's (later ones join its budget)."""


def run_id(given: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The run's id: the one given, else CI's (`CI_RUN_IDS`), else a new one (the plugin prints it once)."""
    return given or ci_run_id(os.environ if environ is None else environ) or uuid.uuid4().hex[:16]


def ci_run_id(environ: Mapping[str, str]) -> str | None:
    """The id every job of this CI run shares, from its variables; None outside CI."""
    for names in CI_RUN_IDS:
        if environ.get(names[0]):
            return "-".join(environ[name] for name in names if environ.get(name))
    return None


def shown(url: str) -> str:
    """The URL without its credentials: what a line may say."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}{parts.path}"


class RedisLedger:
    """The run's spending in Redis, atomic across every machine of the run."""

    def __init__(self, url: str, run: str, machine: str | None = None) -> None:
        try:
            import redis
            from redis.backoff import NoBackoff
            from redis.retry import Retry
        except ImportError:
            raise ConfigError(
                f"--useragent-ledger={shown(url)}: the redis client is not installed: "
                "pip install 'pytest-useragent[redis]'"
            ) from None
        self.url, self.run = url, run
        self.machine = machine or uuid.uuid4().hex[:12]
        self._errors: tuple[type[Exception], ...] = (redis.RedisError, OSError)
        self._client = redis.Redis.from_url(
            url,
            socket_timeout=TIMEOUT_SECONDS,
            socket_connect_timeout=TIMEOUT_SECONDS,
            retry=Retry(NoBackoff(), 0),  # once: a retried script may have run, and would hold twice
            decode_responses=True,
        )
        self._reserve = self._client.register_script(_RESERVE)
        self._settle = self._client.register_script(_SETTLE)
        self._begin = self._client.register_script(_BEGIN)
        self._halt = self._client.register_script(_HALT)
        prefix = f"useragent:{{{run}}}:"  # one hash slot per run: a cluster keeps a run's keys together
        self._run, self._halts, self._machines = prefix + "run", prefix + "halted", prefix + "machines"
        self._sessions, self._tests = f"{prefix}sessions:{self.machine}", f"{prefix}tests:{self.machine}"

    @classmethod
    def create(cls, url: str, run: str, limit_usd: float) -> RedisLedger:
        """This machine's part of the run `run`, whose budget is `limit_usd` unless another machine set it first;
        ConfigError, in one line, when Redis cannot be reached at the start."""
        ledger = cls(url, run)
        try:
            ledger._client.register_script(_CREATE)(keys=[ledger._run], args=[repr(limit_usd), EXPIRE_SECONDS])
        except ledger._errors as error:
            raise ConfigError(f"--useragent-ledger={shown(url)}: {_why(error)}") from None
        return ledger

    @classmethod
    def join(cls, address: str) -> RedisLedger:
        """The ledger an xdist worker was handed by its controller (`address`): the same run and machine."""
        given = json.loads(address)
        return cls(given["redis"], given["run"], given["machine"])

    @property
    def address(self) -> str:
        return json.dumps({"redis": self.url, "run": self.run, "machine": self.machine})

    @property
    def run_id(self) -> str | None:
        return self.run

    def state(self) -> LedgerState:
        def read(pipe: Any) -> None:
            pipe.hgetall(self._run)
            pipe.hgetall(self._halts)
            pipe.hget(self._machines, self.machine)
            pipe.hgetall(self._sessions)
            pipe.hgetall(self._tests)

        figures, halted, own, sessions, tests = self._call(lambda: self._pipeline(read))
        if "limit" not in figures:
            raise BudgetExhausted(f"{self._what}: holds no budget for run {self.run} (its keys expired?)")
        return LedgerState(
            limit_usd=float(figures["limit"]),
            spent_usd=float(figures.get("spent", 0)),
            reserved_usd=float(figures.get("reserved", 0)),
            exhausted=figures.get("exhausted") == "1",
            halted=halted,
            sessions={name: SessionSpend(test=tests.get(name), spent_usd=float(usd)) for name, usd in sessions.items()},
            own_usd=float(own or 0),
        )

    def reserve(self, amount_usd: float) -> LedgerState | None:
        held = self._call(lambda: self._reserve(keys=[self._run], args=[repr(amount_usd), EXPIRE_SECONDS]))
        return self.state() if held else None

    def settle(
        self, reserved_usd: float, spent_usd: float, session: str | None = None, test: str | None = None
    ) -> None:
        keys = [self._run, self._machines, self._sessions, self._tests]
        args: list[str | int] = [
            repr(reserved_usd),
            repr(spent_usd),
            self.machine,
            session or "",
            test or "",
            EXPIRE_SECONDS,
        ]
        self._call(lambda: self._settle(keys=keys, args=args))

    def begin(self, session: str, test: str | None) -> None:
        args: list[str | int] = [session, test or "", EXPIRE_SECONDS]
        self._call(lambda: self._begin(keys=[self._sessions, self._tests], args=args))

    def halt(self, where: str, reason: str) -> None:
        """Best kept: a halt that cannot be written is no loss, since a Redis that cannot take it takes no
        reservation either, and so no call is made."""
        with contextlib.suppress(BudgetExhausted):
            self._call(lambda: self._halt(keys=[self._halts], args=[where, reason, EXPIRE_SECONDS]))

    def _pipeline(self, read: Callable[[Any], None]) -> list[Any]:
        with self._client.pipeline(transaction=True) as pipe:
            read(pipe)
            return list(pipe.execute())

    def _call(self, call: Callable[[], Any]) -> Any:
        try:
            return call()
        except self._errors as error:
            raise BudgetExhausted(f"{self._what}: {_why(error)}") from None

    @property
    def _what(self) -> str:
        return f"the run's ledger {shown(self.url)}"


def _why(error: Exception) -> str:
    """A Redis failure in a few words: unreachable (and why), or what Redis answered."""
    words = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    import redis

    if isinstance(error, redis.ResponseError):
        return f"Redis refused: {words}"
    return f"cannot be reached ({words})"

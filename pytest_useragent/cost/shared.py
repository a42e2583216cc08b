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
import math
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from pytest_useragent.cost.book import LedgerState, SessionSpend
from pytest_useragent.errors import BudgetExhausted, ConfigError
from pytest_useragent.secrets.addresses import without_credentials

TIMEOUT_SECONDS = 5.0
"""The most one Redis call may take, to connect or to answer: a ledger that hangs must not hang the run."""
EXPIRE_SECONDS = 24 * 60 * 60
"""Every key of a run is kept this long after its last booking."""

_FIGURES = """
local function figure(name)
  local text = redis.call('HGET', KEYS[1], name)
  if not text then return 0 end
  local value = tonumber(text)
  if not value or value ~= value or value < 0 or value == math.huge then
    return redis.error_reply('BADFIGURE ' .. name .. '=' .. string.sub(text, 1, 40))
  end
  return value
end
local mark = redis.call('HGET', KEYS[1], 'mark')
if not mark then return redis.error_reply('LOST no budget for this run any more: its keys expired or were removed') end
if mark ~= ARGV[1] then
  return redis.error_reply('LOST the run was made again by another shard (a Redis that restarted without its data?)')
end
"""
"""Every script that books begins here. KEYS[1]: the run. ARGV[1]: the mark this shard found the run with. Reads a
figure, refusing one that is no finite non-negative number; refuses a run that is gone or was made again."""

_RESERVE = (
    _FIGURES
    + """
local limit, spent, reserved = figure('limit'), figure('spent'), figure('reserved')
for _, value in ipairs({limit, spent, reserved}) do if type(value) == 'table' then return value end end
local amount = tonumber(ARGV[2])
if amount <= math.max(limit - spent - reserved, 0) then
  redis.call('HSET', KEYS[1], 'reserved', string.format('%.17g', reserved + amount))
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  return 1
end
if amount > math.max(limit - spent, 0) then redis.call('HSET', KEYS[1], 'exhausted', '1') end
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 0
"""
)
"""KEYS: the run. ARGV: the mark, the amount, the expiry. 1 when held; 0 when it did not fit (the run marked
exhausted when it never will: what is not spent is less)."""

_SETTLE = (
    _FIGURES
    + """
local reserved = figure('reserved')
if type(reserved) == 'table' then return reserved end
reserved = reserved - tonumber(ARGV[2])
if reserved < 0 then reserved = 0 end
redis.call('HSET', KEYS[1], 'reserved', string.format('%.17g', reserved))
redis.call('HINCRBYFLOAT', KEYS[1], 'spent', ARGV[3])
redis.call('HINCRBYFLOAT', KEYS[2], ARGV[4], ARGV[3])
if ARGV[5] ~= '' and tonumber(ARGV[3]) > 0 then
  redis.call('HINCRBYFLOAT', KEYS[3], ARGV[5], ARGV[3])
  if ARGV[6] ~= '' then redis.call('HSETNX', KEYS[4], ARGV[5], ARGV[6]) end
end
for _, key in ipairs(KEYS) do redis.call('EXPIRE', key, ARGV[7]) end
return 1
"""
)
"""KEYS: the run, the machines' spending, this machine's sessions' spending, their tests. ARGV: the mark, the
reservation released, the cost, this machine, the session ('' for none), its test, the expiry."""

_BEGIN = (
    _FIGURES
    + """
redis.call('HSETNX', KEYS[2], ARGV[2], '0')
if ARGV[3] ~= '' then redis.call('HSETNX', KEYS[3], ARGV[2], ARGV[3]) end
for _, key in ipairs(KEYS) do redis.call('EXPIRE', key, ARGV[4]) end
return 1
"""
)
"""KEYS: the run, this machine's sessions' spending, their tests. ARGV: the mark, the session, its test ('' for
none), the expiry."""

_HALT = """
redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
"""
"""KEYS: the run's halts. ARGV: where, why, the expiry."""

_CREATE = """
if redis.call('HEXISTS', KEYS[1], 'limit') == 0 then
  redis.call('HSET', KEYS[1], 'limit', ARGV[1], 'mark', ARGV[3])
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
return redis.call('HGETALL', KEYS[1])
"""
"""KEYS: the run. ARGV: the limit, the expiry, a new mark. The run's figures: the first shard's limit and mark (later
shards join its budget, and book only while the run holds the mark they found)."""

FIGURES = ("limit", "spent", "reserved")
"""The run's figures in Redis, each a finite non-negative number of US dollars."""


def shown(url: str) -> str:
    """The URL without its credentials: what a line may say."""
    return without_credentials(url)


class RedisLedger:
    """The run's spending in Redis, atomic across every machine of the run."""

    def __init__(self, url: str, run: str, machine: str | None = None, *, project: str = "", mark: str = "") -> None:
        try:
            import redis
            from redis.backoff import NoBackoff
            from redis.retry import Retry
        except ImportError:
            raise ConfigError(
                f"--useragent-ledger={shown(url)}: the redis client is not installed: "
                "pip install 'pytest-useragent[redis]'"
            ) from None
        self.url, self.run, self.project, self.mark = url, run, project, mark
        self.machine = machine or uuid.uuid4().hex[:12]
        self._errors: tuple[type[Exception], ...] = (redis.RedisError, OSError)
        try:
            self._client = redis.Redis.from_url(
                url,
                socket_timeout=TIMEOUT_SECONDS,
                socket_connect_timeout=TIMEOUT_SECONDS,
                retry=Retry(NoBackoff(), 0),  # once: a retried script may have run, and would hold twice
                decode_responses=True,
            )
        except ValueError:  # its words may quote the URL, password and all
            raise ConfigError(
                f"--useragent-ledger={shown(url)}: not a Redis URL redis-py can open "
                "(percent-encode a '/', ':' or '@' in the password)"
            ) from None
        self._reserve = self._client.register_script(_RESERVE)
        self._settle = self._client.register_script(_SETTLE)
        self._begin = self._client.register_script(_BEGIN)
        self._halt = self._client.register_script(_HALT)
        # one hash slot per run: a cluster keeps a run's keys together; the project's name in it, so two projects
        # whose CI numbers runs alike never share one
        prefix = f"useragent:{{{project}/{run}}}:" if project else f"useragent:{{{run}}}:"
        self._run, self._halts, self._machines = prefix + "run", prefix + "halted", prefix + "machines"
        self._sessions, self._tests = f"{prefix}sessions:{self.machine}", f"{prefix}tests:{self.machine}"

    @classmethod
    def create(cls, url: str, run: str, limit_usd: float, project: str = "") -> RedisLedger:
        """This machine's part of the run `run` of `project`, whose budget is `limit_usd`; ConfigError, in one line,
        when Redis cannot be reached at the start, when another shard set the run's budget to another amount, or when
        the run's figures are no amounts."""
        ledger = cls(url, run, project=project)
        try:
            made = ledger._client.register_script(_CREATE)(
                keys=[ledger._run], args=[repr(limit_usd), EXPIRE_SECONDS, uuid.uuid4().hex]
            )
        except ledger._errors as error:
            raise ConfigError(f"--useragent-ledger={shown(url)}: {_why(error)}") from None
        found = dict(zip(made[::2], made[1::2], strict=True))
        try:
            limit = _figures(found)["limit"]
        except BudgetExhausted as bad:
            raise ConfigError(f"--useragent-ledger={shown(url)}: {bad}") from None
        if not math.isclose(limit, limit_usd, rel_tol=1e-9, abs_tol=1e-12):
            raise ConfigError(
                f"--useragent-ledger={shown(url)}: run {run} already has a budget of ${limit:.4f}, this shard's "
                f"is ${limit_usd:.4f}: give every shard of a run the same --useragent-budget, or this one its own "
                "--useragent-run-id"
            )
        ledger.mark = found["mark"]
        return ledger

    @classmethod
    def join(cls, address: str) -> RedisLedger:
        """The ledger an xdist worker was handed by its controller (`address`): the same run and machine."""
        given = json.loads(address)
        return cls(given["redis"], given["run"], given["machine"], project=given["project"], mark=given["mark"])

    @property
    def address(self) -> str:
        return json.dumps(
            {"redis": self.url, "run": self.run, "machine": self.machine, "project": self.project, "mark": self.mark}
        )

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

        found, halted, own, sessions, tests = self._call(lambda: self._pipeline(read))
        if "limit" not in found or found.get("mark") != self.mark:
            why = "its keys expired or were removed" if "limit" not in found else "made again by another shard"
            raise BudgetExhausted(f"{self._what}: no longer holds the budget of run {self.run} ({why})")
        try:
            figures = _figures(found)
            spending = {name: _amount(name, usd) for name, usd in sessions.items()}
            own_usd = _amount("this machine", own or "0")
        except BudgetExhausted as bad:
            raise BudgetExhausted(f"{self._what}: {bad}") from None
        return LedgerState(
            limit_usd=figures["limit"],
            spent_usd=figures["spent"],
            reserved_usd=figures["reserved"],
            exhausted=found.get("exhausted") == "1",
            halted=halted,
            sessions={name: SessionSpend(test=tests.get(name), spent_usd=usd) for name, usd in spending.items()},
            own_usd=own_usd,
        )

    def reserve(self, amount_usd: float) -> LedgerState | None:
        args: list[str | int] = [self.mark, repr(amount_usd), EXPIRE_SECONDS]
        held = self._call(lambda: self._reserve(keys=[self._run], args=args))
        return self.state() if held else None

    def settle(
        self, reserved_usd: float, spent_usd: float, session: str | None = None, test: str | None = None
    ) -> None:
        keys = [self._run, self._machines, self._sessions, self._tests]
        args: list[str | int] = [
            self.mark,
            repr(reserved_usd),
            repr(spent_usd),
            self.machine,
            session or "",
            test or "",
            EXPIRE_SECONDS,
        ]
        self._call(lambda: self._settle(keys=keys, args=args))

    def begin(self, session: str, test: str | None) -> None:
        args: list[str | int] = [self.mark, session, test or "", EXPIRE_SECONDS]
        self._call(lambda: self._begin(keys=[self._run, self._sessions, self._tests], args=args))

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


def _figures(found: Mapping[str, str]) -> dict[str, float]:
    """The run's figures as amounts; BudgetExhausted naming the first that is none (a key set by hand, tampered)."""
    if "limit" not in found:
        raise BudgetExhausted("the run's key holds no limit")
    return {name: _amount(name, found.get(name, "0")) for name in FIGURES}


def _amount(name: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value >= 0):
        raise BudgetExhausted(f"the run's {name} in Redis is {text[:40]!r}, no amount of money")
    return value


def _why(error: Exception) -> str:
    """A Redis failure in a few words: unreachable (and why), what a script refused, or what Redis answered."""
    words = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    import redis

    if isinstance(error, redis.ResponseError):
        code, _, rest = words.partition(" ")
        if code == "LOST":
            return rest
        if code == "BADFIGURE":
            name, _, text = rest.partition("=")
            return f"the run's {name} in Redis is {text!r}, no amount of money"
        return f"Redis refused: {words[:200]}"
    return f"cannot be reached ({words[:200]})"

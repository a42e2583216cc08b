"""Spending: the run's ledger shared by every pytest-xdist worker, and the budget one session spends through it.

The ledger is a small JSON file guarded by a file lock in the run's temp directory. Before each model call a session
reserves the call's worst case (estimated input plus the most output tokens allowed); after it, the reservation is
replaced by the real cost, or released when the call failed. A reservation that does not fit only for the holds of
calls in flight waits, within a bound, for them to settle; one that never will (what is not spent is less) marks
the run exhausted, so the run never spends more than its budget, however many workers share it. The ledger also
keeps what each session spent, by its directory: a session that never reports (Ctrl-C, a killed worker) is still
accounted for. And it carries the run's halts: once an API refuses the run's calls outright (a wrong key, an unknown
model, no connection), no later session calls it for that model again; sessions that call another, or none, go on.

Where it is kept is behind `Ledger` (as pytest-xdist puts its schedulers behind one protocol): this file for the
workers of one machine, or Redis for the machines of a run (`shared.py`, `--useragent-ledger=redis://...`). A ledger
that cannot be read or reached says nothing of what was spent, so nothing more may be: a call already paid for stays on
the session's record, and its session makes no other (`Budget.unbooked`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock
from pydantic import ValidationError

from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.book import Ledger, LedgerState, SessionSpend
from pytest_useragent.cost.pricing import PriceBook, money
from pytest_useragent.errors import BudgetExhausted
from pytest_useragent.files import MiB, atomic_write, invalid, read_text
from pytest_useragent.records import Usage

MAX_LEDGER_BYTES = 64 * MiB
"""The most the ledger may be: some 300,000 sessions' spending."""
HOLD_WAIT_SECONDS = 120.0
"""The most a call waits for calls in flight (on other workers or machines) to settle the holds that keep it from
fitting: about as long as a slow call takes; past it, its session ends as budget_exhausted, saying so."""
HOLD_POLL_SECONDS = 0.2


def join(address: str) -> Ledger:
    """The ledger a worker was handed (`Ledger.address`): a shared one's is JSON, a file's its path."""
    if address.startswith("{"):
        from pytest_useragent.cost.shared import RedisLedger

        return RedisLedger.join(address)
    return RunLedger(Path(address))


class RunLedger:
    """The run's spending, shared across processes through a locked file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = FileLock(str(path) + ".lock")

    @property
    def address(self) -> str:
        return str(self.path)

    @property
    def run_id(self) -> str | None:
        return None

    @classmethod
    def create(cls, path: Path, limit_usd: float) -> RunLedger:
        path.parent.mkdir(parents=True, exist_ok=True)
        ledger = cls(path)
        with ledger._lock:
            atomic_write(path, LedgerState(limit_usd=limit_usd).model_dump_json())
        return ledger

    def state(self) -> LedgerState:
        with self._lock:
            return self._read()

    def reserve(self, amount_usd: float) -> LedgerState | None:
        """Hold `amount_usd` if it fits; None when it does not (the run marked exhausted when it never will)."""
        with self._lock:
            state = self._read()
            if amount_usd > state.left_usd:
                if state.never_fits(amount_usd):
                    self._write(state.model_copy(update={"exhausted": True}))
                return None
            self._write(state.model_copy(update={"reserved_usd": state.reserved_usd + amount_usd}))
            return state

    def settle(
        self, reserved_usd: float, spent_usd: float, session: str | None = None, test: str | None = None
    ) -> None:
        """Replace a reservation by what was spent (0 to release it), booked to `session` when given."""
        with self._lock:
            state = self._read()
            sessions = state.sessions
            if session is not None and spent_usd:
                before = sessions.get(session, SessionSpend(test=test))
                sessions = {**sessions, session: before.model_copy(update={"spent_usd": before.spent_usd + spent_usd})}
            self._write(
                state.model_copy(
                    update={
                        "reserved_usd": max(state.reserved_usd - reserved_usd, 0.0),
                        "spent_usd": state.spent_usd + spent_usd,
                        "sessions": sessions,
                    }
                )
            )

    def begin(self, session: str, test: str | None) -> None:
        """Know a session from its start, so the run report finds it even when it never reports."""
        with self._lock:
            state = self._read()
            if session not in state.sessions:
                self._write(state.model_copy(update={"sessions": {**state.sessions, session: SessionSpend(test=test)}}))

    def halt(self, where: str, reason: str) -> None:
        """No session calls `where` (an API and model) after this; the first reason is kept."""
        with self._lock:
            state = self._read()
            if where not in state.halted:
                self._write(state.model_copy(update={"halted": {**state.halted, where: reason}}))

    def _read(self) -> LedgerState:
        """The ledger as it stands. One that cannot be read says nothing of what was spent, so nothing more may be:
        BudgetExhausted, naming the file."""
        what = f"the run's ledger {self.path}"
        try:
            return LedgerState.model_validate_json(read_text(self.path, MAX_LEDGER_BYTES, what, BudgetExhausted))
        except OSError as error:
            raise BudgetExhausted(f"{what}: cannot be read ({error.strerror or type(error).__name__})") from None
        except ValidationError as error:
            raise BudgetExhausted(f"{what}: {invalid(error)}") from None

    def _write(self, state: LedgerState) -> None:
        atomic_write(self.path, state.model_dump_json())


@dataclass
class Budget:
    """What one session spends: through the run's ledger, and within its own limit when the test set one."""

    prices: PriceBook
    ledger: Ledger
    currency: str = "USD"
    session_limit_usd: float | None = None
    session: str | None = None
    """The session's directory: what the ledger books its spending under."""
    test: str | None = None
    spent_usd: float = 0.0
    unbooked: str | None = None
    """Why the ledger could not book this session's spending (it could not be reached): no call is made after it."""
    wait_seconds: float = HOLD_WAIT_SECONDS
    _held_usd: float = 0.0

    def reserve(self, model: str, worst_case: Usage) -> None:
        """Hold a call's worst case; BudgetExhausted, naming the amounts, when it could overspend."""
        if self.unbooked is not None:
            raise BudgetExhausted(self.unbooked)
        needed = self.prices.worst_usd(model, worst_case)
        if self.session_limit_usd is not None and self.spent_usd + needed > self.session_limit_usd:
            raise BudgetExhausted(
                f"the next call could cost {self.show(needed)} but only "
                f"{self.show(max(self.session_limit_usd - self.spent_usd, 0))} of this test's "
                f"{self.show(self.session_limit_usd)} budget is left"
            )
        deadline = time.monotonic() + self.wait_seconds
        while self.ledger.reserve(needed) is None:
            state = self.ledger.state()
            if state.never_fits(needed) or time.monotonic() >= deadline:
                raise BudgetExhausted(self._refusal(needed, state))
            time.sleep(HOLD_POLL_SECONDS)  # calls in flight hold the rest: it fits once one of them settles
        self._held_usd = needed

    def _refusal(self, needed: float, state: LedgerState) -> str:
        """Why a call of `needed` is not made, from one reading of the ledger."""
        said = (
            f"the next call could cost {self.show(needed)} but only {self.show(state.left_usd)} of the run's "
            f"{self.show(state.limit_usd)} budget is left"
        )
        if state.never_fits(needed):
            return said
        return (
            f"{said}: {self.show(state.reserved_usd)} of it is held by calls in flight, which did not settle within "
            f"{self.wait_seconds:g} s"
        )

    def settle(self, model: str, usage: Usage, *, worst: bool = False) -> float:
        """Replace the held worst case by the call's real cost (`worst`: a call with no reply, billed we cannot know
        how: its worst case, as reserved); returns that cost in USD."""
        cost = self.prices.worst_usd(model, usage) if worst else self.prices.cost_usd(model, usage)
        held, self._held_usd = self._held_usd, 0.0
        self.spent_usd += cost
        self._book(held, cost)
        return cost

    def release(self) -> None:
        """Give back the held worst case of a call that failed before it was answered (nothing was billed)."""
        if self._held_usd:
            held, self._held_usd = self._held_usd, 0.0
            self._book(held, 0.0)

    def _book(self, held: float, cost: float) -> None:
        """Settle on the ledger. A ledger that cannot take it leaves the call on the session's record all the same (it
        was paid), and the session makes no other: the run's spending can no longer be proven within its budget."""
        try:
            self.ledger.settle(held, cost, self.session, self.test)
        except BudgetExhausted as lost:
            self.unbooked = f"{lost}; no call is made while it cannot be booked"

    def show(self, usd: float) -> str:
        """An amount in the run's currency, e.g. "$0.0420" or "0.99 CZK"."""
        return money(usd, self.currency, self.prices.rate(self.currency))


@dataclass(frozen=True)
class Spending:
    """The run's price book, ledger and currency, shared by all its sessions."""

    prices: PriceBook
    ledger: Ledger
    currency: str
    limit_usd: float = 0.0
    """The run's budget as this process set out with it: what the report says when the ledger can no longer tell."""

    @classmethod
    def start(cls, config: UserAgentConfig, ledger_path: Path, root: Path | None = None) -> Spending:
        """A new run's spending: prices loaded (ConfigError on a bad file or currency), the ledger created: the file at
        `ledger_path`, or the run's in the Redis of `--useragent-ledger`, under the project of `root` (the current
        folder by default; ConfigError when it cannot be reached or holds another budget for the run)."""
        prices = PriceBook.load(config.prices)
        limit = config.budget / prices.rate(config.currency)
        if config.ledger == "file":
            return cls(prices, RunLedger.create(ledger_path, limit), config.currency, limit)
        from pytest_useragent.cost.runs import project, run_id
        from pytest_useragent.cost.shared import RedisLedger

        run, named = run_id(config.run_id), project(root or Path.cwd())
        return cls(prices, RedisLedger.create(config.ledger, run, limit, named), config.currency, limit)

    @property
    def rate(self) -> float:
        return self.prices.rate(self.currency)

    def budget(self, session_limit: float | None, session: str | None = None, test: str | None = None) -> Budget:
        """A session's budget; `session_limit` is in the run's currency; `session` (its directory) and `test` (the
        node id) are what the ledger books its spending under."""
        limit = None if session_limit is None else session_limit / self.rate
        budget = Budget(self.prices, self.ledger, self.currency, limit, session, test)
        if session is not None:
            try:
                self.ledger.begin(session, test)
            except BudgetExhausted as lost:  # the session starts, and ends at its first call with this outcome
                budget.unbooked = str(lost)
        return budget

    def show(self, usd: float) -> str:
        return money(usd, self.currency, self.rate)

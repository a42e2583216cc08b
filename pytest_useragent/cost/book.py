"""What the run's ledger holds (`LedgerState`, each session's `SessionSpend`) and what any ledger does (`Ledger`),
wherever it is kept: a file for the xdist workers of one machine (`ledger.RunLedger`), Redis for the machines of a
run (`shared.RedisLedger`)."""

from __future__ import annotations

from typing import Protocol

from pydantic import BaseModel

from pytest_useragent.records import Amount


class SessionSpend(BaseModel):
    """What one session spent, as the ledger knows it."""

    test: str | None = None
    """The test's node id; None for an Agent used outside pytest."""
    spent_usd: Amount = 0.0


class LedgerState(BaseModel):
    limit_usd: Amount
    spent_usd: Amount = 0.0
    reserved_usd: Amount = 0.0
    exhausted: bool = False
    halted: dict[str, str] = {}
    """Why no session may call an API for a model any more (it refused the run's calls), by `Provider.endpoint`."""
    sessions: dict[str, SessionSpend] = {}
    """Spending by session directory (of this machine's sessions, when the ledger is shared by several)."""
    own_usd: Amount | None = None
    """What this machine's sessions spent when the ledger is shared by several (`spent_usd` is the whole run's);
    None when the ledger is this machine's alone."""

    @property
    def left_usd(self) -> float:
        return max(self.limit_usd - self.spent_usd - self.reserved_usd, 0.0)

    def never_fits(self, amount_usd: float) -> bool:
        """Whether `amount_usd` could not be held even once every call in flight has settled: what the run has not
        spent is less (spending only grows). One that does not fit only for the holds of calls in flight may wait."""
        return amount_usd > max(self.limit_usd - self.spent_usd, 0.0)


class Ledger(Protocol):
    """The run's spending, wherever it is kept. Each operation is atomic across every process that shares it; one
    that cannot be done raises BudgetExhausted naming the ledger, since what cannot be booked must not be spent."""

    @property
    def address(self) -> str:
        """What an xdist worker is handed to join this ledger (`join`)."""
        ...

    @property
    def run_id(self) -> str | None:
        """The run a ledger shared by several machines books under (their reports are combined by it); None for a
        ledger of one machine."""
        ...

    def state(self) -> LedgerState: ...

    def reserve(self, amount_usd: float) -> LedgerState | None:
        """Hold `amount_usd` if it fits; None when it does not, and the run marked exhausted when it never will
        (`LedgerState.never_fits`)."""
        ...

    def settle(
        self, reserved_usd: float, spent_usd: float, session: str | None = None, test: str | None = None
    ) -> None:
        """Replace a reservation by what was spent (0 to release it), booked to `session` when given."""
        ...

    def begin(self, session: str, test: str | None) -> None:
        """Know a session from its start, so the run report finds it even when it never reports."""
        ...

    def halt(self, where: str, reason: str) -> None:
        """No session calls `where` (an API and model) after this; the first reason is kept."""
        ...

"""Meter: the one place a session's model calls are paid for. Providers make calls; they never price or book them.

Each request goes through `Meter.call` (each attempt of it: the transports make the SDK's retries themselves, so
each is reserved on its own): its worst case is reserved on the session's budget first (BudgetExhausted when it
could overspend), the provider makes the request and hands back the reply's usage with `Bill.paid`, and the real cost
is settled. A request that failed before it reached the API (no connection, an error status) releases its
reservation: nothing was billed. One that was sent and then got no reply (`Bill.no_reply`: it timed out, or the
connection broke) is billed by the API all the same, which goes on answering: its reservation becomes spending, the
call recorded at its worst case and marked `estimated`. Every paid call stays on the meter until the session takes it
onto a step, so a step whose later call fails (a repair, a part of a large write, the API going down) still shows the
calls it paid for, and the session's total is at least what the API billed.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from pytest_useragent.cost.ledger import Budget
from pytest_useragent.records import Call, CallPurpose, Usage


@dataclass
class Bill:
    """What the provider reports of one call once it is answered."""

    usage: Usage | None = None
    stop_reason: str | None = None
    unanswered: bool = False
    """The request was sent and no reply came: charged at its worst case."""

    def paid(self, usage: Usage, stop_reason: str | None = None) -> None:
        self.usage, self.stop_reason = usage, stop_reason

    def no_reply(self) -> None:
        """The request reached the API and its reply never came (a timeout, a broken connection)."""
        self.unanswered = True


@dataclass
class Meter:
    """A session's calls: reserved, settled, and kept until taken onto a step."""

    budget: Budget
    calls: list[Call] = field(default_factory=list)
    """Every call the session paid for, in order."""
    _taken: int = 0

    @contextmanager
    def call(self, purpose: CallPurpose, model: str, worst_case: Usage) -> Iterator[Bill]:
        """Around one request: reserve `worst_case`, let the provider make it and report its usage on the Bill,
        then settle the real cost; a request with no reply is settled at `worst_case`; one that raised before it
        reached the API releases the reservation."""
        self.budget.reserve(model, worst_case)
        bill, started = Bill(), time.monotonic()
        try:
            yield bill
        finally:
            if bill.usage is None and not bill.unanswered:
                self.budget.release()
            else:
                usage = bill.usage if bill.usage is not None else worst_case
                cost = self.budget.settle(model, usage, worst=bill.usage is None)
                self.calls.append(
                    Call(
                        purpose=purpose,
                        model=model,
                        usage=usage,
                        cost_usd=cost,
                        seconds=time.monotonic() - started,
                        stop_reason=bill.stop_reason,
                        estimated="no reply" if bill.usage is None else None,
                    )
                )

    def take(self) -> list[Call]:
        """The calls paid since the last take: what goes on the step being recorded."""
        taken, self._taken = self.calls[self._taken :], len(self.calls)
        return taken

"""A session's wall clock (--useragent-session-timeout): when it is up, the session ends as `timed_out`.

The clock is read between the parts of a step (before a look, before the model is asked, before acting), never
inside a wait: every wait of a step has its own bound (the settle timeout, the API timeout), so a session overruns its
clock by at most the one part it was in, and a page that never settles still times out. The steps already taken are
on disk, and the session is written as any other that ended early.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from pytest_useragent.errors import SessionTimedOut


@dataclass(frozen=True)
class Clock:
    """When the session started (monotonic seconds) and how long it may take; `seconds` None: no bound."""

    seconds: float | None
    started: float

    @classmethod
    def start(cls, seconds: float | None) -> Clock:
        return cls(seconds, time.monotonic())

    def check(self, now: float | None = None) -> None:
        """Raise SessionTimedOut when the session's time is up."""
        if self.seconds is None:
            return
        spent = (time.monotonic() if now is None else now) - self.started
        if spent >= self.seconds:
            raise SessionTimedOut(f"the session ran out of its time ({self.seconds:g} s of wall clock)")

"""What a cassette did for one session (`SessionResult.replay`): its mode, the steps it decided and the ones the
provider did, where the page stopped fitting it, what it saved."""

from __future__ import annotations

from pydantic import BaseModel


class ReplayReport(BaseModel):
    """What a cassette did for one session (replay/provider.py)."""

    mode: str
    cassette: str
    """Its path, relative to the directory pytest ran in."""
    replayed: int = 0
    """Steps decided by the cassette."""
    live: int = 0
    """Steps decided by the provider."""
    diverged_at: int | None = None
    """The step at which the page no longer fit the recording; None when it never stopped fitting."""
    why: str | None = None
    """Why it no longer fit, in one line."""
    saved_usd: float = 0.0
    """What the replayed steps (and wrap-up) cost when they were recorded: what this run did not pay."""
    recorded: bool = False
    """The cassette was written (or rewritten) by this session."""

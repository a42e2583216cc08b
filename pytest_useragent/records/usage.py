"""What a model call used and cost."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt

Amount = Annotated[float, Field(ge=0, allow_inf_nan=False)]
"""A sum of money, a price or a rate as a file holds it: a number, never NaN, infinite or below nothing (a NaN
compares false with every limit, so a budget or a gate over it could never fail)."""


class Usage(BaseModel):
    """Tokens, never fewer than none: a file that says otherwise (a cassette) is refused, not summed."""

    model_config = ConfigDict(frozen=True)

    input_tokens: NonNegativeInt = 0
    output_tokens: NonNegativeInt = 0
    cache_creation_input_tokens: NonNegativeInt = 0
    cache_read_input_tokens: NonNegativeInt = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(**{name: getattr(self, name) + getattr(other, name) for name in Usage.model_fields})


CallPurpose = Literal["decide", "repair", "wrap_up", "compose", "survey", "interview"]


class Call(BaseModel):
    """One request to the model."""

    purpose: CallPurpose
    model: str
    usage: Usage
    cost_usd: float
    seconds: float
    stop_reason: str | None = None
    """Why the model stopped: end_turn, max_tokens, refusal ..."""
    estimated: Literal["no reply"] | None = None
    """Set when the cost is not the reply's usage but an estimate: "no reply", a request that was sent and then
    timed out or lost its connection. The API bills it all the same, so it is charged at its worst case (`usage` is
    that worst case)."""

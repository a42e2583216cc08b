"""What a model call used and cost."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class Usage(BaseModel):
    model_config = ConfigDict(frozen=True)

    input_tokens: int = 0
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0

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

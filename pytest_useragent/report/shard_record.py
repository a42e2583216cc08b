"""What `useragent combine` trusts of a shard's report.json, as typed records: every figure it sums and every path it
reads a file by, and each session as the report reads it. A shard's report is a file from another machine (a CI
artifact anyone with push access can shape), so it is checked as a baseline or a cassette is: every amount a finite
number not below nothing, every count not below nothing, a session's expectations never more than its steps (one is
judged a step) and as many as the file says it judged, no session listed twice, and every path a session's file is
read by relative to its folder and never climbing out of it. A pydantic error names the field and never the value
(`files.invalid`), so a shard that breaks one of these is one line naming the shard and the field.

Each session is read once, as a `ShardSession`: the `SessionDigest` the report reads (records/digest.py) with these
checks on its figures. The run's own fields (currency, metadata, outcomes, copies) are `RunSummary`'s, validated
beside it (`shards.read_shard`); every other field of a session is carried to the combined report.json as the shard
wrote it, unread.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    NonNegativeInt,
    ValidationInfo,
    field_validator,
    model_validator,
)

from pytest_useragent.records import Amount, ExpectationStats, ReplayReport, SessionDigest
from pytest_useragent.report.summary import DigestEntry

Rate = Annotated[float, Field(gt=0, allow_inf_nan=False)]
"""Units of a currency per USD: above nothing, never NaN or infinite."""


class _Record(BaseModel):
    model_config = ConfigDict(extra="ignore", allow_inf_nan=False)


class ShardExpectations(ExpectationStats):
    met: NonNegativeInt = 0
    partial: NonNegativeInt = 0
    unmet: NonNegativeInt = 0
    surprised: NonNegativeInt = 0
    stated: NonNegativeInt | None = Field(None, validation_alias="total")
    """The total as the file has it (report.json writes the computed one): one the counts do not add up to was
    edited."""

    @model_validator(mode="after")
    def _adds_up(self) -> ShardExpectations:
        if self.stated is not None and self.stated != self.total:
            raise ValueError("met, partial, unmet and surprised do not add up to the total")
        return self


class ShardReplay(ReplayReport):
    replayed: NonNegativeInt = 0
    live: NonNegativeInt = 0
    saved_usd: Amount = 0.0


class ShardSession(SessionDigest):
    """A session as the report reads it, its figures checked."""

    model_config = ConfigDict(allow_inf_nan=False)

    expectations: ShardExpectations
    cost_usd: Amount
    no_reply_usd: Amount = 0.0
    exchange_rate: Rate = 1.0
    budget: Amount | None = None
    replay: ShardReplay | None = None

    @model_validator(mode="after")
    def _judged_at_most_a_step(self) -> ShardSession:
        """At most one expectation is judged a step: more judged than steps would put a rate above 100%."""
        if self.expectations.total > len(self.steps):
            raise ValueError("more expectations judged than steps (at most one is judged a step)")
        return self


class ShardEntry(DigestEntry):
    """A session of a combined run, as read from its shard."""

    result: ShardSession


class ShardCrash(_Record):
    spent_usd: Amount = 0.0


class ShardStops(_Record):
    skipped_for_budget: NonNegativeInt = 0
    skipped_for_halt: NonNegativeInt = 0


class ShardRecord(_Record):
    """The figures and paths of a shard's report.json that `combine` sums and reads by, and its sessions as the
    report reads them."""

    exchange_rate: Rate
    budget_usd: Amount
    spent_usd: Amount
    met: NonNegativeInt = 0
    evaluated: NonNegativeInt = 0
    sessions: list[ShardEntry]
    crashed: list[ShardCrash] = []
    stops: ShardStops = ShardStops()

    @field_validator("evaluated")
    @classmethod
    def _met_of_evaluated(cls, evaluated: int, info: ValidationInfo) -> int:
        """More met than judged is a rate above 100%."""
        met = info.data.get("met", 0)
        if met > evaluated:
            raise ValueError("more expectations met than evaluated")
        return evaluated

    @field_validator("sessions")
    @classmethod
    def _each_once(cls, sessions: list[ShardEntry]) -> list[ShardEntry]:
        """A session listed twice would count twice (its cost, its goal, its issues' sightings)."""
        seen: set[str] = set()
        for index, entry in enumerate(sessions):
            if entry.result.directory in seen:
                raise ValueError(f"session {index:,} ({entry.nodeid[:80]}) is listed twice: it would count twice")
            seen.add(entry.result.directory)
        return sessions

"""What `useragent combine` trusts of a shard's report.json, as typed records: every figure it sums and every path it
reads a file by. A shard's report is a file from another machine (a CI artifact anyone with push access can shape), so
it is checked as a baseline or a cassette is: every amount a finite number not below nothing, every count not below
nothing, a session's expectations never more than its steps (one is judged a step) and as many as the file says it
judged, no session listed twice, and every path a session's file is read by relative to its folder and never climbing
out of it. A pydantic error names the field and never the value (`files.invalid`), so a shard that breaks one of
these is one line naming the shard and the field.

`RunSummary` (what the shard's sessions are, read for the report) is validated from the same data beside it; this
record keeps only what must hold for the sums and the reads to be honest, and ignores every other field.
"""

from __future__ import annotations

from pathlib import PurePosixPath, PureWindowsPath
from typing import Annotated

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    NonNegativeInt,
    ValidationInfo,
    field_validator,
    model_validator,
)

from pytest_useragent.records import Amount

Rate = Annotated[float, Field(gt=0, allow_inf_nan=False)]
"""Units of a currency per USD: above nothing, never NaN or infinite."""


def inside(path: str) -> bool:
    """`path` names a place under the folder it is relative to: not absolute (in POSIX or Windows terms), no `..`,
    no backslash or NUL, not empty. Pure."""
    if not path or "\\" in path or "\0" in path:
        return False
    posix = PurePosixPath(path)
    return not posix.is_absolute() and not PureWindowsPath(path).drive and ".." not in posix.parts


def _within(path: str) -> str:
    if not inside(path):
        raise ValueError("not a path inside the session's folder (absolute, or climbing out with ..)")
    return path


Inside = Annotated[str, AfterValidator(_within)]
"""A path relative to a session's folder that stays in it (a step's screenshot: `screenshots/step-001.jpg`)."""


class _Record(BaseModel):
    model_config = ConfigDict(extra="ignore", allow_inf_nan=False)


class ShardExpectations(_Record):
    met: NonNegativeInt = 0
    partial: NonNegativeInt = 0
    unmet: NonNegativeInt = 0
    surprised: NonNegativeInt = 0
    total: NonNegativeInt | None = None
    """As the file has it (report.json writes the computed total): a total the counts do not add up to was edited."""

    @model_validator(mode="after")
    def _adds_up(self) -> ShardExpectations:
        counted = self.met + self.partial + self.unmet + self.surprised
        if self.total is not None and self.total != counted:
            raise ValueError("met, partial, unmet and surprised do not add up to the total")
        return self


class ShardStep(_Record):
    screenshot: Inside | None = None


class ShardReplay(_Record):
    replayed: NonNegativeInt = 0
    live: NonNegativeInt = 0
    saved_usd: Amount = 0.0


class ShardSession(_Record):
    directory: str
    steps: list[ShardStep]
    expectations: ShardExpectations
    cost_usd: Amount
    no_reply_usd: Amount = 0.0
    exchange_rate: Rate = 1.0
    budget: Amount | None = None
    replay: ShardReplay | None = None

    @model_validator(mode="after")
    def _judged_at_most_a_step(self) -> ShardSession:
        """At most one expectation is judged a step: more judged than steps would put a rate above 100%."""
        judged = self.expectations.met + self.expectations.partial + self.expectations.unmet
        judged += self.expectations.surprised
        if judged > len(self.steps):
            raise ValueError("more expectations judged than steps (at most one is judged a step)")
        return self


class ShardEntry(_Record):
    nodeid: str
    result: ShardSession


class ShardCrash(_Record):
    spent_usd: Amount = 0.0


class ShardStops(_Record):
    skipped_for_budget: NonNegativeInt = 0
    skipped_for_halt: NonNegativeInt = 0


class ShardRecord(_Record):
    """The figures and paths of a shard's report.json that `combine` sums and reads by."""

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

"""`--useragent-compare-fail`: which changes against the baseline fail the run. Pure.

An expression is items separated by commas, each `MEASURE:LIMIT`:

    goal:P       a test's goal success rate fell by more than P percentage points (0-100; `goal:0`: any goal lost)
    met_rate:P   a test's expectation-met rate fell by more than P percentage points (0-100)
    new_issues:N the run has more than N new issues (objective or reproduced; opinions are shown, not counted)
    review_issues:N the run has more than N new issues left for review (axe's "needs review", its experimental
                 rules): counted apart, and failing nothing unless named
    steps:X%     a test's median steps rose by more than X percent; `steps:N` by more than N steps
    cost:X%      a test's median cost per session rose by more than X percent; `cost:A` by more than A USD

`P%` and `P` are the same for the two rates (percentage points). The other measures read `%` as relative, as
pytest-benchmark's `--benchmark-compare-fail=min:5%` does, and a bare number as absolute. A measure not named never
fails the run; its changes are still reported. With repeats on both sides, the two rates fail only when the whole
95% interval of the change is beyond the limit (`compare.py`).
"""

from __future__ import annotations

import math
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict

Measure = Literal["goal", "met_rate", "new_issues", "review_issues", "steps", "cost"]
COUNTS = ("new_issues", "review_issues")
RATES = ("goal", "met_rate")


class Threshold(BaseModel):
    """One item: how much worse a measure may get before the run fails."""

    model_config = ConfigDict(frozen=True)

    measure: Measure
    limit: float
    """Rates: a fraction (10 points = 0.10). Steps and cost: a fraction of the baseline when `relative`, else
    steps or USD. New issues, and new issues left for review: a count."""
    relative: bool = False

    def __str__(self) -> str:
        if self.measure in RATES:
            return f"{self.measure}:{_number(self.limit * 100)}%"
        if self.relative:
            return f"{self.measure}:{_number(self.limit * 100)}%"
        return f"{self.measure}:{_number(self.limit)}"


class FailRules(BaseModel):
    """The parsed expression; empty when none was given."""

    model_config = ConfigDict(frozen=True)

    thresholds: tuple[Threshold, ...] = ()

    def get(self, measure: Measure) -> Threshold | None:
        return next((item for item in self.thresholds if item.measure == measure), None)

    def __str__(self) -> str:
        return ",".join(str(item) for item in self.thresholds)


def parse_fail_rules(text: str) -> FailRules:
    """The expression as FailRules; a ValueError with one line saying what is wrong where."""
    items = [item.strip() for item in text.split(",")]
    if not any(items):
        raise ValueError("is empty; e.g. goal:0,met_rate:10%,new_issues:0,steps:25%,cost:25%")
    found: dict[str, Threshold] = {}
    for item in items:
        threshold = _item(item)
        if threshold.measure in found:
            raise ValueError(f"names {threshold.measure} twice")
        found[threshold.measure] = threshold
    return FailRules(thresholds=tuple(found.values()))


def _item(item: str) -> Threshold:
    measures = ", ".join(get_args(Measure))
    if not item:
        raise ValueError("has an empty item (two commas, or one at an end)")
    # config shows the whole expression first: the messages name the measure, not the item again
    name, colon, limit = item.partition(":")
    name = name.strip()
    if name not in get_args(Measure):
        raise ValueError(f"{name!r} is not a measure; one of {measures}")
    if not colon or not limit.strip():
        raise ValueError(f"{name} needs a limit, e.g. {name}:{'0' if name in COUNTS else '10%'}")
    limit = limit.strip()
    percent = limit.endswith("%")
    try:
        value = float(limit.removesuffix("%").strip())
    except ValueError:
        raise ValueError(f"{name}: {limit!r} is not a number") from None
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{name}: the limit must be a number, 0 or more")
    if name in RATES:
        if value > 100:
            raise ValueError(f"{name}: a rate falls by at most 100 percentage points")
        return Threshold(measure=name, limit=value / 100)
    if name in COUNTS:
        if percent or value != int(value):
            raise ValueError(f"{name} counts issues, a whole number such as {name}:0")
        return Threshold(measure=name, limit=value)
    return Threshold(measure=name, limit=value / 100 if percent else value, relative=percent)


def _number(value: float) -> str:
    return f"{value:g}"

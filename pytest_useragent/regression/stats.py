"""Statistics of repeated sessions: Wilson intervals for rates, Newcombe's interval for the change between two rates,
medians. Pure.

Why Wilson: a persona's goal success over 3-10 sessions is a proportion near 0 or 1 with a small n, where the normal
("Wald") interval collapses to nothing (5 of 5 gives [1, 1]) or runs past [0, 1]; Wilson's score interval does
neither and is the usual choice for small binomial samples. Why Newcombe (his "method 10", the hybrid score interval
for a difference of two proportions): it is built from the two Wilson intervals, so a comparison of two runs agrees
with the intervals each report shows, and it stays sensible at 0 and 1.

Steps and cost are not rates: their sessions' values are skewed (one session that wanders takes three times the
steps), so the median stands for them, with its distribution-free interval from order statistics (the k-th smallest
and largest values, k from the binomial distribution with p = 1/2), which assumes nothing about their shape.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ConfigDict

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


class Interval(BaseModel):
    """A 95% interval [low, high]."""

    model_config = ConfigDict(frozen=True)

    low: float
    high: float


class Rate(BaseModel):
    """`hits` of `total`, with its Wilson 95% interval."""

    model_config = ConfigDict(frozen=True)

    hits: int
    total: int
    interval: Interval

    @property
    def value(self) -> float:
        return self.hits / self.total if self.total else 0.0


def rate(hits: int, total: int) -> Rate:
    return Rate(hits=hits, total=total, interval=wilson(hits, total))


def goal_rate(reached: Iterable[bool | None]) -> Rate:
    """Goals reached of the sessions that had one: a session that explored (None) had no goal, and counts for
    neither."""
    had = [value for value in reached if value is not None]
    return rate(sum(had), len(had))


def wilson(hits: int, total: int, z: float = Z95) -> Interval:
    """Wilson's score interval of `hits` successes in `total` trials; [0, 1] when there were none."""
    if total <= 0:
        return Interval(low=0.0, high=1.0)
    if not 0 <= hits <= total:
        raise ValueError(f"{hits} successes of {total} trials")
    p = hits / total
    z2 = z * z
    denominator = 1 + z2 / total
    centre = (p + z2 / (2 * total)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total))
    # at 0 and n the bound is exactly 0 and 1; rounding must not leave -1e-17 or 1.0000000000000002
    return Interval(
        low=0.0 if hits == 0 else max(0.0, centre - half), high=1.0 if hits == total else min(1.0, centre + half)
    )


def newcombe(before: Rate, now: Rate) -> Interval:
    """The 95% interval of the change `now - before` of two independent rates (Newcombe 1998, method 10)."""
    d = now.value - before.value
    low = d - math.sqrt((now.value - now.interval.low) ** 2 + (before.interval.high - before.value) ** 2)
    high = d + math.sqrt((now.interval.high - now.value) ** 2 + (before.value - before.interval.low) ** 2)
    return Interval(low=max(-1.0, low), high=min(1.0, high))


def median_interval(values: Sequence[float]) -> Interval:
    """The distribution-free interval of the median of `values`: [x(k), x(n+1-k)] for the largest k whose two tails
    hold at most 5% together (Binomial(n, 1/2)). Below six values no order statistic reaches 95%: the range is the
    widest there is (5 values: 94%)."""
    ordered = sorted(values)
    n = len(ordered)
    if n == 0:
        return Interval(low=0.0, high=0.0)
    k, tail = 1, 0.5**n  # tail = P(Binomial(n, 1/2) < k), for k = 1
    while k < n // 2:
        nxt = tail + math.comb(n, k) * 0.5**n
        if 2 * nxt > 0.05:
            break
        k, tail = k + 1, nxt
    return Interval(low=float(ordered[k - 1]), high=float(ordered[n - k]))


def median(values: Sequence[float]) -> float:
    """The median; 0.0 of nothing."""
    return float(statistics.median(values)) if values else 0.0

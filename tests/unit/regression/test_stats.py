"""Wilson and Newcombe intervals against values worked out by hand (z = 1.96)."""

from __future__ import annotations

import pytest

from pytest_useragent.regression.stats import Interval, median, median_interval, newcombe, rate, wilson


@pytest.mark.parametrize(
    ("hits", "total", "low", "high"),
    [
        # p=0, n=1: centre = (z²/2)/(1+z²) = 0.39673, half = z/(1+z²)·z/2 = 0.39673
        (0, 1, 0.0, 0.79345),
        (1, 1, 0.20655, 1.0),
        # p=1, n=5: centre = (1 + z²/10)/(1 + z²/5) = 0.78276, half = z/(1 + z²/5)·√(z²/100) = 0.21724
        (5, 5, 0.56552, 1.0),
        (0, 5, 0.0, 0.43448),
        # p=.8, n=5: centre = 0.66965, half = 1.10839·√(0.032 + 0.038415) = 0.29412
        (4, 5, 0.37553, 0.96378),
        # p=.8, n=10: centre = 0.71674, half = 1.41598·√(0.016 + 0.0096037) = 0.22658
        (8, 10, 0.49016, 0.94332),
    ],
)
def test_wilson_interval(hits, total, low, high):
    interval = wilson(hits, total)
    assert interval.low == pytest.approx(low, abs=5e-5) and interval.high == pytest.approx(high, abs=5e-5)


def test_wilson_of_nothing_is_everything_and_a_bad_count_is_refused():
    assert wilson(0, 0) == Interval(low=0.0, high=1.0)
    with pytest.raises(ValueError):
        wilson(6, 5)


def test_newcombe_one_lost_of_five_is_within_chance():
    # d = -0.2; high = d + √((0.96378-0.8)² + (1-0.56552)²) = 0.26432; low = d - √((0.8-0.37553)² + 0) = -0.62447
    change = newcombe(rate(5, 5), rate(4, 5))
    assert change.low == pytest.approx(-0.62447, abs=5e-5) and change.high == pytest.approx(0.26432, abs=5e-5)


def test_newcombe_all_lost_of_five_is_a_real_drop():
    # d = -1; high = -1 + √(0.43448² + 0.43448²) = -0.38555
    change = newcombe(rate(5, 5), rate(0, 5))
    assert change.high == pytest.approx(-0.38555, abs=5e-5) and change.low == -1.0


def test_median():
    assert median([3, 1, 2]) == 2 and median([4, 1, 2, 3]) == 2.5 and median([]) == 0.0


@pytest.mark.parametrize(
    ("n", "low", "high"),
    [(1, 1, 1), (5, 1, 5), (6, 1, 6), (10, 2, 9), (20, 6, 15), (50, 18, 33)],  # the order statistics of the tables
)
def test_the_median_interval_takes_the_order_statistics_of_a_95_percent_binomial_cover(n, low, high):
    values = [float(v) for v in range(n, 0, -1)]  # unordered on purpose
    assert median_interval(values) == Interval(low=low, high=high)

"""Tests for lib.core.rates: Wilson score, pooled and Student t intervals."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from lib.core import rates


def _wilson_by_hand(s, n, z):
    """Closed form of the Wilson score interval (Wilson 1927)."""
    p = s / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return p, centre - half, centre + half


@pytest.mark.parametrize("s, n", [(0, 10), (1, 10), (5, 10), (10, 10), (3, 500), (47, 1000), (1, 1)])
@pytest.mark.parametrize("confidence", [0.9, 0.95, 0.99])
def test_wilson_matches_scipy_binomtest(s, n, confidence):
    rate, lo, hi = rates.wilson_interval(s, n, confidence)
    ci = stats.binomtest(s, n).proportion_ci(confidence_level=confidence, method="wilson")
    assert rate == pytest.approx(s / n)
    assert lo == pytest.approx(ci.low, abs=1e-12)
    assert hi == pytest.approx(ci.high, abs=1e-12)


def test_wilson_hand_value_at_95_percent():
    # 5 of 20 with z = 1.959964: centre = (0.25 + 0.0960365) / 1.192073 = 0.290320,
    # half = z * sqrt(0.009375 + 0.0024009) / 1.192073 = 0.178393
    rate, lo, hi = rates.wilson_interval(5, 20)
    assert rate == 0.25
    assert lo == pytest.approx(0.111862, abs=2e-6)
    assert hi == pytest.approx(0.468701, abs=2e-6)
    _, lo2, hi2 = _wilson_by_hand(5.0, 20.0, stats.norm.ppf(0.975))
    assert (lo, hi) == pytest.approx((lo2, hi2), abs=1e-14)


def test_wilson_is_vectorised_and_equals_elementwise_calls():
    s = np.array([0, 3, 7, 20])
    n = np.array([20, 20, 40, 20])
    rate, lo, hi = rates.wilson_interval(s, n)
    assert rate.shape == lo.shape == hi.shape == (4,)
    for i in range(4):
        r1, l1, h1 = rates.wilson_interval(s[i], n[i])
        assert (rate[i], lo[i], hi[i]) == pytest.approx((r1, l1, h1), abs=1e-15)
    # broadcasting a scalar number of trials
    r2, l2, h2 = rates.wilson_interval(np.array([0, 5, 10]), 10)
    np.testing.assert_allclose(r2, [0.0, 0.5, 1.0])
    np.testing.assert_allclose(l2 + h2[::-1], 1.0, atol=1e-12)  # symmetric about 1/2


def test_wilson_at_rates_zero_and_one_stays_in_unit_interval():
    rate, lo, hi = rates.wilson_interval(0, 50)
    assert rate == 0 and lo == pytest.approx(0.0, abs=1e-15) and 0 < hi < 0.1
    z = stats.norm.ppf(0.975)
    assert hi == pytest.approx(z * z / (50 + z * z), abs=1e-12)  # closed form at s = 0
    rate, lo, hi = rates.wilson_interval(50, 50)
    assert rate == 1 and hi == 1.0 and 0.9 < lo < 1
    assert lo == pytest.approx(50 / (50 + z * z), abs=1e-12)
    s = np.arange(0, 31)
    _, lo, hi = rates.wilson_interval(s, 30)
    assert (lo >= 0).all() and (hi <= 1).all()
    # the interval contains the observed rate exactly (the float bound is clamped to it at s = 0 and s = n)
    assert (lo <= s / 30).all() and (s / 30 <= hi).all()


def test_wilson_widens_with_confidence_and_narrows_with_trials():
    _, lo90, hi90 = rates.wilson_interval(30, 100, 0.90)
    _, lo99, hi99 = rates.wilson_interval(30, 100, 0.99)
    assert lo99 < lo90 and hi90 < hi99
    _, lo_big, hi_big = rates.wilson_interval(300, 1000)
    _, lo_small, hi_small = rates.wilson_interval(30, 100)
    assert hi_big - lo_big < hi_small - lo_small


@pytest.mark.parametrize("s, n", [(0, 0), (1, 0), (-1, 10), (11, 10), ([1, 2], [5, 0]), (3, -2)])
def test_wilson_rejects_invalid_counts(s, n):
    with pytest.raises(ValueError, match="0 <= successes <= trials"):
        rates.wilson_interval(s, n)


def test_pooled_interval_sums_rejections_and_trials():
    curve = pd.DataFrame({"rejections": [1, 4, 0], "trials": [50, 50, 100]})
    rate, lo, hi = rates.pooled_interval(curve)
    expected = rates.wilson_interval(5, 200)
    assert (rate, lo, hi) == pytest.approx(expected, abs=1e-15)
    assert rate == pytest.approx(0.025)
    assert all(isinstance(v, float) for v in (rate, lo, hi))
    # a plain mapping works too
    assert rates.pooled_interval({"rejections": [1, 4, 0], "trials": [50, 50, 100]}) == (rate, lo, hi)


def test_pooled_interval_of_empty_curve_raises():
    with pytest.raises(ValueError, match="trials > 0"):
        rates.pooled_interval(pd.DataFrame({"rejections": [], "trials": []}))


@pytest.mark.parametrize("confidence", [0.9, 0.95])
def test_t_interval_matches_scipy(confidence):
    x = np.random.default_rng(0).normal(3.0, 2.0, size=12)
    mean, sd, lo, hi = rates.t_interval(x, confidence)
    assert mean == pytest.approx(x.mean(), abs=1e-14)
    assert sd == pytest.approx(np.std(x, ddof=1), abs=1e-14)
    elo, ehi = stats.t.interval(confidence, len(x) - 1, loc=x.mean(), scale=stats.sem(x))
    assert lo == pytest.approx(elo, abs=1e-12) and hi == pytest.approx(ehi, abs=1e-12)


def test_t_interval_hand_case_two_values():
    # x = (0, 2): mean 1, sd sqrt(2), half = t_{0.975, 1} * sqrt(2) / sqrt(2) = 12.7062
    mean, sd, lo, hi = rates.t_interval([0.0, 2.0])
    assert mean == 1.0 and sd == pytest.approx(np.sqrt(2.0))
    assert hi - mean == pytest.approx(12.706205, abs=1e-5)
    assert mean - lo == pytest.approx(hi - mean)


def test_t_interval_constant_values_have_zero_width():
    mean, sd, lo, hi = rates.t_interval([0.4] * 5)
    assert mean == pytest.approx(0.4) and sd == pytest.approx(0.0, abs=1e-15)
    assert lo == pytest.approx(0.4) and hi == pytest.approx(0.4)


def test_t_interval_with_fewer_than_two_values_is_nan():
    mean, sd, lo, hi = rates.t_interval([0.7])
    assert mean == 0.7 and np.isnan(sd) and np.isnan(lo) and np.isnan(hi)
    assert all(np.isnan(v) for v in rates.t_interval([]))

"""Judgements several claims share: comparisons of rates with their intervals, and how a
reproduced value is written. Rates are judged by their 95 % intervals (Wilson for pooled
trials, t for means over independent units), so a verdict does not flip with the seed unless
the evidence is marginal."""

from __future__ import annotations

import numpy as np


def fmt_rate(rate: float, lo: float, hi: float) -> str:
    return f"{rate:.3f} [{lo:.3f}, {hi:.3f}]"


def fmt_series(x, rate, lo, hi) -> str:
    """'x: rate [lo, hi]; ...' for a curve."""
    return "; ".join(f"{xi:g}: {fmt_rate(r, a, b)}" for xi, r, a, b in zip(x, rate, lo, hi))


def falls_as_x_rises(rate, lo, hi) -> bool:
    """True when the first rate is significantly above the last (intervals disjoint) and no
    step from one x to the next is a significant rise. Inputs are ordered by increasing x."""
    rate, lo, hi = map(np.asarray, (rate, lo, hi))
    significant_fall = lo[0] > hi[-1]
    significant_rise = np.any(lo[1:] > hi[:-1])
    return bool(significant_fall and not significant_rise)


def no_significant_fall(lo, hi) -> bool:
    """Rates ordered by increasing x never fall significantly from one x to the next."""
    lo, hi = np.asarray(lo), np.asarray(hi)
    return not bool(np.any(lo[:-1] > hi[1:]))


def significantly_below(hi_a, lo_b) -> bool:
    """Rate a is below rate b: a's interval lies wholly below b's."""
    return bool(np.all(np.asarray(hi_a) < np.asarray(lo_b)))


def not_above(lo_a, hi_b) -> bool:
    """Rate a is at or below rate b: a is not significantly above b."""
    return bool(np.all(np.asarray(lo_a) <= np.asarray(hi_b)))


def overlaps(lo: float, hi: float, low: float, high: float) -> bool:
    """The interval [lo, hi] meets the target band [low, high]."""
    return bool(lo <= high and hi >= low)

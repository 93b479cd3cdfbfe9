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


# ---- judgements that say when the run's evidence could not have decided them ------------------
# A check that cannot come out the other way at the run's scale is no evidence: these return the
# verdict ``unverifiable`` (with the width and the scale that would decide it) instead of a pass
# that was never at risk.
def scale_factor(width: float, target: float) -> float:
    """How many times the run's units (trials, networks) would shrink an interval of ``width`` to
    ``target``: a 95 % interval narrows as one over the square root of the sample size."""
    return float("inf") if target <= 0 else float((width / target) ** 2)


def _times(factor: float) -> str:
    return "more units than any run" if not np.isfinite(factor) else f"about {max(factor, 1.0):.0f}x"


def band(lo: float, hi: float, low: float, high: float, units: str) -> tuple[str, str]:
    """A value 'about v' judged by its 95 % interval ``[lo, hi]`` against the band ``[low, high]``:
    ``fail`` when the interval misses the band; ``pass`` when it meets the band and is no wider than
    it; otherwise ``unverifiable`` -- an interval wider than the band meets it for values on either
    side of it, so meeting it decides nothing. Returns ``(verdict, why)``."""
    width, target = hi - lo, high - low
    if not overlaps(lo, hi, low, high):
        return "fail", ""
    if width <= target:
        return "pass", ""
    return "unverifiable", (
        f"at this scale: the interval ({width:.3f} wide) is wider than the band ({target:.3f}); "
        f"{_times(scale_factor(width, target))} the {units} would decide it"
    )


def below_in_cells(a_lo, a_hi, b_lo, b_hi, units: str) -> tuple[str, str, int, int]:
    """'A below B' over cells (levels, grid points), each judged by 95 % intervals: ``fail`` when A
    is significantly above B in any cell; ``pass`` when A is significantly below B in more than half
    of the cells; otherwise ``unverifiable`` at this scale (too few cells decide it either way).
    Returns ``(verdict, why, cells below, cells)``."""
    a_lo, a_hi, b_lo, b_hi = map(lambda v: np.asarray(v, float), (a_lo, a_hi, b_lo, b_hi))
    below, above, cells = int(np.sum(a_hi < b_lo)), int(np.sum(a_lo > b_hi)), int(a_lo.size)
    if above:
        return "fail", "", below, cells
    if 2 * below > cells:
        return "pass", "", below, cells
    # the undecided cell nearest to deciding: its overlap against the gap between the midpoints
    undecided = ~(a_hi < b_lo)
    gap = np.abs((b_lo + b_hi) - (a_lo + a_hi))[undecided] / 2
    width = ((a_hi - a_lo) + (b_hi - b_lo))[undecided] / 2
    factor = float(np.min(np.where(gap > 0, (width / np.where(gap > 0, gap, 1)) ** 2, np.inf))) if gap.size else 1.0
    return (
        "unverifiable",
        f"at this scale: {below} of {cells} cells decide it (intervals disjoint); in the others the intervals "
        f"overlap: {_times(factor)} the {units} would decide the closest",
        below,
        cells,
    )

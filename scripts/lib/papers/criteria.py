"""Judgements several claims share: comparisons of rates with their intervals, and how a
reproduced value is written. Rates are judged by their 95 % intervals (Wilson for pooled
trials, t for means over independent units), so a verdict does not flip with the seed unless
the evidence is marginal."""

from __future__ import annotations

import numpy as np
from scipy import special

from ..core.rates import t_interval


def fmt_rate(rate: float, lo: float, hi: float) -> str:
    return f"{rate:.3f} [{lo:.3f}, {hi:.3f}]"


def fmt_series(x, rate, lo, hi) -> str:
    """'x: rate [lo, hi]; ...' for a curve."""
    return "; ".join(f"{xi:g}: {fmt_rate(r, a, b)}" for xi, r, a, b in zip(x, rate, lo, hi))


def fmt_row(row) -> str:
    """A figure table's row: its rate with the interval (columns rate, rate_low, rate_high)."""
    return fmt_rate(row["rate"], row["rate_low"], row["rate_high"])


def fmt_curve(curve, x: str = "prop_labeled") -> str:
    """A figure table's curve along ``x`` (columns rate, rate_low, rate_high)."""
    return fmt_series(curve[x], curve["rate"], curve["rate_low"], curve["rate_high"])


def series(curve):
    """A curve's ``rate``, ``rate_low`` and ``rate_high`` as arrays."""
    return curve["rate"].to_numpy(), curve["rate_low"].to_numpy(), curve["rate_high"].to_numpy()


def spearmanr(x, y):
    """scipy's Spearman rho and p-value (average ranks for ties); imported when used: scipy.stats
    costs ~0.5 s of import in every job and Snakefile parse that loads this module."""
    from scipy import stats

    return stats.spearmanr(x, y)


def method_curve(table, method: str, x: str):
    """The rows of ``method`` in a figure's table (column method), sorted by the x axis ``x``."""
    return table[table["method"] == method].sort_values(x)


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
#: How the network studies' claims describe their interval: trials cluster within the evaluation
#: networks, so a rate is judged by the t interval of its per-network rates.
NETWORK_INTERVAL = "95% t-interval over the evaluation networks' rates"


class Judgement(tuple):
    """A judgement ``(verdict, why, ...)`` that also says which way an undecided one leans
    (``lean``: ``pass`` when the point estimate meets the criterion, ``fail`` when it does not,
    ``""`` when it points neither way). Compares and unpacks as the plain tuple."""

    lean: str

    def __new__(cls, *items, lean: str = ""):
        judgement = super().__new__(cls, items)
        judgement.lean = lean
        return judgement


def _lean(ok) -> str:
    return "pass" if bool(ok) else "fail"


def relative_reduction_interval(before, after) -> tuple[float, float, float]:
    """``(reduction, low, high)``: the relative reduction 1 - after / before of a rate given as
    ``(rate, low, high)`` before and after, with the range its two intervals allow (their extremes
    combined; -inf when ``before`` may be 0, where a relative reduction is undefined)."""

    def ratio(num, den):
        return num / den if den > 0 else (np.inf if num > 0 else 0.0)

    value = 1.0 - after[0] / before[0] if before[0] > 0 else np.nan
    return value, 1.0 - ratio(after[2], before[1]), 1.0 - ratio(after[1], before[2])


def scale_factor(width: float, target: float) -> float:
    """How many times the run's units (trials, networks) would shrink an interval of ``width`` to
    ``target``: a 95 % interval narrows as one over the square root of the sample size."""
    return float("inf") if target <= 0 else float((width / target) ** 2)


def _times(factor: float) -> str:
    if not np.isfinite(factor):
        return "more units than any run"
    # below 2x one decimal: "about 1x" would read as "this scale decides it"
    return f"about {max(factor, 1.0):.1f}x" if factor < 2 else f"about {factor:.0f}x"


def band(lo: float, hi: float, low: float, high: float, units: str, value: float | None = None) -> Judgement:
    """A value 'about v' judged by its 95 % interval ``[lo, hi]`` against the band ``[low, high]``:
    ``fail`` when the interval misses the band; ``pass`` when it meets the band and is no wider than
    it; otherwise ``unverifiable`` -- an interval wider than the band meets it for values on either
    side of it, so meeting it decides nothing -- leaning by whether the estimate ``value`` (default:
    the interval's middle) lies in the band. Returns ``(verdict, why)``."""
    width, target = hi - lo, high - low
    if not overlaps(lo, hi, low, high):
        return Judgement("fail", "")
    if width <= target:
        return Judgement("pass", "")
    estimate = (lo + hi) / 2 if value is None else value
    return Judgement(
        "unverifiable",
        f"at this scale: the interval ({width:.3f} wide) is wider than the band ({target:.3f}); "
        f"{_times(scale_factor(width, target))} the {units} would decide it",
        lean=_lean(low <= estimate <= high),
    )


def below_value(rate, lo, hi, value: float, units: str) -> Judgement:
    """'Below ``value``' at every cell from rates with 95 % intervals ``[lo, hi]``: ``fail`` when an
    interval lies wholly above it, ``pass`` when every interval lies at or below it, otherwise
    ``unverifiable`` at this scale -- an interval that reaches down to the value also reaches rates
    well above it, so reaching down decides nothing."""
    rate, lo, hi = (np.asarray(v, float) for v in (rate, lo, hi))
    if np.any(lo > value):
        return Judgement("fail", "")
    lean = _lean(np.all(rate <= value))
    if np.isnan(hi).any():  # a single unit (e.g. one evaluation network) has no interval
        return Judgement(
            "unverifiable", f"at this scale: one of the {units} gives no interval; at least two would", lean=lean
        )
    if np.all(hi <= value):
        return Judgement("pass", "")
    open_ = hi > value
    # an open cell is decided when its half-width on the value's side shrinks below the rate's
    # distance to the value: the upper one for a rate below the value (it would pass), the lower
    # one for a rate above it (it would fail)
    half = np.where(rate <= value, hi - rate, rate - lo)[open_]
    factor = float(np.max((half / np.maximum(np.abs(value - rate[open_]), 1e-12)) ** 2))
    return Judgement(
        "unverifiable",
        f"at this scale: {int(open_.sum())} of {lo.size} intervals reach above {value:g} "
        f"(highest {hi.max():.3f}); {_times(factor)} the {units} would decide it",
        lean=lean,
    )


#: How many cells an "A below B" claim needs decided: more than half (a curve that mostly lies
#: below), every one ("at every level"), or one ("wholly below at one or more").
CELLS_NEEDED = {
    "most": lambda below, cells: 2 * below > cells,
    "all": lambda below, cells: below == cells,
    "any": lambda below, cells: below >= 1,
}
_NEEDED_WORDS = {"most": "more than half", "all": "every one", "any": "one"}


def below_in_cells(a_lo, a_hi, b_lo, b_hi, units: str, need: str = "most") -> Judgement:
    """'A below B' over cells (levels, grid points), each judged by 95 % intervals: ``fail`` when A
    is significantly above B in any cell; ``pass`` when A is significantly below B in the cells
    ``need`` asks for (:data:`CELLS_NEEDED`: more than half, all, or any one); otherwise
    ``unverifiable`` at this scale (too few cells decide it either way). A single cell is the
    three-way test of 'A's interval wholly below B's': overlapping intervals decide nothing; an
    undecided one leans by whether A's interval middle lies below B's in the cells ``need`` asks for.
    Returns ``(verdict, why, cells below, cells)``."""
    a_lo, a_hi, b_lo, b_hi = (np.atleast_1d(np.asarray(v, float)) for v in (a_lo, a_hi, b_lo, b_hi))
    below, above, cells = int(np.sum(a_hi < b_lo)), int(np.sum(a_lo > b_hi)), int(a_lo.size)
    if above:
        return Judgement("fail", "", below, cells)
    if CELLS_NEEDED[need](below, cells):
        return Judgement("pass", "", below, cells)
    # the undecided cell nearest to deciding: its overlap against the gap between the midpoints
    undecided = ~(a_hi < b_lo)
    gap = np.abs((b_lo + b_hi) - (a_lo + a_hi))[undecided] / 2
    width = ((a_hi - a_lo) + (b_hi - b_lo))[undecided] / 2
    factor = float(np.min(np.where(gap > 0, (width / np.where(gap > 0, gap, 1)) ** 2, np.inf))) if gap.size else 1.0
    why = (
        f"at this scale: {below} of {cells} cells decide it ({_NEEDED_WORDS[need]} needed; intervals disjoint); "
        f"in the others the intervals overlap: {_times(factor)} the {units} would decide the closest"
        if cells > 1
        else f"at this scale: the 95 % intervals overlap; {_times(factor)} the {units} would decide it"
    )
    middles_below = int(np.sum((a_lo + a_hi) < (b_lo + b_hi)))
    return Judgement("unverifiable", why, below, cells, lean=_lean(CELLS_NEEDED[need](middles_below, cells)))


def above_in_cells(a_lo, a_hi, b_lo, b_hi, units: str, need: str = "most") -> Judgement:
    """'A above B': :func:`below_in_cells` with the roles swapped (B below A)."""
    return below_in_cells(b_lo, b_hi, a_lo, a_hi, units, need)


def above_by_factor(a, b, factor: float, units: str) -> Judgement:
    """'A well above B' for two ``(rate, low, high)`` triples: A's interval wholly above B's
    (three-way, :func:`above_in_cells`) and A's rate at least ``factor`` times B's."""
    return all_of(
        {
            "above": above_in_cells(a[1], a[2], b[1], b[2], units),
            "ratio": Judgement("pass" if a[0] >= factor * b[0] else "fail", ""),
        }
    )


# ---- orders and ties of means over units (data sets) --------------------------------------------
# A statement about curves averaged over data sets ("NB has the highest AUC") is a statement about
# the data sets' mean: its evidence is the paired difference per data set, judged by its t-interval.
def paired_difference(diffs) -> tuple[float, float, float]:
    """``(mean, low, high)``: the 95 % t-interval of the mean of per-unit paired differences."""
    mean, _, lo, hi = t_interval(diffs)
    return float(mean), float(lo), float(hi)


def above(diffs, units: str) -> Judgement:
    """'A above B' from the per-unit differences A - B: ``pass`` when the paired 95 % interval lies
    above 0, ``fail`` when it lies below, otherwise ``unverifiable`` at this scale (about how many
    times the units would make an interval of this width exclude a difference of this size)."""
    mean, lo, hi = paired_difference(diffs)
    return above_interval(mean, lo, hi, f"the paired 95 % interval over the {len(np.asarray(diffs))} {units}", units)


def above_interval(value: float, lo: float, hi: float, interval: str, units: str) -> Judgement:
    """'A above B' from the interval ``[lo, hi]`` of A - B (described by ``interval``), as :func:`above`;
    an undecided one leans by the sign of the estimate ``value``."""
    if lo > 0:
        return Judgement("pass", "")
    if hi < 0:
        return Judgement("fail", "")
    factor = scale_factor((hi - lo) / 2, abs(value))
    return Judgement(
        "unverifiable",
        f"at this scale: {interval} [{lo:+.4f}, {hi:+.4f}] contains 0; "
        f"{_times(factor)} the {units} would decide a difference of {value:+.4f}",
        lean="pass" if value > 0 else "fail" if value < 0 else "",
    )


def all_of(judgements: dict) -> Judgement:
    """Several judgements that must all hold (``{label: (verdict, why, ...)}``): ``fail`` when any
    fails, ``pass`` when all pass, otherwise ``unverifiable`` with the undecided ones' reasons,
    leaning ``fail`` when any of them leans fail, ``pass`` when every one leans pass."""
    verdicts = {label: j[0] for label, j in judgements.items()}
    if "fail" in verdicts.values():
        return Judgement("fail", "")
    if all(v == "pass" for v in verdicts.values()):
        return Judgement("pass", "")
    leans = [getattr(j, "lean", "") for j in judgements.values() if j[0] != "pass"]
    lean = "fail" if "fail" in leans else "pass" if all(v == "pass" for v in leans) else ""
    why = "; ".join(f"{label}: {j[1]}" for label, j in judgements.items() if j[0] != "pass")
    return Judgement("unverifiable", why, lean=lean)


def within(lo: float, hi: float, tolerance: float, units: str) -> Judgement:
    """'A and B are the same to within ``tolerance``' from the interval ``[lo, hi]`` of A - B:
    ``pass`` when it lies inside [-tolerance, tolerance], ``fail`` when it misses that band,
    otherwise ``unverifiable`` at this scale, leaning by whether the interval's middle lies inside."""
    if -tolerance <= lo and hi <= tolerance:
        return Judgement("pass", "")
    if hi < -tolerance or lo > tolerance:
        return Judgement("fail", "")
    # the edge of the band nearest the interval's middle decides: shrink the half-width below the distance
    middle, half = (lo + hi) / 2, (hi - lo) / 2
    factor = scale_factor(half, min(abs(middle - tolerance), abs(middle + tolerance)))
    return Judgement(
        "unverifiable",
        f"at this scale: the 95 % interval of the difference [{lo:+.4f}, {hi:+.4f}] straddles the tolerance "
        f"+-{tolerance:g}; {_times(factor)} the {units} would decide it",
        lean=_lean(abs(middle) <= tolerance),
    )


def jackknife_interval(statistic, n: int) -> tuple[float, float, float]:
    """``(value, low, high)``: a statistic of ``n`` units (``statistic(keep)``, ``keep`` a boolean
    mask of the units used) with its 95 % jackknife t-interval. Deterministic, for statistics of a
    mean curve (e.g. how erratic it is) that have no closed-form standard error."""
    every = np.ones(n, bool)
    value = float(statistic(every))
    leave_one_out = np.array([statistic(np.arange(n) != i) for i in range(n)], float)
    se = np.sqrt((n - 1) / n * np.sum((leave_one_out - leave_one_out.mean()) ** 2))
    half = float(special.stdtrit(n - 1, 0.975)) * se
    return value, value - half, value + half

"""lib.papers.criteria: the interval comparisons and formats several claims share."""

import numpy as np
import pytest

from lib.core import rates
from lib.papers import criteria
from lib.papers import criteria as cr


def test_formatting():
    assert cr.fmt_rate(0.05, 0.0312, 0.08) == "0.050 [0.031, 0.080]"
    assert (
        cr.fmt_series([0.1, 2], [0.5, 0.25], [0.4, 0.2], [0.6, 0.3])
        == "0.1: 0.500 [0.400, 0.600]; 2: 0.250 [0.200, 0.300]"
    )
    assert cr.fmt_series([], [], [], []) == ""


def test_falls_as_x_rises():
    # first interval wholly above the last, no significant step up
    assert cr.falls_as_x_rises([0.9, 0.5, 0.1], [0.8, 0.4, 0.05], [0.95, 0.6, 0.2])
    # overlapping ends: no significant fall
    assert not cr.falls_as_x_rises([0.5, 0.4], [0.3, 0.2], [0.6, 0.5])
    # falls overall but rises significantly in between
    assert not cr.falls_as_x_rises([0.9, 0.1, 0.6, 0.05], [0.85, 0.05, 0.5, 0.01], [0.95, 0.15, 0.7, 0.1])


def test_interval_comparisons():
    assert cr.not_above(0.3, 0.3) and not cr.not_above(0.31, 0.3)
    assert cr.not_above([0.1, 0.2], [0.1, 0.5]) and not cr.not_above([0.1, 0.6], [0.2, 0.5])
    assert cr.no_significant_fall([0.1, 0.2, 0.2], [0.3, 0.4, 0.5])
    assert not cr.no_significant_fall([0.1, 0.5, 0.1], [0.3, 0.7, 0.4])  # 0.5 > 0.4
    assert cr.no_significant_fall([0.1], [0.3])
    assert cr.overlaps(0.1, 0.2, 0.2, 0.3) and cr.overlaps(0.0, 1.0, 0.4, 0.5)
    assert not cr.overlaps(0.1, 0.19, 0.2, 0.3) and not cr.overlaps(0.31, 0.4, 0.2, 0.3)


def test_band_is_unverifiable_when_the_interval_is_wider_than_the_band():
    # Neville Fig. 1(c) at paper scale: RS paired 0.652 [0.343, 0.962] against [0.40, 0.60]
    verdict, why = cr.band(0.343, 0.962, 0.40, 0.60, "evaluation networks")
    assert verdict == "unverifiable"
    assert why == (
        "at this scale: the interval (0.619 wide) is wider than the band (0.200); about 10x the evaluation "
        "networks would decide it"
    )
    assert cr.band(0.45, 0.55, 0.40, 0.60, "trials") == ("pass", "")
    assert cr.band(0.35, 0.45, 0.40, 0.60, "trials") == ("pass", "")  # narrower, meets the band
    assert cr.band(0.65, 0.75, 0.40, 0.60, "trials")[0] == "fail"
    assert cr.band(0.0, 1.0, 0.40, 0.60, "trials")[0] == "unverifiable"
    assert cr.band(0.7, 1.5, 0.40, 0.60, "trials")[0] == "fail"  # misses the band however wide


def test_below_in_cells_needs_most_cells_decided():
    # Neville Fig. 1(a) at paper scale: ERS vs RRS, only 0.9 decides
    ers = ([0.428, 0.357, 0.291, 0.200, 0.085], [0.448, 0.376, 0.309, 0.216, 0.096])
    rrs = ([0.419, 0.361, 0.290, 0.214, 0.105], [0.438, 0.380, 0.308, 0.230, 0.118])
    verdict, why, below, cells = cr.below_in_cells(*ers, *rrs, "trials")
    assert (verdict, below, cells) == ("unverifiable", 1, 5)
    assert why.startswith("at this scale: 1 of 5 cells decide it")
    assert cr.below_in_cells([0.1, 0.1, 0.1], [0.2, 0.2, 0.2], [0.3, 0.3, 0.0], [0.4, 0.4, 0.5], "t")[:3] == (
        "pass",
        "",
        2,
    )
    assert cr.below_in_cells([0.1, 0.5], [0.2, 0.6], [0.3, 0.3], [0.4, 0.4], "t")[0] == "fail"  # above once
    assert cr.scale_factor(0.2, 0.1) == 4.0


def test_below_in_cells_needs_what_the_claim_says():
    a, b = ([0.1, 0.1, 0.3], [0.2, 0.2, 0.4]), ([0.3, 0.3, 0.35], [0.4, 0.4, 0.45])  # below, below, overlapping
    assert cr.below_in_cells(*a, *b, "t", need="most")[0] == "pass"
    assert cr.below_in_cells(*a, *b, "t", need="any")[0] == "pass"
    verdict, why, below, cells = cr.below_in_cells(*a, *b, "t", need="all")
    assert (verdict, below, cells) == ("unverifiable", 2, 3) and "(every one needed;" in why
    assert cr.below_in_cells(*b, *a, "t", need="any")[0] == "fail"  # above somewhere fails whatever is needed
    # a single cell: A's interval wholly below B's, wholly above, or overlapping
    assert cr.below_in_cells(0.1, 0.2, 0.3, 0.4, "t")[0] == "pass"
    assert cr.below_in_cells(0.3, 0.4, 0.1, 0.2, "t")[0] == "fail"
    verdict, why, _, _ = cr.below_in_cells(0.1, 0.3, 0.2, 0.4, "trials")
    # overlap 0.2 against a gap of 0.1 between midpoints: 4x the trials would separate them
    assert verdict == "unverifiable" and why == (
        "at this scale: the 95 % intervals overlap; about 4x the trials would decide it"
    )
    assert cr.above_in_cells(0.3, 0.4, 0.1, 0.2, "t")[0] == "pass"
    assert cr.above_in_cells(0.1, 0.2, 0.3, 0.4, "t")[0] == "fail"


def test_above_by_factor_needs_the_order_and_the_ratio():
    assert cr.above_by_factor((0.30, 0.25, 0.35), (0.10, 0.08, 0.12), 2, "t")[0] == "pass"
    assert cr.above_by_factor((0.15, 0.13, 0.17), (0.10, 0.08, 0.12), 2, "t")[0] == "fail"  # above, not twice
    assert cr.above_by_factor((0.10, 0.08, 0.12), (0.30, 0.25, 0.35), 2, "t")[0] == "fail"  # below
    verdict, why = cr.above_by_factor((0.04, 0.02, 0.06), (0.02, 0.01, 0.04), 2, "trials")
    assert verdict == "unverifiable" and why.startswith("above: at this scale")


# ---- orders and ties over units -----------------------------------------------------------------
def test_above_decides_only_when_the_paired_interval_excludes_zero():
    assert criteria.above([0.02, 0.03, 0.025, 0.021], "data sets")[0] == "pass"
    assert criteria.above([-0.02, -0.03, -0.025, -0.021], "data sets")[0] == "fail"
    # Raeder's 5x2 AUC: NB 0.003 below J48 on average, data sets spread by a few hundredths
    verdict, why = criteria.above([-0.03, 0.02, 0.01, -0.02, 0.004, -0.002], "data sets")
    assert verdict == "unverifiable" and "contains 0" in why and "the data sets would decide" in why


def test_within_needs_the_whole_interval_inside_the_tolerance():
    assert criteria.within(-0.004, 0.006, 0.01, "data sets")[0] == "pass"
    assert criteria.within(0.012, 0.02, 0.01, "data sets")[0] == "fail"
    assert criteria.within(-0.002, 0.025, 0.01, "data sets")[0] == "unverifiable"


def test_all_of_fails_on_any_fail_and_passes_only_when_all_pass():
    passing, failing, open_ = ("pass", ""), ("fail", ""), ("unverifiable", "too wide")
    assert criteria.all_of({"a": passing, "b": passing}) == ("pass", "")
    assert criteria.all_of({"a": passing, "b": failing, "c": open_})[0] == "fail"
    assert criteria.all_of({"a": passing, "c": open_}) == ("unverifiable", "c: too wide")


def test_jackknife_interval_of_a_mean_is_the_t_interval():
    x = np.array([0.1, 0.4, 0.35, 0.2, 0.3])
    value, lo, hi = criteria.jackknife_interval(lambda keep: x[keep].mean(), len(x))
    mean, _, t_lo, t_hi = rates.t_interval(x)
    assert value == pytest.approx(mean) and (lo, hi) == pytest.approx((t_lo, t_hi))


def test_below_value_passes_only_intervals_that_stay_below():
    assert criteria.below_value([0.003, 0.02], [0.0, 0.0], [0.01, 0.046], 0.05, "networks")[0] == "pass"
    assert criteria.below_value([0.003, 0.075], [0.0, 0.06], [0.01, 0.09], 0.05, "networks")[0] == "fail"
    # Neville Fig. 1(c) NCV unpaired at 20 %: 0.030 [0.000, 0.077] also admits rates of 0.07
    verdict, why = criteria.below_value([0.03, 0.003], [0.0, 0.0], [0.077, 0.010], 0.05, "networks")
    assert verdict == "unverifiable" and "1 of 2 intervals reach above 0.05" in why and "about 6x" in why
    # a rate above the value is decided (as a fail) once the lower half-width shrinks below its distance
    verdict, why = criteria.below_value([0.869], [0.706], [1.0], 0.8, "networks")
    assert verdict == "unverifiable" and "about 6x" in why
    # one network: no interval, nothing decided (and no crash)
    verdict, why = criteria.below_value([0.5], [np.nan], [np.nan], 0.8, "networks")
    assert verdict == "unverifiable" and "no interval" in why


def test_relative_reduction_interval_combines_the_extremes():
    # 0.20 [0.10, 0.30] -> 0.05 [0.02, 0.08]: 75 %, from 1 - 0.08/0.10 to 1 - 0.02/0.30
    value, lo, hi = criteria.relative_reduction_interval((0.20, 0.10, 0.30), (0.05, 0.02, 0.08))
    assert value == pytest.approx(0.75) and lo == pytest.approx(0.2) and hi == pytest.approx(1 - 0.02 / 0.30)
    # a rate that may be 0 before has no relative reduction
    assert criteria.relative_reduction_interval((0.1, 0.0, 0.2), (0.05, 0.0, 0.1))[1] == -np.inf


def test_undecided_judgements_lean_by_their_point_estimates():
    # band: an interval wider than the band, its estimate inside (pass) or outside (fail)
    assert cr.band(0.1, 0.5, 0.25, 0.35, "networks").lean == "pass"
    assert cr.band(0.1, 0.5, 0.25, 0.35, "networks", value=0.45).lean == "fail"
    assert cr.band(0.28, 0.32, 0.25, 0.35, "networks").lean == ""  # decided: no lean
    # below a value: rates below it but intervals reaching above lean pass; a rate above leans fail
    assert cr.below_value([0.04, 0.03], [0.01, 0.01], [0.07, 0.06], 0.05, "networks").lean == "pass"
    assert cr.below_value([0.06, 0.03], [0.04, 0.01], [0.09, 0.06], 0.05, "networks").lean == "fail"
    # A below B in most cells: by the intervals' middles
    lean_of = lambda a, b: cr.below_in_cells(*a, *b, "trials").lean  # noqa: E731
    assert lean_of(([0.1, 0.1], [0.3, 0.3]), ([0.2, 0.2], [0.4, 0.4])) == "pass"
    assert lean_of(([0.2, 0.2], [0.4, 0.4]), ([0.1, 0.1], [0.3, 0.3])) == "fail"
    assert cr.above_interval(0.01, -0.02, 0.04, "i", "sets").lean == "pass"
    assert cr.above_interval(-0.01, -0.04, 0.02, "i", "sets").lean == "fail"
    assert cr.within(-0.015, 0.02, 0.01, "sets").lean == "pass" and cr.within(0.0, 0.05, 0.01, "sets").lean == "fail"
    # several: any undecided one leaning fail makes the whole lean fail
    wide_pass, wide_fail = cr.band(0.1, 0.5, 0.25, 0.35, "n"), cr.band(0.1, 0.5, 0.25, 0.35, "n", value=0.45)
    assert cr.all_of({"a": wide_pass, "b": ("pass", "")}).lean == "pass"
    assert cr.all_of({"a": wide_pass, "b": wide_fail}).lean == "fail"
    # a judgement still compares and unpacks as its tuple
    verdict, why, below, cells = cr.below_in_cells([0.1], [0.2], [0.3], [0.4], "trials")
    assert (verdict, below, cells) == ("pass", 1, 1) and cr.band(0.28, 0.32, 0.25, 0.35, "n") == ("pass", "")

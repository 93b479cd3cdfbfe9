"""lib.papers.criteria: the interval comparisons and formats several claims share."""

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
    assert cr.significantly_below(0.2, 0.3) and not cr.significantly_below(0.3, 0.3)
    assert cr.significantly_below([0.1, 0.2], [0.15, 0.25])
    assert not cr.significantly_below([0.1, 0.3], [0.15, 0.25])
    assert cr.not_above(0.3, 0.3) and not cr.not_above(0.31, 0.3)
    assert cr.not_above([0.1, 0.2], [0.1, 0.5]) and not cr.not_above([0.1, 0.6], [0.2, 0.5])
    assert cr.no_significant_fall([0.1, 0.2, 0.2], [0.3, 0.4, 0.5])
    assert not cr.no_significant_fall([0.1, 0.5, 0.1], [0.3, 0.7, 0.4])  # 0.5 > 0.4
    assert cr.no_significant_fall([0.1], [0.3])
    assert cr.overlaps(0.1, 0.2, 0.2, 0.3) and cr.overlaps(0.0, 1.0, 0.4, 0.5)
    assert not cr.overlaps(0.1, 0.19, 0.2, 0.3) and not cr.overlaps(0.31, 0.4, 0.2, 0.3)

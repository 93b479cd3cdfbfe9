"""Tests for lib.evaluation.summaries: per-setting rejection rates, selection and interpolation."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from lib.core.rates import wilson_interval
from lib.evaluation import summaries


def _trials():
    """Two settings (size 100 / 200) x 2 chunks x 5 trials; test "a" applies everywhere,
    test "b" only to size 100 (NaN for size 200)."""
    rows = []
    a = {100: [1, 0, 0, 0, 0, 1, 1, 0, 0, 0], 200: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1]}
    b = {100: [1, 1, 1, 1, 1, 0, 1, 1, 1, 1], 200: [np.nan] * 10}
    for size in (200, 100):  # unsorted on purpose
        for i in range(10):
            rows.append(
                {
                    "size": size,
                    "sampler": "RS",
                    "chunk": i // 5,
                    "reject_b": b[size][i],
                    "reject_a": a[size][i],
                    "acc": 0.5 + 0.01 * i if i != 3 else np.nan,
                }
            )
    return pd.DataFrame(rows)


def test_rejection_rates_counts_rates_and_wilson_bounds():
    out = summaries.rejection_rates(_trials(), ["size", "sampler"], ["acc"])
    assert list(out.columns) == [
        "size",
        "sampler",
        "test",
        "rejections",
        "trials",
        "rate",
        "rate_low",
        "rate_high",
        "chunk_rate_sd",
        "acc",
    ]
    # sorted by first key, then test; test b has no row for size 200 (it does not apply)
    assert list(zip(out["size"], out["test"])) == [(100, "a"), (100, "b"), (200, "a")]
    assert out["rejections"].tolist() == [3, 9, 1] and out["rejections"].dtype.kind == "i"
    assert out["trials"].tolist() == [10, 10, 10]
    np.testing.assert_allclose(out["rate"], [0.3, 0.9, 0.1])
    _, lo, hi = wilson_interval(np.array([3, 9, 1]), np.array([10, 10, 10]))
    np.testing.assert_allclose(out["rate_low"], lo)
    np.testing.assert_allclose(out["rate_high"], hi)
    # per-chunk rates: size 100 a: 1/5, 2/5 -> sd = 0.1*sqrt(2); b: 5/5, 4/5; size 200 a: 0, 1/5
    np.testing.assert_allclose(
        out["chunk_rate_sd"], [np.std([0.2, 0.4], ddof=1), np.std([1.0, 0.8], ddof=1), np.std([0.0, 0.2], ddof=1)]
    )
    # extra means ignore NaN: mean of 0.5 + 0.01 i for i != 3
    expected_acc = np.mean([0.5 + 0.01 * i for i in range(10) if i != 3])
    np.testing.assert_allclose(out["acc"], expected_acc)


def test_rejection_rates_without_extra_means_and_single_chunk():
    t = _trials()
    t["chunk"] = 0
    out = summaries.rejection_rates(t, ["size"], [])
    assert list(out.columns) == [
        "size",
        "test",
        "rejections",
        "trials",
        "rate",
        "rate_low",
        "rate_high",
        "chunk_rate_sd",
    ]
    assert out["chunk_rate_sd"].isna().all()  # one chunk: sd with ddof=1 is undefined


def test_rejection_rates_sort_order_test_before_other_keys():
    t = pd.concat([_trials().assign(level=lv) for lv in (0.3, 0.1)], ignore_index=True)
    out = summaries.rejection_rates(t, ["sampler", "level"], [])
    assert list(zip(out["test"], out["level"])) == [("a", 0.1), ("a", 0.3), ("b", 0.1), ("b", 0.3)]
    assert out["trials"].tolist() == [20, 20, 10, 10]  # b applies to half the trials


def test_rejection_rates_needs_reject_columns():
    with pytest.raises(ValueError, match="no reject_<test> columns"):
        summaries.rejection_rates(pd.DataFrame({"size": [1], "chunk": [0], "p_a": [0.5]}), ["size"], [])


def test_select_exact_and_float_matching():
    frame = pd.DataFrame({"sampler": ["RS", "RS", "NCV"], "level": [0.1 + 0.2, 0.5, 0.3], "n": [1, 2, 3]})
    assert summaries.select(frame, sampler="RS", level=0.3)["n"].tolist() == [1]  # 0.1 + 0.2 isclose 0.3
    assert summaries.select(frame, level=0.3)["n"].tolist() == [1, 3]
    assert summaries.select(frame, n=2)["n"].tolist() == [2]
    assert len(summaries.select(frame)) == 3
    assert summaries.select(frame, sampler="XX").empty


def test_method_curves_sorted_by_x():
    summary = pd.DataFrame(
        {
            "sampler": ["RS", "RS", "RS", "NCV"],
            "test": ["a", "a", "b", "a"],
            "x": [0.5, 0.1, 0.3, 0.2],
            "rate": [0.4, 0.2, 0.9, 0.05],
        }
    )
    curves = summaries.method_curves(summary, {"RS a": ("RS", "a"), "NCV a": ("NCV", "a"), "none": ("NCV", "b")}, "x")
    assert list(curves) == ["RS a", "NCV a", "none"]
    assert curves["RS a"]["x"].tolist() == [0.1, 0.5] and curves["RS a"]["rate"].tolist() == [0.2, 0.4]
    assert curves["NCV a"]["rate"].tolist() == [0.05]
    assert curves["none"].empty


def test_rate_at_interpolates_each_column_and_none_outside():
    curve = pd.DataFrame(
        {"x": [0.0, 1.0, 3.0], "rate": [0.1, 0.3, 0.7], "rate_low": [0.0, 0.2, 0.5], "rate_high": [0.2, 0.4, 0.9]}
    )
    assert summaries.rate_at(curve, "x", 0.5) == pytest.approx({"rate": 0.2, "rate_low": 0.1, "rate_high": 0.3})
    assert summaries.rate_at(curve, "x", 2.0) == pytest.approx({"rate": 0.5, "rate_low": 0.35, "rate_high": 0.65})
    assert summaries.rate_at(curve, "x", 3.0) == pytest.approx({"rate": 0.7, "rate_low": 0.5, "rate_high": 0.9})
    assert summaries.rate_at(curve, "x", 0.0)["rate"] == pytest.approx(0.1)
    assert summaries.rate_at(curve, "x", -0.01) is None
    assert summaries.rate_at(curve, "x", 3.01) is None


def test_clustered_interval_is_the_t_interval_over_networks():
    """Four networks rejecting at 0.65, 0.44, 0.91 and 0.61: the mean 0.65 and its t interval
    [0.34, 0.96] (3 degrees of freedom), much wider than a binomial interval over 400 pooled trials."""
    mean, low, high = summaries.clustered_interval([0.65, 0.44, 0.91, 0.61])
    assert (
        mean == pytest.approx(0.6525)
        and low == pytest.approx(0.343, abs=1e-3)
        and high == pytest.approx(0.962, abs=1e-3)
    )
    assert summaries.clustered_interval([0.0, 0.0, 0.02, 0.0])[1] == 0.0  # clipped at 0
    assert np.isnan(summaries.clustered_interval([0.3])[1])


def test_chunk_rates_and_network_intervals():
    trials = pd.DataFrame(
        {
            "level": [1] * 8,
            "chunk": [0, 0, 0, 0, 1, 1, 1, 1],
            "reject_t": [1, 1, 0, 0, 1, 0, 0, 0],
            "reject_u": [np.nan] * 4 + [1, 1, 1, 0],
        }
    )
    rates = summaries.chunk_rates(trials, ["level"])
    assert rates[rates.test == "t"]["rate"].tolist() == [0.5, 0.25]
    assert rates[rates.test == "u"][["chunk", "trials", "rate"]].values.tolist() == [[1, 4, 0.75]]
    shown = pd.DataFrame({"test": ["t"], "level": [1], "rate": [0.375]})
    out = summaries.with_network_intervals(shown, rates[rates.test == "t"], ["test", "level"])
    assert (
        out["networks"].iloc[0] == 2
        and out["rate_networks_low"].iloc[0] < 0.25 < 0.5 < out["rate_networks_high"].iloc[0]
    )


def test_curves_table_labels_and_orders_the_curves():
    curves = {
        "B": pd.DataFrame({"x": [0.1, 0.2], "rate": [0.3, 0.4], "extra": [9, 9]}),
        "A": pd.DataFrame({"x": [0.1], "rate": [0.5], "extra": [9]}),
    }
    table = summaries.curves_table(curves, ["x", "rate"])
    assert table.columns.tolist() == ["method", "x", "rate"]
    assert table.values.tolist() == [["B", 0.1, 0.3], ["B", 0.2, 0.4], ["A", 0.1, 0.5]]


def test_method_network_rates_give_each_line_and_level_its_interval():
    """Per-network rates of two lines at two levels; only the rows selected by ``equal`` count, and
    each (method, level) row of the table gets the interval of its own line's networks."""
    rates = pd.DataFrame(
        {
            "purpose": ["type1"] * 8 + ["power"] * 2,
            "sampler": ["RS"] * 4 + ["NCV"] * 4 + ["RS"] * 2,
            "test": ["paired_t"] * 10,
            "level": [0.1, 0.1, 0.3, 0.3] * 2 + [0.1, 0.1],
            "rate": [0.6, 0.8, 0.2, 0.2, 0.0, 0.1, 0.05, 0.05, 0.99, 0.99],
        }
    )
    lines = {"RS": ("RS", "paired_t"), "NCV": ("NCV", "paired_t")}
    shown = pd.DataFrame({"method": ["RS", "RS", "NCV"], "level": [0.1, 0.3, 0.1]})
    per_network = summaries.method_network_rates(rates, lines, purpose="type1")
    assert per_network["method"].tolist() == ["RS"] * 4 + ["NCV"] * 4
    out = summaries.with_network_intervals(shown, per_network, ["method", "level"])
    assert out["networks"].tolist() == [2, 2, 2]
    rs = out.iloc[0]
    assert rs.rate_networks_low < 0.6 and rs.rate_networks_high == 1.0  # the t interval of 0.6, 0.8, clipped
    assert out.iloc[1].rate_networks_low == out.iloc[1].rate_networks_high == 0.2  # equal rates: no width
    assert out.iloc[2].rate_networks_low == 0.0  # NCV's own networks (0.0, 0.1), clipped at 0

"""Neville 2009's simulated-classifier artifacts (lib.views.neville2009: fig1a, fig1a_readings,
fig1b), each built from small constructed summaries: what they plot, what their captions say and
how their claims come out."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from simulated_cases import build, quick_config, summary

from lib.views import neville2009 as views

PROPS = [0.1, 0.5, 0.9]


def curves(rates: dict[str, list[float]], test: str = "paired_t", x: str = "prop_labeled", xs=PROPS) -> list[dict]:
    return [
        {"sampler": sampler, "test": test, x: xi, "rate": rate}
        for sampler, values in rates.items()
        for xi, rate in zip(xs, values)
    ]


FIG1A_RATES = {"RRS": [0.40, 0.25, 0.10], "ERS": [0.30, 0.18, 0.08], "NCV": [0.05, 0.04, 0.05]}


def test_fig1a_shows_the_paired_t_test_and_states_its_setting(tmp_path):
    # the unpaired t-test rows of the same summary are not the figure's
    table = summary(curves(FIG1A_RATES) + curves({"RRS": [0.9, 0.9, 0.9]}, test="unpaired_t"))
    built, caption, outputs = build(views.FIG1A, {"summary": table}, quick_config(), tmp_path)

    shown = pd.read_csv(outputs["csv"])
    assert set(shown["test"]) == {"paired_t"} and len(shown) == 9
    assert list(shown["sampler"]) == ["ERS"] * 3 + ["NCV"] * 3 + ["RRS"] * 3
    assert shown.loc[shown["sampler"] == "RRS", "rate"].tolist() == FIG1A_RATES["RRS"]
    assert list(shown.columns)[-2:] == ["chunk_rate_sd", "error_correlation"]
    assert caption.startswith("Type I error of the paired t-test (α=0.05) vs proportion labeled")
    assert "300 instances in 10 groups, P(err)=0.1, errCorr=0.9; Table 7 read per_fold" in caption
    assert caption.endswith("QUICK PROFILE: 200 trials per point (the paper uses 10000); intervals are wide.")
    legend = [t.get_text() for t in built.figure.axes[0].get_legend().get_texts()]
    assert {"RRS (30 folds)", "ERS (30 folds)", "NCV (10 folds)", "α = 0.05"} == set(legend)
    claims = pd.read_csv(outputs["claims"]).set_index("id")["verdict"]
    assert claims["neville2009/fig1a/rrs_high_at_lowest"] == "pass"
    assert claims["neville2009/fig1a/ncv_below_rrs"] == "pass"


def test_fig1a_states_the_configured_reading(tmp_path):
    config = quick_config(scenarios={"neville_fig1a": {"reading": "per_trial"}})
    _, caption, _ = build(views.FIG1A, {"summary": summary(curves(FIG1A_RATES))}, config, tmp_path)
    assert "Table 7 read per_trial (misclassified groups fixed per network sample)" in caption


@pytest.mark.parametrize("per_trial_above, verdict", [(0.3, "pass"), (0.0, "unverifiable")])
def test_fig1a_readings_puts_both_readings_side_by_side(tmp_path, per_trial_above, verdict):
    per_fold = summary(curves(FIG1A_RATES))
    per_trial = summary(curves({s: [r + per_trial_above for r in v] for s, v in FIG1A_RATES.items()}))
    tables = {"per_fold": per_fold, "per_trial": per_trial}
    built, caption, outputs = build(views.FIG1A_READINGS, tables, quick_config(), tmp_path)

    shown = pd.read_csv(outputs["csv"])
    assert list(shown.columns[:2]) == ["reading", "sampler"] and len(shown) == 18
    rrs = shown[shown["sampler"] == "RRS"].set_index(["reading", "prop_labeled"])["rate"]
    assert rrs[("per_trial", 0.1)] == pytest.approx(rrs[("per_fold", 0.1)] + per_trial_above)
    assert [ax.get_title() for ax in built.figure.axes[:2]] == ["Table 7 read per_fold", "Table 7 read per_trial"]
    assert caption.startswith("Neville 2009 Fig. 1(a) setting (P(err)=0.1, errCorr=0.9, 300 instances, 10 groups")
    assert caption.endswith("(the paper uses 10000); intervals are wide.")
    claims = pd.read_csv(outputs["claims"])
    assert claims["verdict"].tolist() == [verdict]


def fig1b_summary() -> pd.DataFrame:
    """The P(err) x errCorr grid at propLabeled 0.9: RRS's measured correlations span 0.2-0.6 and
    NCV's 0-1 (the caption's ranges are RRS's); the rate rises with the correlation."""
    rows = []
    grid = [(p, c) for p in (0.1, 0.2, 0.3, 0.4) for c in (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)]
    for sampler, low, high, scale in (("RRS", 0.2, 0.6, 0.5), ("ERS", 0.2, 0.6, 0.4), ("NCV", 0.0, 1.0, 0.0)):
        for i, (p, c) in enumerate(grid):
            measured = low + (high - low) * i / (len(grid) - 1)
            rows.append(
                {
                    "sampler": sampler,
                    "test": "paired_t",
                    "prop_labeled": 0.9,
                    "p_err": p,
                    "err_corr": c,
                    "rate": 0.05 + scale * measured,
                    "error_correlation": measured - 0.1,
                    "error_correlation_fold_pooled": measured,
                    "error_correlation_pooled": measured + 0.1,
                }
            )
    return summary(rows)


def test_fig1b_plots_the_configured_estimator_and_gives_every_range(tmp_path):
    config = quick_config(fig1b_error_correlation="fold_pooled")
    built, caption, outputs = build(views.FIG1B, {"summary": fig1b_summary()}, config, tmp_path)

    shown = pd.read_csv(outputs["csv"])
    assert np.allclose(shown["measured_error_correlation"], shown["error_correlation_fold_pooled"])
    assert built.figure.axes[0].get_xlabel() == "Error Correlation (measured φ, fold_pooled)"
    assert "P(err) in {0.1,...,0.4} x errCorr in {0,0.2,...,1}, propLabeled 0.9, per_fold reading" in caption
    assert "reading 'fold_pooled' (config simulated.fig1b_error_correlation)" in caption
    # the ranges are RRS's (NCV's span 0-1 here)
    assert "Their ranges over RRS's grid: per_group 0.10 to 0.50; fold_pooled 0.20 to 0.60; pooled 0.30 to 0.70." in (
        caption
    )
    assert "DEVIATION: the paper's axis spans 0.2-0.7" in caption
    claims = pd.read_csv(outputs["claims"]).set_index("id")["verdict"]
    assert claims["neville2009/fig1b/rrs_rises_with_correlation"] == "pass"
    assert claims["neville2009/fig1b/ncv_far_below"] == "pass"


def test_fig1b_measures_with_another_estimator(tmp_path):
    config = quick_config(fig1b_error_correlation="pooled")
    _, caption, outputs = build(views.FIG1B, {"summary": fig1b_summary()}, config, tmp_path)
    shown = pd.read_csv(outputs["csv"])
    assert np.allclose(shown["measured_error_correlation"], shown["error_correlation_pooled"])
    assert "reading 'pooled'" in caption


def test_the_report_caption_is_the_settings_text_alone():
    # the report shows about(settings); the figure adds the sentences that need the numbers
    settings = views.FIG1B.configure(quick_config())
    about = views.FIG1B.about(settings)
    assert about.endswith("each averaged over both classifiers.") and "ranges" not in about

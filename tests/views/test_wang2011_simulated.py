"""Wang 2011's simulated-classifier artifacts (lib.views.wang2011: fig1a, fig1b, tests_compared),
each built from small constructed summaries: what they plot, what their captions say and how their
claims come out."""

from __future__ import annotations

import pandas as pd
import pytest
from simulated_cases import build, quick_config, summary

from lib.views import wang2011 as views

PROPS = [0.1, 0.5, 0.9]
DIFFERENCES = [0.0, 0.02, 0.04, 0.06]


def lines(rates: dict[tuple[str, str], list[float]], x: str, xs: list[float]) -> list[dict]:
    """Rows of (sampler, test) curves against ``x``."""
    return [
        {"sampler": sampler, "test": test, x: xi, "rate": rate}
        for (sampler, test), values in rates.items()
        for xi, rate in zip(xs, values)
    ]


FIG1A_RATES = {
    ("RS", "paired_t"): [0.6, 0.5, 0.3],
    ("NCV", "paired_t"): [0.05, 0.05, 0.04],
    ("RS", "rsc_paired"): [0.06, 0.05, 0.05],
    ("RS", "unpaired_t"): [0.9, 0.9, 0.9],  # not a line of the figure
}


def test_fig1a_draws_rs_ncv_and_rs_c(tmp_path):
    table = summary(lines(FIG1A_RATES, "prop_labeled", PROPS), q=0.9)
    built, caption, outputs = build(views.FIG1A, {"summary": table}, quick_config(), tmp_path)

    shown = pd.read_csv(outputs["csv"])
    assert list(dict.fromkeys(shown["method"])) == ["RS", "NCV", "RS-C"]
    rsc = shown[shown["method"] == "RS-C"]
    assert set(rsc["sampler"]) == {"RS"} and set(rsc["test"]) == {"rsc_paired"}
    assert rsc["rate"].tolist() == FIG1A_RATES[("RS", "rsc_paired")]
    assert list(shown.columns)[-2:] == ["rsc_q_a", "rsc_rho_a"]
    assert caption.startswith(
        "Type I error of paired tests vs proportion labeled; group-based simulated classifiers, groups to "
        "misclassify drawn afresh for every fold (reading per_fold"
    )
    assert "m=300, p=0.1, q=0.9, 10 splits for every method. RS-C:" in caption
    assert caption.endswith("QUICK PROFILE: 200 trials per point (the paper uses 500); intervals are wide.")
    assert built.figure.axes[0].get_title() == "Wang et al. 2011, Fig. 1(a)"
    claims = pd.read_csv(outputs["claims"]).set_index("id")["verdict"]
    assert claims["wang2011/fig1a/rsc_far_below_rs"] == "pass" and claims["wang2011/fig1a/ncv_uniformly_low"] == "pass"


def test_fig1a_names_the_splits_of_each_method_when_they_differ(tmp_path):
    config = quick_config(scenarios={"wang_fig1a": {"samplers": {"RS": 10, "NCV": 5}, "reading": "per_trial"}})
    table = summary(lines(FIG1A_RATES, "prop_labeled", PROPS))
    _, caption, _ = build(views.FIG1A, {"summary": table}, config, tmp_path)
    assert "10 splits for RS, 5 splits for NCV." in caption
    assert "error-prone groups fixed per network sample" in caption


@pytest.mark.parametrize("rsc_power, verdict", [(0.95, "pass"), (0.2, "fail")])
def test_fig1b_plots_power_against_the_difference(tmp_path, rsc_power, verdict):
    rates = {
        ("RS", "paired_t"): [0.5, 0.8, 0.97, 0.99],
        ("NCV", "paired_t"): [0.05, 0.2, 0.4, 0.6],
        ("RS", "rsc_paired"): [0.05, 0.5, rsc_power, 0.98],
    }
    table = summary(lines(rates, "error_difference", DIFFERENCES), prop_labeled=0.3, q=0.9)
    built, caption, outputs = build(views.FIG1B, {"summary": table}, quick_config(), tmp_path)

    shown = pd.read_csv(outputs["csv"])
    assert list(dict.fromkeys(shown["method"])) == ["RS", "NCV", "RS-C"]
    assert shown.groupby("method")["error_difference"].apply(lambda d: d.is_monotonic_increasing).all()
    assert list(shown.columns)[-2:] == ["error_a", "error_b"]
    assert caption.startswith("Rejection rate of paired tests vs the difference between B's and A's error rates, ")
    assert "propLabeled 0.3, groups to misclassify drawn afresh" in caption
    assert "m=300, p=0.1, q=0.9. B keeps A's number of error-prone groups" in caption
    assert caption.endswith("(the paper uses 500); intervals are wide.")
    claims = pd.read_csv(outputs["claims"]).set_index("id")["verdict"]
    assert claims["wang2011/fig1b/rsc_above_ncv"] == verdict


COMPARED = [
    ("RS", "paired_t"),
    ("RS", "unpaired_t"),
    ("RS", "wilcoxon"),
    ("RS", "nb_corrected_t"),
    ("RS", "rsc_paired"),
    ("RS", "rsc_unpaired"),
    ("NCV", "paired_t"),
    ("NCV", "unpaired_t"),
    ("CV5x2", "dietterich_5x2cv"),
    ("RS", "bayes_correlated_t"),
]


def test_tests_compared_draws_every_test_and_keeps_room_for_its_legend(tmp_path):
    rates = {line: [0.05 + 0.01 * i + d for d in DIFFERENCES] for i, line in enumerate(COMPARED)}
    table = summary(lines(rates, "error_difference", DIFFERENCES), prop_labeled=0.3, q=0.9)
    built, caption, outputs = build(views.TESTS_COMPARED, {"summary": table}, quick_config(), tmp_path)

    shown = pd.read_csv(outputs["csv"])
    assert list(dict.fromkeys(shown["method"])) == [label for label, *_ in views.COMPARED_LINES]
    assert len(shown) == len(COMPARED) * len(DIFFERENCES)
    assert list(shown.columns)[-1] == "p_rope_bayes_correlated_t"
    # the legend sits right of the axes: the caption's layout must not widen them over it
    assert built.figure.axes[0].get_position().x1 == pytest.approx(0.68)
    assert tuple(built.figure.get_size_inches()) == (6.4, 4.6)
    # Nadeau-Bengio's sizes: 300 instances at propLabeled 0.3 -> 210 test, 90 training
    assert "split sizes (210/90 for RS)" in caption
    assert "10 splits per method (RS, NCV) and 5x2 cross-validation" in caption
    assert caption.endswith("QUICK PROFILE: 200 trials per point; intervals are wide.")


def test_tests_compared_lists_the_splits_when_they_differ():
    config = quick_config(scenarios={"tests_compared": {"samplers": {"RS": 10, "NCV": 5, "CV5x2": 10}}})
    about = views.TESTS_COMPARED.about(views.TESTS_COMPARED.configure(config))
    assert "; 10 splits for RS, 5 splits for NCV and 5x2" in about

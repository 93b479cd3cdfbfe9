"""Wang et al. 2011: every claim passes on a table built as the paper reports and fails on one
built against it (``CASES``: artifact -> (passing worlds, failing worlds)); claims that need a
grid point the configuration may lack are ``not run`` without it."""

import pandas as pd
import pytest

from claim_cases import assert_both_ways, assert_undecided, band, rate_rows, verdicts, with_network_rates
from lib.core import rates
from lib.papers import wang2011
from lib.papers.claims import Evidence

PAPER = wang2011.PAPER
LABELED = [0.1, 0.3, 0.5, 0.7, 0.9]  # Fig. 1(a)
DIFFERENCES = [0.0, 0.02, 0.04, 0.08]  # Fig. 1(b)
NETWORK_LABELED = [0.1, 0.2, 0.3, 0.4]  # Fig. 2(a)
HANDICAPS = [0.025, 0.075, 0.15, 0.3]  # Fig. 2(b), 3(b)
CALIBRATION_DIFFERENCES = [0.02, 0.05, 0.1, 0.19]
SET_LABELS = {
    "cora": "stand-in: Cora 'Neural Nets?'",
    "citeseer": "stand-in: Citeseer 'Info. Retrieval?'",
    "imdb": "imdb (Box office > $60M?)",
}


def counted_rows(x_name: str, curves: dict[str, list[int]], x: list, trials: int, **columns) -> pd.DataFrame:
    """A long table of rejection counts per method and x, with the rate and its Wilson interval."""
    rows = []
    for method, rejections in curves.items():
        assert len(rejections) == len(x)
        rate, lo, hi = rates.wilson_interval(rejections, [trials] * len(x))
        rows += [
            {
                "method": method,
                x_name: xi,
                "rejections": r,
                "trials": trials,
                "rate": a,
                "rate_low": b,
                "rate_high": c,
                **columns,
            }
            for xi, r, a, b, c in zip(x, rejections, rate, lo, hi)
        ]
    return pd.DataFrame(rows)


# ---- Fig. 1(a) -------------------------------------------------------------------------------
def fig1a(rs, ncv, rsc) -> Evidence:
    curves = {"RS": [band(r) for r in rs], "NCV": [band(r) for r in ncv], "RS-C": [band(r) for r in rsc]}
    return Evidence({"summary": rate_rows("prop_labeled", curves, LABELED, group="method")})


def fig1a_cases():
    as_in_paper = fig1a(
        rs=[0.40, 0.30, 0.20, 0.12, 0.07], ncv=[0.06, 0.06, 0.06, 0.05, 0.05], rsc=[0.005, 0.005, 0.005, 0.02, 0.02]
    )
    # RS flat, NCV high, RS-C above both
    against = fig1a(rs=[0.06] * 5, ncv=[0.30] * 5, rsc=[0.40] * 5)
    return as_in_paper, against


def test_fig1a_orders_on_overlapping_intervals_are_undecided():
    flat = fig1a(rs=[0.20] * 5, ncv=[0.21] * 5, rsc=[0.19] * 5)
    assert_undecided(PAPER, "fig1a", flat, ["rsc_far_below_rs", "rsc_below_ncv"])


# ---- Fig. 1(b) -------------------------------------------------------------------------------
def fig1b(rs, ncv, rsc, differences=DIFFERENCES) -> Evidence:
    curves = {"RS": [band(r) for r in rs], "NCV": [band(r) for r in ncv], "RS-C": [band(r) for r in rsc]}
    return Evidence({"summary": rate_rows("error_difference", curves, differences, group="method")})


def fig1b_cases():
    # at 4%: RS-C 0.80, NCV 0.20, RS above NCV at every positive difference
    as_in_paper = fig1b(rs=[0.20, 0.70, 0.95, 1.00], ncv=[0.05, 0.10, 0.20, 0.50], rsc=[0.03, 0.40, 0.80, 0.98])
    # at 4%: RS-C 0.45, NCV 0.60 (above RS-C), RS below NCV at every positive difference
    against = fig1b(rs=[0.05, 0.10, 0.10, 0.10], ncv=[0.05, 0.40, 0.60, 0.90], rsc=[0.05, 0.30, 0.45, 0.60])
    return as_in_paper, against


def test_fig1b_power_on_overlapping_intervals_is_undecided():
    close = fig1b(rs=[0.20, 0.70, 0.95, 1.00], ncv=[0.05, 0.10, 0.40, 0.50], rsc=[0.03, 0.40, 0.41, 0.98])
    assert_undecided(PAPER, "fig1b", close, ["rsc_above_ncv"])


def test_fig1b_not_run_without_the_4pct_difference():
    world = fig1b(rs=[0.2, 0.7, 1.0], ncv=[0.05, 0.1, 0.5], rsc=[0.03, 0.4, 0.98], differences=[0.0, 0.02, 0.08])
    seen = verdicts(PAPER, "fig1b", world)
    # RS against NCV needs positive differences, not 4% in particular
    assert seen.pop("rs_power_above_ncv") == "pass"
    assert set(seen.values()) == {"not run"}
    only_null = fig1b(rs=[0.2], ncv=[0.05], rsc=[0.03], differences=[0.0])
    assert set(verdicts(PAPER, "fig1b", only_null).values()) == {"not run"}


def test_fig1b_rs_highest_is_judged_against_ncv_not_rs_c():
    """RS-C is RS's t-test with the fold variances widened, so RS at or above RS-C holds by
    construction: RS level with NCV is undecided and RS below NCV fails, however far RS-C lies
    below RS; RS-C above RS (which RS-C cannot be) does not change a pass against NCV."""
    rsc_low = [0.01, 0.02, 0.03, 0.05]
    level = fig1b(rs=[0.20, 0.40, 0.60, 0.90], ncv=[0.05, 0.41, 0.61, 0.89], rsc=rsc_low)
    assert_undecided(PAPER, "fig1b", level, ["rs_power_above_ncv"])
    # above NCV at 2% and 8%, wholly below at 4%: one significant reversal fails
    below_once = fig1b(rs=[0.20, 0.50, 0.30, 0.95], ncv=[0.05, 0.20, 0.60, 0.50], rsc=rsc_low)
    assert verdicts(PAPER, "fig1b", below_once)["rs_power_above_ncv"] == "fail"
    rsc_above = fig1b(rs=[0.20, 0.70, 0.85, 0.95], ncv=[0.05, 0.10, 0.20, 0.50], rsc=[0.03, 0.90, 0.99, 1.00])
    assert verdicts(PAPER, "fig1b", rsc_above)["rs_power_above_ncv"] == "pass"


# ---- tests_compared --------------------------------------------------------------------------
def compared(paired, nb, five, bayes, difference=0.0, power=(0.9, 0.6, 0.5, 0.4)) -> Evidence:
    """Each test's rate at ``difference`` and, at a 4% difference, its ``power`` (paired, NB,
    5x2cv, Bayesian)."""
    tests = [("RS", "paired_t"), ("RS", "nb_corrected_t"), ("CV5x2", "dietterich_5x2cv"), ("RS", "bayes_correlated_t")]
    rows = [
        {"sampler": sampler, "test": test, "error_difference": d, "rate": r, "rate_low": lo, "rate_high": hi}
        for d, values in ((difference, (paired, nb, five, bayes)), (0.04, power))
        for (sampler, test), (r, lo, hi) in zip(tests, map(band, values))
    ]
    return Evidence({"summary": pd.DataFrame(rows)})


def compared_cases():
    as_expected = compared(paired=0.20, nb=0.03, five=0.04, bayes=0.02)
    # every test more inflated than the plain paired t, and powerful
    against = compared(paired=0.20, nb=0.40, five=0.40, bayes=0.40, power=(0.9, 0.8, 0.8, 0.8))
    return as_expected, against


def test_tests_as_inflated_as_the_paired_t_are_undecided():
    world = compared(paired=0.20, nb=0.22, five=0.20, bayes=0.21, power=(0.9, 0.8, 0.8, 0.8))
    keys = ["dietterich_below_paired_t"]
    assert_undecided(PAPER, "tests_compared", world, keys)


def test_a_test_that_never_rejects_is_unverifiable_not_below():
    """A test whose rate at the largest difference is no higher than at none cannot show a low
    Type I error: its 'below the paired t' could not have come out otherwise."""
    world = compared(paired=0.20, nb=0.03, five=0.04, bayes=0.0, power=(0.9, 0.6, 0.008, 0.5))
    row = (
        PAPER.evaluate("tests_compared", world, "test")
        .set_index("id")
        .loc["wang2011/tests_compared/dietterich_below_paired_t"]
    )
    assert row["verdict"] == "unverifiable" and "hardly rejects at all" in row["why"]


def test_tests_that_reject_less_by_construction_are_not_claims():
    """Nadeau-Bengio and the Bayesian correlated t-test reject at most as often as the RS paired t on
    the same samples: a 'below' claim about them could not fail, so there is none."""
    keys = {claim.key for claim in PAPER.of("tests_compared")}
    assert keys == {"dietterich_below_paired_t"}


def test_tests_compared_not_run_without_a_zero_difference():
    world = compared(paired=0.9, nb=0.5, five=0.5, bayes=0.5, difference=0.04)
    assert set(verdicts(PAPER, "tests_compared", world).values()) == {"not run"}


# ---- theorems --------------------------------------------------------------------------------
def theorems(mc_over_theory: float, inside_q=(0.3, 0.5), outside_over_theory: float = 0.85) -> Evidence:
    """The figure's panels: n/m at rho 0 (Theorem 2), rho at q = p (Theorem 1) and at the paper's
    q = 0.9 (outside Theorem 3's model above rho 0.035: MC = theory x ``outside_over_theory``), and
    Theorem 3 inside its model at ``inside_q``; Monte Carlo variance = theory x ``mc_over_theory``,
    s.e. 1% of it."""
    rows = [
        {"panel": "n_over_m", "n_over_m": f, "p": 0.1, "q": q, "rho_target": 0.0, "theory": 1.0 - f * q}
        for f in (0.3, 0.7)
        for q in (0.1, 0.9)
    ]
    rows += [
        {"panel": "rho", "n_over_m": 0.7, "p": 0.1, "q": q, "rho_target": r, "theory": 1.0 + r}
        for q in (0.1, 0.9)
        for r in (0.0, 0.2, 0.4)
    ]
    rows += [
        {"panel": "thm3_model", "n_over_m": 0.7, "p": 0.1, "q": q, "rho_target": r, "theory": 1.0 + r}
        for q in inside_q
        for r in (0.1, 0.2)
    ]
    table = pd.DataFrame(rows)
    outside = (table["panel"] == "rho") & (table["q"] == 0.9) & (table["rho_target"] > 0.035)
    table = table.assign(
        thm1_var_corr=table["theory"],
        thm2_var_rs=table["theory"],
        thm3_var_obs_target_rho=table["theory"],
        mc_var=table["theory"] * mc_over_theory,
        mc_var_se=0.01 * table["theory"],
        thm3_rho_max=table["q"].map({0.1: 1.0, 0.3: 0.4436, 0.5: 0.2425, 0.9: 0.0353}),
        thm3_model_exists=~outside,
    )
    table.loc[outside, "mc_var"] = table.loc[outside, "theory"] * outside_over_theory
    return Evidence({"summary": table})


def theorems_cases():
    # the points outside the model never decide: against the theory there, MC matching it inside
    return [theorems(1.0), theorems(1.0, outside_over_theory=0.5)], theorems(0.85, outside_over_theory=1.0)


def test_theorem3_judges_only_points_inside_its_model():
    table = PAPER.evaluate("theorems", theorems(1.0), "test").set_index("id")
    row = table.loc["wang2011/theorems/thm3_matches_mc"]
    assert row["verdict"] == "pass"
    assert "over 4 points inside the model (q = 0.3-0.5, rho = 0.1-0.2)" in row["reproduced"]
    assert "not checkable: q = 0.9, rho = 0.2-0.4" in row["reproduced"]
    assert "rho <= 0.035" in row["reproduced"] and "MC/theory there 0.85, 0.85" in row["reproduced"]


def test_theorem3_unverifiable_without_a_point_inside_its_model():
    table = PAPER.evaluate("theorems", theorems(1.0, inside_q=()), "test").set_index("id")
    row = table.loc["wang2011/theorems/thm3_matches_mc"]
    assert row["verdict"] == "unverifiable"
    assert row["reproduced"].startswith("no point of the run lies inside the model")
    assert "rho <= 0.035" in row["reproduced"]
    # Theorems 1 and 2 are judged as before
    assert set(table.drop(index="wang2011/theorems/thm3_matches_mc")["verdict"]) == {"pass"}


# ---- Fig. 2(a) -------------------------------------------------------------------------------
def fig2a(rs, ncv, rsc, spread=0.01) -> Evidence:
    summary = counted_rows("prop_labeled", {"RS": rs, "NCV": ncv, "RS-C": rsc}, NETWORK_LABELED, trials=200)
    summary, per_network = with_network_rates(summary, "prop_labeled", spread=spread)
    return Evidence({"summary": summary, "per_network": per_network})


def fig2a_cases():
    # pooled RS 0.225, NCV 0.055, RS-C 0.01: a 96% reduction, below NCV at every level
    as_in_paper = fig2a(rs=[60, 50, 40, 30], ncv=[12, 12, 10, 10], rsc=[2, 2, 2, 2])
    # RS-C 0.20 pooled: an 11% reduction, far above NCV
    against = fig2a(rs=[60, 50, 40, 30], ncv=[12, 12, 10, 10], rsc=[40, 40, 40, 40])
    return as_in_paper, against


def test_fig2a_halving_is_unverifiable_when_the_pooled_intervals_overlap():
    key = "wang2011/fig2a/rsc_halves_rs"

    def row(rsc, spread):
        world = fig2a(rs=[60, 50, 40, 30], ncv=[12, 12, 10, 10], rsc=rsc, spread=spread)
        return PAPER.evaluate("fig2a", world, "test").set_index("id").loc[key]

    assert row([10, 10, 10, 10], 0.01)["verdict"] == "pass"  # 0.05 against 0.225: 78 % lower, disjoint
    wide = row([10, 10, 10, 10], 0.15)  # the same rates on networks that differ widely
    assert wide["verdict"] == "unverifiable" and "below:" in wide["why"]
    assert row([30, 30, 30, 30], 0.01)["verdict"] == "fail"  # 0.15: significantly lower, by 33 %


def test_fig2a_slightly_below_is_unverifiable_on_intervals_wider_than_the_gap():
    world = fig2a(rs=[60, 50, 40, 30], ncv=[12, 12, 10, 10], rsc=[8, 8, 6, 6])
    row = PAPER.evaluate("fig2a", world, "test").set_index("id").loc["wang2011/fig2a/rsc_slightly_below_ncv"]
    assert row["verdict"] == "unverifiable" and "0 of 4 cells decide it" in row["why"]


# ---- Fig. 2(b) -------------------------------------------------------------------------------
def fig2b(ncv, rsc) -> Evidence:
    curves = {"NCV": [band(r) for r in ncv], "RS-C": [band(r) for r in rsc]}
    table = rate_rows("handicap_nbc", curves, HANDICAPS, group="method")
    table["calibration_difference"] = table["handicap_nbc"].map(dict(zip(HANDICAPS, CALIBRATION_DIFFERENCES)))
    return Evidence({"summary": with_network_rates(table, "handicap_nbc")[0]})


def fig2b_cases():
    as_in_paper = fig2b(ncv=[0.10, 0.45, 0.80, 0.95], rsc=[0.50, 0.90, 1.00, 1.00])
    against = fig2b(ncv=[0.50, 0.90, 1.00, 1.00], rsc=[0.10, 0.45, 0.80, 0.95])
    return as_in_paper, against


def test_fig2b_power_order_at_the_smallest_difference_is_judged_by_intervals():
    # near alpha both powers are small: RS-C 1.5 points below NCV is the draw's order, not a fail...
    row = PAPER.evaluate("fig2b", fig2b(ncv=[0.105, 0.42, 0.82, 0.99], rsc=[0.09, 0.70, 1.00, 1.00]), "test")
    assert row.set_index("id").loc["wang2011/fig2b/rsc_power_above_ncv", "verdict"] == "pass"
    # ...but RS-C significantly below NCV at one difference is
    row = PAPER.evaluate("fig2b", fig2b(ncv=[0.40, 0.42, 0.82, 0.99], rsc=[0.09, 0.70, 1.00, 1.00]), "test")
    assert row.set_index("id").loc["wang2011/fig2b/rsc_power_above_ncv", "verdict"] == "fail"


# ---- Fig. 3(a), 3(b): one family of claims per network set --------------------------------------
def per_set(build, sets=tuple(SET_LABELS)) -> Evidence:
    """``build(name)`` -> the set's rows, for every set; with the sets' labels as params."""
    table = pd.concat([build(name).assign(set=name) for name in sets], ignore_index=True)
    return Evidence({"summary": table}, {"set_labels": {name: SET_LABELS[name] for name in sets}})


def fig3a(rs, ncv, rsc, sets=tuple(SET_LABELS)) -> Evidence:
    levels = [0.1, 0.2, 0.3, 0.4, 0.5]
    return per_set(
        lambda _: counted_rows(
            "prop_labeled", {"RS": [rs] * 5, "NCV": [ncv] * 5, "RS-C": [rsc] * 5}, levels, trials=100
        ),
        sets,
    )


def fig3a_cases():
    # RS 0.30, NCV 0.05, RS-C 0.04 at every level
    as_in_paper = fig3a(rs=30, ncv=5, rsc=4)
    # RS as low as NCV, RS-C far above both
    against = fig3a(rs=5, ncv=5, rsc=30)
    return as_in_paper, against


def test_fig3a_orders_on_overlapping_intervals_are_undecided():
    # pooled over 500 trials: RS 0.04 [0.026, 0.061], NCV 0.02 [0.011, 0.036], RS-C 0.03
    keys = [f"{k}.{s}" for k in ("rsc_below_rs", "rs_above_ncv") for s in ("cora", "citeseer", "imdb")]
    assert_undecided(PAPER, "fig3a", fig3a(rs=4, ncv=2, rsc=3), keys)


def fig3b(ncv, rsc, ncv_handicap_noise=0.0) -> Evidence:
    def build(_):
        table = counted_rows("handicap_nbc", {"NCV": ncv, "RS-C": rsc}, HANDICAPS, trials=100)
        table.loc[table["method"] == "NCV", "handicap_nbc"] += ncv_handicap_noise
        return table.assign(
            calibration_difference=table["handicap_nbc"].round(3).map(dict(zip(HANDICAPS, CALIBRATION_DIFFERENCES)))
        )

    return per_set(build)


def fig3b_cases():
    # pooled RS-C 0.975 vs NCV 0.81, RS-C at or above NCV at every handicap
    as_in_paper = fig3b(ncv=[50, 80, 95, 100], rsc=[90, 100, 100, 100])
    # pooled RS-C 0.575 vs NCV 0.81, below at the smallest handicaps
    against = fig3b(ncv=[50, 80, 95, 100], rsc=[20, 50, 70, 90])
    return as_in_paper, against


def test_fig3b_power_close_to_ncv_is_undecided():
    # pooled RS-C 0.81 vs NCV 0.81: overlapping, and never significantly below at a handicap
    keys = [f"rsc_power_above_ncv.{s}" for s in ("cora", "citeseer", "imdb")]
    assert_undecided(PAPER, "fig3b", fig3b(ncv=[50, 80, 95, 100], rsc=[55, 78, 93, 97]), keys)


def test_network_set_claims_only_for_configured_sets():
    table = PAPER.evaluate("fig3a", fig3a(rs=30, ncv=5, rsc=4, sets=("cora",)), "test")
    assert list(table["id"]) == [
        f"wang2011/fig3a/{k}.cora" for k in ("rsc_below_rs", "rsc_comparable_to_ncv", "rs_above_ncv")
    ]
    assert table["claim"].str.endswith(f"({SET_LABELS['cora']})").all()


def test_power_pairs_match_handicaps_despite_float_noise():
    # a handicap averaged over trials can differ in its last bits between methods
    table = PAPER.evaluate(
        "fig3b", fig3b(ncv=[50, 80, 95, 100], rsc=[90, 100, 100, 100], ncv_handicap_noise=1e-15), "test"
    )
    # judged on the stand-ins (data not public) as on the paper's own IMDB set: the check passes on each
    seen = verdicts(PAPER, "fig3b", fig3b(ncv=[50, 80, 95, 100], rsc=[90, 100, 100, 100], ncv_handicap_noise=1e-15))
    assert set(seen.values()) == {"pass"} and len(seen) == len(table)
    assert table["reproduced"].str.count("RS-C ").eq(1 + len(HANDICAPS)).all()


CASES = {
    "fig1a": fig1a_cases,
    "fig1b": fig1b_cases,
    "tests_compared": compared_cases,
    "theorems": theorems_cases,
    "fig2a": fig2a_cases,
    "fig2b": fig2b_cases,
    "fig3a": fig3a_cases,
    "fig3b": fig3b_cases,
}


def test_every_artifact_has_cases():
    assert set(CASES) == set(PAPER.artifacts())


@pytest.mark.parametrize("artifact", sorted(CASES))
def test_every_claim_passes_and_fails(artifact):
    passing, failing = CASES[artifact]()
    assert_both_ways(PAPER, artifact, passing, failing)

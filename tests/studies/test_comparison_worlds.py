"""The comparison's calibrated worlds (lib.studies.comparison_worlds): subsamples, the calibration
of the handicaps, the tests' rejection rates in a constructed null world and with a planted
difference, the verdict, and the jobs' identity (lib.studies.comparison.job_identity)."""

import numpy as np
import pandas as pd
import pytest

from lib.core import seeding
from lib.studies import comparison
from lib.studies import comparison_worlds as cw


class Centroid:
    """Nearest class mean on one column: a fast, stable learner (microseconds per fit)."""

    def __init__(self, column):
        self.column = column

    def fit(self, X, y):
        x = X[:, self.column]
        self.means_ = np.array([x[y == c].mean() for c in (0, 1)])
        return self

    def predict(self, X):
        x = X[:, self.column]
        return (np.abs(x - self.means_[1]) < np.abs(x - self.means_[0])).astype(np.int64)


def _mirrored(seed=0, n=20_000, shift=1.0):
    """Two equally informative columns, and every row also with its columns swapped: the nearest
    centroid on column 0 and the one on column 1 have exactly the same expected accuracy over any
    subsample (the data set is its own mirror image), about 0.69 each."""
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], n // 4)
    X = rng.normal(size=(n // 2, 2)) + shift * y[:, None]
    return np.vstack([X, X[:, ::-1]]), np.concatenate([y, y]).astype(np.int64)


FACTORIES = {"a": lambda: Centroid(0), "b": lambda: Centroid(1)}
# 300-row trials from a 20,000-row population: the trials barely overlap, as draws from a population
SETTINGS = {
    **comparison.COMPARE_DEFAULTS,
    "designs": comparison.DESIGN_SIZES,
    "classifiers": ["a", "b"],
    "fraction": 0.015,
    "permutations": 2000,
}


def _no_handicap(differences=(0.0,)):
    return pd.DataFrame(
        [
            {"a": "a", "b": "b", "difference": d, "k": k, "handicapped": "", "c": 0.0, "achieved": 0.0}
            for d in differences
            for k in (2, 3, 10)
        ]
    )


def test_a_stratified_subsample_keeps_the_class_proportions():
    y = np.repeat([0, 1, 2], [50, 31, 9])
    rows = cw.subsample(np.random.default_rng(0), y, 0.5, True)
    assert np.array_equal(np.bincount(y[rows]), [25, 16, 5])  # half of each class, half up
    assert len(np.unique(rows)) == len(rows) and np.all(np.diff(rows) > 0)
    plain = cw.subsample(np.random.default_rng(0), y, 0.5, False)
    assert len(plain) == 45
    with pytest.raises(ValueError, match="fraction"):
        cw.subsample(np.random.default_rng(0), y, 0.0)


@pytest.fixture(scope="module")
def calibrated():
    X, y = _mirrored(1, n=4000, shift=1.5)
    handicapped_b = {"a": FACTORIES["a"], "b": FACTORIES["b"]}
    outcomes = cw.calibration_outcomes(X, y, handicapped_b, [11], 6, 0.1, True, [2, 3, 10])
    return outcomes, cw.calibrate(outcomes, [("a", "b")], [0.02, 0.05, 0.25], 0.005, 2)


def test_the_calibration_reaches_its_tolerance(calibrated):
    outcomes, table = calibrated
    assert len(table) == 4 * 3 and table["met"].all()
    assert (np.abs(table["achieved"] - table["difference"]) <= 0.005).all()
    # the handicap applied to the calibration draws' outcomes gives the achieved difference
    for r in table.itertuples():
        o = outcomes[r.k]
        acc = {}
        for name in ("a", "b"):
            c = r.c if name == r.handicapped else 0.0
            acc[name] = comparison.handicapped(o["correct"][name], c, o["keys"][name])[0].mean()
        lead = acc[r.better] - acc["b" if r.better == "a" else "a"]
        assert lead == pytest.approx(r.achieved)
    # the accuracies are those of the unhandicapped outcomes; the lead is created on the worse one
    big = table[table["difference"] == 0.25]
    assert (big["handicapped"] != big["better"]).all() and (big["c"] > 0.1).all()


def test_a_world_no_handicap_reaches_is_marked_unmet():
    # two classifiers at chance: perturbing a prediction at chance moves its accuracy nowhere
    rng = np.random.default_rng(0)
    correct = {name: rng.random((4, 400)) < 0.5 for name in "ab"}
    keys = {name: rng.random((4, 400)) for name in "ab"}
    row = cw.calibrate_world({"correct": correct, "keys": keys}, "a", "b", 0.10, 0.005, 2)
    assert not row["met"] and np.isnan(row["c"]) and row["handicapped"] == ""


def test_in_a_constructed_null_the_corrected_tests_hold_and_the_uncorrected_t_does_not():
    # A and B: the same learner on two mirror-image columns (equal expected accuracy), no handicap
    X, y = _mirrored(0)
    trials = 300
    table = cw.run_trials(X, y, FACTORIES, [7], _no_handicap(), {**SETTINGS, "start": 0, "stop": trials})
    rates = cw.rejection_rates(table, _no_handicap(), comparison.DESIGN_SIZES).set_index(["test", "design"])
    low, high = cw.binomial_band(trials, 0.05)
    assert (rates["trials"] == trials).all()
    # the literature's calibrated tests (Nadeau & Bengio 2003; Bouckaert & Frank 2004; Dietterich 1998)
    for test in [
        ("nadeau_bengio_t", "resampling"),
        ("corrected_repeated_cv_t", "repeated_cv"),
        ("mcnemar", "holdout"),
        ("paired_permutation_test", "holdout"),
    ]:
        assert low <= rates.loc[test, "rate"] <= high, (test, rates.loc[test, "rate"], (low, high))
    # none is liberal but the uncorrected repeated-CV t, which rejects the true null about half the time
    uncorrected = ("paired_t", "repeated_cv")
    assert (rates.drop(uncorrected)["rate"] <= high).all(), rates["rate"]
    assert rates.loc[uncorrected, "low"] > 0.3


def test_a_planted_large_difference_is_found_by_every_test(calibrated):
    _, table = calibrated
    X, y = _mirrored(1, n=4000, shift=1.5)
    settings = {**SETTINGS, "fraction": 0.1, "start": 0, "stop": 25}
    big = table[table["difference"].isin([0.0, 0.25])]
    trials = cw.run_trials(X, y, FACTORIES, [8], big, settings)
    rates = cw.rejection_rates(trials, big, comparison.DESIGN_SIZES)
    planted = rates[rates["difference"] == 0.25]
    assert len(planted) == len(comparison.TESTS)
    assert (planted["rate"] >= 0.9).all(), planted[["test", "design", "rate"]]
    assert (planted["mean_difference"].abs() > 0.2).all()


def test_a_trial_does_not_depend_on_the_range_it_is_computed_in():
    X, y = _mirrored(2, n=2000)
    worlds = _no_handicap((0.0, 0.05)).assign(c=lambda f: np.where(f["difference"] > 0, 0.1, 0.0), handicapped="a")
    settings = {**SETTINGS, "fraction": 0.1}
    whole = cw.run_trials(X, y, FACTORIES, [3, 4], worlds, {**settings, "start": 0, "stop": 4})
    parts = [
        cw.run_trials(X, y, FACTORIES, [3, 4], worlds, {**settings, "start": s, "stop": e}) for s, e in [(0, 1), (1, 4)]
    ]
    pd.testing.assert_frame_equal(whole, pd.concat(parts, ignore_index=True))
    assert list(whole.columns) == list(cw.TRIAL_COLUMNS)
    assert len(whole) == 4 * 2 * len(comparison.TESTS)
    # the handicapped world lowers A's accuracy, the null world leaves it
    lead = whole.groupby("difference")["mean_difference"].mean()
    assert lead[0.05] < lead[0.0] - 0.02


def test_the_binomial_band_is_the_central_95_percent():
    from scipy import stats

    for trials in (20, 300, 500):
        low, high = cw.binomial_band(trials, 0.05)
        assert stats.binom.cdf(low * trials - 1, trials, 0.05) <= 0.025 <= stats.binom.cdf(low * trials, trials, 0.05)
        assert stats.binom.cdf(high * trials - 1, trials, 0.05) < 0.975 <= stats.binom.cdf(high * trials, trials, 0.05)
    assert cw.binomial_band(500, 0.05) == (0.032, 0.07)


def _rates(type1: dict, power: dict, trials=500):
    rows = []
    for difference, values in ((0.0, type1), (0.05, power)):
        for (test, design), rate in values.items():
            rows.append(
                {"a": "x", "b": "y", "difference": difference, "test": test, "design": design, "trials": trials}
                | {"rate": rate, "low": rate - 0.01, "high": rate + 0.01}
            )
    return pd.DataFrame(rows)


def test_the_verdict_ranks_the_valid_tests_by_power():
    tests = [
        ("paired_t", "repeated_cv"),
        ("nadeau_bengio_t", "resampling"),
        ("mcnemar", "holdout"),
        ("combined_5x2cv_f", "cv5x2"),
    ]
    rates = _rates(dict(zip(tests, [0.30, 0.05, 0.04, 0.01])), dict(zip(tests, [0.99, 0.60, 0.30, 0.20])))
    actual = pd.DataFrame(
        [
            {"a": "x", "b": "y", "test": t, "design": d, "accuracy_a": 0.8, "accuracy_b": 0.78, "mean_difference": 0.02}
            | {"pvalue": p, "reject": p < 0.05, "p_a_better": np.nan, "p_equivalent": np.nan, "p_b_better": np.nan}
            for (t, d), p in zip(tests, [0.001, 0.2, 0.3, 0.4])
        ]
    )
    verdict = cw.verdict(rates, actual, 0.05, 0.05).set_index(["test", "design"])
    assert list(verdict.columns) == [c for c in cw.VERDICT_COLUMNS if c not in ("test", "design")]
    assert verdict["status"].tolist() == ["liberal", "calibrated", "calibrated", "conservative"]
    # the valid tests (calibrated or conservative: not above α's band) by power; the liberal one not ranked
    assert verdict["rank"].tolist() == [0, 1, 2, 3] and verdict["best"].tolist() == [False, True, False, False]
    assert (verdict["band_low"] == 0.032).all() and (verdict["band_high"] == 0.07).all()
    assert verdict.loc[("paired_t", "repeated_cv"), "reject"]  # the liberal test rejects; the best does not


def test_a_jobs_seed_is_its_draws_not_its_classifiers_nor_its_range():
    config = {
        "seed": 5,
        "yours": {
            "datasets": {"d": {"path": "d.csv", "class": "y"}},
            "classifiers": ["nb", "j48"],
            "compare": {"trials": 30, "trials_per_job": 10},
        },
    }
    first = comparison.job_identity(config, "trials", {"dataset": "d", "start": "0", "stop": "10"})
    later = comparison.job_identity(config, "trials", {"dataset": "d", "start": "10", "stop": "20"})
    more = {**config, "yours": {**config["yours"], "classifiers": ["nb", "j48", "smo"]}}
    other = comparison.job_identity(more, "trials", {"dataset": "d", "start": "0", "stop": "10"})
    assert first["entropy"] == later["entropy"] == other["entropy"]
    assert first["settings"]["classifiers"] == ["nb", "j48"] and other["settings"]["classifiers"][-1] == "smo"
    assert (first["settings"]["start"], later["settings"]["stop"]) == (0, 20)
    assert first["entropy"][0] == "yours_compare_trials"
    assert comparison.trial_chunks(comparison.compare_settings(config)) == [
        {"start": 0, "stop": 10},
        {"start": 10, "stop": 20},
        {"start": 20, "stop": 30},
    ]
    calibration = comparison.job_identity(config, "calibration", {"dataset": "d"})
    assert calibration["entropy"][1]["folds"] == comparison.calibration_folds()
    assert "trials" not in calibration["settings"] and calibration["settings"]["tolerance"] == 0.005
    params = comparison.JOBS["compare_trials"].evaluate(config, {"dataset": "d", "start": "0", "stop": "10"})
    assert params["entropy"] == seeding.job_entropy(5, *first["entropy"][:2], 0)
    assert comparison.pairs(["x", "y", "z"]) == [("x", "y"), ("x", "z"), ("y", "z")]


def test_the_splits_drawn_alone_are_the_designs_splits():
    X, y = _mirrored(3, n=400)
    designs = comparison.designs(X, y, FACTORIES["a"], FACTORIES["b"], np.random.default_rng(9))
    splits = comparison.draw_splits(y, np.random.default_rng(9))
    assert list(splits) == list(designs)
    for name, (test, reps, folds) in splits.items():
        assert np.array_equal(test, designs[name].test)
        assert (reps, folds) == (designs[name].repetitions, designs[name].folds)

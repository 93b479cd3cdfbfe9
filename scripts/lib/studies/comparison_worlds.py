"""Which test of "is A better than B?" can be trusted on *this* data set: every test's Type I error
and power measured in calibrated worlds drawn from the user's own data (the ``yours`` target's
``compare_<data set>`` artifact; :mod:`lib.studies.comparison` holds the designs and the tests).

The question
------------
A test's real Type I error depends on how the data were resampled and on the data themselves:
Dietterich (1998) found the resampled and the k-fold paired t-tests too liberal and the 5x2cv t
acceptable; Nadeau & Bengio (2003) showed that the overlap of training sets makes the naive
variance estimate too small and corrected it; Bouckaert (2003) and Bouckaert & Frank (2004) found
the replicability and the Type I error of the repeated-CV tests to depend on the data set. So the
answer to "which test may I believe?" is measured here, on the user's data, not quoted.

The worlds
----------
The data set is the population (Dietterich 1998 drew his training and test sets from one large
data set the same way). Each **trial** draws a data set from it: ``fraction`` of its rows (default
one half), without replacement, **stratified** by class by default (each class gives
``round(fraction * its rows)``, so every trial has the data set's class proportions), and runs
every design of
:mod:`lib.studies.comparison` inside that draw with both classifiers, keeping each classifier's
per-split, per-instance correctness. Trials differ in their data, as the user's data set differs
from the next one the same process would give; a smaller ``fraction`` makes the trials more
independent (less overlap between them) and each smaller (less power), so the rates describe a
data set of ``fraction`` times the user's size.

The classifiers are fitted once per trial: the **worlds** differ only in a handicap applied to
the recorded outcomes afterwards (:func:`lib.studies.comparison.handicapped`, Neville et al.
2009's handicap, Sec. 5.3: a fraction ``c`` of a classifier's test predictions moved to another
class, chosen by keys nested in ``c``):

* the **null world**: the classifier with the higher expected accuracy is handicapped by the
  ``c`` that makes the two expected accuracies equal (Neville et al. calibrate wvRN against nBC
  this way, "until the performance difference of the models was <= 0.005");
* a **difference world** per stated ``d`` (default 0.02, 0.05, 0.10 accuracy): the better
  classifier is handicapped down to a lead of ``d`` when its lead is larger, the worse one down
  when the lead is smaller, so the expected difference (better minus worse) is ``d``.

``c`` is found on separate **calibration draws** (``calibration_draws`` subsamples of the same
fraction, not the trials' draws, so that a test is not judged on the data its world was fitted
to) by bisection (:func:`lib.models.handicap.calibrate_handicap`) until the two mean accuracies
agree within ``tolerance`` (default 0.005, Neville's); each draw's keys are fixed, so the accuracy
is a deterministic function of ``c``. The expected difference of two learners depends on the
training-set size (Nadeau & Bengio's estimand is the difference at the design's own size), so a
world is calibrated at each design's training share: one stratified k-fold CV per draw and k
(:func:`lib.studies.comparison.calibration_folds`: 10 for the CV designs, 3 for the two-thirds
training sets of random subsampling and the holdout, 2 for 5x2 CV), and a design's outcomes get
the ``c`` of its k. Where no ``c`` in [0, 1] reaches a world (a lead that perturbing every
prediction cannot create), that world is not run and the tables say so (``met`` False).

Each test's **rejection rate** per world is the share of trials in which it rejects (the Bayesian
test: declares a practical difference), with its Wilson interval (:mod:`lib.core.rates`) and the
trial count; in the null world that is its Type I error, in a difference world its power.

The verdict
-----------
A test is **calibrated here** when its measured Type I error lies within α's binomial band at the
trial count: the central 95 % of ``Binomial(trials, α) / trials``, what a test whose real level
is α would show (:func:`binomial_band`). Above the band it is **liberal** (it finds differences
that are not there), below it **conservative** (valid, but it gives away power). The **valid**
tests -- calibrated or conservative: Type I error not above the band, the definition of a level-α
test -- are ranked by their power at ``power_difference`` (default 0.05); the best one's answer on
the full data set is the verdict (:func:`verdict`). Conservative tests are ranked with the
calibrated ones, not left out, because the trials' overlap (a finite population, ``fraction`` of
it per trial) makes every test reject less often than it would on independent data sets: at
fraction 0.5 a test of exactly level α looks conservative, and only a slightly liberal one lands
inside the band (docs/yours.md, "What the fraction does").
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..core import rates, seeding
from ..evaluation import refit
from ..models import handicap
from . import comparison

#: Streams of a trial's (or a calibration draw's) generator beyond its subsample and splits.
KEY_STREAM, PERMUTATION_STREAM = 1, 2

#: The columns of :func:`run_trials`' table.
TRIAL_COLUMNS = ("trial", "a", "b", "difference", "test", "design", "reject", "pvalue", "mean_difference")

#: The columns of :func:`calibrate`'s table.
CALIBRATION_COLUMNS = (
    "a",
    "b",
    "difference",
    "k",
    "accuracy_a",
    "accuracy_b",
    "se",
    "better",
    "handicapped",
    "c",
    "achieved",
    "met",
)

#: Coverage of α's binomial band (:func:`binomial_band`).
BAND_COVERAGE = 0.95


# ----------------------------------------------------------------------------- draws


def _stream(entropy, *parts: int) -> np.random.Generator:
    """A generator of its own for one trial / draw / classifier: ``SeedSequence([*entropy, *parts])``."""
    return seeding.generator([*seeding.entropy_list(entropy), *map(int, parts)])


def classifier_stream(name: str) -> int:
    """A classifier's stream number, from its name: its handicap keys do not depend on which other
    classifiers the config names or in which order."""
    return seeding.stable_hash(["compare_classifier", name]) % 2**32


def _world_stream(a: str, b: str, difference: float) -> int:
    return seeding.stable_hash(["compare_world", a, b, float(difference)]) % 2**32


def subsample(rng: np.random.Generator, y, fraction: float, stratified: bool = True) -> np.ndarray:
    """Sorted row indices of one trial's data set: ``fraction`` of the rows without replacement;
    ``stratified``: ``round(fraction * n_c)`` rows of each class ``c`` (half up), so every draw has
    the same size and class proportions."""
    y = np.asarray(y)
    if not 0.0 < fraction <= 1.0:
        raise ValueError(f"fraction must lie in (0, 1], got {fraction}")
    if not stratified:
        return np.sort(rng.choice(len(y), size=int(math.floor(fraction * len(y) + 0.5)), replace=False))
    rows = []
    for c in np.unique(y):
        members = np.flatnonzero(y == c)
        rows.append(rng.choice(members, size=int(math.floor(fraction * len(members) + 0.5)), replace=False))
    return np.sort(np.concatenate(rows))


def calibration_outcomes(X, y, factories: dict, entropy, draws: int, fraction: float, stratified: bool, ks) -> dict:
    """Each classifier's per-instance correctness on the calibration draws, one stratified k-fold
    CV per draw and ``k`` (every instance of the draw tested once).

    Parameters
    ----------
    X, y : ndarray
        The user's data set (:func:`lib.studies.comparison.designs`' convention).
    factories : dict of str to callable
        Classifier name -> :func:`lib.studies.comparison.model_factory`; each is fitted once per
        draw and fold, whatever the pairs.
    entropy : list of int
        The calibration job's entropy; draw ``d`` draws from ``SeedSequence([*entropy, d])``.
    draws : int
    fraction, stratified
        As :func:`subsample` (the trials' own).
    ks : iterable of int
        The folds of the calibration CVs (:func:`lib.studies.comparison.calibration_folds`' values).

    Returns
    -------
    dict
        ``{k: {"correct": {name: (draws, m) bool}, "keys": {name: (draws, m) float}}}``, ``m`` the
        draws' size; the keys are the handicap's (:func:`lib.models.handicap.perturbation_keys`),
        a stream per draw, k and classifier.
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    ks = sorted(set(int(k) for k in ks))
    out = {k: {"correct": {n: [] for n in factories}, "keys": {n: [] for n in factories}} for k in ks}
    for d in range(int(draws)):
        rng = _stream(entropy, d)
        rows = subsample(rng, y, fraction, stratified)
        Xs, ys = X[rows], y[rows]
        for k, g in zip(ks, rng.spawn(len(ks))):
            test = comparison._cv_test_sets(g, ys, k, 1)
            for name, make in factories.items():
                # each instance is in exactly one test fold: its one outcome
                out[k]["correct"][name].append(refit.split_correctness(make, Xs, ys, test).any(axis=0))
                keys_rng = _stream(entropy, d, KEY_STREAM, k, classifier_stream(name))
                out[k]["keys"][name].append(handicap.perturbation_keys(keys_rng, len(ys)))
    return {
        k: {part: {n: np.stack(v) for n, v in o[part].items()} for part in ("correct", "keys")} for k, o in out.items()
    }


# ----------------------------------------------------------------------------- calibration


def _accuracy(correct, keys, c: float, n_classes: int) -> float:
    if c == 0.0:
        return float(correct.mean())
    return float(comparison.handicapped(correct, c, keys, n_classes=n_classes)[0].mean())


def calibrate_world(outcome: dict, a: str, b: str, difference: float, tol: float, n_classes: int) -> dict:
    """The handicap that gives pair ``(a, b)`` the expected accuracy difference ``difference``
    (better minus worse; 0: the null world) on one k's calibration outcomes (module docstring).

    Returns a row of :data:`CALIBRATION_COLUMNS` but the pair's and world's own: both unhandicapped
    mean accuracies, ``se`` (standard error of the unhandicapped difference over the draws),
    ``better`` (the classifier with the higher unhandicapped accuracy; A on a tie),
    ``handicapped`` (the classifier handicapped; empty when ``c`` is 0), ``c`` (NaN when no
    handicap reaches the world), ``achieved`` (better minus worse at ``c``) and ``met``.
    """
    correct, keys = outcome["correct"], outcome["keys"]
    acc_a, acc_b = float(correct[a].mean()), float(correct[b].mean())
    per_draw = correct[a].mean(axis=1) - correct[b].mean(axis=1)
    se = float(per_draw.std(ddof=1) / np.sqrt(len(per_draw))) if len(per_draw) > 1 else np.nan
    better, worse = (a, b) if acc_a >= acc_b else (b, a)
    top, bottom = max(acc_a, acc_b), min(acc_a, acc_b)
    down = top - bottom >= difference  # handicap the better one down to the lead, else the worse one
    target = better if down else worse
    if down:

        def gap(c):
            return _accuracy(correct[better], keys[better], c, n_classes) - bottom - difference
    else:

        def gap(c):
            return difference - (top - _accuracy(correct[worse], keys[worse], c, n_classes))

    try:
        c = handicap.calibrate_handicap(gap, tol).c
    except handicap.HandicapUnmet:
        c = np.nan
    met = bool(np.isfinite(c))
    # the lead (better minus worse) at c: gap is lead - difference when the better one is handicapped
    achieved = (gap(c) + difference if down else difference - gap(c)) if met else np.nan
    return {
        "accuracy_a": acc_a,
        "accuracy_b": acc_b,
        "se": se,
        "better": better,
        "handicapped": target if met and c > 0 else "",
        "c": c,
        "achieved": achieved,
        "met": met,
    }


def calibrate(outcomes: dict, pairs, differences, tol: float, n_classes: int) -> pd.DataFrame:
    """Every world of every pair at every calibration k (:func:`calibrate_world`), one row each:
    :data:`CALIBRATION_COLUMNS`, worlds ``difference`` 0 (the null) then ``differences``."""
    rows = [
        {"a": a, "b": b, "difference": float(d), "k": k, **calibrate_world(outcomes[k], a, b, float(d), tol, n_classes)}
        for a, b in pairs
        for d in [0.0, *differences]
        for k in sorted(outcomes)
    ]
    return pd.DataFrame(rows, columns=list(CALIBRATION_COLUMNS))


def handicaps(calibration: pd.DataFrame) -> dict:
    """``{(a, b, difference, k): (handicapped name or "", c)}`` from :func:`calibrate`'s table (c
    NaN: the world is not reached at that k)."""
    return {
        (r.a, r.b, float(r.difference), int(r.k)): ("" if pd.isna(r.handicapped) else r.handicapped, float(r.c))
        for r in calibration.itertuples()
    }


# ----------------------------------------------------------------------------- trials


def trial_outcomes(X, y, factories: dict, entropy, trial: int, fraction: float, stratified: bool, sizes: dict):
    """One trial: its data set (:func:`subsample`), every design's splits in it
    (:func:`lib.studies.comparison.draw_splits`) and each classifier's per-split correctness and
    handicap keys. Returns ``(splits, correct, keys)``: ``splits[design] = (test, repetitions,
    folds)``, ``correct[name][design]`` and ``keys[name][design]`` of the test's shape."""
    rng = _stream(entropy, trial)
    rows = subsample(rng, y, fraction, stratified)
    Xs, ys = X[rows], y[rows]
    splits = comparison.draw_splits(ys, rng, **sizes)
    correct = {
        name: {d: refit.split_correctness(make, Xs, ys, test) for d, (test, _, _) in splits.items()}
        for name, make in factories.items()
    }
    keys = {}
    for name in factories:
        g = _stream(entropy, trial, KEY_STREAM, classifier_stream(name))
        keys[name] = {d: handicap.perturbation_keys(g, test.shape) for d, (test, _, _) in splits.items()}
    return splits, correct, keys


def world_designs(splits, correct, keys, a: str, b: str, difference: float, world: dict, ks: dict, n_classes: int):
    """The designs of one world of pair ``(a, b)``: A's and B's outcomes with the world's handicap
    at each design's k (``world``: :func:`handicaps`); a design whose k the world does not reach is
    left out."""
    out = {}
    for d, (test, reps, folds) in splits.items():
        target, c = world[(a, b, float(difference), ks[d])]
        if not np.isfinite(c):
            continue
        outcomes = {}
        for name in (a, b):
            mine = correct[name][d]
            if name == target and c > 0:
                mine = comparison.handicapped(mine, c, keys[name][d], test=test, n_classes=n_classes)[0]
            outcomes[name] = mine
        out[d] = comparison.Design(d, test, outcomes[a], outcomes[b], reps, folds)
    return out


def run_trials(X, y, factories: dict, entropy, calibration: pd.DataFrame, settings: dict, log=None) -> pd.DataFrame:
    """Trials ``settings["start"]`` to ``settings["stop"] - 1`` of one data set: every pair, every
    world, every test; one row per (trial, pair, world, test) (:data:`TRIAL_COLUMNS`).

    Each trial draws from its own generator (``SeedSequence([*entropy, trial])``; its handicap keys
    and permutation tests from streams of it), so a trial's rows do not depend on the range it is
    computed in. ``settings``: :func:`lib.studies.comparison.job_identity`'s (``designs``,
    ``fraction``, ``stratified``, ``alpha``, ``rope``, ``decision``, ``permutations``,
    ``classifiers``); ``calibration``: :func:`calibrate`'s table.
    """
    from ..core import runlog

    X, y = np.asarray(X, dtype=float), np.asarray(y)
    n_classes = int(y.max()) + 1
    ks = comparison.calibration_folds(settings["designs"])
    world = handicaps(calibration)
    worlds = sorted(set(calibration["difference"].astype(float)))
    pairs = comparison.pairs(settings["classifiers"])
    start, stop = int(settings["start"]), int(settings["stop"])
    progress = runlog.Progress(log, stop - start, "trials")
    rows = []
    for trial in range(start, stop):
        splits, correct, keys = trial_outcomes(
            X, y, factories, entropy, trial, settings["fraction"], settings["stratified"], settings["designs"]
        )
        for a, b in pairs:
            for difference in worlds:
                designs = world_designs(splits, correct, keys, a, b, difference, world, ks, n_classes)
                rng = _stream(entropy, trial, PERMUTATION_STREAM, _world_stream(a, b, difference))
                table = comparison.compare(
                    designs,
                    rng,
                    alpha=settings["alpha"],
                    rope=settings["rope"],
                    decision=settings["decision"],
                    permutations=settings["permutations"],
                )
                for r in table.itertuples():
                    rows.append((trial, a, b, difference, r.test, r.design, int(r.reject), r.pvalue, r.mean_difference))
        progress.advance()
    return pd.DataFrame(rows, columns=list(TRIAL_COLUMNS))


def actual_comparison(X, y, factories: dict, entropy, settings: dict) -> pd.DataFrame:
    """Every pair compared on the whole data set under every test (:func:`lib.studies.comparison.compare`),
    one row per (pair, test): columns ``a``, ``b`` then :data:`lib.studies.comparison.COLUMNS`. The
    splits are drawn once and scored by every classifier (each fitted once per split)."""
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    rng = seeding.generator(entropy)
    splits = comparison.draw_splits(y, rng, **settings["designs"])
    correct = {
        name: {d: refit.split_correctness(make, X, y, test) for d, (test, _, _) in splits.items()}
        for name, make in factories.items()
    }
    frames = []
    for a, b in comparison.pairs(settings["classifiers"]):
        designs = {d: comparison.Design(d, t, correct[a][d], correct[b][d], r, k) for d, (t, r, k) in splits.items()}
        table = comparison.compare(
            designs,
            _stream(entropy, PERMUTATION_STREAM, _world_stream(a, b, 0.0)),
            alpha=settings["alpha"],
            rope=settings["rope"],
            decision=settings["decision"],
            permutations=settings["permutations"],
        )
        frames.append(table.assign(a=a, b=b)[["a", "b", *comparison.COLUMNS]])
    return pd.concat(frames, ignore_index=True)


# ----------------------------------------------------------------------------- rates and verdict

#: The columns of :func:`rejection_rates`' table.
RATE_COLUMNS = (
    "a",
    "b",
    "difference",
    "test",
    "design",
    "rejections",
    "trials",
    "rate",
    "low",
    "high",
    "mean_difference",
    "k",
    "handicapped",
    "c",
    "achieved",
)


def rejection_rates(trials: pd.DataFrame, calibration: pd.DataFrame, designs: dict) -> pd.DataFrame:
    """Each test's rejection rate per pair and world, with its Wilson interval (:mod:`lib.core.rates`)
    and trial count, the trials' mean observed difference (A minus B) and the world's calibration at
    the design's k (``handicapped``, ``c``, ``achieved``: the calibration draws' better-minus-worse
    difference). Rows in the order pairs, worlds, :data:`lib.studies.comparison.TESTS`.

    Parameters
    ----------
    trials : DataFrame
        :func:`run_trials`' tables of every trial range, concatenated.
    calibration : DataFrame
        :func:`calibrate`'s table.
    designs : dict
        The designs' sizes (:data:`lib.studies.comparison.DESIGN_SIZES`).
    """
    ks = comparison.calibration_folds(designs)
    order = {t: i for i, t in enumerate(comparison.TESTS)}
    grouped = trials.groupby(["a", "b", "difference", "test", "design"], sort=False)
    table = grouped.agg(
        rejections=("reject", "sum"), trials=("reject", "size"), mean_difference=("mean_difference", "mean")
    ).reset_index()
    pair_order = {p: i for i, p in enumerate(dict.fromkeys(zip(calibration["a"], calibration["b"])))}
    table["_order"] = [(pair_order[(r.a, r.b)], r.difference, order[(r.test, r.design)]) for r in table.itertuples()]
    table = table.sort_values("_order", kind="stable").drop(columns="_order").reset_index(drop=True)
    rate, low, high = rates.wilson_interval(table["rejections"].to_numpy(), table["trials"].to_numpy())
    table["rate"], table["low"], table["high"] = rate, low, high
    table["k"] = [ks[d] for d in table["design"]]
    cal = calibration.set_index(["a", "b", "difference", "k"])
    keys = list(zip(table["a"], table["b"], table["difference"].astype(float), table["k"]))
    for column in ("handicapped", "c", "achieved"):
        table[column] = [cal.loc[key, column] for key in keys]
    table["handicapped"] = table["handicapped"].fillna("")
    return table[list(RATE_COLUMNS)]


def binomial_band(trials: int, alpha: float, coverage: float = BAND_COVERAGE) -> tuple[float, float]:
    """α's binomial band at ``trials``: the central ``coverage`` of ``Binomial(trials, α) / trials``
    (the ``(1 - coverage) / 2`` and ``(1 + coverage) / 2`` quantiles), the rejection rates a test of
    real level α shows over that many independent trials."""
    from scipy import stats  # imported where the quantiles are taken (about 1 s of import)

    if int(trials) < 1:
        raise ValueError(f"trials must be at least 1, got {trials}")
    low, high = stats.binom.ppf([(1 - coverage) / 2, (1 + coverage) / 2], int(trials), alpha)
    return float(low) / int(trials), float(high) / int(trials)


#: The columns of :func:`verdict`'s table.
VERDICT_COLUMNS = (
    "a",
    "b",
    "test",
    "design",
    "trials",
    "type1",
    "type1_low",
    "type1_high",
    "band_low",
    "band_high",
    "status",
    "power_difference",
    "power",
    "power_low",
    "power_high",
    "rank",
    "best",
    "accuracy_a",
    "accuracy_b",
    "mean_difference",
    "pvalue",
    "reject",
    "p_a_better",
    "p_equivalent",
    "p_b_better",
)


#: The statuses of a valid test, ranked by power (a test of level α: Type I error not above the band)
VALID = ("calibrated", "conservative")


def _status(rate: float, band: tuple[float, float]) -> str:
    if not np.isfinite(rate):
        return "not measured"
    return "liberal" if rate > band[1] else "conservative" if rate < band[0] else "calibrated"


def verdict(rates_table: pd.DataFrame, actual: pd.DataFrame, alpha: float, power_difference: float) -> pd.DataFrame:
    """Per pair and test: the measured Type I error (the null world's rate) against α's binomial
    band at its trial count (:func:`binomial_band`), ``status`` calibrated / liberal / conservative
    (/ not measured, where the null world was not reached), the power at ``power_difference``
    (NaN where that world was not reached), the ``rank`` of each valid test (:data:`VALID`) by power (1 the
    most powerful; ties by the lower Type I error, then :data:`lib.studies.comparison.TESTS`'
    order; 0 for a liberal or unmeasured test), ``best`` (rank 1) and the actual comparison's row
    (:func:`actual_comparison`). Columns :data:`VERDICT_COLUMNS`, rows in :func:`actual_comparison`'s
    order."""
    null = rates_table[rates_table["difference"] == 0.0].set_index(["a", "b", "test", "design"])
    power = rates_table[np.isclose(rates_table["difference"], power_difference)].set_index(["a", "b", "test", "design"])
    rows = []
    for r in actual.itertuples():
        key = (r.a, r.b, r.test, r.design)
        n = int(null.loc[key, "trials"]) if key in null.index else 0
        type1 = (null.loc[key, "rate"], null.loc[key, "low"], null.loc[key, "high"]) if n else (np.nan,) * 3
        band = binomial_band(n, alpha) if n else (np.nan, np.nan)
        pw = (
            (power.loc[key, "rate"], power.loc[key, "low"], power.loc[key, "high"])
            if key in power.index
            else (np.nan,) * 3
        )
        rows.append(
            {
                "a": r.a,
                "b": r.b,
                "test": r.test,
                "design": r.design,
                "trials": n,
                "type1": type1[0],
                "type1_low": type1[1],
                "type1_high": type1[2],
                "band_low": band[0],
                "band_high": band[1],
                "status": _status(type1[0], band),
                "power_difference": float(power_difference),
                "power": pw[0],
                "power_low": pw[1],
                "power_high": pw[2],
                **{c: getattr(r, c) for c in ("accuracy_a", "accuracy_b", "mean_difference", "pvalue", "reject")},
                **{c: getattr(r, c) for c in ("p_a_better", "p_equivalent", "p_b_better")},
            }
        )
    table = pd.DataFrame(rows)
    table["rank"] = 0
    order = {t: i for i, t in enumerate(comparison.TESTS)}
    for _, part in table.groupby(["a", "b"], sort=False):
        ok = part[part["status"].isin(VALID) & part["power"].notna()]
        ranked = sorted(
            ok.index,
            key=lambda i: (-ok.at[i, "power"], ok.at[i, "type1"], order[(ok.at[i, "test"], ok.at[i, "design"])]),
        )
        for rank, i in enumerate(ranked, 1):
            table.at[i, "rank"] = rank
    table["best"] = table["rank"] == 1
    return table[list(VERDICT_COLUMNS)]


# ----------------------------------------------------------------------------- the jobs


def factories(data, settings: dict) -> dict:
    """A model factory per classifier of ``settings["classifiers"]`` for a loaded data set
    (:func:`lib.studies.comparison.model_factory`; estimators by ``settings["estimators"]``)."""
    n_classes = len(data.class_names)
    return {
        name: comparison.model_factory(
            name, data.spec, n_classes, estimator=settings["estimators"].get(name), tie_rule=settings["tie_rule"]
        )
        for name in settings["classifiers"]
    }


def calibration_job(data, settings: dict, entropy) -> pd.DataFrame:
    """The calibration job of one data set: :func:`calibration_outcomes` at every design's k, then
    :func:`calibrate` every pair's worlds."""
    ks = sorted(set(comparison.calibration_folds(settings["designs"]).values()))
    outcomes = calibration_outcomes(
        data.X,
        data.y,
        factories(data, settings),
        entropy,
        settings["calibration_draws"],
        settings["fraction"],
        settings["stratified"],
        ks,
    )
    pairs = comparison.pairs(settings["classifiers"])
    return calibrate(outcomes, pairs, settings["differences"], settings["tolerance"], len(data.class_names))


def trials_job(data, settings: dict, entropy, calibration: pd.DataFrame, log=None) -> pd.DataFrame:
    """One trial range of one data set (:func:`run_trials`)."""
    return run_trials(data.X, data.y, factories(data, settings), entropy, calibration, settings, log)


def actual_job(data, settings: dict, entropy) -> pd.DataFrame:
    """The comparison on the whole data set (:func:`actual_comparison`)."""
    return actual_comparison(data.X, data.y, factories(data, settings), entropy, settings)


def summary_job(trials, calibration: pd.DataFrame, actual: pd.DataFrame, settings: dict) -> dict:
    """The summary of one data set: ``{"rates": rejection_rates, "verdict": verdict}`` from the
    trial ranges' tables (in trial order), the calibration and the actual comparison."""
    table = rejection_rates(pd.concat(list(trials), ignore_index=True), calibration, settings["designs"])
    return {
        "rates": table,
        "verdict": verdict(table, actual, settings["alpha"], settings["power_difference"]),
    }

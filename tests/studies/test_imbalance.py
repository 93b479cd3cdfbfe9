"""Raeder et al. (2012) study: stratified k-fold / 5x2 splits, Weka's SMO -M with the reading
imbalance.platt_folds (-V), and the reading imbalance.metric_aggregation (J48's Laplace leaves:
tests/models/test_c45.py)."""

from __future__ import annotations

import hashlib
import io

import numpy as np
import pandas as pd
import pytest

from lib.core import readings, tables
from lib.data.attributes import AttributeSpec
from lib.evaluation import metrics, sampling
from lib.models import smo
from lib.studies import imbalance


@pytest.mark.parametrize("k,repeats", [(10, 1), (2, 5), (3, 2)])
def test_stratified_folds_are_partitions_with_balanced_classes(k, repeats):
    y = np.r_[np.ones(41, int), np.zeros(896, int)]
    fold = sampling.stratified_fold_of(np.random.default_rng(1), y, k, repeats)
    assert fold.shape == (repeats, y.size) and set(np.unique(fold)) == set(range(k))
    for r in range(repeats):
        for c in (0, 1):
            counts = np.bincount(fold[r, y == c], minlength=k)
            assert counts.max() - counts.min() <= 1  # "completely stratified"
        sizes = np.bincount(fold[r], minlength=k)
        assert sizes.max() - sizes.min() <= 1
    if repeats > 1:
        assert not (fold[0] == fold[1]).all()  # independent repetitions


def test_stratified_folds_need_k_rows_per_class():
    with pytest.raises(ValueError, match="at least k=10 rows"):
        sampling.stratified_fold_of(
            np.random.default_rng(0), np.r_[np.ones(3, int), np.zeros(20, int)], 10, every_class_in_every_fold=True
        )


def test_minority_removal_then_splits_keep_every_fold_positive():
    # Oil at 50 % removed: 20-21 positives, every 10-fold test fold still has 2
    y = np.r_[np.ones(41, int), np.zeros(896, int)]
    keep = imbalance.remove_minority_nested(y, [0.0, 0.5], np.random.default_rng(0))
    yk = y[keep[1]]
    fold = sampling.stratified_fold_of(np.random.default_rng(0), yk, 10)[0]
    assert np.bincount(fold[yk == 1], minlength=10).min() == 2


def synthetic():
    """200 rows (40 positives), two numeric attributes (one with missing values) and a 3-valued
    nominal one: small enough for seconds, with every code path of the three classifiers."""
    rng = np.random.default_rng(20261124)
    n_pos, n_neg = 40, 160
    y = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    X = np.column_stack(
        [
            rng.normal(y * 1.2, 1.0),
            rng.normal(y * 0.6, 1.0),
            rng.integers(0, 3, y.size) + (rng.random(y.size) < 0.4 * y),
        ]
    )
    X[:, 2] = np.minimum(X[:, 2], 2)
    X[rng.random(y.size) < 0.03, 0] = np.nan
    return X, y, AttributeSpec((0, 0, 3))


def run(classifiers, *, levels=(0, 25, 50), tenfold_evaluated=10, fivebytwo_repeats=5, platt_folds="training"):
    X, y, spec = synthetic()
    return imbalance.cross_validate_dataset(
        "synthetic",
        X,
        y,
        spec,
        np.random.default_rng(5),
        removed_percent=list(levels),
        classifiers=classifiers,
        tenfold_folds=10,
        precision_k=20,
        tenfold_evaluated=tenfold_evaluated,
        fivebytwo_repeats=fivebytwo_repeats,
        platt_folds=platt_folds,
    )


def test_the_lib_offers_exactly_the_registered_alternatives():
    assert set(imbalance.PLATT_FOLDS) == set(readings.REGISTRY["imbalance.platt_folds"].alternatives)
    assert (
        set(run(["NB"], levels=(0,), tenfold_evaluated=1, fivebytwo_repeats=1))
        == set(imbalance.AGGREGATIONS)
        == set(readings.REGISTRY["imbalance.metric_aggregation"].alternatives)
    )


def test_per_fold_nb_and_j48_rows_are_those_of_the_parent_commit():
    # sha256 of the NB/J48 table that cross_validate_dataset wrote before SMO and the two readings
    # were added (commit d8bb41d, same data and seed): the per_fold table is unchanged byte for byte
    frame = run(["NB", "J48"])["per_fold"]
    buf = io.StringIO()
    frame.to_csv(buf, index=False, float_format=tables.FLOAT_FORMAT, lineterminator="\n")
    assert len(frame) == 3 * (10 + 10) * 2
    assert hashlib.sha256(buf.getvalue().encode()).hexdigest() == (
        "4d0b8de69ad52ab23685520e1eecbef8d9adbd91ef638609a1eaa72c4af94dfd"
    )


def test_pooled_auc_is_not_the_mean_of_the_fold_aucs():
    # fold 1 ranks its positive first (AUC 1), so does fold 2 (AUC 1), but fold 2's scores are all
    # low: pooled, its positive (0.3) ranks below fold 1's negative 0.8 -> 7 of 8 pairs, AUC 7/8
    s1, y1 = np.array([0.9, 0.8, 0.1]), np.array([1, 0, 0])
    s2, y2 = np.array([0.3, 0.2, 0.05]), np.array([1, 0, 0])
    assert metrics.auc(s1, y1) == metrics.auc(s2, y2) == 1.0
    pooled = imbalance._scored_row(np.r_[s1, s2], np.r_[y1, y2], 20)
    assert pooled["auc"] == pytest.approx(7 / 8) and (pooled["test_pos"], pooled["test_n"]) == (2, 6)


def test_pooled_table_pools_each_cv_run():
    out = run(["NB", "J48"], levels=(0, 50))
    folds, pooled = out["per_fold"], out["pooled"]
    keys = ["removed_percent", "scheme", "repetition", "classifier"]
    # 10-fold: one pooled set per level and classifier; 5x2: one per repetition
    counts = pooled.groupby(["scheme", "removed_percent", "classifier"]).size()
    assert set(counts.xs("10-fold")) == {1} and set(counts.xs("5x2")) == {5}
    assert set(pooled.loc[pooled.scheme == "10-fold", "folds_pooled"]) == {10}
    assert set(pooled.loc[pooled.scheme == "5x2", "folds_pooled"]) == {2}
    # every row of the level is scored once per run
    assert (pooled["test_n"] == pooled["n_pos"] + pooled["n_neg"]).all()
    assert (pooled["test_pos"] == pooled["n_pos"]).all()
    # accuracy and Brier are means over rows, so the pooled value is the test_n-weighted mean of
    # the fold values; a run pooled with the wrong folds would break this
    weighted = (
        folds.assign(acc=folds.accuracy * folds.test_n, b=folds.brier * folds.test_n, n=folds.test_n)
        .groupby(keys)[["acc", "b", "n"]]
        .sum()
    )
    merged = pooled.set_index(keys).join(weighted)
    assert (merged.n == merged.test_n).all()
    assert np.allclose(merged.accuracy, merged.acc / merged.n, rtol=0, atol=1e-12)
    assert np.allclose(merged.brier, merged.b / merged.n, rtol=0, atol=1e-12)
    # and the rank metrics do differ from the fold means somewhere
    means = folds.groupby(keys)[["auc", "precision_at_20"]].mean()
    assert (np.abs(pooled.set_index(keys)[["auc", "precision_at_20"]] - means) > 1e-6).any().all()


def test_quick_profile_pools_only_the_scored_folds():
    pooled = run(["NB"], levels=(0,), tenfold_evaluated=1, fivebytwo_repeats=1)["pooled"]
    assert list(zip(pooled.scheme, pooled.folds_pooled)) == [("10-fold", 1), ("5x2", 2)]
    assert pooled.loc[pooled.scheme == "10-fold", "test_n"].item() == 20  # one tenth of 200


def test_the_studys_smo_is_weka_smo_with_the_readings_v():
    X, y, spec = synthetic()
    for name, v in (("training", -1), ("cv3", 3), ("cv5", 5)):
        model = imbalance.make_classifier("SMO", spec, platt_folds=name)
        assert isinstance(model, smo.SMO) and model.build_logistic and model.logistic_folds == v
        assert model.C == 1.0 and model.seed == 1 and model.n_classes == 2  # Weka's defaults, two classes
    with pytest.raises(ValueError, match="platt_folds"):
        imbalance.make_classifier("SMO", spec, platt_folds="cv10")
    fits = {
        name: imbalance.make_classifier("SMO", spec, platt_folds=name).fit(X[:150], y[:150])
        for name in imbalance.PLATT_FOLDS
    }
    p = {name: m.predict_proba(X[150:])[:, 1] for name, m in fits.items()}
    # the same SVM (trained on all training rows) under every reading; only the logistic model moves
    assert np.array_equal(fits["training"].W_, fits["cv3"].W_) and np.array_equal(fits["cv3"].W_, fits["cv5"].W_)
    assert np.abs(p["training"] - p["cv3"]).max() > 1e-3 and np.abs(p["cv3"] - p["cv5"]).max() > 1e-3


def test_the_studys_smo_rows_equal_explicit_weka_smo_refits():
    X, y, spec = synthetic()
    table = run(["SMO"], levels=(0, 50), tenfold_evaluated=2, fivebytwo_repeats=1, platt_folds="cv3")["per_fold"]
    rng = np.random.default_rng(5)  # the job's draws, replayed: removal, then per level 10-fold and 5x2
    kept = imbalance.remove_minority_nested(y, [0.0, 0.5], rng)
    rows = []
    for percent, keep in zip((0, 50), kept):
        Xk, yk = X[keep], y[keep]
        parts = {
            "10-fold": sampling.stratified_fold_of(rng, yk, 10, 1, every_class_in_every_fold=True),
            "5x2": sampling.stratified_fold_of(rng, yk, 2, 5, every_class_in_every_fold=True),
        }
        for scheme, rep, fold in (("10-fold", 0, 0), ("10-fold", 0, 1), ("5x2", 0, 0), ("5x2", 0, 1)):
            test = parts[scheme][rep] == fold
            model = smo.SMO(spec, build_logistic=True, logistic_folds=3, n_classes=2).fit(Xk[~test], yk[~test])
            rows.append(metrics.all_metrics(model.predict_proba(Xk[test])[:, 1], yk[test], k=20))
    want = pd.DataFrame(rows)
    assert np.array_equal(table[want.columns].to_numpy(), want.to_numpy())


class JavaRandom:
    """java.util.Random, written out in Python (independently of lib.models.smo's numba copy)."""

    MASK = (1 << 48) - 1

    def __init__(self, seed):
        self.seed = (seed ^ 0x5DEECE66D) & self.MASK

    def next_int(self, bound):
        def bits31():
            self.seed = (self.seed * 0x5DEECE66D + 0xB) & self.MASK
            return self.seed >> 17

        if bound & -bound == bound:
            return (bound * bits31()) >> 31
        while True:
            bits = bits31()
            val = bits % bound
            if bits - val + (bound - 1) < 2**31:
                return val

    def shuffle(self, rows):  # Instances.randomize
        rows = list(rows)
        for j in range(len(rows) - 1, 0, -1):
            k = self.next_int(j + 1)
            rows[j], rows[k] = rows[k], rows[j]
        return rows


def weka_internal_cv_outputs(Z, y, k, seed=1):
    """Weka 3.6 BinarySMO.fitLogistic with -V k for two classes, step by step: the pair's rows (class
    0, then class 1) shuffled by SMO's Random(seed); then, with a new Random(seed), randomize,
    stratify (group by class, then every k-th row), and per fold i trainCV (shuffled again) / testCV;
    a BinarySMO on each training part, its outputs on the test part."""
    pair = JavaRandom(seed).shuffle(list(np.flatnonzero(y == 0)) + list(np.flatnonzero(y == 1)))
    rnd = JavaRandom(seed)
    rows = rnd.shuffle(pair)
    index = 1
    while index < len(rows):  # Instances.stratify: Weka's swap loop
        first = y[rows[index - 1]]
        for j in range(index, len(rows)):
            if y[rows[j]] == first:
                rows[index], rows[j] = rows[j], rows[index]
                index += 1
        index += 1
    rows = [r for start in range(k) for r in rows[start::k]]  # stratStep
    n, outputs, targets = len(rows), [], []
    for i in range(k):
        size = n // k + (1 if i < n % k else 0)
        first = i * (n // k) + (i if i < n % k else n % k)
        test, train = rows[first : first + size], rnd.shuffle(rows[:first] + rows[first + size :])
        W, b, kind, _ = smo._binary_one(Z[train], y[train], 0, 1, 1.0)
        outputs.append(Z[test] @ W[0] - b[0])
        targets.append(y[test].astype(float))
    return np.concatenate(outputs), np.concatenate(targets)


@pytest.mark.parametrize("name,k", [("cv3", 3), ("cv5", 5)])
def test_cvk_fits_the_logistic_model_to_wekas_internal_cv_outputs(name, k):
    X, y, spec = synthetic()
    model = imbalance.make_classifier("SMO", spec, platt_folds=name).fit(X[:120], y[:120])
    f, t = weka_internal_cv_outputs(model.filters_.Z, y[:120], k)
    assert np.allclose(model.logistic_[0], smo._logistic_fit(f, t), rtol=1e-9, atol=1e-12)
    # -V -1 instead fits the same SVM's outputs on its own training rows
    train = imbalance.make_classifier("SMO", spec, platt_folds="training").fit(X[:120], y[:120])
    own = model.filters_.Z @ train.W_[0] - train.b_[0]
    assert np.allclose(train.logistic_[0], smo._logistic_fit(own, y[:120].astype(float)), rtol=1e-9, atol=1e-12)
    assert not np.allclose(train.logistic_[0], model.logistic_[0], rtol=1e-3)


def test_section4_table_simulates_what_the_closed_form_says():
    replications = 2000
    table = imbalance.section4(replications, 2000, np.random.default_rng(11))
    sd = table[table["quantity"] == "sd_auc"].set_index("test_set")
    assert list(sd.index) == [f"{n1}:{n0}" for n1, n0 in imbalance.SECTION4_TEST_SETS]
    # the SD of an SD estimate over r draws is about SD / sqrt(2 (r - 1)): within 4 of those
    tolerance = 4 / np.sqrt(2 * (replications - 1))
    assert ((sd["simulated"] / sd["closed_form_binormal"] - 1).abs() < tolerance).all()
    assert sd["ratio_closed_form"].iloc[0] == 1 and (sd["replications"] == replications).all()
    critical = table[table["quantity"] == "critical_auc"]
    assert critical["reading"].tolist() == [label for _, label, _ in imbalance.CRITICAL_AUC_READINGS]
    assert critical["exact"].is_monotonic_increasing  # the best of more random classifiers needs more
    assert critical["simulated"].notna().tolist() == [True, False, False]  # simulated for the single test only

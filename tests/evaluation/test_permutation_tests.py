"""Tests for lib.evaluation.permutation_tests (Ojala & Garriga 2009, Sec. II-III) and lib.studies.permutation;
the oracle of the fast engines is refitting fold by fold (scripts/tools/reference_models.py)."""

from __future__ import annotations

import numpy as np
import pytest

from lib.evaluation import permutation_tests as pm
from lib.evaluation import sampling
from lib.models import weka_like as wl
from lib.studies import permutation as toy
from tools import reference_models as rm  # scripts/ is on pytest's pythonpath


def rng(seed=0):
    return np.random.default_rng(seed)


# ----------------------------------------------------------------------------- randomisations
def test_label_permutations_are_permutations_and_preserve_label_counts():
    y = np.array([0, 0, 0, 1, 1, 2, 2, 2, 2, 1])
    perms = pm.label_permutations(len(y), 500, rng(1))
    assert perms.shape == (500, len(y))
    assert (np.sort(perms, axis=1) == np.arange(len(y))).all()
    Yp = y[perms]
    counts = np.stack([np.bincount(r, minlength=3) for r in Yp])
    assert (counts == np.bincount(y)).all()
    # they really shuffle: every position sees every class
    for i in range(len(y)):
        assert set(Yp[:, i]) == {0, 1, 2}


def test_randomisations_are_reproducible_from_the_generator():
    a = pm.label_permutations(20, 5, rng(7))
    b = pm.label_permutations(20, 5, rng(7))
    c = pm.label_permutations(20, 5, rng(8))
    assert (a == b).all() and not (a == c).all()
    y = np.repeat([0, 1], 10)
    assert (pm.within_class_permutations(y, 3, 4, rng(3)) == pm.within_class_permutations(y, 3, 4, rng(3))).all()


def test_test2_preserves_labels_and_each_class_column_multiset():
    r = rng(2)
    n, m, k = 37, 5, 50
    y = r.integers(0, 3, n)
    X = r.normal(size=(n, m)).round(1)
    idx = pm.within_class_permutations(y, m, k, r)
    assert idx.shape == (k, n, m)
    # every row index stays inside the row's class, for every column
    assert (y[idx] == y[None, :, None]).all()
    Xp = pm.apply_within_class_permutations(X, idx)
    assert Xp.shape == (k, n, m)
    for b in range(k):
        for c in np.unique(y):
            rows = y == c
            # per column, idx restricted to the class is a permutation of the class rows
            assert (np.sort(idx[b][rows], axis=0) == np.flatnonzero(rows)[:, None]).all()
            assert np.array_equal(np.sort(Xp[b][rows], axis=0), np.sort(X[rows], axis=0))
    # columns are permuted independently (not the same permutation for all columns)
    assert any((idx[b, :, 0] != idx[b, :, 1]).any() for b in range(k))


def test_test2_destroys_within_class_dependence():
    r = rng(4)
    n_c = 300
    y = np.repeat([0, 1], n_c)
    x0 = r.normal(size=2 * n_c) + 2.0 * y
    x1 = x0 + 0.1 * r.normal(size=2 * n_c)  # within-class correlation ~0.99
    X = np.column_stack([x0, x1])
    idx = pm.within_class_permutations(y, 2, 200, r)
    Xp = pm.apply_within_class_permutations(X, idx)
    for c in (0, 1):
        rows = y == c
        assert np.corrcoef(X[rows].T)[0, 1] > 0.98
        cors = np.array([np.corrcoef(Xp[b][rows].T)[0, 1] for b in range(200)])
        # null correlation has sd ~ 1/sqrt(n_c) = 0.058
        assert abs(cors.mean()) < 0.02
        assert np.abs(cors).max() < 0.3
    # Test 1 keeps the dependence between the features (X is untouched)
    assert np.corrcoef(X.T)[0, 1] > 0.9


# ----------------------------------------------------------------------------- p-value
def test_pvalue_hand_cases():
    e_rand = np.array([0.05, 0.1, 0.2, 0.3])
    assert pm.pvalue(0.1, e_rand) == pytest.approx((2 + 1) / (4 + 1))  # <= counts the tie
    assert pm.pvalue(0.0, e_rand) == pytest.approx(1 / 5)  # minimum 1/(k+1)
    assert pm.pvalue(0.5, e_rand) == pytest.approx(1.0)
    assert pm.pvalue(0.05, e_rand) == pytest.approx(2 / 5)
    # vectorised over several original errors and over batches
    np.testing.assert_allclose(pm.pvalue(np.array([0.0, 0.1, 0.5]), e_rand), [0.2, 0.6, 1.0])
    np.testing.assert_allclose(pm.pvalue(np.array([0.1, 0.1]), np.stack([e_rand, e_rand + 1])), [0.6, 0.2])
    k = 999
    assert pm.pvalue(0.0, np.full(k, 0.5)) == pytest.approx(1 / (k + 1))
    assert pm.pvalue(0.0, np.full(k, 0.5)) == pytest.approx(0.001)


# ----------------------------------------------------------------------------- fast 1-NN == slow refit
def _discrete_data(r, n=60, m=4, C=3):
    X = r.integers(0, 3, size=(n, m)).astype(float)  # many exact distance ties
    y = r.integers(0, C, n)
    return X, y


def _continuous_data(r, n=80, m=5, C=2):
    y = r.integers(0, C, n)
    X = r.normal(size=(n, m)) + 0.7 * y[:, None]
    return X, y


def _slow_nn1(spec, C, tie_rule, ranges):
    return rm.fit_predict_fn(lambda: rm.IBk1(spec, C, tie_rule=tie_rule, range_mode="fixed", ranges=ranges))


@pytest.mark.parametrize("tie_rule", ["first", "vote"])
@pytest.mark.parametrize("kind", ["discrete", "continuous"])
def test_fast_nn1_test1_equals_refit(tie_rule, kind):
    r = rng(11)
    X, y = _discrete_data(r) if kind == "discrete" else _continuous_data(r)
    n, m = X.shape
    C = int(y.max()) + 1
    spec = wl.AttributeSpec.numeric(m)
    ranges = wl.weka_ranges(X, spec)
    Z, _ = wl.encode_for_blas(X, spec, ranges)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    perms = pm.label_permutations(n, 25, r)
    slow_fp = _slow_nn1(spec, C, tie_rule, ranges)
    fast = pm.nn1_cv_errors_test1(Z, y, folds, perms, tie_rule=tie_rule)
    slow = rm.cv_errors(slow_fp, X, y[perms], folds)
    np.testing.assert_array_equal(fast, slow)
    # per-permutation folds (folds travel with the labels; stays stratified)
    slow_pf = rm.cv_errors(slow_fp, X, y[perms], folds[perms])
    for R in (1, 3, 16):  # R = 1 forces the exact fall-back for many rows
        fast_pf = pm.nn1_cv_errors_test1(Z, y, folds[perms], perms, tie_rule=tie_rule, n_candidates=R)
        np.testing.assert_array_equal(fast_pf, slow_pf)
    # leave-one-out
    loo = pm.loo_folds(n)
    np.testing.assert_array_equal(
        pm.nn1_cv_errors_test1(Z, y, loo, perms[:8], tie_rule=tie_rule), rm.cv_errors(slow_fp, X, y[perms[:8]], loo)
    )


def test_fast_nn1_loo_equals_weka_sequential_ranges_and_missing_values():
    # With leave-one-out, Weka's "training ranges widened by the test instance" are the ranges
    # of all the data, so the engine with whole-data ranges is exactly Weka's IBk.
    r = rng(12)
    n = 30
    X = np.column_stack([r.normal(size=n), r.integers(0, 3, n), r.uniform(size=n)])
    X[r.uniform(size=X.shape) < 0.15] = np.nan
    y = r.integers(0, 2, n)
    spec = wl.AttributeSpec((0, 3, 0))
    perms = pm.label_permutations(n, 12, r)
    f = wl.ibk_sqdist_fn(X, spec)  # exact Weka distance (missing values present)
    loo = pm.loo_folds(n)
    for tie_rule in ("first", "vote"):
        slow_fp = rm.fit_predict_fn(lambda: rm.IBk1(spec, 2, tie_rule=tie_rule, range_mode="weka"))
        np.testing.assert_array_equal(
            pm.nn1_cv_errors_test1(f, y, loo, perms, tie_rule=tie_rule), rm.cv_errors(slow_fp, X, y[perms], loo)
        )


@pytest.mark.parametrize("tie_rule", ["first", "vote"])
@pytest.mark.parametrize("kind", ["discrete", "continuous", "mixed_nominal"])
def test_fast_nn1_test2_equals_refit(tie_rule, kind):
    r = rng(13)
    if kind == "mixed_nominal":
        n = 50
        y = r.integers(0, 2, n)
        X = np.column_stack([r.integers(0, 4, n), r.normal(size=n) + y, r.integers(0, 2, n)]).astype(float)
        spec = wl.AttributeSpec((4, 0, 2))
    else:
        X, y = _discrete_data(r) if kind == "discrete" else _continuous_data(r)
        spec = wl.AttributeSpec.numeric(X.shape[1])
    n, m = X.shape
    C = int(y.max()) + 1
    ranges = wl.weka_ranges(X, spec)
    Z, groups = wl.encode_for_blas(X, spec, ranges)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    idx = pm.within_class_permutations(y, m, 20, r)
    fast = pm.nn1_cv_errors_test2(Z, y, folds, idx, groups=groups, tie_rule=tie_rule)
    Xp = pm.apply_within_class_permutations(X, idx)
    for b in range(len(idx)):  # whole-data ranges are invariant under Test 2
        rb = wl.weka_ranges(Xp[b], spec)
        np.testing.assert_array_equal(rb.lo, ranges.lo)
    slow = rm.cv_errors(_slow_nn1(spec, C, tie_rule, ranges), Xp, y, folds)
    np.testing.assert_array_equal(fast, slow)
    # small memory budget -> row blocks; same answer
    np.testing.assert_array_equal(
        pm.nn1_cv_errors_test2(Z, y, folds, idx, groups=groups, tie_rule=tie_rule, budget=500), fast
    )
    # a fresh stratified CV for every randomisation
    G = pm.resample_folds(folds, y, len(idx), r)
    fast_g = pm.nn1_cv_errors_test2(Z, y, G, idx, groups=groups, tie_rule=tie_rule, budget=3000)
    slow_g = rm.cv_errors(_slow_nn1(spec, C, tie_rule, ranges), Xp, y, G)
    np.testing.assert_array_equal(fast_g, slow_g)


# ----------------------------------------------------------------------------- 1-NN "shuffled" ties
def _refit_shuffled(spec, C, ranges, Xs, Ys, Fs, keys, metric_ranges=None):
    """Fold-by-fold refits of IBk1(tie_rule="shuffled"): data set ``b``, fold ``f`` trains on
    the rows of the other folds with their keys ``keys[b, f, train rows]`` (Weka's trainCV
    order). ``Xs``/``Ys``/``Fs`` are per data set (lists or stacked arrays)."""
    out = []
    for b, (Xb, Yb, Fb) in enumerate(zip(Xs, Ys, Fs)):
        wrong = 0
        for f in np.unique(Fb):
            te = Fb == f
            m = rm.IBk1(spec, C, tie_rule="shuffled", range_mode="fixed", ranges=ranges)
            wrong += int((m.fit(Xb[~te], Yb[~te], tie_keys=keys[b, f, ~te]).predict(Xb[te]) != Yb[te]).sum())
        out.append(wrong / len(Yb))
    return np.array(out)


@pytest.mark.parametrize("kind", ["discrete", "continuous"])
def test_fast_nn1_test1_shuffled_equals_refit(kind):
    """Test 1 engine with ``tie_rule="shuffled"``: fixed folds, folds travelling with the
    labels (every candidate-list length, R = 1 forcing the exact fall-back) and leave-one-out
    equal refitting IBk1 fold by fold with the same keys; keys passed as TieKeys or array."""
    r = rng(51)
    X, y = _discrete_data(r) if kind == "discrete" else _continuous_data(r)
    n, m = X.shape
    C = int(y.max()) + 1
    spec = wl.AttributeSpec.numeric(m)
    ranges = wl.weka_ranges(X, spec)
    Z, _ = wl.encode_for_blas(X, spec, ranges)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    k = 20
    perms = pm.label_permutations(n, k, r)
    tk = wl.TieKeys([51, 1], 10, n)
    K = tk.block(0, k)
    slow = _refit_shuffled(spec, C, ranges, [X] * k, y[perms], [folds] * k, K)
    np.testing.assert_array_equal(pm.nn1_cv_errors_test1(Z, y, folds, perms, tie_rule="shuffled", tie_keys=tk), slow)
    np.testing.assert_array_equal(pm.nn1_cv_errors_test1(Z, y, folds, perms, tie_rule="shuffled", tie_keys=K), slow)
    slow_pf = _refit_shuffled(spec, C, ranges, [X] * k, y[perms], folds[perms], K)
    for R in (1, 3, 16):
        fast_pf = pm.nn1_cv_errors_test1(Z, y, folds[perms], perms, tie_rule="shuffled", tie_keys=tk, n_candidates=R)
        np.testing.assert_array_equal(fast_pf, slow_pf)
    loo = pm.loo_folds(n)
    tl = wl.TieKeys([51, 2], n, n)
    np.testing.assert_array_equal(
        pm.nn1_cv_errors_test1(Z, y, loo, perms[:6], tie_rule="shuffled", tie_keys=tl),
        _refit_shuffled(spec, C, ranges, [X] * 6, y[perms[:6]], [loo] * 6, tl.block(0, 6)),
    )
    if kind == "discrete":  # ties exist, so the rule matters
        assert not np.array_equal(slow, pm.nn1_cv_errors_test1(Z, y, folds, perms, tie_rule="first"))
    with pytest.raises(ValueError, match="keys"):
        pm.nn1_cv_errors_test1(Z, y, folds, perms, tie_rule="shuffled")


@pytest.mark.parametrize("kind", ["discrete", "mixed_nominal"])
def test_fast_nn1_test2_shuffled_equals_refit(kind):
    """Test 2 engines with ``tie_rule="shuffled"``: per-fold BLAS path, row blocks (small
    budget), fresh folds per randomisation, the exact-metric path and the missing-nominal BLAS
    path all equal refitting IBk1 with the same keys, whatever the batch size."""
    r = rng(52)
    if kind == "mixed_nominal":
        n = 50
        y = r.integers(0, 2, n)
        X = np.column_stack([r.integers(0, 4, n), r.normal(size=n) + y, r.integers(0, 2, n)]).astype(float)
        spec = wl.AttributeSpec((4, 0, 2))
    else:
        X, y = _discrete_data(r)
        spec = wl.AttributeSpec.numeric(X.shape[1])
    n, m = X.shape
    C = int(y.max()) + 1
    ranges = wl.weka_ranges(X, spec)
    Z, groups = wl.encode_for_blas(X, spec, ranges)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    k = 12
    idx = pm.within_class_permutations(y, m, k, r)
    Xp = pm.apply_within_class_permutations(X, idx)
    tk = wl.TieKeys([52, 3], 10, n)
    K = tk.block(0, k)
    slow = _refit_shuffled(spec, C, ranges, Xp, [y] * k, [folds] * k, K)
    for budget in (250_000, 500, 3000):  # batches of randomisations and row blocks differ
        np.testing.assert_array_equal(
            pm.nn1_cv_errors_test2(Z, y, folds, idx, groups=groups, tie_rule="shuffled", tie_keys=tk, budget=budget),
            slow,
        )
    G = pm.resample_folds(folds, y, k, r)
    slow_g = _refit_shuffled(spec, C, ranges, Xp, [y] * k, G, K)
    for budget in (250_000, 3000):
        np.testing.assert_array_equal(
            pm.nn1_cv_errors_test2(Z, y, G, idx, groups=groups, tie_rule="shuffled", tie_keys=tk, budget=budget), slow_g
        )
    metric = lambda A, B: wl.ibk_sq_distances(A, B, spec, ranges)  # noqa: E731
    np.testing.assert_array_equal(
        pm.nn1_cv_errors_test2(X, y, G, idx, metric=metric, tie_rule="shuffled", tie_keys=tk), slow_g
    )
    np.testing.assert_array_equal(
        pm.nn1_cv_errors_test2(X, y, folds, idx, metric=metric, tie_rule="shuffled", tie_keys=K), slow
    )


def test_fast_nn1_test2_shuffled_with_missing_nominal_values_equals_refit():
    r = rng(53)
    n = 48
    y = r.integers(0, 2, n)
    X = np.column_stack([r.integers(0, 2, n) + y, r.integers(0, 3, n), r.integers(0, 2, n)]).astype(float)
    X[:, 1:][r.uniform(size=(n, 2)) < 0.15] = np.nan
    spec = wl.AttributeSpec((0, 3, 2))
    ranges = wl.weka_ranges(X, spec)
    Z, groups, weight = wl.encode_for_blas_nominal_missing(X, spec, ranges)
    folds = sampling.stratified_fold_of(r, y, 8)[0]
    idx = pm.within_class_permutations(y, 3, 6, r)
    Xp = pm.apply_within_class_permutations(X, idx)
    G = pm.resample_folds(folds, y, len(idx), r)
    tk = wl.TieKeys([53], 8, n)
    np.testing.assert_array_equal(
        pm.nn1_cv_errors_test2(Z, y, G, idx, groups=groups, weight=weight, tie_rule="shuffled", tie_keys=tk),
        _refit_shuffled(spec, 2, ranges, Xp, [y] * len(idx), G, tk.block(0, len(idx))),
    )


def test_toy_table1_shuffled_is_reproducible_and_first_unchanged():
    """Table I with Weka's leave-one-out tie order: reproducible from the generator, and
    drawing its keys after the randomisations leaves the null samples of every rule the same
    randomised data sets (same Test 1 / Test 2 draws as "first")."""
    a = toy.table1(*toy.d1(), k=200, rng=rng(41), tie_rule="shuffled")
    b = toy.table1(*toy.d1(), k=200, rng=rng(41), tie_rule="shuffled")
    assert a == b
    assert a["t1_p"] < 0.02 and a["t2_p"] > 0.2 and a["t2_mean"] < 0.15
    assert 0.45 < a["t1_mean"] < 0.6


def test_fast_nn1_test2_exact_metric_with_missing_values():
    r = rng(14)
    n = 40
    y = r.integers(0, 2, n)
    X = np.column_stack([r.normal(size=n) + y, r.integers(0, 3, n)]).astype(float)
    X[r.uniform(size=X.shape) < 0.1] = np.nan
    spec = wl.AttributeSpec((0, 3))
    ranges = wl.weka_ranges(X, spec)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    idx = pm.within_class_permutations(y, 2, 6, r)
    metric = lambda A, B: wl.ibk_sq_distances(A, B, spec, ranges)  # noqa: E731
    Xp = pm.apply_within_class_permutations(X, idx)
    fast = pm.nn1_cv_errors_test2(X, y, folds, idx, metric=metric)
    slow = rm.cv_errors(_slow_nn1(spec, 2, "first", ranges), Xp, y, folds)
    np.testing.assert_array_equal(fast, slow)
    G = pm.resample_folds(folds, y, len(idx), r)
    np.testing.assert_array_equal(
        pm.nn1_cv_errors_test2(X, y, G, idx, metric=metric), rm.cv_errors(_slow_nn1(spec, 2, "first", ranges), Xp, y, G)
    )


@pytest.mark.parametrize("tie_rule", ["first", "vote"])
def test_fast_nn1_test2_blas_with_missing_nominal_values_equals_refit(tie_rule):
    """Missing nominal values (no missing numeric ones) take the BLAS path with norm-only
    columns; errors equal refitting with Weka's element-wise distance, fixed and fresh folds."""
    r = rng(15)
    n = 48
    y = r.integers(0, 2, n)
    X = np.column_stack([r.normal(size=n) + y, r.integers(0, 3, n), r.integers(0, 2, n)]).astype(float)
    X[:, 1:][r.uniform(size=(n, 2)) < 0.15] = np.nan
    X[:3, 1] = np.nan  # both-missing pairs exist
    spec = wl.AttributeSpec((0, 3, 2))
    ranges = wl.weka_ranges(X, spec)
    Z, groups, weight = wl.encode_for_blas_nominal_missing(X, spec, ranges)
    assert Z.shape[1] == 1 + 3 + 2 + 2 and set(weight) == {0.0, 1.0}
    folds = sampling.stratified_fold_of(r, y, 8)[0]
    idx = pm.within_class_permutations(y, 3, 5, r)
    Xp = pm.apply_within_class_permutations(X, idx)
    slow = _slow_nn1(spec, 2, tie_rule, ranges)
    fast = pm.nn1_cv_errors_test2(Z, y, folds, idx, groups=groups, weight=weight, tie_rule=tie_rule)
    np.testing.assert_array_equal(fast, rm.cv_errors(slow, Xp, y, folds))
    G = pm.resample_folds(folds, y, len(idx), r)
    np.testing.assert_array_equal(
        pm.nn1_cv_errors_test2(Z, y, G, idx, groups=groups, weight=weight, tie_rule=tie_rule),
        rm.cv_errors(slow, Xp, y, G),
    )


def test_blas_form_with_missing_nominal_equals_weka_distance():
    r = rng(16)
    X = np.column_stack([r.normal(size=30), r.integers(0, 4, 30)]).astype(float)
    X[r.uniform(size=30) < 0.3, 1] = np.nan
    spec = wl.AttributeSpec((0, 4))
    ranges = wl.weka_ranges(X, spec)
    rows = np.arange(30)
    np.testing.assert_allclose(
        wl.ibk_sqdist_fn(X, spec, ranges)(rows, rows), wl.ibk_sq_distances(X, X, spec, ranges), atol=1e-12
    )
    X[0, 0] = np.nan
    with pytest.raises(ValueError, match="numeric"):
        wl.encode_for_blas_nominal_missing(X, spec, ranges)


# ----------------------------------------------------------------------------- naive Bayes engines
def _mixed_nb_data(r, n=70):
    y = r.integers(0, 3, n)
    X = np.column_stack(
        [
            r.normal(size=n) + y,  # numeric
            np.round(r.normal(size=n) * 3, 1),  # numeric with a coarse precision
            r.integers(0, 3, n),  # nominal, 3 values
            (r.uniform(size=n) < 0.3 + 0.2 * y),  # nominal, 2 values
        ]
    ).astype(float)
    X[r.uniform(size=X.shape) < 0.08] = np.nan
    return X, y, wl.AttributeSpec((0, 0, 3, 2))


def test_fast_nb_test1_equals_refit():
    r = rng(21)
    X, y, spec = _mixed_nb_data(r)
    n = len(y)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    perms = pm.label_permutations(n, 30, r)
    slow_fp = rm.fit_predict_fn(lambda: wl.NaiveBayesWeka(spec, 3))
    fast = pm.nb_cv_errors_test1(X, y, folds, perms, spec, n_classes=3, chunk=7)
    np.testing.assert_array_equal(fast, rm.cv_errors(slow_fp, X, y[perms], folds))
    loo = pm.loo_folds(n)
    np.testing.assert_array_equal(
        pm.nb_cv_errors_test1(X, y, loo, perms[:3], spec, n_classes=3), rm.cv_errors(slow_fp, X, y[perms[:3]], loo)
    )
    # folds travel with the labels
    np.testing.assert_array_equal(
        pm.nb_cv_errors_test1(X, y, folds[perms], perms, spec, n_classes=3, chunk=24),
        rm.cv_errors(slow_fp, X, y[perms], folds[perms]),
    )


def test_fast_nb_test2_equals_refit():
    r = rng(22)
    X, y, spec = _mixed_nb_data(r)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    idx = pm.within_class_permutations(y, X.shape[1], 15, r)
    slow_fp = rm.fit_predict_fn(lambda: wl.NaiveBayesWeka(spec, 3))
    fast = pm.nb_cv_errors_test2(X, y, folds, idx, spec, n_classes=3, chunk=4)
    Xp = pm.apply_within_class_permutations(X, idx)
    np.testing.assert_array_equal(fast, rm.cv_errors(slow_fp, Xp, y, folds))
    G = pm.resample_folds(folds, y, len(idx), r)
    np.testing.assert_array_equal(
        pm.nb_cv_errors_test2(X, y, G, idx, spec, n_classes=3, chunk=4), rm.cv_errors(slow_fp, Xp, y, G)
    )
    # unequal fold sizes inside a batch are handled member by member
    G2 = G.copy()
    G2[0] = sampling.stratified_fold_of(r, y, 7)[0]
    np.testing.assert_array_equal(
        pm.nb_cv_errors_test2(X, y, G2, idx, spec, n_classes=3), rm.cv_errors(slow_fp, Xp, y, G2)
    )


def test_resample_folds_keeps_class_by_fold_counts():
    r = rng(23)
    y = r.integers(0, 3, 53)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    G = pm.resample_folds(folds, y, 40, r)
    cells = lambda f: np.histogram2d(y, f, bins=[3, 10], range=[[0, 3], [0, 10]])[0]  # noqa: E731
    for g in G:
        np.testing.assert_array_equal(cells(g), cells(folds))
    assert len({tuple(g) for g in G}) == 40


# ----------------------------------------------------------------------------- statistical behaviour
def test_test1_pvalues_roughly_uniform_under_the_null():
    # N null data sets (labels independent of X), leave-one-out 1-NN, k = 99 permutations each.
    # With ties broken at random the p-value is exactly uniform on {1/(k+1), ..., 1} under
    # exchangeability; the paper's p (ties counted as "<=") is that value or larger, so it is
    # valid (P(p <= a) <= a) and only slightly conservative because CV errors are discrete.
    r = rng(31)
    N, n, m, k = 1000, 100, 3, 99
    p_paper = np.empty(N)
    p_rand = np.empty(N)
    folds = pm.loo_folds(n)
    for t in range(N):
        X = r.normal(size=(n, m))
        y = r.permutation(np.repeat([0, 1], n // 2))
        perms = pm.label_permutations(n, k, r)
        e0 = pm.nn1_cv_errors_test1(X, y, folds, np.arange(n)[None])[0]
        e = pm.nn1_cv_errors_test1(X, y, folds, perms)
        p_paper[t] = pm.pvalue(e0, e)
        lt, eq = (e < e0).sum(), (e == e0).sum()
        p_rand[t] = (lt + r.integers(1, eq + 2)) / (k + 1)
    assert (p_paper >= p_rand).all() and p_paper.min() >= 1 / (k + 1)
    for alpha in (0.05, 0.1, 0.25, 0.5, 0.75):  # multiples of 1/(k+1): P(p_rand <= a) = a
        se = np.sqrt(alpha * (1 - alpha) / N)
        assert abs(np.mean(p_rand <= alpha) - alpha) <= 3 * se
        frac = np.mean(p_paper <= alpha)
        assert frac <= alpha + 3 * se
        assert frac >= alpha - 3 * se - 0.05  # 0.05: mass of tied errors (discreteness)


def test_separable_data_gives_minimal_pvalue():
    r = rng(32)
    n, k = 60, 199
    y = np.repeat([0, 1], n // 2)
    X = r.normal(size=(n, 2)) * 0.1 + 10.0 * y[:, None]
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    perms = pm.label_permutations(n, k, r)
    e0 = pm.nn1_cv_errors_test1(X, y, folds, np.arange(n)[None])[0]
    assert e0 == 0.0
    assert pm.pvalue(e0, pm.nn1_cv_errors_test1(X, y, folds, perms)) == pytest.approx(1 / (k + 1))
    spec = wl.AttributeSpec.numeric(2)
    e0nb = pm.nb_cv_errors_test1(X, y, folds, np.arange(n)[None], spec)[0]
    assert e0nb == 0.0
    assert pm.pvalue(e0nb, pm.nb_cv_errors_test1(X, y, folds, perms, spec)) == pytest.approx(1 / (k + 1))


# ----------------------------------------------------------------------------- toy data of Figure 1
# The x/o token runs of Figure 1 as they appear in the machine-extracted text (lines 15 and 16; see
# the docstring of lib.studies.permutation for how they were read).
D1_TEXT_RUN = (
    "o x x x x x x x x x o x x x x o x x x x o o x x x x x x x x x o x x o x o o o x x x x x "
    "x x x o x o o x o x x x x x x x o x x o o o o x x o o o o o o o o o o o x o x o o o o o "
    "x o x o o x o o o o x o o o o o o o o o o o x o x o o o o o o o o o o x o o o o"
)
D2_TEXT_RUN = (
    "x x x o x x x x x x x x o x x x x x x x x x x x x o x x x x x x o o o o o o o x x o o o "
    "o o o o o o o o o x o o o o o o o o o o x x x x o o o x x x x x x o o o x x o x o o o o "
    "x x x x o o o o o o o o x x x x o o o o x x x x o x o o x x x o o o o x x x x x"
)


def parse_run(run: str, n_rows: int = 16, n_cols: int = 8) -> np.ndarray:
    """Parse a whitespace-separated x/o run row-major into an ``(n_rows, n_cols)`` 0/1 array."""
    toks = run.split()
    assert len(toks) == n_rows * n_cols and not set(toks) - {"x", "o"}
    return (np.asarray(toks) == "x").astype(float).reshape(n_rows, n_cols)


def test_toy_matrices_match_the_text_runs():
    X1, y = toy.d1()
    X2, _ = toy.d2()
    assert X1.shape == X2.shape == (16, 8)
    assert (parse_run(D1_TEXT_RUN) == X1).all()
    assert (parse_run(D2_TEXT_RUN) == X2).all()
    assert (y == np.repeat([0, 1], 8)).all()
    # D1: class-specific value distributions (class + mostly x); D2: balanced columns per class
    assert X1[y == 0].mean() > 0.7 and X1[y == 1].mean() < 0.3
    assert abs(X2[y == 0].mean() - 0.5) < 0.1 and abs(X2[y == 1].mean() - 0.5) < 0.1


@pytest.mark.parametrize("tie_rule", ["first", "vote"])
def test_toy_table1_qualitatively(tie_rule):
    r1 = toy.table1(*toy.d1(), k=300, rng=rng(41), tie_rule=tie_rule)
    r2 = toy.table1(*toy.d2(), k=300, rng=rng(42), tie_rule=tie_rule)
    assert r1["orig_err"] == 0.0 and r2["orig_err"] == 0.0  # Table I: 0.00 and 0.00
    assert r1["t1_p"] < 0.01 and r2["t1_p"] < 0.01  # both significant under Test 1
    assert r1["t2_p"] > 0.2  # D1 not significant under Test 2
    assert r2["t2_p"] == pytest.approx(1 / 301)  # D2 significant under Test 2
    assert 0.45 < r1["t1_mean"] < 0.6 and 0.45 < r2["t1_mean"] < 0.6
    assert r1["t2_mean"] < 0.1 and r2["t2_mean"] > 0.55

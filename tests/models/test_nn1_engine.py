"""Tests for lib.models.nn1_engine: the 1-NN cross-validation engines (on distances: Test 1, Test 2
with BLAS or Weka's metric; on bitsets: Test 2 on all-nominal data) equal refitting 1-NN fold by
fold, the oracle of scripts/tools/reference_models.py."""

from __future__ import annotations

import numpy as np
import pytest

from lib.data.attributes import AttributeSpec
from lib.evaluation import permutation_tests as pm
from lib.evaluation import sampling
from lib.models import nn1, nn1_engine
from lib.studies import permutation
from tools import reference_models as rm  # scripts/ is on pytest's pythonpath


def rng(seed=0):
    return np.random.default_rng(seed)


# ----------------------------------------------------------------------------- on distances == refit
def _discrete_data(r, n=60, m=4, C=3):
    X = r.integers(0, 3, size=(n, m)).astype(float)  # many exact distance ties
    y = r.integers(0, C, n)
    return X, y


def _continuous_data(r, n=80, m=5, C=2):
    y = r.integers(0, C, n)
    X = r.normal(size=(n, m)) + 0.7 * y[:, None]
    return X, y


def _mixed_nominal_data(r, n=50):
    """Two nominal attributes around a numeric one that carries the class."""
    y = r.integers(0, 2, n)
    X = np.column_stack([r.integers(0, 4, n), r.normal(size=n) + y, r.integers(0, 2, n)]).astype(float)
    return X, y, AttributeSpec((4, 0, 2))


def _numeric_case(r, kind):
    """A numeric data set of ``kind`` with what the engines take: rows, classes, spec, Weka's ranges,
    the BLAS encoding and one stratified 10-fold assignment."""
    X, y = _discrete_data(r) if kind == "discrete" else _continuous_data(r)
    spec = AttributeSpec.numeric(X.shape[1])
    ranges = nn1.weka_ranges(X, spec)
    Z, _ = nn1.encode_for_blas(X, spec, ranges)
    return X, y, len(y), int(y.max()) + 1, spec, ranges, Z, sampling.stratified_fold_of(r, y, 10)[0]


def _slow_nn1(spec, C, tie_rule, ranges):
    return rm.fit_predict_fn(lambda: rm.IBk1(spec, C, tie_rule=tie_rule, range_mode="fixed", ranges=ranges))


@pytest.mark.parametrize("tie_rule", ["first", "vote"])
@pytest.mark.parametrize("kind", ["discrete", "continuous"])
def test_fast_nn1_test1_equals_refit(tie_rule, kind):
    r = rng(11)
    X, y, n, C, spec, ranges, Z, folds = _numeric_case(r, kind)
    perms = pm.label_permutations(n, 25, r)
    slow_fp = _slow_nn1(spec, C, tie_rule, ranges)
    fast = nn1_engine.nn1_cv_errors_test1(Z, y, folds, perms, tie_rule=tie_rule)
    slow = rm.cv_errors(slow_fp, X, y[perms], folds)
    np.testing.assert_array_equal(fast, slow)
    # per-permutation folds (folds travel with the labels; stays stratified)
    slow_pf = rm.cv_errors(slow_fp, X, y[perms], folds[perms])
    for R in (1, 3, 16):  # R = 1 forces the exact fall-back for many rows
        fast_pf = nn1_engine.nn1_cv_errors_test1(Z, y, folds[perms], perms, tie_rule=tie_rule, n_candidates=R)
        np.testing.assert_array_equal(fast_pf, slow_pf)
    # leave-one-out
    loo = pm.loo_folds(n)
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_errors_test1(Z, y, loo, perms[:8], tie_rule=tie_rule),
        rm.cv_errors(slow_fp, X, y[perms[:8]], loo),
    )


def test_fast_nn1_loo_equals_weka_sequential_ranges_and_missing_values():
    # With leave-one-out, Weka's "training ranges widened by the test instance" are the ranges
    # of all the data, so the engine with whole-data ranges is exactly Weka's IBk.
    r = rng(12)
    n = 30
    X = np.column_stack([r.normal(size=n), r.integers(0, 3, n), r.uniform(size=n)])
    X[r.uniform(size=X.shape) < 0.15] = np.nan
    y = r.integers(0, 2, n)
    spec = AttributeSpec((0, 3, 0))
    perms = pm.label_permutations(n, 12, r)
    f = nn1.ibk_sqdist_fn(X, spec)  # exact Weka distance (missing values present)
    loo = pm.loo_folds(n)
    for tie_rule in ("first", "vote"):
        slow_fp = rm.fit_predict_fn(lambda: rm.IBk1(spec, 2, tie_rule=tie_rule, range_mode="weka"))
        np.testing.assert_array_equal(
            nn1_engine.nn1_cv_errors_test1(f, y, loo, perms, tie_rule=tie_rule), rm.cv_errors(slow_fp, X, y[perms], loo)
        )


@pytest.mark.parametrize("tie_rule", ["first", "vote"])
@pytest.mark.parametrize("kind", ["discrete", "continuous", "mixed_nominal"])
def test_fast_nn1_test2_equals_refit(tie_rule, kind):
    r = rng(13)
    if kind == "mixed_nominal":
        X, y, spec = _mixed_nominal_data(r)
    else:
        X, y = _discrete_data(r) if kind == "discrete" else _continuous_data(r)
        spec = AttributeSpec.numeric(X.shape[1])
    n, m = X.shape
    C = int(y.max()) + 1
    ranges = nn1.weka_ranges(X, spec)
    Z, groups = nn1.encode_for_blas(X, spec, ranges)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    idx = pm.within_class_permutations(y, m, 20, r)
    fast = nn1_engine.nn1_cv_errors_test2(Z, y, folds, idx, groups=groups, tie_rule=tie_rule)
    Xp = pm.apply_within_class_permutations(X, idx)
    for b in range(len(idx)):  # whole-data ranges are invariant under Test 2
        rb = nn1.weka_ranges(Xp[b], spec)
        np.testing.assert_array_equal(rb.lo, ranges.lo)
    slow = rm.cv_errors(_slow_nn1(spec, C, tie_rule, ranges), Xp, y, folds)
    np.testing.assert_array_equal(fast, slow)
    # small memory budget -> row blocks; same answer
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_errors_test2(Z, y, folds, idx, groups=groups, tie_rule=tie_rule, budget=500), fast
    )
    # a fresh stratified CV for every randomisation
    G = pm.resample_folds(folds, y, len(idx), r)
    fast_g = nn1_engine.nn1_cv_errors_test2(Z, y, G, idx, groups=groups, tie_rule=tie_rule, budget=3000)
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
    X, y, n, C, spec, ranges, Z, folds = _numeric_case(r, kind)
    k = 20
    perms = pm.label_permutations(n, k, r)
    tk = nn1.TieKeys([51, 1], 10, n)
    K = tk.block(0, k)
    slow = _refit_shuffled(spec, C, ranges, [X] * k, y[perms], [folds] * k, K)
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_errors_test1(Z, y, folds, perms, tie_rule="shuffled", tie_keys=tk), slow
    )
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_errors_test1(Z, y, folds, perms, tie_rule="shuffled", tie_keys=K), slow
    )
    slow_pf = _refit_shuffled(spec, C, ranges, [X] * k, y[perms], folds[perms], K)
    for R in (1, 3, 16):
        fast_pf = nn1_engine.nn1_cv_errors_test1(
            Z, y, folds[perms], perms, tie_rule="shuffled", tie_keys=tk, n_candidates=R
        )
        np.testing.assert_array_equal(fast_pf, slow_pf)
    loo = pm.loo_folds(n)
    tl = nn1.TieKeys([51, 2], n, n)
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_errors_test1(Z, y, loo, perms[:6], tie_rule="shuffled", tie_keys=tl),
        _refit_shuffled(spec, C, ranges, [X] * 6, y[perms[:6]], [loo] * 6, tl.block(0, 6)),
    )
    if kind == "discrete":  # ties exist, so the rule matters
        assert not np.array_equal(slow, nn1_engine.nn1_cv_errors_test1(Z, y, folds, perms, tie_rule="first"))
    with pytest.raises(ValueError, match="keys"):
        nn1_engine.nn1_cv_errors_test1(Z, y, folds, perms, tie_rule="shuffled")


@pytest.mark.parametrize("kind", ["discrete", "mixed_nominal"])
def test_fast_nn1_test2_shuffled_equals_refit(kind):
    """Test 2 engines with ``tie_rule="shuffled"``: per-fold BLAS path, row blocks (small
    budget), fresh folds per randomisation, the exact-metric path and the missing-nominal BLAS
    path all equal refitting IBk1 with the same keys, whatever the batch size."""
    r = rng(52)
    if kind == "mixed_nominal":
        X, y, spec = _mixed_nominal_data(r)
    else:
        X, y = _discrete_data(r)
        spec = AttributeSpec.numeric(X.shape[1])
    n, m = X.shape
    C = int(y.max()) + 1
    ranges = nn1.weka_ranges(X, spec)
    Z, groups = nn1.encode_for_blas(X, spec, ranges)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    k = 12
    idx = pm.within_class_permutations(y, m, k, r)
    Xp = pm.apply_within_class_permutations(X, idx)
    tk = nn1.TieKeys([52, 3], 10, n)
    K = tk.block(0, k)
    slow = _refit_shuffled(spec, C, ranges, Xp, [y] * k, [folds] * k, K)
    for budget in (250_000, 500, 3000):  # batches of randomisations and row blocks differ
        np.testing.assert_array_equal(
            nn1_engine.nn1_cv_errors_test2(
                Z, y, folds, idx, groups=groups, tie_rule="shuffled", tie_keys=tk, budget=budget
            ),
            slow,
        )
    G = pm.resample_folds(folds, y, k, r)
    slow_g = _refit_shuffled(spec, C, ranges, Xp, [y] * k, G, K)
    for budget in (250_000, 3000):
        np.testing.assert_array_equal(
            nn1_engine.nn1_cv_errors_test2(
                Z, y, G, idx, groups=groups, tie_rule="shuffled", tie_keys=tk, budget=budget
            ),
            slow_g,
        )
    metric = lambda A, B: nn1.ibk_sq_distances(A, B, spec, ranges)  # noqa: E731
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_errors_test2(X, y, G, idx, metric=metric, tie_rule="shuffled", tie_keys=tk), slow_g
    )
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_errors_test2(X, y, folds, idx, metric=metric, tie_rule="shuffled", tie_keys=K), slow
    )


def test_fast_nn1_test2_shuffled_with_missing_nominal_values_equals_refit():
    r = rng(53)
    n = 48
    y = r.integers(0, 2, n)
    X = np.column_stack([r.integers(0, 2, n) + y, r.integers(0, 3, n), r.integers(0, 2, n)]).astype(float)
    X[:, 1:][r.uniform(size=(n, 2)) < 0.15] = np.nan
    spec = AttributeSpec((0, 3, 2))
    ranges = nn1.weka_ranges(X, spec)
    Z, groups, weight = nn1.encode_for_blas_nominal_missing(X, spec, ranges)
    folds = sampling.stratified_fold_of(r, y, 8)[0]
    idx = pm.within_class_permutations(y, 3, 6, r)
    Xp = pm.apply_within_class_permutations(X, idx)
    G = pm.resample_folds(folds, y, len(idx), r)
    tk = nn1.TieKeys([53], 8, n)
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_errors_test2(Z, y, G, idx, groups=groups, weight=weight, tie_rule="shuffled", tie_keys=tk),
        _refit_shuffled(spec, 2, ranges, Xp, [y] * len(idx), G, tk.block(0, len(idx))),
    )


def test_fast_nn1_test2_exact_metric_with_missing_values():
    r = rng(14)
    n = 40
    y = r.integers(0, 2, n)
    X = np.column_stack([r.normal(size=n) + y, r.integers(0, 3, n)]).astype(float)
    X[r.uniform(size=X.shape) < 0.1] = np.nan
    spec = AttributeSpec((0, 3))
    ranges = nn1.weka_ranges(X, spec)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    idx = pm.within_class_permutations(y, 2, 6, r)
    metric = lambda A, B: nn1.ibk_sq_distances(A, B, spec, ranges)  # noqa: E731
    Xp = pm.apply_within_class_permutations(X, idx)
    fast = nn1_engine.nn1_cv_errors_test2(X, y, folds, idx, metric=metric)
    slow = rm.cv_errors(_slow_nn1(spec, 2, "first", ranges), Xp, y, folds)
    np.testing.assert_array_equal(fast, slow)
    G = pm.resample_folds(folds, y, len(idx), r)
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_errors_test2(X, y, G, idx, metric=metric),
        rm.cv_errors(_slow_nn1(spec, 2, "first", ranges), Xp, y, G),
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
    spec = AttributeSpec((0, 3, 2))
    ranges = nn1.weka_ranges(X, spec)
    Z, groups, weight = nn1.encode_for_blas_nominal_missing(X, spec, ranges)
    assert Z.shape[1] == 1 + 3 + 2 + 2 and set(weight) == {0.0, 1.0}
    folds = sampling.stratified_fold_of(r, y, 8)[0]
    idx = pm.within_class_permutations(y, 3, 5, r)
    Xp = pm.apply_within_class_permutations(X, idx)
    slow = _slow_nn1(spec, 2, tie_rule, ranges)
    fast = nn1_engine.nn1_cv_errors_test2(Z, y, folds, idx, groups=groups, weight=weight, tie_rule=tie_rule)
    np.testing.assert_array_equal(fast, rm.cv_errors(slow, Xp, y, folds))
    G = pm.resample_folds(folds, y, len(idx), r)
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_errors_test2(Z, y, G, idx, groups=groups, weight=weight, tie_rule=tie_rule),
        rm.cv_errors(slow, Xp, y, G),
    )


# ----------------------------------------------------------------------------- bitsets (all-nominal data)
def _slow_nn1_elementwise(spec, C, tie_rule, ranges):
    """Refit per fold with Weka's element-wise distance (missing values on both sides)."""

    def fit_predict(Xtr, ytr, Xte):
        D = nn1.ibk_sq_distances(Xte, Xtr, spec, ranges)
        return nn1.nn1_from_sqdist(D, ytr, C, tie_rule)

    return fit_predict


def test_bitsets_put_one_bit_per_present_value():
    codes = np.array([[0, 2], [1, np.nan], [np.nan, np.nan]])
    bits = nn1_engine.row_bitsets(codes, (2, 3))
    assert bits.shape == (3, 1)
    assert bits[0, 0] == (1 << 0) | (1 << (2 + 2))
    assert bits[1, 0] == (1 << 1)
    assert bits[2, 0] == 0
    wide = nn1_engine.row_bitsets(np.array([[69.0, 0.0]]), (70, 3))  # crosses a word boundary
    assert wide.shape == (1, 2) and wide[0, 1] == (1 << (69 - 64)) | (1 << (70 - 64))


def test_bitsets_reject_numeric_attributes_and_bad_codes():
    with pytest.raises(ValueError, match="nominal"):
        nn1_engine.row_bitsets(np.zeros((2, 2)), (0, 2))
    with pytest.raises(ValueError, match="outside"):
        nn1_engine.row_bitsets(np.array([[3.0]]), (3,))


@pytest.mark.parametrize("tie_rule", ["first", "vote"])
def test_bitset_nn1_equals_weka_distance_refit_with_missing_values(tie_rule):
    """Many exact ties (few values per attribute) and missing values on both sides, shared and
    fresh per-randomisation folds: errors equal refitting with Weka's element-wise distance."""
    r = np.random.default_rng(21)
    n = 90
    y = r.integers(0, 3, n)
    V = (3, 2, 4, 70)
    X = np.column_stack([(r.integers(0, v, n) + (y if v < 5 else 0)) % v for v in V]).astype(float)
    X[r.uniform(size=X.shape) < 0.1] = np.nan
    X[:2] = np.nan  # a row with every value missing
    spec = AttributeSpec(V)
    ranges = nn1.weka_ranges(X, spec)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    idx = pm.within_class_permutations(y, len(V), 6, r)
    Xp = pm.apply_within_class_permutations(X, idx)
    bits = nn1_engine.row_bitsets(Xp, V)
    slow = _slow_nn1_elementwise(spec, 3, tie_rule, ranges)
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_wrong(bits, y, folds, tie_rule=tie_rule) / n, rm.cv_errors(slow, Xp, y, folds)
    )
    G = pm.resample_folds(folds, y, len(idx), r)
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_wrong(bits, y, G, tie_rule=tie_rule) / n, rm.cv_errors(slow, Xp, y, G)
    )


def test_the_study_uses_the_bitset_path_with_the_blas_answer():
    """``permutation.randomized_errors`` on all-nominal data (Test 2) gives what the BLAS engine gives."""
    r = np.random.default_rng(22)
    n = 60
    y = r.integers(0, 2, n)
    V = (2, 3, 3)
    X = np.column_stack([(r.integers(0, v, n) + y) % v for v in V]).astype(float)
    X[r.uniform(size=X.shape) < 0.05] = np.nan
    spec = AttributeSpec(V)
    folds = sampling.stratified_fold_of(np.random.default_rng(0), y, 10)
    null = permutation.randomized_errors("1nn", X, y, spec, 2, folds[0], [3], 0, 7, batch=3)
    idx, G = permutation.draw_randomizations(2, y, len(V), folds[0], [3], 0, 7)  # the study's draws
    Z, groups, weight = nn1.encode_for_blas_nominal_missing(X, spec, nn1.weka_ranges(X, spec))
    np.testing.assert_array_equal(null, nn1_engine.nn1_cv_errors_test2(Z, y, G, idx, groups=groups, weight=weight))


def test_no_candidate_is_an_error():
    bits = nn1_engine.row_bitsets(np.zeros((1, 3, 1)), (2,))
    with pytest.raises(ValueError, match="no training candidate"):
        nn1_engine.nn1_cv_wrong(bits, np.array([0, 1, 0]), np.zeros(3, int))


def test_bitset_nn1_shuffled_equals_refit_with_the_same_keys():
    """``tie_rule="shuffled"`` (Weka's trainCV order per fold): the bitset engine equals
    refitting IBk1 fold by fold with the keys of each (randomisation, fold), with missing
    values, for shared and fresh folds, keys as TieKeys or as an array."""
    r = np.random.default_rng(23)
    n = 80
    y = r.integers(0, 3, n)
    V = (3, 2, 4)
    X = np.column_stack([(r.integers(0, v, n) + y) % v for v in V]).astype(float)
    X[r.uniform(size=X.shape) < 0.1] = np.nan
    spec = AttributeSpec(V)
    ranges = nn1.weka_ranges(X, spec)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    k = 6
    idx = pm.within_class_permutations(y, len(V), k, r)
    Xp = pm.apply_within_class_permutations(X, idx)
    bits = nn1_engine.row_bitsets(Xp, V)
    tk = nn1.TieKeys([23], 10, n)
    K = tk.block(0, k)
    G = pm.resample_folds(folds, y, k, r)
    for F in (np.broadcast_to(folds, (k, n)), G):
        slow = []
        for b in range(k):
            wrong = 0
            for f in range(10):
                te = F[b] == f
                m = rm.IBk1(spec, 3, tie_rule="shuffled", range_mode="fixed", ranges=ranges)
                wrong += int((m.fit(Xp[b][~te], y[~te], tie_keys=K[b, f, ~te]).predict(Xp[b][te]) != y[te]).sum())
            slow.append(wrong)
        np.testing.assert_array_equal(nn1_engine.nn1_cv_wrong(bits, y, F, tie_rule="shuffled", tie_keys=tk), slow)
        np.testing.assert_array_equal(nn1_engine.nn1_cv_wrong(bits, y, F, tie_rule="shuffled", tie_keys=K), slow)
    with pytest.raises(ValueError, match="keys"):
        nn1_engine.nn1_cv_wrong(bits, y, folds, tie_rule="shuffled")

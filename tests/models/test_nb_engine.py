"""Tests for lib.models.nb_engine: the compiled CV naive Bayes and its Test 1 / Test 2 entry points
equal refitting naive_bayes.NaiveBayesWeka fold by fold (same patterns as tests/models/test_nn1_engine.py)."""

from __future__ import annotations

import numpy as np
import pytest

from lib.evaluation import permutation_tests as pm
from lib.evaluation import sampling
from lib.models import naive_bayes, nb_engine
from tools import reference_models as rm  # scripts/ is on pytest's pythonpath


def rng(seed=0):
    return np.random.default_rng(seed)


def _mixed_data(r, n=60, C=3, missing=0.08):
    y = r.integers(0, C, n)
    X = np.column_stack(
        [
            r.normal(size=n) + y,  # numeric
            np.round(r.normal(size=n) * 3, 1),  # numeric with a coarse precision
            r.integers(0, 3, n),  # nominal, 3 values
            (r.uniform(size=n) < 0.3 + 0.2 * y),  # nominal, 2 values
        ]
    ).astype(float)
    X[r.uniform(size=X.shape) < missing] = np.nan
    return X, y, naive_bayes.AttributeSpec((0, 0, 3, 2))


def _refit_wrong(X, y, folds, spec, C):
    """Misclassified counts by refitting NaiveBayesWeka on every training fold."""
    fp = rm.fit_predict_fn(lambda: naive_bayes.NaiveBayesWeka(spec, C))
    y, folds = np.asarray(y), np.asarray(folds)
    return np.rint(rm.cv_errors(fp, X, y, folds) * X.shape[-2]).astype(np.int64)


def test_coded_data_codes_round_trip():
    X, y, spec = _mixed_data(rng(1))
    d = nb_engine.CodedData(X, spec)
    assert d.num_cols.tolist() == [0, 1] and d.nom_cols.tolist() == [2, 3]
    for a, j in enumerate(d.num_cols):
        vals = d.values[d.off[a] : d.off[a + 1]]
        assert (np.diff(vals) > 0).all()  # sorted distinct values
        code = d.num_code[:, a]
        ok = ~np.isnan(X[:, j])
        assert (code[~ok] == -1).all()
        np.testing.assert_array_equal(vals[code[ok]], X[ok, j])
        np.testing.assert_array_equal(d.counts[d.off[a] : d.off[a + 1]], np.bincount(code[ok], minlength=len(vals)))
    assert d.nom_V.tolist() == [3, 2] and d.nom_off.tolist() == [0, 3]
    np.testing.assert_array_equal(d.nom_code, np.where(np.isnan(X[:, 2:]), -1, X[:, 2:]))
    np.testing.assert_array_equal(d.num_code_T, d.num_code.T)
    assert d.num_code_T.flags.c_contiguous and d.num_code_T.dtype == np.int32


def test_single_data_set_equals_refit_with_missing_values():
    r = rng(2)
    X, y, spec = _mixed_data(r)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    out = nb_engine.cv_wrong(nb_engine.CodedData(X, spec), y, folds, 3)
    assert out.shape == (1,) and out.dtype == np.int64
    assert out[0] == _refit_wrong(X, y, folds, spec, 3)[0]
    assert 0 < out[0] < len(y)


def test_batch_of_permuted_labels_and_travelling_folds_equals_refit():
    r = rng(3)
    X, y, spec = _mixed_data(r)
    folds = sampling.stratified_fold_of(r, y, 5)[0]
    perms = pm.label_permutations(len(y), 12, r)
    d = nb_engine.CodedData(X, spec)
    np.testing.assert_array_equal(nb_engine.cv_wrong(d, y[perms], folds, 3), _refit_wrong(X, y[perms], folds, spec, 3))
    np.testing.assert_array_equal(
        nb_engine.cv_wrong(d, y[perms], folds[perms], 3), _refit_wrong(X, y[perms], folds[perms], spec, 3)
    )
    # leave-one-out on a few of them
    loo = pm.loo_folds(len(y))
    np.testing.assert_array_equal(
        nb_engine.cv_wrong(d, y[perms[:2]], loo, 3), _refit_wrong(X, y[perms[:2]], loo, spec, 3)
    )


def test_within_class_rows_equal_refit_on_the_randomised_data():
    r = rng(4)
    X, y, spec = _mixed_data(r)
    idx = pm.within_class_permutations(y, X.shape[1], 8, r)
    folds = pm.resample_folds(sampling.stratified_fold_of(r, y, 5)[0], y, len(idx), r)
    Xp = pm.apply_within_class_permutations(X, idx)
    got = nb_engine.cv_wrong(nb_engine.CodedData(X, spec), y, folds, 3, rows=idx)
    np.testing.assert_array_equal(got, _refit_wrong(Xp, y, folds, spec, 3))
    # identity rows give the unpermuted result
    ident = np.broadcast_to(np.arange(len(y))[None, :, None], (1, len(y), X.shape[1]))
    assert (
        nb_engine.cv_wrong(nb_engine.CodedData(X, spec), y, folds[0], 3, rows=ident.astype(np.int32))[0]
        == _refit_wrong(X, y, folds[0], spec, 3)[0]
    )


@pytest.mark.parametrize("kind", ["numeric", "nominal"])
def test_single_kind_of_attribute_equals_refit(kind):
    r = rng(5)
    X, y, spec = _mixed_data(r, n=50, C=2, missing=0.05)
    cols = [0, 1] if kind == "numeric" else [2, 3]
    Xk = X[:, cols]
    speck = naive_bayes.AttributeSpec(tuple(spec.n_values[j] for j in cols))
    folds = sampling.stratified_fold_of(r, y, 5, 4)
    np.testing.assert_array_equal(
        nb_engine.cv_wrong(nb_engine.CodedData(Xk, speck), y, folds, 2), _refit_wrong(Xk, y, folds, speck, 2)
    )


def test_degenerate_columns_and_empty_folds_equal_refit():
    """A constant numeric column (no gap: default precision), a column missing in most rows,
    a class with only two rows, and unused fold indices (empty folds are skipped)."""
    r = rng(6)
    n = 30
    y = np.r_[np.zeros(14, int), np.ones(14, int), [2, 2]]
    X = np.column_stack([np.full(n, 1.5), r.normal(size=n) + y, r.integers(0, 2, n)]).astype(float)
    X[r.uniform(size=n) < 0.7, 1] = np.nan
    spec = naive_bayes.AttributeSpec((0, 0, 2))
    folds = sampling.stratified_fold_of(r, y, 3)[0]
    gappy = folds * 2  # folds 1 and 3 are empty
    d = nb_engine.CodedData(X, spec)
    expected = _refit_wrong(X, y, folds, spec, 3)
    assert nb_engine.cv_wrong(d, y, folds, 3)[0] == expected[0]
    assert nb_engine.cv_wrong(d, y, gappy, 3)[0] == expected[0]


def test_separable_data_has_no_errors_and_constant_data_predicts_the_training_majority():
    y = np.repeat([0, 1], 20)
    X = (y + np.random.default_rng(7).uniform(-0.1, 0.1, 40))[:, None] * 10
    spec = naive_bayes.AttributeSpec((0,))
    folds = np.arange(40) % 5
    assert nb_engine.cv_wrong(nb_engine.CodedData(X, spec), y, folds, 2)[0] == 0
    # no information: every prediction is the class prior's arg-max; with 3:1 classes, LOO errs
    # exactly on the minority rows
    y2 = np.r_[np.zeros(12, int), np.ones(4, int)]
    X2 = np.ones((16, 1))
    assert nb_engine.cv_wrong(nb_engine.CodedData(X2, spec), y2, pm.loo_folds(16), 2)[0] == 4


def test_shape_errors():
    X, y, spec = _mixed_data(rng(8), n=20)
    d = nb_engine.CodedData(X, spec)
    f = np.arange(20) % 4
    with pytest.raises(ValueError, match="labels must have shape"):
        nb_engine.cv_wrong(d, y[:19], f, 3)
    with pytest.raises(ValueError, match="folds must have shape"):
        nb_engine.cv_wrong(d, np.stack([y, y, y]), np.stack([f, f]), 3)
    with pytest.raises(ValueError, match="rows must have shape"):
        nb_engine.cv_wrong(d, y, f, 3, rows=np.zeros((1, 19, 4), int))


# ----------------------------------------------------------------------------- Test 1 / Test 2 entry points
def test_fast_nb_test1_equals_refit():
    r = rng(21)
    X, y, spec = _mixed_data(r, n=70)
    n = len(y)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    perms = pm.label_permutations(n, 30, r)
    slow_fp = rm.fit_predict_fn(lambda: naive_bayes.NaiveBayesWeka(spec, 3))
    fast = nb_engine.nb_cv_errors_test1(X, y, folds, perms, spec, n_classes=3, chunk=7)
    np.testing.assert_array_equal(fast, rm.cv_errors(slow_fp, X, y[perms], folds))
    loo = pm.loo_folds(n)
    np.testing.assert_array_equal(
        nb_engine.nb_cv_errors_test1(X, y, loo, perms[:3], spec, n_classes=3),
        rm.cv_errors(slow_fp, X, y[perms[:3]], loo),
    )
    # folds travel with the labels
    np.testing.assert_array_equal(
        nb_engine.nb_cv_errors_test1(X, y, folds[perms], perms, spec, n_classes=3, chunk=24),
        rm.cv_errors(slow_fp, X, y[perms], folds[perms]),
    )


def test_fast_nb_test2_equals_refit():
    r = rng(22)
    X, y, spec = _mixed_data(r, n=70)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    idx = pm.within_class_permutations(y, X.shape[1], 15, r)
    slow_fp = rm.fit_predict_fn(lambda: naive_bayes.NaiveBayesWeka(spec, 3))
    fast = nb_engine.nb_cv_errors_test2(X, y, folds, idx, spec, n_classes=3, chunk=4)
    Xp = pm.apply_within_class_permutations(X, idx)
    np.testing.assert_array_equal(fast, rm.cv_errors(slow_fp, Xp, y, folds))
    G = pm.resample_folds(folds, y, len(idx), r)
    np.testing.assert_array_equal(
        nb_engine.nb_cv_errors_test2(X, y, G, idx, spec, n_classes=3, chunk=4), rm.cv_errors(slow_fp, Xp, y, G)
    )
    # unequal fold sizes inside a batch are handled member by member
    G2 = G.copy()
    G2[0] = sampling.stratified_fold_of(r, y, 7)[0]
    np.testing.assert_array_equal(
        nb_engine.nb_cv_errors_test2(X, y, G2, idx, spec, n_classes=3), rm.cv_errors(slow_fp, Xp, y, G2)
    )

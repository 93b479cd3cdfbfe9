"""Tests for lib.models.nn1_nominal: bitset 1-NN on all-nominal data equals Weka's distance + refit."""

from __future__ import annotations

import numpy as np
import pytest

from lib.evaluation import permutation_tests as pm
from lib.evaluation import sampling
from lib.models import nn1_nominal as nb1
from lib.models import weka_like as wl
from lib.studies import permutation
from tools import reference_models as rm  # scripts/ is on pytest's pythonpath


def _slow_nn1(spec, C, tie_rule, ranges):
    def fit_predict(Xtr, ytr, Xte):
        D = wl.ibk_sq_distances(Xte, Xtr, spec, ranges)
        return wl.nn1_from_sqdist(D, ytr, C, tie_rule)

    return fit_predict


def test_bitsets_put_one_bit_per_present_value():
    codes = np.array([[0, 2], [1, np.nan], [np.nan, np.nan]])
    bits = nb1.row_bitsets(codes, (2, 3))
    assert bits.shape == (3, 1)
    assert bits[0, 0] == (1 << 0) | (1 << (2 + 2))
    assert bits[1, 0] == (1 << 1)
    assert bits[2, 0] == 0
    wide = nb1.row_bitsets(np.array([[69.0, 0.0]]), (70, 3))  # crosses a word boundary
    assert wide.shape == (1, 2) and wide[0, 1] == (1 << (69 - 64)) | (1 << (70 - 64))


def test_bitsets_reject_numeric_attributes_and_bad_codes():
    with pytest.raises(ValueError, match="nominal"):
        nb1.row_bitsets(np.zeros((2, 2)), (0, 2))
    with pytest.raises(ValueError, match="outside"):
        nb1.row_bitsets(np.array([[3.0]]), (3,))


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
    spec = wl.AttributeSpec(V)
    ranges = wl.weka_ranges(X, spec)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    idx = pm.within_class_permutations(y, len(V), 6, r)
    Xp = pm.apply_within_class_permutations(X, idx)
    bits = nb1.row_bitsets(Xp, V)
    slow = _slow_nn1(spec, 3, tie_rule, ranges)
    np.testing.assert_array_equal(
        nb1.nn1_cv_wrong(bits, y, folds, tie_rule=tie_rule) / n, rm.cv_errors(slow, Xp, y, folds)
    )
    G = pm.resample_folds(folds, y, len(idx), r)
    np.testing.assert_array_equal(nb1.nn1_cv_wrong(bits, y, G, tie_rule=tie_rule) / n, rm.cv_errors(slow, Xp, y, G))


def test_the_study_uses_the_bitset_path_with_the_blas_answer():
    """``permutation.randomized_errors`` on all-nominal data (Test 2) gives what the BLAS engine gives."""
    r = np.random.default_rng(22)
    n = 60
    y = r.integers(0, 2, n)
    V = (2, 3, 3)
    X = np.column_stack([(r.integers(0, v, n) + y) % v for v in V]).astype(float)
    X[r.uniform(size=X.shape) < 0.05] = np.nan
    spec = wl.AttributeSpec(V)
    folds = sampling.stratified_fold_of(np.random.default_rng(0), y, 10)
    null = permutation.randomized_errors("1nn", X, y, spec, 2, folds[0], [3], 0, 7, batch=3)
    idx, G = permutation.draw_randomizations(2, y, len(V), folds[0], [3], 0, 7)  # the study's draws
    Z, groups, weight = wl.encode_for_blas_nominal_missing(X, spec, wl.weka_ranges(X, spec))
    np.testing.assert_array_equal(null, pm.nn1_cv_errors_test2(Z, y, G, idx, groups=groups, weight=weight))


def test_no_candidate_is_an_error():
    bits = nb1.row_bitsets(np.zeros((1, 3, 1)), (2,))
    with pytest.raises(ValueError, match="no training candidate"):
        nb1.nn1_cv_wrong(bits, np.array([0, 1, 0]), np.zeros(3, int))


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
    spec = wl.AttributeSpec(V)
    ranges = wl.weka_ranges(X, spec)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    k = 6
    idx = pm.within_class_permutations(y, len(V), k, r)
    Xp = pm.apply_within_class_permutations(X, idx)
    bits = nb1.row_bitsets(Xp, V)
    tk = wl.TieKeys([23], 10, n)
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
        np.testing.assert_array_equal(nb1.nn1_cv_wrong(bits, y, F, tie_rule="shuffled", tie_keys=tk), slow)
        np.testing.assert_array_equal(nb1.nn1_cv_wrong(bits, y, F, tie_rule="shuffled", tie_keys=K), slow)
    with pytest.raises(ValueError, match="keys"):
        nb1.nn1_cv_wrong(bits, y, folds, tie_rule="shuffled")

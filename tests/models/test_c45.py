"""Tests for lib.models.c45 (Weka J48 re-implementation): hand-checkable trees, pruning, missing
values, both Weka threshold modes, and the batched CV engine against fold-by-fold refits.

The comparison with real Weka (22 UCI data sets and randomisations, identical trees) is
``scripts/tools/crosscheck_j48_weka.py``; it needs an optional Weka installation and is not run here.
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np
import pytest

from lib.data.attributes import AttributeSpec
from lib.evaluation import permutation_tests as pm
from lib.evaluation import sampling
from lib.models import c45

NAN = np.nan


def root_attr(model: c45.J48) -> int:
    """Split attribute of the root (-1: the tree is a leaf); layout in lib.models.c45 comments."""
    return int(model.tree_[0][0, 0])


# ----------------------------------------------------------------------------- split choice
def test_gain_ratio_prefers_binary_attribute_over_many_valued_one():
    # Both attributes separate the classes perfectly (gain 1 bit each, above the average gain
    # 2/3 of the three valid splits); split information 2 bits (4 values) vs 1 bit, so the
    # gain ratio is 0.5 vs 1 and the binary attribute wins although it comes second.
    y = np.repeat([0, 1], 8)
    a = np.repeat([0, 1, 2, 3], 4)  # 4-valued, pure per value
    b = y.copy()  # binary, pure
    c = np.tile([0, 1], 8)  # useless, gain 0
    X = np.column_stack([a, b, c]).astype(float)
    m = c45.J48(AttributeSpec.nominal([4, 2, 2])).fit(X, y)
    assert root_attr(m) == 1
    assert m.to_text() == "a1 = 0: 0 (8.0)\na1 = 1: 1 (8.0)"
    assert (m.n_leaves, m.tree_size) == (2, 3)


def _entropy(counts):
    p = np.asarray(counts, float)
    p = p[p > 0] / p.sum()
    return float(-(p * np.log2(p)).sum())


def _reference_root_choice(X, y, V, min_obj=2):
    """C4.5 root choice for nominal data without missing values, written from the textbook:
    valid = at least two values with >= min_obj rows; among valid attributes with gain >=
    average gain - 1e-3, the largest gain ratio (first one on ties); -1 if none."""
    n = len(y)
    h = _entropy(np.bincount(y))
    gains, ratios, valid = [], [], []
    for j, v in enumerate(V):
        sizes = np.bincount(X[:, j].astype(int), minlength=v)
        cond = sum(sizes[k] / n * _entropy(np.bincount(y[X[:, j] == k])) for k in range(v) if sizes[k])
        g = h - cond
        si = _entropy(sizes)
        gains.append(g)
        ratios.append(g / si if si > 1e-9 else 0.0)
        valid.append((sizes >= min_obj).sum() >= 2)
    if not any(valid):
        return -1
    avg = np.mean([g for g, ok in zip(gains, valid) if ok])
    best, best_ratio = -1, 0.0
    for j in range(len(V)):
        if valid[j] and gains[j] >= avg - 1e-3 and ratios[j] - best_ratio > 1e-6:
            best, best_ratio = j, ratios[j]
    return best


def test_root_choice_matches_textbook_gain_ratio_rule_on_random_nominal_data():
    rng = np.random.default_rng(0)
    V = [2, 3, 4, 5]
    checked = 0
    for _ in range(40):
        n = 60
        X = np.column_stack([rng.integers(0, v, n) for v in V]).astype(float)
        # class depends on two attributes plus noise, so that splits differ in quality
        y = ((X[:, 1] + X[:, 2] + rng.integers(0, 3, n)) % 2).astype(int)
        m = c45.J48(AttributeSpec.nominal(V)).fit(X, y)
        ref = _reference_root_choice(X, y, V)
        if root_attr(m) >= 0:  # the grown root may be pruned away; compare grown splits only
            assert root_attr(m) == ref
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("seed", range(6))
def test_unit_weight_numeric_scan_equals_the_weighted_scan_bit_for_bit(seed):
    """The unit-weight scan (integer counts, cuts that cannot win skipped, Weka's gain computed
    once after the loop) returns exactly what the general weighted scan returns: validity, gain,
    gain ratio, midpoint and cut, on columns with runs of ties, values 1e-5 apart (not cuts) and
    many near-equal gains, with and without missing values."""
    rng = np.random.default_rng(seed)
    C = int(rng.integers(2, 8))
    n = int(rng.integers(20, 400))
    tab = c45._xlogx_table(n)
    dtab = np.diff(tab)
    for trial in range(40):
        grid = rng.choice([0.5, 1.0, 1e-5, 3.0])  # 1e-5: neighbours closer than Weka's cut tolerance
        val = np.sort(np.round(rng.integers(0, rng.integers(2, 60), n) * grid, 9))
        cls = rng.integers(0, C, n) if trial % 2 else np.sort(rng.integers(0, C, n))
        k = n if trial % 3 else int(rng.integers(2, n))  # k < n: rows n-k.. have a missing value
        srt = np.arange(n, dtype=np.int64)
        W = float(n)
        pc = np.bincount(cls, minlength=C).astype(float)
        minobj = float(rng.choice([1.0, 2.0, 5.0]))
        weighted = c45._eval_numeric(
            srt, val, k, cls, np.ones(n), C, W, minobj, tab, np.empty((2, C)), np.empty(2), np.empty(C)
        )
        scratch = (np.empty((2, C), np.int64), np.empty((2, C)), np.empty(2), np.empty(C))
        unit = c45._eval_numeric_unit(srt, val, k, cls, C, W, minobj, tab, dtab, *scratch, pc)
        assert unit[0] == weighted[0]
        if weighted[0]:
            assert unit[1:] == weighted[1:]  # exact equality of the doubles, not approx


def test_numeric_threshold_is_moved_to_a_training_value_of_the_whole_training_set():
    # Root: the binary attribute (gain ratio 1.0; the numeric cut's MDL-corrected gain is below
    # the average). In branch b=0 the cut lies between 4 and 10 (midpoint 7); Weka moves it to
    # the largest value of the *whole* training set <= 7, which is 6 (rows of branch b=1).
    x = np.array([1, 2, 3, 4, 10, 11, 12, 13, 6, 6, 6, 6], float)
    b = np.array([0] * 8 + [1] * 4, float)
    y = np.array([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2])
    spec = AttributeSpec((0, 2))
    m = c45.J48(spec).fit(np.column_stack([x, b]), y)
    assert m.to_text() == ("a1 = 0\n|   a0 <= 6: 0 (4.0)\n|   a0 > 6: 1 (4.0)\na1 = 1: 2 (4.0)")
    # 6.5 goes right (class 1): the threshold is the training value 6, not the midpoint 7
    test = np.array([[5.0, 0], [6.0, 0], [6.5, 0], [7.0, 0]])
    assert m.predict(test).tolist() == [0, 0, 1, 1]


def test_threshold_comparison_modes_weka36_and_weka39():
    # (0.0031 + 0.0033) / 2 = 0.0031999999999999997 < 0.0032. Weka 3.9 (exact) moves the
    # threshold to 0.0031, Weka 3.6 (Utils.smOrEq, 1e-6 tolerance) to 0.0032.
    x = np.array([0.0028, 0.0029, 0.0030, 0.0031, 0.0033, 0.0034, 0.0035, 0.0036] + [0.0032] * 4)
    b = np.array([0] * 8 + [1] * 4, float)
    y = np.array([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2])
    X = np.column_stack([x, b])
    spec = AttributeSpec((0, 2))
    m36 = c45.J48(spec).fit(X, y)
    m39 = c45.J48(spec, weka="3.9").fit(X, y)
    # the numeric split is the root's first son (a1 = 0); nf[:, 0] holds thresholds
    assert m36.tree_[1][m36.tree_[0][0, 2], 0] == 0.0032
    assert m39.tree_[1][m39.tree_[0][0, 2], 0] == 0.0031
    probe = np.array([[0.0032, 0.0]])
    assert m36.predict(probe)[0] == 0 and m39.predict(probe)[0] == 1
    with pytest.raises(ValueError):
        c45.J48(spec, weka="3.8")


def test_min_num_obj_needs_two_branches_with_enough_weight():
    # the attribute separates the classes, but two of its three branches hold one row each
    a = np.array([0, 1, 2, 2, 2, 2, 2, 2], float)[:, None]
    y = np.array([1, 1, 0, 0, 0, 0, 0, 0])
    spec = AttributeSpec.nominal([3])
    m = c45.J48(spec).fit(a, y)
    assert (m.n_leaves, m.tree_size) == (1, 1)
    assert m.predict(a).tolist() == [0] * 8
    m1 = c45.J48(spec, min_num_obj=1).fit(a, y)  # now valid, and pruning keeps it
    assert (m1.n_leaves, m1.tree_size) == (3, 4)
    assert m1.predict(a).tolist() == y.tolist()


# ----------------------------------------------------------------------------- pruning
def _add_errs(N, e, cf=0.25):
    """Stats.addErrs, written out independently."""
    z = NormalDist().inv_cdf(1 - cf)
    if e < 1:
        base = N * (1 - cf ** (1 / N))
        return base if e == 0 else base + e * (_add_errs(N, 1, cf) - base)
    if e + 0.5 >= N:
        return max(N - e, 0.0)
    f = (e + 0.5) / N
    root = math.sqrt(f / N - f * f / N + z * z / (4 * N * N))
    r = (f + z * z / (2 * N) + z * root) / (1 + z * z / N)
    return r * N - e


def test_collapse_removes_a_split_that_does_not_reduce_training_errors():
    # both branches predict class 0: training errors 1 + 3 = 4 = errors of the node as a leaf
    a = np.array([0] * 10 + [1] * 10, float)[:, None]
    y = np.array([0] * 9 + [1] + [0] * 7 + [1] * 3)
    m = c45.J48(AttributeSpec.nominal([2])).fit(a, y)
    assert (m.n_leaves, m.tree_size) == (1, 1)
    assert m.to_text() == ": 0 (20.0/4.0)"


def test_error_based_pruning_replaces_a_slightly_useful_split_by_a_leaf():
    # branches (3 x class 0) and (3 x class 0, 4 x class 1): training errors 3 < 4 (so no
    # collapse), but the pessimistic estimate of the leaf (N=10, e=4) is within 0.1 of the
    # subtree's (N=3, e=0) + (N=7, e=3), and so is the largest branch with all rows.
    a = np.array([0] * 3 + [1] * 7, float)[:, None]
    y = np.array([0, 0, 0, 0, 0, 0, 1, 1, 1, 1])
    leaf = 4 + _add_errs(10, 4)
    tree = _add_errs(3, 0) + 3 + _add_errs(7, 3)
    assert tree < leaf <= tree + 0.1  # the arithmetic the test relies on
    m = c45.J48(AttributeSpec.nominal([2])).fit(a, y)
    assert (m.n_leaves, m.tree_size) == (1, 1)
    # a clearer split survives
    y2 = np.array([0, 0, 0, 1, 1, 1, 1, 1, 1, 1])
    assert c45.J48(AttributeSpec.nominal([2])).fit(a, y2).n_leaves == 2


def test_add_errs_matches_the_formula():
    for N, e in [(10, 4), (3, 0), (7, 3), (6, 0.5), (2, 1.6), (100, 37)]:
        cf, z = c45._confidence_constants(0.25)
        assert c45._add_errs(float(N), float(e), cf, z) == pytest.approx(_add_errs(N, e), rel=1e-12)


# ----------------------------------------------------------------------------- missing values
def _missing_example():
    x = np.array([1, 2, 3, 4, 10, 11, 12, 13, NAN], float)[:, None]
    y = np.array([0, 0, 0, 0, 1, 1, 1, 1, 0])
    return x, y, AttributeSpec.numeric(1)


def test_missing_values_are_fractional_instances_in_training_and_prediction():
    x, y, spec = _missing_example()
    m = c45.J48(spec).fit(x, y)
    # the row with the missing value goes down both branches with weight 4/8 each
    assert m.to_text() == "a0 <= 4: 0 (4.5)\na0 > 4: 1 (4.5/0.5)"
    p = m.predict_proba(np.array([[2.0], [12.0], [NAN]]))
    np.testing.assert_allclose(p[0], [1.0, 0.0])
    np.testing.assert_allclose(p[1], [0.5 / 4.5, 4 / 4.5])
    # a missing test value: both leaves, weighted by their shares 4.5 / 9 of the training weight
    np.testing.assert_allclose(p[2], [0.5 * 1.0 + 0.5 * 0.5 / 4.5, 0.5 * 4 / 4.5], rtol=1e-15)


def test_laplace_estimates_at_the_leaves():
    x, y, spec = _missing_example()
    m = c45.J48(spec, laplace=True).fit(x, y)
    p = m.predict_proba(np.array([[2.0], [12.0]]))
    np.testing.assert_allclose(p, [[5.5 / 6.5, 1 / 6.5], [1.5 / 6.5, 5 / 6.5]])
    assert (m.predict(np.array([[2.0], [12.0]])) == [0, 1]).all()


def test_missing_nominal_value_and_empty_branch_prediction():
    # value 2 of the attribute never occurs in training: its (empty) leaf answers with the
    # parent's distribution
    a = np.array([0, 0, 0, 0, 1, 1, 1, 1, 1, 1], float)[:, None]
    y = np.array([0, 0, 0, 0, 1, 1, 1, 1, 1, 1])
    m = c45.J48(AttributeSpec.nominal([3])).fit(a, y)
    assert (m.n_leaves, m.tree_size) == (3, 4)
    p = m.predict_proba(np.array([[2.0], [NAN]]))
    np.testing.assert_allclose(p[0], [0.4, 0.6])
    np.testing.assert_allclose(p[1], [0.4, 0.6])


# ----------------------------------------------------------------------------- determinism, API
def _mixed_data(n=120, seed=0, missing=0.1):
    rng = np.random.default_rng(seed)
    x0 = rng.normal(size=n).round(2)
    x1 = rng.integers(0, 3, n).astype(float)
    x2 = rng.uniform(0, 10, n).round(1)
    x3 = rng.integers(0, 2, n).astype(float)
    y = ((x0 > 0.2).astype(int) + (x1 == 2) + (rng.uniform(size=n) < 0.2)) % 3
    X = np.column_stack([x0, x1, x2, x3])
    X[rng.uniform(size=X.shape) < missing] = NAN
    return X, y.astype(int), AttributeSpec((0, 3, 0, 2))


def test_fit_is_deterministic_and_arrays_are_reused_safely():
    X, y, spec = _mixed_data()
    a = c45.J48(spec).fit(X, y)
    b = c45.J48(spec).fit(X, y)
    assert a.to_text() == b.to_text()
    np.testing.assert_array_equal(a.predict_proba(X), b.predict_proba(X))
    f = sampling.stratified_fold_of(np.random.default_rng(1), y, 5)[0]
    perms = pm.label_permutations(len(y), 3, np.random.default_rng(2))
    e1 = c45.j48_cv_errors(X, y, f, spec, perms=perms)
    e2 = c45.j48_cv_errors(X, y, f, spec, perms=perms)
    np.testing.assert_array_equal(e1, e2)


def test_tree_arrays_grow_when_the_initial_capacity_is_too_small():
    X, y, spec = _mixed_data(n=200, seed=3, missing=0.05)
    ref = c45.J48(spec).fit(X, y)
    nvals = np.asarray(spec.n_values, np.int64)
    numidx, order, count, _ = c45._presort(X, nvals)
    cf, z = c45._confidence_constants(0.25)
    T, W = c45._alloc(2, 3, 3, 4, 4, 2, len(y), 4)  # far too small: grows (doubling) and refits
    codes = c45._codes(X, nvals)
    args = (
        np.ascontiguousarray(X.T),
        codes,
        c45._nominal_rows(codes, nvals),
        y,
        np.arange(len(y), dtype=np.int64),
        nvals,
        numidx,
        order,
        count,
        3,
        2.0,
        cf,
        z,
        c45._xlogx_table(len(y)),
        False,
        True,
    )
    grows = 0
    while not c45._fit(*args, T, W):
        T, W = c45._grow(T, W, 3)
        grows += 1
    assert grows >= 3
    assert T[0].shape[0] > 2
    grown = c45.J48(spec)
    grown.tree_, grown.n_classes_ = T, 3
    assert grown.to_text() == ref.to_text()


def test_input_checks():
    X, y, spec = _mixed_data(n=20)
    with pytest.raises(ValueError):
        c45.J48(spec).fit(X[:, :3], y)
    bad = X.copy()
    bad[0, 1] = 5  # nominal code out of range
    with pytest.raises(ValueError):
        c45.J48(spec).fit(bad, y)
    with pytest.raises(ValueError):
        c45.J48(spec).predict(X)
    with pytest.raises(ValueError):
        c45.j48_cv_errors(X, y, np.arange(20) % 2, spec)


# ----------------------------------------------------------------------------- batched CV engine
def _refit_errors(X, y, folds, spec, C):
    """CV error by refitting J48 fold by fold (Weka Evaluation: all-zero rows not counted)."""
    wrong = 0
    for f in np.unique(folds):
        te = folds == f
        p = c45.J48(spec, n_classes=C).fit(X[~te], y[~te]).predict_proba(X[te])
        wrong += int(((p.argmax(axis=1) != y[te]) & (p.max(axis=1) > 0)).sum())
    return wrong / len(y)


@pytest.mark.parametrize("per_perm_folds", [False, True])
def test_j48_cv_errors_test1_equals_refits(per_perm_folds):
    X, y, spec = _mixed_data(n=90, seed=4)
    rng = np.random.default_rng(5)
    folds = sampling.stratified_fold_of(rng, y, 10)[0]
    perms = pm.label_permutations(len(y), 4, rng)
    F = folds[perms] if per_perm_folds else folds
    got = c45.j48_cv_errors(X, y, F, spec, perms=perms, n_classes=3)
    want = [_refit_errors(X, y[perms[b]], F[b] if per_perm_folds else folds, spec, 3) for b in range(len(perms))]
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("per_perm_folds", [False, True])
def test_j48_cv_errors_test2_equals_refits(per_perm_folds):
    X, y, spec = _mixed_data(n=90, seed=6)
    rng = np.random.default_rng(7)
    folds = sampling.stratified_fold_of(rng, y, 10)[0]
    idx = pm.within_class_permutations(y, spec.m, 4, rng)
    F = pm.resample_folds(folds, y, 4, rng) if per_perm_folds else folds
    got = c45.j48_cv_errors(X, y, F, spec, idx=idx, n_classes=3)
    Xp = pm.apply_within_class_permutations(X, idx)
    want = [_refit_errors(Xp[b], y, F[b] if per_perm_folds else folds, spec, 3) for b in range(4)]
    np.testing.assert_array_equal(got, want)


def test_j48_cv_errors_test2_with_row_indices_that_are_not_permutations():
    # bootstrap-like indices (repeats): the engine re-sorts the columns instead of using ranks
    X, y, spec = _mixed_data(n=60, seed=8)
    rng = np.random.default_rng(9)
    same_class = [np.flatnonzero(y == c) for c in range(3)]
    idx = np.stack([np.stack([rng.choice(same_class[y[i]], size=spec.m) for i in range(len(y))]) for _ in range(2)])
    folds = sampling.stratified_fold_of(rng, y, 5)[0]
    got = c45.j48_cv_errors(X, y, folds, spec, idx=idx, n_classes=3)
    Xp = pm.apply_within_class_permutations(X, idx)
    np.testing.assert_array_equal(got, [_refit_errors(Xp[b], y, folds, spec, 3) for b in range(2)])


def test_j48_cv_errors_identity_permutation_is_the_plain_cv_error():
    X, y, spec = _mixed_data(n=80, seed=10)
    folds = sampling.stratified_fold_of(np.random.default_rng(11), y, 10)[0]
    e = c45.j48_cv_errors(X, y, folds, spec, perms=np.arange(len(y))[None], n_classes=3, weka="3.9")
    assert e.shape == (1,)
    wrong = 0
    for f in range(10):
        te = folds == f
        m = c45.J48(spec, n_classes=3, weka="3.9").fit(X[~te], y[~te])
        wrong += int((m.predict(X[te]) != y[te]).sum())
    assert e[0] == wrong / len(y)


def test_unpruned_tree_is_collapsed_but_not_pruned():
    """J48 -U (Raeder et al.'s reading imbalance.j48_pruning = unpruned): at least as many leaves as
    the pruned tree, never fewer training errors, and the same tree where pruning changes nothing."""
    X, y, spec = _mixed_data(n=300, seed=5, missing=0.05)
    pruned, unpruned = c45.J48(spec).fit(X, y), c45.J48(spec, prune=False).fit(X, y)
    assert unpruned.n_leaves >= pruned.n_leaves
    assert (unpruned.predict(X) != y).sum() <= (pruned.predict(X) != y).sum()
    noisy = np.random.default_rng(0).integers(0, 2, len(y))  # labels unrelated to X: pruning cuts
    assert c45.J48(spec, prune=False).fit(X, noisy).n_leaves > c45.J48(spec).fit(X, noisy).n_leaves

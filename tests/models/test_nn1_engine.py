"""Tests for lib.models.nn1_engine: the 1-NN cross-validation engines (on distances: Test 1; the
compiled Test 2 kernel on Weka's element-wise distance; on bitsets: Test 2 on all-nominal data)
equal refitting 1-NN fold by fold, the oracle of scripts/tools/reference_models.py, and the Test 2
kernel equals a plain-numpy brute force (whole distance matrices) on constructed and mirror data."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import DATA_MIRROR
from lib.data import datasets
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
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    idx = pm.within_class_permutations(y, m, 20, r)
    fast = nn1_engine.nn1_cv_errors_test2(X, y, folds, idx, spec, tie_rule=tie_rule)
    Xp = pm.apply_within_class_permutations(X, idx)
    for b in range(len(idx)):  # whole-data ranges are invariant under Test 2
        rb = nn1.weka_ranges(Xp[b], spec)
        np.testing.assert_array_equal(rb.lo, ranges.lo)
    slow = rm.cv_errors(_slow_nn1(spec, C, tie_rule, ranges), Xp, y, folds)
    np.testing.assert_array_equal(fast, slow)
    # randomisations handed to the kernel one or three at a time: same answer
    for batch in (1, 3):
        np.testing.assert_array_equal(
            nn1_engine.nn1_cv_errors_test2(X, y, folds, idx, spec, tie_rule=tie_rule, batch=batch), fast
        )
    # a fresh stratified CV for every randomisation
    G = pm.resample_folds(folds, y, len(idx), r)
    fast_g = nn1_engine.nn1_cv_errors_test2(X, y, G, idx, spec, tie_rule=tie_rule)
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
    """Test 2 engine with ``tie_rule="shuffled"``: shared folds and fresh folds per randomisation
    equal refitting IBk1 with the same keys, whatever the batch size, keys as TieKeys or array."""
    r = rng(52)
    if kind == "mixed_nominal":
        X, y, spec = _mixed_nominal_data(r)
    else:
        X, y = _discrete_data(r)
        spec = AttributeSpec.numeric(X.shape[1])
    n, m = X.shape
    C = int(y.max()) + 1
    ranges = nn1.weka_ranges(X, spec)
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    k = 12
    idx = pm.within_class_permutations(y, m, k, r)
    Xp = pm.apply_within_class_permutations(X, idx)
    tk = nn1.TieKeys([52, 3], 10, n)
    K = tk.block(0, k)
    slow = _refit_shuffled(spec, C, ranges, Xp, [y] * k, [folds] * k, K)
    for batch in (50, 1, 5):  # keys drawn in blocks of randomisations: same keys per randomisation
        np.testing.assert_array_equal(
            nn1_engine.nn1_cv_errors_test2(X, y, folds, idx, spec, tie_rule="shuffled", tie_keys=tk, batch=batch),
            slow,
        )
    G = pm.resample_folds(folds, y, k, r)
    slow_g = _refit_shuffled(spec, C, ranges, Xp, [y] * k, G, K)
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_errors_test2(X, y, G, idx, spec, tie_rule="shuffled", tie_keys=tk), slow_g
    )
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_errors_test2(X, y, G, idx, spec, tie_rule="shuffled", tie_keys=K, batch=5), slow_g
    )
    if kind == "discrete":  # ties exist, so the rule matters
        assert not np.array_equal(slow_g, nn1_engine.nn1_cv_errors_test2(X, y, G, idx, spec, tie_rule="first"))
    with pytest.raises(ValueError, match="keys"):
        nn1_engine.nn1_cv_errors_test2(X, y, G, idx, spec, tie_rule="shuffled")
    with pytest.raises(ValueError, match="tie_keys must have shape"):
        nn1_engine.nn1_cv_errors_test2(X, y, G, idx, spec, tie_rule="shuffled", tie_keys=K[:, :5])


def test_fast_nn1_test2_shuffled_with_missing_nominal_values_equals_refit():
    r = rng(53)
    n = 48
    y = r.integers(0, 2, n)
    X = np.column_stack([r.integers(0, 2, n) + y, r.integers(0, 3, n), r.integers(0, 2, n)]).astype(float)
    X[:, 1:][r.uniform(size=(n, 2)) < 0.15] = np.nan
    spec = AttributeSpec((0, 3, 2))
    ranges = nn1.weka_ranges(X, spec)
    folds = sampling.stratified_fold_of(r, y, 8)[0]
    idx = pm.within_class_permutations(y, 3, 6, r)
    Xp = pm.apply_within_class_permutations(X, idx)
    G = pm.resample_folds(folds, y, len(idx), r)
    tk = nn1.TieKeys([53], 8, n)
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_errors_test2(X, y, G, idx, spec, tie_rule="shuffled", tie_keys=tk),
        _refit_shuffled(spec, 2, ranges, Xp, [y] * len(idx), G, tk.block(0, len(idx))),
    )


@pytest.mark.parametrize("tie_rule", ["first", "vote"])
def test_fast_nn1_test2_with_missing_values_equals_refit(tie_rule):
    """Missing numeric and nominal values, both sides of a pair missing included: errors equal
    refitting with Weka's element-wise distance, fixed and fresh folds."""
    r = rng(15)
    n = 48
    y = r.integers(0, 2, n)
    X = np.column_stack([r.normal(size=n) + y, r.integers(0, 3, n), r.integers(0, 2, n)]).astype(float)
    X[r.uniform(size=X.shape) < 0.15] = np.nan
    X[:3, :2] = np.nan  # both-missing pairs exist
    spec = AttributeSpec((0, 3, 2))
    ranges = nn1.weka_ranges(X, spec)
    folds = sampling.stratified_fold_of(r, y, 8)[0]
    idx = pm.within_class_permutations(y, 3, 5, r)
    Xp = pm.apply_within_class_permutations(X, idx)
    slow = _slow_nn1(spec, 2, tie_rule, ranges)
    fast = nn1_engine.nn1_cv_errors_test2(X, y, folds, idx, spec, tie_rule=tie_rule)
    np.testing.assert_array_equal(fast, rm.cv_errors(slow, Xp, y, folds))
    G = pm.resample_folds(folds, y, len(idx), r)
    np.testing.assert_array_equal(
        nn1_engine.nn1_cv_errors_test2(X, y, G, idx, spec, tie_rule=tie_rule), rm.cv_errors(slow, Xp, y, G)
    )


# ----------------------------------------------------------------------------- Test 2 kernel == brute force
def _brute_force_test2(X, y, folds, idx, spec, tie_rule, keys=None):
    """Plain numpy: per randomised data set the whole n x n matrix of Weka's distances
    (``nn1.ibk_sq_distances``), same-fold pairs masked, the tie rule over each row."""
    ranges = nn1.weka_ranges(X, spec)
    F = np.broadcast_to(folds, (len(idx), len(y)))
    out = []
    for b, Xb in enumerate(pm.apply_within_class_permutations(X, idx)):
        D = nn1.ibk_sq_distances(Xb, Xb, spec, ranges)
        D[F[b][:, None] == F[b][None, :]] = np.inf
        row_keys = None if keys is None else keys[b][F[b]]  # test row i: its fold's order
        pred = nn1.nn1_from_sqdist(D, y, int(y.max()) + 1, tie_rule, keys=row_keys)
        out.append((pred != y).sum() / len(y))
    return np.array(out)


def _runs_of_kinds_data(r, n=120):
    """20 attributes whose kinds come in runs of 8 and 5 (the kernel's 8- and 4-attribute loops and
    its single ones) with one numeric attribute with missing values among them; few values per
    attribute, so many distances tie exactly; missing nominal values too, and rows missing every
    value a column of their kind may miss."""
    y = r.integers(0, 3, n)
    numeric8 = r.integers(0, 3, (n, 8)) + y[:, None]
    nominal5 = (r.integers(0, 2, (n, 5)) + y[:, None]) % 3
    missing_numeric = r.integers(0, 4, (n, 1)).astype(float) / 3
    numeric2 = r.integers(0, 2, (n, 2))
    nominal4 = r.integers(0, 2, (n, 4))
    X = np.column_stack([numeric8, nominal5, missing_numeric, numeric2, nominal4]).astype(float)
    may_miss = np.r_[8:14, 16:20]  # the nominal attributes and the one numeric attribute
    X[:, may_miss] = np.where(r.uniform(size=(n, len(may_miss))) < 0.08, np.nan, X[:, may_miss])
    X[:2, may_miss] = np.nan
    spec = AttributeSpec((0,) * 8 + (3,) * 5 + (0, 0, 0) + (2,) * 4)
    return X, y, spec


def test_distances_are_ibk_sq_distances_to_the_last_bit():
    """The kernel's distances, attribute runs added in one loop, are every double of
    ``nn1.ibk_sq_distances`` (Weka's sum in attribute order), missing values included."""
    X, _, spec = _runs_of_kinds_data(rng(61))
    V, kinds = nn1.weka_columns(X, spec, nn1.weka_ranges(X, spec))
    assert set(kinds) == {nn1.NUMERIC, nn1.NUMERIC_MISSING, nn1.NOMINAL}
    expected = nn1.ibk_sq_distances(X, X, spec, nn1.weka_ranges(X, spec))
    train = np.ascontiguousarray(V.T)
    dist = np.empty(len(X))
    for i in range(len(X)):
        nn1_engine._sq_distances(train, kinds, V[i].copy(), len(X), dist)
        assert np.array_equal(dist, expected[i])


@pytest.mark.parametrize("tie_rule", ["first", "vote", "shuffled"])
def test_test2_kernel_equals_brute_force_with_ties_and_missing_values(tie_rule):
    """Constructed data with many exact ties and missing values: shared folds, fresh folds per
    randomisation and leave-one-out equal the plain-numpy brute force."""
    r = rng(62)
    X, y, spec = _runs_of_kinds_data(r)
    n, m = X.shape
    folds = sampling.stratified_fold_of(r, y, 10)[0]
    k = 6
    idx = pm.within_class_permutations(y, m, k, r)
    G = pm.resample_folds(folds, y, k, r)
    loo = pm.loo_folds(n)
    for F in (folds, G, loo):
        tk = nn1.TieKeys([62], int(F.max()) + 1, n) if tie_rule == "shuffled" else None
        keys = None if tk is None else tk.block(0, k)
        np.testing.assert_array_equal(
            nn1_engine.nn1_cv_errors_test2(X, y, F, idx, spec, tie_rule=tie_rule, tie_keys=tk, batch=4),
            _brute_force_test2(X, y, F, idx, spec, tie_rule, keys),
        )


# The mirror's data sets whose 1-NN Test 2 the kernel runs in the study (the all-nominal ones run on
# bitsets, tested below) and two all-nominal ones, small enough for the brute force: many ties
# (iris, balance-scale), missing numeric and nominal values (hepatitis, anneal), missing
# nominal values (breast-cancer, vote).
MIRROR_CASES = ["iris", "balance-scale", "glass", "segment", "hepatitis", "anneal", "breast-cancer", "vote"]


@pytest.mark.skipif(not DATA_MIRROR.is_dir(), reason=f"no data mirror at {DATA_MIRROR} (set DATA_MIRROR)")
@pytest.mark.parametrize("name", MIRROR_CASES)
def test_test2_kernel_equals_brute_force_on_mirror_data(name):
    """The study's draws (fresh folds per randomisation) on real data, both tie rules of the study."""
    ds = datasets.get(name)
    data = datasets.load_files(ds, {f.path: DATA_MIRROR / f.path for f in ds.files})
    X, y, spec = data.X, data.y, data.spec
    folds0 = permutation.original_folds(y, 10, 1, [0])[0]
    k = 3
    idx, G = permutation.draw_randomizations(2, y, X.shape[1], folds0, [9], 0, k)
    tk = nn1.TieKeys([9, 2], int(folds0.max()) + 1, len(y))
    for tie_rule, keys in (("first", None), ("shuffled", tk)):
        np.testing.assert_array_equal(
            nn1_engine.nn1_cv_errors_test2(X, y, G, idx, spec, tie_rule=tie_rule, tie_keys=keys),
            _brute_force_test2(X, y, G, idx, spec, tie_rule, None if keys is None else keys.block(0, k)),
        )


def test_test2_rejects_bad_shapes_and_a_fold_without_training_rows():
    X, y, spec = _mixed_nominal_data(rng(63), n=20)
    idx = pm.within_class_permutations(y, 3, 2, rng(0))
    with pytest.raises(ValueError, match="idx must have shape"):
        nn1_engine.nn1_cv_errors_test2(X, y, np.zeros(20, int), idx[:, :, :2], spec)
    with pytest.raises(ValueError, match="per-randomisation folds"):
        nn1_engine.nn1_cv_errors_test2(X, y, np.zeros((3, 20), int), idx, spec)
    with pytest.raises(ValueError, match="non-negative"):
        nn1_engine.nn1_cv_errors_test2(X, y, -np.ones(20, int), idx, spec)
    with pytest.raises(ValueError, match="no training candidate"):
        nn1_engine.nn1_cv_errors_test2(X, y, np.zeros(20, int), idx, spec)


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


def test_the_study_uses_the_bitset_path_with_the_kernel_answer():
    """``permutation.randomized_errors`` on all-nominal data (Test 2, bitsets) gives what the
    element-wise Test 2 kernel gives."""
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
    np.testing.assert_array_equal(null, nn1_engine.nn1_cv_errors_test2(X, y, G, idx, spec))


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

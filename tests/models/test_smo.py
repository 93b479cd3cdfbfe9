"""Tests of lib.models.smo (Weka SMO re-implemented): hand-checkable cases, Weka's own output
on a toy problem, filters, voting, and the batched CV engine against fold-by-fold refits."""
import numpy as np
import pytest

from lib.models import smo
from lib.models.smo import SMO, smo_cv_errors
from lib.data.attributes import AttributeSpec


def test_java_random_matches_java():
    # new java.util.Random(1).nextInt(b) for these bounds, printed by Java 17
    st = np.array([smo._jr_seed(1)], dtype=np.int64)
    bounds = [10, 7, 16, 1000, 3, 2, 1, 5, 123456789, 1 << 20, 999999999]
    got = [int(smo._jr_next_int(st, b)) for b in bounds]
    assert got == [5, 4, 6, 313, 2, 0, 0, 1, 102931354, 745264, 13136569]


def test_two_points_hand_solution():
    # 1-D, one point per class at 0 and 1 (normalised to 0 and 1). Hard margin: f = 2x - 1,
    # alpha = 2 each; with C = 10 the box is inactive, with C = 1 both alphas sit at C and
    # w = 1; b = (b_low + b_up) / 2 = 0.5 (errors of the two bound points: -0.5 and +0.5... )
    X = np.array([[0.0], [1.0]])
    y = np.array([0, 1])
    m = SMO(AttributeSpec.numeric(1), C=10.0).fit(X, y)
    assert m.W_[0, 0] == pytest.approx(2.0, abs=1e-9)
    assert m.b_[0] == pytest.approx(1.0, abs=1e-9)
    m1 = SMO(AttributeSpec.numeric(1), C=1.0).fit(X, y)
    assert m1.W_[0, 0] == pytest.approx(1.0, abs=1e-12)
    assert m1.b_[0] == pytest.approx(0.5, abs=1e-12)
    np.testing.assert_array_equal(m.predict(np.array([[0.4], [0.6], [-3.0], [7.0]])), [0, 1, 0, 1])


def test_separable_square_support_vectors_and_bias():
    # class 0 at x = 0, class 1 at x = 1 (second coordinate irrelevant): every point is a
    # support vector of the hard-margin solution w = (2, 0), b = 1 (f = 2 x1 - 1).
    X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], float)
    y = np.array([0, 0, 1, 1])
    m = SMO(AttributeSpec.numeric(2), C=100.0).fit(X, y)
    np.testing.assert_allclose(m.W_[0], [2.0, 0.0], atol=2e-3)
    assert m.b_[0] == pytest.approx(1.0, abs=2e-3)
    out = m.decision_function(X)[:, 0]
    np.testing.assert_allclose(np.abs(out), 1.0, atol=2e-3)  # all on the margin


def test_weka_toy_model():
    # Weka 3.6.14 `SMO -t toy.arff` prints: 1.4833 * a + 1.2583 * b - 1.2417
    X = np.array([[0, 0], [1, 0], [0, 1], [3, 3], [4, 3], [3, 4]], float)
    y = np.array([0, 0, 0, 1, 1, 1])
    m = SMO(AttributeSpec.numeric(2)).fit(X, y)
    np.testing.assert_allclose(m.W_[0], [1.4833, 1.2583], atol=5e-5)
    assert m.b_[0] == pytest.approx(1.2417, abs=5e-5)


def test_weka_toy_with_duplicates_of_both_classes():
    # identical rows with different classes (eta = 0 cases possible); Weka 3.6.14 prints
    # -0.0908 * a + 0.7262 * b + 0.3646 (i.e. b = -0.3646)
    X = np.array([[0, 0], [1, 1], [1, 1], [.5, .2], [.2, .9], [1, 1], [0, 0]])
    y = np.array([0, 1, 0, 0, 1, 1, 1])
    m = SMO(AttributeSpec.numeric(2)).fit(X, y)
    np.testing.assert_allclose(m.W_[0], [-0.0908, 0.7262], atol=5e-5)
    assert m.b_[0] == pytest.approx(-0.3646, abs=5e-5)


def test_multiclass_pairwise_voting():
    # three classes on a line: pairs (0,1), (0,2), (1,2); output > 0 votes for the second
    X = np.array([[0.0], [0.1], [0.5], [0.6], [1.0], [1.1]])
    y = np.array([0, 0, 1, 1, 2, 2])
    m = SMO(AttributeSpec.numeric(1)).fit(X, y)
    out = m.decision_function(X)
    assert out.shape == (6, 3)
    np.testing.assert_array_equal(m.predict(X), y)
    votes = np.zeros((6, 3))
    for p, (a, c) in enumerate([(0, 1), (0, 2), (1, 2)]):
        votes[np.arange(6), np.where(out[:, p] > 0, c, a)] += 1
    np.testing.assert_array_equal(votes.argmax(axis=1), m.predict(X))
    # vote ties go to the lowest class index; output exactly 0 votes for the first class
    kind = np.ones(3, dtype=np.int64)
    np.testing.assert_array_equal(smo._vote(np.array([[1.0, -1.0, 1.0]]), kind, 3), [0])
    np.testing.assert_array_equal(smo._vote(np.array([[0.0, 0.0, 0.0]]), kind, 3), [0])
    np.testing.assert_array_equal(smo._vote(np.array([[1.0, 1.0, 0.0]]), kind, 3), [1])


def test_absent_class_gets_no_votes():
    X = np.array([[0.0], [0.2], [1.0], [1.2]])
    y = np.array([0, 0, 2, 2])  # class 1 of the header absent from training
    m = SMO(AttributeSpec.numeric(1), n_classes=3).fit(X, y)
    np.testing.assert_array_equal(m.kind_, [2, 1, 2])
    np.testing.assert_array_equal(m.b_[[0, 2]], [1.0, -1.0])  # only class 0 / only class 2
    np.testing.assert_array_equal(m.predict(X), y)


def test_missing_values_are_training_mean_and_mode():
    rng = np.random.default_rng(3)
    n = 60
    X = np.column_stack([rng.normal(size=n), rng.integers(0, 3, n).astype(float)])
    y = (X[:, 0] + (X[:, 1] == 2) > 0.3).astype(int)
    spec = AttributeSpec((0, 3))
    Xm = X.copy()
    Xm[[1, 5, 9], 0] = np.nan
    Xm[[2, 7], 1] = np.nan
    filled = Xm.copy()
    known = Xm[~np.isnan(Xm[:, 0]), 0]
    filled[np.isnan(Xm[:, 0]), 0] = np.add.accumulate(known)[-1] / len(known)
    filled[np.isnan(Xm[:, 1]), 1] = np.bincount(Xm[~np.isnan(Xm[:, 1]), 1].astype(int)).argmax()
    a = SMO(spec).fit(Xm, y)
    b = SMO(spec).fit(filled, y)
    np.testing.assert_array_equal(a.W_, b.W_)
    np.testing.assert_array_equal(a.b_, b.b_)
    test = np.array([[np.nan, np.nan], [0.1, 1.0]])
    test_f = test.copy()
    test_f[0] = filled[1, 0], filled[2, 1]
    np.testing.assert_array_equal(a.decision_function(test), b.decision_function(test_f))


def test_nominal_filters_binary_and_one_hot_normalised():
    # attribute 0: numeric; 1: binary nominal (one column, value index); 2: 3 values (3
    # columns). NominalToBinary's columns are numeric in Weka, so Normalize maps a column that
    # is constant in training to 0 (the binary column here, and value 1's indicator)
    X = np.array([[2.0, 1, 0], [4.0, 1, 2], [6.0, 1, 0], [3.0, 1, 2]])
    f = smo._Filters(X, AttributeSpec((0, 2, 3)))
    assert f.d == 5
    np.testing.assert_array_equal(f.Z, [[0, 0, 1, 0, 0], [0.5, 0, 0, 0, 1], [1, 0, 1, 0, 0],
                                        [0.25, 0, 0, 0, 1]])
    # test values outside the training range are not clipped; constant columns give 0
    np.testing.assert_array_equal(f.transform(np.array([[8.0, 0, 1]])), [[1.5, 0, 0, 0, 0]])
    y = np.array([0, 1, 0, 1])
    m = SMO(AttributeSpec((0, 2, 3))).fit(X, y)
    np.testing.assert_array_equal(m.predict(X), y)


def test_errors_are_clear():
    spec = AttributeSpec.numeric(2)
    with pytest.raises(ValueError, match=r"X must be \(n, 2\)"):
        SMO(spec).fit(np.zeros((3, 3)), [0, 1, 0])
    with pytest.raises(ValueError, match="C must be positive"):
        SMO(spec, C=0.0)
    with pytest.raises(ValueError, match="predict_proba needs"):
        SMO(spec).fit(np.eye(2), [0, 1]).predict_proba(np.eye(2))
    with pytest.raises(ValueError, match="exactly one"):
        smo_cv_errors(np.eye(2), [0, 1], [0, 1], spec)


def _data(seed=0, n=48):
    rng = np.random.default_rng(seed)
    X = np.column_stack([rng.normal(size=n), rng.integers(0, 3, n).astype(float),
                         rng.normal(size=n)])
    X[rng.random(n) < 0.05, 0] = np.nan
    y = ((X[:, 2] + (X[:, 1] == 1) + rng.normal(scale=0.7, size=n)) > 0.5).astype(int)
    y[rng.random(n) < 0.2] = 2
    return X, y, AttributeSpec((0, 3, 0))


def _refit_error(X, y, spec, folds, K):
    wrong = 0
    for f in np.unique(folds):
        te = folds == f
        wrong += int((SMO(spec, n_classes=K).fit(X[~te], y[~te]).predict(X[te]) != y[te]).sum())
    return wrong / len(y)


@pytest.mark.parametrize("per_randomisation_folds", [False, True])
def test_cv_errors_equal_refits(per_randomisation_folds):
    X, y, spec = _data()
    n, m = X.shape
    rng = np.random.default_rng(1)
    k = 2
    folds = np.tile(np.arange(4), n // 4)
    folds_k = np.array([rng.permutation(folds) for _ in range(k)]) if per_randomisation_folds \
        else folds
    perms = np.array([rng.permutation(n) for _ in range(k)])
    idx = np.array([[rng.permutation(n) for _ in range(m)] for _ in range(k)]).transpose(0, 2, 1)
    for c in range(3):  # within-class permutations: a row index of the same class
        rows = np.flatnonzero(y == c)
        for b in range(k):
            for j in range(m):
                idx[b, rows, j] = rng.permutation(rows)
    e1 = smo_cv_errors(X, y, folds_k, spec, perms=perms, n_classes=3)
    e2 = smo_cv_errors(X, y, folds_k, spec, idx=idx, n_classes=3)
    for b in range(k):
        fb = folds_k[b] if per_randomisation_folds else folds
        assert e1[b] == _refit_error(X, y[perms[b]], spec, fb, 3)
        Xp = X[idx[b], np.arange(m)[None, :]]
        assert e2[b] == _refit_error(Xp, y, spec, fb, 3)
    ident = smo_cv_errors(X, y, folds, spec, perms=np.arange(n)[None], n_classes=3)
    assert ident[0] == _refit_error(X, y, spec, folds, 3)


def test_deterministic():
    X, y, spec = _data(5)
    a = SMO(spec).fit(X, y)
    b = SMO(spec).fit(X, y)
    np.testing.assert_array_equal(a.W_, b.W_)
    np.testing.assert_array_equal(a.b_, b.b_)
    np.testing.assert_array_equal(a.steps_, b.steps_)
    # the seed changes each pair's row order (Weka -W), hence possibly the path
    c = SMO(spec, seed=7).fit(X, y)
    np.testing.assert_allclose(c.decision_function(X), a.decision_function(X), atol=0.5)


def test_predict_proba_logistic():
    X, y, spec = _data(2)
    y2 = np.minimum(y, 1)
    m = SMO(spec, build_logistic=True).fit(X, y2)
    p = m.predict_proba(X)
    np.testing.assert_allclose(p.sum(axis=1), 1.0)
    out = m.decision_function(X)[:, 0]
    order = np.argsort(out)
    assert np.all(np.diff(p[order, 1]) >= -1e-12)  # monotone in the SVM output
    m3 = SMO(spec, build_logistic=True, logistic_folds=3).fit(X, y)
    p3 = m3.predict_proba(X)
    assert p3.shape == (len(y), 3)
    np.testing.assert_allclose(p3.sum(axis=1), 1.0)


@pytest.mark.parametrize("nominal_only", [False, True])
def test_gram_matrix_gives_the_same_doubles(nominal_only):
    # the precomputed Gram matrix (float32 for 0/1 data, sequential float64 otherwise) must
    # reproduce the on-the-fly kernel values bit for bit, hence the same optimisation path
    rng = np.random.default_rng(11)
    n = 240
    if nominal_only:
        X = rng.integers(0, 4, size=(n, 5)).astype(float)
        spec = AttributeSpec((4, 4, 2, 4, 3))
        X[:, 2] = X[:, 2] % 2
        X[:, 4] = X[:, 4] % 3
    else:
        X = np.column_stack([rng.normal(size=n), rng.integers(0, 3, n), rng.random(n)])
        spec = AttributeSpec((0, 3, 0))
    y = rng.integers(0, 3, n)  # permuted-like labels: many non-bound multipliers
    Z = smo._Filters(X, spec).Z
    G = smo._gram(Z)
    assert G[2] == (2 if nominal_only else 1)
    rows = np.arange(n, dtype=np.int64)
    args = (Z, y, 3, 1.0, smo.TOL, smo.EPS, smo.DEL, 1)
    a = smo._fit_pairs(*args, *G, rows)
    b = smo._fit_pairs(*args, *smo._NO_GRAM, rows)
    for u, v in zip(a, b):
        np.testing.assert_array_equal(u, v)


def test_cv_errors_whole_data_gram_reuse():
    # n > 200 nominal data: smo_cv_errors reuses the whole-data Gram matrix across folds and
    # permutations; it must still equal fold-by-fold refits (which build their own)
    rng = np.random.default_rng(4)
    n = 230
    X = rng.integers(0, 3, size=(n, 4)).astype(float)
    X[rng.random((n, 4)) < 0.03] = np.nan
    spec = AttributeSpec((3, 3, 3, 3))
    y = ((X[:, 0] == 1) | (rng.random(n) < 0.3)).astype(int)
    folds = np.arange(n) % 5
    perms = np.array([rng.permutation(n) for _ in range(2)])
    e = smo_cv_errors(X, y, folds, spec, perms=perms)
    for b in range(2):
        assert e[b] == _refit_error(X, y[perms[b]], spec, folds, 2)

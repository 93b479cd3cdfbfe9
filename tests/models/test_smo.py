"""Tests of lib.models.smo (Weka SMO re-implemented): hand-checkable cases, Weka's own output
on a toy problem, filters, voting, and the batched CV engine against fold-by-fold refits."""

import numpy as np
import pytest

from conftest import DATA_MIRROR as MIRROR
from lib.data import datasets
from lib.data.attributes import AttributeSpec
from lib.models import smo
from lib.models.smo import SMO, smo_cv_errors

needs_mirror = pytest.mark.skipif(not MIRROR.is_dir(), reason=f"no data mirror at {MIRROR} (set DATA_MIRROR)")


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
    X = np.array([[0, 0], [1, 1], [1, 1], [0.5, 0.2], [0.2, 0.9], [1, 1], [0, 0]])
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
    np.testing.assert_array_equal(f.Z, [[0, 0, 1, 0, 0], [0.5, 0, 0, 0, 1], [1, 0, 1, 0, 0], [0.25, 0, 0, 0, 1]])
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
    X = np.column_stack([rng.normal(size=n), rng.integers(0, 3, n).astype(float), rng.normal(size=n)])
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
    folds_k = np.array([rng.permutation(folds) for _ in range(k)]) if per_randomisation_folds else folds
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
    # the precomputed Gram matrix (int8 for 0/1 data, float64 summed in attribute order
    # otherwise; rows grouped by class) must reproduce the on-the-fly kernel values bit for
    # bit, hence the same optimisation path
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
    G, gidx = smo._gram_rows(Z, y, 3)
    assert G.dtype == (np.int8 if nominal_only else np.float64)
    assert np.all(np.diff(y[np.argsort(gidx)]) >= 0)  # Gram rows grouped by class
    args = (Z, y, 3, 1.0, smo.TOL, smo.EPS, smo.DEL, 1)
    dense = (smo.DENSE_MIN_MEMBERS, smo.FULL_ROWS_FRACTION)
    a = smo._fit_pairs(*args, G, gidx, *dense)
    b = smo._fit_pairs(*args, smo._NO_GRAM, np.arange(n, dtype=np.int64), *dense)
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


# --------------------------------------------------------------------------------------
# The fast engine's internals against Weka's BinarySMO written out literally
# --------------------------------------------------------------------------------------
def _weka_binary_smo(Z, yy, C=1.0, tol=smo.TOL, eps=smo.EPS, dl=smo.DEL):
    """Weka's ``BinarySMO.buildClassifier`` (linear machine) transcribed literally in pure
    Python: I0 is an ``SMOset`` (a list with insertion at the front, walked from the front),
    the error cache is updated over I0 only, kernel values are summed in attribute order over
    the non-zeros of the second row (``CachedKernel.dotProd``). Returns ``(w, b, steps)``."""
    n, d = Z.shape
    nz = [np.flatnonzero(Z[j]) for j in range(n)]

    def kern(i, j):
        s = 0.0
        for k in nz[j]:
            s += Z[i, k] * Z[j, k]
        return s

    def wdot(w, i):
        s = 0.0
        for k in nz[i]:
            s += w[k] * Z[i, k]
        return s

    w = np.zeros(d)
    alpha = np.zeros(n)
    errors = np.zeros(n)
    I0 = []  # SMOset, front first
    iUp = iLow = -1
    for i in range(n):
        if yy[i] == -1.0:
            iLow = i
        else:
            iUp = i
    bUp, bLow, b = -1.0, 1.0, 0.0
    errors[iLow] = 1.0
    errors[iUp] = -1.0
    steps = 0
    numChanged, examineAll = 0, True
    while numChanged > 0 or examineAll:
        numChanged = 0
        for i2 in range(n):
            if not examineAll and not (alpha[i2] > 0 and alpha[i2] < C):
                continue
            y2, a2c, inI0 = yy[i2], alpha[i2], i2 in I0
            in12 = (y2 == 1.0 and a2c == 0.0) or (y2 == -1.0 and a2c == C)
            in34 = (y2 == 1.0 and a2c == C) or (y2 == -1.0 and a2c == 0.0)
            if inI0:
                F2 = errors[i2]
            else:
                F2 = ((wdot(w, i2) - b) + b) - y2
                errors[i2] = F2
                if in12 and F2 < bUp:
                    bUp, iUp = F2, i2
                elif in34 and F2 > bLow:
                    bLow, iLow = F2, i2
            optimal, i1 = True, -1
            if (inI0 or in12) and bLow - F2 > 2 * tol:
                optimal, i1 = False, iLow
            if (inI0 or in34) and F2 - bUp > 2 * tol:
                optimal, i1 = False, iUp
            changed = False
            if not optimal:
                if inI0:
                    i1 = iLow if bLow - F2 > F2 - bUp else iUp
                if i1 != i2:  # takeStep(i1, i2, F2)
                    alph1, alph2, y1, F1 = alpha[i1], alpha[i2], yy[i1], errors[i1]
                    s = y1 * y2
                    if y1 != y2:
                        L, H = max(0.0, alph2 - alph1), min(C, C + alph2 - alph1)
                    else:
                        L, H = max(0.0, alph1 + alph2 - C), min(C, alph1 + alph2)
                    if L < H:
                        k11, k12, k22 = kern(i1, i1), kern(i1, i2), kern(i2, i2)
                        eta = 2 * k12 - k11 - k22
                        if eta < 0:
                            a2 = alph2 - y2 * (F1 - F2) / eta
                            a2 = L if a2 < L else H if a2 > H else a2
                        else:
                            f1, f2 = wdot(w, i1) - b, wdot(w, i2) - b
                            v1 = f1 + b - y1 * alph1 * k11 - y2 * alph2 * k12
                            v2 = f2 + b - y1 * alph1 * k12 - y2 * alph2 * k22
                            gamma = alph1 + s * alph2
                            gl, gh = gamma - s * L, gamma - s * H
                            Lobj = (
                                gl
                                + L
                                - 0.5 * k11 * gl * gl
                                - 0.5 * k22 * L * L
                                - s * k12 * gl * L
                                - y1 * gl * v1
                                - y2 * L * v2
                            )
                            Hobj = (
                                gh
                                + H
                                - 0.5 * k11 * gh * gh
                                - 0.5 * k22 * H * H
                                - s * k12 * gh * H
                                - y1 * gh * v1
                                - y2 * H * v2
                            )
                            a2 = L if Lobj > Hobj + eps else H if Lobj < Hobj - eps else alph2
                        if not (abs(a2 - alph2) < eps * (a2 + alph2 + eps)):
                            if a2 > C - dl * C:
                                a2 = C
                            elif a2 <= dl * C:
                                a2 = 0.0
                            a1 = alph1 + s * (alph2 - a2)
                            if a1 > C - dl * C:
                                a1 = C
                            elif a1 <= dl * C:
                                a1 = 0.0
                            for i, a in ((i1, a1), (i2, a2)):
                                if 0 < a < C:
                                    if i not in I0:
                                        I0.insert(0, i)
                                elif i in I0:
                                    I0.remove(i)
                            mult1, mult2 = y1 * (a1 - alph1), y2 * (a2 - alph2)
                            for k in nz[i1]:
                                w[k] += mult1 * Z[i1, k]
                            for k in nz[i2]:
                                w[k] += mult2 * Z[i2, k]
                            for j in I0:
                                if j != i1 and j != i2:
                                    errors[j] += mult1 * kern(i1, j) + mult2 * kern(i2, j)
                            errors[i1] += mult1 * k11 + mult2 * k12
                            errors[i2] += mult1 * k12 + mult2 * k22
                            alpha[i1], alpha[i2] = a1, a2
                            bLow, bUp, iLow, iUp = -1.7976931348623157e308, 1.7976931348623157e308, -1, -1
                            for j in I0:
                                if errors[j] < bUp:
                                    bUp, iUp = errors[j], j
                                if errors[j] > bLow:
                                    bLow, iLow = errors[j], j
                            for i in (i1, i2):
                                if i not in I0:
                                    if (yy[i] == 1.0 and alpha[i] == C) or (yy[i] == -1.0 and alpha[i] == 0.0):
                                        if errors[i] > bLow:
                                            bLow, iLow = errors[i], i
                                    elif errors[i] < bUp:
                                        bUp, iUp = errors[i], i
                            changed = True
                            steps += 1
            if changed:
                numChanged += 1
            if not examineAll and bUp > bLow - 2 * tol:
                numChanged = 0
                break
        if examineAll:
            examineAll = False
        elif numChanged == 0:
            examineAll = True
    return w, (bLow + bUp) / 2.0, steps


def _binary_problem(seed, nominal):
    """Training rows after the filters and +-1 labels with permuted-like (random) labels: many
    non-bound multipliers; nominal rows with few values repeat, so errors tie exactly."""
    rng = np.random.default_rng(seed)
    n = 70
    if nominal:
        X = rng.integers(0, 3, size=(n, 4)).astype(float)
        spec = AttributeSpec((3, 3, 2, 3))
        X[:, 2] %= 2
    else:
        X = np.column_stack([rng.normal(size=n), rng.integers(0, 3, n), rng.random(n)])
        spec = AttributeSpec((0, 3, 0))
    Z = smo._Filters(X, spec).Z
    return Z, np.where(rng.random(n) < 0.5, -1.0, 1.0), spec


def _run_binary(Z, yy, G, gi, dense_min, dense_fraction):
    rows = np.arange(len(yy), dtype=np.int64)
    ptr, idx, val = smo._nonzeros(Z, rows)
    w = np.zeros(Z.shape[1])
    stats = np.zeros(smo.N_STATS, dtype=np.int64)
    b = smo._binary_smo(
        Z, ptr, idx, val, yy, 1.0, smo.TOL, smo.EPS, smo.DEL, w, stats, G, gi, dense_min, dense_fraction
    )
    return w, b, stats


@pytest.mark.parametrize("nominal", [True, False])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_binary_smo_equals_literal_weka(seed, nominal):
    # every error-cache form -- kernel values on the fly, Gram rows gathered for I0's members
    # only, whole spans of Gram rows -- and a Gram matrix with foreign rows in between (the
    # whole data set's, grouped by class) must give Weka's weights, bias and number of steps
    Z, yy, spec = _binary_problem(seed, nominal)
    n = len(yy)
    w_ref, b_ref, steps_ref = _weka_binary_smo(Z, yy)
    assert steps_ref > 20
    rng = np.random.default_rng(seed + 10)
    Zbig = np.vstack([Z, Z[rng.integers(0, n, 40)] * 0.5])  # 40 rows foreign to this pair
    order = rng.permutation(len(Zbig))
    gbig = np.empty(len(Zbig), dtype=np.int64)
    gbig[order] = np.arange(len(Zbig))
    Gbig = smo._gram(Zbig[order])
    for G, gi in (
        (smo._NO_GRAM, np.arange(n, dtype=np.int64)),
        (smo._gram(Z), np.arange(n, dtype=np.int64)),
        (Gbig, gbig[:n]),
    ):
        for dense_min, fraction in ((0, 0.0), (10**9, 2.0), (smo.DENSE_MIN_MEMBERS, smo.FULL_ROWS_FRACTION)):
            w, b, stats = _run_binary(Z, yy, G, gi, dense_min, fraction)
            np.testing.assert_array_equal(w, w_ref)
            assert b == b_ref and stats[0] == steps_ref


def _linked_list_select(order, errors):
    """Weka's recomputation of b_up / b_low: walk the SMOset from its front, strict
    comparisons from +-Double.MAX_VALUE."""
    bUp, bLow, iUp, iLow = 1.7976931348623157e308, -1.7976931348623157e308, -1, -1
    for j in order:
        if errors[j] < bUp:
            bUp, iUp = errors[j], j
        if errors[j] > bLow:
            bLow, iLow = errors[j], j
    return bUp, iUp, bLow, iLow


def test_dense_i0_selects_what_the_linked_list_walk_selects():
    # random inserts and deletes into I0 with errors drawn from few values (exact ties,
    # -0.0 and 0.0, +-MAX_VALUE): the stamp order must reproduce the list order, by the
    # member loop (_update_i0_gram, adding -0.0 * 0 + -0.0 * 0 = -0.0, which keeps every value) and
    # by whole-array passes (_update_select_dense, _dense_step's merge of two spans; both add
    # -0.0 * 0 + -0.0 * 0 = -0.0, which keeps every value)
    rng = np.random.default_rng(5)
    n = 150  # more than two chunks of _update_select_dense
    values = np.array([-1.7976931348623157e308, -2.5, -0.0, 0.0, 1e-300, 0.75, 0.75, 3.0, 1.7976931348623157e308])
    gi = rng.permutation(n).astype(np.int64)  # row -> Gram row
    mem = np.empty(n, dtype=np.int64)
    memg = np.empty(n, dtype=np.int64)
    mstamp = np.empty(n, dtype=np.int64)
    keys = np.empty(n, dtype=np.int64)
    pos = np.full(n, -1, dtype=np.int64)
    stamp = np.zeros(n, dtype=np.int64)
    stampg = np.zeros(n, dtype=np.int64)
    inset = np.zeros(n, dtype=np.int8)
    sizes = np.zeros(2, dtype=np.int64)
    zero_rows = np.zeros((n + 2, n), dtype=np.int8)  # Gram rows n, n + 1: the step's rows
    chunk_min = np.empty(n // smo._KEY_CHUNK + 1, dtype=np.int64)
    chunk_max = np.empty_like(chunk_min)
    order = []  # the SMOset, front first
    list_order_mattered = 0
    for _ in range(3000):
        i = int(rng.integers(n))
        if rng.random() < 0.6:
            if pos[i] < 0:  # inserting a member is a no-op
                smo._i0_add(i, gi[i], mem, memg, mstamp, pos, stamp, stampg, inset, sizes)
            if i not in order:
                order.insert(0, i)
        else:
            if pos[i] >= 0:
                smo._i0_remove(i, mem, memg, mstamp, pos, inset, sizes)
            if i in order:
                order.remove(i)
        errors = values[rng.integers(0, len(values), n)]
        errors_g = np.empty(n)
        errors_g[gi] = errors
        cnt = int(sizes[0])
        assert cnt == len(order) and sorted(mem[:cnt]) == sorted(order)
        row_of = np.argsort(gi)
        expect = _linked_list_select(order, errors)
        # the member loop leaves out the step's own rows (slots s1, s2; -1: not members)
        s1, s2 = (int(rng.integers(-1, cnt)) if cnt else -1 for _ in range(2))
        stepped = {int(mem[s]) for s in (s1, s2) if s >= 0}
        expect_others = _linked_list_select([j for j in order if j not in stepped], errors)
        updated = errors_g.copy()
        got = smo._walk_start(
            updated, *smo._update_i0_gram(updated, memg, mstamp, cnt, zero_rows, n, n + 1, -0.0, -0.0, s1, s2, keys)
        )
        assert np.array_equal(updated.view(np.int64), errors_g.view(np.int64))
        assert [row_of[g] if g >= 0 else -1 for g in got] == [expect_others[1], expect_others[3]]
        for g, value in zip(got, expect_others[::2]):  # b_up, b_low: the member's own double
            if g >= 0:
                assert np.float64(updated[g]).view(np.int64) == np.float64(value).view(np.int64)
        for spans in (np.array([[0, n], [0, 0]]), np.array([[0, 17], [17, n]]), np.array([[23, n], [0, 23]])):
            gUp = gLow = -1
            for lo, hi in spans:
                if hi > lo:
                    u, v = smo._update_select_dense(
                        errors_g, zero_rows, n, n + 1, lo, hi, -0.0, -0.0, inset, stampg, chunk_min, chunk_max
                    )
                    gUp = smo._later_extreme(errors_g, stampg, gUp, u, True)
                    gLow = smo._later_extreme(errors_g, stampg, gLow, v, False)
            gUp, gLow = smo._walk_start(errors_g, gUp, gLow)
            assert (row_of[gUp] if gUp >= 0 else -1) == expect[1]
            assert (row_of[gLow] if gLow >= 0 else -1) == expect[3]
            assert np.array_equal(errors_g[gi].view(np.int64), errors.view(np.int64))  # + -0.0: unchanged
        tied_up = [j for j in order if errors[j] == expect[0]]
        list_order_mattered += len(tied_up) > 1 and tied_up[0] != max(tied_up) and tied_up[0] != min(tied_up)
    assert list_order_mattered > 50  # ties whose winner is neither the lowest nor highest row


def test_order_key_orders_like_the_doubles():
    rng = np.random.default_rng(2)
    special = [
        0.0,
        -0.0,
        5e-324,
        -5e-324,
        2.2250738585072014e-308,
        -1e-300,
        1.0,
        -1.0,
        1.7976931348623157e308,
        -1.7976931348623157e308,
        np.inf,
        -np.inf,
    ]
    x = np.concatenate([special, rng.normal(size=200) * 10.0 ** rng.integers(-300, 300, 200)])
    keys = np.array([smo._order_key(v) for v in x])
    for a in range(len(x)):
        assert np.array_equal(keys[a] < keys, x[a] < x)
        assert np.array_equal(keys[a] == keys, x[a] == x)


def test_gram_forms_are_exact():
    rng = np.random.default_rng(8)
    # nominal data through the filters: one-hot counting (int8) equals float64 dot products
    X = rng.integers(0, 5, size=(300, 6)).astype(float)
    X[:, 1] %= 2
    X[rng.random(X.shape) < 0.05] = np.nan
    X[:, 4] = 3.0  # a constant attribute: its indicator columns are 0 after Normalize
    f = smo._Filters(X, AttributeSpec((5, 2, 5, 5, 5, 5)))
    exact = f.Z @ f.Z.T  # small integers: any summation order is exact
    assert smo._one_hot_codes(f.Z, f.start) is not None
    for G in (smo._gram(f.Z, f.start), smo._gram(f.Z)):  # counting, BLAS
        assert G.dtype == np.int8
        np.testing.assert_array_equal(G, exact)
    # into reused memory (holding another matrix's values): every entry is written
    buffer = smo._GramBuffer()
    buffer(400, np.int8)[:] = 99
    buffer(400, np.float64)[:] = np.nan
    np.testing.assert_array_equal(smo._gram(f.Z, f.start, buffer), exact)
    np.testing.assert_array_equal(smo._gram(f.Z[:, :3] * 0.5, None, buffer), f.Z[:, :3] @ f.Z[:, :3].T / 4)
    # not one block-wise one-hot, or too many blocks: the BLAS path
    assert smo._one_hot_codes(f.Z, np.arange(0, f.d, 2)) is None
    assert smo._one_hot_codes(np.ones((3, 200)), np.arange(200)) is None
    assert smo._gram(np.full((4, 200), 1.0)).dtype == np.int16  # sums up to 200
    # real values: float64 summed in attribute order, the doubles of _kdot
    Zr = rng.normal(size=(50, 7)) * (rng.random((50, 7)) < 0.7)
    G = smo._gram(Zr)
    rows = np.arange(50, dtype=np.int64)
    ptr, idx, _ = smo._nonzeros(Zr, rows)
    direct = np.array([[smo._kdot(Zr, i, ptr, idx, j) for j in range(50)] for i in range(50)])
    assert G.dtype == np.float64
    np.testing.assert_array_equal(G.view(np.int64), direct.view(np.int64))


def test_class_spans_and_regrouped_gram():
    y = np.array([2, 0, 1, 2, 0, 1, 1, 2])
    order, gidx = smo._class_order(y, 3)
    np.testing.assert_array_equal(y[order], [0, 0, 1, 1, 1, 2, 2, 2])
    np.testing.assert_array_equal(order[gidx], np.arange(8))
    G = np.arange(64, dtype=np.int8).reshape(8, 8)
    out = np.full((8, 8), -1, dtype=np.int8)
    np.testing.assert_array_equal(smo._permuted_gram(G, order, out), G[order][:, order])
    # pair (0, 2): two spans; pair (0, 1): one merged span; rows of one class only
    rows02 = np.flatnonzero(y != 1)
    np.testing.assert_array_equal(smo._class_spans(gidx[rows02], np.where(y[rows02] == 0, -1.0, 1.0)), [[0, 2], [5, 8]])
    rows01 = np.flatnonzero(y != 2)
    np.testing.assert_array_equal(smo._class_spans(gidx[rows01], np.where(y[rows01] == 0, -1.0, 1.0)), [[0, 5], [0, 0]])
    assert smo._class_order(y, 2)[0].tolist() == list(range(8))  # two classes: data order


def test_cv_outputs_are_the_fold_models_outputs():
    X, y, spec = _data(3)
    folds = np.arange(len(y)) % 4
    out = np.full((1, len(y), 3), np.nan)
    e = smo_cv_errors(X, y, folds, spec, perms=np.arange(len(y))[None], n_classes=3, outputs=out)
    for f in range(4):
        te = folds == f
        m = SMO(spec, n_classes=3).fit(X[~te], y[~te])
        np.testing.assert_array_equal(out[0, te], m.decision_function(X[te]))
    assert e[0] == _refit_error(X, y, spec, folds, 3)


# --------------------------------------------------------------------------------------
# Narrow Gram matrices and Test 1's folds grouped by normalisation, against the plain path
# --------------------------------------------------------------------------------------
def _cv_outputs(X, y, spec, folds, perms=None, idx=None):
    K = int(y.max()) + 1
    out = np.full((len(folds), len(y), K * (K - 1) // 2), np.nan)
    err = smo_cv_errors(X, y, folds, spec, perms=perms, idx=idx, n_classes=K, outputs=out)
    return err, out


def _assert_equal_to_plain_path(monkeypatch, X, y, spec, folds, perms=None, idx=None):
    """smo_cv_errors with its Gram matrices (narrow types, the whole data's, the grouped folds')
    against the plain path, no Gram matrix anywhere (every kernel value summed in attribute
    order on the fly, CachedKernel.dotProd): the same outputs bit for bit, the same errors."""
    fast = _cv_outputs(X, y, spec, folds, perms, idx)
    with monkeypatch.context() as plain_path:
        plain_path.setattr(smo, "GRAM_BYTES", 0)  # _gram gives _NO_GRAM
        plain = _cv_outputs(X, y, spec, folds, perms, idx)
    np.testing.assert_array_equal(fast[0], plain[0])
    assert not np.isnan(fast[1]).any()
    np.testing.assert_array_equal(fast[1].view(np.int64), plain[1].view(np.int64))


def _recorded_keys(monkeypatch):
    """The normalisation keys of Test 1's deferred folds, as smo_cv_errors computes them."""
    keys = []
    key_of = smo._normalisation_key

    def recording(filters, X):
        keys.append(key_of(filters, X))
        return keys[-1]

    monkeypatch.setattr(smo, "_normalisation_key", recording)
    return keys


def _within_class_idx(rng, y, m, k):
    """Test 2 draws: per randomised data set and column, a permutation within each class."""
    idx = np.empty((k, len(y), m), dtype=np.int64)
    for b in range(k):
        for j in range(m):
            for c in np.unique(y):
                rows = np.flatnonzero(y == c)
                idx[b, rows, j] = rng.permutation(rows)
    return idx


@needs_mirror
@pytest.mark.parametrize(
    "name, rows, gram_dtype", [("splice", 250, np.int8), ("mushroom", 500, np.int8), ("segment-weka", 600, np.float64)]
)
def test_narrow_grams_and_grouped_folds_equal_the_plain_path_on_mirror_data(monkeypatch, name, rows, gram_dtype):
    ds = datasets.get(name)
    data = datasets.load_files(ds, {f.path: MIRROR / f.path for f in ds.files})
    rng = np.random.default_rng(3)
    keep = np.sort(rng.choice(len(data.y), rows, replace=False))
    X, y, spec = data.X[keep], np.asarray(data.y, dtype=np.int64)[keep], data.spec
    filters = smo._Filters(X, spec)
    assert smo._gram(filters.Z, filters.start).dtype == gram_dtype
    k = 4
    folds = np.array([rng.permutation(np.arange(rows) % 10) for _ in range(k)])
    keys = _recorded_keys(monkeypatch)
    perms = np.array([rng.permutation(rows) for _ in range(k)])
    _assert_equal_to_plain_path(monkeypatch, X, y, spec, folds, perms=perms)
    shared = max(keys.count(key) for key in keys)
    assert shared > 1  # some folds of different permutations share a normalisation
    idx = _within_class_idx(rng, y, X.shape[1], 2)
    _assert_equal_to_plain_path(monkeypatch, X, y, spec, folds[:2], idx=idx)


@needs_mirror
def test_kernel_values_on_the_fly_equal_the_gram_path_on_mirror_data(monkeypatch):
    # Weka's Segment: real values in general position; forced on the fly at 600 rows (the rule
    # picks it from 1,280), the same outputs bit for bit as with its Gram matrices, both tests
    ds = datasets.get("segment-weka")
    data = datasets.load_files(ds, {f.path: MIRROR / f.path for f in ds.files})
    rng = np.random.default_rng(5)
    keep = np.sort(rng.choice(len(data.y), 600, replace=False))
    X, y, spec = data.X[keep], np.asarray(data.y, dtype=np.int64)[keep], data.spec
    assert not smo.kernel_on_the_fly(smo._Filters(X, spec).Z)
    assert smo.kernel_on_the_fly(smo._Filters(data.X, spec).Z)
    folds = np.array([rng.permutation(np.arange(600) % 10) for _ in range(2)])
    perms = np.array([rng.permutation(600) for _ in range(2)])
    idx = _within_class_idx(rng, y, X.shape[1], 2)
    gram = _cv_outputs(X, y, spec, folds, perms=perms), _cv_outputs(X, y, spec, folds, idx=idx)
    monkeypatch.setattr(smo, "ON_THE_FLY_ROWS_PER_COLUMN", 1)
    assert smo.kernel_on_the_fly(smo._Filters(X, spec).Z)
    grams_made = []
    monkeypatch.setattr(smo, "_gram", lambda *a, **k: grams_made.append(1))
    fly = _cv_outputs(X, y, spec, folds, perms=perms), _cv_outputs(X, y, spec, folds, idx=idx)
    assert not grams_made
    for (e_gram, out_gram), (e_fly, out_fly) in zip(gram, fly):
        np.testing.assert_array_equal(e_fly, e_gram)
        np.testing.assert_array_equal(out_fly.view(np.int64), out_gram.view(np.int64))


def test_kernel_on_the_fly_only_for_real_values_in_general_position_on_many_rows():
    rng = np.random.default_rng(0)
    real = rng.random((64 * 6, 5))
    assert smo.kernel_on_the_fly(real)
    assert not smo.kernel_on_the_fly(real[:-1])  # fewer than 64 rows per column + 1
    assert not smo.kernel_on_the_fly(np.round(real * 4) / 4)  # five values a column: ties
    assert not smo.kernel_on_the_fly(np.round(real * 100))  # integers: a narrow Gram matrix
    assert not smo.kernel_on_the_fly(np.empty((500, 0)))


def test_fit_chooses_kernel_values_on_the_fly_as_the_cv_does_with_the_same_model(monkeypatch):
    # a single fit applies the same rule as smo_cv_errors; the weights and outputs are the Gram
    # path's bit for bit
    rng = np.random.default_rng(3)
    X = rng.normal(size=(64 * 5, 4))
    y = (X[:, 0] + 0.5 * rng.normal(size=len(X)) > 0).astype(np.int64)
    spec = AttributeSpec.numeric(4)
    grams_made = []
    real_gram = smo._gram
    monkeypatch.setattr(smo, "_gram", lambda *a, **k: grams_made.append(1) or real_gram(*a, **k))
    fly = SMO(spec).fit(X, y)
    assert not grams_made
    monkeypatch.setattr(smo, "ON_THE_FLY_ROWS_PER_COLUMN", 10**6)
    gram = SMO(spec).fit(X, y)
    assert grams_made
    np.testing.assert_array_equal(fly.W_.view(np.int64), gram.W_.view(np.int64))
    np.testing.assert_array_equal(fly.decision_function(X).view(np.int64), gram.decision_function(X).view(np.int64))


def _rare_value_data(seed, numeric):
    """Three classes, permuted-like labels; a few rows hold extreme values (numeric: outliers;
    nominal: values no other row has), so that the folds holding them in their test part have
    their own normalisation, shared with the folds of other permutations holding the same rows.
    Nominal cells are sometimes missing (the imputed mode is part of the normalisation)."""
    rng = np.random.default_rng(seed)
    n = 150
    if numeric:
        X = np.round(rng.normal(size=(n, 3)), 2)
        X[[4, 9], 0] = [8.0, -7.5]
        X[17, 2] = 11.0
        spec = AttributeSpec.numeric(3)
    else:
        X = rng.integers(0, 3, size=(n, 4)).astype(float)
        X[[4, 9], 0] = 3.0
        X[17, 2] = 3.0
        X[rng.random((n, 4)) < 0.03] = np.nan
        spec = AttributeSpec((4, 3, 4, 3))
    return X, rng.integers(0, 3, n), spec


@pytest.mark.parametrize("numeric", [True, False])
def test_grouped_folds_equal_the_plain_path_and_refits(monkeypatch, numeric):
    # real values: the group's Gram matrix stays in data order; integer (nominal) values: it is
    # regrouped by each fold's classes; either must give the plain path's outputs and Weka's
    # fold-by-fold refits
    X, y, spec = _rare_value_data(7, numeric)
    n = len(y)
    rng = np.random.default_rng(8)
    k = 6
    folds = np.array([rng.permutation(np.arange(n) % 5) for _ in range(k)])
    perms = np.array([rng.permutation(n) for _ in range(k)])
    keys = _recorded_keys(monkeypatch)
    _assert_equal_to_plain_path(monkeypatch, X, y, spec, folds, perms=perms)
    assert max(keys.count(key) for key in keys) > 1
    # the branch taken: a shared matrix of real values (data order) or of small integers
    train = folds[0] != folds[0][4]  # row 4's extreme value is not among the training rows
    filters = smo._Filters(X[train], spec)
    assert smo._gram(filters.transform(X), filters.start).dtype == (np.float64 if numeric else np.int8)
    errors = smo_cv_errors(X, y, folds[:2], spec, perms=perms[:2], n_classes=3)
    for b in range(2):
        assert errors[b] == _refit_error(X, y[perms[b]], spec, folds[b], 3)


@pytest.mark.parametrize(
    "large, dtype",
    [
        (None, np.int8),  # 0/1 values: |K(i, j)| <= 127
        (30.0, np.int16),
        (300.0, np.float32),  # integers whose partial sums stay below 2**24: float32 is exact
        (4097.0, np.float64),  # 4097**2 > 2**24 is odd: float32 would round it, so float64
        (0.5, np.float64),  # not integers
    ],
)
def test_gram_type_is_the_narrowest_exact_one_and_fits_equal_the_plain_path(large, dtype):
    # 0/1 rows, six of which hold one larger value (a badly scaled column would make SMO crawl)
    rng = np.random.default_rng(9)
    n, d = 90, 8
    Z = rng.integers(0, 2, size=(n, d)).astype(float)
    if large is not None:
        Z[rng.choice(n, 6, replace=False), 0] = large
    G = smo._gram(Z)
    assert G.dtype == dtype
    rows = np.arange(n, dtype=np.int64)
    ptr, idx, _ = smo._nonzeros(Z, rows)
    exact = np.array([[smo._kdot(Z, i, ptr, idx, j) for j in range(n)] for i in range(n)])
    np.testing.assert_array_equal(G.astype(np.float64).view(np.int64), exact.view(np.int64))
    if large == 4097.0:  # the fallback is needed: float32 cannot hold every kernel value here
        assert bool((exact.astype(np.float32).astype(np.float64) != exact).any())
    y = rng.integers(0, 3, n)
    args = (Z, y, 3, 1.0, smo.TOL, smo.EPS, smo.DEL, 1)
    dense = (smo.DENSE_MIN_MEMBERS, smo.FULL_ROWS_FRACTION)
    with_gram = smo._fit_pairs(*args, G, rows, *dense)
    plain = smo._fit_pairs(*args, smo._NO_GRAM, rows, *dense)
    for u, v in zip(with_gram, plain):
        np.testing.assert_array_equal(u, v)


def test_cv_stats_are_the_fold_fits_counters():
    # smo_cv_errors(stats=) adds up the counters of every fold's pairwise machines; the counters
    # are consistent: dense steps are steps, their members are Weka's member updates
    X, y, spec = _data(4, n=80)
    folds = np.arange(len(y)) % 4
    stats = np.zeros(smo.N_STATS, dtype=np.int64)
    smo_cv_errors(X, y, folds, spec, perms=np.arange(len(y))[None], n_classes=3, stats=stats)
    expect = sum(SMO(spec, n_classes=3).fit(X[folds != f], y[folds != f]).stats_.sum(axis=0) for f in range(4))
    np.testing.assert_array_equal(stats, expect)
    c = dict(zip(smo.STATS, stats))
    assert c["steps"] > 0 and c["examines"] >= c["steps"] and c["dense_steps"] <= c["steps"]
    assert c["dense_members"] <= c["member_updates"] and c["dense_members"] <= c["dense_rows"]
    assert c["i0_changes"] <= 2 * c["steps"]

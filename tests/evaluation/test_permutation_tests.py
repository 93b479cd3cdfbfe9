"""Tests for lib.evaluation.permutation_tests (Ojala & Garriga 2009, Sec. II-III): the randomisations,
the p-value and the folds of the randomised data sets, the p-value's behaviour with the 1-NN and naive
Bayes engines (their exactness is tested in tests/models/), and Table I's toy data of
lib.studies.permutation."""

from __future__ import annotations

import numpy as np
import pytest

from lib.data.attributes import AttributeSpec
from lib.evaluation import permutation_tests as pm
from lib.evaluation import sampling
from lib.models import nb_engine, nn1_engine
from lib.studies import permutation as toy


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
        e0 = nn1_engine.nn1_cv_errors_test1(X, y, folds, np.arange(n)[None])[0]
        e = nn1_engine.nn1_cv_errors_test1(X, y, folds, perms)
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
    e0 = nn1_engine.nn1_cv_errors_test1(X, y, folds, np.arange(n)[None])[0]
    assert e0 == 0.0
    assert pm.pvalue(e0, nn1_engine.nn1_cv_errors_test1(X, y, folds, perms)) == pytest.approx(1 / (k + 1))
    spec = AttributeSpec.numeric(2)
    e0nb = nb_engine.nb_cv_errors_test1(X, y, folds, np.arange(n)[None], spec)[0]
    assert e0nb == 0.0
    assert pm.pvalue(e0nb, nb_engine.nb_cv_errors_test1(X, y, folds, perms, spec)) == pytest.approx(1 / (k + 1))


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


def test_toy_table1_shuffled_is_reproducible_and_first_unchanged():
    """Table I with Weka's leave-one-out tie order: reproducible from the generator, and
    drawing its keys after the randomisations leaves the null samples of every rule the same
    randomised data sets (same Test 1 / Test 2 draws as "first")."""
    a = toy.table1(*toy.d1(), k=200, rng=rng(41), tie_rule="shuffled")
    b = toy.table1(*toy.d1(), k=200, rng=rng(41), tie_rule="shuffled")
    assert a == b
    assert a["t1_p"] < 0.02 and a["t2_p"] > 0.2 and a["t2_mean"] < 0.15
    assert 0.45 < a["t1_mean"] < 0.6

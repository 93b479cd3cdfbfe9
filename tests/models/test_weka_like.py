"""Tests for lib.models.weka_like: Weka 3.6 IBk/IB1 distance and ties, NaiveBayes (the refit-per-fold 1-NN
IBk1 of scripts/tools/reference_models.py is tested in tests/tools/test_reference_models.py)."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import norm

from lib.models import weka_like as wl
from tools import reference_models as rm  # scripts/ is on pytest's pythonpath

nan = np.nan


# ----------------------------------------------------------------------------- IBk distance
SPEC3 = wl.AttributeSpec((0, 3, 0))  # numeric, nominal with 3 values, numeric
TRAIN3 = np.array([[0.0, 0, 10], [5, 1, 20], [10, 2, nan]])


def test_ranges_ignore_missing_values():
    r = wl.weka_ranges(TRAIN3, SPEC3)
    assert r.lo[0] == 0 and r.width[0] == 10
    assert r.lo[2] == 10 and r.width[2] == 10


def test_ibk_distance_hand_worked_nominal_and_missing():
    r = wl.weka_ranges(TRAIN3, SPEC3)
    T = np.array([[2.0, 1, nan], [nan, nan, 13]])
    D = wl.ibk_sq_distances(T, TRAIN3, SPEC3, r)
    expected = np.array(
        [
            # t = (2, 1, ?): norm(2) = 0.2
            [
                0.2**2 + 1 + 1,  # A: (0.2-0)^2; 1 != 0; t missing, A present norm 0 -> 1-0 = 1
                0.3**2 + 0 + 1,  # B: (0.2-0.5)^2; equal; B present norm 1 -> 1
                0.8**2 + 1 + 1,
            ],  # C: (0.2-1)^2; 1 != 2; both missing -> 1
            # u = (?, ?, 13): norm(13) = 0.3
            [
                1 + 1 + 0.3**2,  # A: A norm 0 -> 1; nominal missing -> 1; (0.3-0)^2
                0.5**2 + 1 + 0.7**2,  # B: B norm 0.5 (not < 0.5) -> 0.5; 1; (0.3-1)^2
                1 + 1 + 0.7**2,
            ],  # C: C norm 1 -> 1; 1; C missing, u norm 0.3 -> 0.7
        ]
    )
    np.testing.assert_allclose(D, expected, rtol=0, atol=1e-12)
    # a row with a missing value is at distance > 0 from itself (Weka: both missing -> 1)
    assert wl.ibk_sq_distances(TRAIN3[2:], TRAIN3[2:], SPEC3, r)[0, 0] == 1.0


def test_constant_numeric_column_normalises_to_zero():
    spec = wl.AttributeSpec.numeric(1)
    X = np.array([[3.0], [3.0]])
    r = wl.weka_ranges(X, spec)
    D = wl.ibk_sq_distances(np.array([[7.0], [nan]]), X, spec, r)
    # width 0: norm() = 0 for every value (Weka) -> distance 0; missing vs present norm 0 -> 1
    np.testing.assert_array_equal(D, [[0.0, 0.0], [1.0, 1.0]])


def test_blas_encoding_equals_weka_distance_without_missing():
    r = np.random.default_rng(0)
    n = 40
    X = np.column_stack([r.normal(size=n), r.integers(0, 4, n), r.uniform(size=n) * 100, r.integers(0, 2, n)])
    spec = wl.AttributeSpec((0, 4, 0, 2))
    rg = wl.weka_ranges(X[:30], spec)
    Z, groups = wl.encode_for_blas(X, spec, rg)
    assert Z.shape == (n, 1 + 4 + 1 + 2)
    assert list(groups) == [0, 1, 1, 1, 1, 2, 3, 3]
    np.testing.assert_allclose(
        wl.sq_euclidean(Z[30:], Z[:30]), wl.ibk_sq_distances(X[30:], X[:30], spec, rg), rtol=0, atol=1e-12
    )
    # one nominal mismatch contributes exactly 1 (two one-hot entries of 1/sqrt 2)
    a = np.array([[0.0, 1, 0, 0]])
    b = np.array([[0.0, 2, 0, 0]])
    za, _ = wl.encode_for_blas(a, spec, rg)
    zb, _ = wl.encode_for_blas(b, spec, rg)
    assert wl.sq_euclidean(za, zb)[0, 0] == pytest.approx(1.0, abs=1e-15)
    with pytest.raises(ValueError):
        wl.encode_for_blas(np.array([[nan, 0, 0, 0]]), spec, rg)


# ----------------------------------------------------------------------------- naive Bayes
def test_nb_precision_hand_cases():
    X = np.array([[3.0, 5, nan], [1, 5, nan], [1, 5, nan], [nan, 5, nan], [2, 5, nan], [7, 5, nan]])
    p = wl.nb_precision(X)
    # col0: distinct 1,2,3,7 -> (1+1+4)/3 = 2; col1 single value -> 0.01; all missing -> 0.01
    np.testing.assert_allclose(p, [2.0, 0.01, 0.01])
    assert wl.weka_round(2.5, 1.0) == 2.0 and wl.weka_round(3.5, 1.0) == 4.0  # half to even


def _nb_toy():
    X = np.array([[1.0, 0], [2, 0], [3, 1], [4, 1], [6, nan]])
    y = np.array([0, 0, 0, 1, 1])
    spec = wl.AttributeSpec((0, 2))
    return X, y, spec


def test_nb_parameters_hand_computed():
    X, y, spec = _nb_toy()
    m = wl.nb_fit(X, y, spec, 2)
    # precision: distinct 1,2,3,4,6 -> 5/4 = 1.25; rounded class 0: 1.25, 2.5, 2.5; class 1: 3.75, 6.25
    np.testing.assert_allclose(m.precision, [1.25])
    mu0 = 6.25 / 3
    sd0 = np.sqrt(abs(14.0625 - mu0 * 6.25) / 3)
    np.testing.assert_allclose(m.mean[:, 0], [mu0, 5.0])
    np.testing.assert_allclose(m.std[:, 0], [sd0, 1.25])
    np.testing.assert_allclose(np.exp(m.log_prior), [4 / 7, 3 / 7])
    # Laplace: class 0 values 0,0,1 -> 3/5, 2/5; class 1 values 1 (missing skipped) -> 1/3, 2/3
    np.testing.assert_allclose(np.exp(m.log_cond), [[3 / 5, 2 / 5], [1 / 3, 2 / 3]])


def test_nb_posteriors_hand_computed():
    X, y, spec = _nb_toy()
    nb = wl.NaiveBayesWeka(spec, 2).fit(X, y)
    mu0, sd0 = 6.25 / 3, np.sqrt(abs(14.0625 - 6.25 / 3 * 6.25) / 3)
    mu1, sd1 = 5.0, 1.25
    p, xr = 1.25, 3.75  # 3.3 rounds to 3 * 1.25
    lik0 = norm.cdf((xr - mu0 + p / 2) / sd0) - norm.cdf((xr - mu0 - p / 2) / sd0)
    lik1 = norm.cdf((xr - mu1 + p / 2) / sd1) - norm.cdf((xr - mu1 - p / 2) / sd1)
    j0 = 4 / 7 * lik0 * 3 / 5
    j1 = 3 / 7 * lik1 * 1 / 3
    post = nb.predict_proba(np.array([[3.3, 0], [nan, 1]]))
    np.testing.assert_allclose(post[0], [j0 / (j0 + j1), j1 / (j0 + j1)], rtol=1e-10)
    # missing numeric value: prior x nominal only
    a, b = 4 / 7 * 2 / 5, 3 / 7 * 2 / 3
    np.testing.assert_allclose(post[1], [a / (a + b), b / (a + b)], rtol=1e-12)


def test_nb_interval_probability_floor_is_weka_not_density():
    X, y, spec = _nb_toy()
    nb = wl.NaiveBayesWeka(spec, 2).fit(X, y)
    # x = 100 is > 70 sd from both means: both interval probabilities are 0 -> floored at 1e-75
    # for both classes, so prior x nominal decides (class 0), whereas a Gaussian-density naive
    # Bayes would pick the wider class 1.
    post = nb.predict_proba(np.array([[100.0, 0]]))[0]
    a, b = 4 / 7 * 3 / 5, 3 / 7 * 1 / 3
    np.testing.assert_allclose(post, [a / (a + b), b / (a + b)], rtol=1e-12)
    assert nb.predict(np.array([[100.0, 0]]))[0] == 0


def test_nb_std_floor_single_value_class():
    X = np.array([[0.0], [1.0], [1.0], [3.0]])
    y = np.array([0, 0, 1, 1])
    m = wl.nb_fit(X, y, wl.AttributeSpec.numeric(1), 2)
    # precision: distinct 0,1,3 -> 3/2 = 1.5; class 0 rounded: 0, 1.5 -> sd 0.75
    np.testing.assert_allclose(m.std[:, 0], [0.75, 0.75])
    X2 = np.array([[0.0], [0.0], [1.0], [2.0]])
    m2 = wl.nb_fit(X2, y, wl.AttributeSpec.numeric(1), 2)
    # precision 1; class 0 has a single distinct value -> sd = precision / 6
    np.testing.assert_allclose(m2.std[0, 0], 1 / 6)


def test_nb_batched_equals_unbatched():
    r = np.random.default_rng(3)
    X = np.column_stack([r.normal(size=30), r.integers(0, 3, 30)]).astype(float)
    spec = wl.AttributeSpec((0, 3))
    Ys = r.integers(0, 2, (4, 30))
    Yoh = (Ys[..., None] == np.arange(2)).astype(float)
    mb = wl.nb_fit_weighted(X, Yoh, spec, precision=wl.nb_precision(X, spec))
    lj = wl.nb_log_joint(mb, X)
    for b in range(4):
        np.testing.assert_allclose(lj[b], wl.nb_log_joint(wl.nb_fit(X, Ys[b], spec, 2), X), rtol=1e-12)


# ----------------------------------------------------------------------------- 1-NN "shuffled" ties
def test_shuffled_ties_are_uniform():
    """A test row with 5 tied nearest neighbours (classes 0..4) among 8 training rows: over
    N fresh training orders (IBk1's own draws, and TieKeys per randomisation) each neighbour
    wins N/5 times. Chi-square with 4 degrees of freedom at alpha = 0.001 (critical 18.47); a
    rule biased to the lowest index gives chi2 = 4 N."""
    from scipy import stats

    spec = wl.AttributeSpec.numeric(1)
    Xtr = np.array([[1.0], [3.0], [1.0], [1.0], [5.0], [1.0], [1.0], [9.0]])  # rows 0,2,3,5,6 at 1
    tied = np.array([0, 2, 3, 5, 6])
    ytr = np.zeros(8, dtype=int)
    ytr[tied] = np.arange(5)  # the winner's class names the winning row
    N = 5000
    crit = stats.chi2.ppf(1 - 0.001, df=4)
    # (a) IBk1 drawing a fresh order at every fit, as Weka does per fold
    m = rm.IBk1(spec, 5, tie_rule="shuffled", range_mode="train", rng=np.random.default_rng(1))
    wins = np.bincount([m.fit(Xtr, ytr).predict([[1.0]])[0] for _ in range(N)], minlength=5)
    assert stats.chisquare(wins).statistic < crit, wins
    # (b) the engines' keys: TieKeys blocks, one order per (randomisation, fold)
    K = wl.TieKeys([7, 7], 2, 8).block(0, N)  # (N, 2, 8)
    D = np.where(np.isin(np.arange(8), tied), 0.0, 1.0)[None, None, :].repeat(N, 0)
    pred = wl.nn1_from_sqdist(D, ytr, 5, "shuffled", keys=K[:, 1][:, None, :])[:, 0]
    wins = np.bincount(pred, minlength=5)
    assert stats.chisquare(wins).statistic < crit, wins
    # "first" always takes the lowest index (class 0): the maximal bias the test rejects
    first = np.bincount(wl.nn1_from_sqdist(D[:50], ytr, 5, "first")[:, 0], minlength=5)
    assert first[0] == 50


def test_shuffled_needs_keys():
    with pytest.raises(ValueError, match="keys"):
        wl.nn1_from_sqdist(np.zeros((1, 2)), [0, 1], 2, "shuffled")
    with pytest.raises(ValueError, match="tie_rule"):
        wl.nn1_from_sqdist(np.zeros((1, 2)), [0, 1], 2, "random")


def test_tie_keys_depend_on_entropy_and_randomisation_only():
    tk = wl.TieKeys([1, 2, 3], 4, 25)
    full = tk.block(0, 12)
    assert full.shape == (12, 4, 25) and full.dtype == np.int32
    assert (np.sort(full, axis=2) == np.arange(25)).all()  # each (r, fold) a permutation
    np.testing.assert_array_equal(np.concatenate([tk.block(0, 5), tk.block(5, 9), tk.block(9, 12)]), full)
    np.testing.assert_array_equal(wl.TieKeys([1, 2, 3], 4, 25).block(7, 8)[0], full[7])
    assert not np.array_equal(wl.TieKeys([1, 2, 4], 4, 25).block(0, 1), full[:1])
    # from a generator: four draws become the entropy, reproducibly
    a = wl.TieKeys(np.random.default_rng(5), 4, 25)
    b = wl.TieKeys(np.random.default_rng(5), 4, 25)
    assert a.entropy == b.entropy and len(a.entropy) == 4
    np.testing.assert_array_equal(wl.key_block(full, 3, 6), full[3:6])
    np.testing.assert_array_equal(wl.key_block(full[0], 3, 6), np.broadcast_to(full[0], (3, 4, 25)))

"""Tests for lib.models.nn1: Weka 3.6 IBk/IB1 distance, its BLAS forms, and the tie rules (the
refit-per-fold 1-NN IBk1 of scripts/tools/reference_models.py is tested in
tests/tools/test_reference_models.py)."""

from __future__ import annotations

import numpy as np
import pytest

from lib.data.attributes import AttributeSpec
from lib.models import nn1
from tools import reference_models as rm  # scripts/ is on pytest's pythonpath

nan = np.nan

# ----------------------------------------------------------------------------- IBk distance
SPEC3 = AttributeSpec((0, 3, 0))  # numeric, nominal with 3 values, numeric
TRAIN3 = np.array([[0.0, 0, 10], [5, 1, 20], [10, 2, nan]])


def test_ranges_ignore_missing_values():
    r = nn1.weka_ranges(TRAIN3, SPEC3)
    assert r.lo[0] == 0 and r.width[0] == 10
    assert r.lo[2] == 10 and r.width[2] == 10


def test_ibk_distance_hand_worked_nominal_and_missing():
    r = nn1.weka_ranges(TRAIN3, SPEC3)
    T = np.array([[2.0, 1, nan], [nan, nan, 13]])
    D = nn1.ibk_sq_distances(T, TRAIN3, SPEC3, r)
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
    assert nn1.ibk_sq_distances(TRAIN3[2:], TRAIN3[2:], SPEC3, r)[0, 0] == 1.0


def test_constant_numeric_column_normalises_to_zero():
    spec = AttributeSpec.numeric(1)
    X = np.array([[3.0], [3.0]])
    r = nn1.weka_ranges(X, spec)
    D = nn1.ibk_sq_distances(np.array([[7.0], [nan]]), X, spec, r)
    # width 0: norm() = 0 for every value (Weka) -> distance 0; missing vs present norm 0 -> 1
    np.testing.assert_array_equal(D, [[0.0, 0.0], [1.0, 1.0]])


def test_blas_encoding_equals_weka_distance_without_missing():
    r = np.random.default_rng(0)
    n = 40
    X = np.column_stack([r.normal(size=n), r.integers(0, 4, n), r.uniform(size=n) * 100, r.integers(0, 2, n)])
    spec = AttributeSpec((0, 4, 0, 2))
    rg = nn1.weka_ranges(X[:30], spec)
    Z, groups = nn1.encode_for_blas(X, spec, rg)
    assert Z.shape == (n, 1 + 4 + 1 + 2)
    assert list(groups) == [0, 1, 1, 1, 1, 2, 3, 3]
    np.testing.assert_allclose(
        nn1.sq_euclidean(Z[30:], Z[:30]), nn1.ibk_sq_distances(X[30:], X[:30], spec, rg), rtol=0, atol=1e-12
    )
    # one nominal mismatch contributes exactly 1 (two one-hot entries of 1/sqrt 2)
    a = np.array([[0.0, 1, 0, 0]])
    b = np.array([[0.0, 2, 0, 0]])
    za, _ = nn1.encode_for_blas(a, spec, rg)
    zb, _ = nn1.encode_for_blas(b, spec, rg)
    assert nn1.sq_euclidean(za, zb)[0, 0] == pytest.approx(1.0, abs=1e-15)
    with pytest.raises(ValueError):
        nn1.encode_for_blas(np.array([[nan, 0, 0, 0]]), spec, rg)


def test_blas_form_with_missing_nominal_equals_weka_distance():
    r = np.random.default_rng(16)
    X = np.column_stack([r.normal(size=30), r.integers(0, 4, 30)]).astype(float)
    X[r.uniform(size=30) < 0.3, 1] = np.nan
    spec = AttributeSpec((0, 4))
    ranges = nn1.weka_ranges(X, spec)
    rows = np.arange(30)
    np.testing.assert_allclose(
        nn1.ibk_sqdist_fn(X, spec, ranges)(rows, rows), nn1.ibk_sq_distances(X, X, spec, ranges), atol=1e-12
    )
    X[0, 0] = np.nan
    with pytest.raises(ValueError, match="numeric"):
        nn1.encode_for_blas_nominal_missing(X, spec, ranges)


# ----------------------------------------------------------------------------- 1-NN "shuffled" ties
def test_shuffled_ties_are_uniform():
    """A test row with 5 tied nearest neighbours (classes 0..4) among 8 training rows: over
    N fresh training orders (IBk1's own draws, and TieKeys per randomisation) each neighbour
    wins N/5 times. Chi-square with 4 degrees of freedom at alpha = 0.001 (critical 18.47); a
    rule biased to the lowest index gives chi2 = 4 N."""
    from scipy import stats

    spec = AttributeSpec.numeric(1)
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
    K = nn1.TieKeys([7, 7], 2, 8).block(0, N)  # (N, 2, 8)
    D = np.where(np.isin(np.arange(8), tied), 0.0, 1.0)[None, None, :].repeat(N, 0)
    pred = nn1.nn1_from_sqdist(D, ytr, 5, "shuffled", keys=K[:, 1][:, None, :])[:, 0]
    wins = np.bincount(pred, minlength=5)
    assert stats.chisquare(wins).statistic < crit, wins
    # "first" always takes the lowest index (class 0): the maximal bias the test rejects
    first = np.bincount(nn1.nn1_from_sqdist(D[:50], ytr, 5, "first")[:, 0], minlength=5)
    assert first[0] == 50


def test_shuffled_needs_keys():
    with pytest.raises(ValueError, match="keys"):
        nn1.nn1_from_sqdist(np.zeros((1, 2)), [0, 1], 2, "shuffled")
    with pytest.raises(ValueError, match="tie_rule"):
        nn1.nn1_from_sqdist(np.zeros((1, 2)), [0, 1], 2, "random")


def test_tie_keys_depend_on_entropy_and_randomisation_only():
    tk = nn1.TieKeys([1, 2, 3], 4, 25)
    full = tk.block(0, 12)
    assert full.shape == (12, 4, 25) and full.dtype == np.int32
    assert (np.sort(full, axis=2) == np.arange(25)).all()  # each (r, fold) a permutation
    np.testing.assert_array_equal(np.concatenate([tk.block(0, 5), tk.block(5, 9), tk.block(9, 12)]), full)
    np.testing.assert_array_equal(nn1.TieKeys([1, 2, 3], 4, 25).block(7, 8)[0], full[7])
    assert not np.array_equal(nn1.TieKeys([1, 2, 4], 4, 25).block(0, 1), full[:1])
    # from a generator: four draws become the entropy, reproducibly
    a = nn1.TieKeys(np.random.default_rng(5), 4, 25)
    b = nn1.TieKeys(np.random.default_rng(5), 4, 25)
    assert a.entropy == b.entropy and len(a.entropy) == 4
    np.testing.assert_array_equal(nn1.key_block(full, 3, 6), full[3:6])
    np.testing.assert_array_equal(nn1.key_block(full[0], 3, 6), np.broadcast_to(full[0], (3, 4, 25)))

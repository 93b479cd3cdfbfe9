"""scripts/tools/reference_models.py: the refit-per-fold references the engine tests use as oracles
(Weka's 1-NN IBk1 with its sequential ranges and tie rules, the CV loop) and the one-hot input of
the scikit-learn baselines."""

from __future__ import annotations

import numpy as np
import pytest

from lib.data.attributes import AttributeSpec
from lib.evaluation import permutation_tests as pm
from lib.models import nn1
from tools import reference_models as rm  # scripts/ is on pytest's pythonpath

nan = np.nan
SPEC3 = AttributeSpec((0, 3, 0))  # numeric, nominal with 3 values, numeric
TRAIN3 = np.array([[0.0, 0, 10], [5, 1, 20], [10, 2, nan]])


# ----------------------------------------------------------------------------- CV loop
def test_cv_error_hand_case():
    # "predict the majority class of the training fold"
    def majority(Xtr, ytr, Xte):
        return np.full(len(Xte), np.bincount(ytr).argmax())

    y = np.array([0, 0, 0, 1, 1])
    X = np.zeros((5, 1))
    # leave-one-out: a held-out 0 leaves 2 zeros vs 2 ones -> argmax picks 0 (correct);
    # a held-out 1 leaves 3 zeros -> predicts 0 (wrong) -> error 2/5
    assert rm.cv_error(majority, X, y, pm.loo_folds(5)) == pytest.approx(0.4)
    errs = rm.cv_errors(majority, X, np.stack([y, 1 - y]), pm.loo_folds(5))
    # for 1 - y = [1,1,1,0,0]: a held-out 1 leaves 2:2 -> predicts 0 (wrong); a held-out 0 leaves
    # three 1s -> predicts 1 (wrong) -> error 1
    np.testing.assert_allclose(errs, [0.4, 1.0])


# ----------------------------------------------------------------------------- IBk1
def test_weka_sequential_ranges_hand_case():
    r = nn1.weka_ranges(TRAIN3, SPEC3)
    T = np.array([[12.0, 0, 5], [-3, 1, 15], [nan, 2, 30]])
    s = rm.weka_sequential_ranges(r, T)
    np.testing.assert_array_equal(s.lo[:, 0], [0, -3, -3])
    np.testing.assert_array_equal(s.width[:, 0], [12, 15, 15])
    np.testing.assert_array_equal(s.lo[:, 2], [5, 5, 5])
    np.testing.assert_array_equal(s.width[:, 2], [15, 15, 25])
    # IBk1 in "weka" mode uses those per-test-instance ranges
    m = rm.IBk1(SPEC3, 3, range_mode="weka").fit(TRAIN3, [0, 1, 2])
    D = m.sq_distances(T)
    for t in range(3):
        rt = nn1.Ranges(s.lo[t], s.width[t])
        np.testing.assert_allclose(D[t], nn1.ibk_sq_distances(T[t : t + 1], TRAIN3, SPEC3, rt)[0], atol=1e-12)


def test_ibk1_tie_rules():
    spec = AttributeSpec.numeric(1)
    Xtr = np.array([[0.0], [2.0], [2.0], [4.0]])
    ytr = np.array([1, 0, 0, 1])
    Xte = np.array([[1.0], [3.0], [0.4]])
    first = rm.IBk1(spec, 2, tie_rule="first").fit(Xtr, ytr).predict(Xte)
    vote = rm.IBk1(spec, 2, tie_rule="vote").fit(Xtr, ytr).predict(Xte)
    # x=1: tied rows 0 (class 1), 1, 2 (class 0): IB1 takes row 0 -> 1; IBk votes 2:1 -> 0
    # x=3: tied rows 1, 2 (class 0), 3 (class 1): both -> 0
    # x=0.4: unique nearest row 0 -> 1
    np.testing.assert_array_equal(first, [1, 0, 1])
    np.testing.assert_array_equal(vote, [0, 0, 1])
    # a 1:1 vote goes to the lowest class index
    v2 = rm.IBk1(spec, 2, tie_rule="vote").fit(np.array([[0.0], [2.0]]), [1, 0]).predict([[1.0]])
    assert v2[0] == 0
    f2 = rm.IBk1(spec, 2, tie_rule="first").fit(np.array([[0.0], [2.0]]), [1, 0]).predict([[1.0]])
    assert f2[0] == 1


def test_ibk1_train_ranges_vs_fixed():
    spec = AttributeSpec.numeric(2)
    Xtr = np.array([[0.0, 0.0], [1.0, 10.0]])
    m = rm.IBk1(spec, 2, range_mode="train").fit(Xtr, [0, 1])
    # training ranges: col0 width 1, col1 width 10 -> (0.9, 4) is normalised (0.9, 0.4)
    np.testing.assert_allclose(m.sq_distances([[0.9, 4.0]]), [[0.9**2 + 0.4**2, 0.1**2 + 0.6**2]])
    assert m.predict([[0.9, 4.0]])[0] == 1
    f = rm.IBk1(spec, 2, range_mode="fixed", ranges=nn1.Ranges(np.zeros(2), np.array([1.0, 1.0]))).fit(Xtr, [0, 1])
    assert f.predict([[0.9, 4.0]])[0] == 0  # unnormalised col1 dominates: 16.81 < 36.01


def test_ibk1_shuffled_is_first_in_the_key_order():
    """IB1 inside Weka's CV (``tie_rule="shuffled"``) = IB1 ("first") on the training rows
    reordered by their keys (Instances.trainCV(numFolds, fold, random) shuffles them)."""
    r = np.random.default_rng(3)
    spec = AttributeSpec.nominal([2, 3, 2])
    X = r.integers(0, [2, 3, 2], (40, 3)).astype(float)  # 12 distinct rows: many exact ties
    y = r.integers(0, 3, 40)
    Xtr, ytr, Xte = X[:30], y[:30], X[30:]
    for _ in range(20):
        keys = r.permutation(30)
        order = np.argsort(keys)
        sh = rm.IBk1(spec, 3, tie_rule="shuffled").fit(Xtr, ytr, tie_keys=keys).predict(Xte)
        fi = rm.IBk1(spec, 3, tie_rule="first").fit(Xtr[order], ytr[order]).predict(Xte)
        np.testing.assert_array_equal(sh, fi)
    # hand case: x=1 has tied rows 0 (class 1), 1, 2 (class 0); the smallest key decides
    one = AttributeSpec.numeric(1)
    Xh, yh = np.array([[0.0], [2.0], [2.0], [4.0]]), np.array([1, 0, 0, 1])
    assert rm.IBk1(one, 2, tie_rule="shuffled").fit(Xh, yh, tie_keys=[3, 0, 1, 2]).predict([[1.0]])[0] == 0
    assert rm.IBk1(one, 2, tie_rule="shuffled").fit(Xh, yh, tie_keys=[0, 3, 1, 2]).predict([[1.0]])[0] == 1
    with pytest.raises(ValueError, match="one key per"):
        rm.IBk1(one, 2, tie_rule="shuffled").fit(Xh, yh, tie_keys=[0, 1])
    with pytest.raises(ValueError, match="tie_rule"):
        rm.IBk1(one, 2, tie_rule="random").fit(Xh, yh)


# ----------------------------------------------------------------------------- scikit-learn input
def test_one_hot_nominal():
    spec = AttributeSpec((0, 3, 2))
    X = np.array([[1.5, 2, 1], [nan, nan, 0]])
    B = rm.one_hot_nominal(X, spec)
    np.testing.assert_array_equal(B[0], [1.5, 0, 0, 1, 0, 1])
    assert np.isnan(B[1, :4]).all() and (B[1, 4:] == [1, 0]).all()

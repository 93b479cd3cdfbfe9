"""Raeder et al. (2012) study additions: stratified k-fold / 5x2 splits, J48 Laplace leaves,
SMO Platt calibration."""
from __future__ import annotations

import numpy as np
import pytest

from lib.models import weka_like as wl
from lib.evaluation import metrics, sampling
from lib.studies import imbalance


@pytest.mark.parametrize("k,repeats", [(10, 1), (2, 5), (3, 2)])
def test_stratified_folds_are_partitions_with_balanced_classes(k, repeats):
    y = np.r_[np.ones(41, int), np.zeros(896, int)]
    fold = sampling.stratified_fold_of(np.random.default_rng(1), y, k, repeats)
    assert fold.shape == (repeats, y.size) and set(np.unique(fold)) == set(range(k))
    for r in range(repeats):
        for c in (0, 1):
            counts = np.bincount(fold[r, y == c], minlength=k)
            assert counts.max() - counts.min() <= 1          # "completely stratified"
        sizes = np.bincount(fold[r], minlength=k)
        assert sizes.max() - sizes.min() <= 1
    if repeats > 1:
        assert not (fold[0] == fold[1]).all()               # independent repetitions


def test_split_helpers_are_seeded_and_match_the_general_form():
    y = np.r_[np.ones(30, int), np.zeros(70, int)]
    a = sampling.stratified_kfold(np.random.default_rng(5), y, 10)
    b = sampling.stratified_fold_of(np.random.default_rng(5), y, 10, 1)[0]
    assert (a == b).all()
    h = sampling.stratified_5x2(np.random.default_rng(5), y)
    assert h.shape == (5, 100) and (np.bincount(h[0][y == 1]) == 15).all()
    with pytest.raises(ValueError):
        sampling.stratified_kfold(np.random.default_rng(0), np.r_[np.ones(3, int), np.zeros(20, int)], 10)


def test_minority_removal_then_splits_keep_every_fold_positive():
    # Oil at 50 % removed: 20-21 positives, every 10-fold test fold still has 2
    y = np.r_[np.ones(41, int), np.zeros(896, int)]
    keep = imbalance.remove_minority_nested(y, [0.0, 0.5], np.random.default_rng(0))
    yk = y[keep[1]]
    fold = sampling.stratified_kfold(np.random.default_rng(0), yk, 10)
    assert np.bincount(fold[yk == 1], minlength=10).min() == 2


def test_j48_laplace_leaves():
    spec = wl.AttributeSpec.numeric(1)
    X = np.array([[0.0], [0.1], [0.2], [1.0], [1.1], [1.2], [1.3]])
    y = np.array([0, 0, 0, 1, 1, 1, 1])
    raw = wl.J48Like(spec).fit(X, y)
    lap = wl.J48Like(spec, laplace=True).fit(X, y)
    # pure leaves: 3 negatives -> (0+1)/(3+2) = 0.2; 4 positives -> (4+1)/(4+2)
    assert np.allclose(raw.predict_proba(np.array([[0.05], [1.25]]))[:, 1], [0.0, 1.0])
    assert np.allclose(lap.predict_proba(np.array([[0.05], [1.25]]))[:, 1], [1 / 5, 5 / 6])
    assert (lap.predict(X) == y).all()


def test_j48_laplace_leaf_counts_match_the_training_data():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(300, 3))
    y = (X[:, 0] + rng.normal(size=300) > 1).astype(int)
    tree = wl.J48Like(wl.AttributeSpec.numeric(3), laplace=True).fit(X, y)
    assert tree.leaf_counts_.sum() == 300
    p = tree.predict_proba(X)
    assert np.allclose(p.sum(1), 1) and (p > 0).all() and (p < 1).all()


def test_smo_platt_probabilities_are_a_monotone_map_of_the_svm_output():
    rng = np.random.default_rng(4)
    X = np.r_[rng.normal(0, 1, (200, 2)), rng.normal(1.5, 1, (40, 2))]
    y = np.r_[np.zeros(200, int), np.ones(40, int)]
    smo = wl.SMOLike(wl.AttributeSpec.numeric(2), platt=True).fit(X, y)
    p = smo.predict_proba(X)[:, 1]
    f = smo.model_.decision_function(smo._transform(X))
    order = np.argsort(f)
    assert np.all(np.diff(p[order]) >= -1e-12)                # ranking = SVM's ranking
    assert abs(p.mean() - y.mean()) < 0.02                     # calibrated on the training data
    assert metrics.auc(p, y) == pytest.approx(metrics.auc(f, y))
    with pytest.raises(ValueError):
        wl.SMOLike(wl.AttributeSpec.numeric(2)).fit(X, y).predict_proba(X)

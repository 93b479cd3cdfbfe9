"""Cross-validation errors by refitting a classifier on every training fold: the generic path for a
classifier without a fast CV engine (a user's scikit-learn estimator, :mod:`lib.models.adapters`).

The data sets of a batch are given as the permutation study's engines take them (Ojala & Garriga
2009 Sec. III; :mod:`lib.evaluation.permutation_tests`): the original data with one fold vector per
CV repetition, Test 1 as label permutations ``perms`` (labels ``y[perms[t]]``), Test 2 as
within-class row indices ``idx`` (data ``X[idx[t, i, j], j]``), each with its own fold vector. So a
refitted classifier sees exactly the randomised data sets and folds the engines see.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from .permutation_tests import apply_within_class_permutations


def split_correctness(make_model: Callable[[], object], X, y, test) -> np.ndarray:
    """Per-instance correctness of a fresh model fitted on every split's training set.

    Parameters
    ----------
    make_model : callable
        Returns an unfitted model with ``fit(X, y)`` and ``predict(X)``.
    X : ndarray of shape (n, m)
    y : ndarray of shape (n,), class codes
    test : ndarray of bool, shape (splits, n)
        Test set of each split; the training set is the rest, rows in data order (as the engines).

    Returns
    -------
    correct : ndarray of bool, shape (splits, n)
        ``correct[s, i]``: the model of split ``s`` predicts ``y[i]``; False outside the test set.
    """
    X, y, test = np.asarray(X), np.asarray(y), np.asarray(test, dtype=bool)
    correct = np.zeros(test.shape, dtype=bool)
    for s, rows in enumerate(test):
        model = make_model().fit(X[~rows], y[~rows])
        correct[s, rows] = np.asarray(model.predict(X[rows])) == y[rows]
    return correct


def cv_error(make_model: Callable[[], object], X, y, folds) -> float:
    """Misclassified test rows / n over the folds of one CV, refitting a fresh model per fold
    (:func:`split_correctness` with the folds as splits).

    Parameters
    ----------
    make_model : callable
        Returns an unfitted model with ``fit(X, y)`` and ``predict(X)``.
    X : ndarray of shape (n, m)
    y : ndarray of shape (n,), class codes
    folds : ndarray of shape (n,), fold ids

    Returns
    -------
    float
    """
    folds = np.asarray(folds)
    test = np.stack([folds == f for f in np.unique(folds)])
    wrong = int((test & ~split_correctness(make_model, X, y, test)).sum())
    return wrong / len(folds)


def cv_errors(
    make_model: Callable[[], object],
    X,
    y,
    folds,
    *,
    perms=None,
    idx=None,
    progress=None,
    on_timed: Callable[[float], None] | None = None,
) -> np.ndarray:
    """CV errors of a batch of data sets: the original data (neither ``perms`` nor ``idx``), Test 1
    (``perms``) or Test 2 (``idx``).

    Parameters
    ----------
    make_model : callable
        Returns an unfitted model (``fit`` / ``predict``).
    X : ndarray of shape (n, m)
    y : ndarray of shape (n,)
    folds : ndarray of shape (k, n)
        One fold vector per data set of the batch.
    perms : ndarray of shape (k, n), optional
        Test 1: data set ``t`` has labels ``y[perms[t]]``.
    idx : ndarray of shape (k, n, m), optional
        Test 2: data set ``t`` is ``apply_within_class_permutations(X, idx[t])``.
    progress : lib.core.runlog.Progress, optional
        Advanced by one per data set.
    on_timed : callable, optional
        Called once with the seconds one data set took (how slow the refit path is): the second
        data set's, as the first also pays the estimator's start-up (imports, thread pools); the
        first's when the batch has one.

    Returns
    -------
    ndarray of shape (k,)
    """
    if perms is not None and idx is not None:
        raise ValueError("give perms (Test 1) or idx (Test 2), not both")
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    folds = np.atleast_2d(np.asarray(folds))
    k = folds.shape[0]
    out = np.empty(k)
    for t in range(k):
        start = time.perf_counter()
        Xt = X if idx is None else apply_within_class_permutations(X, idx[t][None])[0]
        yt = y if perms is None else y[perms[t]]
        out[t] = cv_error(make_model, Xt, yt, folds[t])
        if on_timed is not None and t == min(1, k - 1):
            on_timed(time.perf_counter() - start)
        if progress is not None:
            progress.advance()
    return out

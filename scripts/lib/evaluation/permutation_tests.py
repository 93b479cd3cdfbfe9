"""Permutation tests for classifier performance (Ojala & Garriga, ICDM 2009).

Randomisations (paper Sec. III)
-------------------------------
* **Test 1** (permute labels): ``D' = {(X_i, pi(y)_i)}``. :func:`label_permutations`
  returns a batch of permutations as an int array ``(k, n)``; the randomised labels are
  ``y[perms]``.
* **Test 2** (permute data columns per class): for every class ``c`` and every column ``j``
  an independent permutation of the rows of class ``c``. :func:`within_class_permutations`
  returns row indices ``idx`` of shape ``(k, n, m)`` with ``X'[k, i, j] = X[idx[k, i, j], j]``;
  ``idx[k, i, j]`` always has the class of ``i``. Labels are unchanged.
* **p-value** (Definition 1): ``p = (#{D' : e(f, D') <= e(f, D)} + 1) / (k + 1)``,
  :func:`pvalue`, vectorised.

Cross-validation and folds
--------------------------
The statistic is the stratified 10-fold CV error (Sec. IV and V) or the leave-one-out error
(Eq. 1; Table I). ``lib.evaluation.sampling.stratified_fold_of`` assigns stratified folds from
``y`` with a seeded generator, :func:`loo_folds` the leave-one-out partition. Every engine takes
either one fold vector ``(n,)`` or one per randomisation ``(k, n)``.

*Choice about folds.* The paper does not say how the randomised data sets are split. Two
designs are supported, both exact:

1. **Same folds** for the original and every randomised data set (``folds`` of shape
   ``(n,)``; what the lead asked for). It removes fold noise from ``e(D')`` vs ``e(D)``.
   Under Test 2 the labels do not change, so the folds stay stratified; under Test 1 they are
   stratified for ``y`` but not for ``y[pi]`` (each fold's class mix of the permuted labels is
   hypergeometric). With ten CV repetitions of the original (Sec. V) this design needs a
   separate null sample for each repetition's fold vector.
2. **A fresh stratified CV per randomised data set**: ``folds[perms]`` for Test 1 (the fold
   ids travel with the labels, so every ``(X, y[pi])`` is split stratified for its own
   labels) and :func:`resample_folds` for Test 2. Either is distributed exactly like calling
   ``sampling.stratified_fold_of`` afresh on each randomised data set. This matches the paper's
   description best: "we calculate the empirical p-values over 1000 randomized samples ...
   we perform the cross-validation ten times for the original datasets and calculate an
   empirical p-value for each of the ten results" (Sec. V) -- one null sample of 1000,
   ten original errors, ``pvalue(e_orig_10, e_null_1000)`` averaged.

Leave-one-out has a single partition, so the two designs coincide there.

The errors e(f, D')
-------------------
Each classifier's cross-validation engine lives with the classifier in :mod:`lib.models` and
scores a whole batch of randomised data sets given as above (``perms`` or ``idx``, with folds):
1-NN in :mod:`lib.models.nn1_engine`, naive Bayes in :mod:`lib.models.nb_engine`, J48 and SMO as
``c45.j48_cv_errors`` and ``smo.smo_cv_errors``. Every engine is tested to give exactly the errors
of refitting its classifier fold by fold (the slow path ``cv_errors`` of
``scripts/tools/reference_models.py``, in ``tests/``); ``lib.studies.permutation`` dispatches a
data set to them.
"""

from __future__ import annotations

import numpy as np


# --------------------------------------------------------------------------------------
# Randomisations
# --------------------------------------------------------------------------------------
def label_permutations(n: int, k: int, rng: np.random.Generator) -> np.ndarray:
    """``k`` independent uniform permutations of ``0..n-1`` (Test 1, Sec. III).

    Parameters
    ----------
    n, k : int
    rng : numpy.random.Generator

    Returns
    -------
    (k, n) int array ``perms``; the randomised label vectors are ``y[perms]``
    (``pi(y)_i = y[perms[., i]]``).
    """
    base = np.tile(np.arange(n, dtype=np.intp), (int(k), 1))
    return rng.permuted(base, axis=1)


def within_class_permutations(y, m: int, k: int, rng: np.random.Generator) -> np.ndarray:
    """Row indices of ``k`` Test 2 randomisations (Sec. III, Test 2).

    For each class ``c`` (rows ``R_c``) and each column ``j`` an independent uniform
    permutation ``pi_j`` of ``R_c``: ``X'[i, j] = X[idx[i, j], j]``.

    Parameters
    ----------
    y : (n,) int array of class labels
    m : int, number of columns
    k : int, number of randomisations
    rng : numpy.random.Generator

    Returns
    -------
    (k, n, m) int32 array ``idx``.
    """
    y = np.asarray(y)
    n = len(y)
    idx = np.empty((int(k), n, int(m)), dtype=np.int32)
    for c in np.unique(y):
        rows = np.flatnonzero(y == c).astype(np.int32)
        base = np.tile(np.arange(len(rows), dtype=np.int32), (int(k), int(m), 1))
        P = rng.permuted(base, axis=2)  # (k, m, l_c)
        idx[:, rows, :] = np.swapaxes(rows[P], 1, 2)
    return idx


def apply_within_class_permutations(X, idx) -> np.ndarray:
    """Randomised data ``X'[k, i, j] = X[idx[k, i, j], j]``, shape ``(k, n, m)``."""
    X = np.asarray(X)
    idx = np.asarray(idx)
    return X[idx, np.arange(X.shape[1])]


def pvalue(e_orig, e_rand, axis: int = -1) -> np.ndarray:
    """Empirical permutation p-value (Definition 1).

    ``p = (#{D' : e(D') <= e(D)} + 1) / (k + 1)``; the smallest attainable value is
    ``1 / (k + 1)``.

    Parameters
    ----------
    e_orig : array_like, shape ``(...)``
        Error(s) on the original data (e.g. one per repetition of the CV).
    e_rand : array_like, shape ``(..., k)`` (``k`` along ``axis``)
        Errors on the ``k`` randomised data sets; broadcast against ``e_orig``.

    Returns
    -------
    ndarray of p-values, shape ``broadcast(e_orig, e_rand without axis)``.

    Notes
    -----
    Errors are compared exactly; compute both with the same function (e.g. misclassified
    count / n) so equal counts give equal floats.
    """
    e_rand = np.moveaxis(np.asarray(e_rand, dtype=float), axis, -1)
    e_orig = np.asarray(e_orig, dtype=float)
    k = e_rand.shape[-1]
    count = (e_rand <= e_orig[..., None]).sum(axis=-1)
    return (count + 1.0) / (k + 1.0)


# --------------------------------------------------------------------------------------
# Folds
# --------------------------------------------------------------------------------------
def loo_folds(n: int) -> np.ndarray:
    """Leave-one-out: every row its own fold (Eq. 1)."""
    return np.arange(n, dtype=np.intp)


def resample_folds(folds, y, k: int, rng: np.random.Generator) -> np.ndarray:
    """``k`` fresh stratified fold vectors with the same per-(class, fold) counts as ``folds``.

    ``folds[idx]`` with ``idx`` a within-class row permutation: uniformly distributed over the
    stratified assignments with those counts, i.e. distributed like calling
    ``sampling.stratified_fold_of`` again. Use it to give every Test 2 randomisation its own CV
    (Test 1: ``folds[perms]`` does the same and keeps the folds stratified for ``y[perms]``).

    Returns
    -------
    (k, n) int array.
    """
    folds = np.asarray(folds)
    idx = within_class_permutations(y, 1, k, rng)[:, :, 0]
    return folds[idx]

"""Straightforward refit-per-fold reference implementations, used by the cross-check tools and by the
tests as oracles, never by a rule.

The permutation study (Ojala & Garriga 2009, Sec. IV-V) computes its cross-validation errors with
fast engines that never refit a classifier per fold and randomisation (``lib.models.nn1_engine``,
``nb_engine``, ``c45``, ``smo``). Every engine is tested to give exactly the errors of the slow,
obvious procedure here: refit the classifier on each training fold of each data set and count the
wrong predictions of its test fold (:func:`cv_error`, :func:`cv_errors`, :func:`fit_predict_fn`).

* :class:`IBk1`: Weka's 1-NN (IB1 / ``IBk -K 1``) refit per fold, with Weka's sequential
  normalisation ranges (:func:`weka_sequential_ranges`, ``range_mode="weka"``), training-fold or
  fixed ranges, and the tie rules of ``lib.models.nn1`` (whose module docstring gives the
  Weka details). ``IBk1(range_mode="weka", tol=0)`` gave Weka's predictions on every row of the 22
  UCI data sets (``scripts/tools/crosscheck_weka.py``); the tests use it as the oracle of the 1-NN
  engines, ``scripts/tools/crosscheck_ib1_cv.py --exact`` as Weka's exact 1-NN.
* :func:`one_hot_nominal`: the one-hot encoding the scikit-learn baselines of the benchmark tools
  (``benchmark_j48.py``, ``bench.py``) take as input.

Tests import this module as ``from tools import reference_models`` (``scripts/`` is on pytest's
pythonpath), tools the same way once they have put ``scripts/`` on ``sys.path`` (as they do for
``lib``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/, for lib
from lib.data.attributes import AttributeSpec, check_X  # noqa: E402
from lib.models import nn1  # noqa: E402


# --------------------------------------------------------------------------------------
# Refit per fold
# --------------------------------------------------------------------------------------
def fit_predict_fn(make: Callable[[], object]) -> Callable:
    """Wrap a classifier factory as ``fit_predict(X_train, y_train, X_test) -> y_pred``
    (a fresh classifier per call), for :func:`cv_error` and :func:`cv_errors`."""

    def fit_predict(X_train, y_train, X_test):
        return make().fit(X_train, y_train).predict(X_test)

    return fit_predict


def cv_error(fit_predict: Callable, X, y, folds) -> float:
    """Cross-validated error rate, refitting the classifier on every training fold.

    Parameters
    ----------
    fit_predict : callable ``(X_train, y_train, X_test) -> y_pred``
    X : (n, m) array
    y : (n,) labels
    folds : (n,) fold indices

    Returns
    -------
    float, misclassified count / n (Ojala & Garriga 2009, Eq. 1 with leave-one-out folds).
    """
    X = np.asarray(X)
    y = np.asarray(y)
    folds = np.asarray(folds)
    wrong = 0
    for f in np.unique(folds):
        test = folds == f
        pred = np.asarray(fit_predict(X[~test], y[~test], X[test]))
        wrong += int((pred != y[test]).sum())
    return wrong / len(y)


def cv_errors(fit_predict: Callable, X, y, folds) -> np.ndarray:
    """:func:`cv_error` for a batch of randomised data sets (slow path: one refit each).

    ``X``: ``(n, m)`` or ``(k, n, m)``; ``y``: ``(n,)`` or ``(k, n)``; ``folds``: ``(n,)`` or
    ``(k, n)``. Returns ``(k,)`` errors.
    """
    X = np.asarray(X)
    y = np.asarray(y)
    folds = np.asarray(folds)
    k = max(
        X.shape[0] if X.ndim == 3 else 1, y.shape[0] if y.ndim == 2 else 1, folds.shape[0] if folds.ndim == 2 else 1
    )
    out = np.empty(k)
    for b in range(k):
        out[b] = cv_error(
            fit_predict, X[b] if X.ndim == 3 else X, y[b] if y.ndim == 2 else y, folds[b] if folds.ndim == 2 else folds
        )
    return out


# --------------------------------------------------------------------------------------
# Weka's 1-NN (IB1 / IBk -K 1), refit per fold
# --------------------------------------------------------------------------------------
def weka_sequential_ranges(train: nn1.Ranges, X_test) -> nn1.Ranges:
    """Ranges Weka's IBk/IB1 use for each test instance in turn (training + tests so far).

    IBk widens its ranges with each test instance before classifying it
    (``LinearNNSearch.addInstanceInfo``), so the t-th test instance is classified with the
    ranges of the training fold and test instances ``0..t``.

    Returns
    -------
    lib.models.nn1.Ranges with ``lo`` and ``width`` of shape ``(n_test, m)``.
    """
    X_test = np.asarray(X_test, dtype=float)
    lo_tr = np.asarray(train.lo, dtype=float)
    hi_tr = lo_tr + np.asarray(train.width, dtype=float)
    cmin = np.fmin.accumulate(X_test, axis=0)
    cmax = np.fmax.accumulate(X_test, axis=0)
    lo = np.fmin(lo_tr[None, :], cmin)
    hi = np.fmax(hi_tr[None, :], cmax)
    width = np.where(np.isnan(hi - lo), 0.0, hi - lo)
    return nn1.Ranges(lo, width)


@dataclass
class IBk1:
    """Weka-like 1-nearest-neighbour classifier (IBk -K 1 / IB1 defaults).

    Parameters
    ----------
    spec : AttributeSpec
    n_classes : int
    tie_rule : {"first", "vote", "shuffled"}
        "first" = IB1 (lowest training index among tied nearest), "vote" = IBk, "shuffled" =
        IB1 as Weka's cross-validation runs it: the training rows in a random order
        (``Instances.trainCV(numFolds, fold, random)`` randomises them), the tied row first
        in that order wins. The order is given by ``tie_keys`` of :meth:`fit` (smallest key
        first) or, without them, drawn from ``rng`` at each fit.
    range_mode : {"weka", "train", "fixed"}
        "weka" (default): training ranges widened by each test instance in turn, in the
        order given (Weka's actual behaviour; exact element-wise distance, no BLAS);
        "train": training ranges only; "fixed": ``ranges`` given by the caller (the fast
        permutation engines correspond to "fixed" with the ranges of the whole data set).
        On iris / wine / breast-cancer, 10-fold CV errors under "weka" and under whole-data
        ranges differed by at most one instance per CV run (10 fold draws each).
    ranges : lib.models.nn1.Ranges, optional
        Required for ``range_mode="fixed"``.
    tol : float
        Tie tolerance on squared distances.
    rng : numpy.random.Generator, int or None
        Draws the training order of ``"shuffled"`` when :meth:`fit` gets no ``tie_keys``.
    """

    spec: AttributeSpec
    n_classes: int
    tie_rule: str = "first"
    range_mode: str = "weka"
    ranges: nn1.Ranges | None = None
    tol: float = nn1.TIE_TOL
    rng: object = None
    X_: np.ndarray | None = field(default=None, init=False, repr=False)
    y_: np.ndarray | None = field(default=None, init=False, repr=False)
    train_ranges_: nn1.Ranges | None = field(default=None, init=False, repr=False)
    tie_keys_: np.ndarray | None = field(default=None, init=False, repr=False)

    def fit(self, X, y, tie_keys=None) -> IBk1:
        """Store the training rows; ``tie_keys`` (n_train,) distinct ints give the training
        order of ``tie_rule="shuffled"`` (smallest first; default a permutation from ``rng``)."""
        self.X_ = check_X(X, self.spec).copy()
        self.y_ = np.asarray(y, dtype=int).copy()
        if self.y_.shape != (self.X_.shape[0],):
            raise ValueError("y must have one label per row of X")
        self.train_ranges_ = nn1.weka_ranges(self.X_, self.spec)
        nn1.check_tie_rule(self.tie_rule, 0)
        if self.tie_rule == "shuffled":
            if tie_keys is None:  # Weka: train.randomize(random) before every buildClassifier
                if not isinstance(self.rng, np.random.Generator):
                    self.rng = np.random.default_rng(self.rng)
                tie_keys = self.rng.permutation(len(self.y_))
            self.tie_keys_ = np.asarray(tie_keys)
            if self.tie_keys_.shape != self.y_.shape:
                raise ValueError("tie_keys must have one key per training row")
        return self

    def _ranges_for(self, X_test) -> nn1.Ranges:
        if self.range_mode == "train":
            return self.train_ranges_
        if self.range_mode == "weka":
            return weka_sequential_ranges(self.train_ranges_, X_test)
        if self.range_mode == "fixed":
            if self.ranges is None:
                raise ValueError("range_mode='fixed' needs ranges")
            return self.ranges
        raise ValueError(f"unknown range_mode {self.range_mode!r}")

    def sq_distances(self, X_test) -> np.ndarray:
        """Squared Weka distances ``(n_test, n_train)`` from test rows to training rows."""
        X_test = check_X(X_test, self.spec)
        r = self._ranges_for(X_test)
        if np.asarray(r.lo).ndim == 1 and not (np.isnan(X_test).any() or np.isnan(self.X_).any()):
            ZA, _ = nn1.encode_for_blas(X_test, self.spec, r)
            ZB, _ = nn1.encode_for_blas(self.X_, self.spec, r)
            return nn1.sq_euclidean(ZA, ZB)
        return nn1.ibk_sq_distances(X_test, self.X_, self.spec, r)

    def predict(self, X_test) -> np.ndarray:
        D = self.sq_distances(X_test)
        return nn1.nn1_from_sqdist(D, self.y_, self.n_classes, self.tie_rule, self.tol, keys=self.tie_keys_)


# --------------------------------------------------------------------------------------
# Input of the scikit-learn baselines
# --------------------------------------------------------------------------------------
def one_hot_nominal(X, spec: AttributeSpec) -> np.ndarray:
    """Numeric columns unchanged, each nominal column as 0/1 indicators of its values (a missing
    nominal value is NaN in every indicator column)."""
    X = check_X(X, spec)
    cols = []
    for j in range(spec.m):
        V = spec.n_values[j]
        v = X[:, j]
        if V == 0:
            cols.append(v[:, None])
            continue
        miss = np.isnan(v)
        code = np.where(miss, 0, v).astype(int)
        c = (code[:, None] == np.arange(V)).astype(float)
        c[miss] = np.nan
        cols.append(c)
    return np.hstack(cols) if cols else np.zeros((X.shape[0], 0))

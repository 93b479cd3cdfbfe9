"""Models with the ``fit`` / ``predict`` / ``predict_proba`` interface for a user's classifiers.

* :class:`IB1`: Weka's 1-NN as a scoring model (``IB1.distributionForInstance`` gives the nearest
  training row's class probability 1), from the distances and tie rules of
  :mod:`lib.models.nn1`; the imbalance study scores with it where the permutation study uses
  the 1-NN CV engines.
* :class:`EstimatorModel`: any scikit-learn-compatible estimator named by import path
  (:func:`import_estimator`), refit per fold by the caller. The estimator sees numbers only: each
  nominal attribute one-hot (Weka's ``NominalToBinary``; a missing nominal value is a row of
  zeros), each missing numeric value replaced by its training mean (Weka's
  ``ReplaceMissingValues``). Class labels are the codes ``0 .. C-1``.

Nothing here imports scikit-learn: an estimator is imported by the path the user gives.
"""

from __future__ import annotations

import importlib
import inspect

import numpy as np

from ..data.attributes import AttributeSpec, check_X
from . import nn1


class IB1:
    """Weka IB1 (1-NN, Weka's normalised distance) with one-hot class probabilities.

    Parameters
    ----------
    spec : AttributeSpec
    n_classes : int
    tie_rule : {"first", "vote"}
        Ties among equally near training rows (:func:`lib.models.nn1.nn1_from_sqdist`):
        ``"first"`` is IB1 on the training rows in the order given.

    Notes
    -----
    Normalisation ranges are those of the training rows (Weka widens them with each test row;
    :mod:`lib.models.nn1` explains why the difference is small).
    """

    def __init__(self, spec: AttributeSpec, n_classes: int, tie_rule: str = "first"):
        if tie_rule not in ("first", "vote"):
            raise ValueError(f"tie_rule must be 'first' or 'vote', got {tie_rule!r}")
        self.spec, self.n_classes, self.tie_rule = spec, int(n_classes), tie_rule
        self.X_, self.y_ = None, None

    def fit(self, X, y) -> IB1:
        self.X_ = check_X(X, self.spec)
        self.y_ = np.asarray(y, dtype=np.int64)
        return self

    def predict(self, X_test) -> np.ndarray:
        if self.X_ is None:
            raise ValueError("IB1 is not fitted")
        X_test = check_X(X_test, self.spec)
        both = np.vstack([self.X_, X_test])
        n = len(self.X_)
        ranges = nn1.weka_ranges(self.X_, self.spec)
        D = nn1.ibk_sqdist_fn(both, self.spec, ranges)(np.arange(n, len(both)), np.arange(n))
        return nn1.nn1_from_sqdist(D, self.y_, self.n_classes, self.tie_rule)

    def predict_proba(self, X_test) -> np.ndarray:
        return np.eye(self.n_classes)[self.predict(X_test)]


# ----------------------------------------------------------------------------- scikit-learn estimators


class EstimatorError(ValueError):
    """An estimator cannot be imported, built or used; the message is one sentence."""


def import_estimator(path: str):
    """The class (or factory) ``path`` names, e.g. ``"sklearn.linear_model.LogisticRegression"``.

    Raises
    ------
    EstimatorError
        The module cannot be imported or has no such attribute.
    """
    module, _, attr = str(path).rpartition(".")
    if not module or not attr:
        raise EstimatorError(f"{path!r} is not an import path of the form package.module.Class")
    try:
        found = importlib.import_module(module)
    except ImportError as exc:
        raise EstimatorError(f"cannot import module {module!r} for {path!r} ({exc})") from None
    try:
        return getattr(found, attr)
    except AttributeError:
        raise EstimatorError(f"module {module!r} has no {attr!r}") from None


def build_estimator(path: str, params: dict | None = None, *, seed: int = 0):
    """A fresh estimator ``path(**params)``; ``random_state`` is set to ``seed`` when the
    estimator takes one and ``params`` does not name it, so that results are reproducible.

    Raises
    ------
    EstimatorError
        Import failure, or the constructor rejects the parameters.
    """
    factory = import_estimator(path)
    params = dict(params or {})
    if "random_state" not in params and _takes(factory, "random_state"):
        params["random_state"] = int(seed)
    try:
        estimator = factory(**params)
    except Exception as exc:  # noqa: BLE001 -- any constructor error is the user's to fix
        raise EstimatorError(f"{path}(**{params}) cannot be built ({type(exc).__name__}: {exc})") from None
    if not (hasattr(estimator, "fit") and hasattr(estimator, "predict")):
        raise EstimatorError(f"{path} gives a {type(estimator).__name__}, which has no fit and predict methods")
    return estimator


def _takes(factory, name: str) -> bool:
    try:
        return name in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False


def one_hot_width(spec: AttributeSpec) -> int:
    """Columns of the numeric encoding of ``spec`` (numeric: 1; nominal with V values: V)."""
    return sum(v if v > 0 else 1 for v in spec.n_values)


class Encoding:
    """The numeric encoding of the module docstring, with the training means of numeric columns.

    Parameters
    ----------
    spec : AttributeSpec
    X_train : ndarray of shape (n, m)
        Rows whose numeric means replace missing values (0 where a column is all missing).
    """

    def __init__(self, spec: AttributeSpec, X_train):
        self.spec = spec
        X_train = np.asarray(X_train, dtype=float)
        num = spec.numeric_cols
        with np.errstate(invalid="ignore"):
            counts = (~np.isnan(X_train[:, num])).sum(axis=0)
            sums = np.nansum(X_train[:, num], axis=0)
        self.means = np.where(counts > 0, sums / np.maximum(counts, 1), 0.0)

    def __call__(self, X) -> np.ndarray:
        X = np.asarray(X, dtype=float)
        out = np.zeros((X.shape[0], one_hot_width(self.spec)))
        col, k = 0, 0
        for j, v in enumerate(self.spec.n_values):
            x = X[:, j]
            if v == 0:
                out[:, col] = np.where(np.isnan(x), self.means[k], x)
                col, k = col + 1, k + 1
            else:
                ok = ~np.isnan(x)
                out[np.flatnonzero(ok), col + x[ok].astype(np.int64)] = 1.0
                col += v
        return out


class EstimatorModel:
    """A user's estimator refit on every call of :meth:`fit` (a fresh instance each time).

    Parameters
    ----------
    path : str
        Import path of the estimator class.
    params : dict
        Constructor parameters.
    spec : AttributeSpec
    n_classes : int
    seed : int
        ``random_state`` where the estimator takes one and ``params`` does not set it.
    """

    def __init__(self, path: str, params: dict | None, spec: AttributeSpec, n_classes: int, seed: int = 0):
        self.path, self.params, self.spec, self.n_classes, self.seed = (
            path,
            dict(params or {}),
            spec,
            int(n_classes),
            int(seed),
        )
        self.estimator_, self.encoding_ = None, None

    def fit(self, X, y) -> EstimatorModel:
        X = check_X(X, self.spec)
        self.encoding_ = Encoding(self.spec, X)
        self.estimator_ = build_estimator(self.path, self.params, seed=self.seed)
        self.estimator_.fit(self.encoding_(X), np.asarray(y, dtype=np.int64))
        return self

    def predict(self, X_test) -> np.ndarray:
        return np.asarray(self.estimator_.predict(self.encoding_(check_X(X_test, self.spec))), dtype=np.int64)

    def predict_proba(self, X_test) -> np.ndarray:
        """Class probabilities ``(n_test, n_classes)``; a class absent from the training rows gets 0."""
        if not hasattr(self.estimator_, "predict_proba"):
            raise EstimatorError(f"{self.path} has no predict_proba")
        proba = np.asarray(self.estimator_.predict_proba(self.encoding_(check_X(X_test, self.spec))), dtype=float)
        classes = np.asarray(getattr(self.estimator_, "classes_", np.arange(proba.shape[1])), dtype=np.int64)
        out = np.zeros((proba.shape[0], self.n_classes))
        out[:, classes] = proba
        return out

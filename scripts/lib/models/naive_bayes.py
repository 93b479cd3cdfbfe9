"""Weka's NaiveBayes (Weka 3.6 defaults) as Ojala & Garriga (ICDM 2009) ran it.

Ojala & Garriga, "Permutation Tests for Studying Classifier Performance", Sec. IV: "We use
Weka 3.6 data mining software [11] with the default parameters of those classification
algorithms" -- 1-Nearest Neighbor, Decision Tree (J48, "similar to C4.5"), Naive Bayes and a
Support Vector Machine whose "default kernel ... is linear" (SMO). Each has its own module:

* 1-NN (``IBk -K 1`` / ``IB1``): :mod:`lib.models.nn1` (distance, ranges, tie rules) and
  :mod:`lib.models.nn1_engine` (cross-validation errors of batches of randomised data sets).
* Naive Bayes: this module (the model, refit per fold) and :mod:`lib.models.nb_engine` (compiled
  cross-validation errors of batches of randomised data sets).
* J48 and SMO: :mod:`lib.models.c45` (identical trees to Weka 3.6.14 / 3.9.7 on the 22 UCI data
  sets of Ojala & Garriga) and :mod:`lib.models.smo` (Weka's predictions on every compared row).

Data convention: :mod:`lib.data.attributes`.

What is reproduced exactly, and every known difference from Weka 3.6
---------------------------------------------------------------------
Naive Bayes (``NaiveBayes`` defaults; :class:`NaiveBayesWeka`, :func:`nb_fit`)
    * Numeric attributes: ``NormalEstimator`` exactly as in Weka. A precision per attribute
      is computed on the training data (all classes): the mean gap between adjacent distinct
      sorted values, i.e. ``(max - min) / (#distinct - 1)``, default 0.01 when there is a
      single distinct value or none. Values are rounded to that precision
      (``rint(x / p) * p``) before accumulating and at prediction. Mean = weighted mean of the
      rounded values; standard deviation = ``sqrt(|sum x^2 - mean * sum x| / w)`` (divisor n,
      not n-1), replaced by ``max(p / 6, sd)`` when ``sd > 1e-10`` and by ``p / 6``
      otherwise. The likelihood of a value is *not* the density but the probability mass of
      the rounding interval, ``Phi((x - mu + p/2)/sd) - Phi((x - mu - p/2)/sd)``, floored at
      1e-75 per attribute (Weka multiplies ``max(1e-75, P)``). We sum logarithms instead of
      multiplying and rescaling by 1e75; the arg-max is the same except in rounding-level
      near-ties. Sums are formed with matrix products, not Weka's sequential additions (last
      bit differences only).
    * Nominal attributes and the class prior: ``DiscreteEstimator`` with Laplace correction,
      ``(count + 1) / (total + V)``; the class prior uses all training instances, an attribute
      estimator only the instances where that attribute is present. Missing values are
      skipped in training and prediction, as in Weka.
    * Not reproduced: Weka's precision loop stops at the first missing value after sorting
      (same result); an attribute whose training values are all missing gets Weka's default
      estimator (mean 0, sd 0.01/6) here as well.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.special import ndtr

from ..data.attributes import AttributeSpec, check_X

DEFAULT_NUM_PRECISION = 0.01
"""Weka ``NaiveBayes.DEFAULT_NUM_PRECISION``."""


# --------------------------------------------------------------------------------------
# Naive Bayes
# --------------------------------------------------------------------------------------
def weka_round(x, precision) -> np.ndarray:
    """``NormalEstimator.round``: ``rint(x / p) * p`` (round half to even, like Java)."""
    return np.rint(np.asarray(x, dtype=float) / precision) * precision


def nb_precision(X, spec: AttributeSpec | None = None) -> np.ndarray:
    """Weka NaiveBayes numeric precision per attribute from training data.

    The mean gap between adjacent distinct sorted non-missing values (``NaiveBayes.
    buildClassifier``: ``deltaSum / distinct``), or ``DEFAULT_NUM_PRECISION`` when there are
    fewer than two distinct values. Leading batch dimensions are allowed (``X``: ``(..., n,
    m)``, result ``(..., m)``). Nominal attributes get ``NaN``.
    """
    X = np.asarray(X, dtype=float)
    S = np.sort(np.swapaxes(X, -1, -2), axis=-1)  # (..., m, n), NaN sorted last
    d = np.diff(S, axis=-1)
    step = np.where(np.isnan(d), 0.0, d)  # gaps to NaN do not count
    distinct = (step != 0).sum(axis=-1)
    # Weka adds the gaps one by one in sorted order: a sequential cumulative sum reproduces
    # its rounding (matters when x / precision lands on a .5 boundary, e.g. gridded data)
    delta_sum = np.cumsum(step, axis=-1)[..., -1] if step.shape[-1] else np.zeros(S.shape[:-1])
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(distinct > 0, delta_sum / np.maximum(distinct, 1), DEFAULT_NUM_PRECISION)
    if spec is not None:
        p = np.where(spec.is_nominal, np.nan, p)
    return p


@dataclass(frozen=True)
class NBModel:
    """Fitted Weka-like naive Bayes; arrays may carry leading batch dimensions ``...``.

    Attributes
    ----------
    log_prior : (..., C)
    num_cols : (mn,) numeric attribute indices; precision (..., mn); mean, std (..., C, mn)
    nom_cols : (q,) nominal attribute indices; nom_offset (q,) offsets into the flattened
        value axis; log_cond (..., C, sum V) Laplace-smoothed log P(value | class)
    """

    log_prior: np.ndarray
    num_cols: np.ndarray
    precision: np.ndarray
    mean: np.ndarray
    std: np.ndarray
    nom_cols: np.ndarray
    nom_offset: np.ndarray
    log_cond: np.ndarray


def _nominal_indicators(X, spec: AttributeSpec) -> tuple[np.ndarray, np.ndarray]:
    """One-hot indicators ``(..., n, sum V)`` of the nominal attributes (missing: all zero)."""
    cols = spec.nominal_cols
    V = np.asarray([spec.n_values[j] for j in cols], dtype=int)
    offset = np.concatenate([[0], np.cumsum(V)[:-1]]).astype(int) if len(V) else np.zeros(0, int)
    total = int(V.sum()) if len(V) else 0
    ind = np.zeros(X.shape[:-1] + (total,))
    for q, j in enumerate(cols):
        v = X[..., j]
        ok = ~np.isnan(v)
        code = np.where(ok, v, 0).astype(int)
        vals = np.arange(V[q])
        ind[..., offset[q] : offset[q] + V[q]] = (code[..., None] == vals) & ok[..., None]
    return ind, offset


def nb_fit_weighted(X, Y, spec: AttributeSpec, precision=None) -> NBModel:
    """Fit Weka-like naive Bayes from class-membership weights, batched.

    The class-conditional sufficient statistics are matrix products ``Y^T F`` (Ojala &
    Garriga Sec. IV use Weka NaiveBayes; this vectorises its counting over a batch of label
    vectors, e.g. Test 1 permutations, or of data matrices, e.g. Test 2 randomisations).

    Parameters
    ----------
    X : (..., n, m) array (leading dims broadcast against ``Y``'s)
    Y : (..., n, C) array of 0/1 class indicators (one-hot labels)
    spec : AttributeSpec
    precision : (..., m) array, optional
        Numeric precision; default :func:`nb_precision` of ``X`` (Weka: computed on the
        training data, all classes together).

    Returns
    -------
    NBModel
    """
    X = np.asarray(X, dtype=float)
    Y = np.asarray(Y, dtype=float)
    C = Y.shape[-1]
    num = spec.numeric_cols
    if precision is None:
        precision = nb_precision(X, spec)
    precision = np.asarray(precision, dtype=float)
    YT = np.swapaxes(Y, -1, -2)  # (..., C, n)
    n_c = Y.sum(axis=-2)  # (..., C)
    n_tot = n_c.sum(axis=-1, keepdims=True)
    log_prior = np.log((n_c + 1.0) / (n_tot + C))

    p = precision[..., num]  # (..., mn)
    Xn = X[..., num]
    present = ~np.isnan(Xn)
    Xr = np.where(present, weka_round(np.where(present, Xn, 0.0), p[..., None, :]), 0.0)
    F = np.concatenate([present.astype(float), Xr, Xr * Xr], axis=-1)
    st = np.matmul(YT, F)  # (..., C, 3 mn)
    mn = len(num)
    W, S, SS = st[..., :mn], st[..., mn : 2 * mn], st[..., 2 * mn :]
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(W > 0, S / np.where(W > 0, W, 1.0), 0.0)
        sd = np.sqrt(np.abs(SS - mean * S) / np.where(W > 0, W, 1.0))
    pc = np.broadcast_to(p[..., None, :], sd.shape) if mn else sd
    std = np.where((W > 0) & (sd > 1e-10), np.maximum(pc / 6.0, sd), pc / 6.0)

    ind, offset = _nominal_indicators(X, spec)
    cnt = np.matmul(YT, ind)  # (..., C, sumV)
    nom = spec.nominal_cols
    log_cond = np.empty(cnt.shape)
    for q, j in enumerate(nom):
        V = spec.n_values[j]
        blk = cnt[..., offset[q] : offset[q] + V]
        log_cond[..., offset[q] : offset[q] + V] = np.log((blk + 1.0) / (blk.sum(axis=-1, keepdims=True) + V))
    return NBModel(log_prior, num, p, mean, std, nom, offset, log_cond)


def nb_fit(X, y, spec: AttributeSpec, n_classes: int) -> NBModel:
    """Fit Weka-like naive Bayes on ``(X, y)`` (see :func:`nb_fit_weighted`)."""
    y = np.asarray(y, dtype=int)
    Y = (y[..., None] == np.arange(n_classes)).astype(float)
    return nb_fit_weighted(check_X(X, spec), Y, spec)


def nb_log_joint(model: NBModel, X_test) -> np.ndarray:
    """``log P(c) + sum_j log max(1e-75, P(x_j | c))`` for each test row and class.

    Parameters
    ----------
    model : NBModel with batch dims ``...``
    X_test : (n_t, m) or (..., n_t, m) array

    Returns
    -------
    (..., n_t, C) array.
    """
    X_test = np.asarray(X_test, dtype=float)
    out = model.log_prior[..., None, :]  # (..., 1, C)
    num = model.num_cols
    if len(num):
        x = X_test[..., num]  # (..., n_t, mn)
        present = ~np.isnan(x)
        p = model.precision[..., None, None, :]  # (..., 1, 1, mn)
        xr = weka_round(np.where(present, x, 0.0)[..., :, None, :], p)  # (..., n_t, 1, mn)
        mu = model.mean[..., None, :, :]
        sd = model.std[..., None, :, :]
        zl = (xr - mu - p / 2.0) / sd
        zu = (xr - mu + p / 2.0) / sd
        P = ndtr(zu) - ndtr(zl)
        lp = np.log(np.maximum(1e-75, P))
        lp = np.where(present[..., :, None, :], lp, 0.0)
        out = out + lp.sum(axis=-1)
    if len(model.nom_cols):
        lc = np.swapaxes(model.log_cond, -1, -2)  # (..., sumV, C)
        for q, j in enumerate(model.nom_cols):
            v = X_test[..., j]
            ok = ~np.isnan(v)
            code = np.where(ok, v, 0).astype(int) + model.nom_offset[q]  # (..., n_t)
            batch = np.broadcast_shapes(lc.shape[:-2], code.shape[:-1])
            idx = np.broadcast_to(code, batch + code.shape[-1:])[..., None]
            g = np.take_along_axis(np.broadcast_to(lc, batch + lc.shape[-2:]), idx, axis=-2)
            g = np.maximum(g, np.log(1e-75))
            out = out + np.where(ok[..., None], g, 0.0)
    return out


def nb_predict(model: NBModel, X_test) -> np.ndarray:
    """Arg-max class (first maximum, as Weka's ``Utils.maxIndex``)."""
    return nb_log_joint(model, X_test).argmax(axis=-1)


@dataclass
class NaiveBayesWeka:
    """Weka ``NaiveBayes`` with default options (see module docstring)."""

    spec: AttributeSpec
    n_classes: int
    model_: NBModel | None = field(default=None, init=False, repr=False)

    def fit(self, X, y) -> NaiveBayesWeka:
        self.model_ = nb_fit(X, y, self.spec, self.n_classes)
        return self

    def predict_proba(self, X_test) -> np.ndarray:
        lj = nb_log_joint(self.model_, check_X(X_test, self.spec))
        lj = lj - lj.max(axis=-1, keepdims=True)
        e = np.exp(lj)
        return e / e.sum(axis=-1, keepdims=True)

    def predict(self, X_test) -> np.ndarray:
        return nb_predict(self.model_, check_X(X_test, self.spec))

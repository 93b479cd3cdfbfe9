"""Cross-validated Weka-like naive Bayes for batches of randomised data sets (compiled).

The model is ``naive_bayes.NaiveBayesWeka`` (Weka ``NaiveBayes`` defaults; see that module's
docstring for every rule). The permutation tests of Ojala & Garriga (ICDM 2009, Sec. III) call
:func:`nb_cv_errors_test1` (a batch of label permutations) and :func:`nb_cv_errors_test2` (a batch
of within-class column permutations); both feed :func:`cv_wrong`, where one compiled loop does, per
randomised data set and fold: Weka's numeric precision of the training rows, the class statistics
of the rounded values, the Laplace counts of nominal values, and the arg-max prediction of the test
rows. Nothing of size ``(batch, n, features)`` is materialised.

Why it is fast: a permutation test changes which rows train (folds travel with the labels
under Test 1, a fresh stratified CV per data set under Test 2) but never the *set* of values
of a column in the whole data set (Test 1 keeps ``X``; Test 2 permutes within columns). So
each numeric column is coded once against its sorted distinct values with their whole-data
counts; a fold's training precision ``(max - min) / (#distinct - 1)`` -- accumulated gap by
gap in sorted order, as Weka does -- needs only the test rows' codes and one pass over the
column's distinct values, no sort. Test rows are scored with ``Phi`` differences via
``erfc``; this is the cost floor (``n * classes * numeric attributes * 2`` per data set).

Agreement with the reference (``naive_bayes.nb_fit`` + ``nb_log_joint``, refit per fold): the
rules are the same; sums are accumulated in row order instead of by matrix products and
``Phi`` is ``erfc``-based, so log-likelihoods agree to the last few bits and predictions are
identical unless two classes tie to ~1e-13 (tested equal on mixed data with missing values).

Timing (1000 randomisations, stratified 10-fold CV, numeric Gaussian data; includes drawing the
randomisations; this engine measured with both cores busy, the refit with one core busy)::

                                          150 x 4     1000 x 20
    NB   Test 1 (fixed / travelling folds)  0.20/0.23 s 5.6 / 6.9 s
    NB   Test 2 (fixed folds)               0.30 s      8.7 s
    slow path, NB refit                     1.5 s       7.4 s

On numeric data the floor is Weka's likelihood, two ``erfc`` and a ``log`` per test row, class and
attribute (~70 ns together here); the former BLAS-batched version took 1.5 / 10.2 / 8.4 s on an
idle core but 10-20x longer on nominal data (Splice, Mushroom), where this engine takes ~5-15 ms
per randomisation.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from . import naive_bayes

# The compiled kernels below are long on purpose: numba optimises the loop nest of one function as a
# whole, and splitting a hot loop into helpers costs a call per iteration (docs/architecture.md).

_LOG_FLOOR = math.log(1e-75)
_INV_SQRT2 = 1.0 / math.sqrt(2.0)


class CodedData:
    """A data set coded once for :func:`cv_wrong`.

    Numeric column ``a`` (``num_cols[a]``): ``num_code[:, a]`` indexes ``values[off[a]:off[a+1]]``
    (its sorted distinct non-missing values), ``-1`` = missing; ``counts`` = whole-data
    multiplicity of each value. Nominal column ``q``: ``nom_code[:, q]`` in ``0..V-1``, ``-1``
    = missing, ``nom_off`` offsets into a flat value axis.
    """

    def __init__(self, X, spec: naive_bayes.AttributeSpec):
        X = np.asarray(X, dtype=float)
        self.num_cols = np.asarray(spec.numeric_cols, dtype=np.int64)
        self.nom_cols = np.asarray(spec.nominal_cols, dtype=np.int64)
        n = X.shape[0]
        codes, vals, cnts, off = [], [], [], [0]
        for j in self.num_cols:
            v = X[:, j]
            ok = ~np.isnan(v)
            u, inv, c = np.unique(v[ok], return_inverse=True, return_counts=True)
            code = np.full(n, -1, dtype=np.int64)
            code[ok] = inv
            codes.append(code)
            vals.append(u)
            cnts.append(c)
            off.append(off[-1] + len(u))
        self.num_code = np.column_stack(codes) if codes else np.zeros((n, 0), np.int64)
        self.values = np.concatenate(vals) if vals else np.zeros(0)
        self.counts = np.concatenate(cnts).astype(np.int64) if cnts else np.zeros(0, np.int64)
        self.off = np.asarray(off, dtype=np.int64)
        V = np.asarray([spec.n_values[j] for j in self.nom_cols], dtype=np.int64)
        self.nom_V = V
        self.nom_off = np.concatenate([[0], np.cumsum(V)[:-1]]).astype(np.int64) if len(V) else np.zeros(0, np.int64)
        nom = X[:, self.nom_cols]
        self.nom_code = np.where(np.isnan(nom), -1, np.nan_to_num(nom)).astype(np.int64)
        # the kernel reads codes column by column (one column stays in cache while rows are
        # gathered): transposed int32 copies, made once per data set, not per call
        self.num_code_T = np.ascontiguousarray(self.num_code.T, dtype=np.int32)
        self.nom_code_T = np.ascontiguousarray(self.nom_code.T, dtype=np.int32)


def cv_wrong(data: CodedData, labels, folds, n_classes: int, *, rows=None) -> np.ndarray:
    """Misclassified counts of CV naive Bayes, one per randomised data set.

    Parameters
    ----------
    data : CodedData of the original ``X``
    labels : (n,) or (k, n) int labels of each data set
    folds : (n,) or (k, n) fold indices
    rows : None, or (k, n, m) int row indices: data set ``b`` has ``X[rows[b, i, j], j]`` in
        row ``i``, column ``j`` (Test 2, ``permutation.within_class_permutations``)

    Returns
    -------
    (k,) int64 counts.
    """
    labels = np.atleast_2d(np.asarray(labels, dtype=np.int64))
    folds = np.atleast_2d(np.asarray(folds, dtype=np.int64))
    n = data.num_code.shape[0]
    m = len(data.num_cols) + len(data.nom_cols)
    if rows is None:
        rows = np.broadcast_to(np.arange(n)[None, :, None], (1, n, m))
    rows = np.asarray(rows)
    if rows.dtype not in (np.int32, np.int64):
        rows = rows.astype(np.int64)
    rows = np.ascontiguousarray(rows)
    k = max(labels.shape[0], folds.shape[0], rows.shape[0])
    for name, a in (("labels", labels), ("folds", folds), ("rows", rows)):
        if a.shape[0] not in (1, k) or a.shape[1] != n:
            raise ValueError(f"{name} must have shape (1 or {k}, {n}, ...), got {a.shape}")
    return _cv_wrong(
        k,
        data.num_code_T,
        data.values,
        data.counts,
        data.off,
        data.nom_code_T,
        data.nom_V,
        data.nom_off,
        rows,
        data.num_cols,
        data.nom_cols,
        labels,
        folds,
        int(n_classes),
        naive_bayes.DEFAULT_NUM_PRECISION,
    )


def nb_cv_errors_test1(
    X, y, folds, perms, spec: naive_bayes.AttributeSpec, *, n_classes: int | None = None, chunk: int = 1024
) -> np.ndarray:
    """CV error of Weka-like naive Bayes for a batch of Test 1 label permutations.

    Compiled (:func:`cv_wrong`): per permutation and fold, Weka's precision of the training rows
    and the class statistics are recomputed without sorting or materialising the batch.

    Parameters
    ----------
    X : (n, m) array, spec : AttributeSpec, y : (n,) labels
    folds : (n,) fold indices shared by all permutations, or (k, n) per permutation (e.g.
        ``folds[perms]``, folds travelling with the labels)
    perms : (k, n) label permutations
    chunk : permutations per call of the compiled loop

    Returns
    -------
    (k,) error rates.
    """
    y = np.asarray(y, dtype=np.intp)
    folds = np.asarray(folds)
    perms = np.atleast_2d(np.asarray(perms, dtype=np.intp))
    C = int(y.max()) + 1 if n_classes is None else int(n_classes)
    data = CodedData(X, spec)
    return _chunked_errors(
        perms.shape[0], chunk, len(y), lambda sl: cv_wrong(data, y[perms[sl]], _folds_of(folds, sl), C)
    )


def nb_cv_errors_test2(
    X, y, folds, idx, spec: naive_bayes.AttributeSpec, *, n_classes: int | None = None, chunk: int = 64
) -> np.ndarray:
    """CV error of Weka-like naive Bayes for a batch of Test 2 randomisations.

    Compiled (:func:`cv_wrong`); the randomised data are read through ``idx`` and never formed.

    Parameters
    ----------
    X, y, spec : as in :func:`nb_cv_errors_test1`
    folds : (n,) shared, or (k, n) per randomisation (e.g. ``permutation_tests.resample_folds``)
    idx : (k, n, m) from ``permutation_tests.within_class_permutations``
    chunk : randomisations per call (bounds the ``(chunk, n, m)`` index copy)

    Returns
    -------
    (k,) error rates.
    """
    y = np.asarray(y, dtype=np.intp)
    folds = np.asarray(folds)
    idx = np.asarray(idx)
    C = int(y.max()) + 1 if n_classes is None else int(n_classes)
    data = CodedData(X, spec)
    return _chunked_errors(
        idx.shape[0], chunk, len(y), lambda sl: cv_wrong(data, y, _folds_of(folds, sl), C, rows=idx[sl])
    )


def _folds_of(folds: np.ndarray, sl: slice) -> np.ndarray:
    """The fold assignment of a batch: its own rows for per-randomisation ``(k, n)`` folds."""
    return folds[sl] if folds.ndim == 2 else folds


def _chunked_errors(k: int, chunk: int, n: int, wrong_of) -> np.ndarray:
    """Error rates of ``k`` randomisations, ``wrong_of(slice)`` counting a batch of at most
    ``chunk`` (bounds the batch's index copies)."""
    wrong = np.zeros(k, dtype=np.int64)
    for start in range(0, k, chunk):
        sl = slice(start, min(k, start + chunk))
        wrong[sl] = wrong_of(sl)
    return wrong / n


@njit(cache=True)
def _ndtr(z):
    return 0.5 * math.erfc(-z * _INV_SQRT2)


@njit(cache=True)
def _cv_wrong(
    k, num_code, values, counts, off, nom_code, nom_V, nom_off, rows, num_cols, nom_cols, labels, folds, C, default_prec
):
    n = rows.shape[1]
    mn = num_code.shape[0]
    q = nom_code.shape[0]
    totV = 0
    for a in range(q):
        totV += nom_V[a]
    out = np.zeros(k, np.int64)
    test_cnt = np.zeros(values.shape[0], np.int64)
    prec = np.empty(mn)
    W = np.empty((C, mn))
    S = np.empty((C, mn))
    SS = np.empty((C, mn))
    mean = np.empty((C, mn))
    std = np.empty((C, mn))
    ncnt = np.empty((C, totV))
    ntot = np.empty((C, q))
    logc = np.empty((C, totV))
    nc = np.empty(C)
    logp = np.empty(C)
    xv = np.empty(mn)  # one row's numeric values (NaN = missing)
    xc = np.empty(q, np.int64)  # one row's nominal codes
    for b in range(k):
        yb = labels[b if labels.shape[0] > 1 else 0]
        fb = folds[b if folds.shape[0] > 1 else 0]
        rb = rows[b if rows.shape[0] > 1 else 0]
        fmax = 0
        for i in range(n):
            if fb[i] > fmax:
                fmax = fb[i]
        wrong = 0
        for f in range(fmax + 1):
            n_test = 0
            for i in range(n):
                if fb[i] == f:
                    n_test += 1
            if n_test == 0:
                continue
            # --- Weka's precision of the training rows: whole-data counts minus test counts
            for i in range(n):
                if fb[i] == f:
                    for a in range(mn):
                        c = num_code[a, rb[i, num_cols[a]]]
                        if c >= 0:
                            test_cnt[off[a] + c] += 1
            for a in range(mn):
                delta = 0.0
                distinct = 0
                have_last = False
                last = 0.0
                for u in range(off[a], off[a + 1]):
                    if counts[u] - test_cnt[u] > 0:
                        v = values[u]
                        if have_last:
                            delta += v - last
                            distinct += 1
                        last = v
                        have_last = True
                prec[a] = delta / distinct if distinct > 0 else default_prec
            for i in range(n):
                if fb[i] == f:
                    for a in range(mn):
                        c = num_code[a, rb[i, num_cols[a]]]
                        if c >= 0:
                            test_cnt[off[a] + c] = 0
            # --- class statistics of the training rows
            W[:, :] = 0.0
            S[:, :] = 0.0
            SS[:, :] = 0.0
            ncnt[:, :] = 0.0
            ntot[:, :] = 0.0
            nc[:] = 0.0
            for i in range(n):
                if fb[i] == f:
                    continue
                c = yb[i]
                nc[c] += 1.0
                for a in range(mn):
                    u = num_code[a, rb[i, num_cols[a]]]
                    if u >= 0:
                        x = np.rint(values[off[a] + u] / prec[a]) * prec[a]
                        W[c, a] += 1.0
                        S[c, a] += x
                        SS[c, a] += x * x
                for a in range(q):
                    v = nom_code[a, rb[i, nom_cols[a]]]
                    if v >= 0:
                        ncnt[c, nom_off[a] + v] += 1.0
                        ntot[c, a] += 1.0
            n_tr = 0.0
            for c in range(C):
                n_tr += nc[c]
            for c in range(C):
                logp[c] = math.log((nc[c] + 1.0) / (n_tr + C))
                for a in range(mn):
                    w = W[c, a]
                    p = prec[a]
                    if w > 0:
                        mu = S[c, a] / w
                        sd = math.sqrt(abs(SS[c, a] - mu * S[c, a]) / w)
                    else:
                        mu = 0.0
                        sd = 0.0
                    mean[c, a] = mu
                    std[c, a] = max(p / 6.0, sd) if (w > 0 and sd > 1e-10) else p / 6.0
                for a in range(q):
                    V = nom_V[a]
                    for v in range(V):
                        lc = math.log((ncnt[c, nom_off[a] + v] + 1.0) / (ntot[c, a] + V))
                        logc[c, nom_off[a] + v] = max(lc, _LOG_FLOOR)
            # --- predict the test rows (first maximum, as Weka's Utils.maxIndex)
            for i in range(n):
                if fb[i] != f:
                    continue
                for a in range(mn):
                    u = num_code[a, rb[i, num_cols[a]]]
                    xv[a] = np.rint(values[off[a] + u] / prec[a]) * prec[a] if u >= 0 else np.nan
                for a in range(q):
                    xc[a] = nom_code[a, rb[i, nom_cols[a]]]
                best = -np.inf
                pred = 0
                for c in range(C):
                    lj = logp[c]
                    for a in range(mn):
                        x = xv[a]
                        if x == x:
                            p = prec[a]
                            sd = std[c, a]
                            P = _ndtr((x - mean[c, a] + p / 2.0) / sd) - _ndtr((x - mean[c, a] - p / 2.0) / sd)
                            lj += math.log(max(1e-75, P))
                    for a in range(q):
                        v = xc[a]
                        if v >= 0:
                            lj += logc[c, nom_off[a] + v]
                    if lj > best:
                        best = lj
                        pred = c
                if pred != yb[i]:
                    wrong += 1
        out[b] = wrong
    return out


def nb_cv_errors(
    X, y, folds, spec: naive_bayes.AttributeSpec, *, perms=None, idx=None, n_classes: int | None = None
) -> np.ndarray:
    """Weka's NaiveBayes CV errors in the engines' shared contract (as ``lib.models.c45.j48_cv_errors``
    and ``lib.models.smo.smo_cv_errors``): Test 1 with ``perms`` (:func:`nb_cv_errors_test1`), Test 2
    with ``idx`` (:func:`nb_cv_errors_test2`); ``folds`` ``(k, n)`` or ``(n,)``."""
    if (perms is None) == (idx is None):
        raise ValueError("give perms (Test 1) or idx (Test 2), not both")
    if perms is not None:
        return nb_cv_errors_test1(X, y, folds, perms, spec, n_classes=n_classes)
    return nb_cv_errors_test2(X, y, folds, idx, spec, n_classes=n_classes)

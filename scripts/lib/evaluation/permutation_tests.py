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

Fast engines (no refit per permutation)
---------------------------------------
* :func:`nn1_cv_errors_test1`: 1-NN under Test 1. ``X`` is unchanged, so the tied set of
  nearest training rows of each test row is found once (fixed folds); each permutation's
  prediction is then a gather ``y[perm][nn]`` (or a vote over the tied set, sparse matrix
  product), vectorised over permutations. With per-permutation folds a short list of sorted
  candidates per row is scanned for the first one in another fold (exact fall-back when the
  list runs out).
* :func:`nn1_cv_errors_test2`: 1-NN under Test 2: the data change, so distances are
  recomputed in batches with BLAS (``||b||^2 - 2 a.b`` per fold, ``||a||^2`` being constant
  along a test row), or with Weka's exact distance via ``metric`` when values are missing.
  On all-nominal data the permutation study (``lib.studies.permutation.randomized_errors``) uses
  ``nn1_nominal`` instead: integer match counts
  of bitsets, compiled, no distance matrix (Mushroom: 0.16 s instead of ~0.9 s per
  randomisation; identical errors, tested).
* :func:`nb_cv_errors_test1` / :func:`nb_cv_errors_test2`: Weka-like naive Bayes; class
  statistics of a whole batch by matrix products (one-hot labels ``(k, n, C)`` times
  ``[present, x, x^2, nominal indicators]``).
* Decision tree and SVM: ``c45.j48_cv_errors`` and ``smo.smo_cv_errors``, Weka's J48 and SMO
  re-implemented and compiled (refit per fold; numeric attributes sorted once per data set, the
  SVM's kernel matrix computed once).

All fast engines are tested to give exactly the same errors as refitting the classifier fold by
fold (the slow path ``cv_errors`` of ``scripts/tools/reference_models.py``, in ``tests/``).

Tie rule of the 1-NN engines: ``"first"`` (Weka IB1 fed rows in file order: the lowest
training index among the training rows whose squared distance is within ``TIE_TOL`` of the
minimum), ``"vote"`` (Weka IBk -K 1: majority vote among them, vote ties to the lowest class
index) or ``"shuffled"`` (Weka IB1 inside ``Evaluation.crossValidateModel``, whose
``Instances.trainCV(numFolds, fold, random)`` shuffles every fold's training rows: the tied row
with the smallest random key, keys from ``weka_like.TieKeys``, one uniform order per fold and
randomisation). The engines take the keys as ``tie_keys`` (a ``TieKeys`` or an int array
``(k, n_folds, n)``, fold ids indexing axis 1) and draw blocks of them as they go; the keys of
randomisation ``r`` depend only on the entropy and ``r``, so results do not depend on batch
sizes. See ``lib.models.weka_like`` for the Weka details; 1-NN distances come from
``weka_like.ibk_sqdist_fn`` / ``encode_for_blas`` with whole-data ranges.

BLAS threads: the engines run BLAS single-threaded by default (``blas_threads=1``). On this
2-core machine, with one core busy, two OpenBLAS threads made the Test 2 engine ~60x slower
(16 s instead of 0.25 s per 100 randomisations of a 1000 x 20 data set). Pipelines that run
several jobs at once should also set ``OPENBLAS_NUM_THREADS=1`` for their own BLAS calls; this
one need not: Snakemake sets ``OPENBLAS_NUM_THREADS`` (and ``OMP_NUM_THREADS``,
``MKL_NUM_THREADS``, ...) to the job's threads, 1 here, for every script job.

Timing (2-core machine, one core busy with another job; numpy 2.4, OpenBLAS 1 thread;
1000 randomisations, stratified 10-fold CV, numeric Gaussian data; includes drawing the
randomisations; best of 1-3 runs)::

                                          150 x 4     1000 x 20
    1-NN Test 1 (fixed folds, first/vote)   0.01 s      0.03 s
    1-NN Test 1 (folds travel w/ labels)    0.04 s      0.28 s
    1-NN Test 2 (fixed folds, first/vote)   0.08 s      3.1 / 3.2 s
    1-NN Test 2 (fresh folds per rand.)     0.13 s      4.7 s
    NB   Test 1 (fixed / travelling folds)  0.20/0.23 s 5.6 / 6.9 s   (*)
    NB   Test 2 (fixed folds)               0.30 s      8.7 s         (*)
    slow path, 1-NN refit (IBk1)            1.6 s       8.5 s
    slow path, NB refit                     1.5 s       7.4 s

(*) The compiled naive Bayes engine (``nb_engine``), measured with both cores busy. On
numeric data its floor is Weka's likelihood, two ``erfc`` and a ``log`` per test row, class
and attribute (~70 ns together here); the former BLAS-batched version took 1.5 / 10.2 / 8.4 s
on an idle core but 10-20x longer on nominal data (Splice, Mushroom), where the compiled
engine now takes ~5-15 ms per randomisation.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable

import numpy as np
from scipy import sparse

from ..models import nb_engine
from ..models import weka_like as wl

TIE_TOL = wl.TIE_TOL
_CONTROLLER = None


def limit_blas_threads(n: int | None):
    """Limit BLAS threads inside the engines (small GEMMs gain nothing from threads and
    OpenBLAS threads spin badly when the cores are shared with other jobs)."""
    global _CONTROLLER
    if n is None:
        return contextlib.nullcontext()
    if _CONTROLLER is None:  # scanning the loaded libraries once saves ~0.2 ms per call
        from threadpoolctl import ThreadpoolController

        _CONTROLLER = ThreadpoolController()
    return _CONTROLLER.limit(limits=int(n), user_api="blas")


def _with_blas_threads(func):
    """Add keyword ``blas_threads`` (default 1; None leaves the BLAS pool alone)."""

    @functools.wraps(func)
    def wrapper(*args, blas_threads: int | None = 1, **kwargs):
        with limit_blas_threads(blas_threads):
            return func(*args, **kwargs)

    wrapper.__doc__ = (
        (func.__doc__ or "")
        + """
    blas_threads : int or None, keyword, default 1
        BLAS threads used inside the call (threadpoolctl); None leaves them unchanged.
"""
    )
    return wrapper


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


# --------------------------------------------------------------------------------------
# 1-NN engines
# --------------------------------------------------------------------------------------
def euclidean_sqdist_fn(Z) -> Callable:
    """``f(rows_a, rows_b)`` = squared Euclidean distances between rows of ``Z`` (BLAS)."""
    Z = np.asarray(Z, dtype=float)

    def f(ra, rb):
        return wl.sq_euclidean(Z[ra], Z[rb])

    return f


def _row_blocks(n: int, budget: int = 4_000_000):
    step = max(1, budget // max(n, 1))
    for s in range(0, n, step):
        yield np.arange(s, min(n, s + step))


def nn1_tie_sets(sqdist: Callable, folds, tol: float = TIE_TOL):
    """For fixed folds: each row's nearest training rows (all within ``tol`` of the minimum).

    Training rows of row ``a`` are the rows of the other folds.

    Returns
    -------
    first : (n,) int, the lowest index of the tied set
    ties : scipy.sparse.csr_matrix (n, n), bool, row ``a`` = tied set of ``a``
    """
    folds = np.asarray(folds)
    n = len(folds)
    allr = np.arange(n)
    first = np.empty(n, dtype=np.intp)
    rows, cols = [], []
    for B in _row_blocks(n):
        D = np.array(sqdist(B, allr), dtype=float)
        D[folds[B][:, None] == folds[None, :]] = np.inf
        dmin = D.min(axis=1, keepdims=True)
        if not np.isfinite(dmin).all():
            raise ValueError("a row has no training candidate (only one fold?)")
        tie = D <= dmin + tol
        first[B] = tie.argmax(axis=1)
        r, c = np.nonzero(tie)
        rows.append(B[r])
        cols.append(c)
    rows = np.concatenate(rows)
    cols = np.concatenate(cols)
    ties = sparse.csr_matrix((np.ones(len(rows), dtype=bool), (rows, cols)), shape=(n, n))
    return first, ties


def _vote_predict(ties_csr, Yp, n_classes: int, rows=None) -> np.ndarray:
    """Votes of tied neighbours; ``Yp`` (k, n) labels; returns (k, len(rows)) predictions."""
    S = ties_csr if rows is None else ties_csr[rows]
    S = S.astype(np.float64)
    best = None
    bestv = None
    for c in range(n_classes):
        v = np.asarray(S @ (Yp == c).T.astype(np.float64)).T  # (k, r)
        if best is None:
            best = np.zeros(v.shape, dtype=np.intp)
            bestv = v
        else:
            better = v > bestv
            best[better] = c
            bestv = np.where(better, v, bestv)
    return best


@_with_blas_threads
def nn1_cv_errors_test1(
    sqdist,
    y,
    folds,
    perms,
    *,
    n_classes: int | None = None,
    tie_rule: str = "first",
    tol: float = TIE_TOL,
    n_candidates: int = 16,
    tie_keys=None,
) -> np.ndarray:
    """CV error of 1-NN for a batch of Test 1 label permutations, without refitting.

    Under Test 1 the data ``X`` do not change, so the tied set of nearest training rows of
    every test row is computed once; the prediction for permutation ``pi`` is the label
    ``y[pi]`` of the first tied row ("first") or the majority among the tied rows ("vote").
    Exactly equal to refitting 1-NN per permutation and fold with the same distance
    (see tests), for fixed folds and for per-permutation folds.

    Parameters
    ----------
    sqdist : callable ``(rows_a, rows_b) -> (len(rows_a), len(rows_b))`` squared distances,
        or an ``(n, d)`` array ``Z`` (Euclidean via BLAS). See
        :func:`lib.models.weka_like.ibk_sqdist_fn` for Weka's distance.
    y : (n,) int labels ``0..C-1``
    folds : (n,) fold indices shared by all permutations, or (k, n) one fold vector per
        permutation (e.g. ``folds[perms]``: folds travel with the labels); leave-one-out is
        ``loo_folds(n)``.
    perms : (k, n) int, from :func:`label_permutations`; row ``pi`` gives labels ``y[pi]``.
    n_classes : int, default ``y.max() + 1``
    tie_rule : {"first", "vote", "shuffled"}
    tol : float, tie tolerance on squared distances
    n_candidates : int
        Per-permutation folds only: sorted candidates kept per row (rows whose candidates are
        exhausted are recomputed exactly).
    tie_keys : ``weka_like.TieKeys`` or int array ``(k, n_folds, n)`` / ``(n_folds, n)``
        ``"shuffled"`` only: priority of data row ``j`` when fold ``f`` is tested, in
        randomisation ``b`` (``tie_keys[b, f, j]``); the tied row with the smallest key wins.

    Returns
    -------
    (k,) array of error rates (misclassified / n).
    """
    if not callable(sqdist):
        sqdist = euclidean_sqdist_fn(sqdist)
    y = np.asarray(y, dtype=np.intp)
    perms = np.atleast_2d(np.asarray(perms, dtype=np.intp))
    n = len(y)
    C = int(y.max()) + 1 if n_classes is None else int(n_classes)
    folds = np.asarray(folds)
    Yp = y[perms]  # (k, n) randomised labels
    wl.check_tie_rule(tie_rule, tie_keys)
    if folds.ndim == 1:
        first, ties = nn1_tie_sets(sqdist, folds, tol)
        if tie_rule == "first":
            pred = Yp[:, first]
        elif tie_rule == "shuffled":
            pred = _shuffled_predict(ties, Yp, folds, tie_keys)
        else:
            sizes = np.diff(ties.indptr)
            pred = Yp[:, first].copy()
            multi = np.flatnonzero(sizes > 1)
            if len(multi):
                pred[:, multi] = _vote_predict(ties, Yp, C, rows=multi)
        return (pred != Yp).sum(axis=1) / n
    return _nn1_test1_perm_folds(sqdist, Yp, folds, C, tie_rule, tol, n_candidates, tie_keys)


def _shuffled_predict(ties_csr, Yp, folds, tie_keys, budget: int = 4_000_000) -> np.ndarray:
    """Fixed folds, ``"shuffled"``: per permutation the tied row of smallest key.

    The tied sets are the CSR rows of ``ties_csr``; with ``E`` tied pairs in all, each block of
    permutations gathers a ``(b, E)`` array of keys and takes segment minima (keys of one fold
    and randomisation are a permutation, so the minimum is attained once per segment).
    """
    k, n = Yp.shape
    sizes = np.diff(ties_csr.indptr)
    rows_e = np.repeat(np.arange(n), sizes)
    cols_e = ties_csr.indices.astype(np.intp)
    starts = ties_csr.indptr[:-1]
    fold_e = folds[rows_e]
    pred = np.empty((k, n), dtype=Yp.dtype)
    step = max(1, budget // max(len(cols_e), 1))
    for s in range(0, k, step):
        e = min(k, s + step)
        K = wl.key_block(tie_keys, s, e)
        Kg = K[:, fold_e, cols_e]  # (b, E) key of each tied candidate
        segmin = np.minimum.reduceat(Kg, starts, axis=1)
        win = Kg == np.repeat(segmin, sizes, axis=1)
        pred[s:e] = np.add.reduceat(np.where(win, Yp[s:e, cols_e], 0), starts, axis=1)
    return pred


def _sorted_candidates(sqdist, n, R, tol):
    """Per row: candidates sorted by (distance, index), self excluded, the first ``R`` plus all
    ties of the R-th. Returns padded (idx, d, lastR, full): idx = n, d = inf as padding; lastR
    the distance of the R-th candidate; full whether the row's list holds all n - 1 rows."""
    allr = np.arange(n)
    lists_i, lists_d = [], []
    for B in _row_blocks(n):
        D = np.array(sqdist(B, allr), dtype=float)
        D[np.arange(len(B)), B] = np.inf
        for t, a in enumerate(B):
            d = D[t]
            order = np.lexsort((allr, d))[: n - 1]
            ds = d[order]
            r = min(R, n - 1)
            cut = ds[r - 1] + tol
            r_ext = int(np.searchsorted(ds, cut, side="right"))
            # ties are near-equal, lexsort by distance then index keeps them contiguous
            r_ext = max(r, min(r_ext, n - 1))
            lists_i.append(order[:r_ext])
            lists_d.append(ds[:r_ext])
    width = max(len(v) for v in lists_i)
    idx = np.full((n, width), n, dtype=np.intp)
    dd = np.full((n, width), np.inf)
    full = np.empty(n, dtype=bool)
    for a, (ii, d) in enumerate(zip(lists_i, lists_d)):
        idx[a, : len(ii)] = ii
        dd[a, : len(d)] = d
        full[a] = len(ii) == n - 1
    lastR = dd[:, min(R, n - 1) - 1]
    return idx, dd, lastR, full


def _nn1_test1_perm_folds(sqdist, Yp, G, C, tie_rule, tol, R, tie_keys=None):
    k, n = Yp.shape
    if G.shape != (k, n):
        raise ValueError(f"per-permutation folds must have shape {(k, n)}, got {G.shape}")
    idx, dd, lastR, full = _sorted_candidates(sqdist, n, R, tol)
    W = idx.shape[1]
    # pad column n: an invalid candidate (its fold never differs, label irrelevant)
    Gp = np.concatenate([G, G[:, :1]], axis=1)
    Ypad = np.concatenate([Yp, np.zeros((k, 1), dtype=Yp.dtype)], axis=1)
    real = idx < n
    errors = np.zeros(k, dtype=np.int64)
    allr = np.arange(n)
    step = max(1, 2_000_000 // max(n * W, 1))
    for s in range(0, k, step):
        sl = slice(s, min(k, s + step))
        g = Gp[sl]  # (b, n+1)
        b = g.shape[0]
        cand_fold = g[:, idx]  # (b, n, W)
        own = g[:, :n, None]
        valid = (cand_fold != own) & real[None]
        anyv = valid.any(axis=2)
        rstar = valid.argmax(axis=2)  # (b, n)
        dstar = np.take_along_axis(np.broadcast_to(dd, (b, n, W)), rstar[..., None], axis=2)[..., 0]
        # complete if the first valid candidate is no farther than the R-th candidate (all its
        # ties are then in the list) or the list holds every row
        ok = anyv & ((dstar <= lastR[None, :]) | full[None, :])
        tie = valid & (dd[None] <= dstar[..., None] + tol)
        ylab = Ypad[sl][:, idx]  # (b, n, W)
        if tie_rule == "first":
            firsti = np.where(tie, idx[None], n).min(axis=2)  # lowest index among ties
            pred = np.take_along_axis(Ypad[sl], firsti, axis=1)
        elif tie_rule == "shuffled":
            K = wl.key_block(tie_keys, s, s + b)  # (b, F, n)
            Kc = K[np.arange(b)[:, None, None], g[:, :n, None], np.minimum(idx, n - 1)[None]]
            win = np.where(tie, Kc, wl._NO_KEY).argmin(axis=2)  # smallest key
            pred = np.take_along_axis(ylab, win[..., None], axis=2)[..., 0]
        else:
            votes = np.stack([(tie & (ylab == c)).sum(axis=2) for c in range(C)], axis=-1)
            pred = votes.argmax(axis=-1)
        truth = Yp[sl]
        wrong = (pred != truth) & ok
        # exact fallback for incomplete rows
        bad = np.argwhere(~ok)
        for bi, a in bad:
            gk = g[bi, :n]
            d = np.array(sqdist(np.array([a]), allr), dtype=float)[0]
            d[gk == gk[a]] = np.inf
            ka = None if tie_rule != "shuffled" else K[bi, gk[a]]
            p = wl.nn1_from_sqdist(d[None], Yp[s + bi], C, tie_rule, tol, keys=ka)[0]
            wrong[bi, a] = p != truth[bi, a]
        errors[sl] = wrong.sum(axis=1)
    return errors / n


@_with_blas_threads
def nn1_cv_errors_test2(
    Z,
    y,
    folds,
    idx,
    *,
    groups=None,
    weight=None,
    metric: Callable | None = None,
    n_classes: int | None = None,
    tie_rule: str = "first",
    tol: float = TIE_TOL,
    budget: int = 250_000,
    tie_keys=None,
) -> np.ndarray:
    """CV error of 1-NN for a batch of Test 2 randomisations (Sec. III, Test 2).

    The data change with every randomisation, so distances are recomputed, in batches:
    with BLAS on the encoded matrix ``Z`` (``metric=None``), or with ``metric(A, B)`` on the
    randomised raw rows (e.g. ``lambda A, B: ibk_sq_distances(A, B, spec, ranges)`` when there
    are missing values; a Python loop over randomisations then).

    Parameters
    ----------
    Z : (n, d) array. With ``metric=None`` the BLAS encoding (``weka_like.encode_for_blas``),
        whose column ``c`` belongs to attribute ``groups[c]``; otherwise the raw ``(n, m)`` data.
    y : (n,) int labels (unchanged by Test 2)
    folds : (n,) fold indices shared by all randomisations, or (k, n) one fold vector per
        randomisation (e.g. :func:`resample_folds`)
    idx : (k, n, m) row indices from :func:`within_class_permutations`
    groups : (d,) attribute of each column of ``Z``; default ``arange(d)``
    weight : (d,) cross-product weight of each column of ``Z`` (0 = norm-only column, see
        ``weka_like.encode_for_blas_nominal_missing``); default all 1
    metric : callable or None
    n_classes, tie_rule, tol, tie_keys : as in :func:`nn1_cv_errors_test1`
    budget : int, max number of distance entries held at once

    Returns
    -------
    (k,) array of error rates.
    """
    Z = np.asarray(Z, dtype=float)
    y = np.asarray(y, dtype=np.intp)
    folds = np.asarray(folds)
    idx = np.asarray(idx)
    n, d = Z.shape
    C = int(y.max()) + 1 if n_classes is None else int(n_classes)
    if groups is None:
        groups = np.arange(d)
    groups = np.asarray(groups)
    k = idx.shape[0]
    per_perm = folds.ndim == 2
    if per_perm and folds.shape != (k, n):
        raise ValueError(f"per-randomisation folds must have shape {(k, n)}, got {folds.shape}")
    same = None if per_perm else folds[:, None] == folds[None, :]
    errors = np.zeros(k, dtype=np.int64)
    wl.check_tie_rule(tie_rule, tie_keys)
    shuffled = tie_rule == "shuffled"
    if metric is not None:
        for b in range(k):
            Xp = Z[idx[b][:, groups], np.arange(d)]
            D = np.array(metric(Xp, Xp), dtype=float)
            D[folds[b][:, None] == folds[b][None, :] if per_perm else same] = np.inf
            # row i's candidates carry the keys of its own test fold
            keys = wl.key_block(tie_keys, b, b + 1)[0][folds[b] if per_perm else folds] if shuffled else None
            pred = wl.nn1_from_sqdist(D, y, C, tie_rule, tol, keys=keys)
            errors[b] = int((pred != y).sum())
        return errors / n
    cols = np.arange(d)
    fold_ids = np.unique(folds)
    if not per_perm and len(fold_ids) <= 50:
        # per fold: test rows x training rows, no masking. ||a||^2 is constant along a test
        # row, so it is dropped (argmin and tie differences unchanged).
        parts = []
        for f in fold_ids:
            te, tr = np.flatnonzero(folds == f), np.flatnonzero(folds != f)
            rows_per = max(1, budget // max(len(tr), 1))
            for r0 in range(0, len(te), rows_per):
                parts.append((te[r0 : r0 + rows_per], tr))
        block = max(len(te) * len(tr) for te, tr in parts)
        step = max(1, budget // block)
        for s in range(0, k, step):
            sl = slice(s, min(k, s + step))
            Zp = np.ascontiguousarray(Z[idx[sl][:, :, groups], cols])  # (b, n, d)
            sq = np.einsum("bij,bij->bi", Zp, Zp)
            Zw = Zp if weight is None else Zp * weight
            K = wl.key_block(tie_keys, sl.start, sl.stop) if shuffled else None
            for te, tr in parts:
                G = np.matmul(Zw[:, te], np.swapaxes(Zp[:, tr], 1, 2))
                G *= -2.0
                G += sq[:, None, tr]
                keys = K[:, folds[te[0]], tr][:, None, :] if shuffled else None
                pred = wl.nn1_from_sqdist(G, y[tr], C, tie_rule, tol, keys=keys)
                errors[sl] += (pred != y[te]).sum(axis=1)
        return errors / n
    # per-randomisation folds, or many small folds (e.g. leave-one-out): all rows as
    # candidates, same-fold pairs masked
    step = max(1, budget // (n * n))
    blocks = list(_row_blocks(n, budget)) if step == 1 else [np.arange(n)]
    for s in range(0, k, step):
        sl = slice(s, min(k, s + step))
        Zp = np.ascontiguousarray(Z[idx[sl][:, :, groups], cols])  # (b, n, d)
        sq = np.einsum("bij,bij->bi", Zp, Zp)
        Zw = Zp if weight is None else Zp * weight
        K = wl.key_block(tie_keys, sl.start, sl.stop) if shuffled else None
        for B in blocks:
            D = sq[:, B, None] + sq[:, None, :] - 2.0 * np.matmul(Zw[:, B], np.swapaxes(Zp, 1, 2))
            np.maximum(D, 0.0, out=D)
            if per_perm:
                D[folds[sl][:, B, None] == folds[sl][:, None, :]] = np.inf
            else:
                D[:, same[B]] = np.inf
            keys = None
            if shuffled:  # (b, |B|, n): each test row's candidates carry its fold's keys
                fB = folds[sl][:, B] if per_perm else np.broadcast_to(folds[B], (K.shape[0], len(B)))
                keys = K[np.arange(K.shape[0])[:, None], fB]
            pred = wl.nn1_from_sqdist(D, y, C, tie_rule, tol, keys=keys)
            errors[sl] += (pred != y[B]).sum(axis=1)
    return errors / n


# --------------------------------------------------------------------------------------
# Naive Bayes engines
# --------------------------------------------------------------------------------------
def nb_cv_errors_test1(
    X, y, folds, perms, spec: wl.AttributeSpec, *, n_classes: int | None = None, chunk: int = 1024
) -> np.ndarray:
    """CV error of Weka-like naive Bayes for a batch of Test 1 label permutations.

    Compiled (``nb_engine``): per permutation and fold, Weka's precision of the training rows
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
    data = nb_engine.CodedData(X, spec)
    k = perms.shape[0]
    wrong = np.zeros(k, dtype=np.int64)
    for s in range(0, k, chunk):
        sl = slice(s, min(k, s + chunk))
        wrong[sl] = nb_engine.cv_wrong(data, y[perms[sl]], folds[sl] if folds.ndim == 2 else folds, C)
    return wrong / len(y)


def nb_cv_errors_test2(
    X, y, folds, idx, spec: wl.AttributeSpec, *, n_classes: int | None = None, chunk: int = 64
) -> np.ndarray:
    """CV error of Weka-like naive Bayes for a batch of Test 2 randomisations.

    Compiled (``nb_engine``); the randomised data are read through ``idx`` and never formed.

    Parameters
    ----------
    X, y, spec : as in :func:`nb_cv_errors_test1`
    folds : (n,) shared, or (k, n) per randomisation (e.g. :func:`resample_folds`)
    idx : (k, n, m) from :func:`within_class_permutations`
    chunk : randomisations per call (bounds the ``(chunk, n, m)`` index copy)

    Returns
    -------
    (k,) error rates.
    """
    y = np.asarray(y, dtype=np.intp)
    folds = np.asarray(folds)
    idx = np.asarray(idx)
    C = int(y.max()) + 1 if n_classes is None else int(n_classes)
    data = nb_engine.CodedData(X, spec)
    k = idx.shape[0]
    wrong = np.zeros(k, dtype=np.int64)
    for s in range(0, k, chunk):
        sl = slice(s, min(k, s + chunk))
        wrong[sl] = nb_engine.cv_wrong(data, y, folds[sl] if folds.ndim == 2 else folds, C, rows=idx[sl])
    return wrong / len(y)

"""Sampling statistics of AUC (Raeder, Forman & Chawla 2012, Sec. 4).

* "Test Variance": the standard deviation of AUC of a fixed classifier with mean AUC 0.95 on
  test sets of 100:5000, 100:500, 10:500 and 10:5000 positives:negatives, by simulation and in
  closed form (Hanley & McNeil 1982; the equal-variance binormal model).
* "Null Hypothesis": the critical AUC of a random classifier, from the normal approximation of
  the Mann-Whitney statistic, its exact permutation distribution and simulation, optionally for
  the best of m random classifiers.

What reproduces the printed Section 4 numbers: the equal-variance binormal model with the
exact variance formula (``auc_sd(..., model="binormal")``, or ``simulate_auc_binormal``) gives
0.0099, 0.0108, 0.0315 and 0.0312 (ratios 1.09, 3.17, 3.13); Hanley-McNeil's exponential
Q1, Q2 give 0.015-0.048 and do not. The critical AUC 0.654 is the exact permutation quantile
at a per-test level of 1e-4 (e.g. p = 0.01 for the best of 100 random classifiers); at a single
p = 0.01 the critical AUC is 0.597. Functions that draw take an explicit ``rng``.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import numpy as np

# scipy.stats is imported inside the three functions that take a normal quantile: it costs ~0.5 s
# of import in every job and Snakefile parse that loads this module (the raeder2012 views), most
# of which compute none.
from scipy import special


def _out(x):
    """Return 0-d arrays as Python floats, other arrays unchanged (as the metrics do)."""
    x = np.asarray(x, dtype=float)
    return float(x) if x.ndim == 0 else x


# ---------------------------------------------------------------------------------------------
# Section 4, "Test Variance": SD of AUC
# ---------------------------------------------------------------------------------------------
def binormal_separation(target_auc):
    """Mean separation d of the equal-variance binormal model with a given AUC.

    Negative scores ~ N(0, 1), positive scores ~ N(d, 1); then ``AUC = Phi(d / sqrt 2)``, so
    ``d = sqrt(2) * Phi^{-1}(AUC)`` (d = 2.326 for AUC 0.95). The expected empirical AUC equals
    the target for every test-set size (chapter Sec. 4: "the mean AUC ... was always the same").

    Parameters
    ----------
    target_auc : float in (0, 1)

    Returns
    -------
    float
    """
    from scipy import stats  # imported when used: see the import of scipy.special

    return float(np.sqrt(2.0) * stats.norm.ppf(target_auc))


def binormal_q(target_auc):
    """Exact Hanley-McNeil Q1 = Q2 for the equal-variance binormal model.

    ``Q1 = P(two positives both outscore one negative)``, ``Q2 = P(one positive outscores two
    negatives)``. Both are ``P(Z1 < h, Z2 < h)`` for standard normals with correlation 1/2 and
    ``h = Phi^{-1}(AUC)``, computed with Owen's T: ``Phi(h) - 2 T(h, 1/sqrt 3)``.

    Parameters
    ----------
    target_auc : float in (0, 1)

    Returns
    -------
    (float, float)
        ``(Q1, Q2)``, equal by symmetry of the model.
    """
    from scipy import stats  # imported when used: see the import of scipy.special

    h = stats.norm.ppf(target_auc)
    q = float(stats.norm.cdf(h) - 2.0 * special.owens_t(h, 1.0 / np.sqrt(3.0)))
    return q, q


def hanley_mcneil_q(target_auc):
    """Hanley & McNeil's (1982) approximations ``Q1 = A/(2-A)``, ``Q2 = 2A^2/(1+A)``.

    They are exact for exponential (negative-exponential) score distributions, not for the
    binormal model; see ``binormal_q``.

    Parameters
    ----------
    target_auc : float

    Returns
    -------
    (float, float)
    """
    a = float(target_auc)
    return a / (2.0 - a), 2.0 * a * a / (1.0 + a)


def auc_variance(target_auc, n_pos, n_neg, q1, q2):
    """Variance of the empirical AUC, Hanley & McNeil (1982) eq. for the Mann-Whitney U.

    ``Var = [A(1-A) + (n_pos - 1)(Q1 - A^2) + (n_neg - 1)(Q2 - A^2)] / (n_pos n_neg)``.
    This is the exact variance of ``U/(n_pos n_neg)`` for continuous scores when Q1, Q2 are the
    true probabilities; approximations enter only through Q1, Q2.

    Parameters
    ----------
    target_auc : float
    n_pos, n_neg : int or array_like
    q1, q2 : float

    Returns
    -------
    float or ndarray
    """
    a = float(target_auc)
    n1 = np.asarray(n_pos, dtype=float)
    n0 = np.asarray(n_neg, dtype=float)
    v = (a * (1 - a) + (n1 - 1) * (q1 - a * a) + (n0 - 1) * (q2 - a * a)) / (n1 * n0)
    return _out(v)


def auc_sd(target_auc, n_pos, n_neg, model="binormal"):
    """Standard deviation of AUC in closed form (chapter Sec. 4, "Test Variance").

    Parameters
    ----------
    target_auc : float
        Mean AUC of the fixed classifier (0.95 in the chapter).
    n_pos, n_neg : int or array_like
        Test-set positives and negatives.
    model : {"binormal", "exponential"}
        Source of Q1, Q2: ``"binormal"`` uses the exact equal-variance binormal values
        (``binormal_q``; matches ``simulate_auc_binormal`` and reproduces the chapter);
        ``"exponential"`` uses Hanley & McNeil's approximations (``hanley_mcneil_q``).

    Returns
    -------
    float or ndarray
    """
    if model == "binormal":
        q1, q2 = binormal_q(target_auc)
    elif model == "exponential":
        q1, q2 = hanley_mcneil_q(target_auc)
    else:
        raise ValueError("model must be 'binormal' or 'exponential'")
    return _out(np.sqrt(auc_variance(target_auc, n_pos, n_neg, q1, q2)))


def _auc_continuous(scores, n_pos):
    """AUC of rows whose first n_pos columns are positives; assumes no ties (continuous)."""
    order = np.argsort(scores, axis=-1)
    ranks = np.arange(1, scores.shape[-1] + 1, dtype=np.float64)
    rank_sum = (order < n_pos) @ ranks
    n_neg = scores.shape[-1] - n_pos
    return (rank_sum - n_pos * (n_pos + 1) / 2.0) / (n_pos * n_neg)


def _blocks(n_reps, n, max_elements):
    size = max(1, int(max_elements) // max(n, 1))
    for start in range(0, n_reps, size):
        yield min(size, n_reps - start)


def simulate_auc_binormal(n_pos, n_neg, target_auc, n_reps, rng, max_elements=4_000_000):
    """Empirical AUCs of a fixed binormal classifier on independent test sets (Sec. 4).

    Chapter Sec. 4, "Test Variance": "We simulated a fixed classifier on various test sets,
    varying the number of positives and negatives". Each replicate draws ``n_pos`` positive
    scores from N(d, 1) and ``n_neg`` negative scores from N(0, 1), with
    ``d = binormal_separation(target_auc)``, and computes the AUC (no ties occur).

    Parameters
    ----------
    n_pos, n_neg : int
    target_auc : float
    n_reps : int
        Number of simulated test sets.
    rng : numpy.random.Generator
    max_elements : int, default 4e6
        Replicates are drawn in blocks of ``max_elements // (n_pos + n_neg)`` rows (vectorised,
        bounded memory). The stream of draws depends on the block size, so results are
        reproducible for a given generator state *and* ``max_elements``.

    Returns
    -------
    ndarray, shape (n_reps,)
    """
    d = binormal_separation(target_auc)
    n = n_pos + n_neg
    out = []
    for b in _blocks(n_reps, n, max_elements):
        pos = rng.standard_normal((b, n_pos)) + d
        neg = rng.standard_normal((b, n_neg))
        out.append(_auc_continuous(np.concatenate([pos, neg], axis=1), n_pos))
    return np.concatenate(out) if out else np.empty(0)


# ---------------------------------------------------------------------------------------------
# Section 4, "Null Hypothesis": critical AUC of a random classifier
# ---------------------------------------------------------------------------------------------
def _per_test_alpha(alpha, n_classifiers):
    if not 0.0 < alpha < 1.0:
        raise ValueError("alpha must lie in (0, 1)")
    if int(n_classifiers) != n_classifiers or n_classifiers < 1:
        raise ValueError("n_classifiers must be a positive integer")
    # Sidak: the best of m independent random classifiers exceeds c with prob 1-(1-p)^m.
    return -math.expm1(math.log1p(-alpha) / n_classifiers)


def null_auc_sd(n_pos, n_neg):
    """SD of AUC under H0 (scores independent of labels, no ties).

    Parameters
    ----------
    n_pos : int or array-like of int
        Number of positives.
    n_neg : int or array-like of int
        Number of negatives (broadcast against ``n_pos``).

    Returns
    -------
    sd : float or ndarray
        ``sqrt(Var(AUC))`` with the Mann-Whitney null variance
        ``Var(AUC) = (n_pos + n_neg + 1) / (12 n_pos n_neg)``; a float for scalar input, an
        ndarray of the broadcast shape otherwise.

    Notes
    -----
    Used for the critical AUC of random classifiers in Raeder, Forman & Chawla 2012, Sec. 4,
    "Null Hypothesis" (:func:`critical_auc_normal`).
    """
    n1 = np.asarray(n_pos, dtype=float)
    n0 = np.asarray(n_neg, dtype=float)
    return _out(np.sqrt((n1 + n0 + 1) / (12 * n1 * n0)))


def critical_auc_normal(n_pos, n_neg, alpha=0.01, n_classifiers=1):
    """Critical AUC under H0 from the normal approximation (chapter Sec. 4, "Null Hypothesis").

    ``c = 1/2 + z_{1 - alpha'} * null_auc_sd(n_pos, n_neg)``, one-sided, where
    ``alpha' = 1 - (1 - alpha)^(1/m)`` (Sidak) so that the *best* of ``m = n_classifiers``
    independent random classifiers exceeds ``c`` with probability ``alpha``.

    Parameters
    ----------
    n_pos, n_neg : int
    alpha : float, default 0.01
    n_classifiers : int, default 1

    Returns
    -------
    float
    """
    from scipy import stats  # imported when used: see the import of scipy.special

    a = _per_test_alpha(alpha, n_classifiers)
    return float(0.5 + stats.norm.isf(a) * null_auc_sd(n_pos, n_neg))


def null_auc_distribution(n_pos, n_neg):
    """Exact permutation distribution of AUC under H0 (no ties).

    The number of labelings with Mann-Whitney statistic U = u is the coefficient of q^u in the
    Gaussian binomial ``[n_pos + n_neg choose k]_q = prod_{i=1}^{k} (1 - q^(n-k+i)) / (1 - q^i)``
    with ``k = min(n_pos, n_neg)``; it is computed in exact integer arithmetic (object arrays,
    vectorised over u) on the lower half of the support and mirrored (the distribution is
    symmetric). Cost about ``k * n_pos * n_neg / 2`` big-integer additions: 0.1 s for 50:1000.

    Parameters
    ----------
    n_pos, n_neg : int

    Returns
    -------
    auc_values : ndarray, shape (n_pos n_neg + 1,)
        ``u / (n_pos n_neg)`` for u = 0 .. n_pos n_neg.
    pmf : ndarray of float, same shape
        Probabilities (exact counts / C(n, n_pos), rounded to float).
    """
    values, pmf = _null_auc_distribution_cached(int(n_pos), int(n_neg))
    return values.copy(), pmf.copy()


@functools.lru_cache(maxsize=16)
def _null_auc_distribution_cached(n1, n0):
    if n1 < 1 or n0 < 1:
        raise ValueError("need n_pos >= 1 and n_neg >= 1")
    k, n = min(n1, n0), n1 + n0
    m = n1 * n0
    half = m // 2 + 1  # coefficients 0 .. floor(m/2)
    c = np.zeros(half, dtype=object)
    c[0] = 1
    for i in range(1, k + 1):
        e = n - k + i
        if e < half:
            c[e:] = c[e:] - c[: half - e]
        length = -(-half // i) * i
        pad = np.zeros(length, dtype=object)
        pad[:half] = c
        c = pad.reshape(-1, i).cumsum(axis=0).reshape(-1)[:half]
    total = math.comb(n, k)
    full = np.concatenate([c, c[: m + 1 - half][::-1]])
    pmf = np.array([float(Fraction(int(v), total)) for v in full])
    return np.arange(m + 1) / m, pmf


def critical_auc_exact(n_pos, n_neg, alpha=0.01, n_classifiers=1):
    """Exact critical AUC under H0 (chapter Sec. 4, "Null Hypothesis").

    The smallest attainable AUC value ``c`` with ``P(AUC > c) <= alpha'`` under the exact
    permutation distribution (``null_auc_distribution``): an observed AUC must *exceed* c
    ("the AUC critical value that must be exceeded"). ``alpha'`` is the Sidak per-classifier
    level for the best of ``n_classifiers`` independent random classifiers (as in
    ``critical_auc_normal``).

    For the chapter's 50 positives and 1000 negatives this gives 0.5971 at ``alpha = 0.01``
    (one test) and 0.6539 at a per-test level of 1e-4 (``alpha=0.01, n_classifiers=100``, or
    ``alpha=1e-4``): the printed 0.654 is reproduced by the latter, not by a single test at
    p = 0.01.

    Parameters
    ----------
    n_pos, n_neg : int
    alpha : float, default 0.01
    n_classifiers : int, default 1

    Returns
    -------
    float
    """
    a = _per_test_alpha(alpha, n_classifiers)
    values, pmf = null_auc_distribution(n_pos, n_neg)
    # tail[j] = P(AUC > values[j]) computed from exact fractions would be slow; floats suffice
    # (all pmf entries are accurate to ~1e-16 relative).
    tail = np.r_[np.cumsum(pmf[::-1])[::-1][1:], 0.0]
    return float(values[np.argmax(tail <= a)])


def simulate_null_auc(n_pos, n_neg, n_reps, rng, n_classifiers=1, max_elements=4_000_000):
    """AUCs of random classifiers (scores independent of labels), Sec. 4 "Null Hypothesis".

    Each replicate scores a test set of ``n_pos`` positives and ``n_neg`` negatives with
    i.i.d. U(0, 1) scores; with ``n_classifiers = m > 1`` the replicate returns the best of m
    independent random classifiers on the same test set.

    Parameters
    ----------
    n_pos, n_neg : int
    n_reps : int
    rng : numpy.random.Generator
    n_classifiers : int, default 1
    max_elements : int, default 4e6
        Block size control, as in ``simulate_auc_binormal``.

    Returns
    -------
    ndarray, shape (n_reps,)
    """
    m = int(n_classifiers)
    n = n_pos + n_neg
    out = []
    for b in _blocks(n_reps * m, n, max_elements):
        out.append(_auc_continuous(rng.random((b, n)), n_pos))
    aucs = np.concatenate(out) if out else np.empty(0)
    return aucs.reshape(n_reps, m).max(axis=1)


def critical_auc_simulated(n_pos, n_neg, alpha, n_reps, rng, n_classifiers=1):
    """Critical AUC under H0 by simulation: the empirical (1 - alpha) quantile.

    Uses ``simulate_null_auc`` and ``numpy.quantile(..., method="higher")``. Resolution is
    limited by ``n_reps`` (need ``n_reps * alpha`` well above 1).

    Parameters
    ----------
    n_pos, n_neg : int
    alpha : float
    n_reps : int
    rng : numpy.random.Generator
    n_classifiers : int, default 1

    Returns
    -------
    float
    """
    aucs = simulate_null_auc(n_pos, n_neg, n_reps, rng, n_classifiers)
    return float(np.quantile(aucs, 1.0 - alpha, method="higher"))

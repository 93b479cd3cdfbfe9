"""Significance tests on per-fold performance, vectorised over leading (trial) axes.

Inputs are arrays of shape ``(..., k)``: one performance value (e.g. test-set error rate) per
fold for algorithms A and B. Every test returns a :class:`TestResult` of arrays of shape
``(...)``. Tests are two-sided at level ``alpha``.

Neville et al. 2009, Sec. 3.2 and Wang et al. 2011, Sec. 2 use the paired and the unpaired
(pooled-variance, 2k - 2 degrees of freedom) Student t-test.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# Student's t through scipy.special (t.sf(x, v) is stdtr(v, -x), t.cdf(x, v) is stdtr(v, x), bit
# for bit): scipy.stats costs about 1 s of import in every job and Snakefile parse that loads this
# module; only the Wilcoxon test needs it, and imports it where it runs.
from scipy import special


@dataclass(frozen=True)
class TestResult:
    statistic: np.ndarray
    pvalue: np.ndarray
    reject: np.ndarray


def _check(a: np.ndarray, b: np.ndarray, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if a.shape != b.shape:
        raise ValueError(f"A and B need the same shape of fold results, got {a.shape} and {b.shape}")
    if a.shape[-1] < 2:
        raise ValueError(f"a t-test needs at least 2 folds, got {a.shape[-1]}")
    if not 0.0 < alpha < 1.0:
        raise ValueError(f"alpha must lie strictly between 0 and 1, got {alpha}")
    return a, b


def _t_from(mean: np.ndarray, se: np.ndarray, dof: int, alpha: float) -> TestResult:
    # se == 0 happens when every fold gives the same difference: t is 0 if that difference is 0
    # (nothing to detect) and infinite otherwise (a constant non-zero difference).
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(se > 0, mean / np.where(se > 0, se, 1.0), np.where(mean == 0, 0.0, np.copysign(np.inf, mean)))
    p = 2.0 * special.stdtr(dof, -np.abs(t))
    return TestResult(t, p, p < alpha)


def paired_t(a, b, alpha: float = 0.05) -> TestResult:
    """Paired t-test on the fold differences ``a - b`` (``k - 1`` degrees of freedom).

    Parameters
    ----------
    a, b : array-like of shape (..., k)
        Per-fold performance (e.g. test-set error rate) of algorithms A and B; the last axis is the
        folds (at least 2), leading axes (trials) are vectorised over.
    alpha : float, default=0.05
        Significance level of the two-sided test, strictly between 0 and 1.

    Returns
    -------
    result : TestResult
        ``statistic``, ``pvalue`` (two-sided) and ``reject`` (``pvalue < alpha``), each an ndarray
        of shape ``(...)``.
        When every fold gives the same difference (zero standard error) the statistic is 0 if that
        difference is 0 and ``+-inf`` otherwise.

    Raises
    ------
    ValueError
        If ``a`` and ``b`` differ in shape, have fewer than 2 folds, or ``alpha`` is not strictly
        between 0 and 1.

    Notes
    -----
    The paired t-test of Neville, Gallagher & Eliassi-Rad 2009, Sec. 3.2 and Wang et al. 2011,
    Sec. 2.
    """
    a, b = _check(a, b, alpha)
    k = a.shape[-1]
    d = a - b
    se = d.std(axis=-1, ddof=1) / np.sqrt(k)
    return _t_from(d.mean(axis=-1), se, k - 1, alpha)


def unpaired_t(a, b, alpha: float = 0.05) -> TestResult:
    """Unpaired two-sample t-test with pooled variance (``2k - 2`` degrees of freedom).

    ``t = (mean A - mean B) / sqrt(pooled var * 2 / k)``, the pooled variance being the average
    of the two samples' variances (``ddof=1``).

    Parameters
    ----------
    a, b : array-like of shape (..., k)
        Per-fold performance (e.g. test-set error rate) of algorithms A and B; the last axis is the
        folds (at least 2), leading axes (trials) are vectorised over.
    alpha : float, default=0.05
        Significance level of the two-sided test, strictly between 0 and 1.

    Returns
    -------
    result : TestResult
        ``statistic``, ``pvalue`` (two-sided) and ``reject`` (``pvalue < alpha``), each an ndarray
        of shape ``(...)``.
        With zero pooled variance the statistic is 0 if the means are equal and ``+-inf``
        otherwise.

    Raises
    ------
    ValueError
        If ``a`` and ``b`` differ in shape, have fewer than 2 folds, or ``alpha`` is not strictly
        between 0 and 1.

    Notes
    -----
    Wang et al. 2011, Theorem 4 (Sec. 3) and Sec. 2; Neville, Gallagher & Eliassi-Rad 2009,
    Sec. 3.2.
    """
    a, b = _check(a, b, alpha)
    k = a.shape[-1]
    pooled = 0.5 * (a.var(axis=-1, ddof=1) + b.var(axis=-1, ddof=1))
    se = np.sqrt(pooled * 2.0 / k)
    return _t_from(a.mean(axis=-1) - b.mean(axis=-1), se, 2 * k - 2, alpha)


def wilcoxon(a, b, alpha: float = 0.05) -> TestResult:
    """Wilcoxon signed-rank test on the fold differences ``a - b``.

    SciPy's implementation, vectorised over leading axes: zero differences are dropped
    (Wilcoxon's rule) and the p-value is the normal approximation with tie correction. Fold error
    rates are discrete, so ties and zeros are common; for those SciPy's exact option falls back to
    a permutation test per row, far too slow for 10^4 trials.

    Parameters
    ----------
    a, b : array-like of shape (..., k)
        Per-fold performance (e.g. test-set error rate) of algorithms A and B; the last axis is the
        folds (at least 2), leading axes (trials) are vectorised over.
    alpha : float, default=0.05
        Significance level of the two-sided test, strictly between 0 and 1.

    Returns
    -------
    result : TestResult
        ``statistic`` (SciPy's signed-rank statistic), ``pvalue`` (two-sided) and ``reject``
        (``pvalue < alpha``), each an ndarray of shape ``(...)``. All-zero differences give
        ``pvalue = 1``, as does any row for which SciPy returns a NaN p-value.

    Raises
    ------
    ValueError
        If ``a`` and ``b`` differ in shape, have fewer than 2 folds, or ``alpha`` is not strictly
        between 0 and 1.

    Notes
    -----
    The third test of Neville, Gallagher & Eliassi-Rad 2009, Sec. 3.2.
    """
    from scipy import stats  # here, not at the top: see the import of scipy.special

    a, b = _check(a, b, alpha)
    d = a - b
    with np.errstate(invalid="ignore", divide="ignore"):  # rows of all-zero differences
        result = stats.wilcoxon(d, axis=-1, zero_method="wilcox", method="approx")
    p = np.where(np.all(d == 0, axis=-1), 1.0, np.nan_to_num(np.asarray(result.pvalue), nan=1.0))
    return TestResult(np.asarray(result.statistic, dtype=float), p, p < alpha)


def nadeau_bengio_t(a, b, test_size, train_size, alpha: float = 0.05) -> TestResult:
    """Corrected resampled t-test of Nadeau & Bengio (2003), beyond the papers.

    The paired t-test with the variance of the mean difference inflated from ``s^2 / J`` to
    ``(1/J + n_test/n_train) s^2`` for ``J`` train/test splits of the given sizes (``J - 1``
    degrees of freedom). The ratio uses the actual split sizes; the familiar ``1/J + 1/(k-1)``
    is the special case of k-fold cross-validation.

    Parameters
    ----------
    a, b : array-like of shape (..., J)
        Per-split performance of algorithms A and B; the last axis is the ``J`` splits (at least
        2), leading axes (trials) are vectorised over.
    test_size : float or array-like broadcastable to (...)
        Test-set size ``n_test`` of the splits, positive.
    train_size : float or array-like broadcastable to (...)
        Training-set size ``n_train`` of the splits, positive.
    alpha : float, default=0.05
        Significance level of the two-sided test, strictly between 0 and 1.

    Returns
    -------
    result : TestResult
        ``statistic``, ``pvalue`` (two-sided) and ``reject`` (``pvalue < alpha``), each an ndarray
        of shape ``(...)``.

    Raises
    ------
    ValueError
        If ``a`` and ``b`` differ in shape, have fewer than 2 splits, ``alpha`` is not strictly
        between 0 and 1, or a test or training set size is not positive.

    Notes
    -----
    Not part of the reproduced papers; Nadeau & Bengio (2003), "Inference for the
    generalization error", Machine Learning 52.
    """
    a, b = _check(a, b, alpha)
    if np.any(np.asarray(test_size) <= 0) or np.any(np.asarray(train_size) <= 0):
        raise ValueError("test and training set sizes must be positive")
    j = a.shape[-1]
    d = a - b
    factor = 1.0 / j + np.asarray(test_size, dtype=float) / np.asarray(train_size, dtype=float)
    se = np.sqrt(factor * d.var(axis=-1, ddof=1))
    return _t_from(d.mean(axis=-1), se, j - 1, alpha)


def dietterich_5x2cv_t(a, b, alpha: float = 0.05) -> TestResult:
    """Dietterich's (1998) 5x2cv paired t-test, beyond the papers.

    With ``p_i^(j)`` the difference on fold j of repetition i and ``s_i^2`` the variance estimate
    of repetition i (the sum of the squared deviations of its two differences from their mean),
    ``t = p_1^(1) / sqrt(mean_i s_i^2)`` has 5 degrees of freedom.

    Parameters
    ----------
    a, b : array-like of shape (..., 10)
        Fold results of algorithms A and B ordered as 5 repetitions x 2 folds (repetition-major,
        as :func:`lib.evaluation.sampling.repeated_kfold_test_sets` orders them).
    alpha : float, default=0.05
        Significance level of the two-sided test, strictly between 0 and 1.

    Returns
    -------
    result : TestResult
        ``statistic``, ``pvalue`` (two-sided) and ``reject`` (``pvalue < alpha``), each an ndarray
        of shape ``(...)``.

    Raises
    ------
    ValueError
        If ``a`` and ``b`` differ in shape, ``alpha`` is not strictly between 0 and 1, or the last
        axis does not hold 10 fold results.

    Notes
    -----
    Not part of the reproduced papers; Dietterich (1998), "Approximate statistical tests for
    comparing supervised classification learning algorithms", Neural Computation 10.
    """
    a, b = _check(a, b, alpha)
    if a.shape[-1] != 10:
        raise ValueError(f"the 5x2cv test needs 10 fold results (5 x 2), got {a.shape[-1]}")
    d = (a - b).reshape(*a.shape[:-1], 5, 2)
    mean = d.mean(axis=-1, keepdims=True)
    s2 = ((d - mean) ** 2).sum(axis=-1)
    se = np.sqrt(s2.mean(axis=-1))
    return _t_from(d[..., 0, 0], se, 5, alpha)


# Tests that need nothing but the fold results.
TESTS = {"paired_t": paired_t, "unpaired_t": unpaired_t, "wilcoxon": wilcoxon}


@dataclass(frozen=True)
class BayesianResult:
    """Posterior probabilities of the Bayesian correlated t-test, each an ndarray of shape
    ``(...)``: ``p_left`` (A's mean lower than B's by more than the rope), ``p_rope`` (the
    difference lies within the region of practical equivalence), ``p_right``; ``decide``: one of
    the three exceeds the decision probability and it is not the rope (a practical difference)."""

    p_left: np.ndarray
    p_rope: np.ndarray
    p_right: np.ndarray
    decide: np.ndarray


def bayesian_correlated_t(a, b, test_size, train_size, rope: float = 0.01, decision: float = 0.95) -> BayesianResult:
    """Bayesian correlated t-test of Benavoli, Corani, Demšar & Zaffalon (2017), beyond the papers.

    The posterior of the mean difference ``b - a`` over the ``J`` splits is a Student t with
    ``J - 1`` degrees of freedom, location the mean difference and scale
    ``sqrt((1/J + n_test/n_train) s^2)`` (Nadeau & Bengio's correlation for overlapping training
    sets; ``1/J + 1/(k-1)`` for k-fold cross-validation, which is what the ``baycomp`` package's
    ``CorrelatedTTest`` uses, tested equal). The probabilities are taken from its cumulative
    distribution at ``-rope`` and ``+rope``.

    Parameters
    ----------
    a, b : array-like of shape (..., J)
        Per-split performance (e.g. error rate) of algorithms A and B; leading axes are trials.
    test_size, train_size : float or array-like broadcastable to (...)
        Split sizes, positive.
    rope : float, default=0.01
        Half-width of the region of practical equivalence, in the units of ``a`` and ``b``
        (0.01: error rates within one percentage point are "equivalent").
    decision : float, default=0.95
        Posterior probability needed to decide.

    Returns
    -------
    BayesianResult

    Raises
    ------
    ValueError
        If ``a`` and ``b`` differ in shape or have fewer than 2 splits, a size is not positive,
        ``rope`` is negative or ``decision`` is not in (0.5, 1).

    Notes
    -----
    Not part of the reproduced papers; Benavoli et al. (2017), "Time for a change: a tutorial for
    comparing multiple classifiers through Bayesian analysis", JMLR 18. A degenerate posterior
    (all differences equal) puts all its mass on that difference.
    """
    a, b = _check(a, b, 0.05)
    if np.any(np.asarray(test_size) <= 0) or np.any(np.asarray(train_size) <= 0):
        raise ValueError("test and training set sizes must be positive")
    if rope < 0 or not 0.5 < decision < 1.0:
        raise ValueError(f"rope must be >= 0 and decision in (0.5, 1), got {rope} and {decision}")
    j = a.shape[-1]
    d = b - a
    mean = d.mean(axis=-1)
    scale = np.sqrt(
        (1.0 / j + np.asarray(test_size, dtype=float) / np.asarray(train_size, dtype=float)) * d.var(axis=-1, ddof=1)
    )
    ok = scale > 0
    safe = np.where(ok, scale, 1.0)
    left = np.where(ok, special.stdtr(j - 1, (-rope - mean) / safe), (mean < -rope).astype(float))
    right = np.where(ok, special.stdtr(j - 1, -((rope - mean) / safe)), (mean > rope).astype(float))
    inside = 1.0 - left - right
    return BayesianResult(left, inside, right, (left > decision) | (right > decision))

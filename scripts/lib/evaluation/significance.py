"""Significance tests on per-fold performance, vectorised over leading (trial) axes.

Inputs are arrays of shape ``(..., k)``: one performance value (e.g. test-set error rate) per
fold for algorithms A and B. The tests on one holdout split (:func:`mcnemar`,
:func:`paired_permutation_test`) take instead each classifier's per-instance correctness, shape
``(..., n)``. Every test returns a :class:`TestResult` of arrays of shape ``(...)``. Tests are
two-sided at level ``alpha``.

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


def _five_by_two(a, b, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """Differences ``a - b`` as (..., 5 repetitions, 2 folds) and each repetition's variance
    estimate ``s_i^2`` (the sum of the squared deviations of its two differences from their mean)."""
    a, b = _check(a, b, alpha)
    if a.shape[-1] != 10:
        raise ValueError(f"the 5x2cv test needs 10 fold results (5 x 2), got {a.shape[-1]}")
    d = (a - b).reshape(*a.shape[:-1], 5, 2)
    s2 = ((d - d.mean(axis=-1, keepdims=True)) ** 2).sum(axis=-1)
    return d, s2


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
    d, s2 = _five_by_two(a, b, alpha)
    se = np.sqrt(s2.mean(axis=-1))
    return _t_from(d[..., 0, 0], se, 5, alpha)


def combined_5x2cv_f(a, b, alpha: float = 0.05) -> TestResult:
    """Alpaydin's (1999) combined 5x2cv F test, beyond the papers.

    With ``p_i^(j)`` the difference on fold j of repetition i and ``s_i^2`` the variance estimate
    of repetition i (as in :func:`dietterich_5x2cv_t`),
    ``F = sum_ij (p_i^(j))^2 / (2 sum_i s_i^2)`` follows an F distribution with 10 and 5 degrees
    of freedom; the p-value is its upper tail. It uses all ten differences where Dietterich's t
    uses only the first, so it does not depend on which fold comes first.

    Parameters
    ----------
    a, b : array-like of shape (..., 10)
        Fold results of algorithms A and B ordered as 5 repetitions x 2 folds (repetition-major,
        as :func:`lib.evaluation.sampling.repeated_kfold_test_sets` orders them).
    alpha : float, default=0.05
        Significance level, strictly between 0 and 1.

    Returns
    -------
    result : TestResult
        ``statistic`` (F), ``pvalue`` and ``reject`` (``pvalue < alpha``), each an ndarray of shape
        ``(...)``. When every repetition's two differences are equal (``sum s_i^2 = 0``) F is 0
        if all differences are 0 and ``inf`` otherwise.

    Raises
    ------
    ValueError
        If ``a`` and ``b`` differ in shape, ``alpha`` is not strictly between 0 and 1, or the last
        axis does not hold 10 fold results.

    Notes
    -----
    Not part of the reproduced papers; Alpaydin (1999), "Combined 5 x 2 cv F test for comparing
    supervised classification learning algorithms", Neural Computation 11. mlxtend's
    ``combined_ftest_5x2cv`` computes the same from estimators (tested equal).
    """
    d, s2 = _five_by_two(a, b, alpha)
    num = (d**2).sum(axis=(-2, -1))
    den = 2.0 * s2.sum(axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        f = np.where(den > 0, num / np.where(den > 0, den, 1.0), np.where(num == 0, 0.0, np.inf))
    p = special.fdtrc(10, 5, f)
    return TestResult(f, p, p < alpha)


def corrected_repeated_cv_t(a, b, repetitions: int, folds: int, alpha: float = 0.05) -> TestResult:
    """Corrected repeated k-fold cross-validation t-test of Bouckaert & Frank (2004), beyond the papers.

    Over the ``r x k`` fold differences of ``r`` repetitions of k-fold cross-validation,
    ``t = mean(d) / sqrt((1/(r k) + 1/(k - 1)) s^2)`` with ``r k - 1`` degrees of freedom: Nadeau &
    Bengio's variance correction with ``n_test/n_train = 1/(k - 1)``, so this is
    :func:`nadeau_bengio_t` with those sizes (which it calls). The order of the fold results does
    not matter.

    Parameters
    ----------
    a, b : array-like of shape (..., repetitions * folds)
        Per-fold performance of algorithms A and B over all repetitions; leading axes (trials)
        are vectorised over.
    repetitions : int
        Number ``r`` of repetitions of the cross-validation, at least 1.
    folds : int
        Number ``k`` of folds of each cross-validation, at least 2.
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
        If ``a`` and ``b`` differ in shape, ``alpha`` is not strictly between 0 and 1, ``folds`` is
        below 2 or ``repetitions`` below 1, or the last axis does not hold ``repetitions * folds``
        results.

    Notes
    -----
    Not part of the reproduced papers; Bouckaert & Frank (2004), "Evaluating the replicability of
    significance tests for comparing learning algorithms", PAKDD 2004 (Weka's corrected paired
    t-tester); Nadeau & Bengio (2003).
    """
    if int(folds) != folds or folds < 2 or int(repetitions) != repetitions or repetitions < 1:
        raise ValueError(f"need whole numbers folds >= 2 and repetitions >= 1, got {folds} and {repetitions}")
    a, b = _check(a, b, alpha)
    if a.shape[-1] != repetitions * folds:
        raise ValueError(f"{repetitions} x {folds}-fold CV has {repetitions * folds} fold results, got {a.shape[-1]}")
    return nadeau_bengio_t(a, b, test_size=1.0, train_size=folds - 1.0, alpha=alpha)


def _check_correct(correct_a, correct_b, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """Per-instance correctness as booleans, checked."""
    a = np.asarray(correct_a)
    b = np.asarray(correct_b)
    if a.shape != b.shape:
        raise ValueError(f"A and B need the same shape of per-instance results, got {a.shape} and {b.shape}")
    if a.ndim == 0 or a.shape[-1] < 1:
        raise ValueError(f"per-instance results need a last axis of at least 1 instance, got shape {a.shape}")
    if not (np.isin(a, (0, 1)).all() and np.isin(b, (0, 1)).all()):
        raise ValueError("per-instance correctness must be boolean (or 0/1)")
    if not 0.0 < alpha < 1.0:
        raise ValueError(f"alpha must lie strictly between 0 and 1, got {alpha}")
    return a.astype(bool), b.astype(bool)


#: Below this many discordant pairs :func:`mcnemar` uses the exact binomial test (the usual rule of
#: thumb for when the chi-square approximation is poor).
MCNEMAR_EXACT_BELOW = 25


def mcnemar(correct_a, correct_b, alpha: float = 0.05, exact: bool | None = None) -> TestResult:
    """McNemar's test of two classifiers on one test set, beyond the papers.

    Only the discordant instances count: ``n01`` (A wrong, B right) and ``n10`` (A right, B wrong).
    Under the null hypothesis of equal error rates ``n10 ~ Binomial(n01 + n10, 1/2)``. The exact
    test's two-sided p-value is ``min(1, 2 P(X <= min(n01, n10)))``; the approximate one is the
    chi-square (1 degree of freedom) of ``(|n01 - n10| - 1)^2 / (n01 + n10)`` with the continuity
    correction, the correction capped at ``|n01 - n10|`` (Yates' rule, so ``n01 = n10`` gives
    ``p = 1``; the uncapped formula differs only there).

    Parameters
    ----------
    correct_a, correct_b : array-like of bool of shape (..., n)
        Whether A, resp. B, classified each test instance correctly (0/1 accepted); leading axes
        (trials) are vectorised over.
    alpha : float, default=0.05
        Significance level of the two-sided test, strictly between 0 and 1.
    exact : bool or None, default=None
        None: the exact test where ``n01 + n10 < MCNEMAR_EXACT_BELOW`` (25), the chi-square
        otherwise; True or False forces one of them for every trial.

    Returns
    -------
    result : TestResult
        ``statistic``, ``pvalue`` (two-sided) and ``reject`` (``pvalue < alpha``), each an ndarray
        of shape ``(...)``. The statistic is the chi-square where that is used and
        ``min(n01, n10)`` where the exact test is (statsmodels' convention). No discordant pair
        gives ``p = 1``.

    Raises
    ------
    ValueError
        If the inputs differ in shape, have no instance, are not boolean (or 0/1), ``alpha`` is
        not strictly between 0 and 1, or ``exact`` is not None, True or False.

    Notes
    -----
    Not part of the reproduced papers; McNemar (1947), Psychometrika 12; recommended for a single
    holdout split by Dietterich (1998), "Approximate statistical tests for comparing supervised
    classification learning algorithms", Neural Computation 10, Sec. 3.1.
    """
    if exact not in (None, True, False):
        raise ValueError(f"exact must be None, True or False, got {exact!r}")
    a, b = _check_correct(correct_a, correct_b, alpha)
    n10 = (a & ~b).sum(axis=-1)
    n01 = (~a & b).sum(axis=-1)
    n = n01 + n10
    small = np.minimum(n01, n10)
    p_exact = np.minimum(1.0, 2.0 * special.bdtr(small, n, 0.5))
    with np.errstate(divide="ignore", invalid="ignore"):
        chi2 = np.where(n > 0, np.maximum(np.abs(n01 - n10) - 1.0, 0.0) ** 2 / np.where(n > 0, n, 1), 0.0)
    p_chi2 = special.chdtrc(1, chi2)
    use_exact = n < MCNEMAR_EXACT_BELOW if exact is None else np.full(n.shape, exact)
    p = np.where(use_exact, p_exact, p_chi2)
    return TestResult(np.where(use_exact, small.astype(float), chi2), p, p < alpha)


def paired_permutation_test(
    correct_a, correct_b, permutations: int, rng: np.random.Generator, alpha: float = 0.05
) -> TestResult:
    """Paired permutation test of the accuracy difference of two classifiers on one test set,
    beyond the papers.

    Under the null hypothesis A's and B's predictions are exchangeable on each instance, so each
    permutation swaps them on a random half of the instances: the per-instance differences
    ``d_i = correct_a_i - correct_b_i`` get independent random signs. The p-value is
    ``(1 + #{|d*| >= |d|}) / (1 + permutations)`` with ``d = mean(d_i)`` observed and ``d*``
    permuted, so it is never below ``1 / (1 + permutations)``.

    A swap changes nothing where both are right or both wrong, and where they disagree each
    ``d_i`` is +-1 with a fair random sign; so ``n * d*`` is ``2X - m`` with
    ``X ~ Binomial(m, 1/2)``, ``m`` the number of discordant instances. The permutations are drawn
    that way, one binomial number each, instead of an ``(n, permutations)`` matrix of signs: the
    same distribution, exactly, in memory independent of ``n``. As ``permutations`` grows the
    p-value tends to the exact McNemar test's (:func:`mcnemar` with ``exact=True``).

    Parameters
    ----------
    correct_a, correct_b : array-like of bool of shape (..., n)
        Whether A, resp. B, classified each test instance correctly (0/1 accepted); leading axes
        (trials) are vectorised over.
    permutations : int
        Number of random sign flips, at least 1.
    rng : numpy.random.Generator
        Source of the sign flips; the same state gives the same p-values.
    alpha : float, default=0.05
        Significance level of the two-sided test, strictly between 0 and 1.

    Returns
    -------
    result : TestResult
        ``statistic`` (accuracy of A minus accuracy of B), ``pvalue`` (two-sided) and ``reject``
        (``pvalue < alpha``), each an ndarray of shape ``(...)``.

    Raises
    ------
    ValueError
        If the inputs differ in shape, have no instance, are not boolean (or 0/1), ``alpha`` is
        not strictly between 0 and 1, ``permutations`` is not a whole number of at least 1, or
        ``rng`` is not a ``numpy.random.Generator``.

    Notes
    -----
    Not part of the reproduced papers; the approximate randomisation test of Noreen (1989),
    "Computer-Intensive Methods for Testing Hypotheses", with the p-value of Phipson & Smyth
    (2010), "Permutation p-values should never be zero", SAGMB 9 (the one of
    :func:`lib.evaluation.permutation_tests.pvalue`).
    """
    if int(permutations) != permutations or permutations < 1:
        raise ValueError(f"permutations must be a whole number of at least 1, got {permutations}")
    if not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng must be a numpy.random.Generator, got {type(rng).__name__}")
    a, b = _check_correct(correct_a, correct_b, alpha)
    diff = a.astype(np.int64) - b.astype(np.int64)
    observed = np.abs(diff.sum(axis=-1))
    m = np.abs(diff).sum(axis=-1)
    # integer sums, so ties |d*| = |d| are compared exactly
    kept = rng.binomial(m[..., None], 0.5, size=(*m.shape, int(permutations)))
    count = (np.abs(2 * kept - m[..., None]) >= observed[..., None]).sum(axis=-1)
    p = (1.0 + count) / (1.0 + int(permutations))
    return TestResult(diff.mean(axis=-1), p, p < alpha)


#: The t-tests the papers compare (Neville et al. 2009), by their names in the studies' tables
T_TESTS = ("paired_t", "unpaired_t")

# Tests that need nothing but the fold results.
TESTS = {"paired_t": paired_t, "unpaired_t": unpaired_t, "wilcoxon": wilcoxon}


@dataclass(frozen=True)
class BayesianResult:
    """Posterior probabilities of the Bayesian correlated t-test, each an ndarray of shape
    ``(...)``: ``p_left`` (``b - a < -rope``: A's mean above B's by more than the rope -- A worse
    on error rates, better on accuracies), ``p_rope`` (the difference lies within the region of
    practical equivalence; ``1 - p_left - p_right``, so it may be a rounding error below 0),
    ``p_right`` (B's mean above A's by more than the rope); ``decide``: ``p_left`` or ``p_right``
    exceeds the decision probability (a practical difference)."""

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

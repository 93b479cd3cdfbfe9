"""Metrics, minority removal and Section 4 statistics for Raeder, Forman & Chawla (2012).

Implements the evaluation side of T. Raeder, G. Forman, N. V. Chawla, *Learning from
Imbalanced Data: Evaluation Matters*, Chapter 12 of *Data Mining: Foundations and Intelligent
Paradigms*, Vol. 1, Springer 2012 (called "the chapter" below):

* Sec. 3, "Evaluation Metrics": accuracy and F1 at threshold 0.5, AUC (ties count 1/2),
  Brier score, precision at top 20, H-measure with a Beta(2, 2) cost distribution, and the
  precision-recall break-even point.
* Sec. 3.1-3.2: removal of a fraction of the minority class (x-axis of Figure 2), nested
  across fractions.
* Sec. 4, "Test Variance": the standard deviation of AUC of a fixed classifier with mean AUC
  0.95 on test sets of 100:5000, 100:500, 10:500 and 10:5000 positives:negatives, by
  simulation and in closed form (Hanley & McNeil 1982).
* Sec. 4, "Null Hypothesis": the critical AUC of a random classifier with 50 positives and
  1000 negatives, from the normal approximation of the Mann-Whitney statistic, its exact
  permutation distribution and simulation, optionally for the best of m random classifiers.

What reproduces the printed Section 4 numbers: the equal-variance binormal model with the
exact variance formula (``auc_sd(..., model="binormal")``, or ``simulate_auc_binormal``) gives
0.0099, 0.0108, 0.0315 and 0.0312 (ratios 1.09, 3.17, 3.13); Hanley-McNeil's exponential
Q1, Q2 give 0.015-0.048 and do not. The critical AUC 0.654 is the exact permutation quantile
at a per-test level of 1e-4 (e.g. p = 0.01 for the best of 100 random classifiers); at a single
p = 0.01 the critical AUC is 0.597.

Conventions used throughout
---------------------------
* ``labels`` are 0/1 (or boolean); the positive class is 1 and is the minority class.
* Higher scores mean "more likely positive".
* Metric functions take ``scores`` of shape ``(..., n)`` and ``labels`` of shape ``(n,)`` or
  ``(..., n)`` (anything that broadcasts against ``scores``); they return an array of shape
  ``(...)`` (a 0-d result is returned as a Python float). Many folds or replicates are thus
  scored in one call. Rows whose metric is undefined (e.g. AUC without positives) give NaN.

Everything here is a pure function of its arguments; functions that draw random numbers take
an explicit ``rng: numpy.random.Generator``.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import numpy as np
from scipy import special, stats

__all__ = [
    "DEFAULT_THRESHOLD",
    "SECTION4_AUC",
    "SECTION4_TEST_SETS",
    "SECTION4_PAPER_SD",
    "SECTION4_PAPER_RATIO",
    "SECTION4_NULL",
    "accuracy",
    "f1",
    "auc",
    "brier",
    "precision_at_k",
    "pr_break_even",
    "roc_points",
    "roc_convex_hull",
    "h_measure",
    "all_metrics",
    "minority_removal_count",
    "minority_removal_order",
    "remove_minority",
    "remove_minority_nested",
    "binormal_separation",
    "binormal_q",
    "hanley_mcneil_q",
    "auc_variance",
    "auc_sd",
    "simulate_auc_binormal",
    "null_auc_sd",
    "critical_auc_normal",
    "null_auc_distribution",
    "critical_auc_exact",
    "simulate_null_auc",
    "critical_auc_simulated",
]

#: Decision threshold of the chapter (Sec. 3): ``f(x) < 0.5`` is negative, all else positive.
DEFAULT_THRESHOLD = 0.5

#: Mean AUC of the fixed classifier in Sec. 4, "Test Variance".
SECTION4_AUC = 0.95
#: (positives, negatives) of the four test sets in Sec. 4, "Test Variance", in text order.
SECTION4_TEST_SETS = ((100, 5000), (100, 500), (10, 500), (10, 5000))
#: Standard deviations of AUC the chapter reports (Sec. 4), rounded as printed.
SECTION4_PAPER_SD = {(100, 5000): 0.010, (100, 500): 0.011, (10, 500): 0.032}
#: SD ratios to the 100:5000 SD as printed: "+9%", "+320%", "+314% of that of 100:5000".
#: The printed 0.032/0.010 = 3.2 shows that "+320%" and "+314%" are ratios (320 % *of* the
#: reference SD), while "+9%" is an increase (ratio 1.09); all three are stored as ratios.
SECTION4_PAPER_RATIO = {(100, 500): 1.09, (10, 500): 3.20, (10, 5000): 3.14}
#: Sec. 4, "Null Hypothesis": 50 positives, 1000 negatives, p = 0.01, critical AUC 0.654.
SECTION4_NULL = {"n_pos": 50, "n_neg": 1000, "alpha": 0.01, "paper_critical_auc": 0.654}


# ---------------------------------------------------------------------------------------------
# input handling
# ---------------------------------------------------------------------------------------------
def _prepare(scores, labels):
    """Broadcast ``scores`` (..., n) and ``labels`` to a common shape; validate them.

    Returns float scores and boolean labels of identical shape ``(..., n)``.
    """
    s = np.asarray(scores, dtype=float)
    y = np.asarray(labels)
    if s.ndim == 0:
        raise ValueError("scores must have at least one dimension (..., n)")
    if y.ndim == 0:
        raise ValueError("labels must have at least one dimension (n,) or (..., n)")
    if y.dtype != bool:
        if not np.all((y == 0) | (y == 1)):
            raise ValueError("labels must be 0/1 (positive = minority = 1)")
        y = y == 1
    if np.isnan(s).any():
        raise ValueError("scores contain NaN")
    try:
        s, y = np.broadcast_arrays(s, y)
    except ValueError as exc:
        raise ValueError(
            f"scores {s.shape} and labels {y.shape} do not broadcast; labels must be "
            "(n,) or (..., n) matching scores (..., n)"
        ) from exc
    if s.shape[-1] == 0:
        raise ValueError("need at least one example (n >= 1)")
    return s, y


def _out(x):
    """Return 0-d arrays as Python floats, other arrays unchanged."""
    x = np.asarray(x, dtype=float)
    return float(x) if x.ndim == 0 else x


# ---------------------------------------------------------------------------------------------
# threshold metrics
# ---------------------------------------------------------------------------------------------
def accuracy(scores, labels, threshold=DEFAULT_THRESHOLD):
    """Accuracy at a fixed threshold (chapter Sec. 3, "Evaluation Metrics").

    An example is predicted positive iff ``score >= threshold`` (the chapter: "instances with
    f(x_i) < 0.5 are classified as negative, and all other instances are classified as
    positive").

    Parameters
    ----------
    scores : array_like, shape (..., n)
        Classifier scores, higher = more likely positive.
    labels : array_like, shape (n,) or (..., n)
        0/1 true labels (1 = positive = minority).
    threshold : float, default 0.5
        Decision threshold.

    Returns
    -------
    float or ndarray, shape (...)
        Fraction of correctly classified examples.
    """
    s, y = _prepare(scores, labels)
    return _out(np.mean((s >= threshold) == y, axis=-1))


def f1(scores, labels, threshold=DEFAULT_THRESHOLD, zero_division=0.0):
    """F1-measure (harmonic mean of precision and recall) at a fixed threshold.

    Chapter Sec. 3, "Evaluation Metrics": "F1-Measure ... Again, we use a threshold of 0.5".
    Predicted positive iff ``score >= threshold``. ``F1 = 2 TP / (2 TP + FP + FN)``, which
    equals the harmonic mean of precision and recall whenever both are defined, and is 0 when
    TP = 0 but FP + FN > 0.

    Parameters
    ----------
    scores : array_like, shape (..., n)
    labels : array_like, shape (n,) or (..., n)
    threshold : float, default 0.5
    zero_division : float, default 0.0
        Value returned when ``2 TP + FP + FN = 0`` (no positives and no positive predictions).
        0.0 matches scikit-learn's ``f1_score`` default; pass ``np.nan`` to mark it undefined.

    Returns
    -------
    float or ndarray, shape (...)
    """
    s, y = _prepare(scores, labels)
    pred = s >= threshold
    tp = np.sum(pred & y, axis=-1)
    fp = np.sum(pred & ~y, axis=-1)
    fn = np.sum(~pred & y, axis=-1)
    den = 2 * tp + fp + fn
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(den > 0, 2 * tp / np.where(den > 0, den, 1), zero_division)
    return _out(out)


def brier(scores, labels):
    """Brier score: mean squared difference between score and 0/1 label.

    Chapter Sec. 3: ``S_brier = (1/n) sum_i (f(x_i) - y_i)^2``; lower is better. Scores are used
    as given (they should be probabilities of the positive class).

    Parameters
    ----------
    scores : array_like, shape (..., n)
    labels : array_like, shape (n,) or (..., n)

    Returns
    -------
    float or ndarray, shape (...)
    """
    s, y = _prepare(scores, labels)
    return _out(np.mean((s - y) ** 2, axis=-1))


# ---------------------------------------------------------------------------------------------
# ranking metrics
# ---------------------------------------------------------------------------------------------
def _sorted_with_groups(s, y):
    """Sort each row ascending; return sorted labels and tie-group start/end indices."""
    order = np.argsort(s, axis=-1, kind="stable")
    ss = np.take_along_axis(s, order, axis=-1)
    ys = np.take_along_axis(y, order, axis=-1)
    n = s.shape[-1]
    idx = np.broadcast_to(np.arange(n), ss.shape)
    diff = ss[..., 1:] != ss[..., :-1]
    true_col = np.ones(ss.shape[:-1] + (1,), dtype=bool)
    starts = np.concatenate([true_col, diff], axis=-1)
    ends = np.concatenate([diff, true_col], axis=-1)
    start_idx = np.maximum.accumulate(np.where(starts, idx, 0), axis=-1)
    end_idx = np.flip(np.minimum.accumulate(np.flip(np.where(ends, idx, n - 1), -1), -1), -1)
    return ys, start_idx, end_idx


def auc(scores, labels):
    """Area under the ROC curve, with tied positive/negative pairs counted 1/2.

    Chapter Sec. 3: ``AUC = 1/(n0 n1) sum_{i: y_i=1} sum_{j: y_j=0} I(f(x_i), f(x_j))`` with
    ``I = 1`` if ``f(x_i) > f(x_j)``, ``1/2`` if equal, ``0`` otherwise; i.e. the Mann-Whitney
    statistic ``U / (n0 n1)`` with mid-ranks. Equals scikit-learn's ``roc_auc_score``.

    Parameters
    ----------
    scores : array_like, shape (..., n)
    labels : array_like, shape (n,) or (..., n)

    Returns
    -------
    float or ndarray, shape (...)
        NaN where a row has no positive or no negative example.

    Notes
    -----
    One ``argsort`` per row plus linear passes; no Python loop over rows.
    """
    s, y = _prepare(scores, labels)
    ys, start, end = _sorted_with_groups(s, y)
    neg = (~ys).astype(np.int64)
    cneg = np.cumsum(neg, axis=-1)
    cneg_before = cneg - neg
    below = np.take_along_axis(cneg_before, start, axis=-1)  # negatives strictly below
    in_group = np.take_along_axis(cneg, end, axis=-1) - below  # negatives tied
    u = np.sum(np.where(ys, below + 0.5 * in_group, 0.0), axis=-1)
    n1 = ys.sum(axis=-1)
    n0 = ys.shape[-1] - n1
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where((n1 > 0) & (n0 > 0), u / (n1 * n0), np.nan)
    return _out(out)


def _expected_top_k_positives(s, y, k):
    """Expected number of positives among the k top-scored examples, ties in random order.

    ``k`` is an int array broadcastable to ``s.shape[:-1]`` with ``1 <= k <= n``. With ``t`` the
    k-th largest score, all examples scoring above ``t`` are taken and the remaining
    ``k - #{s > t}`` slots are filled uniformly at random from the block tied at ``t``; the
    expectation is ``P_gt + (k - N_gt) * P_eq / N_eq``.
    """
    n = s.shape[-1]
    k = np.broadcast_to(np.asarray(k, dtype=np.int64), s.shape[:-1])
    ss = np.sort(s, axis=-1)
    t = np.take_along_axis(ss, (n - k)[..., None], axis=-1)  # k-th largest, shape (..., 1)
    gt = s > t
    eq = s == t
    n_gt = gt.sum(axis=-1)
    n_eq = eq.sum(axis=-1)
    p_gt = (gt & y).sum(axis=-1)
    p_eq = (eq & y).sum(axis=-1)
    return p_gt + (k - n_gt) * p_eq / n_eq


def precision_at_k(scores, labels, k=20):
    """Precision at top k ("Precision @ Top 20", chapter Sec. 3), ties by expectation.

    The fraction of the ``k`` highest-scored examples that are positive.

    Tie handling: if the k-th highest score is shared by a block of examples that straddles
    the cutoff, the block's free slots are filled in uniformly random order and the *expected*
    precision is returned: ``(P_gt + (k - N_gt) * P_eq / N_eq) / k``, where ``N_gt, P_gt``
    count all / positive examples scoring strictly above the k-th highest score and ``N_eq,
    P_eq`` those tied with it. The result is deterministic and invariant to the input order.

    Fewer than k examples: when ``n < k`` every example is taken and the denominator is ``n``
    (precision of the whole list, i.e. the prevalence of the row), not ``k``.

    Parameters
    ----------
    scores : array_like, shape (..., n)
    labels : array_like, shape (n,) or (..., n)
    k : int, default 20
        Cutoff, ``k >= 1``.

    Returns
    -------
    float or ndarray, shape (...)
    """
    if int(k) != k or k < 1:
        raise ValueError("k must be a positive integer")
    s, y = _prepare(scores, labels)
    kk = min(int(k), s.shape[-1])
    return _out(_expected_top_k_positives(s, y, kk) / kk)


def _pr_break_even_step(s, y):
    """Largest intersection of the step PR curve with y = x, per row (see pr_break_even)."""
    order = np.argsort(-s, axis=-1, kind="stable")
    ss = np.take_along_axis(s, order, axis=-1)
    ys = np.take_along_axis(y, order, axis=-1)
    n = s.shape[-1]
    n1 = ys.sum(axis=-1, keepdims=True)
    tp = np.cumsum(ys, axis=-1)
    k = np.arange(1, n + 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        r = tp / n1
    p = tp / k
    valid = np.concatenate([ss[..., 1:] != ss[..., :-1], np.ones(ss.shape[:-1] + (1,), bool)], -1)
    idx = np.broadcast_to(np.arange(n), ss.shape)
    # recall at the previous valid cutoff (0 before the first) and precision at the next one
    prev = np.maximum.accumulate(np.where(valid, idx, -1), axis=-1)
    prev = np.concatenate([np.full(ss.shape[:-1] + (1,), -1), prev[..., :-1]], axis=-1)
    r_prev = np.where(prev >= 0, np.take_along_axis(r, np.maximum(prev, 0), -1), 0.0)
    nxt = np.flip(np.minimum.accumulate(np.flip(np.where(valid, idx, n), -1), -1), -1)
    nxt = np.concatenate([nxt[..., 1:], np.full(ss.shape[:-1] + (1,), n)], axis=-1)
    has_next = nxt < n
    p_next = np.take_along_axis(p, np.minimum(nxt, n - 1), -1)
    tol = 1e-12
    # horizontal segment at height p over recall [r_prev, r]
    hit_h = valid & (r_prev - tol <= p) & (p <= r + tol)
    # vertical segment at recall r from p to p_next
    lo, hi = np.minimum(p, p_next), np.maximum(p, p_next)
    hit_v = valid & has_next & (lo - tol <= r) & (r <= hi + tol)
    cand = np.maximum(np.where(hit_h, p, -np.inf), np.where(hit_v, r, -np.inf))
    out = cand.max(axis=-1)
    return np.where(n1[..., 0] > 0, out, np.nan)


def pr_break_even(scores, labels, curve="interpolated"):
    """Precision-recall break-even point (chapter Sec. 3), as R-precision with ties expected.

    Definition used here (``curve="interpolated"``, the default). Sort by score descending and
    let the PR curve be the set of
    (recall, precision) points at every score threshold, joined within each block of tied
    scores by the interpolation of Davis & Goadrich (2006): TP and FP grow linearly through the
    block (the PR image of the straight ROC segment, equivalently the expected curve when ties
    are broken in uniformly random order). At any point with ``k = TP + FP`` examples taken,
    ``precision - recall = TP (1/k - 1/n1)``, whose sign is that of ``n1 - k`` whenever
    ``TP > 0``. So the curve meets ``y = x`` at exactly one point with positive value, at
    ``k = n1``, and elsewhere only at the origin (TP = 0). The "largest intersection" the
    chapter asks for is therefore

        BEP = E[TP among the n1 top-scored examples] / n1,

    the precision (= recall) at cutoff ``n1`` with ties broken in expectation, i.e.
    ``precision_at_k(scores, labels, k=n1)``. Without ties it is exactly the point of
    scikit-learn's ``precision_recall_curve`` at which precision equals recall. It is 0 when no
    positive reaches the top ``n1``. The chapter cites Davis & Goadrich (its ref. [9]) for the
    PR curve, which is why this is the default.

    Alternative (``curve="step"``). The chapter's remark "in the event that multiple
    intersection points exist, the largest value is used" cannot apply to the interpolated
    curve (one non-zero intersection), but does to the step curve whose area is average
    precision: with valid cutoffs at distinct scores giving points ``(r_i, p_i)``, the path
    ``(r_0 = 0, p_1) -> (r_1, p_1) -> (r_1, p_2) -> (r_2, p_2) -> ...`` of horizontal segments
    (height ``p_i`` over recall ``[r_{i-1}, r_i]``) and vertical drops (at ``r_i`` from ``p_i``
    to ``p_{i+1}``). The largest value at which that path meets ``y = x`` is returned. Example:
    scores 4 > 3 > 2 > 1 with labels 1 1 0 1 gives 2/3 interpolated but 3/4 step (the last
    horizontal segment, precision 3/4 over recall [2/3, 1], crosses y = x). The two differ by
    a few multiples of 1/n1 at most: in randomised checks, without ties the step value was never
    below the interpolated one; with ties either may be larger. For 50:500 binormal test sets
    (d = 1.5) the step value is 0.004 higher on average (0.462 vs 0.458).

    Parameters
    ----------
    scores : array_like, shape (..., n)
    labels : array_like, shape (n,) or (..., n)
    curve : {"interpolated", "step"}, default "interpolated"

    Returns
    -------
    float or ndarray, shape (...)
        NaN for rows without positives.
    """
    s, y = _prepare(scores, labels)
    if curve == "step":
        return _out(_pr_break_even_step(s, y))
    if curve != "interpolated":
        raise ValueError("curve must be 'interpolated' or 'step'")
    n1 = y.sum(axis=-1)
    k = np.maximum(n1, 1)
    tp = _expected_top_k_positives(s, y, k)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(n1 > 0, tp / k, np.nan)
    return _out(out)


# ---------------------------------------------------------------------------------------------
# ROC curve, convex hull and H-measure
# ---------------------------------------------------------------------------------------------
def roc_points(scores, labels):
    """Empirical ROC points (FPR, TPR) at every distinct threshold, from (0, 0) to (1, 1).

    One point per distinct score (taking all examples with score >= that value as positive),
    plus the origin; a block of tied scores therefore gives one diagonal step.

    Parameters
    ----------
    scores, labels : array_like, shape (n,)
        One-dimensional; needs at least one positive and one negative.

    Returns
    -------
    fpr, tpr : ndarray
        Non-decreasing coordinates, ``fpr[0] = tpr[0] = 0`` and ``fpr[-1] = tpr[-1] = 1``.
    """
    s, y = _prepare(scores, labels)
    if s.ndim != 1:
        raise ValueError("roc_points takes one-dimensional scores and labels")
    n1 = int(y.sum())
    n0 = y.size - n1
    if n1 == 0 or n0 == 0:
        raise ValueError("ROC needs at least one positive and one negative")
    order = np.argsort(-s, kind="stable")
    ss, ys = s[order], y[order]
    last = np.flatnonzero(np.r_[ss[1:] != ss[:-1], True])
    tps = np.cumsum(ys)[last]
    fps = last + 1 - tps
    return np.r_[0.0, fps / n0], np.r_[0.0, tps / n1]


def _upper_hull(x, y):
    """Upper convex hull of points sorted by x (then y), both non-decreasing (ROC points).

    A cheap vectorised pass first drops points that are not strict right turns with respect to
    their neighbours (mid-points of straight runs, and dents); Andrew's monotone chain then
    runs on the few remaining staircase corners.
    """
    while x.size > 2:
        dx1, dy1 = x[1:-1] - x[:-2], y[1:-1] - y[:-2]
        dx2, dy2 = x[2:] - x[1:-1], y[2:] - y[1:-1]
        keep_mid = dx1 * dy2 - dy1 * dx2 < 0  # strict right turn (clockwise)
        if keep_mid.all():
            break
        keep = np.r_[True, keep_mid, True]
        x, y = x[keep], y[keep]
    hx, hy = [], []
    for px, py in zip(x.tolist(), y.tolist()):
        while len(hx) >= 2 and (
            (hx[-1] - hx[-2]) * (py - hy[-2]) - (hy[-1] - hy[-2]) * (px - hx[-2]) >= 0
        ):
            hx.pop()
            hy.pop()
        hx.append(px)
        hy.append(py)
    return np.array(hx), np.array(hy)


def roc_convex_hull(scores, labels):
    """Vertices of the ROC convex hull (the upper hull of the empirical ROC points).

    Parameters
    ----------
    scores, labels : array_like, shape (n,)

    Returns
    -------
    fpr, tpr : ndarray
        Hull vertices from (0, 0) to (1, 1) in increasing FPR; collinear points are dropped.
        A classifier no better than its reverse has the diagonal as hull: [(0, 0), (1, 1)].
    """
    fpr, tpr = roc_points(scores, labels)
    return _upper_hull(fpr, tpr)


def _beta_partial_moments(c, a, b):
    """For u = Beta(a, b) density: (int_0^c t u(t) dt, int_0^c (1-t) u(t) dt)."""
    m_c = (a / (a + b)) * special.betainc(a + 1, b, c)
    m_1c = (b / (a + b)) * special.betainc(a, b + 1, c)
    return m_c, m_1c


def _h_measure_1d(s, y, a, b):
    n1 = int(y.sum())
    n0 = y.size - n1
    if n1 == 0 or n0 == 0:
        return np.nan
    pi1 = n1 / (n0 + n1)
    pi0 = 1.0 - pi1
    x, t = roc_convex_hull(s, y)
    # Cost c weighs a false positive (misclassified class 0): Q(c) = c pi0 FPR + (1-c) pi1 FNR.
    # Vertex i minimises Q on [g_i, g_{i-1}] where g_j = pi1 dy_j / (pi0 dx_j + pi1 dy_j) is
    # the cost at which hull segment j (from vertex j to j+1) is iso-loss; g decreases in j.
    dx, dy = np.diff(x), np.diff(t)
    g = pi1 * dy / (pi0 * dx + pi1 * dy)
    hi = np.r_[1.0, g]
    lo = np.r_[g, 0.0]
    m_hi_c, m_hi_1c = _beta_partial_moments(hi, a, b)
    m_lo_c, m_lo_1c = _beta_partial_moments(lo, a, b)
    loss = np.sum(pi0 * x * (m_hi_c - m_lo_c) + pi1 * (1.0 - t) * (m_hi_1c - m_lo_1c))
    # Hand's L_max: loss of the better trivial classifier at each c, min(c pi0, (1-c) pi1)
    # (all positive below c = pi1, all negative above), integrated over u:
    # pi0 int_0^pi1 c u(c) dc + pi1 int_pi1^1 (1-c) u(c) dc.
    m_c, m_1c = _beta_partial_moments(pi1, a, b)
    l_max = pi0 * m_c + pi1 * (b / (a + b) - m_1c)
    return max(0.0, 1.0 - loss / l_max)


def h_measure(scores, labels, a=2.0, b=2.0):
    """Hand's (2009) H-measure with a Beta(a, b) cost distribution, default Beta(2, 2).

    Chapter Sec. 3: "the expected loss of the classifier (as a proportion of the maximum
    possible loss) under ... u(c) = 6c(1 - c)", the Beta(2, 2) density, where
    ``c = c0 / (c0 + c1)`` and ``c0`` (``c1``) is the cost of misclassifying a negative
    (positive) example.

    Definition (Hand 2009, Machine Learning 77:103-123, with empirical class priors
    ``pi0 = n0/n``, ``pi1 = n1/n``):

    * loss at cost c and threshold t: ``Q(t; c) = c pi0 FPR(t) + (1 - c) pi1 (1 - TPR(t))``;
    * the minimum-loss threshold for each c is chosen on the data themselves; the minimum over
      thresholds of this linear function is attained at a vertex of the ROC convex hull, so
      ``L = int_0^1 min_{hull vertices} Q(c) u(c) dc``, integrated exactly (piecewise
      polynomial; regularised incomplete Beta functions) rather than on a grid;
    * normalisation ``L_max = int_0^1 min(c pi0, (1 - c) pi1) u(c) dc``: the loss of the better
      trivial classifier (all positive or all negative) at each c, which equals Hand's
      ``pi0 int_0^pi1 c u(c) dc + pi1 int_pi1^1 (1 - c) u(c) dc``;
    * ``H = 1 - L / L_max``.

    H is 1 for a perfect ranking, exactly 0 when the hull is the diagonal (e.g. fully reversed
    scores), small but positive for random scores, and invariant to strictly increasing
    transforms of the scores.

    Parameters
    ----------
    scores : array_like, shape (..., n)
    labels : array_like, shape (n,) or (..., n)
    a, b : float, default 2.0
        Beta parameters of the cost density u(c). Note: the ``hmeasure`` package (PyPI, after
        Hand & Anagnostopoulos 2014) defaults to the prevalence-dependent Beta(2, 1 + n0/n1)
        (its ``severity_ratio=None``); Beta(2, 2), used in the chapter, is its
        ``severity_ratio=1``. The two differ several-fold on imbalanced data.

    Returns
    -------
    float or ndarray, shape (...)
        NaN for rows without positives or without negatives.

    Notes
    -----
    The hull is built per row (vectorised pre-filter, then a short Python monotone chain over
    the staircase corners, at most ``min(n0, n1) + 2`` points), so batches loop over rows.
    """
    s, y = _prepare(scores, labels)
    lead = s.shape[:-1]
    s2 = s.reshape(-1, s.shape[-1])
    y2 = y.reshape(-1, y.shape[-1])
    out = np.array([_h_measure_1d(si, yi, a, b) for si, yi in zip(s2, y2)], dtype=float)
    return _out(out.reshape(lead))


def all_metrics(scores, labels, threshold=DEFAULT_THRESHOLD, k=20):
    """All seven metrics of the chapter's Figure 2 at once.

    Parameters
    ----------
    scores : array_like, shape (..., n)
    labels : array_like, shape (n,) or (..., n)
    threshold : float, default 0.5
        For accuracy and F1.
    k : int, default 20
        For precision at top k.

    Returns
    -------
    dict
        Keys ``auc, h_measure, f1, precision_at_20, brier, accuracy, pr_break_even`` (Figure 2
        panels a-g); the precision key is ``precision_at_{k}``.
    """
    return {
        "auc": auc(scores, labels),
        "h_measure": h_measure(scores, labels),
        "f1": f1(scores, labels, threshold),
        f"precision_at_{k}": precision_at_k(scores, labels, k),
        "brier": brier(scores, labels),
        "accuracy": accuracy(scores, labels, threshold),
        "pr_break_even": pr_break_even(scores, labels),
    }


# ---------------------------------------------------------------------------------------------
# minority removal (Sec. 3.1 / 3.2, Figure 2 x-axis)
# ---------------------------------------------------------------------------------------------
def minority_removal_count(n_minority, fraction):
    """Number of minority examples removed: ``round(fraction * n_minority)``, halves up.

    Rounding is half-up (``floor(x + 1/2)``), not Python's half-to-even, after rounding the
    product to 9 decimals so that e.g. ``0.15 * 30`` (4.499999... in binary) counts as 4.5 -> 5.
    The count is non-decreasing in ``fraction``, which makes removal nested.

    Parameters
    ----------
    n_minority : int
    fraction : float in [0, 1]

    Returns
    -------
    int
    """
    if not 0.0 <= fraction <= 1.0:
        raise ValueError("fraction must lie in [0, 1]")
    return int(math.floor(round(fraction * n_minority, 9) + 0.5))


def minority_removal_order(y, rng, minority_label=1):
    """Random order in which minority rows are removed (a permutation of their indices).

    Parameters
    ----------
    y : array_like, shape (n,)
        Class labels.
    rng : numpy.random.Generator
    minority_label : default 1

    Returns
    -------
    ndarray of int
        Row indices of the minority class in removal order.
    """
    y = np.asarray(y)
    if y.ndim != 1:
        raise ValueError("y must be one-dimensional")
    return rng.permutation(np.flatnonzero(y == minority_label))


def remove_minority(y, fraction, rng, minority_label=1):
    """Rows kept after removing a fraction of the minority class uniformly at random.

    Chapter Sec. 3.1-3.2: minority examples are removed "by multiples of 5%" up to 50%,
    "prior to splitting for cross-validation". ``minority_removal_count(n_minority, fraction)``
    minority rows are removed: the first ones of one uniformly random permutation of the
    minority rows (``minority_removal_order``). The permutation is drawn whatever the fraction
    (also for 0), so generators in the same state give *nested* results: the rows kept when
    removing 15 % are a subset of those kept when removing 10 %. Use one fresh generator from
    the same seed per fraction, or ``remove_minority_nested``.

    Parameters
    ----------
    y : array_like, shape (n,)
        Class labels.
    fraction : float in [0, 1]
        Fraction of the minority class to remove.
    rng : numpy.random.Generator
    minority_label : default 1

    Returns
    -------
    ndarray of int
        Sorted indices of kept rows (all majority rows and the surviving minority rows).
    """
    y = np.asarray(y)
    order = minority_removal_order(y, rng, minority_label)
    n_remove = minority_removal_count(order.size, fraction)
    keep = np.ones(y.shape[0], dtype=bool)
    keep[order[:n_remove]] = False
    return np.flatnonzero(keep)


def remove_minority_nested(y, fractions, rng, minority_label=1):
    """``remove_minority`` for several fractions from one random order (nested by design).

    Parameters
    ----------
    y : array_like, shape (n,)
    fractions : sequence of float in [0, 1]
    rng : numpy.random.Generator
        One permutation is drawn; the result for each fraction equals ``remove_minority`` with
        a generator in the same starting state.
    minority_label : default 1

    Returns
    -------
    list of ndarray
        Sorted kept-row indices, one array per fraction, in the order given.
    """
    y = np.asarray(y)
    order = minority_removal_order(y, rng, minority_label)
    out = []
    for f in fractions:
        keep = np.ones(y.shape[0], dtype=bool)
        keep[order[: minority_removal_count(order.size, f)]] = False
        out.append(np.flatnonzero(keep))
    return out


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

    Mann-Whitney: ``Var(AUC) = (n_pos + n_neg + 1) / (12 n_pos n_neg)``.

    Returns
    -------
    float or ndarray
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

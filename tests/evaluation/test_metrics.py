"""Tests for lib.studies.imbalance (Raeder, Forman & Chawla 2012, Sec. 3 metrics and Sec. 4 numbers)."""

import functools
import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from scipy import integrate, stats
from sklearn.metrics import (
    accuracy_score,
    brier_score_loss,
    f1_score,
    precision_recall_curve,
    roc_auc_score,
)

from lib.evaluation import auc_statistics, metrics
from lib.studies import imbalance as im

# ---------------------------------------------------------------------------------------------
# hand-worked metric cases
# ---------------------------------------------------------------------------------------------
# Case A: 5 examples, one tie at 0.5 (the threshold) and a pos/neg tie at 0.4.
#   scores 0.9  0.5  0.4  0.4  0.2
#   labels  1    0    1    0    0
A_S = np.array([0.9, 0.5, 0.4, 0.4, 0.2])
A_Y = np.array([1, 0, 1, 0, 0])


def test_accuracy_hand():
    # predicted positive iff score >= 0.5: [1, 1, 0, 0, 0]; correct: ex0, ex3, ex4 -> 3/5
    assert metrics.accuracy(A_S, A_Y) == pytest.approx(0.6)


def test_f1_hand():
    # preds [1,1,0,0,0]: TP=1 (ex0), FP=1 (ex1, score exactly 0.5 counts positive), FN=1 (ex2)
    # F1 = 2*1 / (2*1 + 1 + 1) = 0.5
    assert metrics.f1(A_S, A_Y) == pytest.approx(0.5)
    # no positives and no positive predictions: 0 by default (scikit-learn), NaN on request
    assert metrics.f1([0.1, 0.2], [0, 0]) == 0.0
    assert math.isnan(metrics.f1([0.1, 0.2], [0, 0], zero_division=np.nan))


def test_brier_hand():
    # (0.9-1)^2 + 0.5^2 + (0.4-1)^2 + 0.4^2 + 0.2^2 = 0.01 + 0.25 + 0.36 + 0.16 + 0.04 = 0.82
    assert metrics.brier(A_S, A_Y) == pytest.approx(0.82 / 5)


def test_auc_hand_with_ties_half():
    # positives {0.9, 0.4}, negatives {0.5, 0.4, 0.2}; pairs:
    # 0.9 beats all three -> 3; 0.4 vs 0.5 -> 0, vs 0.4 (tie) -> 1/2, vs 0.2 -> 1  => 1.5
    # AUC = 4.5 / (2*3) = 0.75
    assert metrics.auc(A_S, A_Y) == pytest.approx(0.75)
    # a single tied pair counts exactly 1/2
    assert metrics.auc([0.3, 0.3], [1, 0]) == 0.5
    # everything tied -> 0.5
    assert metrics.auc(np.full(6, 0.7), [1, 0, 1, 0, 0, 0]) == 0.5


def test_auc_undefined_is_nan():
    assert math.isnan(metrics.auc([0.1, 0.2], [1, 1]))
    assert math.isnan(metrics.auc([0.1, 0.2], [0, 0]))


def test_precision_at_k_hand_ties():
    # k = 3: above the 3rd-highest value (0.4) are 0.9 (pos) and 0.5 (neg); the last slot goes
    # to one of the two examples tied at 0.4 (one pos, one neg) -> expected TP = 1 + 1*(1/2)
    # precision@3 = 1.5 / 3 = 0.5
    assert metrics.precision_at_k(A_S, A_Y, k=3) == pytest.approx(0.5)
    # k = 2: top two 0.9 (pos), 0.5 (neg) -> 0.5 ; k = 1 -> 1.0
    assert metrics.precision_at_k(A_S, A_Y, k=2) == pytest.approx(0.5)
    assert metrics.precision_at_k(A_S, A_Y, k=1) == pytest.approx(1.0)


def test_precision_at_20_fewer_than_20_examples():
    # n = 5 < 20: all examples are taken, denominator n = 5 -> 2/5 (the prevalence), not 2/20
    assert metrics.precision_at_k(A_S, A_Y) == pytest.approx(0.4)
    assert metrics.precision_at_k(A_S, A_Y, k=20) == metrics.precision_at_k(A_S, A_Y, k=5)


def test_precision_at_20_hand_large():
    # 30 examples, distinct scores 30..1 (descending), positives at ranks 1, 5, 19, 21, 30.
    # Top 20 contains ranks 1..20 -> positives at 1, 5, 19 -> 3/20.
    s = np.arange(30, 0, -1, dtype=float)
    y = np.zeros(30, dtype=int)
    y[[0, 4, 18, 20, 29]] = 1
    assert metrics.precision_at_k(s, y) == pytest.approx(3 / 20)


def test_precision_at_k_tie_expectation_matches_random_tie_breaking():
    # averaging over all orders of a tied block equals the closed-form expectation
    s = np.array([5.0, 4, 4, 4, 4, 1])
    y = np.array([0, 1, 0, 1, 0, 1])
    k = 3  # 5.0 taken, then 2 of the 4 tied (2 positives) -> E[TP] = 0 + 2 * 2/4 = 1 -> 1/3
    vals = []
    for perm in itertools.permutations(range(1, 5)):
        order = [0, *perm, 5]
        vals.append(y[order][:k].mean())
    assert metrics.precision_at_k(s, y, k=k) == pytest.approx(np.mean(vals)) == pytest.approx(1 / 3)


def test_pr_break_even_hand():
    # scores 0.9 0.5 0.5 0.5 0.1, labels 1 0 1 0 1: n1 = 3.
    # cutoff n1 = 3: 0.9 (pos) + 2 of the 3 tied at 0.5 (1 pos) -> E[TP] = 1 + 2/3 = 5/3
    # Davis-Goadrich interpolation between (k=1, TP=1) and (k=4, TP=2) at k = 3: TP = 5/3,
    # precision = recall = (5/3)/3 = 5/9.
    s = np.array([0.9, 0.5, 0.5, 0.5, 0.1])
    y = np.array([1, 0, 1, 0, 1])
    assert metrics.pr_break_even(s, y) == pytest.approx(5 / 9)
    # no ties: scores 6..1 descending, labels 1 0 1 1 0 0 -> n1 = 3, top 3 hold 2 positives
    assert metrics.pr_break_even([6, 5, 4, 3, 2, 1], [1, 0, 1, 1, 0, 0]) == pytest.approx(2 / 3)
    # no positive in the top n1 -> 0 ; no positives at all -> NaN
    assert metrics.pr_break_even([3, 2, 1], [0, 0, 1]) == 0.0
    assert math.isnan(metrics.pr_break_even([3, 2, 1], [0, 0, 0]))


def test_pr_break_even_is_the_sklearn_pr_point_with_precision_equal_recall():
    rng = np.random.default_rng(7)
    for _ in range(20):
        n = int(rng.integers(10, 80))
        y = (rng.random(n) < 0.3).astype(int)
        y[0] = 1
        s = rng.random(n) + 0.5 * y  # continuous: no ties
        p, r, _ = precision_recall_curve(y, s)
        eq = np.isclose(p, r) & (r > 0)
        bep = metrics.pr_break_even(s, y)
        if bep > 0:
            assert eq.any()
            assert max(p[eq]) == pytest.approx(bep)
        else:
            assert not eq.any()


def _step_bep_bruteforce(s, y):
    """Largest meeting point of the step PR path with y = x, from its definition (Fractions)."""
    n1 = int(sum(y))
    pts = []
    for v in sorted(set(s), reverse=True):
        sel = [yy for ss, yy in zip(s, y) if ss >= v]
        pts.append((Fraction(sum(sel), n1), Fraction(sum(sel), len(sel))))
    best, r_prev = Fraction(-1), Fraction(0)
    for i, (r, p) in enumerate(pts):
        if r_prev <= p <= r:  # horizontal segment at height p over [r_prev, r]
            best = max(best, p)
        if i + 1 < len(pts) and min(p, pts[i + 1][1]) <= r <= max(p, pts[i + 1][1]):
            best = max(best, r)  # vertical drop at recall r
        r_prev = r
    return float(best)


def test_pr_break_even_step_curve_hand_and_bruteforce():
    # scores 4 3 2 1, labels 1 1 0 1 (n1 = 3). Cutoff points (recall, precision):
    # (1/3, 1) (2/3, 1) (2/3, 2/3) (1, 3/4). Step path meets y = x at 2/3 (drop at r = 2/3)
    # and at 3/4 (horizontal segment p = 3/4 over r in [2/3, 1]) -> largest = 3/4.
    # Interpolated: 2 positives in the top n1 = 3 -> 2/3.
    s, y = [4, 3, 2, 1], [1, 1, 0, 1]
    assert metrics.pr_break_even(s, y, curve="step") == pytest.approx(3 / 4)
    assert metrics.pr_break_even(s, y) == pytest.approx(2 / 3)
    rng = np.random.default_rng(17)
    for _ in range(300):
        n = int(rng.integers(1, 30))
        y = (rng.random(n) < rng.uniform(0.1, 0.7)).astype(int)
        if y.sum() == 0:
            continue
        s = np.round(rng.random(n) + rng.uniform(0, 1) * y, 1)
        expected = _step_bep_bruteforce(list(s), list(y))
        assert metrics.pr_break_even(s, y, curve="step") == pytest.approx(expected)
    with pytest.raises(ValueError):
        metrics.pr_break_even(s, y, curve="bogus")


def test_h_measure_hand():
    # scores 0.9 0.8 0.7 0.1, labels 1 0 1 0 (pi0 = pi1 = 1/2).
    # ROC points (0,0) (0,.5) (.5,.5) (.5,1) (1,1); hull (0,0) (0,.5) (.5,1) (1,1).
    # Loss c*pi0*FPR + (1-c)*pi1*FNR: vertex (0,.5) -> (1-c)/4 optimal for c >= 1/2,
    # vertex (.5,1) -> c/4 optimal for c <= 1/2. With u = 6c(1-c):
    #   L = 2 * int_0^.5 (c/4) 6c(1-c) dc = (1/2)[2c^3 - 1.5c^4]_0^.5 = 0.078125
    #   L_max = int min(c/2, (1-c)/2) u = int_0^.5 6c^2(1-c) dc = 0.15625
    #   H = 1 - 0.078125/0.15625 = 0.5 (hmeasure 0.1.6, severity_ratio=1, also gives 0.5)
    assert metrics.h_measure([0.9, 0.8, 0.7, 0.1], [1, 0, 1, 0]) == pytest.approx(0.5, abs=1e-12)


def test_h_measure_matches_hmeasure_package_reference_values():
    # values computed once with the PyPI package hmeasure 0.1.6 (h_score), not a dependency:
    # severity_ratio=1 <-> Beta(2, 2); default severity_ratio=n1/n0 <-> Beta(2, 1 + n0/n1).
    y = np.array([1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    s = np.array([0.9, 0.8, 0.8, 0.7, 0.6, 0.6, 0.6, 0.5, 0.4, 0.4, 0.3, 0.3, 0.3, 0.2, 0.2, 0.2, 0.1, 0.1, 0.05, 0.05])
    assert metrics.h_measure(s, y) == pytest.approx(0.4068293327021212, abs=1e-12)
    assert metrics.h_measure(s, y, a=2.0, b=1 + 17 / 3) == pytest.approx(0.5329785402447933, abs=1e-12)


def test_h_measure_loss_equals_numeric_integral_of_min_loss():
    # brute force: for each c on a fine grid take the min over *all* ROC points, integrate
    rng = np.random.default_rng(3)
    y = (rng.random(60) < 0.25).astype(int)
    s = np.round(rng.random(60) + 0.4 * y, 2)
    fpr, tpr = metrics.roc_points(s, y)
    pi1 = y.mean()
    pi0 = 1 - pi1
    c = np.linspace(0, 1, 200_001)
    q = np.min(c[:, None] * pi0 * fpr + (1 - c[:, None]) * pi1 * (1 - tpr), axis=1)
    u = 6 * c * (1 - c)
    loss = integrate.trapezoid(q * u, c)
    l_max = integrate.trapezoid(np.minimum(c * pi0, (1 - c) * pi1) * u, c)
    assert metrics.h_measure(s, y) == pytest.approx(1 - loss / l_max, abs=1e-8)


def test_h_measure_invariances():
    rng = np.random.default_rng(11)
    y = (rng.random(400) < 0.1).astype(int)
    s = rng.normal(size=400) + 1.5 * y
    perfect = y + 0.1 * rng.random(400)
    assert metrics.h_measure(perfect, y) == pytest.approx(1.0)
    # reversed perfect ranking: hull is the diagonal -> exactly 0
    assert metrics.h_measure(-perfect, y) == pytest.approx(0.0, abs=1e-12)
    # random scores: near 0 (positive only through chance hull corners)
    h_rand = metrics.h_measure(rng.random((50, 400)), y)
    assert np.all(h_rand >= 0) and np.mean(h_rand) < 0.05
    # strictly increasing transforms leave H unchanged
    h = metrics.h_measure(s, y)
    for g in (np.exp, lambda v: 1 / (1 + np.exp(-v)), lambda v: v**3 + 7):
        assert metrics.h_measure(g(s), y) == pytest.approx(h, abs=1e-12)
    # Beta(2,2) and the hmeasure package default differ markedly on imbalanced data
    h_default = metrics.h_measure(s, y, a=2.0, b=1 + (y == 0).sum() / y.sum())
    assert abs(h_default - h) > 0.05


def test_roc_convex_hull_simple():
    fx, fy = metrics.roc_convex_hull([0.9, 0.8, 0.7, 0.1], [1, 0, 1, 0])
    np.testing.assert_allclose(fx, [0, 0, 0.5, 1])
    np.testing.assert_allclose(fy, [0, 0.5, 1, 1])
    fx, fy = metrics.roc_convex_hull([0.1, 0.2, 0.3], [1, 0, 0])  # reversed -> diagonal
    np.testing.assert_allclose(fx, [0, 1])
    np.testing.assert_allclose(fy, [0, 1])


# ---------------------------------------------------------------------------------------------
# agreement with scikit-learn and batch shapes
# ---------------------------------------------------------------------------------------------
def test_agreement_with_sklearn_random_cases():
    rng = np.random.default_rng(2012)
    checked = 0
    for _ in range(150):
        n = int(rng.integers(2, 50))
        y = rng.integers(0, 2, n)
        s = np.round(rng.random(n), 1)  # coarse: many ties, some exactly at 0.5
        assert metrics.accuracy(s, y) == pytest.approx(accuracy_score(y, s >= 0.5))
        assert metrics.f1(s, y) == pytest.approx(f1_score(y, s >= 0.5, zero_division=0.0))
        assert metrics.brier(s, y) == pytest.approx(brier_score_loss(y, s))
        if 0 < y.sum() < n:
            assert metrics.auc(s, y) == pytest.approx(roc_auc_score(y, s))
            checked += 1
    assert checked > 100


@pytest.mark.parametrize(
    "metric",
    [
        metrics.accuracy,
        metrics.f1,
        metrics.brier,
        metrics.auc,
        metrics.precision_at_k,
        metrics.pr_break_even,
        functools.partial(metrics.pr_break_even, curve="step"),
        metrics.h_measure,
    ],
)
def test_batch_equals_loop(metric):
    rng = np.random.default_rng(5)
    scores = np.round(rng.random((3, 4, 40)), 2)
    labels_shared = (rng.random(40) < 0.3).astype(int)
    labels_rows = (rng.random((3, 4, 40)) < 0.3).astype(int)
    for labels in (labels_shared, labels_rows):
        batch = metric(scores, labels)
        assert batch.shape == (3, 4)
        lab = np.broadcast_to(labels, scores.shape)
        loop = np.array([[metric(scores[i, j], lab[i, j]) for j in range(4)] for i in range(3)])
        np.testing.assert_allclose(batch, loop, rtol=0, atol=1e-12)


def test_scalar_returns_float_and_all_metrics():
    out = metrics.all_metrics(A_S, A_Y)
    assert set(out) == {"auc", "h_measure", "f1", "precision_at_20", "brier", "accuracy", "pr_break_even"}
    assert all(isinstance(v, float) for v in out.values())


def test_input_validation():
    with pytest.raises(ValueError):
        metrics.auc([0.1, 0.2], [0, 2])
    with pytest.raises(ValueError):
        metrics.auc([0.1, np.nan], [0, 1])
    with pytest.raises(ValueError):
        metrics.auc(np.zeros((2, 3)), np.zeros(4))
    with pytest.raises(ValueError):
        metrics.precision_at_k([0.1], [1], k=0)


# ---------------------------------------------------------------------------------------------
# minority removal
# ---------------------------------------------------------------------------------------------
def test_minority_removal_count_rounding():
    assert im.minority_removal_count(140, 0.5) == 70  # chapter's example: 140 -> 70
    assert im.minority_removal_count(41, 0.05) == 2  # 2.05 -> 2
    assert im.minority_removal_count(30, 0.15) == 5  # 4.5 (4.4999... in binary) -> 5, half up
    assert im.minority_removal_count(10, 0.25) == 3  # 2.5 -> 3 (not banker's 2)
    assert im.minority_removal_count(7, 0.0) == 0
    assert im.minority_removal_count(7, 1.0) == 7
    with pytest.raises(ValueError):
        im.minority_removal_count(7, 1.5)


def remove_minority(y, fraction, rng):
    """The rows kept after removing one fraction of the minority class."""
    return im.remove_minority_nested(y, [fraction], rng)[0]


def test_remove_minority_counts_and_majority_untouched():
    y = np.array([0] * 500 + [1] * 41)
    np.random.default_rng(0).shuffle(y)
    for f in np.arange(0, 0.55, 0.05):
        kept = remove_minority(y, f, np.random.default_rng(1))
        assert np.all(np.diff(kept) > 0)
        assert (y[kept] == 0).sum() == 500
        assert (y[kept] == 1).sum() == 41 - im.minority_removal_count(41, f)


def test_remove_minority_nested_across_fractions():
    y = (np.random.default_rng(2).random(1000) < 0.1).astype(int)
    fractions = np.round(np.arange(0, 0.55, 0.05), 2)
    sets = [set(remove_minority(y, f, np.random.default_rng(99))) for f in fractions]
    for bigger, smaller in zip(sets, sets[1:]):
        assert smaller <= bigger
    nested = im.remove_minority_nested(y, fractions, np.random.default_rng(99))
    for got, ref in zip(nested, sets):
        assert set(got) == ref
    # removal is uniform: each minority row removed with probability ~ the fraction
    counts = np.zeros(y.size)
    for seed in range(300):
        kept = remove_minority(y, 0.3, np.random.default_rng(seed))
        counts[np.setdiff1d(np.arange(y.size), kept)] += 1
    p_hat = counts[y == 1] / 300
    assert np.all(counts[y == 0] == 0)
    p = im.minority_removal_count(int(y.sum()), 0.3) / y.sum()
    assert abs(p_hat.mean() - p) < 1e-12  # exact count every time
    assert p_hat.std() < 4 * math.sqrt(p * (1 - p) / 300)


# ---------------------------------------------------------------------------------------------
# Section 4, "Test Variance"
# ---------------------------------------------------------------------------------------------
def test_binormal_model_pieces():
    d = auc_statistics.binormal_separation(0.95)
    assert stats.norm.cdf(d / math.sqrt(2)) == pytest.approx(0.95)
    # Q1 = E_Y[(1 - F_X(Y))^2] with X ~ N(d,1), Y ~ N(0,1), by quadrature
    q_num, _ = integrate.quad(lambda t: stats.norm.sf(t - d) ** 2 * stats.norm.pdf(t), -12, 12)
    q1, q2 = auc_statistics.binormal_q(0.95)
    assert q1 == q2 == pytest.approx(q_num, abs=1e-10)
    assert auc_statistics.binormal_q(0.5)[0] == pytest.approx(1 / 3)
    # Hanley-McNeil exponential approximations
    assert auc_statistics.hanley_mcneil_q(0.95) == pytest.approx((0.95 / 1.05, 2 * 0.95**2 / 1.95))


def test_section4_closed_form_reproduces_paper_values():
    sd = {ns: auc_statistics.auc_sd(0.95, *ns) for ns in im.SECTION4_TEST_SETS}
    for ns, reported in im.SECTION4_PAPER_SD.items():
        assert round(sd[ns], 3) == reported
    ref = sd[(100, 5000)]
    assert round(sd[(100, 500)] / ref, 2) == 1.09  # "+9%"
    assert round(sd[(10, 500)] / ref, 1) == 3.2  # "+320%" read as 3.2x (0.032 / 0.010)
    assert abs(sd[(10, 5000)] / ref - 3.14) < 0.01  # "+314%": closed form gives 3.134
    # Hanley-McNeil's exponential Q's do not reproduce the chapter (0.015 instead of 0.010)
    assert round(auc_statistics.auc_sd(0.95, 100, 5000, model="exponential"), 3) == 0.015


@pytest.mark.parametrize("n_pos,n_neg,n_reps", [(100, 500, 3000), (10, 500, 4000), (10, 5000, 400), (100, 5000, 300)])
def test_section4_simulation_matches_closed_form(n_pos, n_neg, n_reps):
    rng = np.random.default_rng(n_pos * n_neg)
    aucs = auc_statistics.simulate_auc_binormal(n_pos, n_neg, 0.95, n_reps, rng)
    assert aucs.shape == (n_reps,)
    mean, sd = aucs.mean(), aucs.std(ddof=1)
    # mean: unbiased, SE = sd / sqrt(R)
    assert abs(mean - 0.95) < 4 * sd / math.sqrt(n_reps)
    # SD: delta method, SE(s) = sqrt((m4 - s^4) / R) / (2 s) from the sample fourth moment
    m4 = np.mean((aucs - mean) ** 4)
    se_sd = math.sqrt((m4 - sd**4) / n_reps) / (2 * sd)
    assert abs(sd - auc_statistics.auc_sd(0.95, n_pos, n_neg)) < 4 * se_sd


def test_simulation_is_reproducible():
    a = auc_statistics.simulate_auc_binormal(10, 50, 0.9, 100, np.random.default_rng(1))
    b = auc_statistics.simulate_auc_binormal(10, 50, 0.9, 100, np.random.default_rng(1))
    np.testing.assert_array_equal(a, b)
    # the fast continuous-score AUC equals the general one
    rng = np.random.default_rng(2)
    s = rng.random((5, 30))
    np.testing.assert_allclose(auc_statistics._auc_continuous(s, 7), metrics.auc(s, np.r_[np.ones(7), np.zeros(23)]))


# ---------------------------------------------------------------------------------------------
# Section 4, "Null Hypothesis"
# ---------------------------------------------------------------------------------------------
def test_null_distribution_exact_by_enumeration():
    # n_pos = 3, n_neg = 5: all C(8,3) = 56 rank sets of the positives, AUC = (W - 6) / 15
    n1, n0 = 3, 5
    counts = np.zeros(n1 * n0 + 1)
    for ranks in itertools.combinations(range(1, n1 + n0 + 1), n1):
        counts[sum(ranks) - n1 * (n1 + 1) // 2] += 1
    values, pmf = auc_statistics.null_auc_distribution(n1, n0)
    np.testing.assert_allclose(values, np.arange(16) / 15)
    np.testing.assert_allclose(pmf, counts / 56, atol=1e-15)
    # symmetric in (n_pos, n_neg); moments match Mann-Whitney
    np.testing.assert_allclose(auc_statistics.null_auc_distribution(5, 3)[1], pmf)
    v, p = auc_statistics.null_auc_distribution(7, 40)
    assert p.sum() == pytest.approx(1.0)
    assert np.sum(p * v) == pytest.approx(0.5)
    assert math.sqrt(np.sum(p * (v - 0.5) ** 2)) == pytest.approx(auc_statistics.null_auc_sd(7, 40))


def test_null_distribution_tail_matches_scipy_exact_mann_whitney():
    n1, n0 = 6, 9
    values, pmf = auc_statistics.null_auc_distribution(n1, n0)
    rng = np.random.default_rng(0)
    x = rng.random(n1)
    yneg = rng.random(n0)
    u = stats.mannwhitneyu(x, yneg, alternative="greater", method="exact")
    a_obs = metrics.auc(np.r_[x, yneg], np.r_[np.ones(n1), np.zeros(n0)])
    assert pmf[values >= a_obs - 1e-12].sum() == pytest.approx(u.pvalue)


def test_critical_auc_methods_agree_and_paper_value():
    n1, n0 = im.SECTION4_NULL["n_pos"], im.SECTION4_NULL["n_neg"]
    exact_01 = auc_statistics.critical_auc_exact(n1, n0, 0.01)
    normal_01 = auc_statistics.critical_auc_normal(n1, n0, 0.01)
    assert exact_01 == pytest.approx(0.5971, abs=5e-5)
    assert normal_01 == pytest.approx(0.5974, abs=5e-5)
    # the chapter's 0.654 is the exact critical value at a per-test level of 1e-4, i.e.
    # p = 0.01 for the best of 100 independent random classifiers -- not a single p = 0.01 test
    assert round(auc_statistics.critical_auc_exact(n1, n0, 1e-4), 3) == im.SECTION4_NULL["paper_critical_auc"]
    assert round(auc_statistics.critical_auc_exact(n1, n0, 0.01, n_classifiers=100), 3) == 0.654
    # the normal approximation at the same level is a little higher (0.656)
    assert round(auc_statistics.critical_auc_normal(n1, n0, 0.01, n_classifiers=100), 3) == 0.656


def test_critical_auc_simulated_within_sampling_error():
    n1, n0, alpha, reps = 20, 200, 0.05, 20_000
    sim = auc_statistics.critical_auc_simulated(n1, n0, alpha, reps, np.random.default_rng(4))
    exact = auc_statistics.critical_auc_exact(n1, n0, alpha)
    # SE of a sample quantile: sqrt(a(1-a)/R) / f(q), density from the normal approximation
    sd0 = auc_statistics.null_auc_sd(n1, n0)
    dens = stats.norm.pdf(stats.norm.isf(alpha)) / sd0
    se = math.sqrt(alpha * (1 - alpha) / reps) / dens
    assert abs(sim - exact) < 4 * se + 1 / (n1 * n0)
    # best-of-m: the simulated max exceeds the exact Sidak critical value with prob ~ alpha
    best = auc_statistics.simulate_null_auc(n1, n0, 4000, np.random.default_rng(5), n_classifiers=5)
    crit = auc_statistics.critical_auc_exact(n1, n0, alpha, n_classifiers=5)
    rate = np.mean(best > crit)
    assert abs(rate - alpha) < 4 * math.sqrt(alpha * (1 - alpha) / 4000) + 0.005

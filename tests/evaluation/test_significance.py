import numpy as np
import pytest
from scipy import stats

from lib.core import rates
from lib.evaluation import significance

RNG = np.random.default_rng(7)


def test_paired_and_unpaired_match_scipy():
    a = RNG.normal(0.1, 0.02, (25, 10))
    b = RNG.normal(0.11, 0.02, (25, 10))
    paired = significance.paired_t(a, b)
    unpaired = significance.unpaired_t(a, b)
    for i in range(25):
        ref_p = stats.ttest_rel(a[i], b[i])
        ref_u = stats.ttest_ind(a[i], b[i])
        assert paired.statistic[i] == pytest.approx(ref_p.statistic)
        assert paired.pvalue[i] == pytest.approx(ref_p.pvalue)
        assert unpaired.statistic[i] == pytest.approx(ref_u.statistic)
        assert unpaired.pvalue[i] == pytest.approx(ref_u.pvalue)


def test_constant_differences():
    a = np.array([[0.1, 0.1, 0.1], [0.2, 0.2, 0.2]])
    b = np.array([[0.1, 0.1, 0.1], [0.1, 0.1, 0.1]])
    res = significance.paired_t(a, b)
    assert res.pvalue[0] == 1.0 and res.pvalue[1] == pytest.approx(0.0, abs=1e-12)
    assert res.reject.tolist() == [False, True]


def test_type_one_error_is_alpha_for_iid_folds():
    # 20000 null trials; the rejection rate's standard error is sqrt(.05*.95/20000) = 0.0015
    a = RNG.normal(size=(20000, 10))
    b = RNG.normal(size=(20000, 10))
    for test in (significance.paired_t, significance.unpaired_t):
        rate = test(a, b).reject.mean()
        assert abs(rate - 0.05) < 4 * np.sqrt(0.05 * 0.95 / 20000)


def test_bad_input():
    with pytest.raises(ValueError, match="same shape"):
        significance.paired_t(np.zeros((2, 3)), np.zeros((2, 4)))
    with pytest.raises(ValueError, match="at least 2 folds"):
        significance.paired_t(np.zeros((2, 1)), np.zeros((2, 1)))
    with pytest.raises(ValueError, match="alpha"):
        significance.unpaired_t(np.zeros(3), np.ones(3), alpha=1.5)


def test_wilson_interval_reference_values():
    # Reference values from Wilson (1927) / Newcombe (1998), table I: 0/10 and 5/10 (z=1.96)
    _, lo, hi = rates.wilson_interval(np.array([0, 5, 81]), np.array([10, 10, 263]))
    assert lo[0] == pytest.approx(0.0, abs=1e-12) and hi[0] == pytest.approx(0.2775, abs=1e-4)
    assert lo[1] == pytest.approx(0.2366, abs=1e-4) and hi[1] == pytest.approx(0.7634, abs=1e-4)
    assert lo[2] == pytest.approx(0.2553, abs=1e-4) and hi[2] == pytest.approx(0.3662, abs=1e-4)
    with pytest.raises(ValueError):
        rates.wilson_interval(5, 3)


def test_wilcoxon_matches_scipy_per_row():
    a = RNG.normal(0.1, 0.02, (20, 12))
    b = RNG.normal(0.1, 0.02, (20, 12))
    res = significance.wilcoxon(a, b)
    for i in range(20):
        assert res.pvalue[i] == pytest.approx(stats.wilcoxon(a[i], b[i], method="approx").pvalue)
    assert significance.wilcoxon(np.ones((1, 5)), np.ones((1, 5))).pvalue[0] == 1.0


def test_nadeau_bengio_inflates_the_variance_by_the_split_ratio():
    a = RNG.normal(0.1, 0.02, (5, 10))
    b = RNG.normal(0.11, 0.02, (5, 10))
    plain = significance.paired_t(a, b).statistic
    corrected = significance.nadeau_bengio_t(a, b, test_size=30, train_size=270).statistic
    # t scales by sqrt((1/J) / (1/J + n_test/n_train)) = sqrt(0.1 / (0.1 + 1/9))
    assert corrected == pytest.approx(plain * np.sqrt(0.1 / (0.1 + 1 / 9)))


def test_dietterich_5x2cv_hand_case():
    # differences per (rep, fold): rep1 (0.1, 0.3), others (0, 0.2): s_i^2 = 0.02 each
    d = np.array([0.1, 0.3, 0, 0.2, 0, 0.2, 0, 0.2, 0, 0.2])
    res = significance.dietterich_5x2cv_t(d, np.zeros(10))
    assert res.statistic == pytest.approx(0.1 / np.sqrt(0.02))
    assert res.pvalue == pytest.approx(2 * stats.t.sf(0.1 / np.sqrt(0.02), 5))
    with pytest.raises(ValueError, match="10 fold results"):
        significance.dietterich_5x2cv_t(np.zeros(8), np.zeros(8))


def test_pooled_interval_sums_a_curve_before_the_wilson_interval():
    import pandas as pd

    from lib.core import rates

    curve = pd.DataFrame({"rejections": [3, 7], "trials": [50, 50]})
    rate, lo, hi = rates.pooled_interval(curve)
    assert (rate, lo, hi) == tuple(float(v) for v in rates.wilson_interval(10, 100))
    assert rate == 0.1 and lo < 0.1 < hi


def test_bayesian_correlated_t_equals_baycomp_for_k_fold():
    """For k-fold CV (n_test/n_train = 1/(k-1)) the posterior is baycomp's CorrelatedTTest's."""
    baycomp = pytest.importorskip("baycomp")
    rng = np.random.default_rng(7)
    a = rng.normal(0.20, 0.03, size=(25, 10))
    b = a + rng.normal(0.01, 0.02, size=(25, 10))
    ours = significance.bayesian_correlated_t(a, b, test_size=1, train_size=9, rope=0.01)
    for i in range(len(a)):
        left, rope, right = baycomp.CorrelatedTTest(a[i], b[i], rope=0.01, runs=1).probs()
        assert (ours.p_left[i], ours.p_rope[i], ours.p_right[i]) == pytest.approx((left, rope, right), abs=1e-12)
    assert np.array_equal(ours.decide, (ours.p_left > 0.95) | (ours.p_right > 0.95))


def test_bayesian_correlated_t_degenerate_and_bad_arguments():
    a = np.full((2, 5), 0.2)
    res = significance.bayesian_correlated_t(a, a + np.array([[0.0], [0.05]]), 30, 70, rope=0.01)
    assert res.p_rope[0] == 1.0 and res.p_right[1] == 1.0 and list(res.decide) == [False, True]
    with pytest.raises(ValueError, match="rope must be"):
        significance.bayesian_correlated_t(a, a, 30, 70, rope=-0.1)
    with pytest.raises(ValueError, match="sizes must be positive"):
        significance.bayesian_correlated_t(a, a, 0, 70)


def refuses(match, test, *args, **kwargs):
    """``test`` raises ValueError matching ``match`` with a one-sentence message."""
    with pytest.raises(ValueError, match=match) as info:
        test(*args, **kwargs)
    assert ". " not in str(info.value), str(info.value)


def mlxtend_fold_scores(run, *args, **kwargs):
    """Run one of mlxtend's estimator-based tests with a scorer that records each estimator's
    accuracy on each test fold, in mlxtend's order; returns its (statistic, p) and the scores."""
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression
    from sklearn.tree import DecisionTreeClassifier

    X, y = make_classification(n_samples=200, n_features=8, flip_y=0.1, random_state=3)
    first, second = LogisticRegression(), DecisionTreeClassifier(max_depth=3, random_state=0)
    scores = {"a": [], "b": []}

    def scorer(estimator, X_test, y_test):
        accuracy = float(np.mean(estimator.predict(X_test) == y_test))
        scores["a" if estimator is first else "b"].append(accuracy)
        return accuracy

    stat, p = run(first, second, X, y, *args, scoring=scorer, **kwargs)
    return stat, p, np.array(scores["a"]), np.array(scores["b"])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_5x2cv_t_and_combined_f_equal_mlxtend_on_its_own_fold_scores(seed):
    evaluate = pytest.importorskip("mlxtend.evaluate")
    t, p_t, a, b = mlxtend_fold_scores(evaluate.paired_ttest_5x2cv, random_seed=seed)
    f, p_f, a_f, b_f = mlxtend_fold_scores(evaluate.combined_ftest_5x2cv, random_seed=seed)
    assert a.shape == (10,) and np.array_equal(a, a_f) and np.array_equal(b, b_f)  # same splits per seed
    ours_t = significance.dietterich_5x2cv_t(a, b)
    ours_f = significance.combined_5x2cv_f(a, b)
    assert ours_t.statistic == pytest.approx(t, rel=1e-12) and ours_t.pvalue == pytest.approx(p_t, rel=1e-12)
    assert ours_f.statistic == pytest.approx(f, rel=1e-12) and ours_f.pvalue == pytest.approx(p_f, rel=1e-12)


def test_resampled_t_equals_mlxtend_and_nadeau_bengio_corrects_it():
    evaluate = pytest.importorskip("mlxtend.evaluate")
    # mlxtend's resampled paired t is the uncorrected one (Dietterich 1998): our paired_t
    t, p, a, b = mlxtend_fold_scores(evaluate.paired_ttest_resampled, num_rounds=15, test_size=0.3, random_seed=5)
    ours = significance.paired_t(a, b)
    assert ours.statistic == pytest.approx(t, rel=1e-12) and ours.pvalue == pytest.approx(p, rel=1e-12)
    # 200 instances split 140/60: Nadeau-Bengio scales t by sqrt((1/15) / (1/15 + 60/140))
    corrected = significance.nadeau_bengio_t(a, b, test_size=60, train_size=140)
    expected = t * np.sqrt((1 / 15) / (1 / 15 + 60 / 140))
    assert corrected.statistic == pytest.approx(expected, rel=1e-12)
    assert corrected.pvalue == pytest.approx(2 * stats.t.sf(abs(expected), 14), rel=1e-12)


def test_combined_5x2cv_f_hand_case_and_degenerate_rows():
    # the 5x2cv hand case above: sum of squared differences .01 + .09 + 4 * .04 = .26, each
    # repetition's s_i^2 = .02, so F = .26 / (2 * 5 * .02) = 1.3, upper tail of F(10, 5)
    d = np.array([0.1, 0.3, 0, 0.2, 0, 0.2, 0, 0.2, 0, 0.2])
    res = significance.combined_5x2cv_f(np.stack([d, np.zeros(10), np.full(10, 0.1)]), np.zeros((3, 10)))
    assert res.statistic[0] == pytest.approx(1.3) and res.pvalue[0] == pytest.approx(stats.f.sf(1.3, 10, 5))
    assert res.pvalue[0] == pytest.approx(0.40727, abs=1e-5)
    # all differences 0: F = 0, p = 1; a constant non-zero difference: F = inf, p = 0
    assert (res.statistic[1], res.pvalue[1]) == (0.0, 1.0) and (res.statistic[2], res.pvalue[2]) == (np.inf, 0.0)
    assert res.reject.tolist() == [False, False, True]


def test_corrected_repeated_cv_t_hand_case():
    # r = 2 repetitions of k = 3 folds, differences (.1, .2, .3) twice: mean .2, s^2 = 4 * .01 / 5
    # = .008; corrected variance (1/6 + 1/2) * .008 = .016/3, t^2 = .04 / (.016/3) = 7.5 on
    # 5 degrees of freedom, p = 0.040859 (the uncorrected .008/6 gives t^2 = 30: half the t)
    d = np.array([0.1, 0.2, 0.3, 0.1, 0.2, 0.3])
    res = significance.corrected_repeated_cv_t(d, np.zeros(6), repetitions=2, folds=3)
    assert res.statistic == pytest.approx(np.sqrt(7.5))
    assert res.pvalue == pytest.approx(2 * stats.t.sf(np.sqrt(7.5), 5)) and res.pvalue == pytest.approx(
        0.040859, abs=1e-6
    )
    assert res.statistic == pytest.approx(significance.paired_t(d, np.zeros(6)).statistic / 2)
    assert res.reject and not significance.corrected_repeated_cv_t(d, np.zeros(6), 2, 3, alpha=0.01).reject


def correctness(n01, n10, n=200, rng=None):
    """Per-instance correctness of A and B with ``n01`` (A wrong, B right) and ``n10`` discordant
    instances, the rest split between both right (3/4) and both wrong, shuffled."""
    rng = rng or np.random.default_rng(0)
    both = n - n01 - n10
    a = np.r_[np.zeros(n01), np.ones(n10), np.ones(both * 3 // 4), np.zeros(both - both * 3 // 4)]
    b = np.r_[np.ones(n01), np.zeros(n10), np.ones(both * 3 // 4), np.zeros(both - both * 3 // 4)]
    order = rng.permutation(n)
    return a[order].astype(bool), b[order].astype(bool)


DISCORDANT = [(3, 10), (0, 7), (12, 12), (0, 0), (20, 35), (40, 18), (13, 12)]


def test_mcnemar_equals_scipy_binomtest_and_chi2():
    pairs = [correctness(n01, n10) for n01, n10 in DISCORDANT]
    a, b = np.stack([p[0] for p in pairs]), np.stack([p[1] for p in pairs])
    auto, exact, chi = (significance.mcnemar(a, b, exact=e) for e in (None, True, False))
    for i, (n01, n10) in enumerate(DISCORDANT):
        n = n01 + n10
        p_exact = stats.binomtest(n10, n, 0.5).pvalue if n else 1.0
        chi2 = max(abs(n01 - n10) - 1, 0) ** 2 / n if n else 0.0
        assert exact.pvalue[i] == pytest.approx(p_exact, rel=1e-12) and exact.statistic[i] == min(n01, n10)
        assert chi.statistic[i] == pytest.approx(chi2, rel=1e-12)
        assert chi.pvalue[i] == pytest.approx(stats.chi2.sf(chi2, 1), rel=1e-12)
        # below 25 discordant pairs the exact test, from 25 on the chi-square
        assert auto.pvalue[i] == (exact.pvalue[i] if n < 25 else chi.pvalue[i])
    # p = .092 (exact), .016 (exact), 1, 1, .059 (chi-square 14^2/55), .0058 (21^2/58), 1 (25 pairs: chi-square 0)
    assert auto.reject.tolist() == [False, True, False, False, False, True, False]


def test_mcnemar_equals_mlxtend_where_the_continuity_correction_is_not_capped():
    evaluate = pytest.importorskip("mlxtend.evaluate")
    for n01, n10 in DISCORDANT:
        a, b = correctness(n01, n10)
        table = np.array([[np.sum(a & b), np.sum(a & ~b)], [np.sum(~a & b), np.sum(~a & ~b)]])
        _, p_exact = evaluate.mcnemar(table, exact=True)
        assert significance.mcnemar(a, b, exact=True).pvalue == pytest.approx(p_exact, rel=1e-12)
        if n01 != n10:  # mlxtend's (|b - c| - 1)^2 is not capped: 1/(b + c) instead of 0 when b = c
            chi2, p = evaluate.mcnemar(table, exact=False)
            res = significance.mcnemar(a, b, exact=False)
            assert res.statistic == pytest.approx(chi2, rel=1e-12) and res.pvalue == pytest.approx(p, rel=1e-12)


def exact_sign_flip_pvalue(a, b):
    """Two-sided p-value of the sign-flip test over all 2^n flips, enumerated (integer sums)."""
    import itertools

    d = a.astype(int) - b.astype(int)
    signs = np.array(list(itertools.product((-1, 1), repeat=len(d))))
    return np.mean(np.abs(signs @ d) >= abs(d.sum()))


def test_paired_permutation_test_is_within_sampling_error_of_the_exact_sign_flip_test():
    # 12 instances, n01 = 2, n10 = 8: |2X - 10| >= 6 for X ~ Bin(10, 1/2): 2 * (1 + 10 + 45) / 1024
    a, b = correctness(2, 8, n=12)
    exact = exact_sign_flip_pvalue(a, b)
    assert exact == 112 / 1024
    # the same as mlxtend's exact paired permutation test and as McNemar's exact test
    evaluate = pytest.importorskip("mlxtend.evaluate")
    mlx = evaluate.permutation_test(
        a.astype(float), b.astype(float), func="x_mean != y_mean", method="exact", paired=True
    )
    assert mlx == pytest.approx(exact, rel=1e-12)
    assert significance.mcnemar(a, b, exact=True).pvalue == pytest.approx(exact, rel=1e-12)
    permutations = 20000
    res = significance.paired_permutation_test(a, b, permutations, np.random.default_rng(11))
    assert res.statistic == pytest.approx(6 / 12)
    # (1 + K) / (1 + P) with K ~ Bin(P, exact): 4 standard errors plus the +1's shift
    tolerance = 4 * np.sqrt(exact * (1 - exact) / permutations) + 1 / (permutations + 1)
    assert abs(res.pvalue - exact) < tolerance


def test_paired_permutation_test_floor_ties_and_determinism():
    # A right and B wrong on all 40 instances: a permutation reaches |d| only by flipping all signs
    # alike (probability 2^-39), so p is the floor 1/(P + 1)
    a, b = np.ones(40, bool), np.zeros(40, bool)
    assert significance.paired_permutation_test(a, b, 999, np.random.default_rng(0)).pvalue == 1 / 1000
    # no discordant instance: every permutation ties the observed 0, p = 1
    assert significance.paired_permutation_test(a, a, 999, np.random.default_rng(0)).pvalue == 1.0
    # trials vectorised; the same generator state gives the same p-values
    pairs = [correctness(n01, n10) for n01, n10 in DISCORDANT]
    a, b = np.stack([p[0] for p in pairs]), np.stack([p[1] for p in pairs])
    first = significance.paired_permutation_test(a, b, 500, np.random.default_rng(4))
    again = significance.paired_permutation_test(a, b, 500, np.random.default_rng(4))
    assert first.pvalue.shape == (len(DISCORDANT),) and np.array_equal(first.pvalue, again.pvalue)
    assert np.all(first.pvalue >= 1 / 501)


def test_refusals_of_the_added_tests():
    zeros, rng = np.zeros(10), np.random.default_rng(0)
    refuses("10 fold results", significance.combined_5x2cv_f, np.zeros(8), np.zeros(8))
    refuses("same shape", significance.combined_5x2cv_f, zeros, np.zeros(9))
    refuses("folds >= 2", significance.corrected_repeated_cv_t, zeros, zeros, repetitions=10, folds=1)
    refuses("repetitions >= 1", significance.corrected_repeated_cv_t, zeros, zeros, repetitions=0, folds=2)
    refuses("has 8 fold results, got 10", significance.corrected_repeated_cv_t, zeros, zeros, 2, 4)
    refuses("at least 2 folds", significance.corrected_repeated_cv_t, np.zeros(1), np.zeros(1), 1, 2)
    refuses("alpha", significance.corrected_repeated_cv_t, zeros, zeros, 2, 5, alpha=0)
    correct = np.ones(5, bool)
    for test, extra in ((significance.mcnemar, ()), (significance.paired_permutation_test, (10, rng))):
        refuses("same shape", test, correct, np.ones(6, bool), *extra)
        refuses("at least 1 instance", test, np.ones((2, 0)), np.ones((2, 0)), *extra)
        refuses("at least 1 instance", test, True, False, *extra)
        refuses("boolean", test, np.full(5, 0.5), correct, *extra)
        refuses("alpha", test, correct, correct, *extra, alpha=1.0)
    refuses("exact must be", significance.mcnemar, correct, correct, exact="yes")
    refuses("permutations", significance.paired_permutation_test, correct, correct, 0, rng)
    refuses("permutations", significance.paired_permutation_test, correct, correct, 2.5, rng)
    refuses("numpy.random.Generator", significance.paired_permutation_test, correct, correct, 10, 42)

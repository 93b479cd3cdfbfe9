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

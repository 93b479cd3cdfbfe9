import numpy as np
import pytest

from lib.studies import simulated

RNG = np.random.default_rng(99)
POINT = dict(m=300, n_groups=10, alpha=0.05)


@pytest.mark.parametrize("p_err", [0.1, 0.2, 0.3, 0.4])
@pytest.mark.parametrize("err_corr", [0.0, 0.5, 0.9, 1.0])
def test_table7_probabilities_keep_the_overall_error(p_err, err_corr):
    model = simulated.GroupErrorModel.from_err_corr(p_err, err_corr, 10)
    assert model.n_chosen == round(10 * p_err)
    assert model.expected_error == pytest.approx(p_err)
    assert model.p_chosen >= p_err >= model.p_other


@pytest.mark.parametrize("reading", simulated.READINGS)
def test_simulated_overall_error_equals_p_err(reading):
    # 2000 trials x 30 folds x 270 instances: standard error of the mean error well below 0.002
    a = simulated.GroupErrorModel.from_err_corr(0.1, 0.9, 10)
    out = simulated.simulate_point(
        RNG, trials=2000, model_a=a, model_b=a, reading=reading, sampler="RRS", folds=30, prop_labeled=[0.1], **POINT
    )[0]
    # trial means vary with the sample's group sizes (bias) -> use the spread over trials
    for key in ("error_a", "error_b"):
        se = out[key].std(ddof=1) / np.sqrt(out[key].size)
        assert abs(out[key].mean() - 0.1) < 4 * se


def test_chosen_groups_come_from_each_classifiers_half():
    a = simulated.GroupErrorModel.from_err_corr(0.3, 0.9, 10)
    chosen_a = simulated.choose_groups(RNG, (500, 7), a, 0)
    chosen_b = simulated.choose_groups(RNG, (500, 7), a, 1)
    assert (chosen_a.sum(-1) == 3).all() and (chosen_b.sum(-1) == 3).all()
    assert not chosen_a[..., 5:].any() and not chosen_b[..., :5].any()
    # uniform over the half: each group chosen with probability 3/5
    assert np.abs(chosen_a[..., :5].mean(axis=(0, 1)) - 0.6).max() < 0.03


def test_error_correlation_on_hand_counts():
    # one group, two folds: fold 1 has 4 members, 4 errors; fold 2 has 4 members, 0 errors.
    # ordered pairs: n11 = 12, n00 = 12, n10 = n01 = 0 -> phi = 1
    counts = np.array([[[4], [4]]])
    errors = np.array([[[4], [0]]])
    assert simulated.group_error_correlation(counts, errors)[0] == pytest.approx(1.0)
    # fold 1: 4 members 2 errors -> n11=2, n10=n01=4, n00=2: phi = (4 - 16) / (6 * 6) = -1/3
    assert simulated.group_error_correlation(np.array([[[4]]]), np.array([[[2]]]))[0] == pytest.approx(-1 / 3)
    # no errors at all: undefined -> NaN
    assert np.isnan(simulated.group_error_correlation(np.array([[[4]]]), np.array([[[0]]]))[0])


def test_ncv_type_one_error_near_alpha_without_error_correlation():
    # errCorr = 0: instances err independently with P(err), folds are disjoint -> the paired t
    # test is exact up to the normal approximation of fold errors; 3000 trials, SE 0.004
    a = simulated.GroupErrorModel.from_err_corr(0.2, 0.0, 10)
    out = simulated.simulate_point(
        RNG, trials=3000, model_a=a, model_b=a, reading="per_fold", sampler="NCV", folds=10, prop_labeled=[0.5], **POINT
    )[0]
    assert abs(out["reject_paired_t"].mean() - 0.05) < 4 * np.sqrt(0.05 * 0.95 / 3000)


def test_resampling_inflates_type_one_error_with_correlated_errors():
    a = simulated.GroupErrorModel.from_err_corr(0.1, 0.9, 10)
    rrs, ncv = (
        simulated.simulate_point(
            RNG, trials=1000, model_a=a, model_b=a, reading="per_fold", sampler=s, folds=k, prop_labeled=[0.1], **POINT
        )[0]
        for s, k in (("RRS", 30), ("NCV", 10))
    )
    assert rrs["reject_paired_t"].mean() > 0.25 > 0.1 > ncv["reject_paired_t"].mean()


@pytest.mark.parametrize("p_err,msg", [(0.5, "below 0.5"), (0.6, "below 0.5"), (0.02, "M=0")])
def test_bad_parameters_fail_clearly(p_err, msg):
    with pytest.raises(ValueError, match=msg):
        simulated.GroupErrorModel.from_err_corr(p_err, 0.9, 10)


def test_bad_reading_and_sampler():
    a = simulated.GroupErrorModel.from_err_corr(0.1, 0.9, 10)
    with pytest.raises(ValueError, match="reading"):
        simulated.simulate_point(
            RNG,
            trials=1,
            model_a=a,
            model_b=a,
            reading="per_group",
            sampler="RRS",
            folds=2,
            prop_labeled=[0.5],
            **POINT,
        )
    with pytest.raises(ValueError, match="sampler"):
        simulated.simulate_point(
            RNG, trials=1, model_a=a, model_b=a, reading="per_fold", sampler="LOO", folds=2, prop_labeled=[0.5], **POINT
        )


def test_run_chunk_is_deterministic_and_tidy():
    scenario = dict(
        reading="per_fold",
        p_err=[0.1],
        err_corr=[0.9],
        error_difference=[0.0],
        prop_labeled=[0.3, 0.9],
        samplers={"RRS": 5, "NCV": 10},
    )
    one = simulated.run_chunk(
        np.random.default_rng(3), scenario, m=60, n_groups=10, alpha=0.05, trials=20, first_trial=40
    )
    two = simulated.run_chunk(
        np.random.default_rng(3), scenario, m=60, n_groups=10, alpha=0.05, trials=20, first_trial=40
    )
    assert all(np.array_equal(one[k], two[k], equal_nan=one[k].dtype.kind == "f") for k in one)
    assert len(one["trial"]) == 20 * 2 * 2
    assert one["trial"].min() == 40 and one["trial"].max() == 59


def test_power_model_keeps_b_error_exact_with_a_groups():
    scenario = dict(p_err=[0.1], q=[0.9], error_difference=[0.0, 0.04])
    points = list(simulated.scenario_points(scenario, 10))
    for p_err, q, diff, a, b in points:
        assert a.p_chosen == pytest.approx(0.9) and b.p_chosen == pytest.approx(0.9)
        assert b.n_chosen == a.n_chosen == 1
        assert b.expected_error == pytest.approx(p_err + diff)
    a = points[0][3]
    assert a.p_other == pytest.approx(0.1 * (1 - 0.9) / 0.9)  # Wang: p(1 - q)/(1 - p)
    out = simulated.simulate_point(
        RNG,
        trials=2000,
        model_a=a,
        model_b=points[1][4],
        reading="per_trial",
        sampler="NCV",
        folds=10,
        prop_labeled=[0.3],
        **POINT,
    )[0]
    for key, target in (("error_a", 0.1), ("error_b", 0.14)):
        se = out[key].std(ddof=1) / np.sqrt(out[key].size)
        assert abs(out[key].mean() - target) < 4 * se


@pytest.mark.parametrize("reading", simulated.READINGS)
def test_instance_level_and_group_counts_agree(reading):
    # Same distribution two ways: Type I rates of RRS at propLabeled 0.3 within 4.5 combined SEs
    a = simulated.GroupErrorModel.from_err_corr(0.1, 0.9, 10)
    kw = dict(trials=1500, model_a=a, model_b=a, reading=reading, sampler="RS", folds=10, prop_labeled=[0.3], **POINT)
    fast = simulated.simulate_point(np.random.default_rng(1), **kw)[0]
    slow = simulated.simulate_point(np.random.default_rng(2), instance_level=True, **kw)[0]
    r1, r2 = fast["reject_paired_t"].mean(), slow["reject_paired_t"].mean()
    se = np.sqrt(r1 * (1 - r1) / 1500 + r2 * (1 - r2) / 1500)
    assert abs(r1 - r2) < 4.5 * se
    assert "reject_rsc_paired" in slow and "reject_rsc_paired" not in fast
    # RS-C corrects the inflated RS Type I error downwards
    assert slow["reject_rsc_paired"].mean() < slow["reject_paired_t"].mean()


def test_pooled_error_correlation_on_hand_counts():
    # two groups in one fold: group 0 has 3 of 3 wrong, group 1 has 0 of 3 wrong.
    # pooled ordered pairs: n11 = 6, n00 = 6, n10 = 0 -> phi = 1; each group alone is degenerate
    counts = np.array([[[3, 3]]])
    errors = np.array([[[3, 0]]])
    assert simulated.pooled_error_correlation(counts, errors)[0] == pytest.approx(1.0)
    assert np.isnan(simulated.group_error_correlation(counts, errors)[0])


def test_cv5x2_sampler_runs_dietterich_test():
    a = simulated.GroupErrorModel.from_err_corr(0.2, 0.0, 10)
    out = simulated.simulate_point(
        RNG,
        trials=2000,
        model_a=a,
        model_b=a,
        reading="per_fold",
        sampler="CV5x2",
        folds=10,
        prop_labeled=[0.5],
        **POINT,
    )[0]
    assert (out["test_size"] == 150).all()
    # independent errors: the 5x2cv test holds its level (Dietterich 1998: at or below alpha)
    assert out["reject_dietterich_5x2cv"].mean() < 0.05 + 4 * np.sqrt(0.05 * 0.95 / 2000)


def test_hypergeometric_group_counts_match_random_subsets():
    # the fast RRS path draws group compositions directly; compare with explicit subsets:
    # mean and variance of one group's count, and the covariance of two groups, within 5 SE
    rng = np.random.default_rng(11)
    sizes = np.tile([40, 25, 35], (1, 1))
    direct = simulated.random_subset_group_counts(rng, np.repeat(sizes, 20000, axis=0), 1, 30)[:, 0, :]
    groups = np.repeat(np.arange(3), sizes[0])
    mem = np.stack([rng.permutation(100)[:30] for _ in range(20000)])
    explicit = np.stack([(groups[mem] == g).sum(1) for g in range(3)], axis=1)
    assert (direct.sum(1) == 30).all()
    for stat in (lambda c: c[:, 0], lambda c: (c[:, 0] - 12) ** 2, lambda c: c[:, 0] * c[:, 1]):
        a, b = stat(direct).astype(float), stat(explicit).astype(float)
        se = np.sqrt(a.var() / a.size + b.var() / b.size)
        assert abs(a.mean() - b.mean()) < 5 * se
    # exact expectation: 30 * 40/100 = 12
    assert abs(direct[:, 0].mean() - 12) < 5 * direct[:, 0].std() / np.sqrt(20000)


def test_sampler_key_order_changes_nothing():
    """The seed of a job ignores the order of a mapping's keys, so the draws must too: the same
    scenario with its samplers listed in another order gives byte-identical columns."""
    scenario = {
        "reading": "per_fold",
        "p_err": [0.2],
        "err_corr": [0.5],
        "error_difference": [0.0],
        "prop_labeled": [0.3],
        "samplers": {"RRS": 5, "ERS": 5, "NCV": 5},
    }
    reordered = {**scenario, "samplers": {"NCV": 5, "RRS": 5, "ERS": 5}}
    args = dict(m=60, n_groups=10, alpha=0.05, trials=4, first_trial=0)
    one = simulated.run_chunk(np.random.default_rng(3), scenario, **args)
    two = simulated.run_chunk(np.random.default_rng(3), reordered, **args)
    assert list(one) == list(two)
    for name in one:
        assert np.array_equal(one[name], two[name], equal_nan=one[name].dtype.kind == "f"), name
    assert list(dict.fromkeys(one["sampler"])) == ["RRS", "ERS", "NCV"]  # drawn in SAMPLER_ORDER

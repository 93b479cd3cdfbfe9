"""Tests of lib.evaluation.rsc: Wang et al. 2011 (ECML PKDD), Theorems 1-4, Sec. 4 corrections, Sec. 3 model.

Reference values come from computations that do not use the paper's algebra: brute-force
enumeration of every test set (and every error pattern, or the covariance matrix of eq. 1) on
small populations, and pair enumeration for the estimators.

Monte Carlo tolerances. For a rep of k i.i.d. samples Z_1..Z_k the sample variance s^2 has
Var(s^2) = sigma^4 (2/(k-1) + kappa/k) (kappa = excess kurtosis of Z), so the mean of s^2 over R
reps has standard error SE = sigma^2 sqrt((2/(k-1) + kappa/k) / R); we allow 4 SE. A rejection
rate over T independent trials has standard error sqrt(alpha (1 - alpha) / T); we allow 3.5 SE.
"""

import itertools

import numpy as np
import pytest
from scipy import stats

from lib.evaluation import rsc

ALPHA = 0.05


# ----------------------------------------------------------------------------- exact references


def _subsets(m, n):
    idx = np.array(list(itertools.combinations(range(m), n)))
    x = np.zeros((len(idx), m), dtype=bool)
    np.put_along_axis(x, idx, True, axis=1)
    return x


def exact_var_no_links(m, n, n_type1, q):
    """Var(Z_k) by enumerating every test set and every error pattern (Theorem 2's setting)."""
    p = n_type1 / m
    s = p * (1 - q) / (1 - p)
    mu = np.r_[np.full(n_type1, q), np.full(m - n_type1, s)]
    idx = np.array(list(itertools.combinations(range(m), n)))
    patterns = np.array(list(itertools.product([0, 1], repeat=n)))
    mus = mu[idx][:, None, :]
    prob = np.prod(np.where(patterns == 1, mus, 1 - mus), axis=-1) / len(idx)
    z = patterns.mean(axis=-1)
    mean = (prob * z).sum()
    return mean, (prob * z**2).sum() - mean**2


def exact_var_linked(m, n, n_type1, q, rho, group, pair_cov):
    """Var(Z_k) and mean |L| by enumeration over every type layout and every test set.

    ``pair_cov(mu_i, mu_j)`` gives the covariance of a linked pair given its error probabilities
    (eq. 1 for the paper's model). Averaging over layouts makes links independent of types, as
    the proof of Theorem 3 assumes.
    """
    p = n_type1 / m
    s = p * (1 - q) / (1 - p)
    linked = (group[:, None] == group[None, :]) & ~np.eye(m, dtype=bool)
    mu = np.where(_subsets(m, n_type1), q, s)  # (layouts, m)
    cov = np.where(linked, rho * pair_cov(mu[:, :, None], mu[:, None, :]), 0.0)
    cov = cov + np.einsum("lm,mk->lmk", mu * (1 - mu), np.eye(m))
    x = _subsets(m, n).astype(float)  # (test sets, m)
    cond_var = np.einsum("sm,lmk,sk->ls", x, cov, x) / n**2
    cond_mean = x @ mu.T / n
    total = cond_var.mean() + cond_mean.var()
    return total, np.einsum("sm,mk,sk->s", x, linked.astype(float), x).mean()


def paper_cov(mu_i, mu_j):
    return np.sqrt(mu_i * (1 - mu_i) * mu_j * (1 - mu_j))


def shock_cov(mu_i, mu_j):
    return np.minimum(mu_i, mu_j) - mu_i * mu_j


def eq43_as_printed(n, m, p, q, rho, L):
    c = np.sqrt(1 - 2 * p + p * q)
    b = p * m * q - q + 2 * m * c * np.sqrt(p * q) + m * c**2 - c**2 / (1 - p)
    return (
        p
        * (1 - p)
        / n
        * ((n - 1) / (m - 1) * ((q - p) / (1 - p)) ** 2 + rho * L / n * (1 - 1 / (m - 1) * (1 - q) / (1 - p) * b))
    )


def eq42_as_printed(n, m, p, q, rho, L):
    c = np.sqrt(1 - 2 * p + p * q)
    b = p * m * q - q + 2 * m * c * np.sqrt(p * q) + m * c**2 - c**2 / (1 - p)
    return (
        p * (1 - p) / n * (1 + rho * L / n)
        - p * (1 - p) / n * (1 - (n - 1) / (m - 1) * ((q - p) / (1 - p)) ** 2)
        + L * rho / (n * (m - 1)) * (1 - q) / (1 - p) * b
    )


def mc_tolerance(res, k):
    """4 SE of the mean within-rep variance (formula in the module docstring)."""
    z = res["z"]
    centred = z - z.mean(axis=-1, keepdims=True)
    sigma2 = res["var"]
    kappa = (centred**4).mean() / (centred**2).mean() ** 2 - 3
    return 4 * sigma2 * np.sqrt((2 / (k - 1) + max(kappa, 0) / k) / z.shape[0])


# ----------------------------------------------------------------------------- Theorem 2


@pytest.mark.parametrize(
    "m, n, n_type1, q",
    [
        (9, 4, 3, 0.8),
        (10, 5, 2, 0.5),
        (10, 4, 5, 0.2),
        (8, 8, 4, 0.9),
        (10, 1, 3, 0.3),
        (12, 6, 3, 1.0),
        (9, 3, 3, 1 / 3),
    ],
)
def test_var_rs_equals_exact_enumeration(m, n, n_type1, q):
    mean, var = exact_var_no_links(m, n, n_type1, q)
    p = n_type1 / m
    assert mean == pytest.approx(p, rel=1e-12)
    assert rsc.var_rs(n, m, p, q) == pytest.approx(var, rel=1e-10)


def test_var_rs_special_cases():
    n, m, p = np.array([1, 30, 210, 300]), 300, 0.1
    assert np.allclose(rsc.var_rs(n, m, p, p), p * (1 - p) / n)
    assert np.allclose(rsc.var_rs(n, m, p, 1.0), p * (1 - p) / n * (m - n) / (m - 1))
    assert rsc.var_rs(300, 300, 0.1, 1.0) == pytest.approx(0.0, abs=1e-18)  # census, fixed errors


def test_var_rs_monte_carlo():
    k = 10
    rng = np.random.default_rng(12345)
    for n, q in [(60, 0.9), (100, 1.0), (20, 0.5)]:
        res = rsc.simulate_zk(n, 120, 0.25, q, 0.0, 1, k, 3000, rng)
        assert res["L"] == 0
        assert abs(res["var"] - rsc.var_rs(n, 120, 0.25, q)) < mc_tolerance(res, k)


# ----------------------------------------------------------------------------- Theorem 1


def test_var_corr_monte_carlo_with_induced_correlation():
    k = 10
    rng = np.random.default_rng(12346)
    for n, rho, size in [(60, 0.4, 6), (100, 0.2, 20)]:
        res = rsc.simulate_zk(n, 120, 0.25, 0.25, rho, size, k, 3000, rng)
        assert res["rho"] == pytest.approx(rho, abs=0.02)  # q = p: achieved phi = target
        theory = rsc.var_corr(n, 0.25, res["rho"], res["L"])
        assert abs(res["var"] - theory) < mc_tolerance(res, k)
        assert theory > 1.5 * 0.25 * 0.75 / n  # correlation matters here


def test_var_corr_closed_form():
    assert rsc.var_corr(10, 0.5, 0.0, 0) == pytest.approx(0.025)
    assert rsc.var_corr(10, 0.5, 0.5, 20) == pytest.approx(0.025 * 2)
    out = rsc.var_corr(np.array([[10], [20]]), 0.2, np.array([0.0, 0.3, 0.6]), 30)
    assert out.shape == (2, 3) and np.all(np.diff(out, axis=1) > 0)


# ----------------------------------------------------------------------------- Theorems 3 and 4

GROUPS_8 = [np.repeat(np.arange(4), 2), np.repeat(np.arange(2), 4), np.array([0, 0, 0, 1, 1, 2, 3, 3])]


@pytest.mark.parametrize("group", GROUPS_8)
@pytest.mark.parametrize("q, rho", [(0.9, 0.3), (0.5, 0.8), (0.25, 0.5), (0.1, -0.2), (1.0, 0.4)])
def test_var_obs_and_delta_equal_direct_computation(group, q, rho):
    # Exact covariance algebra of eq. (1) (Theorem 3); valid whether or not a distribution exists.
    m, n, n_type1 = 8, 4, 2
    p = n_type1 / m
    v_obs, L = exact_var_linked(m, n, n_type1, q, rho, group, paper_cov)
    v_corr, L1 = exact_var_linked(m, n, n_type1, p, rho, group, paper_cov)  # q = p: Theorem 1
    assert L == pytest.approx(L1)
    assert rsc.var_obs(n, m, p, q, rho, L) == pytest.approx(v_obs, rel=1e-10)
    assert rsc.var_corr(n, p, rho, L) == pytest.approx(v_corr, rel=1e-10)
    assert rsc.delta(n, m, p, q, rho, L) == pytest.approx(v_corr - v_obs, rel=1e-9, abs=1e-15)


def test_delta_equals_printed_eq43_but_not_eq42():
    grid = np.meshgrid(
        [10, 90, 210], [300], [0.05, 0.1, 0.4], [0.1, 0.5, 0.9, 1.0], [0.0, 0.3, 0.9], [0, 100, 4000], indexing="ij"
    )
    d = rsc.delta(*grid)
    assert np.allclose(d, eq43_as_printed(*grid), rtol=1e-10, atol=1e-15)
    # Eq. (42) adds the link bracket outside (1/n) p (1 - p)[...] instead of subtracting it inside.
    assert not np.allclose(d, eq42_as_printed(*grid), rtol=1e-6)


def test_delta_zero_when_no_resampling_effect():
    assert rsc.delta(210, 300, 0.1, 0.1, 0.0, 0) == pytest.approx(0.0, abs=1e-18)
    # q = p makes Theorem 3's link factor 1, so delta vanishes for any rho and |L|.
    rho_L = np.meshgrid([0.0, 0.3, 0.9], [0, 50, 4000])
    assert np.allclose(rsc.delta(210, 300, 0.1, 0.1, *rho_L), 0.0, atol=1e-16)


def test_delta_positive_and_increasing():
    q = np.linspace(0.1, 1.0, 46)[1:]
    d_q = rsc.delta(210, 300, 0.1, q, 0.0, 0)
    assert np.all(d_q > 0) and np.all(np.diff(d_q) > 0)
    rho = np.linspace(0.0, 1.0, 21)
    for L in [20, 500, 4000]:
        d_rho = rsc.delta(210, 300, 0.1, 0.9, rho, L)
        assert np.all(d_rho > 0) and np.all(np.diff(d_rho) > 0)
    d_L = rsc.delta(210, 300, 0.1, 0.9, 0.3, np.linspace(0, 4000, 21))
    assert np.all(np.diff(d_L) > 0)
    d_q_rho = rsc.delta(210, 300, 0.1, q, 0.3, 4000)
    assert np.all(np.diff(d_q_rho) > 0)


@pytest.mark.parametrize("group", GROUPS_8[:2])
@pytest.mark.parametrize("q, rho", [(0.9, 0.3), (0.5, 0.8)])
def test_var_sim_equals_direct_computation(group, q, rho):
    m, n, n_type1 = 8, 4, 2
    v, L = exact_var_linked(m, n, n_type1, q, rho, group, shock_cov)
    assert rsc.var_sim(n, m, n_type1 / m, q, rho, L) == pytest.approx(v, rel=1e-10)


def test_simulator_matches_var_sim_not_theorem3():
    # The mechanism cannot give mixed-type linked pairs the correlation eq. (1) asks for, so
    # Theorem 3 with rho_target overstates, and with the achieved (marginal) phi understates.
    k = 10
    res = rsc.simulate_zk(60, 120, 0.25, 0.9, 0.5, 10, k, 3000, np.random.default_rng(12347))
    assert abs(res["var"] - rsc.var_sim(60, 120, 0.25, 0.9, 0.5, res["L"])) < mc_tolerance(res, k)
    assert rsc.var_obs(60, 120, 0.25, 0.9, 0.5, res["L"]) > res["var"] + mc_tolerance(res, k)
    assert rsc.var_obs(60, 120, 0.25, 0.9, res["rho"], res["L"]) < res["var"] - mc_tolerance(res, k)
    assert np.allclose(rsc.var_sim(60, 120, 0.25, 0.25, 0.5, [0, 300]), rsc.var_obs(60, 120, 0.25, 0.25, 0.5, [0, 300]))


# ----------------------------------------------------------------------------- estimation


def _hand_example():
    # 2 folds, 5 instances, groups {0,1,2} and {3,4}; NaN marks entries outside a test set.
    membership = np.array([[1, 1, 1, 1, 0], [0, 1, 1, 1, 1]], dtype=bool)
    errors = np.array([[1, 1, 0, 0, np.nan], [np.nan, 1, 0, 1, 1]])
    return membership, errors, np.array([0, 0, 0, 1, 1])


def test_estimate_parameters_hand_example():
    est = rsc.estimate_parameters(*_hand_example())
    # n = (4+4)/2; p = (2/4 + 3/4)/2; L: fold 0 has 3 of group 0 (6 ordered pairs), fold 1 has
    # 2 + 2 (2 + 2 pairs) -> (6 + 4)/2.  Table: n11 = 2 + 2, n10 = n01 = 2 + 1, n00 = 0 ->
    # phi = (4*0 - 3*3) / (7*3).  r = (1, 1, 0, 1/2, 1): erred mean (1 + 1 + 1/2 + 1)/4.
    expected = {"n": 4.0, "m": 5.0, "p": 0.625, "L": 5.0, "rho": -3 / 7, "q": 0.875}
    for key, value in expected.items():
        assert est[key].shape == () and est[key] == pytest.approx(value), key
    # moments: f = sum e(e-1)/sum t(t-1) = 2/6 < p^2 -> q clipped to p
    moments = rsc.estimate_parameters(*_hand_example(), q_method="moments")
    assert moments["q"] == pytest.approx(0.625)


def test_estimate_parameters_moments_hand_example():
    # Both instances in all 3 folds, linked; instance 0 errs 3 times, instance 1 once.
    membership = np.ones((3, 2), dtype=bool)
    errors = np.array([[1, 0], [1, 0], [1, 1]])
    est = rsc.estimate_parameters(membership, errors, [7, 7], q_method="moments")
    # p = 2/3, f = 6/12 -> q = p + sqrt((1-p)(f/p - p)) = 5/6; s = 1/3; p q^2 + (1-p) s^2 = 1/2
    assert est["p"] == pytest.approx(2 / 3) and est["q"] == pytest.approx(5 / 6)
    assert est["L"] == pytest.approx(2.0) and est["n"] == pytest.approx(2.0)
    assert est["rho"] == pytest.approx(-0.5)  # n11 = 2, n10 = n01 = 2, n00 = 0
    assert rsc.estimate_parameters(membership, errors, [7, 7])["q"] == pytest.approx(2 / 3)


def test_estimate_parameters_broadcasts_over_trials():
    membership, errors, group = _hand_example()
    single = rsc.estimate_parameters(membership, errors, group)
    mem = np.broadcast_to(membership, (2, 3) + membership.shape)
    err = np.where(mem, np.broadcast_to(errors, mem.shape), 0)
    for grp in (group, np.broadcast_to(group + 10, (2, 3, 5))):
        est = rsc.estimate_parameters(mem, err, grp)
        for key in single:
            assert est[key].shape == (2, 3)
            assert np.allclose(est[key], single[key]), key


def test_estimate_parameters_matches_pair_enumeration():
    rng = np.random.default_rng(12348)
    trials, k, m = 4, 5, 14
    membership = rng.random((trials, k, m)) < 0.6
    membership[..., 0] = True
    errors = rng.random((trials, k, m)) < 0.35
    group = rng.integers(0, 4, (trials, m))
    est = rsc.estimate_parameters(membership, errors, group)
    for t in range(trials):
        table, pairs = np.zeros((2, 2)), []
        for j in range(k):
            members = np.flatnonzero(membership[t, j])
            links = [(a, b) for a in members for b in members if a != b and group[t, a] == group[t, b]]
            pairs.append(len(links))
            for a, b in links:
                table[int(errors[t, j, a]), int(errors[t, j, b])] += 1
        phi = (table[1, 1] * table[0, 0] - table[1, 0] * table[0, 1]) / np.sqrt(
            table[1].sum() * table[0].sum() * table[:, 1].sum() * table[:, 0].sum()
        )
        assert est["rho"][t] == pytest.approx(phi)
        assert est["L"][t] == pytest.approx(np.mean(pairs))
        sizes = membership[t].sum(-1)
        assert est["p"][t] == pytest.approx(np.mean((errors[t] & membership[t]).sum(-1) / sizes))
        t_i, e_i = membership[t].sum(0), (errors[t] & membership[t]).sum(0)
        erred = e_i > 0
        assert est["q"][t] == pytest.approx(np.mean(e_i[erred] / t_i[erred]))


def test_estimate_parameters_recovers_simulated_p_q_rho():
    reps = 300
    rng = np.random.default_rng(12349)
    mem, err, group = rsc.simulate_evaluation(210, 300, 0.1, 0.9, 0.0, 1, 10, reps, rng)
    est = rsc.estimate_parameters(mem, err, group, q_method="moments")
    for key, truth in [("p", 0.1), ("q", 0.9), ("n", 210), ("m", 300), ("L", 0), ("rho", 0)]:
        se = est[key].std(ddof=1) / np.sqrt(reps)
        assert abs(est[key].mean() - truth) <= 4 * se + 1e-12, key
    # q = p with linked groups: achieved phi estimates rho_target
    mem, err, group = rsc.simulate_evaluation(100, 200, 0.2, 0.2, 0.3, 10, 10, reps, rng)
    est = rsc.estimate_parameters(mem, err, group, q_method="moments")
    assert abs(est["rho"].mean() - 0.3) <= 4 * est["rho"].std(ddof=1) / np.sqrt(reps)
    assert abs(est["p"].mean() - 0.2) <= 4 * est["p"].std(ddof=1) / np.sqrt(reps)
    # q = 1: type-0 never errs and type-1 always does, so "erred" is exact; "moments" only
    # within sampling error (f and p weight the instances differently) and clipped at 1
    mem, err, group = rsc.simulate_evaluation(150, 300, 0.1, 1.0, 0.0, 1, 10, 20, rng)
    assert np.all(rsc.estimate_parameters(mem, err, group)["q"] == 1.0)
    q_mom = rsc.estimate_parameters(mem, err, group, q_method="moments")["q"]
    assert np.all((q_mom > 0.9) & (q_mom <= 1.0))


def test_estimate_parameters_disjoint_folds():
    # Each instance in one test set: "erred" sees only r_i = 1 (q = 1), "moments" has no
    # information and falls back to q = p (documented).
    membership = np.repeat(np.eye(4, dtype=bool), 3, axis=1)
    errors = np.zeros((4, 12), dtype=int)
    errors[:, ::3] = 1
    assert rsc.estimate_parameters(membership, errors, np.arange(12))["q"] == 1.0
    est = rsc.estimate_parameters(membership, errors, np.arange(12), q_method="moments")
    assert est["q"] == pytest.approx(est["p"]) and est["p"] == pytest.approx(1 / 3)
    assert est["L"] == 0 and est["rho"] == 0


# ----------------------------------------------------------------------------- corrected tests


def _null_params(shape, n, m, p):
    """Parameters with delta = 0 (q = p, rho = 0)."""
    full = lambda v: np.full(shape, float(v))
    return {"n": full(n), "m": full(m), "p": full(p), "q": full(p), "rho": full(0), "L": full(0)}


def test_rsc_tests_reduce_to_standard_tests_when_delta_is_zero():
    rng = np.random.default_rng(12350)
    a, b = rng.normal(0.2, 0.02, (50, 10)), rng.normal(0.21, 0.02, (50, 10))
    params = _null_params(50, 100, 300, 0.2)
    t, pval, reject = rsc.rsc_paired(a, b, params, params)
    ref = stats.ttest_rel(a, b, axis=-1)
    assert np.allclose(t, ref.statistic) and np.allclose(pval, ref.pvalue)
    assert np.array_equal(reject, ref.pvalue < ALPHA)
    t, pval, _ = rsc.rsc_unpaired(a, b, params, params)
    ref = stats.ttest_ind(a, b, axis=-1)
    assert np.allclose(t, ref.statistic) and np.allclose(pval, ref.pvalue)


def test_rsc_correction_shrinks_t():
    rng = np.random.default_rng(12351)
    a, b = rng.normal(0.1, 0.01, (200, 10)), rng.normal(0.105, 0.01, (200, 10))
    null = _null_params(200, 210, 300, 0.1)
    corr = {**null, "q": np.full(200, 0.9), "rho": np.full(200, 0.3), "L": np.full(200, 4000.0)}
    for test in (rsc.rsc_paired, rsc.rsc_unpaired):
        t0, p0, _ = test(a, b, null, null)
        t1, p1, _ = test(a, b, corr, corr)
        assert np.all(np.abs(t1) < np.abs(t0)) and np.all(p1 > p0)


def _rejection_ok(reject, trials):
    return abs(reject.mean() - ALPHA) <= 3.5 * np.sqrt(ALPHA * (1 - ALPHA) / trials)


def test_rsc_type_one_error_disjoint_iid_folds():
    # k disjoint test sets of n iid Bernoulli(p) errors per algorithm: independent folds,
    # q = p, rho = 0; "moments" falls back to q = p, delta ~ 0, so the level must be alpha.
    rng = np.random.default_rng(12345)
    trials, k, n, p = 4000, 10, 30, 0.2
    m = k * n
    fold = np.argsort(rng.random((trials, m)), axis=-1) % k
    membership = fold[:, None, :] == np.arange(k)[None, :, None]
    group = np.arange(m) // 5
    rates, params = [], []
    for _ in range(2):
        errors = rng.random((trials, k, m)) < p
        rates.append((errors & membership).sum(-1) / n)
        params.append(rsc.estimate_parameters(membership, errors, group, q_method="moments"))
    for test in (rsc.rsc_paired, rsc.rsc_unpaired):
        _, _, reject = test(rates[0], rates[1], params[0], params[1])
        assert reject.shape == (trials,) and _rejection_ok(reject, trials), test.__name__


@pytest.mark.parametrize("q_method", ["erred", "moments"])
def test_rsc_type_one_error_overlapping_iid_folds(q_method):
    # Overlapping random test sets but fresh iid errors (q = p, rho = 0): folds are independent.
    rng = np.random.default_rng(12352)
    trials, k, n, m, p = 4000, 10, 50, 100, 0.2
    mem, err_a, group = rsc.simulate_evaluation(n, m, p, p, 0.0, 4, k, trials, rng)
    _, err_b, _ = rsc.simulate_evaluation(n, m, p, p, 0.0, 4, k, trials, rng)
    rates = [(e & mem).sum(-1) / n for e in (err_a, err_b)]
    params = [rsc.estimate_parameters(mem, e, group, q_method=q_method) for e in (err_a, err_b)]
    for test in (rsc.rsc_paired, rsc.rsc_unpaired):
        _, _, reject = test(rates[0], rates[1], params[0], params[1])
        assert _rejection_ok(reject, trials), test.__name__


def test_rsc_guards():
    params = _null_params((), 100, 300, 0.2)
    a = np.array([0.2, 0.21, 0.19, 0.2, 0.22])
    # delta < -Var_obs (rho = -1, many links: eq. 1 invalid) -> Var_new clipped, finite output
    bad = {**params, "q": 0.9, "rho": -1.0, "L": 5000.0}
    for test in (rsc.rsc_paired, rsc.rsc_unpaired):
        t, pval, reject = test(a, a + 0.01, bad, bad)
        assert np.isfinite(t) and np.isfinite(pval) and reject
    # sigma_obs = 0: constant folds are left as they are
    const = np.full(5, 0.2)
    t, pval, _ = rsc.rsc_paired(a, const, params, {**params, "q": 0.9})
    ref = stats.ttest_rel(a, const)
    assert t == pytest.approx(ref.statistic) and pval == pytest.approx(ref.pvalue)
    t, pval, reject = rsc.rsc_paired(const, const, params, params)
    assert t == 0 and pval == 1 and not reject
    # p = 0 (no errors at all): no correction, no error
    zero = {**params, "p": 0.0, "q": 0.0}
    assert np.isfinite(rsc.rsc_unpaired(a, a, zero, zero)[0])


# ----------------------------------------------------------------------------- input validation


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: rsc.var_rs(10, 100, 0.0, 0.5), "p must lie strictly between 0 and 1"),
        (lambda: rsc.var_rs(10, 100, 1.2, 0.5), "p must lie strictly between 0 and 1"),
        (lambda: rsc.var_rs(10, 100, 0.1, 1.5), r"q must lie in \[0, 1\]"),
        (lambda: rsc.var_rs(200, 100, 0.1, 0.5), "n must not exceed m"),
        (lambda: rsc.var_rs(0, 100, 0.1, 0.5), "n must be at least 1"),
        (lambda: rsc.var_rs(1, 1, 0.1, 0.5), "m must be at least 2"),
        (lambda: rsc.var_obs(10, 100, 0.8, 0.1, 0.0, 0), r"q must be at least \(2p - 1\)/p"),
        (lambda: rsc.var_corr(10, 0.1, 0.2, -1), "L must be >= 0"),
        (lambda: rsc.delta(10, 100, 0.1, 0.5, 1.5, 10), r"rho must lie in \[-1, 1\]"),
        (lambda: rsc.delta(10, 100, np.array([0.1, np.nan]), 0.5, 0.1, 10), "p must lie"),
        (lambda: rsc.estimate_parameters(np.ones((2, 3), bool), np.full((2, 3), 2), [0, 0, 1]), "errors must be 0/1"),
        (lambda: rsc.estimate_parameters(np.eye(3, dtype=bool)[:2] * 0, np.zeros((2, 3)), [0, 1, 2]), "every test set"),
        (lambda: rsc.estimate_parameters(np.ones((2, 3), bool), np.zeros((2, 3)), [0, 1]), "group must have shape"),
        (
            lambda: rsc.estimate_parameters(np.ones((2, 3), bool), np.zeros((2, 3)), [0, 1, 2], "mean"),
            "q_method must be",
        ),
        (lambda: rsc.rsc_paired(np.zeros((4, 5)), np.zeros((4, 6)), {}, {}), "same shape"),
        (lambda: rsc.rsc_unpaired(np.zeros((4, 1)), np.zeros((4, 1)), {}, {}), "at least k=2"),
        (lambda: rsc.rsc_unpaired(np.zeros(5), np.zeros(5), {}, {}, alpha=1.5), "alpha must"),
        (lambda: rsc.rsc_unpaired(np.zeros(5), np.zeros(5), {"n": 1}, {}), "params must have keys"),
        (
            lambda: rsc.simulate_zk(10, 100, 0.1, 0.5, 1.2, 5, 10, 10, np.random.default_rng(1)),
            r"rho_target must lie in \[0, 1\]",
        ),
        (
            lambda: rsc.simulate_zk(10, 100, 0.1, 0.5, 0.2, 5, 1, 10, np.random.default_rng(1)),
            "k must be an integer >= 2",
        ),
        (lambda: rsc.simulate_evaluation(10, 100, 0.1, 0.5, 0.2, 5, 3, 2, 42), "rng must be"),
    ],
)
def test_bad_input_raises_clear_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()

"""The theory study: Wang et al. 2011 Sec. 3 beyond the paper's figures -- a Monte Carlo of the
Bernoulli model of node errors next to the closed forms of Theorems 1-3
(:mod:`lib.evaluation.rsc`), and where Theorem 3's model exists (:func:`rho_max`)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..core import jobs
from ..evaluation import rsc

#: The test-set share ``n/m`` of the rho panel and of Theorem 3's points inside its model.
RHO_PANEL_SHARE = 0.7
#: The rho panel's ``q`` above ``p``: Wang 2011 Sec. 5.1's default (m = 300, p = 0.1, q = 0.9).
PAPER_Q = 0.9
#: The variance columns of :func:`monte_carlo` (Monte Carlo, its s.e., each theorem's, the
#: simulator's exact one): the figure shows each as a ratio to the iid variance p (1 - p) / n.
VARIANCES = (
    "mc_var",
    "mc_var_se",
    "thm1_var_corr",
    "thm2_var_rs",
    "thm3_var_obs_target_rho",
    "thm3_var_obs_achieved_rho",
    "exact_var_of_simulator",
)
#: The columns of :func:`monte_carlo` and :func:`thm3_monte_carlo`.
COLUMNS = [
    "panel",
    "n",
    "m",
    "n_over_m",
    "p",
    "q",
    "rho_target",
    "rho_achieved",
    "L",
    *VARIANCES,
    "delta",
]


def monte_carlo(settings: dict, rng, log=None) -> pd.DataFrame:
    """Monte Carlo ``Var(Z_k)`` over a grid of test fractions ``n/m``, ``q`` and ``rho``, with the
    theorems' variances at each point.

    Parameters
    ----------
    settings : dict
        ``instances`` (m), ``p``, ``folds`` (k), ``group_size``, ``replications``,
        ``test_fractions`` and ``q_values`` (the ``n/m`` panel, rho = 0), ``rho_values`` (the rho
        panel, ``n/m`` = 0.7, ``q`` in ``{p, 0.9}``).
    rng : numpy.random.Generator
    log : logging.Logger, optional

    Returns
    -------
    pandas.DataFrame
        One row per grid point: the Monte Carlo variance and its standard error, the achieved
        rho and ``|L|``, Theorem 1 (``var_corr``), Theorem 2 (``var_rs``), Theorem 3
        (``var_obs`` at the target and at the achieved rho), the exact variance of the simulator
        and ``delta``.

    Notes
    -----
    Wang, Neville, Gallagher & Eliassi-Rad 2011, Sec. 3, Theorems 1-3 (:func:`lib.evaluation.rsc.simulate_zk`).
    """
    m, p, k, g, reps = (
        settings["instances"],
        settings["p"],
        settings["folds"],
        settings["group_size"],
        settings["replications"],
    )
    rows = []
    grid = [("n_over_m", f, q, 0.0) for f in settings["test_fractions"] for q in settings["q_values"]]
    grid += [("rho", RHO_PANEL_SHARE, q, r) for q in (p, PAPER_Q) for r in settings["rho_values"]]
    for panel, frac, q, rho in grid:
        n = int(round(frac * m))
        mc = rsc.simulate_zk(n, m, p, q, rho, g, k, reps, rng)
        rows.append(_row(panel, n, m, p, q, rho, mc, lambda L: rsc.var_sim(n, m, p, q, rho, L)))
        if log is not None:
            log.info("%s n=%d q=%.2f rho=%.2f: mc %.3g", panel, n, q, rho, rows[-1]["mc_var"])
    return pd.DataFrame(rows)


def _row(panel, n, m, p, q, rho, mc, exact) -> dict:
    """One grid point: the Monte Carlo ``mc`` next to Theorems 1-3 and ``exact(L)``, the exact
    variance of the mechanism that drew it."""
    L = float(np.mean(mc["L"]))
    achieved = float(np.mean(mc["rho"]))
    return {
        "panel": panel,
        "n": n,
        "m": m,
        "n_over_m": n / m,
        "p": p,
        "q": q,
        "rho_target": rho,
        "rho_achieved": achieved,
        "L": L,
        "mc_var": float(mc["var"]),
        "mc_var_se": float(mc["var_se"]),
        "thm1_var_corr": float(rsc.var_corr(n, p, rho, L)),
        "thm2_var_rs": float(rsc.var_rs(n, m, p, q)),
        "thm3_var_obs_target_rho": float(rsc.var_obs(n, m, p, q, rho, L)),
        "thm3_var_obs_achieved_rho": float(rsc.var_obs(n, m, p, q, achieved, L)),
        "exact_var_of_simulator": float(exact(L)),
        "delta": float(rsc.delta(n, m, p, q, rho, L)),
    }


# ---- where Theorem 3's model exists ----------------------------------------------------------
# Eq. (1) gives every linked pair Cov = rho sigma_i sigma_j, whatever the two types. The proof of
# Theorem 3 turns this into conditional probabilities, eqs. (25)-(31); eq. (29),
# P(X_j^1 = 1 | X_i^0 = 1) = q + rho c sqrt(q/p), is 0.9 + 2.83 rho at p = 0.1, q = 0.9 (the
# paper's Sec. 5.1 defaults) and exceeds 1 above rho = 0.035: no distribution has those
# covariances, and no simulation can match eq. (4) there.


def _type_moments(p: float, q: float) -> tuple[np.ndarray, np.ndarray]:
    """Means and standard deviations of the two types of Sec. 3: type 1 Bernoulli(q), type 0
    Bernoulli(s) with ``s = p (1 - q) / (1 - p)``, in that order."""
    mu = np.array([q, p * (1 - q) / (1 - p)])
    return mu, np.sqrt(mu * (1 - mu))


def conditional_probabilities(p: float, q: float, rho: float) -> dict:
    """``P(X_j = 1 | X_i = x)`` for a linked pair of types ``(a, b)`` under eq. (1).

    Keys ``(a, b, x)`` with types 1 and 0 as in Sec. 3. ``x = 1``:
    ``mu_b + rho sigma_a sigma_b / mu_a``, eqs. (25), (27), (29), (31) for ``(a, b)`` = (1, 1),
    (1, 0), (0, 1), (0, 0); ``x = 0``: ``mu_b - rho sigma_a sigma_b / (1 - mu_a)``, the same
    covariance seen from ``X_i = 0``. A condition of probability 0 (a type with ``mu`` 0 or 1)
    has no entry.
    """
    mu, sd = _type_moments(p, q)
    out = {}
    for a, b in ((0, 0), (0, 1), (1, 0), (1, 1)):
        cov = rho * sd[a] * sd[b]
        if mu[a] > 0:
            out[(1 - a, 1 - b, 1)] = float(mu[b] + cov / mu[a])
        if mu[a] < 1:
            out[(1 - a, 1 - b, 0)] = float(mu[b] - cov / (1 - mu[a]))
    return out


def model_exists(p: float, q: float, rho: float, tol: float = 1e-12) -> bool:
    """Whether every conditional probability eq. (1) implies (:func:`conditional_probabilities`)
    lies in ``[0, 1]``. For ``rho >= 0`` this is ``rho <= rho_max(p, q)``, and then a distribution
    with exactly eq. (1)'s covariances exists (:func:`simulate_eq1` draws from one)."""
    return all(-tol <= v <= 1 + tol for v in conditional_probabilities(p, q, rho).values())


def rho_max(p: float, q: float) -> float:
    """The largest ``rho`` for which the model of eq. (1) exists (Theorem 3's model).

    A pair of types ``(a, b)`` allows ``rho <= sqrt(mu_a / (1 - mu_a)) sqrt((1 - mu_b) / mu_b)``
    (eq. (25)-(31) at most 1, their complements at least 0), so the bound is ``min_t sqrt(mu_t /
    (1 - mu_t)) min_t sqrt((1 - mu_t) / mu_t)`` over the types with ``sigma_t > 0``, capped at 1:
    ``sqrt(p / q) (1 - q) / c`` for ``q > p`` (the type-0/type-1 pair of eq. (29)), 1 for ``q = p``
    (Theorem 1's model) and for ``q = 1`` (no variance). At ``p = 0.1``: 0.035 at ``q = 0.9``, 0.24 at
    0.5, 0.44 at 0.3.
    """
    low, high = _latent_bounds(p, q)
    return float(min(1.0, low * high))


def _latent_bounds(p: float, q: float) -> tuple[float, float]:
    """``min_t sqrt(mu_t / (1 - mu_t))`` and ``min_t sqrt((1 - mu_t) / mu_t)`` over the types with
    ``sigma_t > 0`` (inf when there is none)."""
    mu, sd = _type_moments(p, q)
    varying = mu[sd > 0]
    if varying.size == 0:
        return np.inf, np.inf
    return float(np.sqrt(varying / (1 - varying)).min()), float(np.sqrt((1 - varying) / varying).min())


def with_model_bound(table: pd.DataFrame) -> pd.DataFrame:
    """``table`` (rows with ``p``, ``q``, ``rho_target``) with ``thm3_rho_max`` (:func:`rho_max`)
    and ``thm3_model_exists`` (:func:`model_exists` at the target rho) for every row."""
    points = list(zip(table["p"], table["q"], table["rho_target"]))
    return table.assign(
        thm3_rho_max=[rho_max(p, q) for p, q, _ in points],
        thm3_model_exists=[model_exists(p, q, rho) for p, q, rho in points],
    )


def simulate_eq1(n, m, p, q, rho, group_size, k, reps, rng) -> dict:
    """Monte Carlo ``Var(Z_k)`` under the model of eq. (1) exactly (Theorem 3), for
    ``0 <= rho <= rho_max(p, q)``.

    Population, types, links and samples as in :func:`lib.evaluation.rsc.simulate_evaluation`
    (exactly ``round(p m)`` type-1 variables placed at random once per rep, links = pairs inside
    consecutive groups of ``group_size``, ``k`` samples of ``n`` without replacement per rep).
    Errors: per sample each group draws a latent ``Z`` with mean 0 and variance 1, ``sqrt(H / L)``
    with probability ``L / (L + H)`` and ``-sqrt(L / H)`` otherwise (``L, H`` as in
    :func:`rho_max`, ``L H`` the bound); given ``Z`` each member of type ``t`` errs independently
    with probability ``mu_t + sigma_t sqrt(rho) Z``, which lies in ``[0, 1]`` exactly when
    ``rho <= L H``. Two members of a group then have ``Cov = rho sigma_a sigma_b`` whatever their
    types, members of different groups are independent, and every marginal is kept: eq. (1), so
    ``Var(Z_k)`` is ``rsc.var_obs`` (eq. (4), whose algebra tests/evaluation/test_rsc.py checks).

    Returns
    -------
    dict
        ``var``, ``var_se``, ``rho`` (achieved phi over ordered linked pairs inside samples) and
        ``L`` (mean ordered linked pairs in a sample), as :func:`lib.evaluation.rsc.simulate_zk`.
    """
    if not (0 <= rho and model_exists(p, q, rho)):
        raise ValueError(
            f"rho={rho} at p={p}, q={q} is outside the model of eq. (1): it exists for 0 <= rho <= {rho_max(p, q):.4f}"
        )
    mu, sd = _type_moments(p, q)
    low, high = _latent_bounds(p, q)
    if not np.isfinite(low) or rho == 0:
        low = high = 1.0  # no type varies, or no correlation: Z does not matter
    up, down, p_up = np.sqrt(high / low), -np.sqrt(low / high), low / (low + high)
    group = np.arange(m) // group_size
    n_groups, n_type1 = int(group[-1]) + 1, int(round(p * m))
    block = max(1, 2_000_000 // (k * m))
    variances, counts = [], np.zeros(4)
    for start in range(0, reps, block):
        size = min(block, reps - start)
        order = rng.random((size, m)).argsort(axis=-1)
        is_type1 = (order.argsort(axis=-1) < n_type1)[:, None, :]
        draw = rng.random((size, k, m))
        membership = draw <= np.partition(draw, n - 1, axis=-1)[..., n - 1 : n]
        latent = np.where(rng.random((size, k, n_groups)) < p_up, up, down)[..., group]
        prob = np.where(is_type1, mu[0] + sd[0] * np.sqrt(rho) * latent, mu[1] + sd[1] * np.sqrt(rho) * latent)
        errors = (rng.random((size, k, m)) < prob) & membership
        variances.append((errors.sum(axis=-1) / n).var(axis=-1, ddof=1))
        counts += _linked_pair_counts(membership, errors, group, n_groups)
    v = np.concatenate(variances)
    n11, n10, n00, pairs = counts
    margins = (n11 + n10) * (n10 + n00)
    return {
        "var": v.mean(),
        "var_se": v.std(ddof=1) / np.sqrt(reps) if reps > 1 else np.nan,
        "rho": float((n11 * n00 - n10**2) / margins) if margins > 0 else 0.0,
        "L": pairs / (reps * k),
    }


def _linked_pair_counts(membership, errors, group, n_groups) -> np.ndarray:
    """Ordered linked pairs inside samples, summed over samples: both erred, one erred (i before
    j), neither, all (a group with ``t`` members of which ``e`` erred gives ``e (e - 1)``,
    ``e (t - e)``, ``(t - e)(t - e - 1)`` and ``t (t - 1)``)."""
    cells = membership.shape[0] * membership.shape[1]
    codes = (np.arange(cells)[:, None] * n_groups + group[None, :]).reshape(-1)

    def per_group(x):
        return np.bincount(codes, weights=x.reshape(-1), minlength=cells * n_groups)

    t, e = per_group(membership), per_group(errors)
    f = t - e
    return np.array([(e * (e - 1)).sum(), (e * f).sum(), (f * (f - 1)).sum(), (t * (t - 1)).sum()])


def thm3_monte_carlo(settings: dict, rng, log=None) -> pd.DataFrame:
    """Theorem 3 where its model exists: Monte Carlo ``Var(Z_k)`` of :func:`simulate_eq1` at
    ``n/m`` = :data:`RHO_PANEL_SHARE` over ``thm3_model.q_values`` x ``thm3_model.rho_values``.

    Parameters
    ----------
    settings : dict
        ``instances``, ``p``, ``folds``, ``group_size``, ``replications`` as for
        :func:`monte_carlo`, and ``thm3_model`` with ``q_values`` and ``rho_values`` (every point
        inside the model: ``rho <= rho_max(p, q)``; none configured gives an empty table).
    rng : numpy.random.Generator
    log : logging.Logger, optional

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`monte_carlo`, panel ``"thm3_model"``; ``exact_var_of_simulator``
        is ``var_obs`` (Theorem 3 is exact for this mechanism).

    Notes
    -----
    Wang, Neville, Gallagher & Eliassi-Rad 2011, Sec. 3, eq. (1) and Theorem 3 (eqs. 25-31).
    """
    m, p, k, g, reps = (settings[key] for key in ("instances", "p", "folds", "group_size", "replications"))
    grid = settings.get("thm3_model", {})
    points = [(q, rho) for q in grid.get("q_values", []) for rho in grid.get("rho_values", [])]
    outside = [(q, rho) for q, rho in points if not model_exists(p, q, rho)]
    if outside:
        q, rho = outside[0]
        raise ValueError(
            f"config key theory.thm3_model: rho={rho} at q={q} lies outside the model of eq. (1), "
            f"which exists for rho <= {rho_max(p, q):.4f} at p={p}"
        )
    n = int(round(RHO_PANEL_SHARE * m))
    rows = []
    for q, rho in points:
        mc = simulate_eq1(n, m, p, q, rho, g, k, reps, rng)
        rows.append(_row("thm3_model", n, m, p, q, rho, mc, lambda L: rsc.var_obs(n, m, p, q, rho, L)))
        if log is not None:
            log.info("thm3_model n=%d q=%.2f rho=%.2f: mc %.3g", n, q, rho, rows[-1]["mc_var"])
    return pd.DataFrame(rows, columns=COLUMNS)


# ----------------------------------------------------------------------------- job identity
def montecarlo_identity(config) -> dict:
    """What determines the Theorems 1-3 Monte Carlo job's draws (its params and seed): the
    ``theory`` section but ``thm3_model``, the model of the other job (theory_thm3_model), which
    this one does not run."""
    return {k: v for k, v in config["theory"].items() if k != "thm3_model"}


def thm3_identity(config) -> dict:
    """What determines the draws of Theorem 3's points inside its model: the shared design and
    ``thm3_model``."""
    theory = config["theory"]
    shared = ("instances", "p", "folds", "group_size", "replications")
    return {**{k: theory[k] for k in shared}, "thm3_model": theory.get("thm3_model", {})}


def _montecarlo_params(config, wildcards) -> dict:
    identity = montecarlo_identity(config)
    return {"theory": identity, "entropy": jobs.entropy(config, "theory", identity)}


def _thm3_params(config, wildcards) -> dict:
    identity = thm3_identity(config)
    return {"theory": identity, "entropy": jobs.entropy(config, "theory_thm3_model", identity)}


#: The study's jobs (:class:`lib.core.jobs.Job`), by rule.
JOBS = {
    "theory_montecarlo": jobs.Job(("theory", "entropy"), _montecarlo_params),
    "theory_thm3_model": jobs.Job(("theory", "entropy"), _thm3_params),
}

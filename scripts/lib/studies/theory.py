"""The theory study: Wang et al. 2011 Sec. 3 beyond the paper's figures -- a Monte Carlo of the
Bernoulli model of node errors next to the closed forms of Theorems 1-3
(:mod:`lib.evaluation.rsc`)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..evaluation import rsc


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
    grid += [("rho", 0.7, q, r) for q in (p, 0.9) for r in settings["rho_values"]]
    for panel, frac, q, rho in grid:
        n = int(round(frac * m))
        mc = rsc.simulate_zk(n, m, p, q, rho, g, k, reps, rng)
        L = float(np.mean(mc["L"]))
        achieved = float(np.mean(mc["rho"]))
        rows.append(
            {
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
                "exact_var_of_simulator": float(rsc.var_sim(n, m, p, q, rho, L)),
                "delta": float(rsc.delta(n, m, p, q, rho, L)),
            }
        )
        if log is not None:
            log.info("%s n=%d q=%.2f rho=%.2f: mc %.3g", panel, n, q, rho, rows[-1]["mc_var"])
    return pd.DataFrame(rows)

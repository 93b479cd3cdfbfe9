"""Rule script: Monte Carlo of Wang 2011's Bernoulli model against Theorems 1-3."""
import itertools

import numpy as np
import pandas as pd

from lib import rsc, runlog, seeding, tables

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "wang2011_theorems_mc") as log:
    cfg = sm.params.theory
    rng = seeding.generator(sm.params.entropy)
    m, p, k, g, reps = cfg["instances"], cfg["p"], cfg["folds"], cfg["group_size"], cfg["replications"]
    rows = []
    grid = [("n_over_m", f, q, 0.0) for f in cfg["test_fractions"] for q in cfg["q_values"]]
    grid += [("rho", 0.7, q, r) for q in (p, 0.9) for r in cfg["rho_values"]]
    for panel, frac, q, rho in grid:
        n = int(round(frac * m))
        mc = rsc.simulate_zk(n, m, p, q, rho, g, k, reps, rng)
        L = float(np.mean(mc["L"]))
        achieved = float(np.mean(mc["rho"]))
        rows.append({
            "panel": panel, "n": n, "m": m, "n_over_m": n / m, "p": p, "q": q, "rho_target": rho,
            "rho_achieved": achieved, "L": L, "mc_var": float(mc["var"]), "mc_var_se": float(mc["var_se"]),
            "thm1_var_corr": float(rsc.var_corr(n, p, rho, L)),
            "thm2_var_rs": float(rsc.var_rs(n, m, p, q)),
            "thm3_var_obs_target_rho": float(rsc.var_obs(n, m, p, q, rho, L)),
            "thm3_var_obs_achieved_rho": float(rsc.var_obs(n, m, p, q, achieved, L)),
            "exact_var_of_simulator": float(rsc.var_sim(n, m, p, q, rho, L)),
            "delta": float(rsc.delta(n, m, p, q, rho, L)),
        })
        log.info("%s n=%d q=%.2f rho=%.2f: mc %.3g", panel, n, q, rho, rows[-1]["mc_var"])
    tables.write_csv(pd.DataFrame(rows), sm.output[0])

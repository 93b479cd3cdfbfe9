"""Rule script: Wang 2011 Theorems 1-3 against Monte Carlo of the paper's Bernoulli model
(beyond the paper): variance of the test-set error Z_k, normalised by p(1-p)/n, with where
Theorem 3's model exists (lib.studies.theory.with_model_bound), plus its claims
(lib.papers.wang2011)."""

import numpy as np
import pandas as pd

from lib.core import runlog, tables
from lib.papers import wang2011
from lib.papers.claims import Evidence
from lib.reporting import plotting
from lib.studies import theory

sm = snakemake  # noqa: F821


def monte_carlo_points(ax, part, x, color, marker, label=None):
    """Monte Carlo variance ratios with +-2 s.e. bars."""
    ax.errorbar(
        part[x],
        part["mc_var_ratio"],
        yerr=2 * part["mc_var_se_ratio"],
        fmt=marker,
        color=color,
        markersize=3.5,
        capsize=2,
        label=label,
    )


def values(column) -> str:
    return ", ".join(f"{v:g}" for v in sorted(set(column)))


with runlog.logged(sm.log[0], "wang2011_theorems"):
    model = sm.params.theory
    mc = pd.read_csv(sm.input.mc)
    inside = pd.read_csv(sm.input.thm3)  # Theorem 3 where eq. (1) exists (theory.thm3_monte_carlo)
    mc = theory.with_model_bound(pd.concat([mc, inside], ignore_index=True) if len(inside) else mc)
    scale = mc["p"] * (1 - mc["p"]) / mc["n"]
    shown = mc.assign(**{c + "_ratio": mc[c] / scale for c in theory.VARIANCES})
    tables.write_csv(shown, sm.output.csv)

    fig, (left, right, third) = plotting.new_figure(ncols=3)
    colors = plotting.sequence_colors(len(set(shown.loc[shown.panel == "n_over_m", "q"])))
    for color, (q, part) in zip(colors, shown[shown.panel == "n_over_m"].groupby("q")):
        left.plot(part["n_over_m"], part["thm2_var_rs_ratio"], color=color, label=f"Thm 2, q={q:g}")
        monte_carlo_points(left, part, "n_over_m", color, "o")
    left.set(xlabel="n / m (test-set share)", ylabel="Var(Z_k) / [p(1-p)/n]", title="Theorem 2 (ρ = 0)")
    left.legend(fontsize=6.5, loc="lower left")
    rho = shown[shown.panel == "rho"]
    indep, mixed = rho[np.isclose(rho["q"], rho["p"])], rho[~np.isclose(rho["q"], rho["p"])]
    # the rho panel's test-set share and its q above p are the study's (lib.studies.theory)
    share, q_mixed = values(rho["n_over_m"]), values(mixed["q"])
    x = "rho_target"
    right.plot(indep[x], indep["thm1_var_corr_ratio"], color="#0072B2", label="Thm 1 (q = p)")
    monte_carlo_points(right, indep, x, "#0072B2", "o", "Monte Carlo (q = p)")
    right.plot(mixed[x], mixed["thm3_var_obs_target_rho_ratio"], color="#D55E00", label=f"Thm 3, q={q_mixed}, ρ target")
    right.plot(
        mixed[x],
        mixed["thm3_var_obs_achieved_rho_ratio"],
        color="#D55E00",
        linestyle="--",
        label=f"Thm 3, q={q_mixed}, ρ measured",
    )
    right.plot(
        mixed[x], mixed["exact_var_of_simulator_ratio"], color="0.4", linestyle=":", label="exact variance of simulator"
    )
    monte_carlo_points(right, mixed, x, "#D55E00", "s", f"Monte Carlo (q = {q_mixed})")
    outside = mixed[~mixed["thm3_model_exists"]]
    if len(outside):
        bound = float(outside["thm3_rho_max"].min())
        right.axvspan(
            bound,
            float(outside[x].max()) + 0.02,
            color="0.92",
            zorder=0,
            label=f"q={q_mixed}: no model of eq. (1) (ρ > {bound:.3f})",
        )
    right.set(xlabel=f"ρ (target correlation of linked pairs), n/m = {share}", title="Theorems 1 and 3")
    right.legend(fontsize=6.5, loc="upper left")
    checked = shown[shown.panel == "thm3_model"]
    colors = plotting.sequence_colors(max(1, len(set(checked["q"]))))
    for color, (q, part) in zip(colors, checked.groupby("q")):
        rho_max = float(part["thm3_rho_max"].iloc[0])
        third.plot(
            part[x], part["thm3_var_obs_target_rho_ratio"], color=color, label=f"Thm 3, q={q:g} (ρ ≤ {rho_max:.2f})"
        )
        monte_carlo_points(third, part, x, color, "s")
    third.set(
        xlabel=f"ρ (eq. (1) exactly), n/m = {values(checked['n_over_m']) or share}", title="Theorem 3 inside its model"
    )
    if len(checked):
        third.legend(fontsize=6.5, loc="upper left")
    else:
        third.text(
            0.5,
            0.5,
            "no point inside the model configured\n(theory.thm3_model)",
            ha="center",
            transform=third.transAxes,
        )
    plotting.add_caption(
        fig,
        (
            f"Wang 2011 Sec. 3 model: m={model['instances']} Bernoulli errors, p m of type 1 (error rate q), "
            f"k={model['folds']} test sets of n drawn without replacement, links = pairs in groups of "
            f"{model['group_size']}, correlation induced by a "
            "shared per-group shock (see lib/evaluation/rsc.py); shaded: eq. (29) exceeds 1, the model of eq. (1) "
            "does not exist. Right: Theorem 3 where it exists, drawn with eq. (1)'s covariances exactly (a "
            "per-group two-point latent, lib/studies/theory.py). Points: Monte Carlo with ±2 s.e.; lines: closed "
            "forms. " + plotting.profile_note(sm.params.profile, int(sm.params.replications), unit="replications")
        ),
    )
    plotting.save(fig, sm.output.pdf, sm.output.png)

    tables.write_csv(
        wang2011.PAPER.evaluate("theorems", Evidence({"summary": shown}), sm.params.profile), sm.output.claims
    )

"""Rule script: Raeder et al. (2012) Sec. 4 numbers: SD of AUC of a fixed classifier with mean
AUC 0.95 on four test sets (closed form and simulation, lib.studies.imbalance), and the critical AUC of
random classifiers with 50 positives and 1000 negatives; its claims are in lib.papers.raeder2012."""

import numpy as np
import pandas as pd

from lib.core import runlog, seeding, tables
from lib.evaluation import auc_statistics
from lib.papers import raeder2012
from lib.papers.claims import Evidence
from lib.reporting import plotting
from lib.studies import imbalance as imb

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "raeder2012_sec4") as log:
    cfg = sm.params.section4
    rng = seeding.generator(sm.params.entropy)
    A = imb.SECTION4_AUC
    ref = imb.SECTION4_TEST_SETS[0]
    rows = []
    for n1, n0 in imb.SECTION4_TEST_SETS:
        sims = auc_statistics.simulate_auc_binormal(n1, n0, A, cfg["replications"], rng)
        rows.append(
            {
                "quantity": "sd_auc",
                "test_set": f"{n1}:{n0}",
                "n_pos": n1,
                "n_neg": n0,
                "closed_form_binormal": auc_statistics.auc_sd(A, n1, n0),
                "closed_form_exponential": auc_statistics.auc_sd(A, n1, n0, model="exponential"),
                "simulated": float(np.std(sims, ddof=1)),
                "simulated_mean_auc": float(np.mean(sims)),
                "replications": cfg["replications"],
                "paper": imb.SECTION4_PAPER_SD.get((n1, n0), np.nan),
            }
        )
    sd = pd.DataFrame(rows)
    base = sd.iloc[0]
    sd["ratio_closed_form"] = sd["closed_form_binormal"] / base["closed_form_binormal"]
    sd["ratio_simulated"] = sd["simulated"] / base["simulated"]
    sd["paper_ratio"] = [np.nan] + [imb.SECTION4_PAPER_RATIO[(r.n_pos, r.n_neg)] for r in sd.iloc[1:].itertuples()]
    null = imb.SECTION4_NULL
    p1, p0 = null["n_pos"], null["n_neg"]
    nulls = []
    alpha = null["alpha"]
    for _, label, m in raeder2012.CRITICAL_AUC_READINGS:  # every alternative of imbalance.critical_auc
        # simulated for the single test only (the best of 100 needs 100x the draws)
        sim = auc_statistics.critical_auc_simulated(p1, p0, alpha, cfg["null_replications"], rng) if m == 1 else np.nan
        nulls.append(
            {
                "quantity": "critical_auc",
                "test_set": f"{p1}:{p0}",
                "n_pos": p1,
                "n_neg": p0,
                "reading": label,
                "exact": auc_statistics.critical_auc_exact(p1, p0, alpha, m),
                "normal": auc_statistics.critical_auc_normal(p1, p0, alpha, m),
                "simulated": sim,
                "replications": cfg["null_replications"],
                "paper": null["paper_critical_auc"],
            }
        )
    crit = pd.DataFrame(nulls)
    table = pd.concat([sd, crit], ignore_index=True)
    tables.write_csv(table, sm.output.csv)
    md = [
        "# Raeder et al. (2012) Section 4",
        "",
        f"SD of AUC, fixed classifier with mean AUC {A} (equal-variance binormal scores); "
        f"simulation with {cfg['replications']} test sets per row; profile {sm.params.profile}.",
        "",
        tables.markdown_table(
            sd[
                [
                    "test_set",
                    "closed_form_binormal",
                    "simulated",
                    "paper",
                    "ratio_closed_form",
                    "paper_ratio",
                    "closed_form_exponential",
                ]
            ]
            .round(4)
            .astype(object)
            .fillna("—")
        ),
        "",
        f"Critical AUC of random classifiers, {p1} positives : {p0} negatives "
        f"(simulation: {cfg['null_replications']} replicates).",
        "",
        tables.markdown_table(
            crit[["reading", "exact", "normal", "simulated", "paper"]].round(4).astype(object).fillna("—")
        ),
        "",
    ]
    tables.write_text("\n".join(md), sm.output.md)

    fig, (left, right) = plotting.new_figure(ncols=2)
    n_pos = np.arange(5, 201)
    for n0, color in ((500, "#D55E00"), (5000, "#0072B2")):
        left.plot(n_pos, auc_statistics.auc_sd(A, n_pos, n0), color=color, label=f"{n0} negatives (closed form)")
        part = sd[sd.n_neg == n0]
        left.scatter(part["n_pos"], part["simulated"], color=color, zorder=3, s=18)
        left.scatter(part["n_pos"], part["paper"], color=color, marker="x", s=30, zorder=4)
    left.set(
        xscale="log",
        yscale="log",
        xlabel="positives in test set",
        ylabel="SD of AUC (mean AUC 0.95)",
        title="Test variance",
    )
    left.legend(fontsize=6.5)
    fig.axes[1].remove()
    right = fig.add_subplot(1, 2, 2)
    values, pmf = auc_statistics.null_auc_distribution(p1, p0)
    right.plot(values, pmf / (values[1] - values[0]), color="0.3", linewidth=1)
    for r, style in zip(crit.itertuples(), ("--", ":", "-.")):
        right.axvline(r.exact, color="#009E73", linestyle=style, label=f"{r.reading}: {r.exact:.3f}")
    right.axvline(null["paper_critical_auc"], color="#D55E00", linewidth=0.8, label="paper 0.654")
    right.set(
        xlim=(0.35, 0.7), xlabel="AUC of a random classifier (50:1000)", ylabel="density", title="Null hypothesis"
    )
    right.legend(fontsize=6)
    plotting.add_caption(
        fig,
        (
            "Raeder et al. 2012 Sec. 4 ('Test Variance', 'Null Hypothesis'). Left: lines closed form "
            "(Hanley-McNeil variance with exact binormal Q1, Q2), dots simulation, crosses printed values. "
            "Right: exact permutation distribution of AUC under H0. The printed critical AUC 0.654 matches a "
            "per-test level of 1e-4 (e.g. best of 100 random classifiers at p = 0.01), not a single test at "
            f"p = 0.01 ({crit['exact'].iloc[0]:.3f}). Simulation: {cfg['replications']} test sets per point, "
            f"{cfg['null_replications']} null replicates"
            + (f" ({sm.params.profile.upper()} PROFILE)." if sm.params.profile != "paper" else ".")
        ),
    )
    plotting.save(fig, sm.output.pdf, sm.output.png)

    tables.write_csv(
        raeder2012.PAPER.evaluate(
            "sec4", Evidence({"summary": table}, {"critical_auc": sm.params.critical_auc}), sm.params.profile
        ),
        sm.output.claims,
    )
    log.info("%s", table.to_string())

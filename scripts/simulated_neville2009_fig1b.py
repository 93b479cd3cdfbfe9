"""Rule script: Neville 2009 Figure 1(b) — Type I error vs measured error correlation for RRS,
ERS and NCV over the P(err) x errCorr grid at propLabeled 0.9, plus its claims (lib.papers.neville2009)."""

import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.papers import neville2009
from lib.papers.claims import Evidence
from lib.reporting import plotting
from lib.studies import simulated

sm = snakemake  # noqa: F821
PAPER_TRIALS = 10000  # "10 simulations of 1000 trials each" (Sec. 4.2)


def grid(values, shown: int) -> str:
    """'{a,b,...,z}': the first ``shown`` values of a grid, then its last (all of a short grid)."""
    values = sorted(set(values))
    if len(values) <= shown + 1:
        return "{" + ",".join(f"{v:g}" for v in values) + "}"
    return "{" + ",".join(f"{v:g}" for v in values[:shown]) + ",...," + f"{values[-1]:g}" + "}"


with runlog.logged(sm.log[0], "neville2009_fig1b"):
    summary = pd.read_csv(sm.input.summary)
    shown = summaries.select(summary, test="paired_t").sort_values(["sampler", "p_err", "err_corr"])
    estimator = sm.params.error_correlation
    column = simulated.ERROR_CORRELATION_ESTIMATORS[estimator]
    measures = list(simulated.ERROR_CORRELATION_ESTIMATORS.values())
    shown = shown[
        [
            "sampler",
            "folds",
            "prop_labeled",
            "p_err",
            "err_corr",
            "test",
            "rejections",
            "trials",
            "rate",
            "rate_low",
            "rate_high",
            *measures,
        ]
    ]
    shown = shown.assign(measured_error_correlation=shown[column])
    tables.write_csv(shown, sm.output.csv)
    curves = {s: shown[shown["sampler"] == s] for s in ("RRS", "ERS", "NCV")}

    fig, ax = plotting.new_figure()
    for sampler, part in curves.items():
        plotting.rate_curve(
            ax, part.dropna(subset=[column]), column, f"{sampler} ({int(part['folds'].iloc[0])} folds)", sampler
        )
    plotting.alpha_line(ax, sm.params.alpha)
    ranges = "; ".join(
        f"{name} {curves['RRS'][col].min():.2f} to {curves['RRS'][col].max():.2f}"
        for name, col in simulated.ERROR_CORRELATION_ESTIMATORS.items()
    )
    ax.set(
        xlabel=f"Error Correlation (measured φ, {estimator})",
        ylabel="Type I Error Rate",
        xlim=(-0.05, 1.05),
        ylim=(0.0, 0.55),
        title="Neville et al. 2009, Fig. 1(b)",
    )
    ax.legend(loc="upper left")
    plotting.add_caption(
        fig,
        (
            f"Type I error of the paired t-test vs measured error correlation, P(err) in {grid(shown['p_err'], 1)} x "
            f"errCorr in {grid(shown['err_corr'], 2)}, propLabeled {shown['prop_labeled'].iloc[0]:g}, "
            f"{sm.params.reading} reading; one point per grid cell, "
            f"joined in order of x. Measured error correlation, reading '{estimator}' (config "
            "simulated.fig1b_error_correlation): per_group = φ of 0/1 errors over same-group pairs, "
            "table per group pooled over the trial's folds, averaged over groups; fold_pooled = one table "
            "per fold pooled over groups, averaged over folds; pooled = one table over groups and folds; "
            "each averaged over both classifiers. Their ranges over RRS's grid: " + ranges + ". "
            "DEVIATION: the paper's axis spans 0.2-0.7; no estimator spans it (docs/simulated.md). "
            + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), PAPER_TRIALS)
        ),
    )
    plotting.save(fig, sm.output.pdf, sm.output.png)

    tables.write_csv(
        neville2009.PAPER.evaluate("fig1b", Evidence({"summary": shown}), sm.params.profile), sm.output.claims
    )

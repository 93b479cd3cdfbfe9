"""Rule script: Neville et al. 2009 Figure 1(a) — Type I error vs proportion labeled for RRS,
ERS and NCV with group-based simulated classifiers (paired t-test), plus its claims (lib.papers.neville2009)."""

import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.papers import neville2009
from lib.papers.claims import Evidence
from lib.reporting import plotting

sm = snakemake  # noqa: F821
PAPER_TRIALS = 10000  # "10 simulations of 1000 trials each" (Sec. 4.2)
GROUP_DRAW = {
    "per_fold": "misclassified groups drawn afresh in every fold",
    "per_trial": "misclassified groups fixed per network sample",
}  # reading simulated.group_draw
with runlog.logged(sm.log[0], "neville2009_fig1a"):
    summary = pd.read_csv(sm.input.summary)
    shown = summaries.select(summary, test="paired_t").sort_values(["sampler", "prop_labeled"])
    shown = shown[
        [
            "sampler",
            "folds",
            "prop_labeled",
            "test",
            "rejections",
            "trials",
            "rate",
            "rate_low",
            "rate_high",
            "chunk_rate_sd",
            "error_correlation",
        ]
    ]
    tables.write_csv(shown, sm.output.csv)
    curves = {s: shown[shown["sampler"] == s].sort_values("prop_labeled") for s in ("RRS", "ERS", "NCV")}

    fig, ax = plotting.new_figure()
    for sampler, part in curves.items():
        plotting.rate_curve(ax, part, "prop_labeled", f"{sampler} ({int(part['folds'].iloc[0])} folds)", sampler)
    plotting.alpha_line(ax, sm.params.alpha)
    ax.set(
        xlabel="Proportion Labeled",
        ylabel="Type I Error Rate",
        xlim=(0.0, 1.0),
        ylim=(0.0, 0.55),
        title="Neville et al. 2009, Fig. 1(a)",
    )
    ax.legend(loc="upper right")
    plotting.add_caption(
        fig,
        (
            f"Type I error of the paired t-test (α={sm.params.alpha:g}) vs proportion labeled; group-based simulated "
            f"classifiers, {sm.params.instances} instances in {sm.params.groups} groups, "
            f"P(err)={summary['p_err'].iloc[0]:g}, errCorr={summary['err_corr'].iloc[0]:g}; Table 7 read "
            f"{sm.params.reading} ({GROUP_DRAW[sm.params.reading]}). Bars: 95% Wilson intervals. "
            + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), PAPER_TRIALS)
        ),
    )
    plotting.save(fig, sm.output.pdf, sm.output.png)

    tables.write_csv(
        neville2009.PAPER.evaluate("fig1a", Evidence({"summary": shown}), sm.params.profile), sm.output.claims
    )

"""Rule script: Neville et al. 2009 Figure 1(a) — Type I error vs proportion labeled for RRS,
ERS and NCV with group-based simulated classifiers (paired t-test), plus its claims (lib.papers.neville2009)."""
import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.papers import neville2009
from lib.papers.claims import Evidence
from lib.reporting import plotting

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "neville2009_fig1a"):
    summary = pd.read_csv(sm.input.summary)
    shown = summaries.select(summary, test="paired_t").sort_values(["sampler", "prop_labeled"])
    shown = shown[["sampler", "folds", "prop_labeled", "test", "rejections", "trials", "rate",
                   "rate_low", "rate_high", "chunk_rate_sd", "error_correlation"]]
    tables.write_csv(shown, sm.output.csv)
    curves = {s: shown[shown["sampler"] == s].sort_values("prop_labeled") for s in ("RRS", "ERS", "NCV")}

    fig, ax = plotting.new_figure()
    for sampler, part in curves.items():
        plotting.rate_curve(ax, part, "prop_labeled", f"{sampler} ({int(part['folds'].iloc[0])} folds)", sampler)
    plotting.alpha_line(ax, sm.params.alpha)
    ax.set(xlabel="Proportion Labeled", ylabel="Type I Error Rate", xlim=(0.0, 1.0), ylim=(0.0, 0.55),
           title="Neville et al. 2009, Fig. 1(a)")
    ax.legend(loc="upper right")
    plotting.add_caption(fig, (
        "Type I error of the paired t-test (α=0.05) vs proportion labeled; group-based simulated "
        "classifiers, 300 instances in 10 groups, P(err)=0.1, errCorr=0.9; Table 7 read per_fold "
        "(misclassified groups drawn afresh in every fold). Bars: 95% Wilson intervals. "
        + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), 10000)))
    plotting.save(fig, sm.output.pdf, sm.output.png)

    tables.write_csv(neville2009.PAPER.evaluate("fig1a", Evidence({"summary": shown}), sm.params.profile),
                     sm.output.claims)

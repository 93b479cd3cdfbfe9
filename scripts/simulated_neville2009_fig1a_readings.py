"""Rule script: Neville 2009 Figure 1(a) under both readings of Table 7, side by side
(supplementary panel beyond the paper), plus its claims (lib.papers.neville2009)."""

import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.papers import neville2009
from lib.papers.claims import Evidence
from lib.reporting import plotting

sm = snakemake  # noqa: F821
READINGS = {"per_fold": sm.input.per_fold, "per_trial": sm.input.per_trial}
PAPER_TRIALS = 10000  # "10 simulations of 1000 trials each" (Sec. 4.2)
with runlog.logged(sm.log[0], "neville2009_fig1a_readings"):
    parts = []
    for reading, path in READINGS.items():
        part = summaries.select(pd.read_csv(path), test="paired_t")
        part.insert(0, "reading", reading)
        parts.append(part)
    shown = pd.concat(parts, ignore_index=True).sort_values(["reading", "sampler", "prop_labeled"])
    setting = shown.iloc[0]  # both readings simulate the same P(err) and errCorr
    shown = shown[
        ["reading", "sampler", "folds", "prop_labeled", "test", "rejections", "trials", "rate", "rate_low", "rate_high"]
    ]
    tables.write_csv(shown, sm.output.csv)

    fig, axes = plotting.new_figure(ncols=2)
    for ax, reading in zip(axes, READINGS):
        for sampler in ("RRS", "ERS", "NCV"):
            part = shown[(shown["reading"] == reading) & (shown["sampler"] == sampler)]
            plotting.rate_curve(ax, part, "prop_labeled", sampler, sampler)
        plotting.alpha_line(ax, sm.params.alpha)
        ax.set(xlabel="Proportion Labeled", xlim=(0.0, 1.0), ylim=(0.0, 1.0), title=f"Table 7 read {reading}")
    axes[0].set_ylabel("Type I Error Rate")
    axes[0].legend(loc="upper right")
    plotting.add_caption(
        fig,
        (
            f"Neville 2009 Fig. 1(a) setting (P(err)={setting['p_err']:g}, errCorr={setting['err_corr']:g}, "
            f"{sm.params.instances} instances, {sm.params.groups} groups, paired "
            "t-test) under the two readings of Table 7: per_fold draws the misclassified groups afresh "
            "in every fold (Table 7 as written, used for the paper panel); per_trial fixes them for a "
            "network sample (Wang 2011's model). Bars: 95% Wilson intervals. "
            + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), PAPER_TRIALS)
        ),
    )
    plotting.save(fig, sm.output.pdf, sm.output.png)

    tables.write_csv(
        neville2009.PAPER.evaluate("fig1a_readings", Evidence({"summary": shown}), sm.params.profile), sm.output.claims
    )

"""Rule script: Neville 2009 Figure 1(a) under both readings of Table 7, side by side
(supplementary panel beyond the paper)."""
import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.reporting import plotting, scorecard

sm = snakemake  # noqa: F821
READINGS = {"per_fold": sm.input.per_fold, "per_trial": sm.input.per_trial}
with runlog.logged(sm.log[0], "neville2009_fig1a_readings"):
    parts = []
    for reading, path in READINGS.items():
        part = summaries.select(pd.read_csv(path), test="paired_t")
        part.insert(0, "reading", reading)
        parts.append(part)
    shown = pd.concat(parts, ignore_index=True).sort_values(["reading", "sampler", "prop_labeled"])
    shown = shown[["reading", "sampler", "folds", "prop_labeled", "test", "rejections", "trials",
                   "rate", "rate_low", "rate_high"]]
    tables.write_csv(shown, sm.output.csv)

    fig, axes = plotting.new_figure(ncols=2)
    for ax, reading in zip(axes, READINGS):
        for sampler in ("RRS", "ERS", "NCV"):
            part = shown[(shown["reading"] == reading) & (shown["sampler"] == sampler)]
            plotting.rate_curve(ax, part, "prop_labeled", sampler, sampler)
        plotting.alpha_line(ax, sm.params.alpha)
        ax.set(xlabel="Proportion Labeled", xlim=(0.0, 1.0), ylim=(0.0, 1.0),
               title=f"Table 7 read {reading}")
    axes[0].set_ylabel("Type I Error Rate")
    axes[0].legend(loc="upper right")
    plotting.add_caption(fig, (
        "Neville 2009 Fig. 1(a) setting (P(err)=0.1, errCorr=0.9, 300 instances, 10 groups, paired "
        "t-test) under the two readings of Table 7: per_fold draws the misclassified groups afresh "
        "in every fold (Table 7 as written, used for the paper panel); per_trial fixes them for a "
        "network sample (Wang 2011's model). Bars: 95% Wilson intervals. "
        + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), 10000)))
    plotting.save(fig, sm.output.pdf, sm.output.png)

    book = scorecard.ClaimBook("neville2009", "fig1a_readings", sm.params.profile)
    rrs = {r: shown[(shown["reading"] == r) & (shown["sampler"] == "RRS")].sort_values("prop_labeled")
           for r in READINGS}
    fold, trial = rrs["per_fold"], rrs["per_trial"]
    book.add("Both readings inflate RRS Type I error, by clearly different amounts",
             "beyond the paper: per_trial inflates more than per_fold (fixed error-prone groups "
             "make every fold share the sample's imbalance)",
             "per_trial interval wholly above per_fold at every propLabeled",
             "per_fold " + scorecard.fmt_series(fold["prop_labeled"], fold["rate"], fold["rate_low"], fold["rate_high"])
             + " | per_trial " + scorecard.fmt_series(trial["prop_labeled"], trial["rate"], trial["rate_low"], trial["rate_high"]),
             scorecard.significantly_below(fold["rate_high"].to_numpy(), trial["rate_low"].to_numpy()))
    tables.write_csv(book.frame(), sm.output.claims)

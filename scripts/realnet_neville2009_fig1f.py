"""Rule script: Neville et al. 2009 Figure 1(f) -- Type I error vs proportion labeled on real
network data (the paper: six Add Health schools; by default public stand-ins, one panel per
network set) for RS ("RRS") and NCV with paired and unpaired t-tests, plus scorecard claims."""
import pandas as pd

from lib.core import rates, runlog, tables
from lib.evaluation import summaries
from lib.reporting import captions, plotting, scorecard

sm = snakemake  # noqa: F821
LINES = {"RRS paired": ("RS", "paired_t"), "RRS unpaired": ("RS", "unpaired_t"),
         "NCV paired": ("NCV", "paired_t"), "NCV unpaired": ("NCV", "unpaired_t")}


with runlog.logged(sm.log[0], "neville2009_fig1f"):
    summary = pd.read_csv(sm.input.summary)
    nets = pd.read_csv(sm.input.networks)
    study, specs = sm.params.study, sm.params.set_specs
    fig, axes = plotting.new_figure(ncols=len(sm.params.sets))
    axes = axes if len(sm.params.sets) > 1 else [axes]
    shown, book = [], scorecard.ClaimBook("neville2009", "fig1f", sm.params.profile)
    for ax, name in zip(axes, sm.params.sets):
        part = summaries.select(summary, set=name, purpose="type1")
        curves = summaries.method_curves(part, LINES, "prop_labeled")
        for label, curve in curves.items():
            sampler, test = LINES[label]
            plotting.rate_curve(ax, curve, "prop_labeled", label, sampler, test)
            shown.append(curve.assign(method=label))
        plotting.alpha_line(ax, sm.params.alpha)
        ax.set(xlabel="Proportion Labeled", title=captions.set_label(name, specs[name]), xlim=(0.05, 0.55))
        where = f" ({captions.set_label(name, specs[name])})"
        rs, ncv = curves["RRS paired"], curves["NCV paired"]
        p_rs, p_ncv = rates.pooled_interval(rs), rates.pooled_interval(ncv)
        book.add("resampling (RRS paired) Type I error well above NCV paired" + where,
                 "RRS up to 40%, NCV 'more reasonable' (Sec. 6)",
                 "pooled over levels: RRS interval wholly above NCV's and RRS rate >= 2x NCV rate",
                 f"RRS {scorecard.fmt_rate(*p_rs)}, NCV {scorecard.fmt_rate(*p_ncv)}",
                 p_rs[1] > p_ncv[2] and p_rs[0] >= 2 * p_ncv[0])
        book.add("Type I error (RRS paired) falls as propLabeled rises to 0.5" + where,
                 "overall error decreases as propLabeled increases (Sec. 6)",
                 "first level significantly above the last, no significant rise between levels",
                 scorecard.fmt_series(rs["prop_labeled"], rs["rate"], rs["rate_low"], rs["rate_high"]),
                 scorecard.falls_as_x_rises(rs["rate"], rs["rate_low"], rs["rate_high"]))
        book.add("NCV paired Type I error falls as propLabeled rises to 0.5" + where,
                 "overall error decreases as propLabeled increases (Sec. 6)",
                 "first level significantly above the last, no significant rise between levels",
                 scorecard.fmt_series(ncv["prop_labeled"], ncv["rate"], ncv["rate_low"], ncv["rate_high"]),
                 scorecard.falls_as_x_rises(ncv["rate"], ncv["rate_low"], ncv["rate_high"]))
    table = pd.concat(shown, ignore_index=True)
    plotting.finish_panels(fig, axes, captions.figure_title("Neville et al. 2009, Fig. 1(f)", specs, sm.params.sets),
                           "Type I Error Rate", rate_high_max=table["rate_high"].max())
    table = table[["set", "method", "sampler", "test", "prop_labeled", "rejections", "trials", "rate", "rate_low",
                   "rate_high", "chunk_rate_sd", "held_out_abs_gap", "handicap_wvrn", "handicap_nbc",
                   "nbc_handicapped_networks",
                   "calibration_difference", "accuracy_difference", "error_correlation", "test_size"]]
    tables.write_csv(table, sm.output.csv)
    per_point = int(table["trials"].iloc[0])
    plotting.add_caption(fig, (
        "Type I error vs proportion labeled, wvRN vs nBC (relaxation labeling), real-data procedure of Sec. 6 on "
        "public stand-ins (Add Health is not public): each network held out in turn, the better model handicapped "
        f"to |Δacc| ≤ {study['tolerance']:g} on the other networks ({study['calibration_samples']} x "
        f"{study['calibration_folds']}-fold NCV each); {study['trials_per_network']} trials per held-out network, "
        "10 samples per trial, pooled. " + captions.gap_note(summary, sm.params.sets, captions.selected_similar(nets)) + " "
        + captions.sets_note(nets, specs) + " Bars: 95% Wilson intervals. "
        + plotting.profile_note(sm.params.profile, per_point, 6 * sm.params.paper_trials)))
    plotting.save(fig, sm.output.pdf, sm.output.png)
    tables.write_csv(book.frame(), sm.output.claims)

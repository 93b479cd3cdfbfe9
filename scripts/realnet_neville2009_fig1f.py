"""Rule script: Neville et al. 2009 Figure 1(f) -- Type I error vs proportion labeled on real
network data (the paper: six Add Health schools; by default public stand-ins, one panel per
network set) for RS ("RRS") and NCV with paired and unpaired t-tests, plus its claims
(lib.papers.neville2009)."""

import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.papers import neville2009
from lib.papers.claims import Evidence
from lib.reporting import captions, plotting

sm = snakemake  # noqa: F821
LINES = {
    "RRS paired": ("RS", "paired_t"),
    "RRS unpaired": ("RS", "unpaired_t"),
    "NCV paired": ("NCV", "paired_t"),
    "NCV unpaired": ("NCV", "unpaired_t"),
}
PAPER_NETWORKS = 6  # "the social networks of six schools" (Sec. 6)


with runlog.logged(sm.log[0], "neville2009_fig1f") as log:
    summary = pd.read_csv(sm.input.summary)
    nets = pd.read_csv(sm.input.networks)
    study, specs, samplers = sm.params.study, sm.params.set_specs, sm.params.samplers
    labels = {name: captions.set_label(name, specs[name]) for name in sm.params.sets}
    fig, axes = plotting.new_figure(ncols=len(sm.params.sets))
    axes = axes if len(sm.params.sets) > 1 else [axes]
    shown = []
    for ax, name in zip(axes, sm.params.sets):
        part = summaries.select(summary, set=name, purpose="type1")
        curves = summaries.method_curves(part, LINES, "prop_labeled")
        for label, curve in curves.items():
            sampler, test = LINES[label]
            plotting.rate_curve(ax, curve, "prop_labeled", label, sampler, test)
            shown.append(curve.assign(method=label))
        plotting.alpha_line(ax, sm.params.alpha)
        ax.set(xlabel="Proportion Labeled", title=labels[name], xlim=(0.05, 0.55))
    table = pd.concat(shown, ignore_index=True)
    plotting.finish_panels(
        fig,
        axes,
        captions.figure_title("Neville et al. 2009, Fig. 1(f)", specs, sm.params.sets),
        "Type I Error Rate",
        rate_high_max=table["rate_high"].max(),
    )
    table = table[
        [
            "set",
            "method",
            "sampler",
            "test",
            "prop_labeled",
            "rejections",
            "trials",
            "rate",
            "rate_low",
            "rate_high",
            "chunk_rate_sd",
            "held_out_abs_gap",
            "handicap_wvrn",
            "handicap_nbc",
            "nbc_handicapped_networks",
            "calibration_difference",
            "accuracy_difference",
            "error_correlation",
            "test_size",
        ]
    ]
    tables.write_csv(table, sm.output.csv)
    per_point = int(table["trials"].iloc[0])
    samples = (
        f"{samplers['RS']} samples"
        if samplers["RS"] == samplers["NCV"]
        else f"{samplers['RS']} RS samples or {samplers['NCV']} NCV folds"
    )
    plotting.add_caption(
        fig,
        (
            "Type I error vs proportion labeled, wvRN vs nBC (relaxation labeling), real-data procedure of Sec. 6 on "
            "public stand-ins (Add Health is not public): each network held out in turn, the better model handicapped "
            f"to |Δacc| ≤ {study['tolerance']:g} on the other networks ({study['calibration_samples']} x "
            f"{study['calibration_folds']}-fold NCV each); {study['trials_per_network']} trials per held-out network, "
            f"{samples} per trial, pooled. "
            + captions.gap_note(summary, sm.params.sets, captions.selected_similar(nets))
            + " "
            + captions.sets_note(nets, specs)
            + " Bars: 95% Wilson intervals. "
            + plotting.profile_note(sm.params.profile, per_point, PAPER_NETWORKS * sm.params.paper_trials)
        ),
    )
    plotting.save(fig, sm.output.pdf, sm.output.png)

    undeclared = [name for name in sm.params.sets if name not in neville2009.FIG1F_SETS]
    if undeclared:
        log.warning(
            "no claims are declared for network set(s) %s (lib.papers.neville2009.FIG1F_SETS)", ", ".join(undeclared)
        )
    tables.write_csv(
        neville2009.PAPER.evaluate("fig1f", Evidence({"summary": table}, {"set_labels": labels}), sm.params.profile),
        sm.output.claims,
    )

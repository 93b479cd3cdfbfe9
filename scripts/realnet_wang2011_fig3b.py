"""Rule script: Wang et al. 2011 Figure 3(b) -- power vs mean performance difference on real
network data (by default public stand-ins, one panel per network set) for RS, NCV and RS-C
(paired tests) at the power labeling level, nBC handicapped, plus its claims (lib.papers.wang2011)."""

import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.models import wvrn_nbc
from lib.papers import wang2011
from lib.papers.claims import Evidence
from lib.reporting import captions, plotting

sm = snakemake  # noqa: F821
LINES = {"RS": ("RS", "paired_t"), "NCV": ("NCV", "paired_t"), "RS-C": ("RS", "rsc_paired")}


with runlog.logged(sm.log[0], "wang2011_fig3b"):
    summary = pd.read_csv(sm.input.summary)
    nets = pd.read_csv(sm.input.networks)
    study, specs = sm.params.study, sm.params.set_specs
    fig, axes = plotting.new_figure(ncols=len(sm.params.sets))
    axes = axes if len(sm.params.sets) > 1 else [axes]
    shown = []
    for ax, name in zip(axes, sm.params.sets):
        part = summaries.select(summary, set=name, purpose="power")
        curves = summaries.method_curves(part, LINES, "calibration_difference")
        for label, curve in curves.items():
            plotting.rate_curve(ax, curve, "calibration_difference", label, label)
            shown.append(curve.assign(method=label))
        ax.set(
            xlabel="Mean performance difference (calibration)",
            title=captions.set_label(name, specs[name]),
            ylim=(0.0, 1.02),
        )
    plotting.finish_panels(
        fig,
        axes,
        captions.figure_title("Wang et al. 2011, Fig. 3(b)", specs, sm.params.sets),
        "Power",
        legend_loc="lower right",
    )
    table = pd.concat(shown, ignore_index=True)
    table = table[
        [
            "set",
            "method",
            "sampler",
            "test",
            "prop_labeled",
            "handicap_nbc",
            "calibration_difference",
            "calibration_difference_sd",
            "accuracy_difference",
            "rejections",
            "trials",
            "rate",
            "rate_low",
            "rate_high",
            "chunk_rate_sd",
            "rsc_q_nbc",
            "rsc_rho_nbc",
        ]
    ]
    tables.write_csv(table, sm.output.csv)
    handicap = wvrn_nbc.handicap_words(
        study["handicap_magnitude"]
    )  # how a chosen prediction moves (reading handicap_magnitude)
    plotting.add_caption(
        fig,
        (
            "Power of paired tests vs mean accuracy difference wvRN − nBC at propLabeled "
            f"{study['power_prop_labeled']:g} "
            "on public stand-ins (the authors' IMDB sample is not public). nBC handicapped by b = "
            f"{', '.join(f'{c:g}' for c in study['power_handicaps'])} (a chosen prediction "
            f"{handicap}); x = mean over the "
            "held-out "
            "networks of the difference on the other networks' calibration splits (it can be negative where nBC is the "
            f"better model). {study['trials_per_network']} trials per held-out network, pooled. "
            + captions.sets_note(nets, specs)
            + " Bars: 95% Wilson intervals. "
            + plotting.profile_note(sm.params.profile, int(table["trials"].iloc[0]))
        ),
    )
    plotting.save(fig, sm.output.pdf, sm.output.png)
    labels = {name: captions.set_label(name, specs[name]) for name in sm.params.sets}
    tables.write_csv(
        wang2011.PAPER.evaluate("fig3b", Evidence({"summary": table}, {"set_labels": labels}), sm.params.profile),
        sm.output.claims,
    )

"""Rule script: Wang et al. 2011 Figure 2(a) — Type I error vs proportion labeled for RS, NCV and
RS-C (paired tests), wvRN vs nBC on synthetic networks, plus its claims (lib.papers.wang2011)."""

import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.models import wvrn_nbc
from lib.papers import wang2011
from lib.papers.claims import Evidence
from lib.reporting import plotting

sm = snakemake  # noqa: F821
LINES = {"RS": ("RS", "paired_t"), "NCV": ("NCV", "paired_t"), "RS-C": ("RS", "rsc_paired")}
with runlog.logged(sm.log[0], "wang2011_fig2a"):
    # the figure's cell of the study: Type I trials of its network size and trial count
    cell = {"purpose": "type1", "nodes": sm.params.nodes, "trials_per_network": sm.params.trials}
    summary = summaries.select(pd.read_csv(sm.input.summary), **cell)
    curves = summaries.method_curves(summary, LINES, "prop_labeled")
    shown = summaries.curves_table(
        curves,
        [
            "sampler",
            "test",
            "nodes",
            "prop_labeled",
            "handicap_wvrn",
            "rejections",
            "trials",
            "rate",
            "rate_low",
            "rate_high",
            "chunk_rate_sd",
            "rsc_q_wvrn",
            "rsc_rho_wvrn",
            "rsc_L_wvrn",
            "rsc_q_nbc",
            "rsc_rho_nbc",
            "rsc_L_nbc",
        ],
    )
    # trials cluster within the evaluation networks: each rate also gets the t interval of its
    # per-network rates, which the network-level claims are judged by
    per_network = summaries.method_network_rates(pd.read_csv(sm.input.network_rates), LINES, **cell)
    shown = summaries.with_network_intervals(shown, per_network, ["method", "prop_labeled"])
    tables.write_csv(shown, sm.output.csv)
    study = sm.params.study

    fig, ax = plotting.new_figure()
    for name, part in curves.items():
        plotting.rate_curve(ax, part, "prop_labeled", name, name)
    plotting.alpha_line(ax, sm.params.alpha)
    top = min(1.0, max(0.6, float(shown["rate_high"].max()) + 0.05))
    ax.set(
        xlabel="Proportion Labeled",
        ylabel="Type I Error Rate",
        xlim=(0.05, 0.45),
        ylim=(0.0, top),
        title="Wang et al. 2011, Fig. 2(a)",
    )
    ax.legend(loc="upper right")
    handicap = wvrn_nbc.handicap_words(
        study["handicap_magnitude"], study["handicap_strength"]
    )  # how a chosen prediction moves (reading handicap_magnitude)
    plotting.add_caption(
        fig,
        (
            f"Type I error of paired tests vs proportion labeled, wvRN vs nBC on {study['evaluation_networks']} "
            "synthetic "
            f"networks of {sm.params.nodes} nodes (Neville 2009's generator and calibration: wvRN handicapped to "
            f"|Δacc| ≤ {study['tolerance']:g} on {study['calibration_networks']} calibration networks x "
            f"{study['calibration_folds']} NCV folds; a chosen prediction {handicap}). Trials: the first "
            f"{sm.params.trials} of "
            "each network's trials, shared with Neville Fig. 1(c). RS-C: Wang's corrected paired t-test on the RS "
            "samples; |L| and ρ from the network's edges inside each test set (ρ: φ of linked errors pooled over the "
            f"{study['samplers']['RS']} samples), q: mean error over the samples containing a node, over nodes that "
            "erred at least once. "
            "Bars: 95% Wilson intervals. "
            + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), sm.params.paper_trials)
        ),
    )
    plotting.save(fig, sm.output.pdf, sm.output.png)

    tables.write_csv(
        wang2011.PAPER.evaluate("fig2a", Evidence({"summary": shown, "per_network": per_network}), sm.params.profile),
        sm.output.claims,
    )

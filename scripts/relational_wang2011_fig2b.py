"""Rule script: Wang et al. 2011 Figure 2(b) — power vs performance difference at 30% labeled for
RS, NCV and RS-C (paired tests), wvRN vs nBC on synthetic networks, plus its claims (lib.papers.wang2011)."""

import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.models import wvrn_nbc
from lib.papers import wang2011
from lib.papers.claims import Evidence
from lib.reporting import plotting

sm = snakemake  # noqa: F821
LINES = {"RS": ("RS", "paired_t"), "NCV": ("NCV", "paired_t"), "RS-C": ("RS", "rsc_paired")}
with runlog.logged(sm.log[0], "wang2011_fig2b"):
    cell = {"purpose": "power", "nodes": sm.params.nodes, "trials_per_network": sm.params.trials}
    summary = summaries.select(pd.read_csv(sm.input.summary), **cell)
    curves = summaries.method_curves(summary, LINES, "calibration_difference")
    shown = summaries.curves_table(
        curves,
        [
            "sampler",
            "test",
            "nodes",
            "prop_labeled",
            "handicap_nbc",
            "calibration_difference",
            "accuracy_difference",
            "rejections",
            "trials",
            "rate",
            "rate_low",
            "rate_high",
            "chunk_rate_sd",
            "rsc_q_nbc",
            "rsc_rho_nbc",
        ],
    )
    # trials cluster within the evaluation networks: the claims compare the t intervals of the
    # per-network powers
    per_network = summaries.method_network_rates(pd.read_csv(sm.input.network_rates), LINES, **cell)
    shown = summaries.with_network_intervals(shown, per_network, ["method", "handicap_nbc"])
    tables.write_csv(shown, sm.output.csv)
    study = sm.params.study

    fig, ax = plotting.new_figure()
    for name, part in curves.items():
        plotting.rate_curve(ax, part, "calibration_difference", name, name)
    ax.set(
        xlabel="Mean performance difference (calibration set)",
        ylabel="Power",
        ylim=(0.0, 1.02),
        title="Wang et al. 2011, Fig. 2(b)",
    )
    ax.legend(loc="lower right")
    handicap = wvrn_nbc.handicap_words(
        study["handicap_magnitude"], study["handicap_strength"]
    )  # how a chosen prediction moves (reading handicap_magnitude)
    plotting.add_caption(
        fig,
        (
            f"Power of paired tests vs mean accuracy difference wvRN − nBC at propLabeled "
            f"{study['power_prop_labeled']:g}, {study['evaluation_networks']} networks of {sm.params.nodes} nodes. nBC "
            f"handicapped by b = {', '.join(f'{c:g}' for c in study['power_handicaps'])} (wvRN unhandicapped; a chosen "
            f"prediction {handicap}); x = mean difference on the calibration set "
            f"({study['calibration_networks']} networks x {study['calibration_folds']} NCV folds). Trials: the first "
            f"{sm.params.trials} of each network's, shared with Neville Fig. 1(d). RS-C as in Fig. 2(a). "
            "Bars: 95% Wilson intervals over the pooled trials; the claims compare the wider 95% t-intervals over "
            "the networks. "
            + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), sm.params.paper_trials)
        ),
    )
    plotting.save(fig, sm.output.pdf, sm.output.png)

    tables.write_csv(
        wang2011.PAPER.evaluate("fig2b", Evidence({"summary": shown}), sm.params.profile), sm.output.claims
    )

"""Rule script: Neville et al. 2009 Figure 1(e) — power vs mean performance difference at 30%
labeled on 600-node networks: RS paired, NCV paired, NCV unpaired; plus its claims comparing
with Fig. 1(d) at a 5% difference (lib.papers.neville2009; linear interpolation between measured points)."""

import pandas as pd

from lib.core import runlog, tables
from lib.data import networks
from lib.evaluation import summaries
from lib.models import wvrn_nbc
from lib.papers import neville2009
from lib.papers.claims import Evidence
from lib.reporting import plotting

sm = snakemake  # noqa: F821
LINES = {"RS paired": ("RS", "paired_t"), "NCV paired": ("NCV", "paired_t"), "NCV unpaired": ("NCV", "unpaired_t")}
COLUMNS = [
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
]


with runlog.logged(sm.log[0], "neville2009_fig1e"):
    study = sm.params.study
    full, per_network = pd.read_csv(sm.input.summary), pd.read_csv(sm.input.network_rates)

    def power_table(nodes):
        """The power curves of one network size and their table with per-network intervals."""
        cell = {"purpose": "power", "nodes": nodes, "trials_per_network": sm.params.trials}
        curves = summaries.method_curves(summaries.select(full, **cell), LINES, "calibration_difference")
        table = summaries.with_network_intervals(
            summaries.curves_table(curves, COLUMNS),
            summaries.method_network_rates(per_network, LINES, **cell),
            ["method", "handicap_nbc"],
        )
        return curves, table

    (curves, shown), (_, smaller) = power_table(sm.params.nodes), power_table(study["nodes"])
    tables.write_csv(shown, sm.output.csv)

    fig, _ = plotting.power_vs_difference(curves, LINES, neville2009.POWER_DIFFERENCE, "Neville et al. 2009, Fig. 1(e)")
    handicap = wvrn_nbc.handicap_words(
        study["handicap_magnitude"], study["handicap_strength"]
    )  # how a chosen prediction moves (reading handicap_magnitude)
    plotting.add_caption(
        fig,
        (
            f"As Fig. 1(d) with networks of {sm.params.nodes} nodes (same generator parameters, "
            f"{networks.LGMParams(**sm.params.network).n_groups} groups; the paper gives none for {sm.params.nodes} "
            f"nodes) and a {sm.params.nodes}-node "
            f"calibration set of {study['calibration_networks']} networks: power vs mean accuracy difference "
            f"wvRN − nBC at propLabeled {study['power_prop_labeled']:g}, nBC handicapped by "
            f"c = {', '.join(f'{c:g}' for c in study['power_handicaps'])}, wvRN unhandicapped; a chosen prediction "
            f"{handicap}. Dotted: 5% difference. Bars: 95% Wilson intervals over the "
            "pooled trials; the claims use the wider 95% t-intervals over the networks. "
            + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), sm.params.paper_trials)
        ),
    )
    plotting.save(fig, sm.output.pdf, sm.output.png)

    evidence = Evidence(
        {"summary": shown, "smaller": smaller},
        {"nodes": sm.params.nodes, "smaller_nodes": study["nodes"]},
    )
    tables.write_csv(neville2009.PAPER.evaluate("fig1e", evidence, sm.params.profile), sm.output.claims)

"""Wang, Neville, Gallagher & Eliassi-Rad (2011), "Correcting Bias in Statistical Tests for Network
Classifier Evaluation": every artifact, declared once (:mod:`lib.views.artifact`). The claims are
in :mod:`lib.papers.wang2011`."""

from __future__ import annotations

from .artifact import Views

VIEWS = Views("wang2011")


# ---- relational: fig2a, fig2b ----
from ..papers.claims import Evidence  # noqa: E402
from ..reporting import captions, plotting  # noqa: E402
from ..studies import relational  # noqa: E402
from .artifact import Artifact, Built, Reads  # noqa: E402

#: trials per point the paper pooled (the first 50 per network over Neville's 4 networks)
RELATIONAL_PAPER_TRIALS = 200
#: Wang's methods: paired tests on RS and NCV splits, and RS-C (the corrected test on the RS samples)
RELATIONAL_LINES = {"RS": ("RS", "paired_t"), "NCV": ("NCV", "paired_t"), "RS-C": ("RS", "rsc_paired")}
#: each curve drawn in its method's style (RS-C its own), every one a paired test
RELATIONAL_STYLES = {name: (name, "paired_t") for name in RELATIONAL_LINES}
RELATIONAL_READS = {output: Reads("relational_summary", output) for output in ("summary", "network_rates")}


def _relational_settings(config) -> dict:
    return relational.panel_settings(config, trials_key="wang_trials_per_network")


def _relational_panel(tables: dict, s: dict, purpose: str, extra: list[str]):
    """The panel's curves, table and per-network rates (:func:`lib.studies.relational.panel_curves`)
    and the caption's statement of scale."""
    curves, shown, per_network = relational.panel_curves(
        tables["summary"], tables["network_rates"], RELATIONAL_LINES, purpose, s["nodes"], s["trials"], extra
    )
    scale = plotting.profile_note(s["profile"], int(shown["trials"].iloc[0]), RELATIONAL_PAPER_TRIALS)
    return curves, shown, per_network, scale


def _fig2a_about(s: dict) -> str:
    study = s["study"]
    handicap = captions.handicap_clause(study["handicap_magnitude"], study["handicap_strength"])
    return (
        f"Type I error of paired tests vs proportion labeled, wvRN vs nBC on {study['evaluation_networks']} "
        f"synthetic networks of {s['nodes']} nodes (Neville 2009's generator and calibration: wvRN handicapped to "
        f"|Δacc| ≤ {study['tolerance']:g} on {study['calibration_networks']} calibration networks x "
        f"{study['calibration_folds']} NCV folds; {handicap}). Trials: the first {s['trials']} of each network's "
        "trials, shared with Neville Fig. 1(c). RS-C: Wang's corrected paired t-test on the RS samples; |L| and ρ "
        "from the network's edges inside each test set (ρ: φ of linked errors pooled over the "
        f"{study['samplers']['RS']} samples), q: mean error over the samples containing a node, over nodes that "
        "erred at least once. Bars: 95% Wilson intervals."
    )


def _fig2a(tables: dict, s: dict) -> Built:
    rsc = [f"rsc_{k}_{model}" for model in ("wvrn", "nbc") for k in ("q", "rho", "L")]
    curves, shown, per_network, scale = _relational_panel(tables, s, "type1", rsc)
    fig, _ = plotting.type1_vs_labeled(
        curves, RELATIONAL_STYLES, s["alpha"], "Wang et al. 2011, Fig. 2(a)", shown["rate_high"].max()
    )
    return Built(shown, Evidence({"summary": shown, "per_network": per_network}), figure=fig, details=scale)


FIG2A = VIEWS.add(
    Artifact(
        "wang2011",
        "fig2a",
        "relational",
        "Figure 2(a): Type I error of RS, NCV and RS-C (synthetic networks)",
        reads=RELATIONAL_READS,
        settings=_relational_settings,
        about=_fig2a_about,
        build=_fig2a,
    )
)


def _fig2b_about(s: dict) -> str:
    study = s["study"]
    handicap = captions.handicap_clause(study["handicap_magnitude"], study["handicap_strength"])
    return (
        "Power of paired tests vs mean accuracy difference wvRN − nBC at propLabeled "
        f"{study['power_prop_labeled']:g}, {study['evaluation_networks']} networks of {s['nodes']} nodes. nBC "
        f"handicapped by b = {', '.join(f'{c:g}' for c in study['power_handicaps'])} (wvRN unhandicapped; "
        f"{handicap}); x = mean difference on the calibration set ({study['calibration_networks']} networks x "
        f"{study['calibration_folds']} NCV folds). Trials: the first {s['trials']} of each network's, shared with "
        "Neville Fig. 1(d). RS-C as in Fig. 2(a). Bars: 95% Wilson intervals over the pooled trials; the claims "
        "compare the wider 95% t-intervals over the networks."
    )


def _fig2b(tables: dict, s: dict) -> Built:
    curves, shown, _, scale = _relational_panel(tables, s, "power", ["rsc_q_nbc", "rsc_rho_nbc"])
    # Wang's panel marks no target difference (Neville's Fig. 1(d) marks 5%)
    fig, _ = plotting.power_vs_difference(curves, RELATIONAL_STYLES, None, "Wang et al. 2011, Fig. 2(b)")
    return Built(shown, Evidence({"summary": shown}), figure=fig, details=scale)


FIG2B = VIEWS.add(
    Artifact(
        "wang2011",
        "fig2b",
        "relational",
        "Figure 2(b): power of RS, NCV and RS-C",
        reads=RELATIONAL_READS,
        settings=_relational_settings,
        about=_fig2b_about,
        build=_fig2b,
    )
)

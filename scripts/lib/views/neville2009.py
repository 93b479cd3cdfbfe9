"""Neville, Gallagher & Eliassi-Rad (2009), "Evaluating Statistical Tests for Within-Network
Classifiers of Relational Data": every artifact, declared once (:mod:`lib.views.artifact`). The
claims are in :mod:`lib.papers.neville2009`."""

from __future__ import annotations

import pandas as pd

from ..evaluation import summaries
from ..papers.claims import Evidence
from ..reporting import plotting
from ..studies import simulated
from .artifact import Artifact, Built, Reads, Views

VIEWS = Views("neville2009")


# ---- simulated: fig1a, fig1a_readings, fig1b ----------------------------------------------------
SIMULATED_PAPER_TRIALS = 10000  # "10 simulations of 1000 trials each" (Sec. 4.2)
SAMPLERS = ("RRS", "ERS", "NCV")
#: how the Fig. 1(a) caption names each reading of the group draw (simulated.scenarios.*.reading)
GROUP_DRAW = {
    "per_fold": "misclassified groups drawn afresh in every fold",
    "per_trial": "misclassified groups fixed per network sample",
}
RATE_COLUMNS = ["test", "rejections", "trials", "rate", "rate_low", "rate_high"]


def _scenario_summary(scenario: str) -> Reads:
    """The summary of the simulated-classifier scenario ``scenario`` (read as a list of one table)."""
    return Reads("simulated_summary", "summary", lambda config: {"scenario": scenario})


def _simulated_settings(scenario: str, *keys: str):
    """The settings of a panel of ``scenario``: the study's ``keys``, and the scenario's reading
    of the group draw and grid (which the caption states)."""

    def settings(config) -> dict:
        study = config["simulated"]
        return {
            **{key: study[key] for key in keys},
            "reading": study["scenarios"][scenario]["reading"],
            "scenario": study["scenarios"][scenario],
        }

    return settings


def _values(grid) -> str:
    return ", ".join(f"{v:g}" for v in grid)


def _grid(values, shown: int) -> str:
    """'{a,b,...,z}': the first ``shown`` values of a grid, then its last (all of a short grid)."""
    values = sorted(set(values))
    if len(values) <= shown + 1:
        return "{" + ",".join(f"{v:g}" for v in values) + "}"
    return "{" + ",".join(f"{v:g}" for v in values[:shown]) + ",...," + f"{values[-1]:g}" + "}"


def _trials_note(s: dict, shown: pd.DataFrame) -> str:
    return plotting.profile_note(s["profile"], int(shown["trials"].iloc[0]), SIMULATED_PAPER_TRIALS)


def _sampler_curves(ax, shown: pd.DataFrame, x: str) -> None:
    """One rate curve per sampler against ``x``, labelled with its number of folds."""
    for sampler in SAMPLERS:
        part = shown[shown["sampler"] == sampler]
        label = f"{sampler} ({int(part['folds'].iloc[0])} folds)"
        plotting.rate_curve(ax, part.dropna(subset=[x]), x, label, sampler)


def _fig1a(tables: dict, s: dict) -> Built:
    summary = tables["summary"][0]
    shown = summaries.select(summary, test="paired_t").sort_values(["sampler", "prop_labeled"])
    shown = shown[["sampler", "folds", "prop_labeled", *RATE_COLUMNS, "chunk_rate_sd", "error_correlation"]]

    fig, ax = plotting.new_figure()
    _sampler_curves(ax, shown, "prop_labeled")
    plotting.alpha_line(ax, s["alpha"])
    ax.set(
        xlabel="Proportion Labeled",
        ylabel="Type I Error Rate",
        xlim=(0.0, 1.0),
        ylim=(0.0, 0.55),
        title="Neville et al. 2009, Fig. 1(a)",
    )
    ax.legend(loc="upper right")
    return Built(shown, Evidence({"summary": shown}), figure=fig, details=_trials_note(s, shown))


FIG1A = VIEWS.add(
    Artifact(
        "neville2009",
        "fig1a",
        "simulated",
        "Figure 1(a): Type I error vs proportion labeled (simulated classifiers)",
        reads={"summary": _scenario_summary("neville_fig1a")},
        settings=_simulated_settings("neville_fig1a", "alpha", "instances", "groups"),
        about=lambda s: (
            f"Type I error of the paired t-test (α={s['alpha']:g}) vs proportion labeled; group-based simulated "
            f"classifiers, {s['instances']} instances in {s['groups']} groups, "
            f"P(err)={_values(s['scenario']['p_err'])}, errCorr={_values(s['scenario']['err_corr'])}; Table 7 read "
            f"{s['reading']} ({GROUP_DRAW[s['reading']]}). Bars: 95% Wilson intervals."
        ),
        build=_fig1a,
    )
)


def _fig1a_readings(tables: dict, s: dict) -> Built:
    parts = []
    for reading in simulated.READINGS:
        part = summaries.select(tables[reading][0], test="paired_t")
        part.insert(0, "reading", reading)
        parts.append(part)
    shown = pd.concat(parts, ignore_index=True).sort_values(["reading", "sampler", "prop_labeled"])
    shown = shown[["reading", "sampler", "folds", "prop_labeled", *RATE_COLUMNS]]

    fig, axes = plotting.new_figure(ncols=2)
    for ax, reading in zip(axes, simulated.READINGS):
        for sampler in SAMPLERS:
            part = shown[(shown["reading"] == reading) & (shown["sampler"] == sampler)]
            plotting.rate_curve(ax, part, "prop_labeled", sampler, sampler)
        plotting.alpha_line(ax, s["alpha"])
        ax.set(xlabel="Proportion Labeled", xlim=(0.0, 1.0), ylim=(0.0, 1.0), title=f"Table 7 read {reading}")
    axes[0].set_ylabel("Type I Error Rate")
    axes[0].legend(loc="upper right")
    return Built(shown, Evidence({"summary": shown}), figure=fig, details=_trials_note(s, shown))


FIG1A_READINGS = VIEWS.add(
    Artifact(
        "neville2009",
        "fig1a_readings",
        "simulated",
        "Figure 1(a), supplementary: both readings of Table 7",
        # the same setting (P(err), errCorr) simulated under each reading of the group draw
        reads={
            "per_fold": _scenario_summary("neville_fig1a"),
            "per_trial": _scenario_summary("neville_fig1a_per_trial"),
        },
        settings=_simulated_settings("neville_fig1a", "alpha", "instances", "groups"),
        about=lambda s: (
            f"Neville 2009 Fig. 1(a) setting (P(err)={_values(s['scenario']['p_err'])}, "
            f"errCorr={_values(s['scenario']['err_corr'])}, {s['instances']} instances, {s['groups']} groups, paired "
            "t-test) under the two readings of Table 7: per_fold draws the misclassified groups afresh "
            "in every fold (Table 7 as written, used for the paper panel); per_trial fixes them for a "
            "network sample (Wang 2011's model). Bars: 95% Wilson intervals."
        ),
        build=_fig1a_readings,
    )
)


def _fig1b(tables: dict, s: dict) -> Built:
    summary = tables["summary"][0]
    shown = summaries.select(summary, test="paired_t").sort_values(["sampler", "p_err", "err_corr"])
    estimator = s["error_correlation"]
    column = simulated.ERROR_CORRELATION_ESTIMATORS[estimator]
    measures = list(simulated.ERROR_CORRELATION_ESTIMATORS.values())
    shown = shown[["sampler", "folds", "prop_labeled", "p_err", "err_corr", *RATE_COLUMNS, *measures]]
    shown = shown.assign(measured_error_correlation=shown[column])

    fig, ax = plotting.new_figure()
    _sampler_curves(ax, shown, column)
    plotting.alpha_line(ax, s["alpha"])
    rrs = shown[shown["sampler"] == "RRS"]
    ranges = "; ".join(
        f"{name} {rrs[col].min():.2f} to {rrs[col].max():.2f}"
        for name, col in simulated.ERROR_CORRELATION_ESTIMATORS.items()
    )
    ax.set(
        xlabel=f"Error Correlation (measured φ, {estimator})",
        ylabel="Type I Error Rate",
        xlim=(-0.05, 1.05),
        ylim=(0.0, 0.55),
        title="Neville et al. 2009, Fig. 1(b)",
    )
    ax.legend(loc="upper left")
    details = (
        "Their ranges over RRS's grid: " + ranges + ". "
        "DEVIATION: the paper's axis spans 0.2-0.7; no estimator spans it (docs/simulated.md). "
        + _trials_note(s, shown)
    )
    return Built(shown, Evidence({"summary": shown}), figure=fig, details=details)


FIG1B = VIEWS.add(
    Artifact(
        "neville2009",
        "fig1b",
        "simulated",
        "Figure 1(b): Type I error vs error correlation (simulated classifiers)",
        reads={"summary": _scenario_summary("neville_fig1b")},
        settings=lambda config: {
            **_simulated_settings("neville_fig1b", "alpha")(config),
            "error_correlation": config["simulated"]["fig1b_error_correlation"],
        },
        about=lambda s: (
            "Type I error of the paired t-test vs measured error correlation, P(err) in "
            f"{_grid(s['scenario']['p_err'], 1)} x errCorr in {_grid(s['scenario']['err_corr'], 2)}, propLabeled "
            f"{_values(s['scenario']['prop_labeled'])}, {s['reading']} reading; one point per grid cell, "
            f"joined in order of x. Measured error correlation, reading '{s['error_correlation']}' (config "
            "simulated.fig1b_error_correlation): per_group = φ of 0/1 errors over same-group pairs, "
            "table per group pooled over the trial's folds, averaged over groups; fold_pooled = one table "
            "per fold pooled over groups, averaged over folds; pooled = one table over groups and folds; "
            "each averaged over both classifiers."
        ),
        build=_fig1b,
    )
)

"""The ``yours`` target's comparison of two classifiers (``compare_<data set>``, declared in
:mod:`lib.views.yours`): its figure (each test's Type I error against its power, and the p-values of
the comparison on the whole data set), caption, verdict sentences and Markdown, drawn from the study
tables of :mod:`lib.studies.comparison_worlds`."""

from __future__ import annotations

import textwrap

import numpy as np
import pandas as pd

from ..core import tables
from ..reporting import plotting

#: Each test of :data:`lib.studies.comparison.TESTS` as a reader knows it.
COMPARE_TEST_LABELS = {
    ("paired_t", "cv"): "paired t, 10-fold CV",
    ("wilcoxon", "cv"): "Wilcoxon signed-rank, 10-fold CV",
    ("paired_t", "repeated_cv"): "paired t, 10x10 CV (uncorrected)",
    ("corrected_repeated_cv_t", "repeated_cv"): "corrected repeated-CV t (Bouckaert & Frank), 10x10 CV",
    ("bayesian_correlated_t", "repeated_cv"): "Bayesian correlated t (Benavoli et al.), 10x10 CV",
    ("nadeau_bengio_t", "resampling"): "corrected resampled t (Nadeau & Bengio), 15 splits",
    ("dietterich_5x2cv_t", "cv5x2"): "5x2cv paired t (Dietterich)",
    ("combined_5x2cv_f", "cv5x2"): "combined 5x2cv F (Alpaydin)",
    ("mcnemar", "holdout"): "McNemar, one holdout",
    ("paired_permutation_test", "holdout"): "paired permutation test, one holdout",
}
COMPARE_STATUS_COLORS = {"calibrated": "#0072B2", "liberal": "#D55E00", "conservative": "0.55", "not measured": "0.8"}


def compare_test_label(test: str, design: str) -> str:
    return COMPARE_TEST_LABELS.get((test, design), f"{test} ({design})")


def compare_caption(s: dict, verdict: pd.DataFrame, rates_table: pd.DataFrame, classifiers: str) -> str:
    """The caption: what was run, at which scale, how to read it."""
    trials = int(verdict["trials"].max()) if len(verdict) else 0
    band = verdict[["band_low", "band_high"]].dropna().head(1)
    band_text = f"[{band.iloc[0]['band_low']:.3f}, {band.iloc[0]['band_high']:.3f}]" if len(band) else "(not measured)"
    draw = "stratified by class" if s["stratified"] else "uniformly"
    # a world no handicap reaches has no trials: its tests have no Type I error or no power
    unmet = verdict[verdict["power"].isna() | (verdict["status"] == "not measured")]
    unmet_note = (
        f" {len(unmet)} test(s) of {unmet[['a', 'b']].drop_duplicates().shape[0]} pair(s) lack a point: no "
        "handicap reaches their null world or the stated difference (perturbing every prediction cannot "
        "create it), so it was not run."
        if len(unmet)
        else ""
    )
    profile = "" if s["profile"] == "paper" else plotting.profile_note(s["profile"], trials) + " "
    return (
        profile
        + f"Is A better than B on {s['name']}, and which test can you trust? {trials} trials, each a subsample of "
        f"{s['fraction']:.0%} of the rows drawn {draw} without replacement, every test on its own design inside it "
        "(classifiers fitted once per trial). Null world: the better classifier handicapped (Neville et al. 2009's "
        "handicap: a share c of its test predictions moved to another class) until the expected accuracies agree "
        f"within {s['tolerance']:g}, c found by bisection on {s['calibration_draws']} separate calibration draws at "
        f"each design's training share; difference worlds likewise at "
        f"{', '.join(f'{d:g}' for d in s['differences'])}. x: Type I error (null world), y: power at a difference "
        f"of {s['power_difference']:g} (two-sided rejections), each with its Wilson 95 % interval; α = {s['alpha']:g}"
        f" (dotted) and its binomial band at {trials} trials {band_text} (shaded): a test inside the band is "
        "calibrated here (blue), above it liberal (red), below it conservative (grey); the valid ones (blue, grey) "
        "are ranked by power. Right: the comparison on the "
        "whole data set, each test's p-value (the Bayesian test: its posterior)."
        + unmet_note
        + " "
        + overlap_note(s["fraction"])
        + " "
        + classifiers
    )


def overlap_note(fraction: float) -> str:
    """What the subsample's fraction does to the measured rates (docs/yours.md)."""
    if fraction <= 0.1:  # the draws barely overlap: the finite-population factor is above 0.9
        return ""
    return (
        "The trials' data sets are drawn from your rows without replacement and so vary less than independent "
        f"data sets would (variance about {1 - fraction:.2g} times): a test whose variance is right rejects less "
        "often than α here -- read conservative as valid -- and a test just inside the band may be liberal on "
        "independent data; a smaller yours.compare.fraction shrinks the effect."
    )


#: The comparison figure's caption: characters a line, inches a line, inches per pair's row.
COMPARE_CAPTION_WIDTH, COMPARE_LINE_INCHES, COMPARE_ROW_INCHES = 150, 0.12, 3.0


def compare_layout(pairs: int, caption: str) -> tuple[float, dict]:
    """The figure's height (inches) and its margins: rows of ``COMPARE_ROW_INCHES`` per pair and
    room for the caption's lines below (add_caption's house margins are fractions of a figure of
    the house height, too much for a tall one)."""
    # the printed caption: the whole text when it fits in PRINTED_LINES, else its brief, no longer
    lines = min(len(textwrap.wrap(caption, COMPARE_CAPTION_WIDTH)), plotting.PRINTED_LINES) + 1
    caption_inches = 0.55 + COMPARE_LINE_INCHES * lines  # the x label, then the caption
    height = COMPARE_ROW_INCHES * pairs + 0.6 + caption_inches
    margins = {"bottom": caption_inches / height, "top": 1 - 0.6 / height, "hspace": 0.4, "right": 0.62}
    return height, {**margins, "width": COMPARE_CAPTION_WIDTH}


def compare_figure(verdict: pd.DataFrame, name: str, alpha: float, height: float):
    """Per pair a row: Type I error (x) against power (y), one numbered point per test; beside it
    the whole data set's p-values (below 1e-6 drawn at 1e-6)."""
    plt = plotting.pyplot()
    plt.rcParams.update(plotting.RC)
    pairs = list(dict.fromkeys(zip(verdict["a"], verdict["b"])))
    fig, axes = plt.subplots(len(pairs), 2, figsize=(9.0, height), squeeze=False)
    for (a, b), (ax1, ax2) in zip(pairs, axes):
        part = verdict[(verdict["a"] == a) & (verdict["b"] == b)].reset_index(drop=True)
        band = part[["band_low", "band_high"]].dropna()
        if len(band):
            ax1.axvspan(band.iloc[0]["band_low"], band.iloc[0]["band_high"], color="#0072B2", alpha=0.12, lw=0)
        ax1.axvline(alpha, color="0.3", linestyle=":", linewidth=1)
        for i, r in part.iterrows():
            if not (np.isfinite(r["type1"]) and np.isfinite(r["power"])):
                continue
            color = COMPARE_STATUS_COLORS[r["status"]]
            ax1.errorbar(
                r["type1"],
                r["power"],
                xerr=[[r["type1"] - r["type1_low"]], [r["type1_high"] - r["type1"]]],
                yerr=[[r["power"] - r["power_low"]], [r["power_high"] - r["power"]]],
                fmt="o",
                color=color,
                markersize=4,
                capsize=2,
                linewidth=0.8,
            )
            ax1.annotate(str(i + 1), (r["type1"], r["power"]), xytext=(3, 3), textcoords="offset points", fontsize=7)
        ax1.set(
            xlabel="Type I error (null world)",
            ylabel=f"Power at {part['power_difference'].iloc[0]:g}",
            ylim=(-0.02, 1.02),
        )
        ax1.set_title(f"{a} vs {b}", fontsize=8)
        y = np.arange(len(part))[::-1]
        labels = [f"{i + 1}. {compare_test_label(t, d)}" for i, (t, d) in enumerate(zip(part["test"], part["design"]))]
        p = part["pvalue"].to_numpy(dtype=float)
        shown = np.where(np.isfinite(p), np.maximum(p, 1e-6), np.nan)
        ax2.scatter(shown, y, color=[COMPARE_STATUS_COLORS[s] for s in part["status"]], s=18, zorder=3)
        for yi, r in zip(y, part.itertuples()):
            if not np.isfinite(r.pvalue):  # the Bayesian test: its posterior, in words
                ax2.text(
                    1e-6,
                    yi,
                    f"P({a} better) {r.p_a_better:.2f}, P(equal) {r.p_equivalent:.2f}",
                    fontsize=6,
                    va="center",
                )
        ax2.axvline(alpha, color="0.3", linestyle=":", linewidth=1)
        ax2.set_xscale("log")
        ax2.set(xlim=(5e-7, 1.5), xlabel="p-value on the whole data set")
        ax2.set_yticks(y, labels, fontsize=6)
        ax2.yaxis.tick_right()
    fig.suptitle(f"Which test can you trust on {name}?", fontsize=9)
    return fig


def _compare_answer(r, a: str, b: str, rope: float) -> str:
    """The comparison's answer under one test, in words."""
    acc = f"{a} (accuracy {r['accuracy_a']:.3f}) and {b} ({r['accuracy_b']:.3f})"
    if not np.isfinite(r["pvalue"]):  # the Bayesian test decides on its posterior
        if r["reject"]:
            winner = a if r["p_a_better"] > r["p_b_better"] else b
            posterior = max(r["p_a_better"], r["p_b_better"])
            return f"{winner} is better by more than {rope:g} (posterior {posterior:.2f}), between {acc}"
        return (
            f"no practical difference is decided between {acc}: P({a} better) {r['p_a_better']:.2f}, "
            f"P(within ±{rope:g}) {r['p_equivalent']:.2f}, P({b} better) {r['p_b_better']:.2f}"
        )
    if r["reject"]:
        winner, loser = (a, b) if r["mean_difference"] > 0 else (b, a)
        return f"{winner} is better than {loser} (p = {r['pvalue']:.3g}; {acc})"
    return f"no significant difference between {acc} (p = {r['pvalue']:.3g})"


def compare_sentences(part: pd.DataFrame, alpha: float, rope: float) -> list[str]:
    """The verdict of one pair: its answer under the most powerful valid test (calibrated or
    conservative), then every test that is not calibrated here with its measured rate, then where a
    liberal test misleads."""
    a, b = part["a"].iloc[0], part["b"].iloc[0]
    best = part[part["best"]]
    lines = []
    if len(best):
        r = best.iloc[0]
        lines.append(
            f"**{a} vs {b}**: under the {compare_test_label(r['test'], r['design'])} -- the most powerful of the "
            f"{int((part['rank'] > 0).sum())} valid test(s) here ({r['status']}: Type I {r['type1']:.3f}, power "
            f"{r['power']:.2f} at a difference of {r['power_difference']:g}) -- " + _compare_answer(r, a, b, rope) + "."
        )
    else:
        lines.append(
            f"**{a} vs {b}**: no test is valid here with its power measured (every one is liberal, or a world "
            "was not reached); the liberal tests below find differences that are not there."
        )
    for r in part[part["status"] != "calibrated"].to_dict("records"):
        if r["status"] == "not measured":
            lines.append(
                f"- {compare_test_label(r['test'], r['design'])}: not measured (no handicap reaches the null world)."
            )
            continue
        side = "above" if r["status"] == "liberal" else "below"
        what = (
            "it finds differences that are not there" if r["status"] == "liberal" else "valid, but it gives away power"
        )
        label = "NOT VALID HERE" if r["status"] == "liberal" else "valid, conservative here"
        lines.append(
            f"- {compare_test_label(r['test'], r['design'])}: {label} ({r['status']}): Type I "
            f"{r['type1']:.3f} [{r['type1_low']:.3f}, {r['type1_high']:.3f}], {side} α's band "
            f"[{r['band_low']:.3f}, {r['band_high']:.3f}]: {what}."
        )
    if len(best) and not best.iloc[0]["reject"]:
        misleading = part[(part["status"] == "liberal") & part["reject"].astype(bool)]
        for r in misleading.to_dict("records"):
            winner, loser = (a, b) if r["mean_difference"] > 0 else (b, a)
            said = f"p = {r['pvalue']:.3g}" if np.isfinite(r["pvalue"]) else "its posterior"
            lines.append(
                f"- Misleading here: the {compare_test_label(r['test'], r['design'])} calls {winner} better than "
                f"{loser} on the whole data set ({said}), but it rejects a true null in {r['type1']:.0%} of the "
                "trials here, and the valid test above finds no difference."
            )
    return lines


def compare_markdown(verdict: pd.DataFrame, name: str, caption: str, alpha: float, rope: float) -> str:
    rows = []
    for i, r in enumerate(verdict.to_dict("records")):
        p = (
            f"{r['pvalue']:.3g}"
            if np.isfinite(r["pvalue"])
            else f"P({r['a']} better) {r['p_a_better']:.2f}, P({r['b']} better) {r['p_b_better']:.2f}"
        )
        rows.append(
            {
                "pair": f"{r['a']} vs {r['b']}",
                "test": compare_test_label(r["test"], r["design"]),
                "Type I [95 % CI]": f"{r['type1']:.3f} [{r['type1_low']:.3f}, {r['type1_high']:.3f}]",
                "α's band": f"[{r['band_low']:.3f}, {r['band_high']:.3f}]",
                "here": r["status"] + (f" (rank {r['rank']})" if r["rank"] else ""),
                f"power at {r['power_difference']:g} [95 % CI]": (
                    f"{r['power']:.2f} [{r['power_low']:.2f}, {r['power_high']:.2f}]"
                ),
                "whole data set": ("**" if r["reject"] else "") + p + ("**" if r["reject"] else ""),
            }
        )
    lines = []
    for _, part in verdict.groupby(["a", "b"], sort=False):
        lines += compare_sentences(part, alpha, rope) + [""]
    return tables.markdown_report(f"Which test can you trust on {name}?", caption, rows, lines)

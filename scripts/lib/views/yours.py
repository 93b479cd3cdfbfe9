"""The ``yours`` target's artifacts (docs/yours.md): the papers' tests on a user's data, declared once
each (:mod:`lib.views.artifact`) as families over the config's ``yours`` section -- Ojala & Garriga's
permutation tests (``results/yours/permutation.*``), Raeder et al.'s metrics against minority removal
(``imbalance_<data set>.*``) and Neville's / Wang's network tests (``network_<network>.*``). They
have no claims (a user's data has no paper's numbers to match) and are not on the scorecard.

Each has a caption (what was run, at which scale against the paper's, with which classifiers: it
needs the numbers throughout, so it is all ``details``), a figure in the house style of
:mod:`lib.reporting.plotting` and a Markdown summary (the caption, a table and one line per finding,
in plain words).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..core import tables
from ..models import handicap
from ..papers import ojala2009
from ..reporting import captions, plotting
from ..studies import comparison, yours
from . import yours_compare
from .artifact import Artifact, Built, Reads, Views, numbers_only

VIEWS = Views("yours")

WEKA_NAMES = {
    "j48": "J48 (Weka J48 -C 0.25 -M 2, re-implemented)",
    "1nn": "1-NN (Weka IB1, re-implemented)",
    "nb": "NB (Weka NaiveBayes, re-implemented)",
    "smo": "SMO (Weka SMO, linear kernel, C = 1, re-implemented)",
}
TIE_RULES = {
    "shuffled": "ties to a random tied row, as in Weka's cross-validation",
    "first": "ties to the first tied training row",
    "vote": "ties by vote (IBk -K 1)",
}
PANELS_PER_ROW = 4  # permutation figure: data sets per row
PAPER_REMOVALS = 11  # Raeder Fig. 2: 0, 5, ..., 50 %
PAPER_NETWORK_TRIALS = 50  # Neville Sec. 6: "measured over 50 trials" per held-out network


def estimator_text(name: str, est: dict) -> str:
    params = ", ".join(f"{k}={v!r}" for k, v in est["params"].items())
    return f"{name} = {est['class']}({params})"


def classifiers_text(names, estimators: dict, tie_rule: str | None = None) -> str:
    """One sentence naming every classifier and, for estimators, how they were run."""
    parts = []
    for name in names:
        if name in WEKA_NAMES:
            extra = f", {TIE_RULES[tie_rule]}" if name == "1nn" and tie_rule in TIE_RULES else ""
            parts.append(WEKA_NAMES[name][:-1] + extra + ")")
        else:
            parts.append(estimator_text(name, estimators[name]))
    note = (
        " Estimators are refit on every training fold (nominal attributes one-hot, missing values replaced "
        "by the training mean; random_state 0 unless set)."
        if any(n in estimators for n in names)
        else ""
    )
    return "Classifiers: " + "; ".join(parts) + "." + note


def scale_note(profile: str, what: str, ours, paper) -> str:
    """``what`` at ``ours`` against the paper's ``paper``, loud when fewer."""
    if ours < paper:
        return f"FEWER {what.upper()} THAN THE PAPER: {ours} (the paper: {paper})."
    return f"{ours} {what} (the paper: {paper})."


# ----------------------------------------------------------------------------- permutation tests


def permutation_caption(summary: pd.DataFrame, settings: dict, profile: str, classifiers: str) -> str:
    k, reps, folds = int(summary["randomizations"].max()), int(summary["repetitions"].max()), settings["folds"]
    alpha = settings["alpha"]
    floor = 1.0 / (k + 1)
    floor_note = (
        f" The smallest attainable p-value is 1/(k + 1) = {floor:.3f}, above α = {alpha:g}: no test can be "
        "significant; raise yours.permutation.randomizations."
        if floor > alpha
        else f" The smallest attainable p-value is 1/(k + 1) = {floor:.4f}."
    )
    return (
        f"Ojala & Garriga 2009 (Tables II-III) on your data: stratified {folds}-fold CV error on the original "
        f"data (mean over {reps} repetitions of the CV), and the CV error over {k} randomised data sets per "
        "test, each with a fresh stratified CV: Test 1 permutes the labels (is the accuracy better than chance?), "
        "Test 2 permutes each feature within each class (does the classifier use the dependency between the "
        "features?); *: significant. p: empirical p-value (Definition 1, (#{e(D') <= e(D)} + 1)/(k + 1)) "
        f"averaged over the repetitions; significant at α = {alpha:g} (the paper's). "
        + scale_note(profile, "randomisations per test", k, ojala2009.RANDOMIZATIONS)
        + " "
        + scale_note(profile, "repetitions of the original CV", reps, ojala2009.CV_REPETITIONS)
        + floor_note
        + spread_note(summary, alpha)
        + " Folds from our seeded stratification, not Weka's random stream. "
        + classifiers
    )


def spread_note(summary: pd.DataFrame, alpha: float) -> str:
    """The caption's sentence on the p-values' 5-95 % range over fold draws (empty without one)."""
    if summary[["t1_p_low", "t2_p_low"]].isna().all().all():
        return ""
    return (
        " p range: the 5-95 % range over fold draws of the mean p-value (further original CVs, as for the "
        f"papers' Tables II-III); a test whose range straddles α = {alpha:g} is unstable: the folds decide it."
    )


def permutation_figure(summary: pd.DataFrame):
    """One panel per data set: per classifier the original error (dot) and each test's null mean
    with its [1 %, 99 %] range; rows of ``PANELS_PER_ROW`` panels for many data sets."""
    sets = list(dict.fromkeys(summary["dataset"]))
    if len(sets) <= PANELS_PER_ROW:
        fig, axes = plotting.new_figure(ncols=len(sets))
        axes = np.atleast_1d(axes)
    else:  # many data sets: rows of PANELS_PER_ROW panels
        plt = plotting.pyplot()
        plt.rcParams.update(plotting.RC)
        rows = -(-len(sets) // PANELS_PER_ROW)
        fig, axes = plt.subplots(
            rows, PANELS_PER_ROW, figsize=(3.2 * PANELS_PER_ROW, 3.0 * rows + 1.2), sharey=True, squeeze=False
        )
        axes = axes.ravel()
        for ax in axes[len(sets) :]:
            ax.axis("off")
    tests = {1: ("Test 1 (labels permuted)", "#D55E00", -0.15), 2: ("Test 2 (within-class columns)", "#0072B2", 0.15)}
    for ax, name in zip(axes, sets):
        part = summary[summary["dataset"] == name].reset_index(drop=True)
        x = np.arange(len(part))
        for t, (label, color, dx) in tests.items():
            mean = part[f"t{t}_mean"].to_numpy()
            ax.errorbar(
                x + dx,
                mean,
                yerr=[mean - part[f"t{t}_q01"], part[f"t{t}_q99"] - mean],
                fmt="s",
                color=color,
                markersize=4,
                capsize=3,
                linewidth=1.2,
                label=f"{label}: mean, 1-99 %",
            )
            for xi, top, significant in zip(x + dx, part[f"t{t}_q99"], part[f"t{t}_significant"]):
                if significant:
                    ax.annotate(
                        "*",
                        (xi, top),
                        xytext=(0, 1),
                        textcoords="offset points",
                        ha="center",
                        va="bottom",
                        color=color,
                        fontsize=9,
                    )
        ax.plot(x, part["orig"], "o", color="black", markersize=5, label="original data")
        ax.set_xticks(x, part["classifier"], rotation=30, fontsize=7)
        ax.set(title=name, xlim=(-0.6, len(part) - 0.4))
        ax.title.set_fontsize(8)
    axes[0].set_ylabel("CV error")
    axes[0].legend(fontsize=6, loc="best")
    fig.suptitle("Permutation tests on your data (Ojala & Garriga 2009)", fontsize=9)
    return fig


def permutation_layout(summary: pd.DataFrame) -> dict:
    """The caption's layout keywords (:func:`lib.reporting.plotting.add_caption`): room between the
    rows of panels when there are several."""
    return {"hspace": 0.5} if summary["dataset"].nunique() > PANELS_PER_ROW else {}


def _p(p: float, low: float = np.nan, high: float = np.nan, *, alpha: float) -> str:
    text = f"{p:.3f}" if p <= alpha else f"**{p:.3f}**"
    return text if np.isnan(low) else f"{text} [{low:.3f}, {high:.3f}]"


def permutation_markdown(summary: pd.DataFrame, caption: str, alpha: float) -> str:
    shown = pd.DataFrame(
        {
            "Data set": summary["dataset"],
            "Classifier": summary["classifier"],
            "Orig. Err.": summary["orig"].map("{:.3f}".format),
            "Test 1 Err. (Std)": [f"{m:.3f} ({s:.3f})" for m, s in zip(summary["t1_mean"], summary["t1_std"])],
            "Test 1 p": [_p(*v, alpha=alpha) for v in zip(summary["t1_p"], summary["t1_p_low"], summary["t1_p_high"])],
            "Test 2 Err. (Std)": [f"{m:.3f} ({s:.3f})" for m, s in zip(summary["t2_mean"], summary["t2_std"])],
            "Test 2 p": [_p(*v, alpha=alpha) for v in zip(summary["t2_p"], summary["t2_p_low"], summary["t2_p_high"])],
        }
    )
    lines = []
    for row in summary.itertuples():
        t1 = (
            f"better than chance (Test 1 p = {row.t1_p:.3f})"
            if row.t1_p <= alpha
            else f"not shown better than chance (Test 1 p = {row.t1_p:.3f})"
        )
        t2 = (
            f"uses the dependency between the features (Test 2 p = {row.t2_p:.3f})"
            if row.t2_p <= alpha
            else f"no evidence that it uses the dependency between the features (Test 2 p = {row.t2_p:.3f})"
        )
        unstable = [f"Test {t}" for t in (1, 2) if getattr(row, f"t{t}_unstable")]
        note = f" ({' and '.join(unstable)} unstable: the folds decide it)" if unstable else ""
        lines.append(f"- **{row.dataset} / {row.classifier}**: error {row.orig:.3f}; {t1}; {t2}{note}.")
    ranges = (
        ""
        if summary[["t1_p_low", "t2_p_low"]].isna().all().all()
        else "; p is the mean p-value of the first repetitions of the original CV (the paper's procedure), "
        "[low, high] the 5-95 % range of that mean over other draws of as many CVs from all the CVs run: one "
        "draw of the same quantity, so about one p in ten lies outside its own range by chance"
    )
    return (
        "# Permutation tests on your data\n\n"
        + caption
        + f"\n\nBold: not significant at α = {alpha:g}{ranges}.\n\n"
        + tables.markdown_table(shown)
        + "\n## In words\n\n"
        + "\n".join(lines)
        + "\n\nTest 1 answers "
        "'is the accuracy better than chance?'; Test 2 'does the classifier use the dependency between the "
        "features?' (a non-significant Test 2 means the features are independent given the class, or the "
        "classifier does not exploit their dependency; Ojala & Garriga Sec. III).\n"
    )


def _permutation_settings(config) -> dict:
    cfg = yours.settings(config, ("permutation",))
    perm = cfg["permutation"]
    return {
        **perm,
        "classifiers": yours.classifiers(cfg),
        "estimators": cfg["estimators"],
    }


def _permutation(tables_in: dict, s: dict) -> Built:
    summary = tables_in["summary"]
    caption = permutation_caption(
        summary, s, s["profile"], classifiers_text(s["classifiers"], s["estimators"], s["tie_rule"])
    )
    return Built(
        summary,
        figure=permutation_figure(summary),
        markdown=permutation_markdown(summary, caption, s["alpha"]),
        details=caption,
        caption_layout=permutation_layout(summary),
    )


PERMUTATION = VIEWS.add(
    Artifact(
        "yours",
        "permutation",
        "yours",
        "Permutation tests on your data (Ojala & Garriga 2009, Tables II-III)",
        reads={"summary": Reads("yours_permutation_summary", "summary")},
        settings=_permutation_settings,
        about=numbers_only,
        build=_permutation,
        kinds=("md", "csv", "png", "pdf"),
        claims=False,
        # one table of every data set tested, none when the section tests none
        members=lambda c: [{}] if yours.settings(c, ("permutation",))["permutation"]["datasets"] else [],
        rule="yours_permutation",
    )
)


# ----------------------------------------------------------------------------- imbalance

METRIC_LABELS = {
    "auc": "AUC",
    "h_measure": "H-measure",
    "f1": "F1 (at 0.5)",
    "brier": "Brier score",
    "accuracy": "Accuracy (at 0.5)",
    "pr_break_even": "PR break-even",
}
LOWER_IS_BETTER = {"brier"}


def metric_label(metric: str) -> str:
    return METRIC_LABELS.get(metric, f"Precision @ top {metric.rsplit('_', 1)[-1]}")


def imbalance_caption(
    name: str, spec: dict, summary: pd.DataFrame, settings: dict, profile: str, classifiers: str
) -> str:
    base = summary[summary["removed_percent"] == summary["removed_percent"].min()].iloc[0]
    levels = sorted(summary["removed_percent"].unique())
    t10, t52 = settings["tenfold"], settings["fivebytwo"]
    aggregation = (
        "metrics computed per test fold and averaged"
        if settings["metric_aggregation"] == "per_fold"
        else "metrics computed on each CV run's pooled test-fold scores"
    )
    return (
        f"Raeder, Forman & Chawla 2012 (Fig. 2) on your data set {name} ({spec['path']}): positive class "
        f"{spec['positive']!r}, {int(base['n_pos'])} positives and {int(base['n_neg'])} negatives. Each metric "
        "against the share of positives removed (nested, at random, before splitting), stratified 10-fold CV "
        f"(solid; {t10['evaluated']} of {t10['folds']} test folds scored) and 5x2 CV (dashed; {t52['repeats']} of "
        f"the 5 repetitions), the same splits for every classifier; {aggregation} (reading "
        f"imbalance.metric_aggregation). Removal levels: {', '.join(f'{x:g}' for x in levels)} %. "
        + scale_note(profile, "removal levels", len(levels), PAPER_REMOVALS)
        + (" FEWER SCORED FOLDS THAN THE PAPER." if t10["evaluated"] < t10["folds"] or t52["repeats"] < 5 else "")
        + " J48 = J48 -A (Laplace leaves), SMO = SMO -M (Platt scaling), as in the chapter; 1-NN scores 0/1. "
        + classifiers
    )


def imbalance_figure(summary: pd.DataFrame, name: str):
    """The seven metrics, one panel each: a line per classifier, solid 10-fold, dashed 5x2."""
    metrics = yours.imbalance_metrics(summary)
    plt = plotting.pyplot()
    plt.rcParams.update(plotting.RC)
    fig, axes = plt.subplots(2, 4, figsize=(10.5, 6.2))
    axes = axes.ravel()
    names = list(dict.fromkeys(summary["classifier"]))
    colors = dict(zip(names, plotting.sequence_colors(len(names))))
    for ax, metric in zip(axes, metrics):
        for clf in names:
            for scheme, style in (("10-fold", "-"), ("5x2", "--")):
                part = summary[(summary["classifier"] == clf) & (summary["scheme"] == scheme)]
                if len(part):
                    ax.plot(
                        part["removed_percent"],
                        part[metric],
                        style,
                        marker="o",
                        markersize=3,
                        color=colors[clf],
                        linewidth=1.2,
                        label=f"{clf} ({scheme})",
                    )
        ax.set_title(metric_label(metric), fontsize=8)
        ax.set_xlabel("% of positives removed", fontsize=7)
    for ax in axes[len(metrics) :]:
        ax.axis("off")
    handles, labels = axes[0].get_legend_handles_labels()
    axes[-1].legend(handles, labels, fontsize=7, loc="center")
    fig.suptitle(f"Metrics against minority removal on your data set {name} (Raeder et al. 2012, Fig. 2)", fontsize=9)
    return fig


# the imbalance figure's caption (lib.reporting.plotting.add_caption): a wide figure's line length
# and margins, the panels closer to the left edge and apart
IMBALANCE_LAYOUT = {"width": 170, "left": 0.06, "wspace": 0.3, "hspace": 0.45}


def _ranking(rows: pd.DataFrame, metric: str) -> list[str]:
    ascending = metric in LOWER_IS_BETTER
    return list(rows.sort_values(metric, ascending=ascending, kind="stable")["classifier"])


def imbalance_markdown(summary: pd.DataFrame, name: str, caption: str) -> str:
    metrics = yours.imbalance_metrics(summary)
    lo, hi = summary["removed_percent"].min(), summary["removed_percent"].max()
    rows, lines = [], []
    for scheme in ("10-fold", "5x2"):
        for metric in metrics:
            first = summary[(summary["scheme"] == scheme) & (summary["removed_percent"] == lo)]
            last = summary[(summary["scheme"] == scheme) & (summary["removed_percent"] == hi)]
            if not len(first):
                continue
            r0, r1 = _ranking(first, metric), _ranking(last, metric)
            rows.append(
                {
                    "scheme": scheme,
                    "metric": metric_label(metric),
                    f"ranking at {lo:g} %": " > ".join(r0),
                    f"ranking at {hi:g} %": " > ".join(r1),
                    **{
                        f"{c} at {lo:g} % / {hi:g} %": f"{a:.3f} / {b:.3f}"
                        for c, a, b in zip(
                            first["classifier"],
                            first[metric],
                            last.set_index("classifier").reindex(first["classifier"])[metric],
                        )
                    },
                }
            )
            if r0[0] != r1[0]:
                lines.append(
                    f"- {scheme}, {metric_label(metric)}: the best classifier changes from {r0[0]} to {r1[0]} "
                    f"as {hi:g} % of the positives are removed."
                )
    if not lines:
        lines.append(
            f"- Every metric ranks the same classifier first at {lo:g} % and at {hi:g} % removed, under both "
            "CV schemes."
        )
    return (
        tables.markdown_report(f"Metrics against minority removal: {name}", caption, rows, lines)
        + "\n\nThe chapter's point: threshold metrics (F1, accuracy) and ranking metrics (AUC, H-measure, "
        "precision at k) can rank classifiers differently, and the ranking can change as the minority class "
        "shrinks; 5x2 CV (half the data for training) lowers most metrics.\n"
    )


def _imbalance_settings(config, wildcards: dict) -> dict:
    cfg, name = yours.settings(config, ("imbalance",)), wildcards["dataset"]
    return {"name": name, "spec": cfg["datasets"][name], **cfg["imbalance"], "estimators": cfg["estimators"]}


def _imbalance(tables_in: dict, s: dict) -> Built:
    # the reading imbalance.metric_aggregation picks the table, as for the chapter's panels
    summary = yours.imbalance_summary(tables_in["per_fold" if s["metric_aggregation"] == "per_fold" else "pooled"])
    names = list(dict.fromkeys(summary["classifier"]))
    caption = imbalance_caption(
        s["name"], s["spec"], summary, s, s["profile"], classifiers_text(names, s["estimators"])
    )
    return Built(
        summary,
        figure=imbalance_figure(summary, s["name"]),
        markdown=imbalance_markdown(summary, s["name"], caption),
        details=caption,
        caption_layout=IMBALANCE_LAYOUT,
    )


IMBALANCE = VIEWS.add(
    Artifact(
        "yours",
        "imbalance_{dataset}",
        "yours",
        "Metrics against minority removal on your data set (Raeder et al. 2012, Fig. 2)",
        reads={table: Reads("yours_imbalance_cv", table) for table in ("per_fold", "pooled")},
        settings=_imbalance_settings,
        about=numbers_only,
        build=_imbalance,
        kinds=("md", "csv", "png", "pdf"),
        claims=False,
        wildcards={"dataset": r"[a-z0-9][a-z0-9_-]*"},
        members=lambda c: [{"dataset": name} for name in yours.imbalance_datasets(yours.settings(c, ()))],
        rule="yours_imbalance",
    )
)


# ----------------------------------------------------------------------------- network tests


def _line_style(method: str) -> tuple[str, str]:
    """A line of :data:`lib.studies.yours.NETWORK_LINES` ("RS-C paired") as the papers' figures draw
    it: the method's colour ("RS-C") and the test's line ("paired_t")."""
    name, kind = method.split()
    return name, f"{kind}_t"


def dropped_links_text(row) -> str:
    """The self-loops and repeated links the user's files held, left out of the simple graph the
    tests use ("" when none, or for a network set without the counts)."""
    parts = [
        f"{int(row[column])} {words}"
        for column, words in (("network_self_loops", "self-loop(s)"), ("network_duplicate_edges", "repeated link(s)"))
        if column in row and int(row[column]) > 0
    ]
    return f" ({' and '.join(parts)} of your files left out: the tests use the simple graph)" if parts else ""


def network_statistics_text(nets: pd.DataFrame) -> str:
    """The user's whole network and its subnetworks: size, mean degree, autocorrelation (named: phi,
    with Pearson's contingency coefficient, the measure Neville et al. 2009 report), P(+)."""
    row = nets.iloc[0]
    contingency = (
        f", contingency coefficient {row['network_autocorrelation_contingency']:.2f}"
        if "network_autocorrelation_contingency" in row
        else ""
    )
    return (
        f"Your network: {int(row['network_nodes'])} nodes{dropped_links_text(row)}, mean degree "
        f"{row['network_mean_degree']:.2f}, label autocorrelation {row['network_autocorrelation']:.2f} (phi: the "
        f"correlation of the two ends' labels over linked pairs{contingency}), P(+) {row['network_p_pos']:.2f} "
        "(positive = "
        f"{str(nets['positive_label'].iloc[0])!r}); carved into {len(nets)} disjoint subnetworks of "
        f"{int(nets['nodes'].min())}-{int(nets['nodes'].max())} nodes, mean degree "
        f"{nets['mean_degree'].min():.2f}-{nets['mean_degree'].max():.2f}, autocorrelation (phi) "
        f"{nets['autocorrelation'].min():.2f}-{nets['autocorrelation'].max():.2f}, P(+) "
        f"{nets['p_pos'].min():.2f}-{nets['p_pos'].max():.2f}"
    )


def _span(low: float, high: float, digits: int = 3) -> str:
    return f"{low:.{digits}f}" if f"{low:.{digits}f}" == f"{high:.{digits}f}" else f"{low:.{digits}f}-{high:.{digits}f}"


def calibration_note(cases: pd.DataFrame, tolerance: float) -> str:
    """The caption's sentence on how the Type I calibrations ended (:func:`lib.studies.yours.calibration_cases`):
    which case happened how often, with the gaps, standard errors and handicaps."""
    total = int(cases["calibrations"].sum())
    parts = []
    for row in cases.itertuples(index=False):
        n = f"{row.calibrations} of {total}"
        if row.case == handicap.MET_TOLERANCE:
            parts.append(
                f"in {n} a handicap met |Δacc| ≤ {tolerance:g} (unhandicapped gap {_span(row.gap_min, row.gap_max)}, "
                f"handicap c = {_span(row.handicap_min, row.handicap_max)})"
            )
        elif row.case == handicap.WITHIN_SAMPLING_ERROR:
            parts.append(
                f"in {n} bisection found no handicap that could (near chance, perturbing predictions barely moves "
                f"accuracy), and the unhandicapped gap {_span(row.gap_min, row.gap_max)} was within "
                f"{handicap.SAMPLING_ERROR_SES:g} standard errors ({_span(row.se_min, row.se_max)}) of the paired "
                f"difference over the {row.splits} calibration splits: the models cannot be told apart there, so "
                "neither was handicapped (c = 0)"
            )
        else:
            parts.append(
                f"in {n} no handicap could, though the unhandicapped gap {_span(row.gap_min, row.gap_max)} exceeded "
                f"{handicap.SAMPLING_ERROR_SES:g} standard errors ({_span(row.se_min, row.se_max)}): the better "
                f"model was handicapped by the c that leaves the smallest gap (c = "
                f"{_span(row.handicap_min, row.handicap_max)}, gap left {_span(row.left_min, row.left_max)}), so "
                "the null of equal accuracy does not hold there and part of the rejections are true differences"
            )
    return "Calibration (held-out subnetwork x level): " + "; ".join(parts) + "."


def network_caption(
    name: str, nets: pd.DataFrame, summary: pd.DataFrame, settings: dict, profile: str, cases: pd.DataFrame
) -> str:
    """What was run on the network, how the calibrations ended (``cases``:
    :func:`lib.studies.yours.calibration_cases`), the gap they left and the network's statistics."""
    s = settings
    trials = int(summary["trials"].max())
    selection = (
        "seeded region growing (reading realnet.selection = partition)"
        if s["selection"] == "partition"
        else "blocks dealt within realnet.similar's bands (reading realnet.selection = similar)"
    )
    return (
        f"Neville 2009 (Fig. 1(f)) and Wang 2011 (Fig. 3) on your network {name}: wvRN vs nBC (relaxation "
        f"labeling). The network is carved into {len(nets)} disjoint subnetworks by {selection}; each is held "
        f"out in turn, the better model handicapped to |Δacc| ≤ {s['tolerance']:g} on the others "
        f"({s['calibration_samples']} x {s['calibration_folds']}-fold NCV each) where a handicap can get there, then "
        f"{s['trials_per_network']} trials per held-out subnetwork with {s['samplers']['RS']} RS samples and "
        f"{s['samplers']['NCV']} NCV folds per trial. Left: Type I error (null true by calibration) against the "
        f"proportion labeled; right: power against the mean accuracy difference on the calibration splits at "
        f"propLabeled {s['power_prop_labeled']:g}, nBC handicapped by "
        f"{', '.join(f'{c:g}' for c in s['power_handicaps'])}. RS-C: Wang's corrected t on the RS samples. Solid: "
        f"paired t; dashed: unpaired. Bars: 95% Wilson intervals over {trials} pooled trials. "
        + calibration_note(cases, s["tolerance"])
        + " "
        + captions.gap_note(summary, [name], similar=True)
        + " "
        + network_statistics_text(nets)
        + ". "
        + scale_note(profile, "trials per held-out network", s["trials_per_network"], PAPER_NETWORK_TRIALS)
    )


def network_figure(summary: pd.DataFrame, nets: pd.DataFrame, name: str, alpha: float, tolerance: float | None = None):
    fig, (ax1, ax2) = plotting.new_figure(ncols=2)
    type1 = summary[summary["purpose"] == "type1"]
    power = summary[summary["purpose"] == "power"]
    for method in yours.NETWORK_LINES:
        style_method, test = _line_style(method)
        part = type1[type1["method"] == method]
        if len(part):
            plotting.rate_curve(ax1, part, "prop_labeled", method, style_method, test)
        part = power[power["method"] == method]
        if len(part):
            plotting.rate_curve(ax2, part, "calibration_difference", method, style_method, test)
    plotting.alpha_line(ax1, alpha)
    ax1.set(xlabel="Proportion labeled", ylabel="Rejection rate", title="Type I error", ylim=(0, 1.02))
    measured = power_measured(power, tolerance)
    ax2.set(
        xlabel="Mean accuracy difference (calibration)",
        title="Power" if measured else "Power: not measured (no difference created)",
    )
    ax1.title.set_fontsize(8)
    ax2.title.set_fontsize(8)
    ax1.legend(fontsize=6, loc="upper right")
    row = nets.iloc[0]
    fig.suptitle(
        f"Network tests on your network {name}: autocorrelation (phi) {row['network_autocorrelation']:.2f}, "
        f"P(+) {row['network_p_pos']:.2f}, mean degree {row['network_mean_degree']:.2f}",
        fontsize=9,
    )
    return fig


CASE_WORDS = {
    handicap.MET_TOLERANCE: "tolerance met",
    handicap.WITHIN_SAMPLING_ERROR: "gap within sampling error: no handicap",
    handicap.SMALLEST_GAP: "real gap, no handicap meets the tolerance: smallest gap",
}


def calibration_table(calibration: pd.DataFrame) -> pd.DataFrame:
    """The Type I calibrations, one row per held-out subnetwork and level, as text: both models'
    unhandicapped accuracy on the other subnetworks' splits, the gap's standard error, how the
    calibration ended, the model handicapped, its ``c`` and the difference left."""
    type1 = calibration[calibration["purpose"] == "type1"]
    se = type1.get("difference_unhandicapped_se", pd.Series(np.nan, index=type1.index))
    case = type1.get("calibration_case", pd.Series(handicap.MET_TOLERANCE, index=type1.index))
    return pd.DataFrame(
        {
            "held out": type1["held_out_name"],
            "propLabeled": type1["prop_labeled"].map("{:g}".format),
            "acc wvRN": type1["accuracy_wvrn_unhandicapped"].map("{:.3f}".format),
            "acc nBC": type1["accuracy_nbc_unhandicapped"].map("{:.3f}".format),
            "SE of the gap": se.map("{:.3f}".format),
            "calibration": case.map(CASE_WORDS),
            "handicapped": type1["handicapped"],
            "c": type1[["handicap_wvrn", "handicap_nbc"]].max(axis=1).map("{:.4f}".format),
            "Δacc left": type1["difference"].map("{:+.4f}".format),
        }
    )


def power_measured(power: pd.DataFrame, tolerance: float | None) -> bool:
    """Whether the power worlds created a real difference: nBC's handicaps left wvRN ahead by more
    than the calibration's tolerance somewhere (else every "power" is a Type I error in disguise)."""
    largest = power["calibration_difference"].max() if len(power) else np.nan
    return bool(np.isfinite(largest) and largest > (tolerance if tolerance is not None else 0.0))


def power_sentence(power: pd.DataFrame, tolerance: float | None) -> str:
    """The network report's power line: the rates at the largest difference, or why power was not
    measured (no handicap created a difference: both models near chance, say)."""
    largest = power["calibration_difference"].max() if len(power) else np.nan
    if not power_measured(power, tolerance):
        return (
            f"- Power was not measured: handicapping nBC created no real difference on the calibration splits "
            # (round(x, 3) or 0.0: a difference that rounds to zero prints as +0.000, not -0.000)
            f"(largest mean difference {round(largest, 3) or 0.0:+.3f}, not above the tolerance {tolerance or 0:g}) -- "
            "both models are "
            "near chance where the labels carry little autocorrelation, so there is no difference to detect."
        )
    top = power[power["calibration_difference"] == largest].set_index("method")["rate"]
    return (
        f"- Power at the largest difference ({largest:.3f}): "
        + ", ".join(f"{m} {top.get(m, float('nan')):.2f}" for m in ("RS-C paired", "NCV paired", "RS paired"))
        + " (RS's power means little where its Type I error is inflated)."
    )


def network_markdown(
    summary: pd.DataFrame,
    nets: pd.DataFrame,
    name: str,
    caption: str,
    alpha: float,
    tolerance: float | None = None,
    calibration: pd.DataFrame | None = None,
) -> str:
    type1 = summary[summary["purpose"] == "type1"]
    power = summary[summary["purpose"] == "power"]
    rows = []
    for method in yours.NETWORK_LINES:
        t = type1[type1["method"] == method].sort_values("prop_labeled")
        p = power[power["method"] == method].sort_values("calibration_difference")
        if not len(t):
            continue
        rows.append(
            {
                "method": method,
                **{f"Type I at {pl:g}": f"{r:.3f}" for pl, r in zip(t["prop_labeled"], t["rate"])},
                **{f"power at Δ {d:.3f}": f"{r:.3f}" for d, r in zip(p["calibration_difference"], p["rate"])},
            }
        )
    worst = {m: type1[type1["method"] == m]["rate"].max() for m in yours.NETWORK_LINES}
    low = {m: type1[type1["method"] == m]["rate_low"].max() for m in yours.NETWORK_LINES}
    lines = [
        f"- A resampled (RS) paired t-test on this network rejects a true null in up to {worst['RS paired']:.0%} "
        f"of trials (α = {alpha:g}): "
        + ("it would fool you." if low["RS paired"] > alpha else "no clear excess over α at this scale."),
        f"- RS-C (Wang's correction): Type I error up to {worst['RS-C paired']:.0%}; NCV: up to "
        f"{worst['NCV paired']:.0%}.",
        power_sentence(power, tolerance),
    ]
    gap = type1[type1["method"] == "NCV paired"].get("held_out_abs_gap")
    if tolerance is not None and gap is not None and gap.max() > 2 * tolerance:
        lines.append(
            f"- The handicap calibrated on the other subnetworks leaves a mean accuracy gap of up to "
            f"{gap.max():.3f} on the held-out one (tolerance {tolerance:g}; the subnetworks differ, or the "
            "trials are few), so part of every test's rejections may be true differences: compare the tests "
            "with each other rather than with α."
        )
    cases = yours.calibration_cases(calibration) if calibration is not None else None
    if cases is not None and (cases["case"] == handicap.WITHIN_SAMPLING_ERROR).any():
        n = int(cases.loc[cases["case"] == handicap.WITHIN_SAMPLING_ERROR, "calibrations"].iloc[0])
        lines.append(
            f"- In {n} of {int(cases['calibrations'].sum())} calibrations wvRN and nBC could not be told apart "
            "on the other subnetworks (gap within 2 standard errors), though no handicap brought their gap within "
            "the tolerance (both near chance, as on a network whose labels carry little autocorrelation; yours: "
            f"{nets['network_autocorrelation'].iloc[0]:.2f}): nothing was handicapped there. Rejections there come "
            "from the held-out subnetwork's own accuracy difference, which no calibration on the other subnetworks "
            "can remove, and a resampled t-test, whose samples overlap, is the most sensitive to it: compare RS "
            "with NCV rather than with α."
        )
    if cases is not None and (cases["case"] == handicap.SMALLEST_GAP).any():
        n = int(cases.loc[cases["case"] == handicap.SMALLEST_GAP, "calibrations"].iloc[0])
        lines.append(
            f"- In {n} of {int(cases['calibrations'].sum())} calibrations no handicap brought the models within "
            f"the tolerance although they differ: the handicap leaving the smallest gap was used (table below), "
            "so there the null does not hold and rejections include true differences."
        )
    calibration_part = (
        "\n## Calibration\n\nPer held-out subnetwork and level, on the other subnetworks' calibration splits "
        "(the SE is that of the mean paired difference over the splits):\n\n"
        + tables.markdown_table(calibration_table(calibration))
        if calibration is not None
        else ""
    )
    return tables.markdown_report(f"Network tests: {name}", caption, rows, lines) + "\n" + calibration_part


# a network's two chunks (the real-network study's, RN_PURPOSES in workflow/rules/realnet.smk), in
# the order the summary pools them
NETWORK_PURPOSES = ("type1", "power")


def _network_settings(config, wildcards: dict) -> dict:
    cfg, name = yours.settings(config, ("network",)), wildcards["netset"]
    return {"name": name, "spec": cfg["networks"][name], **cfg["network"]}


def _network(tables_in: dict, s: dict) -> Built:
    name, calibration, nets = s["name"], tables_in["calibration"], tables_in["networks"]
    summary = yours.network_summary(name, tables_in["chunks"], calibration)
    caption = network_caption(name, nets, summary, s, s["profile"], yours.calibration_cases(calibration))
    return Built(
        summary,
        figure=network_figure(summary, nets, name, s["alpha"], s["tolerance"]),
        markdown=network_markdown(summary, nets, name, caption, s["alpha"], s["tolerance"], calibration),
        details=caption,
    )


NETWORK = VIEWS.add(
    Artifact(
        "yours",
        "network_{netset}",
        "yours",
        "Network tests on your network (Neville 2009 Fig. 1(f), Wang 2011 Fig. 3)",
        reads={
            "chunks": Reads("yours_network_chunk", "chunk", lambda c: {"purpose": list(NETWORK_PURPOSES)}),
            "calibration": Reads("yours_network_calibration", "calibration"),
            "networks": Reads("yours_network_set", "networks"),
        },
        settings=_network_settings,
        about=numbers_only,
        build=_network,
        kinds=("md", "csv", "png", "pdf"),
        claims=False,
        wildcards={"netset": r"[a-z0-9_]+"},
        members=lambda c: [{"netset": name} for name in yours.settings(c, ())["networks"]],
        rule="yours_network",
    )
)


# ----------------------------------------------------------------------------- comparison of two classifiers

# the figure, caption and text: lib.views.yours_compare


def _compare_settings(config, wildcards: dict) -> dict:
    s = comparison.compare_settings(config)
    keys = ("trials", "fraction", "stratified", "differences", "power_difference", "alpha", "rope", "tolerance")
    return {
        "name": wildcards["dataset"],
        **{k: s[k] for k in (*keys, "calibration_draws", "classifiers", "estimators", "tie_rule")},
    }


def _compare(tables_in: dict, s: dict) -> Built:
    verdict, rates_table = tables_in["verdict"], tables_in["rates"]
    caption = yours_compare.compare_caption(
        s, verdict, rates_table, classifiers_text(s["classifiers"], s["estimators"], s["tie_rule"])
    )
    height, layout = yours_compare.compare_layout(len(set(zip(verdict["a"], verdict["b"]))), caption)
    return Built(
        verdict,
        figure=yours_compare.compare_figure(verdict, s["name"], s["alpha"], height),
        markdown=yours_compare.compare_markdown(verdict, s["name"], caption, s["alpha"], s["rope"]),
        details=caption,
        caption_layout=layout,
    )


COMPARE = VIEWS.add(
    Artifact(
        "yours",
        "compare_{dataset}",
        "yours",
        "Is A better than B on your data, and which test can you trust?",
        reads={table: Reads("compare_summary", table) for table in ("verdict", "rates")},
        settings=_compare_settings,
        about=numbers_only,
        build=_compare,
        kinds=("md", "csv", "png", "pdf"),
        claims=False,
        wildcards={"dataset": r"[a-z0-9][a-z0-9_-]*"},
        members=lambda c: [{"dataset": name} for name in comparison.compare_settings(c)["datasets"]],
        rule="yours_compare",
    )
)

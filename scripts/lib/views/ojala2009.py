"""Ojala & Garriga (2009), "Permutation Tests for Studying Classifier Performance": every
artifact, declared once (:mod:`lib.views.artifact`). The claims are in :mod:`lib.papers.ojala2009`."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..core import chunks
from ..core import tables as table_io
from ..data import datasets
from ..papers import ojala2009
from ..papers.claims import Evidence
from ..reporting import plotting
from ..studies import permutation_summaries
from .artifact import Artifact, Built, Reads, Views

VIEWS = Views("ojala2009")


# ---- permutation: table1, fig2, fig3, table2, table3 ----
STUDY = "permutation"
NAMES = ojala2009.CLASSIFIER_NAMES


def _declare(name: str, title: str, **declared) -> Artifact:
    """Declare one of the permutation study's artifacts (rule ``permutation_ojala2009_<name>``)."""
    return VIEWS.add(Artifact("ojala2009", name, STUDY, title, **declared))


def _permutation(config) -> dict:
    return config["permutation"]


def _classifiers(config) -> list:
    return _permutation(config)["uci"]["classifiers"]


def _errors(tables: dict) -> pd.DataFrame:
    """The study jobs' error rows, the original CVs' first, in the order the jobs are listed."""
    return pd.concat([*tables["original"], *tables["randomized"]], ignore_index=True)


def _mean_std(means, stds) -> list[str]:
    """A table's "Err. (Std)" cells."""
    return [f"{m:.2f} ({s:.2f})" for m, s in zip(means, stds)]


# Table I -------------------------------------------------------------------------------------
def _table1_about(s: dict) -> str:
    k, tie_rule = int(s["randomizations"]), s["tie_rule"]
    scale = (
        f"{plotting.scale_label(s['profile'])}: {k} randomizations per test."
        if plotting.scale_label(s["profile"])
        else f"{s['profile'].upper()} PROFILE: {k} randomizations per test (the paper uses "
        f"{ojala2009.RANDOMIZATIONS}); tolerances are wider."
    )
    return (
        "Ojala & Garriga 2009, Table I: 1-Nearest Neighbor, leave-one-out error on the toy data sets "
        "D1 and D2 of Figure 1 (16 x 8, nominal x/o; matrices recovered from the garbled text, see "
        "lib/studies/permutation.py), mean (std) of the error over the randomized data sets of Test 1 (permute "
        "labels) and Test 2 (permute columns within class), and the empirical p-value (Definition 1). "
        f"{scale} Deviations: "
        + (
            "1-NN ties go to the tied row that comes first in a fresh random order of the training rows "
            "per left-out row, as in Weka's cross-validation (trainCV shuffles them; tie_rule=shuffled)"
            if tie_rule == "shuffled"
            else f"1-NN ties go to the lowest training index (Weka IB1, tie_rule={tie_rule}) in the row "
            "order of Figure 1, not in Weka's shuffled order"
            if tie_rule == "first"
            else f"1-NN ties by vote (Weka IBk -K 1, tie_rule={tie_rule}), not IB1"
        )
        + "; Weka's random stream is not reproduced."
    )


def _table1(tables: dict, s: dict) -> Built:
    columns = ["orig_err", "t1_mean", "t1_std", "t1_p", "t2_mean", "t2_std", "t2_p"]
    rows = [
        {"dataset": r["dataset"], "source": source, **{c: v[c] for c in columns}}
        for _, r in tables["study"].iterrows()
        for source, v in (("reproduced", r), ("paper", ojala2009.TABLE1[r["dataset"]]))
    ]
    frame = pd.DataFrame(rows)
    k = int(s["randomizations"])
    frame = frame.assign(randomizations=np.where(frame.source == "paper", ojala2009.RANDOMIZATIONS, k))
    shown = pd.DataFrame(
        {
            "Dataset": frame["dataset"],
            "Source": frame["source"],
            "Orig. Err.": frame["orig_err"].map("{:.2f}".format),
            "Test 1 Err. (Std)": _mean_std(frame.t1_mean, frame.t1_std),
            "Test 1 p val.": frame["t1_p"].map("{:.3f}".format),
            "Test 2 Err. (Std)": _mean_std(frame.t2_mean, frame.t2_std),
            "Test 2 p val.": frame["t2_p"].map("{:.3f}".format),
        }
    )
    markdown = "# Ojala & Garriga 2009, Table I\n\n" + _table1_about(s) + "\n\n" + table_io.markdown_table(shown)
    evidence = Evidence({"summary": frame, "d1_flips": tables["d1_flips"]})
    return Built(frame, evidence, markdown=markdown)


TABLE1 = _declare(
    "table1",
    "Table I: Test 1 and Test 2 on the toy data D1 and D2 (1-NN, leave-one-out)",
    reads={
        "study": Reads("permutation_table1_study", "table"),
        "d1_flips": Reads("permutation_table1_study", "d1_flips"),
    },
    settings=lambda config: {
        "randomizations": _permutation(config)["table1"]["randomizations"],
        "tie_rule": _permutation(config)["tie_rule"],
    },
    about=_table1_about,
    build=_table1,
    kinds=("md", "csv"),
)


# Figure 2 ------------------------------------------------------------------------------------
FIG2_MARKERS = ["o", "s", "^"]
FIG2_COLORS = ["#0072B2", "#D55E00", "#009E73"]


def _fig2(tables: dict, s: dict) -> Built:
    points = tables["shown"]
    names = points.drop_duplicates("class_index").sort_values("class_index")["class"].tolist()
    fig, axes = plotting.new_figure(ncols=4)
    for ax, (title, panel) in zip(axes, points.groupby("panel", sort=False)):
        for c, name in enumerate(names):
            sel = panel[panel["class_index"] == c]
            ax.scatter(
                sel["petal_length_cm"].to_numpy(),
                sel["petal_width_cm"].to_numpy(),
                s=9,
                marker=FIG2_MARKERS[c],
                facecolors="none",
                edgecolors=FIG2_COLORS[c],
                linewidths=0.7,
                label=name,
            )
        ax.set(xlabel="Petal length in cm", title=title)
        ax.title.set_fontsize(8)
    axes[0].set_ylabel("Petal width in cm")
    axes[0].legend(fontsize=6.5, loc="upper left")
    shown = points.drop(columns="class_index")
    evidence = Evidence({"summary": shown, "errors": tables["errors"], "correlations": tables["correlations"]})
    return Built(shown, evidence, figure=fig)


FIG2 = _declare(
    "fig2",
    "Figure 2: Iris, the original data and one randomized version of each kind",
    reads={name: Reads("permutation_fig2_study", name) for name in ("shown", "errors", "correlations")},
    settings=lambda config: {},
    about=lambda s: (
        "Ojala & Garriga 2009, Figure 2: Iris (Weka's iris.arff), petal length vs petal width, original data "
        "and one randomized version each: full permutation (every column permuted over all rows), Test 1 "
        "(labels permuted) and Test 2 (each column permuted within each class). One seeded draw each, so the "
        "scatter differs from the paper's draw; the profile does not change this figure "
        f"(profile: {s['profile']})."
    ),
    build=_fig2,
)


# Figure 3 ------------------------------------------------------------------------------------
FIG3_ORDER = ("j48", "nb", "1nn", "smo")  # the paper's panels
TEST_STYLE = {1: dict(marker="x", color="#D55E00"), 2: dict(marker="o", color="#0072B2")}


def _fig3_settings(config) -> dict:
    perm = _permutation(config)
    return {
        **{key: perm["fig3"][key] for key in ("randomizations", "repetitions", "points_per_class", "folds")},
        "alpha": perm["alpha"],
        "tie_rule": perm["tie_rule"],
        "classifiers": _classifiers(config),
        "rejection": perm["fig3_rejection"],
    }


#: The caption's words for the reading permutation.fig3_rejection: what "rejected" means in the claims
FIG3_REJECTION = {
    "mean_p": "Rejected (the claims): the mean of the original CVs' empirical p-values <= α (Sec. V's rule; "
    "reading permutation.fig3_rejection = mean_p).",
    "caption_band": "Rejected (the claims): the first original CV's error outside the test's [1%, 99%] bar (the "
    "caption's rule, one CV as in Sec. IV; reading permutation.fig3_rejection = caption_band); the line is "
    "that CV's error.",
}


def _fig3_about(s: dict) -> str:
    k, reps = int(s["randomizations"]), int(s["repetitions"])
    per_class, folds = int(s["points_per_class"]), int(s["folds"])
    return (
        f"Ojala & Garriga 2009, Figure 3: {per_class} points from N((1,0), [[1,ρ],[ρ,1]]) (+1) and {per_class} "
        f"from N((-1,0), same) (-1); line: stratified {folds}-fold CV error of the original data "
        + (f"(mean of {reps} CV repetitions)" if s["rejection"] == "mean_p" else "(the first of the CV repetitions)")
        + "; × Test 1 and ○ Test 2: mean error over the randomized data sets with "
        "the [1%, 99%] quantile bar. "
        + FIG3_REJECTION[s["rejection"]]
        + " "
        + plotting.profile_note(s["profile"], k, ojala2009.RANDOMIZATIONS, unit="randomizations")
        + " DEVIATIONS: J48 = Weka J48 re-implemented (lib/models/c45.py); SMO: "
        + "Weka's SMO re-implemented (lib/models/smo.py; Weka's predictions in our cross-check); "
        + f"1-NN: IB1 ties, tie_rule={s['tie_rule']}; NB: Weka's estimator exactly; every randomized "
        "data set gets a fresh stratified CV; one data set per ρ shared by all classifiers and tests."
        + "".join(
            f" {NAMES[c]}: not run (not in permutation.uci.classifiers)." for c in NAMES if c not in s["classifiers"]
        )
    )


def _fig3(tables: dict, s: dict) -> Built:
    rejection = s["rejection"]
    summary = permutation_summaries.fig3_summary(_errors(tables), rejection=rejection)
    line = "orig_mean" if rejection == "mean_p" else "orig_first"  # the error the rule judges
    order = [c for c in FIG3_ORDER if c in set(summary.classifier)]
    fig, axes = plotting.new_figure(ncols=4)  # one panel per classifier, in the paper's order
    for ax, clf in zip(axes, order):
        part = summary[summary.classifier == clf].sort_values("rho")
        ax.plot(part.rho, part[line], color="0.15", linewidth=1.3, label="e(f, D)")
        for t, dx in ((1, -0.012), (2, 0.012)):
            m = part[f"t{t}_mean"].to_numpy()
            ax.errorbar(
                part.rho + dx,
                m,
                yerr=[m - part[f"t{t}_q01"], part[f"t{t}_q99"] - m],
                fmt="none",
                ecolor=TEST_STYLE[t]["color"],
                elinewidth=0.8,
                capsize=1.5,
            )
            ax.scatter(
                part.rho + dx, m, s=12, label=f"Test {t}", **TEST_STYLE[t], **({"facecolors": "none"} if t == 2 else {})
            )
        ax.set(xlabel="Correlation", title=NAMES[clf], ylim=(0, 0.65))
        ax.title.set_fontsize(8)
    for ax in axes[len(order) :]:  # classifiers not configured: no empty panels
        ax.set_visible(False)
    axes[0].set_ylabel("Classification error")
    axes[0].legend(fontsize=6.5, loc="upper left")
    evidence = Evidence({"summary": summary}, {"alpha": float(s["alpha"]), "rejection": rejection})
    return Built(summary, evidence, figure=fig)


FIG3 = _declare(
    "fig3",
    "Figure 3: CV error and the tests' [1%, 99%] null bands against the correlation ρ",
    reads={
        "original": Reads("permutation_fig3_original", "errors", lambda c: {"classifier": _classifiers(c)}),
        "randomized": Reads(
            "permutation_fig3_randomized",
            "errors",
            lambda c: chunks.randomized_jobs(_permutation(c)["fig3"], _classifiers(c)),
        ),
    },
    settings=_fig3_settings,
    about=_fig3_about,
    build=_fig3,
)


# Tables II and III ---------------------------------------------------------------------------
# Table II = decision tree, Table III = 1-NN (Sec. V); each also checks the prose claims about the
# other classifiers, so both read every UCI job.
UCI_ORDER, UCI_COLUMNS = list(ojala2009.UCI_DATASETS), ojala2009.UCI_COLUMNS
# each p-value's 5-95 % range over fold draws (NaN without further original CVs): the csv keeps it
# and the significance claims judge by it
SPREAD = [f"t{t}_p_{end}" for t in (1, 2) for end in ("low", "high")]
# The caption's words for the reading permutation.uci_files: which files are Anneal and Segment
# (lib.data.datasets.ojala_file)
FILES = {
    "uci": ", except the UCI repository's files for Anneal (anneal.ORIG.arff, '?' a missing value) and "
    "Segment (the 210-row segmentation.data), reading permutation.uci_files = uci",
    "weka": ", Anneal and Segment included (Weka's anneal.arff and segment.arff; reading permutation.uci_files = weka)",
}


def _uci(config) -> dict:
    return _permutation(config)["uci"]


def _uci_settings(table: str):
    def settings(config) -> dict:
        perm, uci = _permutation(config), _uci(config)
        return {
            "table": table,
            "alpha": perm["alpha"],
            "tie_rule": perm["tie_rule"],
            **{key: uci[key] for key in ("datasets", "classifiers", "randomizations", "repetitions", "folds", "files")},
            "reduced_randomizations": uci.get("reduced_randomizations"),
            "pool": uci["p_spread_repetitions"],
        }

    return settings


def _uci_planned(s: dict) -> pd.DataFrame:
    """The randomisations per test each configured (data set, classifier) runs (lib.core.chunks),
    as the columns of the jobs' summary that lib.papers.ojala2009.reduced_note reads."""
    return pd.DataFrame(
        [
            {"dataset": d, "classifier": c, "randomizations": chunks.randomizations_of(s, c, d)}
            for d in s["datasets"]
            for c in s["classifiers"]
        ]
    )


def _tie_words(tie_rule: str) -> str:
    return (
        "ties to the tied row first in a fresh random order of the training rows per fold and CV run, "
        "as Weka's crossValidateModel gives IB1 (tie_rule=shuffled)"
        if tie_rule == "shuffled"
        else f"ties to the lowest training index (tie_rule={tie_rule})"
        if tie_rule == "first"
        else f"ties by vote (IBk -K 1, tie_rule={tie_rule})"
    )


def _uci_about(s: dict) -> str:
    table, alpha = s["table"], float(s["alpha"])
    clf = ojala2009.UCI_TABLES[table]["classifier"]
    clf_name = NAMES[clf]
    if clf not in s["classifiers"]:  # the table's own classifier was not configured: an empty table
        return f"{clf_name} ({clf}) {ojala2009.MISSING}: this table is empty."
    k, reps, pool = int(s["randomizations"]), int(s["repetitions"]), int(s["pool"])
    n_run = len([d for d in UCI_ORDER if d in s["datasets"]])
    subset = (
        "" if n_run == len(UCI_ORDER) else f" Only {n_run} of the paper's {len(UCI_ORDER)} data sets are configured."
    )
    floor = (
        ""
        if 1 / (k + 1) <= alpha
        else f" The smallest attainable p-value is {1 / (k + 1):.3f}, so no "
        f"result can be significant at α = {alpha:g} and the significance claims fail by construction."
    )
    reduced = ojala2009.reduced_note(_uci_planned(s), k, alpha)
    subset += f" {reduced}" if reduced else ""
    scale = (
        f"{plotting.scale_label(s['profile'])}: {k} randomizations per test, {reps} repetitions of the original "
        f"CV.{subset}{floor}"
        if plotting.scale_label(s["profile"])
        else f"{s['profile'].upper()} PROFILE: {k} randomizations per test (the paper uses "
        f"{ojala2009.RANDOMIZATIONS}), {reps} "
        f"repetition(s) of the original CV (the paper uses {ojala2009.CV_REPETITIONS}).{subset}{floor}"
    )
    return (
        f"{ojala2009.uci_title(table)}: {clf_name}, stratified {int(s['folds'])}-fold CV error on the original "
        "data (mean over the repetitions), mean (std) of the error over the randomized data sets of Test 1 and "
        "Test 2, and the empirical p-value averaged over the repetitions of the "
        f"original CV (Sec. V). Bold: not significant at α = {alpha:g}. "
        + (
            f"In brackets, each p-value's 5-95 % range over fold draws (the mean of {reps} of "
            f"{pool} original CVs); a claim whose range straddles α is unstable at α. "
            if pool > reps
            else ""
        )
        + f"{scale} Deviations: "
        + (
            "J48 = Weka J48 -C 0.25 -M 2 re-implemented (lib/models/c45.py; trees identical to Weka 3.6.14's on "
            "the 22 data sets in our cross-check); the SVM statement uses "
            "Weka's SMO re-implemented (lib/models/smo.py; Weka's predictions in our cross-check)"
            if clf == "j48"
            else "1-NN = Weka IB1 distance, "
            + _tie_words(s["tie_rule"])
            + ", normalisation ranges from the whole data set"
        )
        + "; folds from our seeded stratification, not Weka's random stream; each randomized data set gets a "
        f"fresh stratified CV; data sets are the Weka ARFF files (lib/data/datasets.yaml){FILES[s['files']]}."
    )


def _p_cell(alpha: float, p, low=float("nan"), high=float("nan")) -> str:
    """A p-value, bold when not significant at ``alpha``, with its range over fold draws if known."""
    shown = f"{p:.3f}" if p <= alpha else f"**{p:.3f}**"
    return shown if pd.isna(low) or pd.isna(high) else f"{shown} [{low:.3f}, {high:.3f}]"


def _cv_sd(errors: pd.DataFrame, classifier: str) -> pd.Series:
    """Per data set: the standard deviation of one original CV's error over the fold draws the jobs
    ran (every original CV, the table's and the further ones of ``p_spread_repetitions``; NaN for
    one CV), which the original-error claims' tolerance derives from
    (``lib.papers.ojala2009.orig_tolerance``)."""
    original = errors[(errors["kind"] == "original") & (errors["classifier"] == classifier)]
    return original.groupby("dataset", sort=False)["error"].std(ddof=1)


def _uci_table(tables: dict, s: dict) -> Built:
    table, alpha = s["table"], float(s["alpha"])
    clf = ojala2009.UCI_TABLES[table]["classifier"]
    errors = pd.concat(tables["original"], ignore_index=True)
    summary = tables["summary"]
    run = [d for d in UCI_ORDER if d in set(summary.dataset)]  # the configured data sets, paper order
    markdown = f"# {ojala2009.uci_title(table)}\n\n{_uci_about(s)}\n"
    keys = ["dataset", "classifier", "repetitions", "randomizations"]
    if clf not in set(summary.classifier):
        out = pd.DataFrame(columns=keys + UCI_COLUMNS + SPREAD + ["orig_cv_sd"])
    else:
        ours = summary[summary.classifier == clf].set_index("dataset").reindex(run)
        paper = ojala2009.uci_paper_table(table).reindex(run)
        out = ours.reset_index()[keys + UCI_COLUMNS + SPREAD]
        out["orig_cv_sd"] = _cv_sd(errors, clf).reindex(run).to_numpy()
        out["paper_name"] = [datasets.get(d).paper_name for d in run]
        for c in UCI_COLUMNS:
            out[f"paper_{c}"] = paper[c].to_numpy()
        shown = pd.DataFrame(
            {
                "Dataset": out.paper_name,
                "Orig. Err.": out.orig.map("{:.2f}".format),
                "Test 1 Err. (Std)": _mean_std(out.t1_mean, out.t1_std),
                "Test 1 p val.": [_p_cell(alpha, *v) for v in zip(out.t1_p, out.t1_p_low, out.t1_p_high)],
                "Test 2 Err. (Std)": _mean_std(out.t2_mean, out.t2_std),
                "Test 2 p val.": [_p_cell(alpha, *v) for v in zip(out.t2_p, out.t2_p_low, out.t2_p_high)],
                "Paper Orig. / p1 / p2": [
                    f"{o:.2f} / {a:.3f} / {b:.3f}" for o, a, b in zip(out.paper_orig, out.paper_t1_p, out.paper_t2_p)
                ],
            }
        )
        markdown += "\n" + table_io.markdown_table(shown)
    evidence = Evidence(
        {"summary": out, "classifiers": summary}, {"alpha": alpha, "randomizations": int(s["randomizations"])}
    )
    return Built(out, evidence, markdown=markdown)


UCI_READS = {
    "summary": Reads("permutation_uci_summary", "summary"),
    "original": Reads(
        "permutation_uci_original",
        "errors",
        lambda c: {"dataset": _uci(c)["datasets"], "classifier": _classifiers(c)},
    ),
}
UCI_ARTIFACTS = {
    table: _declare(
        table,
        f"Table {ojala2009.UCI_TABLES[table]['numeral']}: {what} on the UCI data sets, Tests 1 and 2",
        reads=UCI_READS,
        settings=_uci_settings(table),
        about=_uci_about,
        build=_uci_table,
        kinds=("md", "csv"),
    )
    for table, what in (
        ("table2", "decision tree (and the SVM statement)"),
        ("table3", "1-NN (and the naive Bayes statement)"),
    )
}

"""Raeder, Forman & Chawla (2012), "Learning from Imbalanced Data: Evaluation Matters": every
artifact, declared once (:mod:`lib.views.artifact`). Table 1 from the data, Figure 2(a)-(g) (a
metric against % of the minority removed, 10-fold and 5x2 CV, NB / J48 / SMO), the Sec. 3.2
"Summary" as a rankings table, Figure 3 (negatives needed) and the Section 4 numbers. The claims
are in :mod:`lib.papers.raeder2012`."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..core import tables as table_io
from ..data import datasets
from ..evaluation import auc_statistics, rankings
from ..papers import raeder2012
from ..papers.claims import Evidence
from ..reporting import plotting
from ..studies import imbalance
from .artifact import Artifact, Built, Reads, Views

VIEWS = Views("raeder2012")
STUDY = "imbalance"
SCHEMES = raeder2012.SCHEMES


def _imbalance(config) -> dict:
    return config["imbalance"]


def _cv_tables(config) -> dict:
    return {"dataset": _imbalance(config)["datasets"]}


#: the CV jobs' tables of the selected reading imbalance.metric_aggregation (per test fold, or on
#: each CV run's pooled test-fold scores); every CV job writes both
CV_TABLES = {
    "per_fold": Reads("imbalance_cv", "per_fold", _cv_tables),
    "pooled": Reads("imbalance_cv", "pooled", _cv_tables),
}


# ---- Table 1 ------------------------------------------------------------------------------------
def _table1(tables: dict, settings: dict) -> Built:
    built = set(settings["datasets"])
    counts = tables["counts"].set_index("registry_name")
    rows = []
    for name in datasets.names():
        ds = datasets.get(name)
        if ds.used_by != datasets.RAEDER or ds.paper_table1 is None:
            continue
        t1 = ds.paper_table1
        row = {
            "dataset": ds.paper_name,
            "registry_name": name,
            "examples": None,
            "features": None,
            "minority": None,
            "percent": None,
            "paper_examples": t1["examples"],
            "paper_features": t1["features"],
            "paper_minority": t1["minority"],
            "paper_percent": t1["percent"],
        }
        if not ds.public:
            row["status"] = "not public"
        elif name not in built:
            row["status"] = (
                "not built offline (unpinned large download)" if not ds.pinned else "not in config imbalance.datasets"
            )
        else:
            row.update(counts.loc[name].to_dict(), status=raeder2012.COMPUTED)
        rows.append(row)
    table = pd.DataFrame(rows).sort_values("dataset", key=lambda s: s.str.lower(), kind="stable")
    shown = table.fillna("—").astype(str).replace({r"\.0$": ""}, regex=True)
    by_name = shown.set_index("registry_name")  # the counts the deviations name, as the table shows them
    covtype = datasets.get("covtype")
    markdown = (
        "# Raeder et al. (2012) Table 1, computed from the data\n\n"
        "Columns without prefix are computed from the verified raw files (minority = the class(es) "
        "named in the registry, as in the chapter's Table 1); `paper_*` are as printed. Profile: "
        f"{settings['profile']} (the table does not depend on it). Deviations: five biology/finance/"
        f"drug data sets are not public; Covtype ({covtype.paper_table1['examples']:,}-row subsample of a "
        f"{covtype.shape[0]:,}-row download) is not built offline; Breast-W has "
        f"{by_name.loc['breast-w', 'minority']} malignant rows (printed {by_name.loc['breast-w', 'paper_minority']}); "
        f"Mammography has {by_name.loc['mammography', 'minority']} minority rows (printed "
        f"{by_name.loc['mammography', 'paper_minority']}, which disagrees with its own "
        f"{by_name.loc['mammography', 'paper_percent'].rstrip('%')} %).\n\n" + table_io.markdown_table(shown)
    )
    return Built(table, Evidence({"summary": table}), markdown=markdown)


TABLE1 = VIEWS.add(
    Artifact(
        "raeder2012",
        "table1",
        STUDY,
        "Table 1: the data sets",
        reads={"counts": Reads("imbalance_dataset_counts", "counts")},
        settings=lambda config: {"datasets": _imbalance(config)["datasets"]},
        about=lambda s: (
            "Raeder et al. 2012, Table 1: examples, features, minority count and % computed from the verified raw "
            f"files, next to the printed values; {len(s['datasets'])} data sets built. Non-public data sets are rows "
            "marked 'not public' and Covtype 'not built offline'."
        ),
        build=_table1,
        kinds=("md", "csv"),
    )
)


# ---- Figure 2 -----------------------------------------------------------------------------------
PANELS = {
    "fig2a": "auc",
    "fig2b": "h_measure",
    "fig2c": "f1",
    "fig2d": "precision_at_{k}",
    "fig2e": "brier",
    "fig2f": "accuracy",
    "fig2g": "pr_break_even",
}
LABEL = {
    "auc": "AUC",
    "h_measure": "H-measure (Beta(2,2))",
    "f1": "F-measure (F1 at 0.5)",
    "brier": "Brier score",
    "accuracy": "Accuracy (at 0.5)",
    "pr_break_even": "PR break-even",
}
STYLE = {
    "J48": dict(color="#0072B2", marker="o"),
    "NB": dict(color="#D55E00", marker="s"),
    "SMO": dict(color="#009E73", marker="^"),
}


def metric_label(metric: str) -> str:
    return LABEL[metric] if metric in LABEL else f"Precision @ top {metric.rsplit('_', 1)[1]}"


def _cv_folds(tables: dict, settings: dict) -> pd.DataFrame:
    return pd.concat(tables[settings["aggregation"]], ignore_index=True)


def _fig2_settings(panel: str):
    def settings(config) -> dict:
        imb = _imbalance(config)
        return {
            "panel": panel,
            "metric": PANELS[panel].format(k=imb["precision_k"]),
            "datasets": imb["datasets"],
            "removed_percent": imb["removed_percent"],
            "tenfold": imb["tenfold"],
            "fivebytwo": imb["fivebytwo"],
            "aggregation": imb["metric_aggregation"],
            "platt_folds": imb["platt_folds"],
            "j48_pruning": imb["j48_pruning"],
        }

    return settings


def _fig2_about(s: dict) -> str:
    pooled = s["aggregation"] == "pooled"
    t10, t52 = s["tenfold"], s["fivebytwo"]
    scale = (
        f"{t10['evaluated']} of {t10['folds']} test folds of 10-fold CV and {t52['repeats']} of the "
        "5 repetitions of 2-fold CV per dataset and level"
    )
    note = (
        plotting.scale_label(s["profile"]) + ": " + scale + "."
        if plotting.scale_label(s["profile"])
        else f"{s['profile'].upper()} PROFILE: only "
        + scale
        + " (the paper: all 10 and all 5), at removal levels "
        + ", ".join(f"{x:g}" for x in sorted(s["removed_percent"]))
        + " % (the paper: 0, 5, ..., 50); curves are noisy."
    )
    aggregation = (
        "the per-dataset mean over CV runs of the metric computed on each run's pooled test-fold "
        "scores (10-fold: one run; 5x2: five 2-fold runs)"
        if pooled
        else "the per-dataset mean of the metric over test folds"
    )
    platt = imbalance.platt_description(s["platt_folds"])
    return (
        f"Mean over {len(s['datasets'])} public datasets of {aggregation}. {len(s['datasets'])} OF THE PAPER'S "
        "20 DATASETS: Boundary, Calmodoulin, Compustat, E-State and PhosS are not public and "
        "Covtype is not built offline. Minority removed (nested, seeded) before stratified splitting; same "
        "splits for every classifier. NB = Weka NaiveBayes clone; J48 = Weka "
        f"{imbalance.j48_description(s['j48_pruning'])} (re-implemented); SMO = Weka SMO -M (re-implemented: "
        "C=1, normalised, "
        f"linear kernel) with its logistic model fitted to {platt}. PR-BEP: interpolated curve (precision at "
        "k = #positives). " + note
    )


def _fig2(tables: dict, s: dict) -> Built:
    panel, metric = s["panel"], s["metric"]
    folds = _cv_folds(tables, s)
    keys = ["scheme", "classifier", "removed_percent"]
    per_dataset = folds.groupby(["dataset", *keys]).mean(numeric_only=True).reset_index()
    metrics = [c for c in folds.columns if c in LABEL or c.startswith("precision_at_")]
    mean = per_dataset.groupby(keys)[metrics].mean()
    sd = per_dataset.groupby(keys)[metric].std(ddof=1)
    n_sets = per_dataset.groupby(keys)["dataset"].nunique()
    # rows averaged per data set and level: test folds (per_fold) or pooled CV runs (pooled)
    n_rows = folds.groupby(["dataset", *keys]).size().groupby(keys).first()
    pooled = s["aggregation"] == "pooled"
    out = pd.DataFrame(
        {
            "value": mean[metric],
            "sd_over_datasets": sd,
            "datasets": n_sets,
            "pooled_runs_per_dataset" if pooled else "test_folds_per_dataset": n_rows,
        }
    ).reset_index()
    out.insert(0, "metric", metric)

    label = metric_label(metric)
    fig, axes = plotting.new_figure(ncols=2)
    for ax, scheme in zip(axes, SCHEMES):
        for clf in sorted(set(out["classifier"])):
            part = mean.loc[(scheme, clf)][metric].sort_index()
            ax.plot(
                part.index.to_numpy(),
                part.to_numpy(),
                label=clf,
                linewidth=1.4,
                markersize=4,
                **STYLE.get(clf, {}),
            )
        ax.set(title=f"{scheme}", xlabel="% of positives removed")
    axes[0].set_ylabel(label)
    axes[0].legend(fontsize=7)
    fig.suptitle(f"Raeder et al. 2012 Fig. 2({panel[-1]}): {label}", fontsize=9)

    # every metric's curve, for the claims that compare the panel's metric with another one
    curves = mean.reset_index().melt(id_vars=keys, var_name="metric", value_name="value")
    evidence = Evidence({"summary": out, "curves": curves, "per_dataset": per_dataset[["dataset", *keys, *metrics]]})
    return Built(out, evidence, figure=fig)


FIG2 = {
    panel: VIEWS.add(
        Artifact(
            "raeder2012",
            panel,
            STUDY,
            f"Figure 2({panel[-1]}): one metric vs % of the minority removed",
            reads=CV_TABLES,
            settings=_fig2_settings(panel),
            about=_fig2_about,
            build=_fig2,
        )
    )
    for panel in PANELS
}


# ---- Sec. 3.2 "Summary": rankings --------------------------------------------------------------
def _rankings(tables: dict, s: dict) -> Built:
    k = s["precision_k"]
    # the chapter's Summary per metric (lib.papers.raeder2012); also which metrics are ranked, in its order
    statements = raeder2012.ranking_statements(k)
    folds = _cv_folds(tables, s)
    metrics = [m for m in statements if m in folds.columns]
    keys = ["scheme", "classifier", "removed_percent"]
    per_dataset = folds.groupby(["dataset", *keys])[metrics].mean().reset_index()
    by_level = per_dataset.groupby(keys)[metrics].mean().reset_index()
    overall = by_level.groupby(["scheme", "classifier"])[metrics].mean().reset_index()
    means = pd.concat(
        [overall.assign(level="all"), by_level.rename(columns={"removed_percent": "level"})], ignore_index=True
    )
    means["level"] = means["level"].astype(str)
    table = rankings.ranking_table(means, metrics)

    levels = sorted(by_level["removed_percent"].unique())
    lo, hi = str(levels[0]), str(levels[-1])
    flips = rankings.flips(table, "all")
    moved = rankings.level_flips(table, lo, hi)
    at_all = table[table["level"] == "all"].set_index(["metric", "scheme"])
    schemes = list(dict.fromkeys(table["scheme"]))
    summary = pd.DataFrame(
        [
            {"metric": m, **{sc: at_all.loc[(m, sc), "ranking"] for sc in schemes}, "paper (Sec. 3.2)": statements[m]}
            for m in metrics
        ]
    )
    scale = (
        plotting.scale_label(s["profile"]).lower()
        if plotting.scale_label(s["profile"])
        else f"{s['profile'].upper()} PROFILE: fewer scored folds, removal levels "
        + ", ".join(map(str, levels))
        + " % only; rankings with small gaps may differ at paper scale"
    )
    md = [
        f"# Raeder et al. 2012, Sec. 3.2: classifier rankings by metric and CV scheme ({scale})",
        "",
        f"Mean over {per_dataset['dataset'].nunique()} public datasets and all removal levels of "
        + (
            "each data set's mean over CV runs of the metric on the run's pooled test-fold scores"
            if s["aggregation"] == "pooled"
            else "each data set's mean of the metric over test folds"
        )
        + "; best first (Brier: lowest first). Per-level rankings are in rankings.csv. "
        f"Readings: {s['readings']}.",
        "",
        table_io.markdown_table(summary),
        f"## Rankings that flip (mean over levels): {len(flips)} pairs",
        "",
        table_io.markdown_table(flips) if len(flips) else "none\n",
        f"## Winner at {lo} % vs {hi} % of positives removed: {len(moved)} changes",
        "",
        table_io.markdown_table(moved) if len(moved) else "none\n",
    ]
    evidence = Evidence({"summary": table, "per_dataset": per_dataset}, {"precision_k": k})
    return Built(table, evidence, markdown="\n".join(md))


RANKINGS = VIEWS.add(
    Artifact(
        "raeder2012",
        "rankings",
        STUDY,
        'Sec. 3.2 "Summary": rankings by metric and CV scheme',
        reads=CV_TABLES,
        settings=lambda config: {
            "precision_k": _imbalance(config)["precision_k"],
            "aggregation": _imbalance(config)["metric_aggregation"],
        },
        about=lambda s: (
            'Raeder et al. 2012, Sec. 3.2 "Summary" as a table: how each metric and each CV scheme ranks NB, J48 '
            "and SMO (mean over the data sets, over all removal levels and per level), and which rankings flip."
        ),
        build=_rankings,
        kinds=("md", "csv"),
    )
)


# ---- Figure 3 -----------------------------------------------------------------------------------
MIN_POS = 100  # the chapter's minimum of positives (Sec. 4, "Effect of Sample Size")


def _fig3(tables: dict, s: dict) -> Built:
    t1 = tables["table1"]
    built = t1[t1.status == "computed from data"].copy()
    built["negatives"] = built["examples"] - built["minority"]
    # a dataset with N negatives supports x = 100 / (100 + N) when it has at least 100 positives
    built["min_percent_positives"] = np.where(
        built["minority"] >= MIN_POS, 100 * MIN_POS / (MIN_POS + built["negatives"]), np.nan
    )
    x = np.geomspace(0.1, 5, 200)  # percent positives
    need = MIN_POS * (100 - x) / x
    curve = pd.DataFrame({"kind": "curve", "dataset": "", "percent_positives": x, "negatives": need})
    marks = pd.DataFrame(
        {
            "kind": "dataset",
            "dataset": built["dataset"],
            "percent_positives": built["min_percent_positives"],
            "negatives": built["negatives"],
        }
    )
    table = pd.concat([curve, marks], ignore_index=True)

    fig, ax = plotting.new_figure()
    ax.plot(x, need, color="0.2", label=f"{MIN_POS}·(1−x)/x")
    shown = marks.dropna()
    ax.scatter(
        shown["percent_positives"],
        shown["negatives"],
        color="#D55E00",
        s=14,
        zorder=3,
        label="our datasets (greatest supported imbalance)",
    )
    for row in shown.itertuples():
        ax.annotate(
            row.dataset, (row.percent_positives, row.negatives), fontsize=5.5, xytext=(3, 2), textcoords="offset points"
        )
    ax.set(xscale="log", xlabel="percent positives", ylabel="negatives required", title="Raeder et al. 2012 Fig. 3")
    ax.set_xticks([0.1, 0.25, 0.5, 1, 2.5, 5], ["0.1%", "0.25%", "0.5%", "1%", "2.5%", "5%"])
    ax.legend(fontsize=7)
    skipped = ", ".join(built.loc[built["minority"] < MIN_POS, "dataset"]) or "none"
    details = (
        "OTHER DATASETS MARKED: the paper marks its larger text/UCI sets (la1+la2, ohscal, optdigits, letter); "
        f"ours are the {len(built)} "
        f"public Table 1 sets (fewer than {MIN_POS} positives, not marked: {skipped}). Profile: "
        f"{s['profile']} (no sampling)."
    )
    evidence = Evidence({"summary": table, "table1": t1}, {"min_positives": MIN_POS})
    return Built(table, evidence, figure=fig, details=details)


FIG3 = VIEWS.add(
    Artifact(
        "raeder2012",
        "fig3",
        STUDY,
        "Figure 3: negatives needed for x % positives",
        reads={"table1": Reads(TABLE1.rule, "csv")},
        settings=lambda config: {},
        about=lambda s: (
            f"Minimum negatives for x % positives with at least {MIN_POS} positives (exact curve). Points: for "
            "each public dataset of this project, its negatives at the greatest imbalance it supports, "
            f"{MIN_POS}/({MIN_POS}+N)."
        ),
        build=_fig3,
    )
)


# ---- Section 4 ----------------------------------------------------------------------------------
def _sec4(tables: dict, s: dict) -> Built:
    table = tables["summary"]
    sd, crit = table[table["quantity"] == "sd_auc"], table[table["quantity"] == "critical_auc"]
    replications, null_replications = int(sd["replications"].iloc[0]), int(crit["replications"].iloc[0])
    A = imbalance.SECTION4_AUC
    null = imbalance.SECTION4_NULL
    p1, p0 = null["n_pos"], null["n_neg"]
    sd_columns = [
        "test_set",
        "closed_form_binormal",
        "simulated",
        "paper",
        "ratio_closed_form",
        "paper_ratio",
        "closed_form_exponential",
    ]
    md = [
        "# Raeder et al. (2012) Section 4",
        "",
        f"SD of AUC, fixed classifier with mean AUC {A} (equal-variance binormal scores); "
        f"simulation with {replications} test sets per row; profile {s['profile']}.",
        "",
        table_io.markdown_table(sd[sd_columns].round(4).astype(object).fillna("—")),
        "",
        f"Critical AUC of random classifiers, {p1} positives : {p0} negatives "
        f"(simulation: {null_replications} replicates).",
        "",
        table_io.markdown_table(
            crit[["reading", "exact", "normal", "simulated", "paper"]].round(4).astype(object).fillna("—")
        ),
        "",
    ]

    fig, (left, right) = plotting.new_figure(ncols=2)
    n_pos = np.arange(5, 201)
    for n0, color in ((500, "#D55E00"), (5000, "#0072B2")):
        left.plot(n_pos, auc_statistics.auc_sd(A, n_pos, n0), color=color, label=f"{n0} negatives (closed form)")
        part = sd[sd.n_neg == n0]
        left.scatter(part["n_pos"], part["simulated"], color=color, zorder=3, s=18)
        left.scatter(part["n_pos"], part["paper"], color=color, marker="x", s=30, zorder=4)
    left.set(
        xscale="log",
        yscale="log",
        xlabel="positives in test set",
        ylabel="SD of AUC (mean AUC 0.95)",
        title="Test variance",
    )
    left.legend(fontsize=6.5)
    fig.axes[1].remove()
    right = fig.add_subplot(1, 2, 2)
    values, pmf = auc_statistics.null_auc_distribution(p1, p0)
    right.plot(values, pmf / (values[1] - values[0]), color="0.3", linewidth=1)
    for r, style in zip(crit.itertuples(), ("--", ":", "-.")):
        right.axvline(r.exact, color="#009E73", linestyle=style, label=f"{r.reading}: {r.exact:.3f}")
    right.axvline(null["paper_critical_auc"], color="#D55E00", linewidth=0.8, label="paper 0.654")
    right.set(
        xlim=(0.35, 0.7), xlabel="AUC of a random classifier (50:1000)", ylabel="density", title="Null hypothesis"
    )
    right.legend(fontsize=6)
    details = (
        "The printed critical AUC 0.654 matches a per-test level of 1e-4 (e.g. best of 100 random classifiers "
        f"at p = 0.01), not a single test at p = 0.01 ({crit['exact'].iloc[0]:.3f}). "
        f"Simulation: {replications} test sets per point, {null_replications} null replicates"
        + ("." if plotting.scale_label(s["profile"]) else f" ({s['profile'].upper()} PROFILE).")
    )
    evidence = Evidence({"summary": table}, {"critical_auc": s["critical_auc"]})
    return Built(table, evidence, figure=fig, markdown="\n".join(md), details=details)


SEC4 = VIEWS.add(
    Artifact(
        "raeder2012",
        "sec4",
        STUDY,
        "Section 4: test variance and the null hypothesis",
        reads={"summary": Reads("imbalance_section4", "section4")},
        settings=lambda config: {"critical_auc": _imbalance(config)["critical_auc"]},
        about=lambda s: (
            "Raeder et al. 2012 Sec. 4 ('Test Variance', 'Null Hypothesis'). Left: lines closed form "
            "(Hanley-McNeil variance with exact binormal Q1, Q2), dots simulation, crosses printed values. "
            "Right: exact permutation distribution of AUC under H0."
        ),
        build=_sec4,
        kinds=("pdf", "png", "csv", "md"),
    )
)

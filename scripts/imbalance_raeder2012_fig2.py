"""Rule script: one panel of Raeder et al. (2012) Figure 2: a metric averaged over datasets
against % of minority examples removed, one line per classifier, 10-fold and 5x2 CV side by
side; with the chapter's qualitative statements about that panel as claims."""

import pandas as pd

from lib.core import runlog, tables
from lib.papers import raeder2012
from lib.papers.claims import Evidence
from lib.reporting import plotting
from lib.studies import imbalance

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
SCHEMES = raeder2012.SCHEMES

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], f"raeder2012_{sm.params.panel}") as log:
    panel, metric = sm.params.panel, sm.params.metric
    folds = pd.concat([pd.read_csv(f) for f in sm.input.chunks], ignore_index=True)
    keys = ["scheme", "classifier", "removed_percent"]
    per_dataset = folds.groupby(["dataset", *keys]).mean(numeric_only=True).reset_index()
    metrics = [c for c in folds.columns if c in LABEL or c.startswith("precision_at_")]
    mean = per_dataset.groupby(keys)[metrics].mean()
    sd = per_dataset.groupby(keys)[metric].std(ddof=1)
    n_sets = per_dataset.groupby(keys)["dataset"].nunique()
    # rows averaged per data set and level: test folds (per_fold) or pooled CV runs (pooled)
    n_rows = folds.groupby(["dataset", *keys]).size().groupby(keys).first()
    pooled = sm.params.aggregation == "pooled"
    out = pd.DataFrame(
        {
            "value": mean[metric],
            "sd_over_datasets": sd,
            "datasets": n_sets,
            "pooled_runs_per_dataset" if pooled else "test_folds_per_dataset": n_rows,
        }
    ).reset_index()
    out.insert(0, "metric", metric)
    tables.write_csv(out, sm.output.csv)

    def curve(scheme, clf):
        part = mean.loc[(scheme, clf)][metric].sort_index()
        return part.index.to_numpy(), part.to_numpy()

    classifiers = sorted(set(out["classifier"]))
    label = LABEL[metric] if metric in LABEL else f"Precision @ top {metric.rsplit('_', 1)[1]}"
    fig, axes = plotting.new_figure(ncols=2)
    for ax, scheme in zip(axes, SCHEMES):
        for clf in classifiers:
            x, v = curve(scheme, clf)
            ax.plot(x, v, label=clf, linewidth=1.4, markersize=4, **STYLE.get(clf, {}))
        ax.set(title=f"{scheme}", xlabel="% of positives removed")
    axes[0].set_ylabel(label)
    axes[0].legend(fontsize=7)
    fig.suptitle(f"Raeder et al. 2012 Fig. 2({panel[-1]}): {label}", fontsize=9)
    t10, t52 = sm.params.tenfold, sm.params.fivebytwo
    scale = (
        f"{t10['evaluated']} of {t10['folds']} test folds of 10-fold CV and {t52['repeats']} of the "
        "5 repetitions of 2-fold CV per dataset and level"
    )
    note = (
        "Paper scale: " + scale + "."
        if sm.params.profile == "paper"
        else f"{sm.params.profile.upper()} PROFILE: only "
        + scale
        + " (the paper: all 10 and all 5), at removal levels "
        + ", ".join(f"{x:g}" for x in sorted(out["removed_percent"].unique()))
        + " % (the paper: 0, 5, ..., 50); curves are noisy."
    )
    aggregation = (
        "the per-dataset mean over CV runs of the metric computed on each run's pooled test-fold "
        "scores (10-fold: one run; 5x2: five 2-fold runs)"
        if pooled
        else "the per-dataset mean of the metric over test folds"
    )
    platt = imbalance.platt_description(sm.params.platt_folds)
    plotting.add_caption(
        fig,
        (
            f"Mean over {int(n_sets.max())} public datasets of {aggregation}. The paper "
            "averages 20 datasets: Boundary, Calmodoulin, Compustat, E-State and PhosS are not public and "
            "Covtype is not built offline. Minority removed (nested, seeded) before stratified splitting; same "
            "splits for every classifier. NB = Weka NaiveBayes clone; J48 = Weka "
            f"{imbalance.j48_description(sm.params.j48_pruning)} (re-implemented); SMO = Weka SMO -M (re-implemented: "
            "C=1, normalised, "
            f"linear kernel) with its logistic model fitted to {platt}. PR-BEP: interpolated curve (precision at "
            f"k = #positives). Readings: {sm.params.readings}. " + note
        ),
    )
    plotting.save(fig, sm.output.pdf, sm.output.png)

    # every metric's curve, for the claims that compare the panel's metric with another one
    curves = mean.reset_index().melt(id_vars=keys, var_name="metric", value_name="value")
    evidence = Evidence({"summary": out, "curves": curves, "per_dataset": per_dataset[["dataset", *keys, *metrics]]})
    claims = raeder2012.PAPER.evaluate(panel, evidence, sm.params.profile)
    tables.write_csv(claims, sm.output.claims)
    log.info("%d claims", len(claims))

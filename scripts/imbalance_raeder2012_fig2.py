"""Rule script: one panel of Raeder et al. (2012) Figure 2: a metric averaged over datasets
against % of minority examples removed, one line per classifier, 10-fold and 5x2 CV side by
side; with the chapter's qualitative statements about that panel as claims."""
import numpy as np
import pandas as pd

from lib.core import runlog, tables
from lib.reporting import plotting, scorecard
from lib.studies import imbalance

LABEL = {"auc": "AUC", "h_measure": "H-measure (Beta(2,2))", "f1": "F-measure (F1 at 0.5)",
         "brier": "Brier score", "accuracy": "Accuracy (at 0.5)", "pr_break_even": "PR break-even"}
STYLE = {"J48": dict(color="#0072B2", marker="o"), "NB": dict(color="#D55E00", marker="s"),
         "SMO": dict(color="#009E73", marker="^")}
SCHEMES = ("10-fold", "5x2")
RANGED = ("auc", "h_measure", "f1", "pr_break_even")  # higher-is-better metrics compared by range

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
    out = pd.DataFrame({"value": mean[metric], "sd_over_datasets": sd, "datasets": n_sets,
                        "pooled_runs_per_dataset" if pooled else "test_folds_per_dataset": n_rows}).reset_index()
    out.insert(0, "metric", metric)
    tables.write_csv(out, sm.output.csv)

    def curve(scheme, clf, m=metric):
        part = mean.loc[(scheme, clf)][m].sort_index()
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
    scale = (f"{t10['evaluated']} of {t10['folds']} test folds of 10-fold CV and {t52['repeats']} of the "
             "5 repetitions of 2-fold CV per dataset and level")
    note = ("Paper scale: " + scale + "." if sm.params.profile == "paper" else
            "QUICK PROFILE: only " + scale + " (the paper: all 10 and all 5), at removal levels "
            + ", ".join(f"{x:g}" for x in sorted(out["removed_percent"].unique()))
            + " % (the paper: 0, 5, ..., 50); curves are noisy.")
    aggregation = ("the per-dataset mean over CV runs of the metric computed on each run's pooled test-fold "
                   "scores (10-fold: one run; 5x2: five 2-fold runs)" if pooled else
                   "the per-dataset mean of the metric over test folds")
    platt = imbalance.platt_description(sm.params.platt_folds)
    plotting.add_caption(fig, (
        f"Mean over {int(n_sets.max())} public datasets of {aggregation}. The paper "
        "averages 20 datasets: Boundary, Calmodoulin, Compustat, E-State and PhosS are not public and "
        "Covtype is not built offline. Minority removed (nested, seeded) before stratified splitting; same "
        "splits for every classifier. NB = Weka NaiveBayes clone; J48 = Weka J48 -A (pruned C4.5 -C 0.25 -M 2 "
        "with Laplace leaf estimates, re-implemented); SMO = Weka SMO -M (re-implemented: C=1, normalised, "
        f"linear kernel) with its logistic model fitted to {platt}. PR-BEP: interpolated curve (precision at "
        f"k = #positives). Readings: {sm.params.readings}. " + note))
    plotting.save(fig, sm.output.pdf, sm.output.png)

    # ---- claims from the chapter's text (Sec. 3.2) --------------------------------------------
    book = scorecard.ClaimBook("raeder2012", panel, sm.params.profile)

    def change(scheme, clf, m=metric):
        _, v = curve(scheme, clf, m)
        return v[-1] - v[0]

    def trend(m, sign, who, text, paper):
        d = {f"{s}/{c}": change(s, c, m) for s in SCHEMES for c in who}
        ok = all(sign * v > 0 for v in d.values())
        book.add(text, paper, f"sign of (50 % removed - 0 % removed) for every curve",
                 "; ".join(f"{k}: {v:+.3f}" for k, v in d.items()), ok)

    def spread(m):
        """Range of the curve over removal levels, averaged over classifiers and schemes."""
        return float(np.mean([np.ptp(curve(s, c, m)[1]) for s in SCHEMES for c in classifiers]))

    def level_mean(scheme, clf, m=metric):
        return float(np.mean(curve(scheme, clf, m)[1]))

    def best(scheme, m=metric, higher=True):
        vals = {c: level_mean(scheme, c, m) for c in classifiers}
        return (max if higher else min)(vals, key=vals.get), vals

    def roughness(scheme, clf, m=metric):
        _, v = curve(scheme, clf, m)
        return float(np.mean(np.abs(np.diff(v, 2))))

    declines = "declines as imbalance increases (every classifier, both CV schemes)"
    if metric == "auc":
        trend(metric, -1, classifiers, "AUC " + declines, "'AUC consistently drops as the imbalance increases'")
        others = {m: spread(m) for m in metrics if m != "auc" and (m in RANGED or m.startswith("precision_at_"))}
        book.add("AUC changes much less over the removal levels than the other ranking/threshold metrics",
                 "'AUC does not change nearly as much as one might expect'",
                 "range of AUC curves below that of H-measure, F1, P@20 and PR-BEP",
                 f"AUC {spread('auc'):.3f}; " + "; ".join(f"{m} {v:.3f}" for m, v in others.items()),
                 all(spread("auc") < v for v in others.values()))
        b, vals = best("5x2")
        book.add("With 5x2 CV, NB has the highest AUC", "NB best under 5x2",
                 "highest mean over removal levels", "; ".join(f"{c} {v:.4f}" for c, v in vals.items()), b == "NB")
        _, vals = best("10-fold")
        gap = abs(vals.get("J48", np.nan) - vals.get("NB", np.nan))
        book.add("With 10-fold CV, J48 and NB tie on AUC", "'a tie between J48 and NB' under 10-fold",
                 "|J48 - NB| <= 0.01 (mean over levels)", f"|J48 - NB| = {gap:.4f}", gap <= 0.01)
    elif metric == "h_measure":
        trend(metric, -1, classifiers, "H-measure " + declines, "'The H-measure declines with the increasing class skew'")
        book.add("H-measure varies more over the removal levels than AUC",
                 "'demonstrates a higher variance than AUC'", "mean range of the curves, H > AUC",
                 f"H {spread('h_measure'):.3f}, AUC {spread('auc'):.3f}", spread("h_measure") > spread("auc"))
    elif metric == "f1":
        trend(metric, -1, classifiers, "F-measure " + declines, "'F-measure ... rapidly drops'")
        gap = max(abs(level_mean("10-fold", c) - level_mean("5x2", c)) for c in classifiers)
        book.add("F-measure: 10-fold and 5x2 CV are indistinguishable",
                 "'Both 10-fold and 5x2 are indistinguishable'",
                 "|10-fold - 5x2| <= 0.02 per classifier (mean over levels)", f"max gap {gap:.3f}", gap <= 0.02)
        book.add("F-measure varies more over the removal levels than AUC",
                 "'F-measure exhibited a greater variance as compared to AUC'", "mean range, F1 > AUC",
                 f"F1 {spread('f1'):.3f}, AUC {spread('auc'):.3f}", spread("f1") > spread("auc"))
    elif metric.startswith("precision_at_"):
        trend(metric, -1, classifiers, "Precision @ 20 " + declines, "'the performance generally drops across imbalance'")
        for scheme, who in (("10-fold", "J48"), ("5x2", "NB")):
            b, vals = best(scheme)
            book.add(f"Precision @ 20 with {scheme} CV: {who} dominates", f"{who} best under {scheme}",
                     "highest mean over removal levels", "; ".join(f"{c} {v:.3f}" for c, v in vals.items()), b == who)
    elif metric == "brier":
        trend(metric, -1, [c for c in classifiers if c != "NB"], "Brier score of J48 and SMO decreases as imbalance increases",
              "'For J48 and SMO, as imbalance increases the loss decreases'")
        for scheme in SCHEMES:
            b, vals = best(scheme, higher=True)
            book.add(f"NB has the worst (highest) Brier score ({scheme})", "'NB emerged as the weakest classifier'",
                     "highest mean over removal levels", "; ".join(f"{c} {v:.4f}" for c, v in vals.items()), b == "NB")
    elif metric == "accuracy":
        trend(metric, +1, classifiers, "Accuracy increases with imbalance (every classifier, both CV schemes)",
              "'As expected, accuracy increases with imbalance'")
    elif metric == "pr_break_even":
        trend(metric, -1, [c for c in classifiers if c != "J48"], "PR-BEP of NB and SMO declines as imbalance increases",
              "'NB and SMO generally decline in performance'")
        r = {(s, c): roughness(s, c) for s in SCHEMES for c in classifiers}
        text = "; ".join(f"{s}/{c} {v:.4f}" for (s, c), v in r.items())
        book.add("PR-BEP of J48 is the most erratic curve (10-fold)", "'J48's performance is tremendously erratic'",
                 "mean |second difference| over levels: J48 > NB and SMO under 10-fold", text,
                 all(r[("10-fold", "J48")] > r[("10-fold", c)] for c in classifiers if c != "J48"))
        book.add("PR-BEP of J48 is more erratic under 10-fold than under 5x2", "'especially under 10-fold cross-validation'",
                 "mean |second difference|: 10-fold > 5x2 for J48",
                 f"10-fold {r[('10-fold', 'J48')]:.4f}, 5x2 {r[('5x2', 'J48')]:.4f}",
                 r[("10-fold", "J48")] > r[("5x2", "J48")])
    tables.write_csv(book.frame(), sm.output.claims)
    log.info("%d claims", len(book.claims))

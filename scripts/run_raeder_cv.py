"""Rule script: Raeder et al. (2012) Sec. 3 on one dataset: remove 0-50 % of the minority class
(nested, seeded), then stratified 10-fold CV and 5x2 CV with the same splits for every
classifier; per test fold, the seven Figure 2 metrics of NB, J48 (Laplace leaves) and SMO
(Platt). Only the first `evaluated` folds of 10-fold and the first `repeats` of the five 2-fold
repetitions are evaluated (the quick profile evaluates fewer); the partitions themselves are
always drawn in full, so a quick run's folds are a subset of the paper-scale run's."""
import numpy as np
import pandas as pd

from lib import datasets, imbalance, runlog, sampling, seeding, tables, weka_like

CLASSIFIERS = {
    "NB": lambda spec: weka_like.NaiveBayesWeka(spec, 2),
    "J48": lambda spec: weka_like.J48Like(spec, laplace=True),
    "SMO": lambda spec: weka_like.SMOLike(spec, platt=True),
}

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "raeder2012_cv") as log:
    cfg = sm.params.study
    name = sm.wildcards.dataset
    data = datasets.load(name, "data/raw")
    X, y = data.X, data.y_minority.astype(int)
    rng = seeding.generator(sm.params.entropy)
    fractions = [p / 100 for p in cfg["removed_percent"]]
    kept = imbalance.remove_minority_nested(y, fractions, rng)
    rows = []
    for percent, keep in zip(cfg["removed_percent"], kept):
        Xk, yk = X[keep], y[keep]
        # draw every partition in full whatever is evaluated (same stream on every profile)
        schemes = {"10-fold": sampling.stratified_fold_of(rng, yk, cfg["tenfold"]["folds"], 1),
                   "5x2": sampling.stratified_fold_of(rng, yk, 2, 5)}
        tests = [("10-fold", 0, f) for f in range(sm.params.tenfold_evaluated)]
        tests += [("5x2", r, f) for r in range(sm.params.fivebytwo_repeats) for f in (0, 1)]
        for scheme, rep, fold in tests:
            test = schemes[scheme][rep] == fold
            for clf, make in CLASSIFIERS.items():
                if clf not in cfg["classifiers"]:
                    continue
                model = make(data.spec).fit(Xk[~test], yk[~test])
                score = model.predict_proba(Xk[test])[:, 1]
                metrics = imbalance.all_metrics(score, yk[test], k=cfg["precision_k"])
                rows.append({"dataset": name, "removed_percent": percent, "n_pos": int(yk.sum()),
                             "n_neg": int((1 - yk).sum()), "scheme": scheme, "repetition": rep,
                             "fold": fold, "classifier": clf, "test_pos": int(yk[test].sum()),
                             "test_n": int(test.sum()), **metrics})
        log.info("%s: %d%% removed, %d positives, %d rows so far", name, percent, yk.sum(), len(rows))
    tables.write_csv(pd.DataFrame(rows), sm.output[0])

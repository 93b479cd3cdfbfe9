"""Rule script: Ojala & Garriga 2009 Figure 2 -- Iris petal length vs petal width: original data
and one randomized version each for a full permutation of the data, Test 1 and Test 2."""
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy (lib/evaluation/permutation_tests.py docstring)

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from lib.core import runlog, seeding, tables  # noqa: E402
from lib.data import datasets
from lib.evaluation import permutation_tests as pm  # noqa: E402
from lib.reporting import plotting, scorecard

MARKERS = ["o", "s", "^"]
COLORS = ["#0072B2", "#D55E00", "#009E73"]
CHECK_RANDOMIZATIONS = 200  # for the claims: distribution over randomized versions, not one draw

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "ojala2009_fig2"):
    iris = datasets.load("iris", "data/raw")
    cols = [iris.feature_names.index("petallength"), iris.feature_names.index("petalwidth")]
    X, y = iris.X[:, cols], iris.y
    n = len(y)
    rng = seeding.generator(sm.params.entropy)
    full = pm.apply_within_class_permutations(X, pm.within_class_permutations(np.zeros(n, int), 2, 1, rng))[0]
    perm = pm.label_permutations(n, 1, rng)[0]
    t2 = pm.apply_within_class_permutations(X, pm.within_class_permutations(y, 2, 1, rng))[0]
    panels = [("Original data", X, y), ("Full permutation", full, y), ("Test 1 (permute labels)", X, y[perm]),
              ("Test 2 (permute columns per class)", t2, y)]
    tables.write_csv(pd.concat([pd.DataFrame({"panel": title, "class": np.asarray(iris.class_names)[lab],
                                              "petal_length_cm": D[:, 0], "petal_width_cm": D[:, 1]})
                                for title, D, lab in panels], ignore_index=True), sm.output.csv)

    fig, axes = plotting.new_figure(ncols=4)
    for ax, (title, D, lab) in zip(axes, panels):
        for c, name in enumerate(iris.class_names):
            sel = lab == c
            ax.scatter(D[sel, 0], D[sel, 1], s=9, marker=MARKERS[c], facecolors="none", edgecolors=COLORS[c],
                       linewidths=0.7, label=name)
        ax.set(xlabel="Petal length in cm", title=title)
        ax.title.set_fontsize(8)
    axes[0].set_ylabel("Petal width in cm")
    axes[0].legend(fontsize=6.5, loc="upper left")
    plotting.add_caption(fig, (
        "Ojala & Garriga 2009, Figure 2: Iris (Weka's iris.arff), petal length vs petal width, original data "
        "and one randomized version each: full permutation (every column permuted over all rows), Test 1 "
        "(labels permuted) and Test 2 (each column permuted within each class). One seeded draw each, so the "
        "scatter differs from the paper's draw; the profile does not change this figure "
        f"(profile: {sm.params.profile})."))
    plotting.save(fig, sm.output.pdf, sm.output.png)

    # Claims: 1-NN 10-fold CV error on the two plotted features (min-max scaled) of the randomized
    # versions, and the within-class correlation of petal length and width.
    Z = (X - X.min(axis=0)) / (X.max(axis=0) - X.min(axis=0))
    folds = pm.stratified_folds(y, 10, rng)
    k = CHECK_RANDOMIZATIONS
    e_orig = pm.nn1_cv_errors_test1(Z, y, folds, np.arange(n)[None])[0]
    e_t1 = pm.nn1_cv_errors_test1(Z, y, folds, pm.label_permutations(n, k, rng))
    idx2 = pm.within_class_permutations(y, 2, k, rng)
    e_t2 = pm.nn1_cv_errors_test2(Z, y, folds, idx2)
    idxf = pm.within_class_permutations(np.zeros(n, int), 2, k, rng)
    e_full = pm.nn1_cv_errors_test2(Z, y, folds, idxf)

    def within_corr(D):
        return np.array([np.corrcoef(D[y == c, 0], D[y == c, 1])[0, 1] for c in np.unique(y)])

    r_orig = within_corr(X)
    r_t2 = np.array([within_corr(D) for D in pm.apply_within_class_permutations(X, idx2)])
    book = scorecard.ClaimBook("ojala2009", "fig2", sm.params.profile)
    book.add("Test 2 preserves the class structure much better than Test 1 and the full permutation",
             "qualitative (Fig. 2)", f"mean 1-NN CV error on the plotted features over {k} randomizations: "
             "Test 2 <= original + 0.05, Test 1 and full permutation >= 0.3",
             f"original {e_orig:.3f}; Test 2 {e_t2.mean():.3f}; Test 1 {e_t1.mean():.3f}; full {e_full.mean():.3f}",
             e_t2.mean() <= e_orig + 0.05 and e_t1.mean() >= 0.3 and e_full.mean() >= 0.3)
    book.add("Petal length and width are positively correlated within classes; Test 2 removes it (Sec. V)",
             "qualitative", f"every class r > 0 originally; mean |r| over {k} Test 2 versions < 0.1",
             "original r per class " + ", ".join(f"{v:.2f}" for v in r_orig)
             + f"; Test 2 mean |r| {np.abs(r_t2).mean():.3f}",
             bool((r_orig > 0).all()) and np.abs(r_t2).mean() < 0.1)
    tables.write_csv(book.frame(), sm.output.claims)

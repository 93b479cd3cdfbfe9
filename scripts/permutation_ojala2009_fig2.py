"""Rule script: Ojala & Garriga 2009 Figure 2 -- Iris petal length vs petal width: original data
and one randomized version each for a full permutation of the data, Test 1 and Test 2, plus its
claims (lib.papers.ojala2009)."""

import numpy as np
import pandas as pd

from lib.core import runlog, seeding, tables
from lib.data import datasets
from lib.evaluation import permutation_tests as pm
from lib.papers import ojala2009
from lib.papers.claims import Evidence
from lib.reporting import plotting
from lib.studies import permutation

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
    panels = [
        ("Original data", X, y),
        ("Full permutation", full, y),
        ("Test 1 (permute labels)", X, y[perm]),
        ("Test 2 (permute columns per class)", t2, y),
    ]
    shown = pd.concat(
        [
            pd.DataFrame(
                {
                    "panel": title,
                    "class": np.asarray(iris.class_names)[lab],
                    "petal_length_cm": D[:, 0],
                    "petal_width_cm": D[:, 1],
                }
            )
            for title, D, lab in panels
        ],
        ignore_index=True,
    )
    tables.write_csv(shown, sm.output.csv)

    fig, axes = plotting.new_figure(ncols=4)
    for ax, (title, D, lab) in zip(axes, panels):
        for c, name in enumerate(iris.class_names):
            sel = lab == c
            ax.scatter(
                D[sel, 0],
                D[sel, 1],
                s=9,
                marker=MARKERS[c],
                facecolors="none",
                edgecolors=COLORS[c],
                linewidths=0.7,
                label=name,
            )
        ax.set(xlabel="Petal length in cm", title=title)
        ax.title.set_fontsize(8)
    axes[0].set_ylabel("Petal width in cm")
    axes[0].legend(fontsize=6.5, loc="upper left")
    plotting.add_caption(
        fig,
        (
            "Ojala & Garriga 2009, Figure 2: Iris (Weka's iris.arff), petal length vs petal width, original data "
            "and one randomized version each: full permutation (every column permuted over all rows), Test 1 "
            "(labels permuted) and Test 2 (each column permuted within each class). One seeded draw each, so the "
            "scatter differs from the paper's draw; the profile does not change this figure "
            f"(profile: {sm.params.profile})."
        ),
    )
    plotting.save(fig, sm.output.pdf, sm.output.png)

    # The claims read many randomized versions (the same generator, after the plotted draws)
    errors, correlations = permutation.fig2_statistics(X, y, CHECK_RANDOMIZATIONS, rng)
    evidence = Evidence({"summary": shown, "errors": errors, "correlations": correlations})
    tables.write_csv(ojala2009.PAPER.evaluate("fig2", evidence, sm.params.profile), sm.output.claims)

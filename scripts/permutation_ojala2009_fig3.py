"""Rule script: Ojala & Garriga 2009 Figure 3 -- stratified CV error against the within-class
correlation rho, with the [1%, 99%] bands of the Test 1 and Test 2 null errors, plus its claims
(lib.papers.ojala2009)."""

import pandas as pd

from lib.core import runlog, tables
from lib.papers import ojala2009
from lib.papers.claims import Evidence
from lib.reporting import plotting
from lib.studies import permutation

NAMES = ojala2009.CLASSIFIER_NAMES
TEST_STYLE = {1: dict(marker="x", color="#D55E00"), 2: dict(marker="o", color="#0072B2")}

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "ojala2009_fig3"):
    summary = permutation.fig3_summary(pd.concat([pd.read_csv(f) for f in sm.input.chunks], ignore_index=True))
    tables.write_csv(summary, sm.output.csv)

    order = [c for c in ("j48", "nb", "1nn", "smo") if c in set(summary.classifier)]
    fig, axes = plotting.new_figure(ncols=4)  # one panel per classifier, in the paper's order
    for ax, clf in zip(axes, order):
        s = summary[summary.classifier == clf].sort_values("rho")
        ax.plot(s.rho, s.orig_mean, color="0.15", linewidth=1.3, label="e(f, D)")
        for t, dx in ((1, -0.012), (2, 0.012)):
            m = s[f"t{t}_mean"].to_numpy()
            ax.errorbar(
                s.rho + dx,
                m,
                yerr=[m - s[f"t{t}_q01"], s[f"t{t}_q99"] - m],
                fmt="none",
                ecolor=TEST_STYLE[t]["color"],
                elinewidth=0.8,
                capsize=1.5,
            )
            ax.scatter(
                s.rho + dx, m, s=12, label=f"Test {t}", **TEST_STYLE[t], **({"facecolors": "none"} if t == 2 else {})
            )
        ax.set(xlabel="Correlation", title=NAMES[clf], ylim=(0, 0.65))
        ax.title.set_fontsize(8)
    for ax in axes[len(order) :]:  # classifiers not configured: no empty panels
        ax.set_visible(False)
    axes[0].set_ylabel("Classification error")
    axes[0].legend(fontsize=6.5, loc="upper left")
    k, reps = int(sm.params.randomizations), int(sm.params.repetitions)
    per_class, folds = int(sm.params.points_per_class), int(sm.params.folds)
    plotting.add_caption(
        fig,
        (
            f"Ojala & Garriga 2009, Figure 3: {per_class} points from N((1,0), [[1,ρ],[ρ,1]]) (+1) and {per_class} "
            f"from N((-1,0), same) (-1); line: stratified {folds}-fold CV error of the original data (mean of "
            f"{reps} CV repetitions); × Test 1 and ○ Test 2: mean error over the randomized data sets with "
            "the [1%, 99%] quantile bar. "
            + plotting.profile_note(sm.params.profile, k, ojala2009.RANDOMIZATIONS, unit="randomizations")
            + " Deviations: J48 = Weka J48 re-implemented (lib/models/c45.py); SMO: "
            + "Weka's SMO re-implemented (lib/models/smo.py; Weka's predictions in our cross-check); "
            + f"1-NN: IB1 ties, tie_rule={sm.params.tie_rule}; NB: Weka's estimator exactly; every randomized "
            "data set gets a fresh stratified CV; one data set per ρ shared by all classifiers and tests."
            + "".join(f" {NAMES[c]}: not run (not in permutation.uci.classifiers)." for c in NAMES if c not in order)
        ),
    )
    plotting.save(fig, sm.output.pdf, sm.output.png)

    tables.write_csv(
        ojala2009.PAPER.evaluate(
            "fig3", Evidence({"summary": summary}, {"alpha": float(sm.params.alpha)}), sm.params.profile
        ),
        sm.output.claims,
    )

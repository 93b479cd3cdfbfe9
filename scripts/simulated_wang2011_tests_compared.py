"""Rule script: every significance test of the simulated harness on one chart (beyond the
papers): rejection rate vs difference in error rates in Wang's setting, plus its claims (lib.papers.wang2011)."""

import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import sampling, summaries
from lib.papers import wang2011
from lib.papers.claims import Evidence
from lib.reporting import plotting
from lib.studies import simulated

sm = snakemake  # noqa: F821
# (label, sampler, test, house-style method, line style key)
LINES = [
    ("RS paired t", "RS", "paired_t", "RS", "paired_t"),
    ("RS unpaired t", "RS", "unpaired_t", "RS", "unpaired_t"),
    ("RS Wilcoxon", "RS", "wilcoxon", "RS", "wilcoxon"),
    ("RS Nadeau-Bengio", "RS", "nb_corrected_t", "NB-corrected", "paired_t"),
    ("RS-C paired", "RS", "rsc_paired", "RS-C", "paired_t"),
    ("RS-C unpaired", "RS", "rsc_unpaired", "RS-C", "unpaired_t"),
    ("NCV paired t", "NCV", "paired_t", "NCV", "paired_t"),
    ("NCV unpaired t", "NCV", "unpaired_t", "NCV", "unpaired_t"),
    ("5x2cv t (Dietterich)", "CV5x2", "dietterich_5x2cv", "5x2cv", "paired_t"),
    ("RS Bayesian corr. t", "RS", "bayes_correlated_t", "Bayes", "paired_t"),
]


def values(grid) -> str:
    return ", ".join(f"{v:g}" for v in grid)


def splits(samplers: dict) -> str:
    """'10 splits per method (RS, NCV)' for the resampling methods (5x2cv is fixed by its name)."""
    counts = {s: k for s, k in samplers.items() if s != "CV5x2"}
    if len(set(counts.values())) == 1:
        return f"{next(iter(counts.values()))} splits per method ({', '.join(counts)})"
    return ", ".join(f"{k} splits for {s}" for s, k in counts.items())


with runlog.logged(sm.log[0], "wang2011_tests_compared"):
    scenario, m = sm.params.scenario, sm.params.instances
    # Nadeau-Bengio's n_test/n_train for RS: the sizes the simulated study draws
    rs_sizes = ", ".join(f"{sampling.test_set_size(m, pl)}/{int(round(pl * m))}" for pl in scenario["prop_labeled"])
    summary = pd.read_csv(sm.input.summary)
    curves = {
        label: summaries.select(summary, sampler=s, test=t).sort_values("error_difference")
        for label, s, t, _, _ in LINES
    }
    shown = pd.concat([c.assign(method=label) for label, c in curves.items()], ignore_index=True)
    shown = shown[
        [
            "method",
            "sampler",
            "test",
            "prop_labeled",
            "error_difference",
            "rejections",
            "trials",
            "rate",
            "rate_low",
            "rate_high",
            "p_rope_bayes_correlated_t",
        ]
    ]
    tables.write_csv(shown, sm.output.csv)

    fig, ax = plotting.new_figure()
    fig.set_size_inches(6.4, 4.6)
    for label, _, _, method, style in LINES:
        plotting.rate_curve(ax, curves[label], "error_difference", label, method, style)
    plotting.alpha_line(ax, sm.params.alpha)
    ax.set(
        xlabel="Difference in error rates",
        ylabel="Rejection rate (Type I at 0, power > 0)",
        ylim=(0.0, 1.02),
        title="All tests on one harness (beyond the papers)",
    )
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=7)
    plotting.add_caption(
        fig,
        (
            "Group-based simulated classifiers, "
            + simulated.READING_TEXT[sm.params.reading]
            + f", m={m}, p={values(scenario['p_err'])}, q={values(scenario['q'])}, propLabeled "
            f"{values(scenario['prop_labeled'])}; {splits(scenario['samplers'])} and 5x2 cross-validation for "
            "Dietterich's test. Nadeau-Bengio "
            f"uses 1/J + n_test/n_train for the actual split sizes ({rs_sizes} for RS). Bayesian correlated t-test "
            "(Benavoli et al. 2017, the same correlation): rate of deciding a practical difference, posterior "
            "probability > 0.95 outside a rope of +-0.01 in error rate. Bars: 95% Wilson "
            "intervals. " + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]))
        ),
    )
    fig.subplots_adjust(right=0.68)
    plotting.save(fig, sm.output.pdf, sm.output.png)

    tables.write_csv(
        wang2011.PAPER.evaluate("tests_compared", Evidence({"summary": shown}), sm.params.profile), sm.output.claims
    )

"""Rule script: Wang et al. 2011 Figure 1(a) — Type I error vs proportion labeled for RS, NCV
and RS-C (paired tests), simulated classifiers (reading from config), plus its claims (lib.papers.wang2011)."""

import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.papers import wang2011
from lib.papers.claims import Evidence
from lib.reporting import plotting
from lib.studies import simulated

sm = snakemake  # noqa: F821
LINES = {"RS": ("RS", "paired_t"), "NCV": ("NCV", "paired_t"), "RS-C": ("RS", "rsc_paired")}
PAPER_TRIALS = 500  # "averaged over 500 (simulated) ... trials" (Sec. 5)


def values(grid) -> str:
    return ", ".join(f"{v:g}" for v in grid)


def splits(samplers: dict) -> str:
    counts = set(samplers.values())
    if len(counts) == 1:
        return f"{counts.pop()} splits for every method"
    return ", ".join(f"{k} splits for {sampler}" for sampler, k in samplers.items())


with runlog.logged(sm.log[0], "wang2011_fig1a"):
    scenario = sm.params.scenario
    summary = pd.read_csv(sm.input.summary)
    curves = summaries.method_curves(summary, LINES, "prop_labeled")
    shown = summaries.curves_table(
        curves,
        [
            "sampler",
            "test",
            "prop_labeled",
            "rejections",
            "trials",
            "rate",
            "rate_low",
            "rate_high",
            "rsc_q_a",
            "rsc_rho_a",
        ],
    )
    tables.write_csv(shown, sm.output.csv)

    fig, ax = plotting.new_figure()
    for name, part in curves.items():
        plotting.rate_curve(ax, part, "prop_labeled", name, name)
    plotting.alpha_line(ax, sm.params.alpha)
    ax.set(
        xlabel="Proportion Labeled",
        ylabel="Type I Error Rate",
        xlim=(0.0, 1.0),
        ylim=(0.0, 1.0),
        title="Wang et al. 2011, Fig. 1(a)",
    )
    ax.legend(loc="upper right")
    plotting.add_caption(
        fig,
        (
            "Type I error of paired tests vs proportion labeled; group-based simulated classifiers, "
            + simulated.READING_TEXT[sm.params.reading]
            + f", m={sm.params.instances}, p={values(scenario['p_err'])}, "
            f"q={values(scenario['q'])}, {splits(scenario['samplers'])}. RS-C: Wang's corrected paired t-test on the "
            "RS "
            "splits, with n, m, |L|, p, q, ρ estimated from the evaluation (q: mean error over the test sets "
            "containing "
            "an instance, averaged over instances that erred at least once). Bars: 95% Wilson intervals. "
            + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), PAPER_TRIALS)
        ),
    )
    plotting.save(fig, sm.output.pdf, sm.output.png)

    tables.write_csv(
        wang2011.PAPER.evaluate("fig1a", Evidence({"summary": shown}), sm.params.profile), sm.output.claims
    )

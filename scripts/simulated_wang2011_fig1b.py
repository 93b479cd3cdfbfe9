"""Rule script: Wang et al. 2011 Figure 1(b) — power vs difference in error rates at the
configured propLabeled for RS, NCV and RS-C (paired tests), plus its claims (lib.papers.wang2011)."""

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


with runlog.logged(sm.log[0], "wang2011_fig1b"):
    scenario = sm.params.scenario
    summary = pd.read_csv(sm.input.summary)
    curves = summaries.method_curves(summary, LINES, "error_difference")
    shown = summaries.curves_table(
        curves,
        [
            "sampler",
            "test",
            "prop_labeled",
            "error_difference",
            "rejections",
            "trials",
            "rate",
            "rate_low",
            "rate_high",
            "error_a",
            "error_b",
        ],
    )
    tables.write_csv(shown, sm.output.csv)

    fig, ax = plotting.new_figure()
    for name, part in curves.items():
        plotting.rate_curve(ax, part, "error_difference", name, name)
    plotting.alpha_line(ax, sm.params.alpha)
    ax.set(
        xlabel="Difference in error rates",
        ylabel="Rejection rate (power; Type I at 0)",
        ylim=(0.0, 1.02),
        title="Wang et al. 2011, Fig. 1(b)",
    )
    ax.legend(loc="lower right")
    plotting.add_caption(
        fig,
        (
            "Rejection rate of paired tests vs the difference between B's and A's error rates, "
            f"propLabeled {values(scenario['prop_labeled'])}, "
            + simulated.READING_TEXT[sm.params.reading]
            + f", m={sm.params.instances}, p={values(scenario['p_err'])}, q={values(scenario['q'])}. "
            "B keeps A's number of error-prone "
            "groups and q; its error outside them absorbs the difference (our choice: the paper does "
            "not say how B's error rate is raised). Bars: 95% Wilson intervals. "
            + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), PAPER_TRIALS)
        ),
    )
    plotting.save(fig, sm.output.pdf, sm.output.png)

    tables.write_csv(
        wang2011.PAPER.evaluate("fig1b", Evidence({"summary": shown}), sm.params.profile), sm.output.claims
    )

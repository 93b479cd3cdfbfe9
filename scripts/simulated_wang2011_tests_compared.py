"""Rule script: every significance test of the simulated harness on one chart (beyond the
papers): rejection rate vs difference in error rates, Wang's setting at propLabeled 0.3."""
import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.reporting import plotting, scorecard
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
with runlog.logged(sm.log[0], "wang2011_tests_compared"):
    summary = pd.read_csv(sm.input.summary)
    curves = {label: summaries.select(summary, sampler=s, test=t).sort_values("error_difference")
              for label, s, t, _, _ in LINES}
    shown = pd.concat([c.assign(method=label) for label, c in curves.items()], ignore_index=True)
    shown = shown[["method", "sampler", "test", "prop_labeled", "error_difference", "rejections",
                   "trials", "rate", "rate_low", "rate_high", "p_rope_bayes_correlated_t"]]
    tables.write_csv(shown, sm.output.csv)

    fig, ax = plotting.new_figure()
    fig.set_size_inches(6.4, 4.6)
    for label, _, _, method, style in LINES:
        plotting.rate_curve(ax, curves[label], "error_difference", label, method, style)
    plotting.alpha_line(ax, sm.params.alpha)
    ax.set(xlabel="Difference in error rates", ylabel="Rejection rate (Type I at 0, power > 0)",
           ylim=(0.0, 1.02), title="All tests on one harness (beyond the papers)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=7)
    plotting.add_caption(fig, (
        "Group-based simulated classifiers, " + simulated.READING_TEXT[sm.params.reading]
        + ", m=300, p=0.1, q=0.9, propLabeled 0.3; "
        "10 splits per method (RS, NCV) and 5x2 cross-validation for Dietterich's test. Nadeau-Bengio "
        "uses 1/J + n_test/n_train for the actual split sizes (210/90 for RS). Bayesian correlated t-test "
        "(Benavoli et al. 2017, the same correlation): rate of deciding a practical difference, posterior "
        "probability > 0.95 outside a rope of +-0.01 in error rate. Bars: 95% Wilson "
        "intervals. " + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]))))
    fig.subplots_adjust(right=0.68)
    plotting.save(fig, sm.output.pdf, sm.output.png)

    def null(label):
        return summaries.select(curves[label], error_difference=0.0).iloc[0]

    book = scorecard.ClaimBook("wang2011", "tests_compared", sm.params.profile)
    paired, nb = null("RS paired t"), null("RS Nadeau-Bengio")
    book.add("Nadeau-Bengio's correction lowers RS Type I error", "beyond the papers (Nadeau & Bengio 2003)",
             "NB interval wholly below the plain paired t interval",
             f"NB {scorecard.fmt_rate(nb['rate'], nb['rate_low'], nb['rate_high'])}, paired "
             f"{scorecard.fmt_rate(paired['rate'], paired['rate_low'], paired['rate_high'])}",
             nb["rate_high"] < paired["rate_low"])
    five = null("5x2cv t (Dietterich)")
    book.add("Dietterich's 5x2cv test below the RS paired t-test", "beyond the papers (Dietterich 1998)",
             "5x2cv interval wholly below the RS paired t interval",
             f"5x2cv {scorecard.fmt_rate(five['rate'], five['rate_low'], five['rate_high'])}",
             five["rate_high"] < paired["rate_low"])
    bayes = null("RS Bayesian corr. t")
    book.add("The Bayesian correlated t-test declares a practical difference at no true difference less often "
             "than the RS paired t rejects", "beyond the papers (Benavoli et al. 2017)",
             "Bayesian decision-rate interval wholly below the RS paired t interval",
             f"Bayesian {scorecard.fmt_rate(bayes['rate'], bayes['rate_low'], bayes['rate_high'])}",
             bayes["rate_high"] < paired["rate_low"])
    tables.write_csv(book.frame(), sm.output.claims)

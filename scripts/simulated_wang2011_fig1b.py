"""Rule script: Wang et al. 2011 Figure 1(b) — power vs difference in error rates at
propLabeled 0.3 for RS, NCV and RS-C (paired tests), plus scorecard claims."""
import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.reporting import plotting, scorecard
from lib.studies import simulated

sm = snakemake  # noqa: F821
LINES = {"RS": ("RS", "paired_t"), "NCV": ("NCV", "paired_t"), "RS-C": ("RS", "rsc_paired")}
with runlog.logged(sm.log[0], "wang2011_fig1b"):
    summary = pd.read_csv(sm.input.summary)
    curves = summaries.method_curves(summary, LINES, "error_difference")
    shown = pd.concat([c.assign(method=name) for name, c in curves.items()], ignore_index=True)
    shown = shown[["method", "sampler", "test", "prop_labeled", "error_difference", "rejections",
                   "trials", "rate", "rate_low", "rate_high", "error_a", "error_b"]]
    tables.write_csv(shown, sm.output.csv)

    fig, ax = plotting.new_figure()
    for name, part in curves.items():
        plotting.rate_curve(ax, part, "error_difference", name, name)
    plotting.alpha_line(ax, sm.params.alpha)
    ax.set(xlabel="Difference in error rates", ylabel="Rejection rate (power; Type I at 0)",
           ylim=(0.0, 1.02), title="Wang et al. 2011, Fig. 1(b)")
    ax.legend(loc="lower right")
    plotting.add_caption(fig, (
        "Rejection rate of paired tests vs the difference between B's and A's error rates, "
        "propLabeled 0.3, " + simulated.READING_TEXT[sm.params.reading] + ", m=300, p=0.1, q=0.9. "
        "B keeps A's number of error-prone "
        "groups and q; its error outside them absorbs the difference (our choice: the paper does "
        "not say how B's error rate is raised). Bars: 95% Wilson intervals. "
        + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), 500)))
    plotting.save(fig, sm.output.pdf, sm.output.png)

    def at(name, diff):
        row = summaries.select(curves[name], error_difference=diff)
        return row.iloc[0]

    book = scorecard.ClaimBook("wang2011", "fig1b", sm.params.profile)
    rsc4, ncv4, rs4 = at("RS-C", 0.04), at("NCV", 0.04), at("RS", 0.04)
    book.add("RS-C detects a 4% difference about 80% of the time", "0.80 (Sec. 5.1)",
             "95% interval meets [0.70, 0.90]", scorecard.fmt_rate(rsc4["rate"], rsc4["rate_low"], rsc4["rate_high"]),
             scorecard.overlaps(rsc4["rate_low"], rsc4["rate_high"], 0.70, 0.90))
    book.add("NCV detects a 4% difference about 20% of the time", "0.20 (Sec. 5.1)",
             "95% interval meets [0.10, 0.30]", scorecard.fmt_rate(ncv4["rate"], ncv4["rate_low"], ncv4["rate_high"]),
             scorecard.overlaps(ncv4["rate_low"], ncv4["rate_high"], 0.10, 0.30))
    book.add("RS-C has more power than NCV", "RS-C > NCV (Sec. 5.1)", "at 4%: RS-C interval wholly above NCV's",
             f"RS-C {rsc4['rate']:.3f}, NCV {ncv4['rate']:.3f}", rsc4["rate_low"] > ncv4["rate_high"])
    positive = [d for d in curves["RS"]["error_difference"] if d > 0]
    highest = all(at("RS", d)["rate_high"] >= max(at("RS-C", d)["rate_low"], at("NCV", d)["rate_low"])
                  for d in positive)
    book.add("RS has the highest power overall", "RS highest (Sec. 5.1)",
             "RS never significantly below RS-C or NCV at a positive difference",
             f"at 4%: RS {rs4['rate']:.3f}, RS-C {rsc4['rate']:.3f}, NCV {ncv4['rate']:.3f}", highest)
    tables.write_csv(book.frame(), sm.output.claims)

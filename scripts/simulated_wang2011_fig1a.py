"""Rule script: Wang et al. 2011 Figure 1(a) — Type I error vs proportion labeled for RS, NCV
and RS-C (paired tests), simulated classifiers (reading from config), plus scorecard claims."""
import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.reporting import plotting, scorecard
from lib.studies import simulated

sm = snakemake  # noqa: F821
LINES = {"RS": ("RS", "paired_t"), "NCV": ("NCV", "paired_t"), "RS-C": ("RS", "rsc_paired")}
with runlog.logged(sm.log[0], "wang2011_fig1a"):
    summary = pd.read_csv(sm.input.summary)
    curves = summaries.method_curves(summary, LINES, "prop_labeled")
    shown = pd.concat([c.assign(method=name) for name, c in curves.items()], ignore_index=True)
    shown = shown[["method", "sampler", "test", "prop_labeled", "rejections", "trials", "rate",
                   "rate_low", "rate_high", "rsc_q_a", "rsc_rho_a"]]
    tables.write_csv(shown, sm.output.csv)

    fig, ax = plotting.new_figure()
    for name, part in curves.items():
        plotting.rate_curve(ax, part, "prop_labeled", name, name)
    plotting.alpha_line(ax, sm.params.alpha)
    ax.set(xlabel="Proportion Labeled", ylabel="Type I Error Rate", xlim=(0.0, 1.0), ylim=(0.0, 1.0),
           title="Wang et al. 2011, Fig. 1(a)")
    ax.legend(loc="upper right")
    plotting.add_caption(fig, (
        "Type I error of paired tests vs proportion labeled; group-based simulated classifiers, "
        + simulated.READING_TEXT[sm.params.reading] + ", m=300, p=0.1, q=0.9, 10 splits for "
        "every method. RS-C: Wang's corrected paired t-test on the RS splits, with n, m, |L|, p, q, ρ "
        "estimated from the evaluation (q: mean error over the test sets containing an instance, "
        "averaged over instances that erred at least once). Bars: 95% Wilson intervals. "
        + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), 500)))
    plotting.save(fig, sm.output.pdf, sm.output.png)

    rs, ncv, rsc = (curves[k] for k in ("RS", "NCV", "RS-C"))
    book = scorecard.ClaimBook("wang2011", "fig1a", sm.params.profile)
    book.add("RS Type I error rises as propLabeled falls", "increasing as propLabeled decreases (Sec. 5.1)",
             "first vs last 95% intervals disjoint; no significant rise between neighbours",
             scorecard.fmt_series(rs["prop_labeled"], rs["rate"], rs["rate_low"], rs["rate_high"]),
             scorecard.falls_as_x_rises(rs["rate"], rs["rate_low"], rs["rate_high"]))
    book.add("NCV Type I error uniformly low", "uniformly low (Sec. 5.1)",
             "every NCV interval reaches down to 0.05 or below",
             scorecard.fmt_series(ncv["prop_labeled"], ncv["rate"], ncv["rate_low"], ncv["rate_high"]),
             bool((ncv["rate_low"] <= 0.05).all()))
    book.add("RS-C Type I error below NCV", "a further reduction over NCV (Sec. 5.1)",
             "RS-C rate at or below NCV's at every propLabeled, never significantly above",
             scorecard.fmt_series(rsc["prop_labeled"], rsc["rate"], rsc["rate_low"], rsc["rate_high"]),
             bool((rsc["rate"].to_numpy() <= ncv["rate"].to_numpy()).all())
             and scorecard.not_above(rsc["rate_low"].to_numpy(), ncv["rate_high"].to_numpy()))
    book.add("RS-C Type I error far below RS", "RS-C corrects RS's inflation (Sec. 5.1)",
             "RS-C interval wholly below RS interval at every propLabeled < 0.9",
             f"RS-C max {rsc['rate'].iloc[:-1].max():.3f}, RS min {rs['rate'].iloc[:-1].min():.3f}",
             scorecard.significantly_below(rsc["rate_high"].to_numpy()[:-1], rs["rate_low"].to_numpy()[:-1]))
    tables.write_csv(book.frame(), sm.output.claims)

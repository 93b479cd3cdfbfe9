"""Rule script: Neville et al. 2009 Figure 1(a) — Type I error vs proportion labeled for RRS,
ERS and NCV with group-based simulated classifiers (paired t-test), plus its scorecard claims."""
import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.reporting import plotting, scorecard

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "neville2009_fig1a"):
    summary = pd.read_csv(sm.input.summary)
    shown = summaries.select(summary, test="paired_t").sort_values(["sampler", "prop_labeled"])
    shown = shown[["sampler", "folds", "prop_labeled", "test", "rejections", "trials", "rate",
                   "rate_low", "rate_high", "chunk_rate_sd", "error_correlation"]]
    tables.write_csv(shown, sm.output.csv)
    curves = {s: shown[shown["sampler"] == s].sort_values("prop_labeled") for s in ("RRS", "ERS", "NCV")}

    fig, ax = plotting.new_figure()
    for sampler, part in curves.items():
        plotting.rate_curve(ax, part, "prop_labeled", f"{sampler} ({int(part['folds'].iloc[0])} folds)", sampler)
    plotting.alpha_line(ax, sm.params.alpha)
    ax.set(xlabel="Proportion Labeled", ylabel="Type I Error Rate", xlim=(0.0, 1.0), ylim=(0.0, 0.55),
           title="Neville et al. 2009, Fig. 1(a)")
    ax.legend(loc="upper right")
    plotting.add_caption(fig, (
        "Type I error of the paired t-test (α=0.05) vs proportion labeled; group-based simulated "
        "classifiers, 300 instances in 10 groups, P(err)=0.1, errCorr=0.9; Table 7 read per_fold "
        "(misclassified groups drawn afresh in every fold). Bars: 95% Wilson intervals. "
        + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), 10000)))
    plotting.save(fig, sm.output.pdf, sm.output.png)

    def series(sampler):
        p = curves[sampler]
        return p["rate"].to_numpy(), p["rate_low"].to_numpy(), p["rate_high"].to_numpy()

    def fmt(sampler):
        p = curves[sampler]
        return scorecard.fmt_series(p["prop_labeled"], p["rate"], p["rate_low"], p["rate_high"])

    book = scorecard.ClaimBook("neville2009", "fig1a", sm.params.profile)
    for sampler in ("RRS", "ERS"):
        book.add(f"{sampler} Type I error rises as propLabeled falls", "decreasing in propLabeled (Sec. 4.2)",
                 "first vs last 95% intervals disjoint; no significant rise between neighbours",
                 fmt(sampler), scorecard.falls_as_x_rises(*series(sampler)))
    r_rate, r_lo, r_hi = series("RRS")
    e_rate, e_lo, e_hi = series("ERS")
    n_rate, n_lo, n_hi = series("NCV")
    book.add("RRS Type I error is unacceptably high at propLabeled 0.1",
             "well above α=0.05 (figure axis reaches 0.5)", "95% interval above 0.05",
             scorecard.fmt_rate(r_rate[0], r_lo[0], r_hi[0]), r_lo[0] > 0.05)
    book.add("NCV Type I error stays low across propLabeled", "low and flat (Sec. 4.2)",
             "every NCV interval reaches down to 0.05 or below", fmt("NCV"), bool((n_lo <= 0.05).all()))
    book.add("NCV Type I error below RRS at every propLabeled < 0.9", "NCV < RRS", "95% intervals disjoint",
             f"NCV max {n_rate[:-1].max():.3f}, RRS min {r_rate[:-1].min():.3f}",
             scorecard.significantly_below(n_hi[:-1], r_lo[:-1]))
    book.add("ERS Type I error below RRS", "ERS < RRS (Sec. 4.2: 'lower than simple random resampling')",
             "ERS interval wholly below RRS interval at one propLabeled or more, never above",
             "; ".join(f"{x:g}: ERS {e:.3f} vs RRS {r:.3f}" for x, e, r in
                       zip(curves["ERS"]["prop_labeled"], e_rate, r_rate)),
             (e_hi < r_lo).any() and scorecard.not_above(e_lo, r_hi))
    book.add("ERS Type I error above NCV", "ERS not competitive with NCV (Sec. 4.2)",
             "95% intervals disjoint at propLabeled < 0.9",
             f"ERS min {e_rate[:-1].min():.3f}, NCV max {n_rate[:-1].max():.3f}",
             scorecard.significantly_below(n_hi[:-1], e_lo[:-1]))
    tables.write_csv(book.frame(), sm.output.claims)

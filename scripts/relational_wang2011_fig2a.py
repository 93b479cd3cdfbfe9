"""Rule script: Wang et al. 2011 Figure 2(a) — Type I error vs proportion labeled for RS, NCV and
RS-C (paired tests), wvRN vs nBC on synthetic networks, plus scorecard claims."""
import pandas as pd

from lib.core import rates, runlog, tables
from lib.evaluation import summaries
from lib.reporting import plotting, scorecard

sm = snakemake  # noqa: F821
LINES = {"RS": ("RS", "paired_t"), "NCV": ("NCV", "paired_t"), "RS-C": ("RS", "rsc_paired")}
with runlog.logged(sm.log[0], "wang2011_fig2a"):
    summary = summaries.select(pd.read_csv(sm.input.summary), purpose="type1", nodes=sm.params.nodes,
                               trials_per_network=sm.params.trials)
    curves = summaries.method_curves(summary, LINES, "prop_labeled")
    shown = pd.concat([c.assign(method=name) for name, c in curves.items()], ignore_index=True)
    shown = shown[["method", "sampler", "test", "nodes", "prop_labeled", "handicap_wvrn", "rejections", "trials",
                   "rate", "rate_low", "rate_high", "chunk_rate_sd", "rsc_q_wvrn", "rsc_rho_wvrn", "rsc_L_wvrn",
                   "rsc_q_nbc", "rsc_rho_nbc", "rsc_L_nbc"]]
    tables.write_csv(shown, sm.output.csv)
    study = sm.params.study

    fig, ax = plotting.new_figure()
    for name, part in curves.items():
        plotting.rate_curve(ax, part, "prop_labeled", name, name)
    plotting.alpha_line(ax, sm.params.alpha)
    top = min(1.0, max(0.6, float(shown["rate_high"].max()) + 0.05))
    ax.set(xlabel="Proportion Labeled", ylabel="Type I Error Rate", xlim=(0.05, 0.45), ylim=(0.0, top),
           title="Wang et al. 2011, Fig. 2(a)")
    ax.legend(loc="upper right")
    plotting.add_caption(fig, (
        f"Type I error of paired tests vs proportion labeled, wvRN vs nBC on {study['evaluation_networks']} synthetic "
        f"networks of {sm.params.nodes} nodes (Neville 2009's generator and calibration: wvRN handicapped to "
        f"|Δacc| ≤ {study['tolerance']:g} on {study['calibration_networks']} calibration networks x "
        f"{study['calibration_folds']} NCV folds; handicap flips P(+)). Trials: the first {sm.params.trials} of "
        "each network's trials, shared with Neville Fig. 1(c). RS-C: Wang's corrected paired t-test on the RS "
        "samples; |L| and ρ from the network's edges inside each test set (ρ: φ of linked errors pooled over the "
        "10 samples), q: mean error over the samples containing a node, over nodes that erred at least once. "
        "Bars: 95% Wilson intervals. "
        + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), sm.params.paper_trials)))
    plotting.save(fig, sm.output.pdf, sm.output.png)

    def pooled(name):
        return rates.pooled_interval(curves[name])

    rs, ncv, rsc = (curves[k] for k in ("RS", "NCV", "RS-C"))
    p_rs, p_ncv, p_rsc = pooled("RS"), pooled("NCV"), pooled("RS-C")
    reduction = 1.0 - p_rsc[0] / p_rs[0] if p_rs[0] > 0 else float("nan")
    book = scorecard.ClaimBook("wang2011", "fig2a", sm.params.profile)
    book.add("RS-C Type I error significantly lower than RS, a reduction of more than 50%",
             "> 50% reduction (Sec. 5.2)",
             "pooled over the labeling levels: RS-C interval wholly below RS's and 1 - rate(RS-C)/rate(RS) > 0.5",
             f"pooled RS-C {scorecard.fmt_rate(*p_rsc)}, RS {scorecard.fmt_rate(*p_rs)}: {reduction:.0%} reduction; "
             + scorecard.fmt_series(rsc["prop_labeled"], rsc["rate"], rsc["rate_low"], rsc["rate_high"]),
             p_rsc[2] < p_rs[1] and reduction > 0.5)
    book.add("RS-C Type I error slightly lower than NCV", "slightly lower (Sec. 5.2)",
             "pooled RS-C rate at or below pooled NCV rate, and never significantly above NCV at any level",
             f"pooled RS-C {scorecard.fmt_rate(*p_rsc)}, NCV {scorecard.fmt_rate(*p_ncv)}; NCV "
             + scorecard.fmt_series(ncv["prop_labeled"], ncv["rate"], ncv["rate_low"], ncv["rate_high"]),
             p_rsc[0] <= p_ncv[0] and scorecard.not_above(rsc["rate_low"].to_numpy(), ncv["rate_high"].to_numpy()))
    tables.write_csv(book.frame(), sm.output.claims)

"""Rule script: Neville et al. 2009 Figure 1(d) — power vs mean performance difference (measured
on the calibration set) at 30% labeled, 300-node networks: RS paired, NCV paired, NCV unpaired;
plus scorecard claims at a 5% difference (linear interpolation between measured points)."""
import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.reporting import plotting, scorecard

sm = snakemake  # noqa: F821
LINES = {"RS paired": ("RS", "paired_t"), "NCV paired": ("NCV", "paired_t"), "NCV unpaired": ("NCV", "unpaired_t")}
TARGET = 0.05  # "Even when there is 5% difference in the mean performance" (Sec. 5.4)


with runlog.logged(sm.log[0], "neville2009_fig1d"):
    summary = summaries.select(pd.read_csv(sm.input.summary), purpose="power", nodes=sm.params.nodes,
                               trials_per_network=sm.params.trials)
    curves = summaries.method_curves(summary, LINES, "calibration_difference")
    shown = pd.concat([c.assign(method=name) for name, c in curves.items()], ignore_index=True)
    shown = shown[["method", "sampler", "test", "nodes", "prop_labeled", "handicap_nbc", "calibration_difference",
                   "accuracy_difference", "rejections", "trials", "rate", "rate_low", "rate_high", "chunk_rate_sd"]]
    tables.write_csv(shown, sm.output.csv)
    study = sm.params.study

    fig, _ = plotting.power_vs_difference(curves, LINES, TARGET, "Neville et al. 2009, Fig. 1(d)")
    plotting.add_caption(fig, (
        f"Power vs mean accuracy difference wvRN − nBC at propLabeled {study['power_prop_labeled']:g}, "
        f"{study['evaluation_networks']} networks of {sm.params.nodes} nodes (trials pooled). nBC handicapped by "
        f"c = {', '.join(f'{c:g}' for c in study['power_handicaps'])}; wvRN unhandicapped (our reading of "
        "'perturbed the predictions of the worse performing model'); x = mean difference on the calibration set "
        f"({study['calibration_networks']} networks x {study['calibration_folds']} NCV folds). Handicap flips "
        f"P(+) (strength {study['handicap_strength']:g}), so the x values span more than the paper's axis "
        "(0.04–0.10). Dotted: 5% difference. Bars: 95% Wilson intervals. "
        + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), sm.params.paper_trials)))
    plotting.save(fig, sm.output.pdf, sm.output.png)

    book = scorecard.ClaimBook("neville2009", "fig1d", sm.params.profile)
    at5 = {name: summaries.rate_at(curve, "calibration_difference", TARGET) for name, curve in curves.items()}
    rule = ("power at x=0.05 linearly interpolated between the bracketing measured points (rate and Wilson "
            "bounds separately); pass if the interpolated interval reaches below {:g}")
    for name, bound in (("RS paired", 0.80), ("NCV paired", 0.30), ("NCV unpaired", 0.05)):
        value = at5[name]
        book.add(f"{name} detects a 5% difference less than {bound:.0%} of the time", f"< {bound:g} (Sec. 5.4)",
                 rule.format(bound),
                 "5% outside the measured differences" if value is None else
                 scorecard.fmt_rate(value["rate"], value["rate_low"], value["rate_high"]),
                 value is not None and value["rate_low"] < bound)
    rs, ncv = at5["RS paired"], at5["NCV paired"]
    book.add("NCV paired has less power than RS paired at a 5% difference", "'significantly worse' (Sec. 5.4)",
             "interpolated NCV interval wholly below RS's",
             "n/a" if rs is None or ncv is None else f"NCV {ncv['rate']:.3f} vs RS {rs['rate']:.3f}",
             rs is not None and ncv is not None and ncv["rate_high"] < rs["rate_low"])
    x = curves["RS paired"]["calibration_difference"]
    book.add("Mean performance differences span the figure's x axis", "about 0.04 to 0.10 (Fig. 1(d) axis)",
             "every calibration-set difference within [0.03, 0.11]",
             ", ".join(f"c={c:g}: {d:.3f}" for c, d in zip(curves["RS paired"]["handicap_nbc"], x)),
             bool(((x >= 0.03) & (x <= 0.11)).all()))
    tables.write_csv(book.frame(), sm.output.claims)

"""Rule script: Neville et al. 2009 Figure 1(e) — power vs mean performance difference at 30%
labeled on 600-node networks: RS paired, NCV paired, NCV unpaired; plus scorecard claims
comparing with Fig. 1(d) at a 5% difference (linear interpolation between measured points)."""
import numpy as np
import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries
from lib.reporting import plotting, scorecard

sm = snakemake  # noqa: F821
LINES = {"RS paired": ("RS", "paired_t"), "NCV paired": ("NCV", "paired_t"), "NCV unpaired": ("NCV", "unpaired_t")}
TARGET = 0.05
PAPER_REDUCTION = {"RS paired": 0.10, "NCV paired": 0.45, "NCV unpaired": 0.70}  # of Type II error (Sec. 5.4)


with runlog.logged(sm.log[0], "neville2009_fig1e"):
    study = sm.params.study
    full = pd.read_csv(sm.input.summary)

    def power_curves(nodes):
        part = summaries.select(full, purpose="power", nodes=nodes, trials_per_network=sm.params.trials)
        return summaries.method_curves(part, LINES, "calibration_difference")

    curves, small = power_curves(sm.params.nodes), power_curves(study["nodes"])
    shown = pd.concat([c.assign(method=name) for name, c in curves.items()], ignore_index=True)
    shown = shown[["method", "sampler", "test", "nodes", "prop_labeled", "handicap_nbc", "calibration_difference",
                   "accuracy_difference", "rejections", "trials", "rate", "rate_low", "rate_high", "chunk_rate_sd"]]
    tables.write_csv(shown, sm.output.csv)

    fig, _ = plotting.power_vs_difference(curves, LINES, TARGET, "Neville et al. 2009, Fig. 1(e)")
    plotting.add_caption(fig, (
        f"As Fig. 1(d) with networks of {sm.params.nodes} nodes (same generator parameters, "
        f"{round(sm.params.nodes / 10)} groups; the paper gives none for 600 nodes) and a {sm.params.nodes}-node "
        f"calibration set of {study['calibration_networks']} networks: power vs mean accuracy difference "
        f"wvRN − nBC at propLabeled {study['power_prop_labeled']:g}, nBC handicapped by "
        f"c = {', '.join(f'{c:g}' for c in study['power_handicaps'])}, wvRN unhandicapped; handicap flips P(+) "
        f"(strength {study['handicap_strength']:g}). Dotted: 5% difference. Bars: 95% Wilson intervals. "
        + plotting.profile_note(sm.params.profile, int(shown["trials"].iloc[0]), sm.params.paper_trials)))
    plotting.save(fig, sm.output.pdf, sm.output.png)

    book = scorecard.ClaimBook("neville2009", "fig1e", sm.params.profile)
    big5 = {name: summaries.rate_at(curve, "calibration_difference", TARGET) for name, curve in curves.items()}
    small5 = {name: summaries.rate_at(curve, "calibration_difference", TARGET) for name, curve in small.items()}
    ok = all(big5[n] is not None and small5[n] is not None for n in LINES)
    book.add(f"Power at a 5% difference rises from {study['nodes']} to {sm.params.nodes} nodes",
             "power increases with sample size (Sec. 5.4)",
             "for every test the interpolated power is higher, and its interval not wholly below the smaller "
             "networks' interval",
             "5% outside the measured differences" if not ok else "; ".join(
                 f"{n} {small5[n]['rate']:.3f} -> {big5[n]['rate']:.3f}" for n in LINES),
             ok and all(big5[n]["rate"] > small5[n]["rate"] and big5[n]["rate_high"] >= small5[n]["rate_low"]
                        for n in LINES))
    if ok:
        beta = {n: (1.0 - small5[n]["rate"], 1.0 - big5[n]["rate"]) for n in LINES}
        reduction = {n: (1.0 - b / a) if a > 0 else np.nan for n, (a, b) in beta.items()}
        text = "; ".join(f"{n} {a:.3f} -> {b:.3f} ({reduction[n]:.0%}, paper {PAPER_REDUCTION[n]:.0%})"
                         for n, (a, b) in beta.items())
    else:
        reduction, text = {n: np.nan for n in LINES}, "5% outside the measured differences"
    for name in ("NCV paired", "NCV unpaired"):
        book.add(f"Doubling the network reduces {name}'s Type II error relatively more than RS paired's",
                 f"RS 10%, {name} {PAPER_REDUCTION[name]:.0%} reduction at 5% (Sec. 5.4)",
                 "relative reduction of the interpolated Type II error (1 - power), point estimates (a ratio of "
                 "rates has no Wilson interval): NCV's larger than RS's", text,
                 ok and bool(reduction[name] > reduction["RS paired"]))
    x = curves["RS paired"]["calibration_difference"]
    book.add("Mean performance differences span the figure's x axis", "about 0.02 to 0.10 (Fig. 1(e) axis)",
             "every calibration-set difference within [0.01, 0.11]",
             ", ".join(f"c={c:g}: {d:.3f}" for c, d in zip(curves["RS paired"]["handicap_nbc"], x)),
             bool(((x >= 0.01) & (x <= 0.11)).all()))
    tables.write_csv(book.frame(), sm.output.claims)

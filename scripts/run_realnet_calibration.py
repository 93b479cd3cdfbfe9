"""Rule script: calibration of one network set (Neville 2009 Sec. 6; Wang 2011 Sec. 5.2).

Every network is split `samples` times into `folds`-fold NCV sets; at each labeling level a
labeled set is drawn per fold; wvRN and nBC are inferred once for all splits of all networks
(one block-diagonal batch). Then, for each held-out network h, using only the other networks'
splits (5 x samples x folds = 500 at paper scale): Type I -- at each level the handicap bringing
the better model within `tolerance` of the other (fails with one sentence if none does); power --
the mean difference wvRN - nBC(c) at the power level for each nBC handicap c. The splits of a
network are shared by every calibration that uses it; perturbation keys are fixed per split."""
import pandas as pd

from lib import realnet, runlog, seeding, tables

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "realnet_calibration") as log:
    s = sm.params.setting
    netset = realnet.read_network_set(sm.input.nodes, sm.input.edges)
    levels = s["levels"]
    cal = realnet.calibration_set(seeding.generator(sm.params.set_entropy), seeding.generator(sm.params.entropy),
                                  netset, levels, s["samples"], s["folds"])
    handicap = {"strength": s["strength"], "selection": s["selection"]}
    records = []
    for h in range(len(netset)):
        for pl in s["type1_levels"]:
            try:
                found = realnet.calibrate_held_out(cal, h, levels.index(pl), s["tolerance"], **handicap)
            except ValueError as exc:
                raise ValueError(f"calibration of network set {sm.wildcards.netset!r} failed for held-out network "
                                 f"{netset.names[h]} at propLabeled {pl:g}: no handicap gives |acc(wvRN) - acc(nBC)| "
                                 f"<= {s['tolerance']:g} ({exc})") from None
            records.append({"set": sm.wildcards.netset, "purpose": "type1", "held_out": h,
                            "held_out_name": netset.names[h], "prop_labeled": pl, **found})
            log.info("held out %s, propLabeled %g: wvRN %.4f nBC %.4f -> %s c=%.5f, difference %+.5f", netset.names[h],
                     pl, found["accuracy_wvrn_unhandicapped"], found["accuracy_nbc_unhandicapped"],
                     found["handicapped"], max(found["handicap_wvrn"], found["handicap_nbc"]), found["difference"])
        pl = s["power_level"]
        for found in realnet.power_differences(cal, h, levels.index(pl), s["power_handicaps"], **handicap):
            records.append({"set": sm.wildcards.netset, "purpose": "power", "held_out": h,
                            "held_out_name": netset.names[h], "prop_labeled": pl, **found})
    frame = pd.DataFrame(records)
    frame["tolerance"] = s["tolerance"]
    tables.write_csv(frame, sm.output[0])

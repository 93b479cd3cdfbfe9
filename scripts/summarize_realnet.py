"""Rule script: the real-network study's summaries. Rejection rates with 95% Wilson intervals per
network set, purpose, sampler, test, labeling level and (power) nBC handicap, pooled over the
held-out networks (`chunk_rate_sd`: spread over held-out networks); joined with the mean
calibration-set difference wvRN - nBC over the held-out networks' calibrations (the power x
axis); the calibration table; the networks' statistics."""
import numpy as np
import pandas as pd

from lib import runlog, summaries, tables

KEYS = ["set", "purpose", "sampler", "folds", "prop_labeled", "power_handicap"]
MEANS = ["handicap_wvrn", "handicap_nbc", "accuracy_wvrn", "accuracy_nbc", "accuracy_difference", "test_size",
         "error_correlation", "nodes", *(f"rsc_{k}_{m}" for m in ("wvrn", "nbc") for k in ("p", "q", "rho", "L"))]
JOIN = ["set", "purpose", "prop_labeled", "power_handicap"]


def with_power_handicap(frame):
    return frame.assign(power_handicap=np.where(frame["purpose"] == "power", frame["handicap_nbc"], 0.0))


sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "realnet_summary") as log:
    parts = []
    for path in sm.input.chunks:
        netset = path.split("/")[-3]
        parts.append(pd.read_csv(path).assign(set=netset))
    trials = with_power_handicap(pd.concat(parts, ignore_index=True))
    calibration = pd.concat([pd.read_csv(p) for p in sm.input.calibrations], ignore_index=True)
    tables.write_csv(calibration, sm.output.calibration)
    calibration = with_power_handicap(calibration)
    x = (calibration.groupby(JOIN)
         .agg(calibration_difference=("difference", "mean"), calibration_difference_sd=("difference", "std"),
              calibrated_handicap_wvrn=("handicap_wvrn", "mean"), calibrated_handicap_nbc=("handicap_nbc", "mean"),
              nbc_handicapped_networks=("handicapped", lambda h: int((h == "nbc").sum())),
              calibration_accuracy_wvrn=("accuracy_wvrn_unhandicapped", "mean"),
              calibration_accuracy_nbc=("accuracy_nbc_unhandicapped", "mean"))
         .reset_index())
    summary = summaries.rejection_rates(trials, keys=KEYS, extra_means=[c for c in MEANS if c in trials.columns])
    # the Wilson bounds can miss the rate by one ulp at 0 or 1 rejections (e.g. low = 1.4e-17 at rate 0)
    summary["rate_low"] = np.minimum(summary["rate_low"], summary["rate"])
    summary["rate_high"] = np.maximum(summary["rate_high"], summary["rate"])
    # the gap a calibration leaves on the held-out network: |mean accuracy difference| per held-out network,
    # averaged over the held-out networks (the null hypothesis holds on average, not on each network)
    gap = (trials.groupby([*KEYS, "chunk"])["accuracy_difference"].mean().abs()
           .groupby(level=list(range(len(KEYS)))).mean().rename("held_out_abs_gap").reset_index())
    summary = summary.merge(gap, on=KEYS, how="left", validate="many_to_one")
    for frame in (summary, x):
        for col in ("prop_labeled", "power_handicap"):
            frame[col] = frame[col].round(9)
    summary = summary.merge(x, on=JOIN, how="left", validate="many_to_one")
    if summary["calibration_difference"].isna().any():
        raise ValueError("some summary rows have no calibration difference: the calibration tables do not cover "
                         "every set, purpose, level and handicap of the chunks")
    tables.write_csv(summary, sm.output.summary)
    nets = pd.concat([pd.read_csv(p) for p in sm.input.networks], ignore_index=True)
    tables.write_csv(nets, sm.output.networks)
    log.info("%d trial rows -> %d summary rows; %d networks", len(trials), len(summary), len(nets))

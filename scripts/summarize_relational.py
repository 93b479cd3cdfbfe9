"""Rule script: the relational study's summaries. Rejection rates with 95% Wilson intervals per
purpose, size, sampler, test, labeling level and nBC handicap, for each trial set (all trials per
network for Neville's panels, the first wang_trials_per_network for Wang's), joined with the
calibration-set difference; the calibration table; the networks' autocorrelation and P(+)."""
import numpy as np
import pandas as pd
from scipy import stats

from lib import runlog, summaries, tables

KEYS = ["purpose", "nodes", "sampler", "folds", "prop_labeled", "handicap_nbc"]
MEANS = ["handicap_wvrn", "accuracy_wvrn", "accuracy_nbc", "accuracy_difference", "test_size",
         "error_correlation", *(f"rsc_{k}_{m}" for m in ("wvrn", "nbc") for k in ("p", "q", "rho", "L"))]
JOIN = ["purpose", "nodes", "prop_labeled", "handicap_nbc"]


def rounded(frame, columns):
    return frame.assign(**{c: frame[c].round(9) for c in columns if frame[c].dtype.kind == "f"})


def network_summary(frame):
    rows = []
    groups = [(role, part) for role, part in frame.groupby("role")] + [("evaluation+calibration", frame)]
    for role, part in groups:
        for nodes, sub in part.groupby("nodes"):
            row = {"role": role, "nodes": nodes, "networks": len(sub)}
            for column in ("autocorrelation", "autocorrelation_contingency", "p_pos", "mean_degree"):
                x = sub[column].dropna().to_numpy()
                half = (stats.t.ppf(0.975, len(x) - 1) * x.std(ddof=1) / np.sqrt(len(x))) if len(x) > 1 else np.nan
                row.update({column: x.mean(), f"{column}_sd": x.std(ddof=1) if len(x) > 1 else np.nan,
                            f"{column}_low": x.mean() - half, f"{column}_high": x.mean() + half})
            rows.append(row)
    return pd.DataFrame(rows)


sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "relational_summary") as log:
    trials = pd.concat([pd.read_csv(path) for path in sm.input.chunks], ignore_index=True)
    calibration = pd.concat([pd.read_csv(path) for path in sm.input.calibrations], ignore_index=True)
    calibration = calibration.sort_values(JOIN, kind="stable").reset_index(drop=True)
    tables.write_csv(calibration, sm.output.calibration)

    parts = []
    for per_network in sm.params.trial_sets:
        subset = trials[trials["trial"] < per_network]
        part = summaries.rejection_rates(subset, keys=KEYS, extra_means=[c for c in MEANS if c in trials.columns])
        part.insert(0, "trials_per_network", per_network)
        parts.append(part)
    summary = rounded(pd.concat(parts, ignore_index=True), JOIN)
    x = rounded(calibration, JOIN)[JOIN + ["difference"]].rename(columns={"difference": "calibration_difference"})
    summary = summary.merge(x, on=JOIN, how="left", validate="many_to_one")
    if summary["calibration_difference"].isna().any():
        raise ValueError("some summary rows have no calibration-set difference: the calibration tables do "
                         "not cover every purpose, size, level and handicap of the chunks")
    tables.write_csv(summary, sm.output.summary)

    nets = pd.concat([pd.read_csv(p) for p in [*sm.input.networks, *sm.input.calibration_networks]],
                     ignore_index=True)
    # Type I and power jobs of a size share their evaluation networks and their calibration set
    if (nets.groupby(["role", "nodes", "network"])[["edges", "p_pos"]].nunique() > 1).any().any():
        raise ValueError("jobs that should share a network report different networks; check the seeds")
    nets = nets.drop_duplicates(["role", "nodes", "network"])
    tables.write_csv(network_summary(nets), sm.output.networks)
    log.info("%d trial rows -> %d summary rows; %d networks", len(trials), len(summary), len(nets))

"""Rule script: rejection rates with Wilson intervals for one simulated-classifier scenario."""

import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import summaries

KEYS = ["sampler", "folds", "prop_labeled", "p_err", "err_corr", "q", "error_difference"]
MEANS = [
    "error_a",
    "error_b",
    "error_correlation",
    "error_correlation_pooled",
    "error_correlation_fold_pooled",
    "test_size",
    "p_rope_bayes_correlated_t",
    "rsc_q_a",
    "rsc_rho_a",
]

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "simulated_summary") as log:
    trials = pd.concat([pd.read_csv(path) for path in sm.input.chunks], ignore_index=True)
    summary = summaries.rejection_rates(trials, keys=KEYS, extra_means=[c for c in MEANS if c in trials.columns])
    tables.write_csv(summary, sm.output[0])
    log.info("%d trials -> %d summary rows", len(trials), len(summary))

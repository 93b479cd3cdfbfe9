"""Rule script: rejection rates with Wilson intervals for one simulated-classifier scenario."""
import pandas as pd

from lib import runlog, summaries, tables

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "simulated_summary") as log:
    trials = pd.concat([pd.read_csv(path) for path in sm.input.chunks], ignore_index=True)
    summary = summaries.rejection_rates(
        trials, keys=["sampler", "folds", "prop_labeled", "p_err", "err_corr", "error_difference"],
        extra_means=["error_a", "error_b", "error_correlation", "test_size"])
    tables.write_csv(summary, sm.output[0])
    log.info("%d trials -> %d summary rows", len(trials), len(summary))

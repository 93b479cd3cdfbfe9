"""Rule script imbalance_dataset_counts: Raeder et al. 2012 Table 1's counts from the raw files,
lib.studies.imbalance.dataset_counts; writes its table."""

from lib.core import runlog, tables
from lib.studies import imbalance

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "imbalance_dataset_counts"):
    tables.write_csv(imbalance.dataset_counts(sm.params.datasets), sm.output.counts)

"""Rule script permutation_uci_summary (and yours_permutation_summary, the same rule on a user's data
sets): Tables II-III's summary of every (data set, classifier) from the original and randomised
jobs' errors, each p-value's range over fold draws seeded here (lib.studies.permutation_summaries.uci_summary)."""

import pandas as pd

from lib.core import runlog, tables
from lib.studies import permutation_summaries

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], sm.rule):
    # originals, then the randomised chunks in job order (data set, classifier, test, range)
    raw = pd.concat([pd.read_csv(f) for f in [*sm.input.original, *sm.input.randomized]], ignore_index=True)
    summary = permutation_summaries.uci_summary(
        raw, repetitions=int(sm.params.repetitions), spread_entropy=sm.params.spread_entropy, alpha=sm.params.alpha
    )
    tables.write_csv(summary, sm.output.summary, exact=True)  # the views judge and print these

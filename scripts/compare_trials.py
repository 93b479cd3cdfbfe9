"""Rule script: a range of trials of one data set -- each a subsample of it, every design, every
classifier fitted once, every pair in every calibrated world, every test
(lib.studies.comparison_worlds.trials_job)."""

import pandas as pd

from lib.core import runlog, tables
from lib.studies import comparison_worlds, yours

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "compare_trials") as log:
    s = sm.params.settings
    data = yours.load_dataset(s["spec"], s["dataset"])
    calibration = pd.read_csv(sm.input.calibration, keep_default_na=False, na_values=[""])
    table = comparison_worlds.trials_job(data, s, sm.params.entropy, calibration, log)
    tables.write_csv(table, sm.output.trials, exact=True)

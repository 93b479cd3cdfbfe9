"""Rule script: each test's rejection rates per world and the verdict for one data set
(lib.studies.comparison_worlds.summary_job)."""

import pandas as pd

from lib.core import runlog, tables
from lib.studies import comparison_worlds

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "compare_summary"):
    read = lambda path: pd.read_csv(path, keep_default_na=False, na_values=[""])  # noqa: E731
    out = comparison_worlds.summary_job(
        (read(path) for path in sm.input.trials), read(sm.input.calibration), read(sm.input.actual), sm.params.settings
    )
    tables.write_csv(out["rates"], sm.output.rates, exact=True)
    tables.write_csv(out["verdict"], sm.output.verdict, exact=True)

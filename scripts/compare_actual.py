"""Rule script: every pair of your classifiers compared on the whole data set under every test
(lib.studies.comparison_worlds.actual_job)."""

from lib.core import runlog, tables
from lib.studies import comparison_worlds, yours

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "compare_actual"):
    s = sm.params.settings
    table = comparison_worlds.actual_job(yours.load_dataset(s["spec"], s["dataset"]), s, sm.params.entropy)
    tables.write_csv(table, sm.output.actual, exact=True)

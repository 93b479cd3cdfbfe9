"""Rule script: the handicaps that make the null and the difference worlds of every pair of your
classifiers on one data set, found on separate calibration draws
(lib.studies.comparison_worlds.calibration_job)."""

from lib.core import runlog, tables
from lib.studies import comparison_worlds, yours

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "compare_calibration"):
    s = sm.params.settings
    table = comparison_worlds.calibration_job(yours.load_dataset(s["spec"], s["dataset"]), s, sm.params.entropy)
    tables.write_csv(table, sm.output.calibration, exact=True)

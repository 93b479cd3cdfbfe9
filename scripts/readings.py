"""Rule script: results/readings.{csv,md} -- every claim a reading touches, under each alternative
(lib.reporting.readings_table)."""

import pandas as pd

from lib.core import runlog, tables
from lib.reporting import readings_table

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "readings") as log:
    claims = {
        tuple(run): pd.read_csv(path, dtype=str, keep_default_na=False)
        for run, path in zip(sm.params.runs, sm.input.claims)
    }
    table = readings_table.long_table(claims)
    tables.write_csv(table, sm.output.csv)
    tables.write_text(readings_table.markdown(table, sm.params.profile, sm.params.scale), sm.output.md)
    log.info("%s", readings_table.robustness(table).to_dict("records"))

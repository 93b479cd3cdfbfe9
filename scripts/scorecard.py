"""Rule script: collect every artifact's claims into results/scorecard.{csv,md}, each with the readings
it was computed under (the rule's params: lib.core.readings.describe of each artifact)."""

import pandas as pd

from lib.core import runlog, tables
from lib.reporting import scorecard

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "scorecard") as log:
    table = scorecard.collect([pd.read_csv(path, dtype=str) for path in sm.input.claims], sm.params.readings)
    tables.write_csv(table, sm.output.csv)
    tables.write_text(scorecard.markdown(table), sm.output.md)
    log.info("%d claims: %s", len(table), table["verdict"].value_counts().to_dict())

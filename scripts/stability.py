"""Rule script: results/stability.{csv,md} from the scorecards of the runs under independent base
seeds (lib.reporting.stability)."""

import pandas as pd

from lib.core import runlog, tables
from lib.reporting import stability

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "stability") as log:
    cards = {
        seed: pd.read_csv(path, dtype=str, keep_default_na=False)
        for seed, path in zip(sm.params.seeds, sm.input.scorecards)
    }
    table = stability.summarize(cards)
    tables.write_csv(table, sm.output.csv)
    page = stability.markdown(table, sm.params.seeds, sm.params.profile, sm.params.scale, sm.params.reduced)
    tables.write_text(page, sm.output.md)
    log.info("%s", table["class"].value_counts().to_dict())

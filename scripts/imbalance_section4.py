"""Rule script imbalance_section4: Raeder et al. 2012 Sec. 4's test variance and critical AUC,
lib.studies.imbalance.section4; writes its table."""

from lib.core import runlog, seeding, tables
from lib.studies import imbalance

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "imbalance_section4"):
    cfg = sm.params.section4
    table = imbalance.section4(cfg["replications"], cfg["null_replications"], seeding.generator(sm.params.entropy))
    tables.write_csv(table, sm.output.section4, exact=True)  # the view plots and rounds these

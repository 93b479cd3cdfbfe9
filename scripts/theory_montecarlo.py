"""Rule script theory_montecarlo: lib.studies.theory.monte_carlo (Wang 2011 Theorems 1-3)."""

from lib.core import runlog, seeding, tables
from lib.studies import theory

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "theory_montecarlo") as log:
    tables.write_csv(theory.monte_carlo(sm.params.theory, seeding.generator(sm.params.entropy), log), sm.output[0])

"""Rule script theory_thm3_model: lib.studies.theory.thm3_monte_carlo (Wang 2011 Theorem 3 where
its model, eq. (1), exists)."""

from lib.core import runlog, seeding, tables
from lib.studies import theory

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "theory_thm3_model") as log:
    tables.write_csv(theory.thm3_monte_carlo(sm.params.theory, seeding.generator(sm.params.entropy), log), sm.output[0])

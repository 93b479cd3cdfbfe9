"""Rule script: one of your binary data sets through Raeder et al.'s Sec. 3 experiment with your
classifiers (lib.studies.yours.imbalance_cv); writes its per-fold and pooled tables."""

from lib.core import runlog, seeding, tables
from lib.studies import yours

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "yours_imbalance_cv") as log:
    name = sm.wildcards.dataset
    frames = yours.imbalance_cv(
        yours.load_dataset(sm.params.spec, name),
        name,
        sm.params.classifiers,
        sm.params.estimators,
        sm.params.settings,
        seeding.generator(sm.params.entropy),
        log,
    )
    tables.write_csv(frames["per_fold"], sm.output.per_fold)
    tables.write_csv(frames["pooled"], sm.output.pooled)

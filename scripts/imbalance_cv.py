"""Rule script imbalance_cv: one dataset of the imbalance study (Raeder et al. 2012 Sec. 3),
lib.studies.imbalance.cross_validate_dataset; writes its per-fold and pooled tables."""

from lib.core import runlog, seeding, tables
from lib.data import datasets
from lib.studies import imbalance

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "imbalance_cv") as log:
    cfg = sm.params.study
    data = datasets.load(sm.wildcards.dataset)
    frames = imbalance.cross_validate_dataset(
        sm.wildcards.dataset,
        data.X,
        data.y_minority.astype(int),
        data.spec,
        seeding.generator(sm.params.entropy),
        removed_percent=cfg["removed_percent"],
        classifiers=cfg["classifiers"],
        tenfold_folds=cfg["tenfold"]["folds"],
        precision_k=cfg["precision_k"],
        tenfold_evaluated=sm.params.tenfold_evaluated,
        fivebytwo_repeats=sm.params.fivebytwo_repeats,
        platt_folds=sm.params.platt_folds,
        j48_pruning=sm.params.j48_pruning,
        log=log,
    )
    tables.write_csv(frames["per_fold"], sm.output.per_fold)
    tables.write_csv(frames["pooled"], sm.output.pooled)

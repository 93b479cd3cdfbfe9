"""Rule script: your data set and classifier -- the CV error of each repetition of the original
stratified CV (lib.studies.yours.permutation_original; Ojala & Garriga 2009 Sec. V)."""

from lib.core import runlog, tables
from lib.studies import yours

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "yours_permutation_original") as log:
    p = sm.params.study
    frame = yours.permutation_original(
        yours.load_dataset(sm.params.spec, p["dataset"]),
        p["dataset"],
        p["classifier"],
        p["folds"],
        sm.params.folds_entropy,
        sm.params.entropy,
        estimator=p["estimator"],
        pool=int(sm.params.pool),
        log=log,
        **sm.params.readings,
    )
    tables.write_csv(frame, sm.output[0])
    reps = int(p["folds"]["repetitions"])
    log.info(
        "%s %s: original error %.4f (mean of %d repetitions; %d CVs in all for the p-values' spread)",
        p["dataset"],
        p["classifier"],
        frame.error.iloc[:reps].mean(),
        reps,
        len(frame),
    )

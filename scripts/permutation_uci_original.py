"""Rule script: Ojala & Garriga 2009 Sec. V -- one (UCI data set, classifier): the CV error of
each repetition of the original stratified 10-fold CV."""

from lib.core import runlog, tables
from lib.data import datasets
from lib.studies import permutation

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "ojala_uci_original") as log:
    p = sm.params.study
    data = datasets.load(sm.params.file, "data/raw")
    orig_folds = permutation.uci_original_folds(data.y, p["folds"], sm.params.folds_entropy, sm.params.pool)
    frame = permutation.uci_original(
        data, p["dataset"], p["classifier"], orig_folds, sm.params.entropy, **sm.params.readings
    )
    tables.write_csv(frame, sm.output[0])
    log.info(
        "%s %s: original error %.4f (mean of %d repetitions)",
        p["dataset"],
        p["classifier"],
        frame.error.mean(),
        len(frame),
    )

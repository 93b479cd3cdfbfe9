"""Rule script: Ojala & Garriga 2009 Sec. V -- one (UCI data set, classifier, test) and one range
of randomisations: the CV error of each randomised data set (a fresh stratified CV each)."""

from lib.core import runlog, tables
from lib.data import datasets
from lib.studies import permutation

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "ojala_uci_randomized") as log:
    p = sm.params.study
    start, stop = int(sm.wildcards.start), int(sm.wildcards.stop)
    frame = permutation.uci_randomized(
        datasets.load(sm.params.file, "data/raw"),
        p["dataset"],
        p["classifier"],
        p["test"],
        p["folds"],
        sm.params.folds_entropy,
        sm.params.entropy,
        start,
        stop,
        log=log,
        **sm.params.readings,
    )
    tables.write_csv(frame, sm.output[0])
    log.info(
        "%s %s test %d, randomizations %d-%d: null mean %.4f",
        p["dataset"],
        p["classifier"],
        p["test"],
        start,
        stop - 1,
        frame.error.mean(),
    )

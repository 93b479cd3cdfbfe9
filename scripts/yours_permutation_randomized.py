"""Rule script: your data set and classifier, one test and one range of randomisations -- the CV
error of each randomised data set (lib.studies.yours.permutation_randomized; Ojala & Garriga 2009
Sec. III-V)."""

from lib.core import runlog, tables
from lib.studies import yours

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "yours_permutation_randomized") as log:
    p = sm.params.study
    start, stop = int(sm.wildcards.start), int(sm.wildcards.stop)
    frame = yours.permutation_randomized(
        yours.load_dataset(sm.params.spec, p["dataset"]),
        p["dataset"],
        p["classifier"],
        p["test"],
        p["folds"],
        sm.params.folds_entropy,
        sm.params.entropy,
        start,
        stop,
        estimator=p["estimator"],
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

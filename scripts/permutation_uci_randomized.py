"""Rule script permutation_uci_randomized (and yours_permutation_randomized, the same rule on a
user's data set): one (data set, classifier, test) and one range of randomisations -- the CV error
of each randomised data set, a fresh stratified CV each (Ojala & Garriga 2009 Sec. III-V)."""

from lib.core import runlog, tables
from lib.studies import permutation

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], sm.rule) as log:
    p = sm.params.study
    start, stop = int(sm.wildcards.start), int(sm.wildcards.stop)
    frame = permutation.uci_randomized(
        permutation.load_data(sm.params.source, p["dataset"]),
        p["dataset"],
        p["classifier"],
        p["test"],
        p["folds"],
        sm.params.folds_entropy,
        sm.params.entropy,
        start,
        stop,
        estimator=p.get("estimator"),
        log=log,
        **sm.params.readings,
    )
    tables.write_csv(frame, sm.output.errors)
    log.info(
        "%s %s test %d, randomizations %d-%d: null mean %.4f",
        p["dataset"],
        p["classifier"],
        p["test"],
        start,
        stop - 1,
        frame.error.mean(),
    )

"""Rule script: Ojala & Garriga 2009 Figure 3 -- one classifier, one test and one range of
randomisations, at every within-class correlation rho (Sec. IV)."""

from lib.core import runlog, tables
from lib.studies import permutation

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "ojala_fig3_randomized") as log:
    start, stop = int(sm.wildcards.start), int(sm.wildcards.stop)
    frame = permutation.fig3_randomized(
        sm.wildcards.classifier,
        int(sm.wildcards.test),
        sm.params.data,
        sm.params.data_entropy,
        sm.params.entropy,
        start,
        stop,
        log=log,
        **sm.params.readings,
    )
    tables.write_csv(frame, sm.output[0])
    log.info(
        "%s test %s, randomizations %d-%d: null mean %.4f",
        sm.wildcards.classifier,
        sm.wildcards.test,
        start,
        stop - 1,
        frame.error.mean(),
    )

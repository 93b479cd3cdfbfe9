"""Rule script: Ojala & Garriga 2009 Figure 3 -- one classifier: the original CV errors over the
grid of within-class correlations rho (Sec. IV)."""

from lib.core import runlog, tables
from lib.studies import permutation

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "ojala_fig3_original") as log:
    frame = permutation.fig3_original(
        sm.wildcards.classifier, sm.params.data, sm.params.data_entropy, sm.params.entropy, **sm.params.readings
    )
    tables.write_csv(frame, sm.output[0])
    log.info(
        "%s: original error by rho %s", sm.wildcards.classifier, frame.groupby("rho").error.mean().round(3).to_dict()
    )

"""Rule script: Ojala & Garriga 2009 Figure 3 -- one classifier: the original CV errors over the
grid of within-class correlations rho (Sec. IV)."""
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy (lib/evaluation/permutation_tests.py docstring)

from lib.core import runlog, tables  # noqa: E402
from lib.studies import permutation  # noqa: E402

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "ojala_fig3_original") as log:
    frame = permutation.fig3_original(sm.wildcards.classifier, sm.params.data, sm.params.data_entropy,
                                      sm.params.entropy, **sm.params.readings)
    tables.write_csv(frame, sm.output[0])
    log.info("%s: original error by rho %s", sm.wildcards.classifier,
             frame.groupby("rho").error.mean().round(3).to_dict())

"""Rule script realnet_chunk: lib.studies.realnet.evaluate_set for one network set and purpose
(each network held out in turn; `chunk` = the held-out network)."""

import pandas as pd

from lib.core import runlog, tables
from lib.data import network_sets
from lib.studies import realnet

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "realnet_chunk") as log:
    netset = network_sets.read_network_set(sm.input.nodes, sm.input.edges)
    frame = realnet.evaluate_set(
        netset, pd.read_csv(sm.input.calibration), sm.params.setting, sm.params.entropy, log, models=sm.params.models
    )
    tables.write_csv(frame, sm.output[0])
    log.info("%d rows", len(frame))

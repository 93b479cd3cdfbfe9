"""Rule script realnet_summary: lib.studies.realnet.summarize over every network set's chunks and
calibrations; the calibration and network tables as they are."""

import pandas as pd

from lib.core import runlog, tables
from lib.studies import realnet

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "realnet_summary") as log:
    trials = pd.concat(
        [pd.read_csv(path).assign(set=path.split("/")[-3]) for path in sm.input.chunks], ignore_index=True
    )
    calibration = pd.concat([pd.read_csv(p) for p in sm.input.calibrations], ignore_index=True)
    tables.write_csv(calibration, sm.output.calibration)
    summary = realnet.summarize(trials, calibration)
    tables.write_csv(summary, sm.output.summary)
    nets = pd.concat([pd.read_csv(p) for p in sm.input.networks], ignore_index=True)
    tables.write_csv(nets, sm.output.networks)
    log.info("%d trial rows -> %d summary rows; %d networks", len(trials), len(summary), len(nets))

"""Rule script relational_summary: lib.studies.relational.summarize over every chunk,
calibration and network table."""

import pandas as pd

from lib.core import runlog, tables
from lib.studies import relational

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "relational_summary") as log:
    trials = pd.concat([pd.read_csv(path) for path in sm.input.chunks], ignore_index=True)
    calibration = pd.concat([pd.read_csv(path) for path in sm.input.calibrations], ignore_index=True)
    nets = pd.concat([pd.read_csv(p) for p in [*sm.input.networks, *sm.input.calibration_networks]], ignore_index=True)
    summary, calibration, networks, network_rates = relational.summarize(
        trials, calibration, nets, sm.params.trial_sets
    )
    tables.write_csv(network_rates, sm.output.network_rates)
    tables.write_csv(calibration, sm.output.calibration)
    tables.write_csv(summary, sm.output.summary)
    tables.write_csv(networks, sm.output.networks)
    log.info("%d trial rows -> %d summary rows", len(trials), len(summary))

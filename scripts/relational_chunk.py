"""Rule script relational_chunk: lib.studies.relational.evaluate_network for one evaluation
network and purpose."""

import pandas as pd

from lib.core import runlog, seeding, tables
from lib.studies import relational

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "relational_chunk") as log:
    chunk = int(sm.wildcards.chunk)
    log.info(
        "%s, %d nodes, evaluation network %d, network entropy %s, entropy %s",
        sm.params.setting["purpose"],
        sm.params.nodes,
        chunk,
        sm.params.network_entropy,
        sm.params.entropy,
    )
    calibration = pd.read_csv(sm.input.calibration[0]) if sm.input.calibration else None
    frame, stats = relational.evaluate_network(
        sm.params.nodes,
        chunk,
        sm.params.setting,
        seeding.generator(sm.params.network_entropy),
        seeding.generator(sm.params.entropy),
        calibration,
        log,
        models=sm.params.models,
    )
    tables.write_csv(frame, sm.output.trials)
    tables.write_csv(stats, sm.output.networks)
    log.info("%d rows", len(frame))

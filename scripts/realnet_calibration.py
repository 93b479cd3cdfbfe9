"""Rule script realnet_calibration (and yours_network_calibration): lib.studies.realnet.calibrate for one
network set."""

from lib.core import runlog, seeding, tables
from lib.data import network_sets
from lib.studies import realnet

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "realnet_calibration") as log:
    netset = network_sets.read_network_set(sm.input.nodes, sm.input.edges)
    frame = realnet.calibrate(
        sm.wildcards.netset,
        netset,
        sm.params.setting,
        seeding.generator(sm.params.set_entropy),
        seeding.generator(sm.params.entropy),
        log,
        models=sm.params.models,
        unmet=sm.params.unmet,
    )
    tables.write_csv(frame, sm.output[0])

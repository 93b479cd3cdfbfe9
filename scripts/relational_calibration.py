"""Rule script relational_calibration: lib.studies.relational.calibrate for one network size and
purpose."""

from lib.core import runlog, tables
from lib.studies import relational

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "relational_calibration") as log:
    log.info(
        "%s calibration, %d networks of %d nodes, set entropy %s, entropy %s",
        sm.params.setting["purpose"],
        sm.params.calibration_set["networks"],
        sm.params.nodes,
        sm.params.set_entropy,
        sm.params.entropy,
    )
    calibration, nets = relational.calibrate(
        sm.params.nodes,
        sm.params.calibration_set,
        sm.params.setting,
        sm.params.set_entropy,
        sm.params.entropy,
        log,
        models=sm.params.models,
        x_measure=sm.params.x_measure,
    )
    tables.write_csv(calibration, sm.output.calibration)
    tables.write_csv(nets, sm.output.networks)

"""Rule script: one seeded chunk of the simulated-classifier study (Neville 2009 Sec. 4)."""

import pandas as pd

from lib.core import runlog, seeding, tables
from lib.studies import simulated

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "simulated_chunk") as log:
    study = sm.params.study
    rng = seeding.generator(sm.params.entropy)
    log.info("scenario %s chunk %s entropy %s", sm.wildcards.scenario, sm.wildcards.chunk, sm.params.entropy)
    columns = simulated.run_chunk(
        rng,
        sm.params.scenario,
        m=study["instances"],
        n_groups=study["groups"],
        alpha=study["alpha"],
        trials=sm.params.trials,
        first_trial=sm.params.first_trial,
        log=log,
        q_method=sm.params.rsc_q_estimate,
    )
    frame = pd.DataFrame(columns)
    frame.insert(0, "chunk", int(sm.wildcards.chunk))
    tables.write_csv(frame, sm.output[0])
    log.info("%d rows", len(frame))

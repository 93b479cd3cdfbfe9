"""Rule script: one reading under one alternative -- a nested Snakemake run in
results/readings/<reading>/<alternative>/ (lib.infra.alternatives), then its claims in one file.
Without a readings scale the default alternative is the main run itself: its claims are taken as
they are. An alternative whose run fails keeps the main run's claim rows, marked `not run` with
the error."""
from pathlib import Path

import pandas as pd

from lib.core import runlog, tables
from lib.infra import alternatives

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "readings_alternative") as log:
    name, value = sm.wildcards.reading, sm.wildcards.alternative
    main = pd.concat([pd.read_csv(path, dtype=str) for path in sm.input.main_claims], ignore_index=True)
    if sm.params.is_main_run:
        claims = main
        log.info("%s = %s: the main run's config, claims taken from it", name, value)
    else:
        workdir = Path(sm.output.claims).with_suffix("").with_suffix("")  # results/readings/<reading>/<alternative>
        alternatives.prepare(workdir, Path.cwd(), Path("data/raw"), sm.params.config)
        log.info("%s = %s: nested run in %s on %s", name, value, workdir, " ".join(sm.params.targets))
        try:
            alternatives.run(workdir, sm.params.targets, sm.threads, Path(sm.log[0]).with_suffix(".snakemake.log"))
            claims = pd.concat([pd.read_csv(workdir / t, dtype=str) for t in sm.params.targets], ignore_index=True)
        except alternatives.AlternativeFailed as failure:
            log.warning("%s = %s could not run; its claims are marked not run: %s", name, value, failure)
            claims = alternatives.not_run(main, failure.reason)
    tables.write_csv(claims, sm.output.claims)
    log.info("%d claims: %s", len(claims), claims["verdict"].value_counts().to_dict())

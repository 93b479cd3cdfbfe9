"""Rule script: the whole workflow under one further base seed, as a nested Snakemake run
(lib.infra.alternatives), then a copy of its scorecard."""

import shutil
from pathlib import Path

from lib.core import runlog
from lib.data import datasets
from lib.infra import alternatives

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "stability_run") as log:
    workdir = Path(sm.params.workdir)
    alternatives.prepare(workdir, Path(sm.scriptdir).resolve().parent, Path(datasets.RAW_DIR), sm.params.config)
    log.info("nested run in %s with base seed %s", workdir, sm.params.config["seed"])
    alternatives.run(workdir, ["results/scorecard.csv"], sm.threads, Path(sm.log[0]).with_suffix(".snakemake.log"))
    shutil.copyfile(workdir / "results" / "scorecard.csv", sm.output.scorecard)

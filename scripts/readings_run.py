"""Rule script: a nested Snakemake run for the readings comparison (lib.infra.alternatives) -- the
base run at the readings scale, or one reading under one alternative -- then the claims it built,
in one file. An alternative whose config equals its source run's takes the source's claims; one
whose run fails keeps the source's claim rows, marked `not run` with the error."""

from pathlib import Path

from lib.core import runlog, tables
from lib.data import datasets
from lib.infra import alternatives

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "readings_run") as log:
    targets, workdir = sm.params.targets, Path(sm.params.workdir)
    source = Path(sm.params.source) if sm.params.source is not None else None
    if sm.params.same_as_source:
        claims = alternatives.read_claims(source, targets)
        log.info("%s: the source run's config; claims taken from %s", workdir, source)
    else:
        code = Path(sm.scriptdir).resolve().parent  # the workflow's folder, also when it runs as a module
        alternatives.prepare(workdir, code, Path(datasets.RAW_DIR), sm.params.config, source=source)
        log.info("nested run in %s (from %s) on %s", workdir, source or "nothing", " ".join(targets))
        try:
            alternatives.run(workdir, targets, sm.threads, Path(sm.log[0]).with_suffix(".snakemake.log"))
            claims = alternatives.read_claims(workdir, targets)
        except alternatives.AlternativeFailed as failure:
            if source is None:  # the base run: nothing to compare against
                raise
            log.warning("%s could not run; its claims are marked not run: %s", workdir, failure)
            claims = alternatives.not_run(alternatives.read_claims(source, targets), failure.reason)
    tables.write_csv(claims, sm.output.claims)
    log.info("%d claims: %s", len(claims), claims["verdict"].value_counts().to_dict())

"""Every job's seed entropy, as the workflow plans it: the golden record of job identity.

A job's random numbers come from its seed entropy (lib.core.seeding.job_entropy: the config seed,
a hash of its label and parameters, its chunk), declared per study (lib.studies.<study>.JOBS). This tool plans the
whole DAG of the given targets in a dry run of every job (``--forceall``; nothing is executed)
and writes, per job, its rule and every entropy among its params (nested ones included, e.g. an
artifact's settings), keyed by its first output::

    python scripts/tools/job_entropies.py --configfile config/quick.yaml > entropies.json

The test ``tests/workflow/test_job_identity.py`` compares the three profiles' records with the
stored ones (tests/golden/), so that a change of job identity -- every number of that job
changes -- is seen, and is deliberate (rewrite the record with ``--write``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _entropies(value, path: str = "") -> dict:
    """Every entropy inside a param value: keys containing 'entropy', at any depth of dicts."""
    found = {}
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            if "entropy" in str(key):
                found[where] = item
            else:
                found.update(_entropies(item, where))
    return found


def plan(configfiles: list[str], targets: list[str], workdir: Path = ROOT, mirror: str | None = None) -> dict:
    """{first output: {"rule": name, "entropy": {param: value}}} of every job that has an entropy."""
    from snakemake import cli
    from snakemake.executors import dryrun

    jobs = {}
    original = dryrun.Executor.run_job

    def record(self, job):
        params = dict(job.params.items())
        found = _entropies(params)
        if found:
            jobs[str(job.output[0])] = {"rule": job.rule.name, "entropy": found}
        return original(self, job)

    # (--quiet takes the value "all": quiet about everything; the targets follow the options)
    args = ["--dry-run", "--forceall", "--quiet", "all", "--cores", "1", "--directory", str(workdir), "all", *targets]
    args += ["--configfile", *configfiles] if configfiles else []
    if mirror:
        args += ["--config", f"data={{mirror: {mirror}}}"]
    dryrun.Executor.run_job = record
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
            try:
                cli.main(args)
            except SystemExit as stop:
                if stop.code:
                    raise RuntimeError(f"snakemake {' '.join(args)} failed:\n{err.getvalue()}") from None
    finally:
        dryrun.Executor.run_job = original
    return dict(sorted(jobs.items()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--configfile", nargs="*", default=[], help="config overlays (none: the papers' scale)")
    parser.add_argument("--target", nargs="*", default=[], help="further targets beside `all`")
    parser.add_argument("--write", type=Path, help="write the record to this file instead of stdout")
    args = parser.parse_args()
    text = json.dumps(plan(args.configfile, args.target), indent=1, sort_keys=True) + "\n"
    if args.write:
        args.write.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

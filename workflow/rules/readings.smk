"""The readings comparison: `snakemake readings` runs every alternative of every reading
(lib.core.readings) and writes results/readings.{csv,md}: each claim the reading touches, with
its verdict under each alternative. Not part of `rule all`.

Each (reading, alternative) is one job that runs a nested Snakemake in its own working directory
results/readings/<reading>/<alternative>/ (lib.infra.alternatives), started from a copy of a
finished *source* run so that only the jobs whose params the reading changes are recomputed. The
source holds every reading at its default: the main run itself when `readings.scale` is null (the
quick profile), else a nested base run at that scale (results/readings/_base/; the paper config's
scale is sized, from per-job benchmarks, for about 15 min on 2 cores; not yet run as a whole). An
alternative that cannot run (e.g. a calibration no handicap meets) keeps its claim rows, marked
`not run` with the error."""

import copy

from snakemake.utils import update_config

from lib.infra import alternatives as ALTERNATIVES  # noqa: E402
from lib.views import registry as VIEW_REGISTRY  # noqa: E402

READINGS_SELECTED = ALTERNATIVES.selected(config)
READINGS_SCALE = ALTERNATIVES.scale(config)
# which artifacts each reading touches, from their declarations (lib.views.registry)
READINGS_TOUCHED = VIEW_REGISTRY.readings_touched(config)
READINGS_TARGETS = ALTERNATIVES.claims_targets(READINGS_SELECTED, READINGS_TOUCHED)
READINGS_BASE_DIR = f"results/readings/{ALTERNATIVES.BASE}"
# The config every column is computed at: the profile with the readings scale merged in, its paths
# made absolute (a nested run works in another folder).
READINGS_BASE = ALTERNATIVES.with_absolute_paths(config, Path.cwd())
update_config(READINGS_BASE, copy.deepcopy(READINGS_SCALE))
if READINGS_SCALE:
    # the scale must give a runnable config: check it now, before any job starts
    try:
        configcheck.check(READINGS_BASE, CONFIG_SCHEMA)
    except configcheck.ConfigError as error:
        sys.exit(f"Config error in readings.scale (merged into the profile): {error}.")


rule readings_base:
    """With a readings scale: every reading at its default, at that scale (the source of every
    alternative's nested run)."""
    input:
        lib=lib_inputs("scripts/readings_run.py"),
    output:
        claims=f"{READINGS_BASE_DIR}.claims.csv",
    log:
        f"logs/readings/{ALTERNATIVES.BASE}.log",
    benchmark:
        f"benchmarks/readings/{ALTERNATIVES.BASE}.tsv"
    conda:
        CONDA_ENV
    threads: lambda wildcards: max(1, workflow.cores)  # evaluated only for a job (a SLURM run sets no --cores)
    params:
        config=READINGS_BASE,
        targets=READINGS_TARGETS,
        workdir=lambda wildcards, output: output.claims.removesuffix(".claims.csv"),
        source=None,
        same_as_source=False,
    script:
        "../../scripts/readings_run.py"


reading_of = lambda wildcards: READINGS.REGISTRY[wildcards.reading]
reading_config = lambda wildcards: ALTERNATIVES.alternative_config(
    READINGS_BASE, reading_of(wildcards), wildcards.alternative, READINGS_TOUCHED
)


rule readings_alternative:
    """One reading under one alternative: the claims of the artifacts it touches, from a nested run
    started from the source run (jobs the reading does not change are reused)."""
    input:
        # the source run, finished: the base run's claims, or every claim of the main run
        source=rules.readings_base.output.claims if READINGS_SCALE else CLAIMS,
        lib=lib_inputs("scripts/readings_run.py"),
    output:
        claims="results/readings/{reading}/{alternative}.claims.csv",
    log:
        "logs/readings/{reading}/{alternative}.log",
    benchmark:
        "benchmarks/readings/{reading}/{alternative}.tsv"
    wildcard_constraints:
        reading=r"[a-z_]+\.[a-z0-9_]+",
        alternative=r"[a-z0-9_]+",
    conda:
        CONDA_ENV
    threads: lambda wildcards: max(1, workflow.cores)  # evaluated only for a job (a SLURM run sets no --cores)
    params:
        config=reading_config,
        targets=lambda wildcards: ALTERNATIVES.claims_targets([reading_of(wildcards)], READINGS_TOUCHED),
        workdir=lambda wildcards, output: output.claims.removesuffix(".claims.csv"),
        source=lambda wildcards, input: input.source.removesuffix(".claims.csv") if READINGS_SCALE else ".",
        # the default's nested run would be the source run itself: its claims are taken as they are
        same_as_source=lambda wildcards: reading_config(wildcards) == READINGS_BASE,
    script:
        "../../scripts/readings_run.py"


rule readings:
    """results/readings.{csv,md}: each claim under each alternative of each selected reading."""
    input:
        claims=[
            rules.readings_alternative.output.claims.format(reading=r.name, alternative=a)
            for r in READINGS_SELECTED
            for a in r.alternatives
        ],
        lib=lib_inputs("scripts/readings.py"),
    output:
        csv=report(
            "results/readings.csv",
            caption="../report/readings.rst",
            category="Readings",
            labels={"artifact": "readings", "file": "numbers"},
        ),
        md=report(
            "results/readings.md",
            caption="../report/readings.rst",
            category="Readings",
            labels={"artifact": "readings", "file": "table"},
        ),
    log:
        "logs/readings.log",
    benchmark:
        "benchmarks/readings.tsv"
    conda:
        CONDA_ENV
    params:
        runs=[(r.name, a) for r in READINGS_SELECTED for a in r.alternatives],
        scale=READINGS_SCALE,
        profile=config["profile"],
    script:
        "../../scripts/readings.py"

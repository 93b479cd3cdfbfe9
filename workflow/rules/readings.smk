"""The readings comparison: `snakemake readings` runs every alternative of every reading
(lib.core.readings) and writes results/readings.{csv,md}: each claim the reading touches, with
its verdict under each alternative. Not part of `rule all`.

Each (reading, alternative) is one job that runs a nested Snakemake in its own working directory
results/readings/<reading>/<alternative>/ (lib.infra.alternatives), at the scale `readings.scale`
(config overrides merged into the profile; the paper config's scale is sized for about 15 min on
2 cores; the quick profile's is its own scale). The nested run reuses the main run's raw data; the
main run's claims are built first so that every data set is there. An alternative that cannot run
(e.g. a calibration no handicap meets) keeps its claim rows, marked `not run` with the error."""
from lib.infra import alternatives as ALTERNATIVES  # noqa: E402

READINGS_SELECTED = ALTERNATIVES.selected(config)
READINGS_SCALE = (config.get("readings") or {}).get("scale") or {}
if READINGS_SCALE:
    # the scale must give a runnable config: check it now, before any job starts
    try:
        configcheck.check(ALTERNATIVES.merged(config, READINGS_SCALE),
                          Path(workflow.basedir) / "workflow/schemas/config.schema.yaml")
    except configcheck.ConfigError as error:
        sys.exit(f"Config error in readings.scale (merged into the profile): {error}.")


def reading_main_claims(wildcards):
    """The main run's claims of the reading's artifacts: they pull in every raw data set the nested
    run needs (and are the default alternative at the profile's own scale)."""
    reading = READINGS.REGISTRY[wildcards.reading]
    return [f"results/{artifact}.claims.csv" for artifact in ALTERNATIVES.artifacts(reading)]


def reading_alternative_config(wildcards):
    return ALTERNATIVES.alternative_config(config, READINGS.REGISTRY[wildcards.reading], wildcards.alternative)


rule readings_alternative:
    """One reading under one alternative: the claims of the artifacts it touches, from a nested run."""
    input:
        main_claims=reading_main_claims,
        lib=lib_inputs("scripts/readings_alternative.py"),
    output:
        claims="results/readings/{reading}/{alternative}.claims.csv",
    params:
        config=reading_alternative_config,
        targets=lambda wildcards: ALTERNATIVES.claims_targets(READINGS.REGISTRY[wildcards.reading]),
        # e.g. the default value without a readings scale: the nested run would be the main run itself
        is_main_run=lambda wildcards: reading_alternative_config(wildcards) == config,
    wildcard_constraints:
        reading=r"[a-z]+\.[a-z0-9_]+",
        alternative=r"[a-z0-9_]+",
    threads: max(1, workflow.cores)
    log:
        "logs/readings/{reading}/{alternative}.log",
    benchmark:
        "benchmarks/readings/{reading}/{alternative}.tsv"
    conda:
        CONDA_ENV
    script:
        "../../scripts/readings_alternative.py"


rule readings:
    """results/readings.{csv,md}: each claim under each alternative of each selected reading."""
    input:
        claims=[f"results/readings/{r.name}/{a}.claims.csv" for r in READINGS_SELECTED for a in r.alternatives],
        lib=lib_inputs("scripts/readings.py"),
    params:
        runs=[(r.name, a) for r in READINGS_SELECTED for a in r.alternatives],
        scale=READINGS_SCALE,
        profile=config["profile"],
    output:
        csv=report("results/readings.csv", caption="../report/readings.rst", category="Readings",
                   labels={"artifact": "readings", "file": "numbers"}),
        md=report("results/readings.md", caption="../report/readings.rst", category="Readings",
                  labels={"artifact": "readings", "file": "table"}),
    log:
        "logs/readings.log",
    benchmark:
        "benchmarks/readings.tsv"
    conda:
        CONDA_ENV
    script:
        "../../scripts/readings.py"

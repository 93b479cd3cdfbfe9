"""The stability of every verdict: `snakemake stability` reruns the whole workflow under
`stability.seeds` independent base seeds (lib.core.seeding.stability_seeds; the first is the
config's own seed, i.e. the main run) and writes results/stability.{csv,md}: per claim, its verdict
under each seed, how many pass and the range of the measured value (lib.reporting.stability). Not
part of `rule all`.

Each further seed is one job running a nested Snakemake in results/stability/seed<i>/ (links to
this checkout's code and the raw data, lib.infra.alternatives): every seeded job is recomputed,
the data copies are shared. With `stability.scale` (config overrides merged into the profile, to
fit a time budget) the first seed is a nested run at that scale too, so every column has one
scale."""

STABILITY = config.get("stability") or {}
STABILITY_SCALE = STABILITY.get("scale") or {}
STABILITY_SEEDS = seeding.stability_seeds(config["seed"], STABILITY.get("seeds", 5))
# the config of every nested run: the profile (paths made absolute) with the stability scale
STABILITY_BASE = ALTERNATIVES.with_absolute_paths(config, Path.cwd())
update_config(STABILITY_BASE, copy.deepcopy(STABILITY_SCALE))
STABILITY_RUNS = [i for i in range(len(STABILITY_SEEDS)) if i > 0 or STABILITY_SCALE]
if STABILITY_SCALE:
    try:
        configcheck.check(STABILITY_BASE, CONFIG_SCHEMA)
    except configcheck.ConfigError as error:
        sys.exit(f"Config error in stability.scale (merged into the profile): {error}.")


rule stability_seed:
    """The whole workflow under one further base seed, in its own nested run; its scorecard."""
    input:
        lib=lib_inputs("scripts/stability_run.py"),
    output:
        scorecard="results/stability/seed{index}.scorecard.csv",
    log:
        "logs/stability/seed{index}.log",
    benchmark:
        "benchmarks/stability/seed{index}.tsv"
    wildcard_constraints:
        index=r"\d+",
    conda:
        CONDA_ENV
    threads: lambda wildcards: max(1, workflow.cores)  # evaluated only for a job (a SLURM run sets no --cores)
    params:
        config=lambda wildcards: {**STABILITY_BASE, "seed": STABILITY_SEEDS[int(wildcards.index)]},
        workdir=lambda wildcards, output: output.scorecard.removesuffix(".scorecard.csv"),
    script:
        "../../scripts/stability_run.py"


rule stability:
    """results/stability.{csv,md}: every claim's verdict under each base seed, and its class."""
    input:
        scorecards=([] if STABILITY_SCALE else [rules.scorecard.output.csv])
        + expand(rules.stability_seed.output.scorecard, index=STABILITY_RUNS),
        lib=lib_inputs("scripts/stability.py"),
    output:
        csv=report(
            "results/stability.csv",
            caption="../report/stability.rst",
            category="Stability",
            labels={"artifact": "stability", "file": "numbers"},
        ),
        md=report(
            "results/stability.md",
            caption="../report/stability.rst",
            category="Stability",
            labels={"artifact": "stability", "file": "table"},
        ),
    log:
        "logs/stability.log",
    benchmark:
        "benchmarks/stability.tsv"
    conda:
        CONDA_ENV
    params:
        seeds=STABILITY_SEEDS,
        scale=STABILITY_SCALE,
        profile=config["profile"],
        reduced=config["permutation"]["uci"].get("reduced_randomizations") or {},
    script:
        "../../scripts/stability.py"

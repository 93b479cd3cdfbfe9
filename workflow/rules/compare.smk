"""Is A better than B on your data, and which test can you trust? (docs/yours.md): for every data set
of `yours.compare` and every pair of its classifiers, every common test of two classifiers, its Type I
error and power measured in calibrated worlds drawn from the data set itself, and the comparison on
the whole data set (lib.studies.comparison, lib.studies.comparison_worlds). Part of `snakemake yours`;
the artifact results/yours/compare_<data set>.* is declared in lib.views.yours (its rule: artifacts.smk).
Include after yours.smk (it reuses yours_file) and before artifacts.smk."""

from lib.studies import comparison as COMPARE_LIB  # importable: see common.smk

# A job's params and seed: lib.studies.comparison.JOBS (job_identity: config and wildcards in; what
# the job computes and what seeds it out). No classifier and no trial range is part of a seed: every
# trial has its own generator and every classifier is fitted on the same draws.
COMPARE_JOBS = COMPARE_LIB.JOBS


rule compare_calibration:
    """The handicaps of every pair's null and difference worlds on one data set, found on separate
    calibration draws (a stratified k-fold CV per draw and design training share)."""
    input:
        data=yours_file,
        lib=lib_inputs("scripts/compare_calibration.py"),
    output:
        calibration="results/studies/yours/compare/{dataset}/calibration.csv",
    log:
        "logs/yours/compare/{dataset}/calibration.log",
    benchmark:
        "benchmarks/yours/compare/{dataset}/calibration.tsv"
    wildcard_constraints:
        dataset=r"[a-z0-9][a-z0-9_-]*",
    conda:
        CONDA_ENV
    params:
        **job_params(COMPARE_JOBS["compare_calibration"]),
    script:
        "../../scripts/compare_calibration.py"


rule compare_trials:
    """Trials start..stop-1 of one data set: a subsample each, every design, every classifier fitted
    once, every pair in every world, every test."""
    input:
        data=yours_file,
        calibration=rules.compare_calibration.output.calibration,
        lib=lib_inputs("scripts/compare_trials.py"),
    output:
        trials="results/studies/yours/compare/{dataset}/trials_{start}-{stop}.csv",
    log:
        "logs/yours/compare/{dataset}/trials_{start}-{stop}.log",
    benchmark:
        "benchmarks/yours/compare/{dataset}/trials_{start}-{stop}.tsv"
    wildcard_constraints:
        dataset=r"[a-z0-9][a-z0-9_-]*",
        start=r"\d+",
        stop=r"\d+",
    conda:
        CONDA_ENV
    params:
        **job_params(COMPARE_JOBS["compare_trials"]),
    script:
        "../../scripts/compare_trials.py"


rule compare_actual:
    """Every pair compared on the whole data set under every test."""
    input:
        data=yours_file,
        lib=lib_inputs("scripts/compare_actual.py"),
    output:
        actual="results/studies/yours/compare/{dataset}/actual.csv",
    log:
        "logs/yours/compare/{dataset}/actual.log",
    benchmark:
        "benchmarks/yours/compare/{dataset}/actual.tsv"
    wildcard_constraints:
        dataset=r"[a-z0-9][a-z0-9_-]*",
    conda:
        CONDA_ENV
    params:
        **job_params(COMPARE_JOBS["compare_actual"]),
    script:
        "../../scripts/compare_actual.py"


rule compare_summary:
    """Each test's rejection rate per world (Wilson interval, trial count) and the verdict: which
    tests are calibrated here, their power, the comparison's answer under the best."""
    input:
        trials=upstream_files(COMPARE_JOBS["compare_summary"], "compare_trials", "trials"),
        calibration=rules.compare_calibration.output.calibration,
        actual=rules.compare_actual.output.actual,
        lib=lib_inputs("scripts/compare_summary.py"),
    output:
        rates="results/studies/yours/compare/{dataset}/rates.csv",
        verdict="results/studies/yours/compare/{dataset}/verdict.csv",
    log:
        "logs/yours/compare/{dataset}/summary.log",
    benchmark:
        "benchmarks/yours/compare/{dataset}/summary.tsv"
    wildcard_constraints:
        dataset=r"[a-z0-9][a-z0-9_-]*",
    conda:
        CONDA_ENV
    params:
        **job_params(COMPARE_JOBS["compare_summary"]),
    script:
        "../../scripts/compare_summary.py"

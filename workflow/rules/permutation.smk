"""Ojala & Garriga 2009 (ICDM), permutation tests for classifier performance: Table I (toy data
D1/D2, 1-NN leave-one-out), Figure 2 (Iris randomisations), Figure 3 (correlated Gaussians,
four classifiers) and Tables II-III (22 UCI data sets, four classifiers, Tests 1 and 2).
Studies are seeded chunk jobs; the paper artifacts are views of them (lib.views.ojala2009, one rule
each in workflow/rules/artifacts.smk). Randomised jobs run randomisations start..stop-1:
`randomizations_per_job` (per classifier, or per "<dataset>/<classifier>") cuts a slow (data set,
classifier) into chunks a cluster can spread; `reduced_randomizations` (same keys) runs fewer than
`randomizations` (a stated deviation); lib.core.chunks.randomized_jobs lists the jobs the views
read. Include after data.smk."""

import csv


from lib.studies import permutation as PERM_LIB  # importable: see common.smk

PERM_JOBS = PERM_LIB.JOBS

# Scheduling only (no number depends on it): the longest UCI jobs start first, so that on few cores
# they do not form the run's tail. A job's priority is its estimated CPU seconds, from the measured
# cost per randomisation (workflow/resources/permutation_costs.csv; 0 where not measured).
PERM_COSTS = {
    (r["dataset"], r["classifier"], r["test"]): float(r["seconds_per_randomization"])
    for r in csv.DictReader(open(WORKFLOW_DIR / "workflow/resources/permutation_costs.csv"))
}
perm_uci_priority = lambda w: int(PERM_COSTS.get((w.dataset, w.classifier, w.test), 0.0) * (int(w.stop) - int(w.start)))


rule permutation_table1_study:
    """Table I: 1-NN leave-one-out error on D1 and D2 and both tests' null samples."""
    input:
        lib=lib_inputs("scripts/permutation_table1_study.py"),
    output:
        table="results/studies/permutation/table1.csv",
        d1_flips="results/studies/permutation/table1_d1_flips.csv",
    log:
        "logs/permutation/table1.log",
    benchmark:
        "benchmarks/permutation/table1.tsv"
    conda:
        CONDA_ENV
    params:
        **job_params(PERM_JOBS["permutation_table1_study"]),
    script:
        "../../scripts/permutation_table1_study.py"


rule permutation_fig2_study:
    """Figure 2: Iris's petal columns, one randomized version of each kind, and the claims'
    statistics over many versions."""
    input:
        data=dataset_files("iris"),
        lib=lib_inputs("scripts/permutation_fig2_study.py"),
    output:
        shown="results/studies/permutation/fig2/shown.csv",
        errors="results/studies/permutation/fig2/errors.csv",
        correlations="results/studies/permutation/fig2/correlations.csv",
    log:
        "logs/permutation/fig2.log",
    benchmark:
        "benchmarks/permutation/fig2.tsv"
    conda:
        CONDA_ENV
    params:
        **job_params(PERM_JOBS["permutation_fig2_study"]),
    script:
        "../../scripts/permutation_fig2_study.py"


rule permutation_fig3_original:
    """Figure 3: one classifier's original CV errors over the correlation grid (data and
    original folds seeded per rho only, so every classifier and test sees the same data sets)."""
    input:
        lib=lib_inputs("scripts/permutation_fig3_original.py"),
    output:
        errors="results/studies/permutation/fig3/{classifier}_original.csv",
    log:
        "logs/permutation/fig3/{classifier}_original.log",
    benchmark:
        "benchmarks/permutation/fig3/{classifier}_original.tsv"
    wildcard_constraints:
        classifier=r"[a-z0-9]+",
    conda:
        CONDA_ENV
    params:
        **job_params(PERM_JOBS["permutation_fig3_original"]),
    script:
        "../../scripts/permutation_fig3_original.py"


rule permutation_fig3_randomized:
    """Figure 3: one classifier, one test, randomisations start..stop-1 at every rho."""
    input:
        lib=lib_inputs("scripts/permutation_fig3_randomized.py"),
    output:
        errors="results/studies/permutation/fig3/{classifier}_test{test}_r{start}-{stop}.csv",
    log:
        "logs/permutation/fig3/{classifier}_test{test}_r{start}-{stop}.log",
    benchmark:
        "benchmarks/permutation/fig3/{classifier}_test{test}_r{start}-{stop}.tsv"
    wildcard_constraints:
        classifier=r"[a-z0-9]+",
        test=r"[12]",
        start=r"\d+",
        stop=r"\d+",
    conda:
        CONDA_ENV
    params:
        **job_params(PERM_JOBS["permutation_fig3_randomized"]),
    script:
        "../../scripts/permutation_fig3_randomized.py"


rule permutation_uci_original:
    """Tables II-III: one (data set, classifier): the error of each repetition of the original
    stratified 10-fold CV (folds seeded per data set)."""
    input:
        data=lambda w: dataset_files(PERM_LIB.uci_file(config, w.dataset)),
        lib=lib_inputs("scripts/permutation_uci_original.py"),
    output:
        errors="results/studies/permutation/uci/{dataset}/{classifier}_original.csv",
    log:
        "logs/permutation/uci/{dataset}/{classifier}_original.log",
    benchmark:
        "benchmarks/permutation/uci/{dataset}/{classifier}_original.tsv"
    wildcard_constraints:
        dataset=r"[a-z0-9-]+",
        classifier=r"[a-z0-9]+",
    conda:
        CONDA_ENV
    params:
        **job_params(PERM_JOBS["permutation_uci_original"]),
    script:
        "../../scripts/permutation_uci_original.py"


rule permutation_uci_randomized:
    """Tables II-III: one (data set, classifier, test), randomisations start..stop-1, each with a
    fresh stratified CV."""
    input:
        data=lambda w: dataset_files(PERM_LIB.uci_file(config, w.dataset)),
        lib=lib_inputs("scripts/permutation_uci_randomized.py"),
    output:
        errors="results/studies/permutation/uci/{dataset}/{classifier}_test{test}_r{start}-{stop}.csv",
    log:
        "logs/permutation/uci/{dataset}/{classifier}_test{test}_r{start}-{stop}.log",
    benchmark:
        "benchmarks/permutation/uci/{dataset}/{classifier}_test{test}_r{start}-{stop}.tsv"
    wildcard_constraints:
        dataset=r"[a-z0-9-]+",
        classifier=r"[a-z0-9]+",
        test=r"[12]",
        start=r"\d+",
        stop=r"\d+",
    priority: perm_uci_priority
    conda:
        CONDA_ENV
    params:
        **job_params(PERM_JOBS["permutation_uci_randomized"]),
    script:
        "../../scripts/permutation_uci_randomized.py"


rule permutation_uci_summary:
    """Tables II-III: every (data set, classifier)'s original error, null errors and p-values, and
    each p-value's range over the further original CVs' fold draws."""
    input:
        original=upstream_files(PERM_JOBS["permutation_uci_summary"], "permutation_uci_original", "errors"),
        randomized=upstream_files(PERM_JOBS["permutation_uci_summary"], "permutation_uci_randomized", "errors"),
        lib=lib_inputs("scripts/permutation_uci_summary.py"),
    output:
        summary="results/studies/permutation/uci/summary.csv",
    log:
        "logs/permutation/uci/summary.log",
    benchmark:
        "benchmarks/permutation/uci/summary.tsv"
    conda:
        CONDA_ENV
    params:
        **job_params(PERM_JOBS["permutation_uci_summary"]),
    script:
        "../../scripts/permutation_uci_summary.py"

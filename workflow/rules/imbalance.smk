"""Raeder, Forman & Chawla (2012), "Learning from Imbalanced Data: Evaluation Matters":
Table 1 from the data, Figure 2(a)-(g) (seven metrics vs % of minority removed, 10-fold and 5x2
CV, NB / J48 / SMO), Figure 3 (negatives needed) and the Section 4 numbers. One seeded job per
dataset computes every removal level, split and classifier; the panels are views of those
tables. Needs workflow/rules/data.smk (dataset_files) included before it."""

from lib.studies import imbalance as IMB_LIB  # importable: see common.smk

IMBALANCE = config["imbalance"]


rule imbalance_cv:
    """One dataset: nested minority removal 0-50 %, stratified 10-fold and 5x2 CV (same splits
    for every classifier), seven metrics for NB, J48 (Laplace) and SMO (Platt, -V per the reading
    imbalance.platt_folds), per test fold and on each CV run's pooled test-fold scores (one table
    each; both are cheap once the models are fitted)."""
    input:
        data=lambda w: dataset_files(w.dataset),
        lib=lib_inputs("scripts/imbalance_cv.py"),
    output:
        per_fold="results/studies/imbalance/{dataset}.csv",
        pooled="results/studies/imbalance/pooled/{dataset}.csv",
    log:
        "logs/imbalance/cv/{dataset}.log",
    benchmark:
        "benchmarks/imbalance/cv/{dataset}.tsv"
    wildcard_constraints:
        dataset=r"[a-z0-9][a-z0-9-]*",
    conda:
        CONDA_ENV
    params:
        **job_params(IMB_LIB.JOBS["imbalance_cv"]),
    script:
        "../../scripts/imbalance_cv.py"


rule imbalance_section4:
    """Sec. 4: the SD of a fixed classifier's AUC on four test sets (closed form and simulated) and
    the critical AUC of random classifiers under every alternative of imbalance.critical_auc."""
    input:
        lib=lib_inputs("scripts/imbalance_section4.py"),
    output:
        section4="results/studies/imbalance/section4/section4.csv",
    log:
        "logs/imbalance/section4.log",
    benchmark:
        "benchmarks/imbalance/section4.tsv"
    conda:
        CONDA_ENV
    params:
        **job_params(IMB_LIB.JOBS["imbalance_section4"]),
    script:
        "../../scripts/imbalance_section4.py"


rule imbalance_dataset_counts:
    """Table 1: each configured data set's examples, features and minority, from its raw files."""
    input:
        data=[f for name in IMBALANCE["datasets"] for f in dataset_files(name)],
        lib=lib_inputs("scripts/imbalance_dataset_counts.py"),
    output:
        counts="results/studies/imbalance/table1/counts.csv",
    log:
        "logs/imbalance/table1_counts.log",
    benchmark:
        "benchmarks/imbalance/table1_counts.tsv"
    conda:
        CONDA_ENV
    params:
        **job_params(IMB_LIB.JOBS["imbalance_dataset_counts"]),
    script:
        "../../scripts/imbalance_dataset_counts.py"

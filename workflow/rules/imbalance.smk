"""Raeder, Forman & Chawla (2012), "Learning from Imbalanced Data: Evaluation Matters":
Table 1 from the data, Figure 2(a)-(g) (seven metrics vs % of minority removed, 10-fold and 5x2
CV, NB / J48 / SMO), Figure 3 (negatives needed) and the Section 4 numbers. One seeded job per
dataset computes every removal level, split and classifier; the panels are views of those
tables. Needs workflow/rules/data.smk (dataset_files) included before it."""

IMBALANCE = config["imbalance"]
# The parameters that determine a dataset job's draws (how many of the drawn folds are
# evaluated is excluded: the quick profile evaluates a subset of the same folds).
IMB_STUDY = {k: IMBALANCE[k] for k in ("removed_percent", "classifiers", "precision_k")}
IMB_STUDY["tenfold"] = {"folds": IMBALANCE["tenfold"]["folds"]}
# The readings imbalance.platt_folds (SMO's -V) and imbalance.metric_aggregation draw nothing from
# the job's generator, so they stay out of IMB_STUDY: every alternative sees the same removals and
# partitions (paired comparisons), and NB's and J48's numbers do not depend on platt_folds. Every
# CV job writes both aggregations, so switching metric_aggregation reruns only the views.


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
        study=IMB_STUDY,
        tenfold_evaluated=IMBALANCE["tenfold"]["evaluated"],
        fivebytwo_repeats=IMBALANCE["fivebytwo"]["repeats"],
        platt_folds=IMBALANCE["platt_folds"],
        j48_pruning=IMBALANCE["j48_pruning"],
        entropy=lambda w: job_entropy("raeder2012", [IMB_STUDY, w.dataset], 0),
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
        section4=IMBALANCE["section4"],
        entropy=job_entropy("raeder2012_sec4", IMBALANCE["section4"], 0),
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
        datasets=IMBALANCE["datasets"],
    script:
        "../../scripts/imbalance_dataset_counts.py"

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

from lib.core import chunks as CHUNKS  # importable: see common.smk

PERM = config["permutation"]
PERM_UCI = PERM["uci"]
PERM_FIG3 = PERM["fig3"]

# What determines a data set's original CV folds (shared by every classifier and test), the
# identity of a UCI job and Figure 3's data sets (lambdas: no functions in a rules file). The
# number of randomisations and the chunking are not part of any identity: randomisation r has its
# own generator (lib.studies.permutation.draw_randomizations), so neither changes a number.
perm_uci_folds_params = lambda dataset: {
    "dataset": dataset,
    "folds": PERM_UCI["folds"],
    "repetitions": PERM_UCI["repetitions"],
}
perm_uci_params = lambda w: {
    "dataset": w.dataset,
    "classifier": w.classifier,
    "folds": perm_uci_folds_params(w.dataset),
    **({"test": int(w.test)} if "test" in w.keys() else {}),
}
# The readings a classifier's jobs depend on, passed as params so that changing one reruns exactly
# the jobs it changes (the 1-NN jobs for the tie rule). No reading enters a seed: every alternative
# sees the same data, folds and randomisations, so the readings comparison
# (workflow/rules/readings.smk) is paired.
# The registry entry read for a UCI data set under the reading permutation.uci_files (Anneal and
# Segment have two files); an input and a param, never part of a seed, so both files see the same folds'
# seeds and randomisations' streams and changing the reading reruns only those data sets' jobs.
perm_uci_file = lambda w: DATASETS.ojala_file(w.dataset, PERM_UCI["files"])
perm_readings = lambda classifier: {
    name: PERM[name] for name in [READINGS.PERMUTATION_ENGINE_READINGS.get(classifier)] if name
}
PERM_FIG3_DATA = {k: PERM_FIG3[k] for k in ("points_per_class", "rho", "folds", "repetitions")}
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
        randomizations=PERM["table1"]["randomizations"],
        tie_rule=PERM["tie_rule"],
        entropy=job_entropy("ojala_table1", PERM["table1"], 0),
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
        randomizations=200,  # Figure 2's claims: a distribution over versions, not one draw
        entropy=job_entropy("ojala_fig2", "iris", 0),
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
        data=PERM_FIG3_DATA,
        readings=lambda w: perm_readings(w.classifier),
        data_entropy=job_entropy("ojala_fig3_data", PERM_FIG3_DATA, 0),
        entropy=lambda w: job_entropy("ojala_fig3_original", [PERM_FIG3_DATA, w.classifier], 0),
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
        data=PERM_FIG3_DATA,
        readings=lambda w: perm_readings(w.classifier),
        data_entropy=job_entropy("ojala_fig3_data", PERM_FIG3_DATA, 0),
        entropy=lambda w: job_entropy("ojala_fig3_randomized", [PERM_FIG3_DATA, w.classifier, int(w.test)], 0),
    script:
        "../../scripts/permutation_fig3_randomized.py"


rule permutation_uci_original:
    """Tables II-III: one (data set, classifier): the error of each repetition of the original
    stratified 10-fold CV (folds seeded per data set)."""
    input:
        data=lambda w: dataset_files(perm_uci_file(w)),
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
        study=perm_uci_params,
        source=lambda w: {"file": perm_uci_file(w)},
        folds_entropy=lambda w: job_entropy("ojala_uci_folds", perm_uci_folds_params(w.dataset), 0),
        entropy=lambda w: job_entropy("ojala_uci_original", perm_uci_params(w), 0),
        readings=lambda w: perm_readings(w.classifier),
        # further original CVs for the p-values' spread over fold draws; not in any seed: the first
        # `repetitions` CVs are the same whatever the pool
        pool=PERM_UCI["p_spread_repetitions"],
    script:
        "../../scripts/permutation_uci_original.py"


rule permutation_uci_randomized:
    """Tables II-III: one (data set, classifier, test), randomisations start..stop-1, each with a
    fresh stratified CV."""
    input:
        data=lambda w: dataset_files(perm_uci_file(w)),
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
        study=perm_uci_params,
        source=lambda w: {"file": perm_uci_file(w)},
        folds_entropy=lambda w: job_entropy("ojala_uci_folds", perm_uci_folds_params(w.dataset), 0),
        entropy=lambda w: job_entropy("ojala_uci_randomized", perm_uci_params(w), 0),
        readings=lambda w: perm_readings(w.classifier),
    script:
        "../../scripts/permutation_uci_randomized.py"


rule permutation_uci_summary:
    """Tables II-III: every (data set, classifier)'s original error, null errors and p-values, and
    each p-value's range over the further original CVs' fold draws."""
    input:
        original=expand(
            rules.permutation_uci_original.output.errors,
            dataset=PERM_UCI["datasets"],
            classifier=PERM_UCI["classifiers"],
        ),
        randomized=[
            f
            for job in CHUNKS.randomized_jobs(PERM_UCI, PERM_UCI["classifiers"], PERM_UCI["datasets"])
            for f in expand(rules.permutation_uci_randomized.output.errors, **job)
        ],
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
        repetitions=PERM_UCI["repetitions"],
        spread_entropy=job_entropy("ojala_uci_p_spread", PERM_UCI["p_spread_repetitions"], 0),
        alpha=None,  # the papers' tables judge significance themselves (lib.papers.ojala2009)
    script:
        "../../scripts/permutation_uci_summary.py"

"""Ojala & Garriga 2009 (ICDM), permutation tests for classifier performance: Table I (toy data
D1/D2, 1-NN leave-one-out), Figure 2 (Iris randomisations), Figure 3 (correlated Gaussians,
four classifiers) and Tables II-III (22 UCI data sets, four classifiers, Tests 1 and 2).
Studies are seeded chunk jobs; the paper artifacts are views of them. Include after data.smk."""

import csv

PERM = config["permutation"]
PERM_UCI = PERM["uci"]
PERM_FIG3 = PERM["fig3"]
PERM_CLASSIFIERS = PERM_UCI["classifiers"]
from lib.core import chunks as CHUNKS  # the chunk plan (importable: see common.smk)

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
# Jobs of randomisations start..stop-1: `randomizations_per_job` (per classifier, or per
# "<dataset>/<classifier>") cuts a slow (data set, classifier) into chunks a cluster can spread;
# `reduced_randomizations` (same keys) runs fewer than `randomizations` (a stated deviation).
perm_ranges = lambda block, classifier, dataset=None: CHUNKS.chunk_ranges(
    CHUNKS.randomizations_of(block, classifier, dataset),
    CHUNKS.randomizations_per_job(block.get("randomizations_per_job"), classifier, dataset),
)
PERM_UCI_ORIGINAL = expand(
    "results/studies/permutation/uci/{dataset}/{classifier}_original.csv",
    dataset=PERM_UCI["datasets"],
    classifier=PERM_CLASSIFIERS,
)
PERM_UCI_RANDOMIZED = [
    f"results/studies/permutation/uci/{dataset}/{classifier}_test{test}_r{start}-{stop}.csv"
    for dataset in PERM_UCI["datasets"]
    for classifier in PERM_CLASSIFIERS
    for test in (1, 2)
    for start, stop in perm_ranges(PERM_UCI, classifier, dataset)
]
PERM_FIG3_RANDOMIZED = [
    f"results/studies/permutation/fig3/{classifier}_test{test}_r{start}-{stop}.csv"
    for classifier in PERM_CLASSIFIERS
    for test in (1, 2)
    for start, stop in perm_ranges(PERM_FIG3, classifier)
]


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


rule permutation_fig3_original:
    """Figure 3: one classifier's original CV errors over the correlation grid (data and
    original folds seeded per rho only, so every classifier and test sees the same data sets)."""
    input:
        lib=lib_inputs("scripts/permutation_fig3_original.py"),
    output:
        "results/studies/permutation/fig3/{classifier}_original.csv",
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
        "results/studies/permutation/fig3/{classifier}_test{test}_r{start}-{stop}.csv",
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
        "results/studies/permutation/uci/{dataset}/{classifier}_original.csv",
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
        file=perm_uci_file,
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
        "results/studies/permutation/uci/{dataset}/{classifier}_test{test}_r{start}-{stop}.csv",
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
        file=perm_uci_file,
        folds_entropy=lambda w: job_entropy("ojala_uci_folds", perm_uci_folds_params(w.dataset), 0),
        entropy=lambda w: job_entropy("ojala_uci_randomized", perm_uci_params(w), 0),
        readings=lambda w: perm_readings(w.classifier),
    script:
        "../../scripts/permutation_uci_randomized.py"


register_artifact("ojala2009", "table1", kinds=("md", "csv"))


rule permutation_ojala2009_table1:
    """Table I as a Markdown table, with the paper's values alongside."""
    input:
        study=rules.permutation_table1_study.output.table,
        d1_flips=rules.permutation_table1_study.output.d1_flips,
        lib=lib_inputs("scripts/permutation_ojala2009_table1.py"),
    output:
        md=report_output("results/ojala2009/table1.md"),
        csv=report_output("results/ojala2009/table1.csv"),
        claims="results/ojala2009/table1.claims.csv",
    log:
        "logs/ojala2009/table1.log",
    benchmark:
        "benchmarks/ojala2009/table1.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        randomizations=PERM["table1"]["randomizations"],
        tie_rule=PERM["tie_rule"],
    script:
        "../../scripts/permutation_ojala2009_table1.py"


register_artifact("ojala2009", "fig2")


rule permutation_ojala2009_fig2:
    """Figure 2: Iris petal length vs width, original and one randomisation of each kind."""
    input:
        data=dataset_files("iris"),
        lib=lib_inputs("scripts/permutation_ojala2009_fig2.py"),
    output:
        pdf="results/ojala2009/fig2.pdf",
        png=report_output("results/ojala2009/fig2.png"),
        csv=report_output("results/ojala2009/fig2.csv"),
        claims="results/ojala2009/fig2.claims.csv",
    log:
        "logs/ojala2009/fig2.log",
    benchmark:
        "benchmarks/ojala2009/fig2.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        entropy=job_entropy("ojala_fig2", "iris", 0),
    script:
        "../../scripts/permutation_ojala2009_fig2.py"


register_artifact("ojala2009", "fig3")


rule permutation_ojala2009_fig3:
    """Figure 3: original CV error and the [1%, 99%] null bands of Tests 1 and 2 against rho."""
    input:
        chunks=expand(rules.permutation_fig3_original.output[0], classifier=PERM_CLASSIFIERS) + PERM_FIG3_RANDOMIZED,
        lib=lib_inputs("scripts/permutation_ojala2009_fig3.py"),
    output:
        pdf="results/ojala2009/fig3.pdf",
        png=report_output("results/ojala2009/fig3.png"),
        csv=report_output("results/ojala2009/fig3.csv"),
        claims="results/ojala2009/fig3.claims.csv",
    log:
        "logs/ojala2009/fig3.log",
    benchmark:
        "benchmarks/ojala2009/fig3.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        randomizations=PERM_FIG3["randomizations"],
        repetitions=PERM_FIG3["repetitions"],
        points_per_class=PERM_FIG3["points_per_class"],
        folds=PERM_FIG3["folds"],
        alpha=PERM["alpha"],
        tie_rule=PERM["tie_rule"],
    script:
        "../../scripts/permutation_ojala2009_fig3.py"


# Table II = decision tree, Table III = 1-NN (Sec. V); each also checks the prose claims about
# the other classifiers, so both read every chunk (one script for both tables).
register_artifact("ojala2009", "table2", kinds=("md", "csv"))


rule permutation_ojala2009_table2:
    """Table II (decision tree) and the prose claims, from every UCI chunk."""
    input:
        chunks=PERM_UCI_ORIGINAL + PERM_UCI_RANDOMIZED,
        lib=lib_inputs("scripts/permutation_ojala2009_uci_tables.py"),
    output:
        md=report_output("results/ojala2009/table2.md"),
        csv=report_output("results/ojala2009/table2.csv"),
        claims="results/ojala2009/table2.claims.csv",
    log:
        "logs/ojala2009/table2.log",
    benchmark:
        "benchmarks/ojala2009/table2.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        table="table2",
        alpha=PERM["alpha"],
        randomizations=PERM_UCI["randomizations"],
        repetitions=PERM_UCI["repetitions"],
        folds=PERM_UCI["folds"],
        files=PERM_UCI["files"],
        tie_rule=PERM["tie_rule"],
        pool=PERM_UCI["p_spread_repetitions"],
        spread_entropy=job_entropy("ojala_uci_p_spread", PERM_UCI["p_spread_repetitions"], 0),
    script:
        "../../scripts/permutation_ojala2009_uci_tables.py"


register_artifact("ojala2009", "table3", kinds=("md", "csv"))


use rule permutation_ojala2009_table2 as permutation_ojala2009_table3 with:
    output:
        md=report_output("results/ojala2009/table3.md"),
        csv=report_output("results/ojala2009/table3.csv"),
        claims="results/ojala2009/table3.claims.csv",
    log:
        "logs/ojala2009/table3.log",
    benchmark:
        "benchmarks/ojala2009/table3.tsv"
    params:
        profile=config["profile"],
        table="table3",
        alpha=PERM["alpha"],
        randomizations=PERM_UCI["randomizations"],
        repetitions=PERM_UCI["repetitions"],
        folds=PERM_UCI["folds"],
        files=PERM_UCI["files"],
        tie_rule=PERM["tie_rule"],
        pool=PERM_UCI["p_spread_repetitions"],
        spread_entropy=job_entropy("ojala_uci_p_spread", PERM_UCI["p_spread_repetitions"], 0),

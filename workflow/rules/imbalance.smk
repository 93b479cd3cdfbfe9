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
IMB_TABLES = {
    "per_fold": expand("results/studies/imbalance/{dataset}.csv", dataset=IMBALANCE["datasets"]),
    "pooled": expand("results/studies/imbalance/pooled/{dataset}.csv", dataset=IMBALANCE["datasets"]),
}
# What the views (Fig. 2, rankings) read: the tables of the selected aggregation.
IMB_CHUNKS = IMB_TABLES[IMBALANCE["metric_aggregation"]]


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


register_artifact("raeder2012", "table1", kinds=("md", "csv"))


rule imbalance_raeder2012_table1:
    """Table 1: examples, features, minority count and % computed from the data; non-public
    datasets as rows marked "not public"; Covtype "not built offline"."""
    input:
        data=[f for name in IMBALANCE["datasets"] for f in dataset_files(name)],
        lib=lib_inputs("scripts/imbalance_raeder2012_table1.py"),
    output:
        md=report_output("results/raeder2012/table1.md"),
        csv=report_output("results/raeder2012/table1.csv"),
        claims="results/raeder2012/table1.claims.csv",
    log:
        "logs/raeder2012/table1.log",
    benchmark:
        "benchmarks/raeder2012/table1.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        datasets=IMBALANCE["datasets"],
    script:
        "../../scripts/imbalance_raeder2012_table1.py"


# Figure 2, one rule per panel (metric): panel (a) in full, the others reuse it with their own
# files and metric (one script, scripts/imbalance_raeder2012_fig2.py).
register_artifact("raeder2012", "fig2a")


rule imbalance_raeder2012_fig2a:
    """Figure 2(a)-(g): one metric vs % of the minority removed, 10-fold and 5x2 CV, NB / J48 / SMO."""
    input:
        chunks=IMB_CHUNKS,
        lib=lib_inputs("scripts/imbalance_raeder2012_fig2.py"),
    output:
        pdf="results/raeder2012/fig2a.pdf",
        png=report_output("results/raeder2012/fig2a.png"),
        csv=report_output("results/raeder2012/fig2a.csv"),
        claims="results/raeder2012/fig2a.claims.csv",
    log:
        "logs/raeder2012/fig2a.log",
    benchmark:
        "benchmarks/raeder2012/fig2a.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        panel="fig2a",
        metric="auc",
        tenfold=IMBALANCE["tenfold"],
        fivebytwo=IMBALANCE["fivebytwo"],
        aggregation=IMBALANCE["metric_aggregation"],
        platt_folds=IMBALANCE["platt_folds"],
        j48_pruning=IMBALANCE["j48_pruning"],
        readings=READINGS.describe("raeder2012/fig2a", config),
    script:
        "../../scripts/imbalance_raeder2012_fig2.py"


register_artifact("raeder2012", "fig2b")


use rule imbalance_raeder2012_fig2a as imbalance_raeder2012_fig2b with:
    output:
        pdf="results/raeder2012/fig2b.pdf",
        png=report_output("results/raeder2012/fig2b.png"),
        csv=report_output("results/raeder2012/fig2b.csv"),
        claims="results/raeder2012/fig2b.claims.csv",
    log:
        "logs/raeder2012/fig2b.log",
    benchmark:
        "benchmarks/raeder2012/fig2b.tsv"
    params:
        profile=config["profile"],
        panel="fig2b",
        metric="h_measure",
        tenfold=IMBALANCE["tenfold"],
        fivebytwo=IMBALANCE["fivebytwo"],
        aggregation=IMBALANCE["metric_aggregation"],
        platt_folds=IMBALANCE["platt_folds"],
        j48_pruning=IMBALANCE["j48_pruning"],
        readings=READINGS.describe("raeder2012/fig2b", config),


register_artifact("raeder2012", "fig2c")


use rule imbalance_raeder2012_fig2a as imbalance_raeder2012_fig2c with:
    output:
        pdf="results/raeder2012/fig2c.pdf",
        png=report_output("results/raeder2012/fig2c.png"),
        csv=report_output("results/raeder2012/fig2c.csv"),
        claims="results/raeder2012/fig2c.claims.csv",
    log:
        "logs/raeder2012/fig2c.log",
    benchmark:
        "benchmarks/raeder2012/fig2c.tsv"
    params:
        profile=config["profile"],
        panel="fig2c",
        metric="f1",
        tenfold=IMBALANCE["tenfold"],
        fivebytwo=IMBALANCE["fivebytwo"],
        aggregation=IMBALANCE["metric_aggregation"],
        platt_folds=IMBALANCE["platt_folds"],
        j48_pruning=IMBALANCE["j48_pruning"],
        readings=READINGS.describe("raeder2012/fig2c", config),


register_artifact("raeder2012", "fig2d")


use rule imbalance_raeder2012_fig2a as imbalance_raeder2012_fig2d with:
    output:
        pdf="results/raeder2012/fig2d.pdf",
        png=report_output("results/raeder2012/fig2d.png"),
        csv=report_output("results/raeder2012/fig2d.csv"),
        claims="results/raeder2012/fig2d.claims.csv",
    log:
        "logs/raeder2012/fig2d.log",
    benchmark:
        "benchmarks/raeder2012/fig2d.tsv"
    params:
        profile=config["profile"],
        panel="fig2d",
        metric=f"precision_at_{IMBALANCE['precision_k']}",
        tenfold=IMBALANCE["tenfold"],
        fivebytwo=IMBALANCE["fivebytwo"],
        aggregation=IMBALANCE["metric_aggregation"],
        platt_folds=IMBALANCE["platt_folds"],
        j48_pruning=IMBALANCE["j48_pruning"],
        readings=READINGS.describe("raeder2012/fig2d", config),


register_artifact("raeder2012", "fig2e")


use rule imbalance_raeder2012_fig2a as imbalance_raeder2012_fig2e with:
    output:
        pdf="results/raeder2012/fig2e.pdf",
        png=report_output("results/raeder2012/fig2e.png"),
        csv=report_output("results/raeder2012/fig2e.csv"),
        claims="results/raeder2012/fig2e.claims.csv",
    log:
        "logs/raeder2012/fig2e.log",
    benchmark:
        "benchmarks/raeder2012/fig2e.tsv"
    params:
        profile=config["profile"],
        panel="fig2e",
        metric="brier",
        tenfold=IMBALANCE["tenfold"],
        fivebytwo=IMBALANCE["fivebytwo"],
        aggregation=IMBALANCE["metric_aggregation"],
        platt_folds=IMBALANCE["platt_folds"],
        j48_pruning=IMBALANCE["j48_pruning"],
        readings=READINGS.describe("raeder2012/fig2e", config),


register_artifact("raeder2012", "fig2f")


use rule imbalance_raeder2012_fig2a as imbalance_raeder2012_fig2f with:
    output:
        pdf="results/raeder2012/fig2f.pdf",
        png=report_output("results/raeder2012/fig2f.png"),
        csv=report_output("results/raeder2012/fig2f.csv"),
        claims="results/raeder2012/fig2f.claims.csv",
    log:
        "logs/raeder2012/fig2f.log",
    benchmark:
        "benchmarks/raeder2012/fig2f.tsv"
    params:
        profile=config["profile"],
        panel="fig2f",
        metric="accuracy",
        tenfold=IMBALANCE["tenfold"],
        fivebytwo=IMBALANCE["fivebytwo"],
        aggregation=IMBALANCE["metric_aggregation"],
        platt_folds=IMBALANCE["platt_folds"],
        j48_pruning=IMBALANCE["j48_pruning"],
        readings=READINGS.describe("raeder2012/fig2f", config),


register_artifact("raeder2012", "fig2g")


use rule imbalance_raeder2012_fig2a as imbalance_raeder2012_fig2g with:
    output:
        pdf="results/raeder2012/fig2g.pdf",
        png=report_output("results/raeder2012/fig2g.png"),
        csv=report_output("results/raeder2012/fig2g.csv"),
        claims="results/raeder2012/fig2g.claims.csv",
    log:
        "logs/raeder2012/fig2g.log",
    benchmark:
        "benchmarks/raeder2012/fig2g.tsv"
    params:
        profile=config["profile"],
        panel="fig2g",
        metric="pr_break_even",
        tenfold=IMBALANCE["tenfold"],
        fivebytwo=IMBALANCE["fivebytwo"],
        aggregation=IMBALANCE["metric_aggregation"],
        platt_folds=IMBALANCE["platt_folds"],
        j48_pruning=IMBALANCE["j48_pruning"],
        readings=READINGS.describe("raeder2012/fig2g", config),


register_artifact("raeder2012", "rankings", kinds=("md", "csv"))


rule imbalance_raeder2012_rankings:
    """Sec. 3.2 "Summary": each metric's and CV scheme's ranking of NB, J48 and SMO (mean over
    datasets; over all removal levels and per level) and which rankings flip."""
    input:
        chunks=IMB_CHUNKS,
        lib=lib_inputs("scripts/imbalance_raeder2012_rankings.py"),
    output:
        md=report_output("results/raeder2012/rankings.md"),
        csv=report_output("results/raeder2012/rankings.csv"),
        claims="results/raeder2012/rankings.claims.csv",
    log:
        "logs/raeder2012/rankings.log",
    benchmark:
        "benchmarks/raeder2012/rankings.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        precision_k=IMBALANCE["precision_k"],
        aggregation=IMBALANCE["metric_aggregation"],
        readings=READINGS.describe("raeder2012/rankings", config),
    script:
        "../../scripts/imbalance_raeder2012_rankings.py"


register_artifact("raeder2012", "fig3")


rule imbalance_raeder2012_fig3:
    """Figure 3: negatives needed for x % positives with at least 100 positives,
    100 (1 - x) / x, with this project's datasets marked (negatives from Table 1)."""
    input:
        table1=rules.imbalance_raeder2012_table1.output.csv,
        lib=lib_inputs("scripts/imbalance_raeder2012_fig3.py"),
    output:
        pdf="results/raeder2012/fig3.pdf",
        png=report_output("results/raeder2012/fig3.png"),
        csv=report_output("results/raeder2012/fig3.csv"),
        claims="results/raeder2012/fig3.claims.csv",
    log:
        "logs/raeder2012/fig3.log",
    benchmark:
        "benchmarks/raeder2012/fig3.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
    script:
        "../../scripts/imbalance_raeder2012_fig3.py"


register_artifact("raeder2012", "sec4", kinds=("pdf", "png", "csv", "md"))


rule imbalance_raeder2012_sec4:
    """Section 4: SD of AUC at mean 0.95 on 100:5000, 100:500, 10:500 and 10:5000 test sets
    (closed form and simulation), and the critical AUC of random classifiers at 50:1000."""
    input:
        lib=lib_inputs("scripts/imbalance_raeder2012_sec4.py"),
    output:
        pdf="results/raeder2012/sec4.pdf",
        png=report_output("results/raeder2012/sec4.png"),
        csv=report_output("results/raeder2012/sec4.csv"),
        md=report_output("results/raeder2012/sec4.md"),
        claims="results/raeder2012/sec4.claims.csv",
    log:
        "logs/raeder2012/sec4.log",
    benchmark:
        "benchmarks/raeder2012/sec4.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        section4=IMBALANCE["section4"],
        critical_auc=IMBALANCE["critical_auc"],
        entropy=job_entropy("raeder2012_sec4", IMBALANCE["section4"], 0),
    script:
        "../../scripts/imbalance_raeder2012_sec4.py"

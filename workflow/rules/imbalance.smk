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
IMB_CHUNKS = expand("results/studies/raeder2012/{dataset}.csv", dataset=IMBALANCE["datasets"])
IMB_PANELS = {"fig2a": "auc", "fig2b": "h_measure", "fig2c": "f1",
              "fig2d": f"precision_at_{IMBALANCE['precision_k']}", "fig2e": "brier",
              "fig2f": "accuracy", "fig2g": "pr_break_even"}


rule raeder2012_cv:
    """One dataset: nested minority removal 0-50 %, stratified 10-fold and 5x2 CV (same splits
    for every classifier), seven metrics per test fold for NB, J48 (Laplace) and SMO (Platt)."""
    input:
        data=lambda w: dataset_files(w.dataset),
        lib=lib_modules("datasets", "weka_like", "imbalance", "sampling", "seeding", "tables"),
    output:
        "results/studies/raeder2012/{dataset}.csv",
    wildcard_constraints:
        dataset=r"[a-z0-9][a-z0-9-]*",
    params:
        study=IMB_STUDY,
        tenfold_evaluated=IMBALANCE["tenfold"]["evaluated"],
        fivebytwo_repeats=IMBALANCE["fivebytwo"]["repeats"],
        entropy=lambda w: job_entropy("raeder2012", [IMB_STUDY, w.dataset], 0),
    log:
        "logs/raeder2012/cv/{dataset}.log",
    benchmark:
        "benchmarks/raeder2012/cv/{dataset}.tsv"
    conda:
        CONDA_ENV
    script:
        "../../scripts/run_raeder_cv.py"


register_artifact("raeder2012", "table1", kinds=("md", "csv"))


rule raeder2012_table1:
    """Table 1: examples, features, minority count and % computed from the data; non-public
    datasets as rows marked "not public"; Covtype "not built offline"."""
    input:
        data=[f for name in IMBALANCE["datasets"] for f in dataset_files(name)],
        lib=lib_modules("datasets", "scorecard", "tables"),
    output:
        md=report_output("results/raeder2012/table1.md"),
        csv=report_output("results/raeder2012/table1.csv"),
        claims="results/raeder2012/table1.claims.csv",
    params:
        profile=config["profile"],
        datasets=IMBALANCE["datasets"],
    log:
        "logs/raeder2012/table1.log",
    benchmark:
        "benchmarks/raeder2012/table1.tsv"
    conda:
        CONDA_ENV
    script:
        "../../scripts/table_raeder2012_table1.py"


for _panel, _metric in IMB_PANELS.items():
    register_artifact("raeder2012", _panel)

    rule:
        name:
            f"raeder2012_{_panel}"
        input:
            chunks=IMB_CHUNKS,
            lib=lib_modules("plotting", "scorecard", "tables"),
        output:
            pdf=f"results/raeder2012/{_panel}.pdf",
            png=report_output(f"results/raeder2012/{_panel}.png"),
            csv=report_output(f"results/raeder2012/{_panel}.csv"),
            claims=f"results/raeder2012/{_panel}.claims.csv",
        params:
            profile=config["profile"],
            panel=_panel,
            metric=_metric,
            tenfold=IMBALANCE["tenfold"],
            fivebytwo=IMBALANCE["fivebytwo"],
        log:
            f"logs/raeder2012/{_panel}.log",
        benchmark:
            f"benchmarks/raeder2012/{_panel}.tsv"
        conda:
            CONDA_ENV
        script:
            "../../scripts/plot_raeder2012_fig2.py"


register_artifact("raeder2012", "rankings", kinds=("md", "csv"))


rule raeder2012_rankings:
    """Sec. 3.2 "Summary": each metric's and CV scheme's ranking of NB, J48 and SMO (mean over
    datasets; over all removal levels and per level) and which rankings flip."""
    input:
        chunks=IMB_CHUNKS,
        lib=lib_modules("rankings", "scorecard", "tables"),
    output:
        md=report_output("results/raeder2012/rankings.md"),
        csv=report_output("results/raeder2012/rankings.csv"),
        claims="results/raeder2012/rankings.claims.csv",
    params:
        profile=config["profile"],
        precision_k=IMBALANCE["precision_k"],
    log:
        "logs/raeder2012/rankings.log",
    benchmark:
        "benchmarks/raeder2012/rankings.tsv"
    conda:
        CONDA_ENV
    script:
        "../../scripts/table_raeder2012_rankings.py"


register_artifact("raeder2012", "fig3")


rule raeder2012_fig3:
    """Figure 3: negatives needed for x % positives with at least 100 positives,
    100 (1 - x) / x, with this project's datasets marked (negatives from Table 1)."""
    input:
        table1="results/raeder2012/table1.csv",
        lib=lib_modules("plotting", "scorecard", "tables"),
    output:
        pdf="results/raeder2012/fig3.pdf",
        png=report_output("results/raeder2012/fig3.png"),
        csv=report_output("results/raeder2012/fig3.csv"),
        claims="results/raeder2012/fig3.claims.csv",
    params:
        profile=config["profile"],
    log:
        "logs/raeder2012/fig3.log",
    benchmark:
        "benchmarks/raeder2012/fig3.tsv"
    conda:
        CONDA_ENV
    script:
        "../../scripts/plot_raeder2012_fig3.py"


register_artifact("raeder2012", "sec4", kinds=("pdf", "png", "csv", "md"))


rule raeder2012_sec4:
    """Section 4: SD of AUC at mean 0.95 on 100:5000, 100:500, 10:500 and 10:5000 test sets
    (closed form and simulation), and the critical AUC of random classifiers at 50:1000."""
    input:
        lib=lib_modules("imbalance", "plotting", "scorecard", "seeding", "tables"),
    output:
        pdf="results/raeder2012/sec4.pdf",
        png=report_output("results/raeder2012/sec4.png"),
        csv=report_output("results/raeder2012/sec4.csv"),
        md=report_output("results/raeder2012/sec4.md"),
        claims="results/raeder2012/sec4.claims.csv",
    params:
        profile=config["profile"],
        section4=IMBALANCE["section4"],
        entropy=job_entropy("raeder2012_sec4", IMBALANCE["section4"], 0),
    log:
        "logs/raeder2012/sec4.log",
    benchmark:
        "benchmarks/raeder2012/sec4.tsv"
    conda:
        CONDA_ENV
    script:
        "../../scripts/plot_raeder2012_sec4.py"

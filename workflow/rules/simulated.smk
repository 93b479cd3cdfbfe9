"""Simulated-classifier study (Neville et al. 2009 Sec. 4; Wang et al. 2011 Sec. 5.1):
group-based simulated classifiers under RRS, ERS and NCV. One study, many panels: each
scenario of config `simulated.scenarios` is computed once in seeded chunks and summarised;
the paper panels are views of the summaries."""

rule simulated_chunk:
    """One seeded chunk (one Table 6 "simulation") of a simulated-classifier scenario:
    per trial, the fold error rates of classifiers A and B, the paired and unpaired t-test
    outcomes and the measured error correlation, for every sampler and propLabeled."""
    input:
        lib=lib_modules("seeding", "sampling", "significance", "simulated", "tables"),
    output:
        "results/studies/simulated/{scenario}/chunk{chunk}.csv",
    params:
        study=SIM_STUDY,
        scenario=lambda w: sim_scenario(w.scenario),
        trials=lambda w: SIMULATED["scenarios"][w.scenario]["trials_per_chunk"],
        first_trial=lambda w: int(w.chunk) * SIMULATED["scenarios"][w.scenario]["trials_per_chunk"],
        entropy=lambda w: job_entropy("simulated", [SIM_STUDY, sim_scenario(w.scenario)], w.chunk),
    log:
        "logs/simulated/{scenario}/chunk{chunk}.log",
    benchmark:
        "benchmarks/simulated/{scenario}/chunk{chunk}.tsv"
    conda:
        CONDA_ENV
    script:
        "../../scripts/run_simulated.py"


rule simulated_summary:
    """Rejection rate of every test per sampler and propLabeled, with 95% Wilson intervals."""
    input:
        chunks=sim_chunks,
        lib=lib_modules("rates", "summaries", "tables"),
    output:
        "results/studies/simulated/{scenario}/summary.csv",
    log:
        "logs/simulated/{scenario}/summary.log",
    benchmark:
        "benchmarks/simulated/{scenario}/summary.tsv"
    conda:
        CONDA_ENV
    script:
        "../../scripts/summarize_simulated.py"


register_artifact("neville2009", "fig1a")


rule neville2009_fig1a:
    """Neville 2009 Fig. 1(a): Type I error vs propLabeled for RRS, ERS (30 folds) and NCV
    (10 folds), paired t-test, Table 7 read per_fold (config scenario `neville_fig1a`)."""
    input:
        summary="results/studies/simulated/neville_fig1a/summary.csv",
        lib=lib_modules("plotting", "scorecard", "summaries", "tables"),
    output:
        pdf="results/neville2009/fig1a.pdf",
        png="results/neville2009/fig1a.png",
        csv="results/neville2009/fig1a.csv",
        claims="results/neville2009/fig1a.claims.csv",
    params:
        profile=config["profile"],
        alpha=SIMULATED["alpha"],
    log:
        "logs/neville2009/fig1a.log",
    benchmark:
        "benchmarks/neville2009/fig1a.tsv"
    conda:
        CONDA_ENV
    script:
        "../../scripts/plot_neville2009_fig1a.py"

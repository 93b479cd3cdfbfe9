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


# Paper panels: views of the scenario summaries. Each entry names the scenarios a panel reads
# (as input names of its script) and what it shows; the rule is `<paper>_<artifact>` and its
# script `scripts/plot_<paper>_<artifact>.py`.
SIMULATED_PANELS = {
    ("neville2009", "fig1a"): dict(summary="neville_fig1a"),
    ("neville2009", "fig1a_readings"): dict(per_fold="neville_fig1a", per_trial="neville_fig1a_per_trial"),
    ("neville2009", "fig1b"): dict(summary="neville_fig1b"),
    ("wang2011", "fig1a"): dict(summary="wang_fig1a"),
    ("wang2011", "fig1b"): dict(summary="wang_fig1b"),
    ("wang2011", "tests_compared"): dict(summary="tests_compared"),
}

for (paper, artifact), scenarios in SIMULATED_PANELS.items():
    register_artifact(paper, artifact)

    rule:
        name:
            f"{paper}_{artifact}"
        input:
            **{key: f"results/studies/simulated/{sc}/summary.csv" for key, sc in scenarios.items()},
            lib=lib_modules("plotting", "scorecard", "summaries", "tables"),
        output:
            pdf=f"results/{paper}/{artifact}.pdf",
            png=report_output(f"results/{paper}/{artifact}.png"),
            csv=report_output(f"results/{paper}/{artifact}.csv"),
            claims=f"results/{paper}/{artifact}.claims.csv",
        params:
            profile=config["profile"],
            alpha=SIMULATED["alpha"],
            panel=f"{paper}_{artifact}",
        log:
            f"logs/{paper}/{artifact}.log",
        benchmark:
            f"benchmarks/{paper}/{artifact}.tsv"
        conda:
            CONDA_ENV
        script:
            # formatted per job from params: an f-string here would bind the loop's last values
            "../../scripts/plot_{params.panel}.py"

"""Simulated-classifier study (Neville et al. 2009 Sec. 4; Wang et al. 2011 Sec. 5.1):
group-based simulated classifiers under RRS, ERS and NCV. One study, many panels: each
scenario of config `simulated.scenarios` is computed once in seeded chunks and summarised;
the paper panels are views of the summaries."""

SIMULATED = config["simulated"]
SIM_STUDY = {k: SIMULATED[k] for k in ("instances", "groups", "alpha")}


rule simulated_chunk:
    """One seeded chunk (one Table 6 "simulation") of a simulated-classifier scenario:
    per trial, the fold error rates of classifiers A and B, the paired and unpaired t-test
    outcomes and the measured error correlation, for every sampler and propLabeled."""
    input:
        lib=lib_inputs("scripts/simulated_chunk.py"),
    output:
        "results/studies/simulated/{scenario}/chunk{chunk}.csv",
    log:
        "logs/simulated/{scenario}/chunk{chunk}.log",
    benchmark:
        "benchmarks/simulated/{scenario}/chunk{chunk}.tsv"
    conda:
        CONDA_ENV
    params:
        study=SIM_STUDY,
        scenario=lambda w: sim_scenario(w.scenario),
        trials=lambda w: SIMULATED["scenarios"][w.scenario]["trials_per_chunk"],
        first_trial=lambda w: int(w.chunk) * SIMULATED["scenarios"][w.scenario]["trials_per_chunk"],
        entropy=lambda w: job_entropy("simulated", [SIM_STUDY, sim_scenario(w.scenario)], w.chunk),
        # a reading of Wang 2011 Sec. 4 that draws nothing: kept out of the seed (paired comparison)
        rsc_q_estimate=config["network_tests"]["rsc_q_estimate"],
    script:
        "../../scripts/simulated_chunk.py"


rule simulated_summary:
    """Rejection rate of every test per sampler and propLabeled, with 95% Wilson intervals."""
    input:
        chunks=sim_chunks,
        lib=lib_inputs("scripts/simulated_summary.py"),
    output:
        "results/studies/simulated/{scenario}/summary.csv",
    log:
        "logs/simulated/{scenario}/summary.log",
    benchmark:
        "benchmarks/simulated/{scenario}/summary.tsv"
    conda:
        CONDA_ENV
    script:
        "../../scripts/simulated_summary.py"


# Paper panels: views of the scenario summaries (results/<paper>/<artifact>.* is built by rule
# simulated_<paper>_<artifact>, script scripts/simulated_<paper>_<artifact>.py).


register_artifact("neville2009", "fig1a")


rule simulated_neville2009_fig1a:
    """Neville 2009 Fig. 1(a): Type I error of paired/unpaired t-tests under RRS, ERS and NCV vs propLabeled (simulated classifiers)."""
    input:
        summary=rules.simulated_summary.output[0].format(scenario="neville_fig1a"),
        lib=lib_inputs("scripts/simulated_neville2009_fig1a.py"),
    output:
        pdf="results/neville2009/fig1a.pdf",
        png=report_output("results/neville2009/fig1a.png"),
        csv=report_output("results/neville2009/fig1a.csv"),
        claims="results/neville2009/fig1a.claims.csv",
    log:
        "logs/neville2009/fig1a.log",
    benchmark:
        "benchmarks/neville2009/fig1a.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        alpha=SIMULATED["alpha"],
        instances=SIMULATED["instances"],
        groups=SIMULATED["groups"],
        reading=SIMULATED["scenarios"]["neville_fig1a"]["reading"],
    script:
        "../../scripts/simulated_neville2009_fig1a.py"


register_artifact("neville2009", "fig1a_readings")


rule simulated_neville2009_fig1a_readings:
    """Fig. 1(a) under both readings of the group draw (per fold, per trial), side by side."""
    input:
        per_fold=rules.simulated_summary.output[0].format(scenario="neville_fig1a"),
        per_trial=rules.simulated_summary.output[0].format(scenario="neville_fig1a_per_trial"),
        lib=lib_inputs("scripts/simulated_neville2009_fig1a_readings.py"),
    output:
        pdf="results/neville2009/fig1a_readings.pdf",
        png=report_output("results/neville2009/fig1a_readings.png"),
        csv=report_output("results/neville2009/fig1a_readings.csv"),
        claims="results/neville2009/fig1a_readings.claims.csv",
    log:
        "logs/neville2009/fig1a_readings.log",
    benchmark:
        "benchmarks/neville2009/fig1a_readings.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        alpha=SIMULATED["alpha"],
        instances=SIMULATED["instances"],
        groups=SIMULATED["groups"],
    script:
        "../../scripts/simulated_neville2009_fig1a_readings.py"


register_artifact("neville2009", "fig1b")


rule simulated_neville2009_fig1b:
    """Neville 2009 Fig. 1(b): Type I error vs error correlation."""
    input:
        summary=rules.simulated_summary.output[0].format(scenario="neville_fig1b"),
        lib=lib_inputs("scripts/simulated_neville2009_fig1b.py"),
    output:
        pdf="results/neville2009/fig1b.pdf",
        png=report_output("results/neville2009/fig1b.png"),
        csv=report_output("results/neville2009/fig1b.csv"),
        claims="results/neville2009/fig1b.claims.csv",
    log:
        "logs/neville2009/fig1b.log",
    benchmark:
        "benchmarks/neville2009/fig1b.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        alpha=SIMULATED["alpha"],
        error_correlation=SIMULATED["fig1b_error_correlation"],
        reading=SIMULATED["scenarios"]["neville_fig1b"]["reading"],
    script:
        "../../scripts/simulated_neville2009_fig1b.py"


register_artifact("wang2011", "fig1a")


rule simulated_wang2011_fig1a:
    """Wang 2011 Fig. 1(a): Type I error of RS, RS-C and NCV (simulated classifiers)."""
    input:
        summary=rules.simulated_summary.output[0].format(scenario="wang_fig1a"),
        lib=lib_inputs("scripts/simulated_wang2011_fig1a.py"),
    output:
        pdf="results/wang2011/fig1a.pdf",
        png=report_output("results/wang2011/fig1a.png"),
        csv=report_output("results/wang2011/fig1a.csv"),
        claims="results/wang2011/fig1a.claims.csv",
    log:
        "logs/wang2011/fig1a.log",
    benchmark:
        "benchmarks/wang2011/fig1a.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        alpha=SIMULATED["alpha"],
        reading=SIMULATED["scenarios"]["wang_fig1a"]["reading"],
        instances=SIMULATED["instances"],
        scenario=SIMULATED["scenarios"]["wang_fig1a"],
    script:
        "../../scripts/simulated_wang2011_fig1a.py"


register_artifact("wang2011", "fig1b")


rule simulated_wang2011_fig1b:
    """Wang 2011 Fig. 1(b): power of RS, RS-C and NCV vs the true difference."""
    input:
        summary=rules.simulated_summary.output[0].format(scenario="wang_fig1b"),
        lib=lib_inputs("scripts/simulated_wang2011_fig1b.py"),
    output:
        pdf="results/wang2011/fig1b.pdf",
        png=report_output("results/wang2011/fig1b.png"),
        csv=report_output("results/wang2011/fig1b.csv"),
        claims="results/wang2011/fig1b.claims.csv",
    log:
        "logs/wang2011/fig1b.log",
    benchmark:
        "benchmarks/wang2011/fig1b.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        alpha=SIMULATED["alpha"],
        reading=SIMULATED["scenarios"]["wang_fig1b"]["reading"],
        instances=SIMULATED["instances"],
        scenario=SIMULATED["scenarios"]["wang_fig1b"],
    script:
        "../../scripts/simulated_wang2011_fig1b.py"


register_artifact("wang2011", "tests_compared")


rule simulated_wang2011_tests_compared:
    """Beyond the papers: RS-C next to Nadeau-Bengio and 5x2cv tests."""
    input:
        summary=rules.simulated_summary.output[0].format(scenario="tests_compared"),
        lib=lib_inputs("scripts/simulated_wang2011_tests_compared.py"),
    output:
        pdf="results/wang2011/tests_compared.pdf",
        png=report_output("results/wang2011/tests_compared.png"),
        csv=report_output("results/wang2011/tests_compared.csv"),
        claims="results/wang2011/tests_compared.claims.csv",
    log:
        "logs/wang2011/tests_compared.log",
    benchmark:
        "benchmarks/wang2011/tests_compared.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        alpha=SIMULATED["alpha"],
        reading=SIMULATED["scenarios"]["tests_compared"]["reading"],
        instances=SIMULATED["instances"],
        scenario=SIMULATED["scenarios"]["tests_compared"],
    script:
        "../../scripts/simulated_wang2011_tests_compared.py"

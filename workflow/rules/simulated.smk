"""Simulated-classifier study (Neville et al. 2009 Sec. 4; Wang et al. 2011 Sec. 5.1):
group-based simulated classifiers under RRS, ERS and NCV. One study, many panels: each
scenario of config `simulated.scenarios` is computed once in seeded chunks and summarised;
the paper panels are views of the summaries."""

from lib.studies import simulated as SIM_LIB  # importable: see common.smk


rule simulated_chunk:
    """One seeded chunk (one Table 6 "simulation") of a simulated-classifier scenario:
    per trial, the fold error rates of classifiers A and B, the paired and unpaired t-test
    outcomes and the measured error correlation, for every sampler and propLabeled."""
    input:
        lib=lib_inputs("scripts/simulated_chunk.py"),
    output:
        chunk="results/studies/simulated/{scenario}/chunk{chunk}.csv",
    log:
        "logs/simulated/{scenario}/chunk{chunk}.log",
    benchmark:
        "benchmarks/simulated/{scenario}/chunk{chunk}.tsv"
    conda:
        CONDA_ENV
    params:
        **job_params(SIM_LIB.JOBS["simulated_chunk"]),
    script:
        "../../scripts/simulated_chunk.py"


rule simulated_summary:
    """Rejection rate of every test per sampler and propLabeled, with 95% Wilson intervals."""
    input:
        chunks=upstream_files(SIM_LIB.JOBS["simulated_summary"], "simulated_chunk", "chunk"),
        lib=lib_inputs("scripts/simulated_summary.py"),
    output:
        summary="results/studies/simulated/{scenario}/summary.csv",
    log:
        "logs/simulated/{scenario}/summary.log",
    benchmark:
        "benchmarks/simulated/{scenario}/summary.tsv"
    conda:
        CONDA_ENV
    script:
        "../../scripts/simulated_summary.py"


# The paper panels are views of the scenario summaries, declared in lib.views.neville2009 and
# lib.views.wang2011 (rules simulated_<paper>_<artifact>, workflow/rules/artifacts.smk).

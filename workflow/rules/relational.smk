"""Relational-classifier study on synthetic networks (Neville et al. 2009 Sec. 5, Fig. 1(c)-(e);
Wang et al. 2011 Sec. 5.2, Fig. 2): wvRN vs nBC with relaxation labeling on latent group model
networks, handicapped to equal accuracy (Type I) or to a known gap (power), evaluated by RS and
NCV with paired and unpaired t-tests and RS-C. One calibration job per (network size, purpose),
one seeded chunk per (purpose, network size, evaluation network), one summary; the paper panels
are views of the summary, declared in lib.views.neville2009 and lib.views.wang2011 (their rules:
artifacts.smk)."""

from lib.studies import relational as REL_LIB  # importable: see common.smk


rule relational_calibration:
    """Calibration set (Neville Sec. 5.3): calibration networks, each split by NCV. Type I: the
    wvRN handicap c meeting the tolerance at each labeling level (fails with one sentence if
    none does). Power: the mean accuracy difference wvRN - nBC(c) for each nBC handicap c, the
    x axis of the power panels."""
    input:
        lib=lib_inputs("scripts/relational_calibration.py"),
    output:
        calibration="results/studies/relational/calibration/{purpose}_n{nodes}.csv",
        networks="results/studies/relational/calibration/{purpose}_n{nodes}_networks.csv",
    log:
        "logs/relational/calibration/{purpose}_n{nodes}.log",
    benchmark:
        "benchmarks/relational/calibration/{purpose}_n{nodes}.tsv"
    wildcard_constraints:
        purpose="type1|power",
        nodes=r"\d+",
    conda:
        CONDA_ENV
    params:
        **job_params(REL_LIB.JOBS["relational_calibration"]),
    script:
        "../../scripts/relational_calibration.py"


rule relational_chunk:
    """One evaluation network (Neville Sec. 5.4): per trial and labeling level, RS and NCV splits,
    nBC learned on each labeled set, both models inferred by relaxation labeling, handicaps
    applied, per-split accuracies, paired/unpaired t-tests and (RS) RS-C."""
    input:
        calibration=upstream_files(REL_LIB.JOBS["relational_chunk"], "relational_calibration", "calibration"),
        lib=lib_inputs("scripts/relational_chunk.py"),
    output:
        trials="results/studies/relational/{purpose}_n{nodes}/chunk{chunk}.csv",
        networks="results/studies/relational/{purpose}_n{nodes}/networks{chunk}.csv",
    log:
        "logs/relational/{purpose}_n{nodes}/chunk{chunk}.log",
    benchmark:
        "benchmarks/relational/{purpose}_n{nodes}/chunk{chunk}.tsv"
    wildcard_constraints:
        purpose="type1|power",
        nodes=r"\d+",
    conda:
        CONDA_ENV
    params:
        **job_params(REL_LIB.JOBS["relational_chunk"]),
    script:
        "../../scripts/relational_chunk.py"


rule relational_summary:
    """Rejection rates with 95% Wilson intervals per purpose, size, sampler, test, labeling level
    and handicap, for all trials (Neville) and the first wang_trials_per_network (Wang); the
    calibration table; the generated networks' autocorrelation and P(+)."""
    input:
        chunks=upstream_files(REL_LIB.JOBS["relational_summary"], "relational_chunk", "trials"),
        networks=upstream_files(REL_LIB.JOBS["relational_summary"], "relational_chunk", "networks"),
        calibrations=upstream_files(REL_LIB.JOBS["relational_summary"], "relational_calibration", "calibration"),
        calibration_networks=upstream_files(REL_LIB.JOBS["relational_summary"], "relational_calibration", "networks"),
        lib=lib_inputs("scripts/relational_summary.py"),
    output:
        summary="results/studies/relational/summary.csv",
        calibration="results/studies/relational/calibration.csv",
        networks="results/studies/relational/networks.csv",
        network_rates="results/studies/relational/network_rates.csv",
    log:
        "logs/relational/summary.log",
    benchmark:
        "benchmarks/relational/summary.tsv"
    conda:
        CONDA_ENV
    params:
        **job_params(REL_LIB.JOBS["relational_summary"]),
    script:
        "../../scripts/relational_summary.py"

"""Real network data (include after data.smk): Neville 2009 Table 1 (error correlation and label
autocorrelation of four public tasks, four network-only models) and the real-data Type I / power
experiments (Neville 2009 Sec. 6, Fig. 1(f); Wang 2011 Sec. 5.2, Fig. 3) on network sets: six
disjoint networks each, the user's own files (Add Health, IMDB) or, by default, public stand-ins
carved from Cora and Citeseer (lib.studies.realnet; reading realnet.selection: six similar
networks or the region-grown partition). Per set: one network-set job, one calibration job
(leave one network out), one chunk per purpose; one summary. Table 1 and the panels are views of
the Table 1 study and the summary, declared in lib.views.neville2009 and lib.views.wang2011 (their
rules: artifacts.smk)."""

from lib.studies import realnet as RN_LIB  # importable: see common.smk

# what determines the Table 1 study's draws; Table 1's artifact states it with the same function
RN_TABLE1_SETTING = RN_LIB.table1_setting(config)


rule realnet_table1_study:
    """Neville 2009 Table 1: for each task, uniform labeled sets at each labeling level, wvRN and
    the link-based classifier with and without collective inference, phi of errors over linked
    unlabeled pairs; and the label autocorrelation of each task."""
    input:
        data=[f for name in RN_TABLE1_SETTING["datasets"] for f in dataset_files(name)],
        lib=lib_inputs("scripts/realnet_table1_study.py"),
    output:
        trials="results/studies/realnet/table1/trials.csv",
        tasks="results/studies/realnet/table1/tasks.csv",
    log:
        "logs/realnet/table1.log",
    benchmark:
        "benchmarks/realnet/table1.tsv"
    conda:
        CONDA_ENV
    params:
        **job_params(RN_LIB.JOBS["realnet_table1_study"]),
    script:
        "../../scripts/realnet_table1_study.py"


rule realnet_network_set:
    """One network set in the documented nodes.csv/edges.csv format: a public stand-in carved
    from a dataset (reading realnet.selection: six networks within the bands of realnet.similar,
    or the region-grown partition), or the user's files, checked; plus one row of statistics per
    network."""
    input:
        data=rn_set_inputs,
        lib=lib_inputs("scripts/realnet_network_set.py"),
    output:
        nodes="results/studies/realnet/{netset}/nodes.csv",
        edges="results/studies/realnet/{netset}/edges.csv",
        networks="results/studies/realnet/{netset}/networks.csv",
    log:
        "logs/realnet/{netset}/network_set.log",
    benchmark:
        "benchmarks/realnet/{netset}/network_set.tsv"
    wildcard_constraints:
        netset=r"[a-z0-9_]+",
    conda:
        CONDA_ENV
    params:
        **job_params(RN_LIB.JOBS["realnet_network_set"]),
    script:
        "../../scripts/realnet_network_set.py"


rule realnet_calibration:
    """Calibration (Neville Sec. 6): every network split `calibration_samples` times into NCV
    folds at each labeling level, both models inferred once; for each held-out network, the
    handicap equalising the models on the other networks (Type I) and the mean difference
    wvRN - nBC(c) for each nBC handicap (power)."""
    input:
        nodes=rules.realnet_network_set.output.nodes,
        edges=rules.realnet_network_set.output.edges,
        lib=lib_inputs("scripts/realnet_calibration.py"),
    output:
        calibration="results/studies/realnet/{netset}/calibration.csv",
    log:
        "logs/realnet/{netset}/calibration.log",
    benchmark:
        "benchmarks/realnet/{netset}/calibration.tsv"
    wildcard_constraints:
        netset=r"[a-z0-9_]+",
    conda:
        CONDA_ENV
    params:
        **job_params(RN_LIB.JOBS["realnet_calibration"]),
    script:
        "../../scripts/realnet_calibration.py"


rule realnet_chunk:
    """Evaluation (Neville Sec. 6; Wang Sec. 5.2): each network of the set in turn held out; per
    trial and level, RS and NCV splits, both models inferred, the held-out network's calibrated
    handicap (Type I) or each nBC handicap (power) applied; paired/unpaired t and RS-C."""
    input:
        nodes=rules.realnet_network_set.output.nodes,
        edges=rules.realnet_network_set.output.edges,
        calibration=rules.realnet_calibration.output[0],
        lib=lib_inputs("scripts/realnet_chunk.py"),
    output:
        chunk="results/studies/realnet/{netset}/{purpose}/chunk0.csv",
    log:
        "logs/realnet/{netset}/{purpose}/chunk0.log",
    benchmark:
        "benchmarks/realnet/{netset}/{purpose}/chunk0.tsv"
    wildcard_constraints:
        netset=r"[a-z0-9_]+",
        purpose="type1|power",
    conda:
        CONDA_ENV
    params:
        **job_params(RN_LIB.JOBS["realnet_chunk"]),
    script:
        "../../scripts/realnet_chunk.py"


rule realnet_summary:
    """Rejection rates with 95% Wilson intervals per set, purpose, sampler, test, level and nBC
    handicap, pooled over the held-out networks; the power x axis (mean calibration difference
    over the held-out networks); the networks' statistics."""
    input:
        chunks=upstream_files(RN_LIB.JOBS["realnet_summary"], "realnet_chunk", "chunk"),
        calibrations=upstream_files(RN_LIB.JOBS["realnet_summary"], "realnet_calibration", "calibration"),
        networks=upstream_files(RN_LIB.JOBS["realnet_summary"], "realnet_network_set", "networks"),
        lib=lib_inputs("scripts/realnet_summary.py"),
    output:
        summary="results/studies/realnet/summary.csv",
        calibration="results/studies/realnet/calibration.csv",
        networks="results/studies/realnet/networks.csv",
    log:
        "logs/realnet/summary.log",
    benchmark:
        "benchmarks/realnet/summary.tsv"
    conda:
        CONDA_ENV
    params:
        **job_params(RN_LIB.JOBS["realnet_summary"]),
    script:
        "../../scripts/realnet_summary.py"

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

REALNET = config["realnet"]
# what determines the Table 1 study's draws; Table 1's artifact states it with the same function
RN_TABLE1_SETTING = RN_LIB.table1_setting(config)
RN_HANDICAP = {"strength": REALNET["handicap_strength"], "selection": REALNET["handicap_selection"]}
RN_LEVELS = {"type1": list(REALNET["prop_labeled"]), "power": [REALNET["power_prop_labeled"]]}
# the sets the paper panels show (lib.views), all evaluated and summarised
RN_SHOWN = RN_LIB.shown_sets(config)
RN_PURPOSES = ("type1", "power")


RN_CALIBRATION = {
    "levels": sorted(set(RN_LEVELS["type1"]) | set(RN_LEVELS["power"])),
    "samples": REALNET["calibration_samples"],
    "folds": REALNET["calibration_folds"],
    "type1_levels": RN_LEVELS["type1"],
    "power_level": REALNET["power_prop_labeled"],
    "power_handicaps": list(REALNET["power_handicaps"]),
    "tolerance": REALNET["tolerance"],
    **RN_HANDICAP,
}


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
        setting=RN_TABLE1_SETTING,
        entropy=job_entropy("realnet_table1", RN_TABLE1_SETTING, 0),
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
        spec=lambda w: RN_LIB.network_set_identity(config, w.netset),
        selection=REALNET["selection"],
        entropy=lambda w: job_entropy(RN_LIB.NETWORK_SET_STREAM, RN_LIB.network_set_identity(config, w.netset), 0),
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
        "results/studies/realnet/{netset}/calibration.csv",
    log:
        "logs/realnet/{netset}/calibration.log",
    benchmark:
        "benchmarks/realnet/{netset}/calibration.tsv"
    wildcard_constraints:
        netset=r"[a-z0-9_]+",
    conda:
        CONDA_ENV
    params:
        setting=RN_CALIBRATION,
        set_entropy=lambda w: job_entropy(
            "realnet_calibration_set",
            [
                RN_LIB.network_set_identity(config, w.netset),
                RN_CALIBRATION["samples"],
                RN_CALIBRATION["folds"],
                RN_CALIBRATION["levels"],
            ],
            0,
        ),
        entropy=lambda w: job_entropy(
            "realnet_calibration", [RN_LIB.network_set_identity(config, w.netset), RN_CALIBRATION], 0
        ),
        models=NETWORK_TESTS_JOBS,
        # a calibration no handicap meets stops the job: the papers' artifacts follow their
        # procedure or are not built (the `yours` target settles instead: yours.smk)
        unmet="raise",
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
        "results/studies/realnet/{netset}/{purpose}/chunk0.csv",
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
        setting=lambda w: RN_LIB.chunk_identity(config, w.purpose),
        entropy=lambda w: job_entropy(
            "realnet", [RN_LIB.network_set_identity(config, w.netset), RN_LIB.chunk_identity(config, w.purpose)], 0
        ),
        models=NETWORK_TESTS_JOBS,
    script:
        "../../scripts/realnet_chunk.py"


rule realnet_summary:
    """Rejection rates with 95% Wilson intervals per set, purpose, sampler, test, level and nBC
    handicap, pooled over the held-out networks; the power x axis (mean calibration difference
    over the held-out networks); the networks' statistics."""
    input:
        chunks=expand(rules.realnet_chunk.output[0], netset=RN_SHOWN, purpose=RN_PURPOSES),
        calibrations=expand(rules.realnet_calibration.output[0], netset=RN_SHOWN),
        networks=expand(rules.realnet_network_set.output.networks, netset=RN_SHOWN),
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
        sets=RN_SHOWN,
    script:
        "../../scripts/realnet_summary.py"

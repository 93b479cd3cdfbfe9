"""Real network data (include after data.smk): Neville 2009 Table 1 (error correlation and label
autocorrelation of four public tasks, four network-only models) and the real-data Type I / power
experiments (Neville 2009 Sec. 6, Fig. 1(f); Wang 2011 Sec. 5.2, Fig. 3) on network sets: six
disjoint networks each, the user's own files (Add Health, IMDB) or, by default, public stand-ins
carved from Cora and Citeseer (lib.studies.realnet; reading realnet.selection: six similar
networks or the region-grown partition). Per set: one network-set job, one calibration job
(leave one network out), one chunk per purpose; one summary; the panels are views of it."""

REALNET = config["realnet"]
RN_TABLE1 = REALNET["table1"]
RN_SETS = REALNET["sets"]
RN_HANDICAP = {"strength": REALNET["handicap_strength"], "selection": REALNET["handicap_selection"]}
RN_LEVELS = {"type1": list(REALNET["prop_labeled"]), "power": [REALNET["power_prop_labeled"]]}
RN_SHOWN = sorted(set(REALNET["fig1f_sets"]) | set(REALNET["fig3_sets"]))
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
        data=[f for name in RN_TABLE1["datasets"] for f in dataset_files(name)],
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
        setting={k: RN_TABLE1[k] for k in ("datasets", "prop_labeled", "samples", "l2")},
        entropy=job_entropy(
            "realnet_table1", {k: RN_TABLE1[k] for k in ("datasets", "prop_labeled", "samples", "l2")}, 0
        ),
    script:
        "../../scripts/realnet_table1_study.py"


register_artifact("neville2009", "table1", kinds=("md", "csv"))


rule realnet_neville2009_table1:
    """Neville 2009 Table 1 next to the reproduced values, with claims."""
    input:
        trials=rules.realnet_table1_study.output.trials,
        tasks=rules.realnet_table1_study.output.tasks,
        lib=lib_inputs("scripts/realnet_neville2009_table1.py"),
    output:
        md=report_output("results/neville2009/table1.md"),
        csv=report_output("results/neville2009/table1.csv"),
        claims="results/neville2009/table1.claims.csv",
    log:
        "logs/neville2009/table1.log",
    benchmark:
        "benchmarks/neville2009/table1.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        setting={
            k: RN_TABLE1[k]
            for k in (
                "datasets",
                "prop_labeled",
                "samples",
                "l2",
                "tolerance_error_correlation",
                "tolerance_autocorrelation",
            )
        },
        autocorrelation_measure=config["network_tests"]["autocorrelation_measure"],
    script:
        "../../scripts/realnet_neville2009_table1.py"


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
        spec=lambda w: rn_set_spec(w.netset),
        selection=REALNET["selection"],
        # the seed label predates the reading; frozen (docs/architecture.md, "Seeds")
        entropy=lambda w: job_entropy("realnet_partition", rn_set_spec(w.netset), 0),
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
            [rn_set_spec(w.netset), RN_CALIBRATION["samples"], RN_CALIBRATION["folds"], RN_CALIBRATION["levels"]],
            0,
        ),
        entropy=lambda w: job_entropy("realnet_calibration", [rn_set_spec(w.netset), RN_CALIBRATION], 0),
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
        setting=lambda w: rn_chunk_setting(w.purpose),
        entropy=lambda w: job_entropy("realnet", [rn_set_spec(w.netset), rn_chunk_setting(w.purpose)], 0),
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


# Paper panels: views of the summary (results/<paper>/<artifact>.* is built by rule
# realnet_<paper>_<artifact>, script scripts/realnet_<paper>_<artifact>.py). `sets`: the network
# sets shown (one panel each); `paper_trials`: what the paper used.
RN_PANEL_STUDY = {
    k: REALNET[k]
    for k in (
        "trials_per_network",
        "calibration_samples",
        "calibration_folds",
        "tolerance",
        "power_prop_labeled",
        "power_handicaps",
        "partition",
        "selection",
        "similar",
    )
} | {"handicap_magnitude": config["network_tests"]["handicap_magnitude"]}


register_artifact("neville2009", "fig1f")


rule realnet_neville2009_fig1f:
    """Neville 2009 Fig. 1(f): Type I error on real network sets (public STAND-INs by default)."""
    input:
        summary=rules.realnet_summary.output.summary,
        calibration=rules.realnet_summary.output.calibration,
        networks=rules.realnet_summary.output.networks,
        lib=lib_inputs("scripts/realnet_neville2009_fig1f.py"),
    output:
        pdf="results/neville2009/fig1f.pdf",
        png=report_output("results/neville2009/fig1f.png"),
        csv=report_output("results/neville2009/fig1f.csv"),
        claims="results/neville2009/fig1f.claims.csv",
    log:
        "logs/neville2009/fig1f.log",
    benchmark:
        "benchmarks/neville2009/fig1f.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        alpha=REALNET["alpha"],
        set_specs={name: RN_SETS[name] for name in REALNET["fig1f_sets"]},
        study=RN_PANEL_STUDY,
        samplers=REALNET["samplers"],
        sets=list(REALNET["fig1f_sets"]),
        paper_trials=50,
    script:
        "../../scripts/realnet_neville2009_fig1f.py"


register_artifact("wang2011", "fig3a")


rule realnet_wang2011_fig3a:
    """Wang 2011 Fig. 3(a): Type I error of RS, RS-C and NCV on real network sets."""
    input:
        summary=rules.realnet_summary.output.summary,
        calibration=rules.realnet_summary.output.calibration,
        networks=rules.realnet_summary.output.networks,
        lib=lib_inputs("scripts/realnet_wang2011_fig3a.py"),
    output:
        pdf="results/wang2011/fig3a.pdf",
        png=report_output("results/wang2011/fig3a.png"),
        csv=report_output("results/wang2011/fig3a.csv"),
        claims="results/wang2011/fig3a.claims.csv",
    log:
        "logs/wang2011/fig3a.log",
    benchmark:
        "benchmarks/wang2011/fig3a.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        alpha=REALNET["alpha"],
        set_specs={name: RN_SETS[name] for name in REALNET["fig3_sets"]},
        study=RN_PANEL_STUDY,
        samplers=REALNET["samplers"],
        sets=list(REALNET["fig3_sets"]),
        paper_trials=None,
    script:
        "../../scripts/realnet_wang2011_fig3a.py"


register_artifact("wang2011", "fig3b")


rule realnet_wang2011_fig3b:
    """Wang 2011 Fig. 3(b): power of RS, RS-C and NCV on real network sets."""
    input:
        summary=rules.realnet_summary.output.summary,
        calibration=rules.realnet_summary.output.calibration,
        networks=rules.realnet_summary.output.networks,
        lib=lib_inputs("scripts/realnet_wang2011_fig3b.py"),
    output:
        pdf="results/wang2011/fig3b.pdf",
        png=report_output("results/wang2011/fig3b.png"),
        csv=report_output("results/wang2011/fig3b.csv"),
        claims="results/wang2011/fig3b.claims.csv",
    log:
        "logs/wang2011/fig3b.log",
    benchmark:
        "benchmarks/wang2011/fig3b.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        alpha=REALNET["alpha"],
        set_specs={name: RN_SETS[name] for name in REALNET["fig3_sets"]},
        study=RN_PANEL_STUDY,
        sets=list(REALNET["fig3_sets"]),
        paper_trials=None,
    script:
        "../../scripts/realnet_wang2011_fig3b.py"

"""Relational-classifier study on synthetic networks (Neville et al. 2009 Sec. 5, Fig. 1(c)-(e);
Wang et al. 2011 Sec. 5.2, Fig. 2): wvRN vs nBC with relaxation labeling on latent group model
networks, handicapped to equal accuracy (Type I) or to a known gap (power), evaluated by RS and
NCV with paired and unpaired t-tests and RS-C. One calibration job per (network size, purpose),
one seeded chunk per (purpose, network size, evaluation network), one summary; the paper panels
are views of the summary, declared in lib.views.neville2009 and lib.views.wang2011 (their rules:
artifacts.smk)."""

from lib.studies import relational as REL_LIB  # importable: see common.smk

RELATIONAL = config["relational"]
REL_HANDICAP = {"strength": RELATIONAL["handicap_strength"], "selection": RELATIONAL["handicap_selection"]}
# Type I at `nodes` and every level of `prop_labeled`; power at `nodes` and `large_nodes`, one level
REL_SIZES = {"type1": [RELATIONAL["nodes"]], "power": [RELATIONAL["nodes"], RELATIONAL["large_nodes"]]}
REL_LEVELS = {"type1": list(RELATIONAL["prop_labeled"]), "power": [RELATIONAL["power_prop_labeled"]]}
REL_SETTINGS = [(purpose, nodes) for purpose, sizes in REL_SIZES.items() for nodes in sizes]
# latent group model parameters per network size (lib.data.networks.LGMParams); Fig. 1(c) and 1(e)
# describe them with the same function (lib.views.neville2009)
REL_NETWORK = {n: REL_LIB.network_parameters(config, n) for n in REL_SIZES["power"]}
# what determines the calibration networks and their NCV splits: shared by both purposes, so Type I
# and power are calibrated on the same set, as in the paper
REL_CALIBRATION_SET = {
    n: {
        "network": REL_NETWORK[n],
        "networks": RELATIONAL["calibration_networks"],
        "folds": RELATIONAL["calibration_folds"],
    }
    for n in REL_NETWORK
}
# Type I: the wvRN handicap to solve for at each level; power: the nBC handicaps to measure
REL_CALIBRATION_SETTING = {
    "type1": {
        "purpose": "type1",
        "prop_labeled": REL_LEVELS["type1"],
        **REL_HANDICAP,
        "tolerance": RELATIONAL["tolerance"],
    },
    "power": {
        "purpose": "power",
        "prop_labeled": REL_LEVELS["power"],
        **REL_HANDICAP,
        "handicaps": list(RELATIONAL["power_handicaps"]),
    },
}
# everything that determines a chunk's draws (not the number of chunks: adding evaluation networks
# must not change the chunks already computed)
REL_CHUNK_SETTING = {
    (purpose, n): {
        "purpose": purpose,
        "network": REL_NETWORK[n],
        "samplers": RELATIONAL["samplers"],
        "prop_labeled": REL_LEVELS[purpose],
        "trials": RELATIONAL["trials_per_network"],
        "alpha": RELATIONAL["alpha"],
        **REL_HANDICAP,
        **({"handicaps": list(RELATIONAL["power_handicaps"])} if purpose == "power" else {}),
    }
    for purpose, n in REL_SETTINGS
}
REL_CALIBRATIONS = [f"results/studies/relational/calibration/{p}_n{n}.csv" for p, n in REL_SETTINGS]
# The network_tests readings and where the handicap acts: params, never part of a seed, so every
# alternative sees the same networks, splits and perturbation keys (a paired comparison).
REL_MODELS = {**NETWORK_TESTS_JOBS, "handicap_stage": RELATIONAL["handicap_stage"]}
REL_CHUNKS = {
    kind: [
        f"results/studies/relational/{p}_n{n}/{kind}{chunk}.csv"
        for p, n in REL_SETTINGS
        for chunk in range(RELATIONAL["evaluation_networks"])
    ]
    for kind in ("chunk", "networks")
}


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
        nodes=lambda w: int(w.nodes),
        calibration_set=lambda w: REL_CALIBRATION_SET[int(w.nodes)],
        setting=lambda w: REL_CALIBRATION_SETTING[w.purpose],
        set_entropy=lambda w: job_entropy("relational_calibration_set", REL_CALIBRATION_SET[int(w.nodes)], 0),
        entropy=lambda w: job_entropy(
            "relational_calibration", [REL_CALIBRATION_SET[int(w.nodes)], REL_CALIBRATION_SETTING[w.purpose]], 0
        ),
        models=REL_MODELS,
        # reading relational.power_x_measure: a param, never part of a seed; the Type I rows do not
        # depend on it, so only the power calibrations rerun when it changes
        x_measure=lambda w: RELATIONAL["power_x_measure"] if w.purpose == "power" else "signed_mean",
    script:
        "../../scripts/relational_calibration.py"


rule relational_chunk:
    """One evaluation network (Neville Sec. 5.4): per trial and labeling level, RS and NCV splits,
    nBC learned on each labeled set, both models inferred by relaxation labeling, handicaps
    applied, per-split accuracies, paired/unpaired t-tests and (RS) RS-C."""
    input:
        calibration=lambda w: (
            [f"results/studies/relational/calibration/type1_n{w.nodes}.csv"] if w.purpose == "type1" else []
        ),
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
        nodes=lambda w: int(w.nodes),
        setting=lambda w: REL_CHUNK_SETTING[(w.purpose, int(w.nodes))],
        # the evaluation network depends on its size and index only: Type I and power use the
        # same evaluation networks, as in the paper
        network_entropy=lambda w: job_entropy("relational_network", REL_NETWORK[int(w.nodes)], w.chunk),
        entropy=lambda w: job_entropy("relational", REL_CHUNK_SETTING[(w.purpose, int(w.nodes))], w.chunk),
        models=REL_MODELS,
    script:
        "../../scripts/relational_chunk.py"


rule relational_summary:
    """Rejection rates with 95% Wilson intervals per purpose, size, sampler, test, labeling level
    and handicap, for all trials (Neville) and the first wang_trials_per_network (Wang); the
    calibration table; the generated networks' autocorrelation and P(+)."""
    input:
        chunks=REL_CHUNKS["chunk"],
        networks=REL_CHUNKS["networks"],
        calibrations=REL_CALIBRATIONS,
        calibration_networks=[path.replace(".csv", "_networks.csv") for path in REL_CALIBRATIONS],
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
        trial_sets=sorted({RELATIONAL["trials_per_network"], RELATIONAL["wang_trials_per_network"]}),
    script:
        "../../scripts/relational_summary.py"

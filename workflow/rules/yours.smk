"""Your own data (docs/yours.md): the papers' tests on the data sets, networks and classifiers of the
config's `yours` section -- Ojala & Garriga's permutation tests, Raeder et al.'s metrics against
minority removal, and Neville's / Wang's network tests -- as jobs of the existing studies
(lib.studies.yours). Not part of `all`: `snakemake yours --cores N --configfile config/config.yaml
<your.yaml>`. Without a `yours` section no rule here has anything to do and nothing else changes.
The artifacts are views of these rules' outputs, declared in lib.views.yours (their rules:
artifacts.smk). Include after permutation.smk and realnet.smk (it reuses perm_readings and the
realnet rules) and before artifacts.smk."""

from lib.studies import yours as YOURS_LIB  # importable: see common.smk

YOURS = YOURS_LIB.settings(config)  # the section with every default filled in from the profile
YOURS_PERM, YOURS_IMB, YOURS_NET = YOURS["permutation"], YOURS["imbalance"], YOURS["network"]
YOURS_CLASSIFIERS = YOURS_LIB.classifiers(YOURS)


# What determines a job's draws (its seed) -- lambdas: no functions in a rules file. As in the
# permutation study, a data set's original folds depend on the data set and the CV only, and the
# number of randomisations and their cut into jobs are part of no identity (each randomisation has
# its own generator). An estimator's class and parameters are part of its jobs' identity.
yours_folds_params = lambda dataset: YOURS_LIB.folds_params(YOURS, dataset)
yours_perm_params = lambda w: {
    "dataset": w.dataset,
    "classifier": w.classifier,
    "folds": yours_folds_params(w.dataset),
    "estimator": YOURS["estimators"].get(w.classifier),
    **({"test": int(w.test)} if "test" in w.keys() else {}),
}
yours_file = lambda w: YOURS["datasets"][w.dataset]["path"]
# The imbalance job's draws: removal levels and CV design (how many folds are scored is not part
# of it, as in the imbalance study), the classifiers and the data set.
YOURS_IMB_STUDY = {
    "removed_percent": YOURS_IMB["removed_percent"],
    "tenfold": {"folds": YOURS_IMB["tenfold"]["folds"]},
    "precision_k": YOURS_IMB["precision_k"],
    "classifiers": YOURS_CLASSIFIERS,
    "estimators": YOURS["estimators"],
}
# a network's carve seeds every job of the network; the check before any job carves it the same way
yours_net_spec = lambda name: YOURS_LIB.network_identity(YOURS, name)
yours_net_files = lambda w: [
    YOURS["networks"][w.netset][k] for k in ("edges", "labels", "gml") if k in YOURS["networks"][w.netset]
]
YOURS_CALIBRATION = YOURS_LIB.calibration_setting(YOURS_NET)


rule yours:
    """Every artifact of the `yours` section under results/yours/ (docs/yours.md)."""
    input:
        yours_targets,


use rule permutation_uci_original as yours_permutation_original with:
    input:
        data=yours_file,
        lib=lib_inputs("scripts/permutation_uci_original.py"),
    output:
        errors="results/studies/yours/permutation/{dataset}/{classifier}_original.csv",
    log:
        "logs/yours/permutation/{dataset}/{classifier}_original.log",
    benchmark:
        "benchmarks/yours/permutation/{dataset}/{classifier}_original.tsv"
    wildcard_constraints:
        dataset=r"[a-z0-9][a-z0-9_-]*",
        classifier=r"[a-z0-9_]+",
    params:
        source=lambda w: YOURS["datasets"][w.dataset],
        study=yours_perm_params,
        folds_entropy=lambda w: job_entropy("yours_permutation_folds", yours_folds_params(w.dataset), 0),
        entropy=lambda w: job_entropy("yours_permutation_original", yours_perm_params(w), 0),
        readings=lambda w: perm_readings(w.classifier),
        pool=YOURS_PERM["p_spread_repetitions"],


use rule permutation_uci_randomized as yours_permutation_randomized with:
    input:
        data=yours_file,
        lib=lib_inputs("scripts/permutation_uci_randomized.py"),
    output:
        errors="results/studies/yours/permutation/{dataset}/{classifier}_test{test}_r{start}-{stop}.csv",
    log:
        "logs/yours/permutation/{dataset}/{classifier}_test{test}_r{start}-{stop}.log",
    benchmark:
        "benchmarks/yours/permutation/{dataset}/{classifier}_test{test}_r{start}-{stop}.tsv"
    wildcard_constraints:
        dataset=r"[a-z0-9][a-z0-9_-]*",
        classifier=r"[a-z0-9_]+",
        test=r"[12]",
        start=r"\d+",
        stop=r"\d+",
    params:
        source=lambda w: YOURS["datasets"][w.dataset],
        study=yours_perm_params,
        folds_entropy=lambda w: job_entropy("yours_permutation_folds", yours_folds_params(w.dataset), 0),
        entropy=lambda w: job_entropy("yours_permutation_randomized", yours_perm_params(w), 0),
        readings=lambda w: perm_readings(w.classifier),


use rule permutation_uci_summary as yours_permutation_summary with:
    input:
        original=expand(
            rules.yours_permutation_original.output.errors,
            dataset=YOURS_PERM["datasets"],
            classifier=YOURS_CLASSIFIERS,
        ),
        randomized=[
            f
            for job in CHUNKS.randomized_jobs(YOURS_PERM, YOURS_CLASSIFIERS, YOURS_PERM["datasets"])
            for f in expand(rules.yours_permutation_randomized.output.errors, **job)
        ],
        lib=lib_inputs("scripts/permutation_uci_summary.py"),
    output:
        summary="results/studies/yours/permutation/summary.csv",
    log:
        "logs/yours/permutation/summary.log",
    benchmark:
        "benchmarks/yours/permutation/summary.tsv"
    params:
        repetitions=YOURS_PERM["repetitions"],
        spread_entropy=job_entropy("yours_permutation_p_spread", YOURS_PERM["p_spread_repetitions"], 0),
        alpha=YOURS_PERM["alpha"],


rule yours_imbalance_cv:
    """One binary data set: nested removal of the positive class, stratified 10-fold and 5x2 CV
    (same splits for every classifier), the seven metrics per test fold and per pooled CV run."""
    input:
        data=yours_file,
        lib=lib_inputs("scripts/yours_imbalance_cv.py"),
    output:
        per_fold="results/studies/yours/imbalance/{dataset}.csv",
        pooled="results/studies/yours/imbalance/pooled/{dataset}.csv",
    log:
        "logs/yours/imbalance/{dataset}.log",
    benchmark:
        "benchmarks/yours/imbalance/{dataset}.tsv"
    wildcard_constraints:
        dataset=r"[a-z0-9][a-z0-9_-]*",
    conda:
        CONDA_ENV
    params:
        spec=lambda w: YOURS["datasets"][w.dataset],
        settings=YOURS_IMB,
        classifiers=YOURS_CLASSIFIERS,
        estimators=YOURS["estimators"],
        entropy=lambda w: job_entropy("yours_imbalance", [YOURS_IMB_STUDY, w.dataset], 0),
    script:
        "../../scripts/yours_imbalance_cv.py"


rule yours_network_set:
    """One of your networks, checked and carved into disjoint subnetworks (as the public stand-ins
    are carved from Cora), written in the real-network study's network-set format."""
    input:
        data=yours_net_files,
        lib=lib_inputs("scripts/yours_network_set.py"),
    output:
        nodes="results/studies/yours/networks/{netset}/nodes.csv",
        edges="results/studies/yours/networks/{netset}/edges.csv",
        networks="results/studies/yours/networks/{netset}/networks.csv",
    log:
        "logs/yours/networks/{netset}/network_set.log",
    benchmark:
        "benchmarks/yours/networks/{netset}/network_set.tsv"
    wildcard_constraints:
        netset=r"[a-z0-9_]+",
    conda:
        CONDA_ENV
    params:
        spec=lambda w: YOURS["networks"][w.netset],
        settings=YOURS_NET,
        entropy=lambda w: job_entropy(YOURS_LIB.NETWORK_SET_SEED, yours_net_spec(w.netset), 0),
    script:
        "../../scripts/yours_network_set.py"


use rule realnet_calibration as yours_network_calibration with:
    input:
        nodes=rules.yours_network_set.output.nodes,
        edges=rules.yours_network_set.output.edges,
        lib=lib_inputs("scripts/realnet_calibration.py"),
    output:
        calibration="results/studies/yours/networks/{netset}/calibration.csv",
    log:
        "logs/yours/networks/{netset}/calibration.log",
    benchmark:
        "benchmarks/yours/networks/{netset}/calibration.tsv"
    params:
        setting=YOURS_CALIBRATION,
        set_entropy=lambda w: job_entropy(
            "yours_network_calibration_set",
            [
                yours_net_spec(w.netset),
                YOURS_CALIBRATION["samples"],
                YOURS_CALIBRATION["folds"],
                YOURS_CALIBRATION["levels"],
            ],
            0,
        ),
        entropy=lambda w: job_entropy("yours_network_calibration", [yours_net_spec(w.netset), YOURS_CALIBRATION], 0),
        models=YOURS_NET["models"],
        # where no handicap meets the tolerance (e.g. labels without autocorrelation: both models
        # at chance), settle and say so in the caption rather than fail after the other jobs ran
        unmet="settle",


use rule realnet_chunk as yours_network_chunk with:
    input:
        nodes=rules.yours_network_set.output.nodes,
        edges=rules.yours_network_set.output.edges,
        calibration=rules.yours_network_calibration.output.calibration,
        lib=lib_inputs("scripts/realnet_chunk.py"),
    output:
        chunk="results/studies/yours/networks/{netset}/{purpose}/chunk0.csv",
    log:
        "logs/yours/networks/{netset}/{purpose}/chunk0.log",
    benchmark:
        "benchmarks/yours/networks/{netset}/{purpose}/chunk0.tsv"
    params:
        setting=lambda w: YOURS_LIB.chunk_setting(YOURS_NET, w.purpose),
        entropy=lambda w: job_entropy(
            "yours_network", [yours_net_spec(w.netset), YOURS_LIB.chunk_setting(YOURS_NET, w.purpose)], 0
        ),
        models=YOURS_NET["models"],

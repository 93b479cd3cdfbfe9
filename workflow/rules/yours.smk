"""Your own data (docs/yours.md): the papers' tests on the data sets, networks and classifiers of the
config's `yours` section -- Ojala & Garriga's permutation tests, Raeder et al.'s metrics against
minority removal, and Neville's / Wang's network tests -- as jobs of the existing studies
(lib.studies.yours). Not part of `all`: `snakemake yours --cores N --configfile config/config.yaml
<your.yaml>`. Without a `yours` section no rule here has anything to do and nothing else changes.
The artifacts are views of these rules' outputs, declared in lib.views.yours (their rules:
artifacts.smk). Include after permutation.smk and realnet.smk (it reuses their rules) and before
artifacts.smk. Every job's params come from its identity in lib.studies.yours (JOBS)."""

from lib.studies import yours as YOURS_LIB  # importable: see common.smk

YOURS = YOURS_LIB.settings(config)  # the section with every default filled in from the profile
YOURS_JOBS = YOURS_LIB.JOBS
yours_file = lambda w: YOURS["datasets"][w.dataset]["path"]
yours_net_files = lambda w: [
    YOURS["networks"][w.netset][k] for k in ("edges", "labels", "gml") if k in YOURS["networks"][w.netset]
]


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
        **job_params(YOURS_JOBS["yours_permutation_original"]),


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
        **job_params(YOURS_JOBS["yours_permutation_randomized"]),


use rule permutation_uci_summary as yours_permutation_summary with:
    input:
        original=upstream_files(YOURS_JOBS["yours_permutation_summary"], "yours_permutation_original", "errors"),
        randomized=upstream_files(YOURS_JOBS["yours_permutation_summary"], "yours_permutation_randomized", "errors"),
        lib=lib_inputs("scripts/permutation_uci_summary.py"),
    output:
        summary="results/studies/yours/permutation/summary.csv",
    log:
        "logs/yours/permutation/summary.log",
    benchmark:
        "benchmarks/yours/permutation/summary.tsv"
    params:
        **job_params(YOURS_JOBS["yours_permutation_summary"]),


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
        **job_params(YOURS_JOBS["yours_imbalance_cv"]),
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
        **job_params(YOURS_JOBS["yours_network_set"]),
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
        **job_params(YOURS_JOBS["yours_network_calibration"]),


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
        **job_params(YOURS_JOBS["yours_network_chunk"]),

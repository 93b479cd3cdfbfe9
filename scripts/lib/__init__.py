"""Shared science of the reproduction pipeline, as a package of layers whose imports point down:

    core        seeding, tables, runlog, rates, readings (the registry of ambiguous passages)
    data        attributes, datasets (registry, acquisition, file formats), networks, network_sets
                (the network-set files), stand_ins (public stand-ins carved from a large network)
    models      Weka re-implementations with their CV engines (nn1, nn1_engine, naive_bayes,
                nb_engine, c45, smo), relational models (wvrn_nbc: wvRN, nBC, relaxation
                labeling; handicap: perturbing and calibrating a model's predictions; linkbased)
    evaluation  sampling, significance, rsc, permutation_tests, pairtests, summaries, metrics,
                auc_statistics, rankings
    studies     one module per study: simulated, theory, relational, realnet, imbalance, permutation;
                network_calibration (realnet's leave-one-network-out calibration)
    reporting   plotting, scorecard, captions
    views       every artifact of each paper, declared once (artifact, one module per paper)
    infra       configcheck, archive, slurmprofile

Each module owns one idea; none imports Snakemake (rule scripts in ``scripts/`` are the only
bridge). ``tests/test_lib_layers.py`` enforces the direction; docs/architecture.md explains it.
"""

"""Rule script: one evaluation network of the relational study (Neville 2009 Sec. 5.4; Wang 2011
Sec. 5.2) for one purpose.

Per trial, labeling level and sampler: 10 labeled/test splits (lib.relational.within_network_splits),
nBC learned on each labeled set, wvRN and nBC inferred over every unlabeled node by relaxation
labeling -- all splits of the chunk in one batch (lib.relational.infer_pair, the inference step
of evaluate_pair) -- then each handicap setting is applied to the stored probabilities with
fixed perturbation keys, and the per-split accuracies go to the paired and unpaired t-tests and,
for RS, to RS-C (Wang's paired and unpaired corrections, parameters with edges as links).
- type1: wvRN handicapped by the calibrated c of the level, nBC not.
- power: nBC handicapped by each c, wvRN not (Sec. 5.3: "perturbed the predictions of the worse
  performing model (nBC)"); the keys are shared across c, so the perturbed sets are nested.
Writes one row per trial x level x sampler x handicap, and the network's statistics.
"""
import numpy as np
import pandas as pd

from lib import networks, pairtests, relational, runlog, seeding, tables

sm = snakemake  # noqa: F821


with runlog.logged(sm.log[0], "relational_chunk") as log:
    s, nodes, chunk = sm.params.setting, sm.params.nodes, int(sm.wildcards.chunk)
    purpose, trials, levels = s["purpose"], s["trials"], s["prop_labeled"]
    log.info("%s, %d nodes, evaluation network %d, network entropy %s, entropy %s", purpose, nodes, chunk,
             sm.params.network_entropy, sm.params.entropy)
    net = networks.generate_lgm(seeding.generator(sm.params.network_entropy), networks.LGMParams(**s["network"]))
    rng = seeding.generator(sm.params.entropy)

    if purpose == "type1":
        calibration = pd.read_csv(sm.input.calibration[0])
        c_wvrn = {pl: float(calibration.loc[np.isclose(calibration["prop_labeled"], pl), "handicap_wvrn"].iloc[0])
                  for pl in levels}
        settings = {pl: [(c_wvrn[pl], 0.0)] for pl in levels}
    else:
        settings = {pl: [(0.0, c) for c in s["handicaps"]] for pl in levels}

    blocks, train, test = [], [], []
    for pl in levels:
        for sampler, folds in s["samplers"].items():
            tr, te = relational.within_network_splits(rng, sampler, trials, nodes, pl, folds)
            blocks.append((pl, sampler, folds, sum(len(t) for t in train), trials * folds))
            train.append(tr.reshape(-1, nodes))
            test.append(te.reshape(-1, nodes))
    train, test = np.concatenate(train), np.concatenate(test)
    probs = relational.infer_pair(net.adjacency, net.labels, train)
    tie = relational.majority_class(net.labels, train)
    keys = relational.perturbation_keys(rng, (2,) + train.shape)
    log.info("%d splits inferred", len(train))

    rows = []
    for pl, sampler, folds, start, count in blocks:
        sl = slice(start, start + count)
        for c_w, c_b in settings[pl]:
            columns = pairtests.score(net.adjacency, net.labels, (probs[0][sl], probs[1][sl]),
                                      (keys[0][sl], keys[1][sl]), test[sl], tie[sl], c_w, c_b,
                                      sampler, s["alpha"], trials, folds, s["strength"], s["selection"])
            head = {"chunk": chunk, "trial": np.arange(trials), "purpose": purpose, "nodes": nodes,
                    "sampler": sampler, "folds": folds, "prop_labeled": pl, "handicap_wvrn": c_w,
                    "handicap_nbc": c_b}
            rows.append(pd.DataFrame({**head, **columns}))
    frame = pd.concat(rows, ignore_index=True)
    tables.write_csv(frame, sm.output.trials)
    stats = pd.DataFrame([{"role": "evaluation", "nodes": nodes, "network": chunk,
                           **networks.network_statistics(net)}])
    tables.write_csv(stats, sm.output.networks)
    log.info("%d rows", len(frame))

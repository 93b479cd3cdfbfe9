"""Rule script: evaluation of one network set for one purpose (Neville 2009 Sec. 6, Fig. 1(f);
Wang 2011 Sec. 5.2, Fig. 3). Each network is held out in turn: per trial, labeling level and
sampler, `folds` labeled/test splits of that network (lib.relational.within_network_splits), both
models inferred by relaxation labeling, the handicap applied with fixed keys -- Type I: the
calibrated handicap of this held-out network and level (from the other networks); power: each
nBC handicap -- then paired/unpaired t-tests and, on RS, RS-C (lib.pairtests.score). Writes one
row per held-out network x trial x level x sampler x handicap; `chunk` = held-out network."""
import numpy as np
import pandas as pd

from lib import pairtests, realnet, relational, runlog, seeding, tables

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "realnet_chunk") as log:
    s = sm.params.setting
    purpose, trials, levels = s["purpose"], s["trials"], s["prop_labeled"]
    netset = realnet.read_network_set(sm.input.nodes, sm.input.edges)
    calibration = pd.read_csv(sm.input.calibration)
    rows = []
    for h in range(len(netset)):
        adj, labels, m = netset.adjacency[h], netset.labels[h], netset.sizes()[h]
        rng = seeding.generator([*sm.params.entropy, h])
        cal = calibration[(calibration["purpose"] == purpose) & (calibration["held_out"] == h)]
        for pl in levels:
            at = cal[np.isclose(cal["prop_labeled"], pl)]
            settings = [(float(r.handicap_wvrn), float(r.handicap_nbc)) for r in at.itertuples()]
            if purpose == "type1" and len(settings) != 1:
                raise ValueError(f"calibration table has {len(settings)} Type I rows for held-out network {h} at "
                                 f"propLabeled {pl:g}; expected 1")
            for sampler, folds in s["samplers"].items():
                train, test = relational.within_network_splits(rng, sampler, trials, m, pl, folds)
                train, test = train.reshape(-1, m), test.reshape(-1, m)
                probs = relational.infer_pair(adj, labels, train)
                tie = relational.majority_class(labels, train)
                keys = relational.perturbation_keys(rng, (2,) + train.shape)
                for c_w, c_b in settings:
                    columns = pairtests.score(adj, labels, probs, keys, test, tie, c_w, c_b, sampler, s["alpha"],
                                              trials, folds, s["strength"], s["selection"])
                    head = {"chunk": h, "network": netset.names[h], "trial": np.arange(trials), "purpose": purpose,
                            "nodes": m, "sampler": sampler, "folds": folds, "prop_labeled": pl,
                            "handicap_wvrn": c_w, "handicap_nbc": c_b}
                    rows.append(pd.DataFrame({**head, **columns}))
        log.info("held-out network %s (%d nodes) done", netset.names[h], m)
    frame = pd.concat(rows, ignore_index=True)
    tables.write_csv(frame, sm.output[0])
    log.info("%d rows", len(frame))

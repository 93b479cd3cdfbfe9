"""Rule script: the calibration set of the relational study (Neville 2009 Sec. 5.3; Wang 2011
Sec. 5.2) for one network size and purpose.

The calibration networks, their NCV folds and the labeled sets at each level come from the
calibration set's own entropy, so the Type I and the power job of a size see the same 500
splits; only the perturbation keys are purpose-specific. Both models are inferred once on a
block-diagonal batch of all networks; the handicap is applied to the stored probabilities.
- type1: at each level, bisection for the wvRN handicap c with |acc(wvRN_c) - acc(nBC)| <= tol
  (mean over the splits); no such c is an error of one sentence.
- power: at the power level, acc(wvRN) - acc(nBC_c) for each nBC handicap c (wvRN unhandicapped).
"""
import numpy as np
import pandas as pd

from lib import networks, relational, runlog, sampling, seeding, tables

sm = snakemake  # noqa: F821


def level_code(level):
    """An integer naming a labeling level in a seed (identical in every job that uses it)."""
    return int(round(level * 1_000_000))


def network_rows(nets, role, nodes):
    return pd.DataFrame([{"role": role, "nodes": nodes, "network": i, **networks.network_statistics(net)}
                         for i, net in enumerate(nets)])


with runlog.logged(sm.log[0], "relational_calibration") as log:
    nodes, cal, setting = sm.params.nodes, sm.params.calibration_set, sm.params.setting
    purpose, folds, levels = setting["purpose"], cal["folds"], setting["prop_labeled"]
    handicap = {"strength": setting["strength"], "selection": setting["selection"]}
    log.info("%s calibration, %d networks of %d nodes, set entropy %s, entropy %s", purpose,
             cal["networks"], nodes, sm.params.set_entropy, sm.params.entropy)

    set_rng = seeding.generator(sm.params.set_entropy)
    lgm = networks.LGMParams(**cal["network"])
    nets = [networks.generate_lgm(set_rng, lgm) for _ in range(cal["networks"])]
    adjacency, labels, block = networks.stack_networks(nets)
    fold_of = sampling.ncv_fold_of(set_rng, len(nets), nodes, folds)          # (G, n)
    test = sampling.ncv_test_sets(fold_of, folds)                              # (G, k, n)

    def rows_of(x):  # (G, k, n) -> (k, G n): row j holds fold j of every network
        return x.transpose(1, 0, 2).reshape(folds, -1)

    train = np.concatenate([rows_of(sampling.ncv_training_sets(
        seeding.generator([*sm.params.set_entropy, level_code(pl)]), fold_of, pl, folds)) for pl in levels])
    test_rows = np.tile(rows_of(test), (len(levels), 1))
    probs_w, probs_b = relational.infer_pair(adjacency, labels, train, node_block=block)
    tie = relational.majority_class(labels, train, block)

    # one row per (network, level, fold): row g * (L k) + b, level b // k
    def split(x):
        return relational.unstack_blocks(x, block)

    pw, pb, te, ti = split(probs_w), split(probs_b), split(test_rows), split(tie)
    y = split(np.broadcast_to(labels, train.shape))
    level_of_row = np.tile(np.repeat(np.arange(len(levels)), folds), len(nets))
    key_rng = seeding.generator(sm.params.entropy)
    records = []
    for i, pl in enumerate(levels):
        r = level_of_row == i
        keys = relational.perturbation_keys(key_rng, (int(r.sum()), nodes))
        acc_w = float(relational.accuracy(pw[r], y[r], te[r], ti[r]).mean())
        acc_b = float(relational.accuracy(pb[r], y[r], te[r], ti[r]).mean())
        base = {"purpose": purpose, "nodes": nodes, "prop_labeled": pl, "networks": len(nets),
                "splits": int(r.sum()), "accuracy_wvrn_unhandicapped": acc_w,
                "accuracy_nbc_unhandicapped": acc_b}
        if purpose == "type1":
            difference = relational.handicap_difference(pw[r], pb[r], y[r], te[r], keys, tie_handicapped=ti[r],
                                                        tie_other=ti[r], **handicap)
            try:
                found = relational.calibrate_handicap(difference, tol=setting["tolerance"])
            except ValueError as exc:
                raise ValueError(
                    f"relational calibration failed at propLabeled {pl:g} on {len(nets)} networks of "
                    f"{nodes} nodes: no wvRN handicap c gives |acc(wvRN_c) - acc(nBC)| <= "
                    f"{setting['tolerance']:g} ({exc})") from None
            records.append({**base, "handicap_wvrn": found.c, "handicap_nbc": 0.0,
                            "accuracy_wvrn": acc_b + found.difference, "accuracy_nbc": acc_b,
                            "difference": found.difference, "tolerance": setting["tolerance"],
                            "evaluations": len(found.evaluations)})
            log.info("propLabeled %g: wvRN %.4f, nBC %.4f unhandicapped -> c=%.5f, difference %+.5f",
                     pl, acc_w, acc_b, found.c, found.difference)
        else:
            # handicap_difference(nBC, wvRN)(c) = acc(nBC_c) - acc(wvRN)
            difference = relational.handicap_difference(pb[r], pw[r], y[r], te[r], keys, tie_handicapped=ti[r],
                                                        tie_other=ti[r], **handicap)
            for c in setting["handicaps"]:
                d = -difference(c)
                records.append({**base, "handicap_wvrn": 0.0, "handicap_nbc": c, "accuracy_wvrn": acc_w,
                                "accuracy_nbc": acc_w - d, "difference": d, "tolerance": np.nan,
                                "evaluations": 1})
                log.info("propLabeled %g, nBC c=%g: mean difference wvRN - nBC %.4f", pl, c, d)
    tables.write_csv(pd.DataFrame(records), sm.output.calibration)
    tables.write_csv(network_rows(nets, "calibration", nodes), sm.output.networks)

"""The relational study: wvRN vs nBC on synthetic latent-group networks (Neville et al. 2009
Sec. 5, Fig. 1(c)-(e); Wang et al. 2011 Sec. 5.2, Fig. 2).

Three kinds of job, each a function here (the rule scripts only read inputs and write outputs):

* :func:`calibrate` -- the calibration set of one network size and purpose (Neville Sec. 5.3):
  for Type I the wvRN handicap that equalises the two models' accuracy at each labeling level;
  for power the mean accuracy difference for each nBC handicap (the power panels' x axis).
* :func:`evaluate_network` -- one evaluation network (Neville Sec. 5.4): RS and NCV splits, both
  models inferred by relaxation labeling, handicaps applied, paired/unpaired t-tests and RS-C.
* :func:`summarize` -- rejection rates with Wilson intervals, the calibration table and the
  generated networks' statistics.

The models are :mod:`lib.models.wvrn_nbc`; the per-trial tests :mod:`lib.evaluation.pairtests`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from ..core import jobs, rates, seeding
from ..data import networks
from ..evaluation import pairtests, rsc, sampling, summaries
from ..models import handicap, wvrn_nbc
from . import network_calibration

#: Keys of a summary row, the per-trial columns averaged into it, and the columns joining it to
#: the calibration table.
SUMMARY_KEYS = ["purpose", "nodes", "sampler", "folds", "prop_labeled", "handicap_nbc"]
SUMMARY_MEANS = [
    "handicap_wvrn",
    "accuracy_wvrn",
    "accuracy_nbc",
    "accuracy_difference",
    "test_size",
    "error_correlation",
    *(f"rsc_{k}_{m}" for m in ("wvrn", "nbc") for k in ("p", "q", "rho", "L")),
]
CALIBRATION_JOIN = ["purpose", "nodes", "prop_labeled", "handicap_nbc"]
#: Reading ``relational.power_x_measure`` (Neville 2009 Sec. 5.4: "measured the average performance
#: difference between the two models on the calibration set"): the power panels' x is the mean of
#: the calibration splits' signed differences acc(wvRN) - acc(nBC_c), or the mean of their absolute
#: values. A calibration-job option, not part of its setting, so it enters no seed.
POWER_X_MEASURES = ("signed_mean", "mean_absolute")


def network_parameters(config: Mapping, nodes: int) -> dict:
    """The latent group model parameters (:class:`lib.data.networks.LGMParams`) of the study's
    networks of ``nodes`` nodes: ``relational.network`` at that size. The study's jobs seed their
    networks with them, and Fig. 1(c) and 1(e) describe them."""
    return {**config["relational"]["network"], "n_nodes": nodes}


#: What the paper panels (Neville Fig. 1(c)-(e), Wang Fig. 2) say of the study's design: the
#: ``relational`` keys their captions and claims use
PANEL_KEYS = (
    "power_x_measure",
    "nodes",
    "large_nodes",
    "power_prop_labeled",
    "power_handicaps",
    "evaluation_networks",
    "calibration_networks",
    "calibration_folds",
    "tolerance",
    "handicap_strength",
    "handicap_selection",
    "samplers",
)


def panel_study(config: Mapping, purpose: str = "power") -> dict:
    """The study's design as the paper panels of ``purpose`` describe it: the :data:`PANEL_KEYS` of
    ``relational`` (a Type I panel's without the power panels' x, ``power_x_measure``) and the
    reading ``network_tests.handicap_magnitude``."""
    relational = config["relational"]
    keys = [k for k in PANEL_KEYS if purpose == "power" or k != "power_x_measure"]
    return {k: relational[k] for k in keys} | {"handicap_magnitude": config["network_tests"]["handicap_magnitude"]}


def panel_settings(
    config: Mapping, nodes_key: str = "nodes", trials_key: str = "trials_per_network", purpose: str = "power"
) -> dict:
    """The settings of a paper panel: the test level ``alpha``, the :func:`panel_study`, the network
    size it shows (``relational.<nodes_key>``) and the trials per evaluation network it pools
    (``relational.<trials_key>``: all of them for Neville, the first ``wang_trials_per_network`` for
    Wang)."""
    relational = config["relational"]
    return {
        "alpha": relational["alpha"],
        "study": panel_study(config, purpose),
        "nodes": relational[nodes_key],
        "trials": relational[trials_key],
    }


#: The columns of a panel's table per purpose (before a panel's own): the curve's rates with
#: their Wilson intervals, and what sets its x -- the labeling level (Type I) or the nBC
#: handicap with its calibration-set difference (power)
PANEL_COLUMNS = {
    "type1": ["sampler", "test", "nodes", "prop_labeled", "handicap_wvrn", "rejections", "trials"],
    "power": [
        "sampler",
        "test",
        "nodes",
        "prop_labeled",
        "handicap_nbc",
        "calibration_difference",
        "accuracy_difference",
        "rejections",
        "trials",
    ],
}
RATE_COLUMNS = ["rate", "rate_low", "rate_high", "chunk_rate_sd"]
#: Per purpose: the column a panel's curves run along, and the one that names a point of a curve
#: (its per-network rates are matched on it)
PANEL_AXES = {"type1": ("prop_labeled", "prop_labeled"), "power": ("calibration_difference", "handicap_nbc")}


def panel_curves(
    summary: pd.DataFrame,
    network_rates: pd.DataFrame,
    lines: dict,
    purpose: str,
    nodes: int,
    trials: int,
    extra: Sequence[str] = (),
):
    """One paper panel's cell of the study: its curves and their table.

    Parameters
    ----------
    summary, network_rates : pandas.DataFrame
        The study's rates over the pooled trials and per evaluation network (:func:`summarize`).
    lines : dict of str to (str, str)
        A curve's label -> its ``(sampler, test)``.
    purpose : {"type1", "power"}
        Type I error against the labeling level, or power against the calibration-set difference.
    nodes, trials : int
        The network size and the trials per evaluation network the panel shows.
    extra : sequence of str
        The panel's own columns, after the purpose's :data:`PANEL_COLUMNS` and :data:`RATE_COLUMNS`.

    Returns
    -------
    curves : dict of str to pandas.DataFrame
        Per label, its rows sorted along the panel's x (:func:`lib.evaluation.summaries.method_curves`).
    table : pandas.DataFrame
        The curves as one table, each rate with the 95% t interval of its per-network rates
        (trials cluster within the evaluation networks; the network-level claims judge by it).
    per_network : pandas.DataFrame
        The curves' per-network rates.
    """
    cell = {"purpose": purpose, "nodes": nodes, "trials_per_network": trials}
    x, point = PANEL_AXES[purpose]
    curves = summaries.method_curves(summaries.select(summary, **cell), lines, x)
    per_network = summaries.method_network_rates(network_rates, lines, **cell)
    shown = summaries.curves_table(curves, [*PANEL_COLUMNS[purpose], *RATE_COLUMNS, *extra])
    return curves, summaries.with_network_intervals(shown, per_network, ["method", point]), per_network


def _stacked(strength, graphs: int):
    """Per-node strengths in :func:`stack_rows`'s layout; a number as it is."""
    return strength if np.ndim(strength) == 0 else stack_rows(strength, graphs)


def stack_rows(x: np.ndarray, graphs: int) -> np.ndarray:
    """Inverse of :func:`lib.models.wvrn_nbc.unstack_blocks` for one level's rows: ``(G k, n)``
    in graph-major order -> ``(k, G n)`` (configuration ``j`` of every graph side by side)."""
    rows, n = x.shape
    return x.reshape(graphs, rows // graphs, n).transpose(1, 0, 2).reshape(rows // graphs, graphs * n)


def level_code(level: float) -> int:
    """An integer naming a labeling level in a seed (identical in every job that uses it).

    Parameters
    ----------
    level : float
        Proportion of labeled nodes.

    Returns
    -------
    code : int
        ``round(level * 1_000_000)``.
    """
    return int(round(level * 1_000_000))


def network_rows(nets, role: str, nodes: int) -> pd.DataFrame:
    """One row of :func:`lib.data.networks.network_statistics` per network, with its role.

    Parameters
    ----------
    nets : sequence of lib.data.networks.Network
        The networks.
    role : str
        Their role, e.g. ``"calibration"`` or ``"evaluation"``.
    nodes : int
        Their size (the study's network size).

    Returns
    -------
    rows : pandas.DataFrame
        Columns ``role``, ``nodes``, ``network`` (position in ``nets``) and the statistics
        ``edges``, ``mean_degree``, ``autocorrelation`` (phi), ``autocorrelation_contingency``,
        ``autocorrelation_corrected_contingency`` (the three measures of
        :func:`lib.data.networks.label_autocorrelation`) and ``p_pos``.

    Notes
    -----
    The network statistics of Neville, Gallagher & Eliassi-Rad 2009, Sec. 5.2 ("average
    autocorrelation of 0.40 and a class prior of P(+) = 0.70").
    """
    return pd.DataFrame(
        [{"role": role, "nodes": nodes, "network": i, **networks.network_statistics(net)} for i, net in enumerate(nets)]
    )


def calibrate(
    nodes: int,
    calibration_set: dict,
    setting: dict,
    set_entropy,
    entropy,
    log=None,
    models=None,
    x_measure: str = "signed_mean",
):
    """The calibration set of one network size and purpose (Neville 2009 Sec. 5.3; Wang 2011
    Sec. 5.2).

    Parameters
    ----------
    nodes : int
        Network size.
    calibration_set : dict
        ``network`` (:class:`lib.data.networks.LGMParams` fields), ``networks`` (how many) and
        ``folds`` (NCV folds per network).
    setting : dict
        ``purpose`` ("type1" or "power"), ``prop_labeled`` (levels), ``strength``,
        ``selection``, and ``tolerance`` (Type I) or ``handicaps`` (power).
    set_entropy, entropy : sequence of int
        Seed entropy of the calibration set (networks, NCV folds, labeled sets; shared by both
        purposes so that Type I and power see the same splits) and of this job's perturbation
        keys.
    log : logging.Logger, optional
    models : dict, optional
        The ``network_tests`` readings (:func:`lib.evaluation.pairtests.model_options`): nBC's
        estimation and where the handicap acts (after inference on the stored probabilities, or
        inside it, which reruns the handicapped model's inference for every ``c`` tried).
    x_measure : str
        One of :data:`POWER_X_MEASURES`: what a power row's ``difference`` (the power panels' x)
        is over the calibration splits, the mean of ``acc(wvRN) - acc(nBC_c)`` or of its absolute
        value. Type I rows do not depend on it.

    Returns
    -------
    calibration : pandas.DataFrame
        Type I: one row per level with the wvRN handicap ``c`` meeting
        ``|acc(wvRN_c) - acc(nBC)| <= tolerance`` (bisection; none is an error of one sentence).
        Power: one row per nBC handicap ``c`` with ``accuracy_wvrn - accuracy_nbc`` the mean
        signed difference (wvRN unhandicapped) and ``difference`` the ``x_measure``.
    networks : pandas.DataFrame
        The calibration networks' statistics.

    Notes
    -----
    Both models are inferred once on a block-diagonal batch of all networks; the handicap is
    applied to the stored probabilities.
    """
    cal = calibration_set
    if x_measure not in POWER_X_MEASURES:
        raise ValueError(f"x_measure must be one of {POWER_X_MEASURES}, got {x_measure!r}")
    options = pairtests.model_options(models)
    smoothing = wvrn_nbc.NBC_ESTIMATION[options["nbc_estimation"]]
    during = options["handicap_stage"] == "during"
    purpose, folds, levels = setting["purpose"], cal["folds"], setting["prop_labeled"]
    perturbation = {
        "strength": handicap.reading_strength(setting["strength"], options["handicap_magnitude"]),
        "selection": setting["selection"],
    }
    set_rng = seeding.generator(set_entropy)
    lgm = networks.LGMParams(**cal["network"])
    nets = [networks.generate_lgm(set_rng, lgm) for _ in range(cal["networks"])]
    adjacency, labels, block = networks.stack_networks(nets)
    fold_of = sampling.ncv_fold_of(set_rng, len(nets), nodes, folds)  # (G, n)
    test = sampling.ncv_test_sets(fold_of, folds)  # (G, k, n)

    def rows_of(x):  # (G, k, n) -> (k, G n): row j holds fold j of every network
        return x.transpose(1, 0, 2).reshape(folds, -1)

    train = np.concatenate(
        [
            rows_of(sampling.ncv_training_sets(seeding.generator([*set_entropy, level_code(pl)]), fold_of, pl, folds))
            for pl in levels
        ]
    )
    test_rows = np.tile(rows_of(test), (len(levels), 1))
    probs_w, probs_b = wvrn_nbc.infer_pair(adjacency, labels, train, node_block=block, smoothing=smoothing)
    tie = wvrn_nbc.majority_class(labels, train, block)

    # one row per (network, level, fold): row g * (L k) + b, level b // k
    def split(x):
        return wvrn_nbc.unstack_blocks(x, block)

    pw, pb, te, ti = split(probs_w), split(probs_b), split(test_rows), split(tie)
    y = split(np.broadcast_to(labels, train.shape))
    level_of_row = np.tile(np.repeat(np.arange(len(levels)), folds), len(nets))
    key_rng = seeding.generator(entropy)
    records = []
    for i, pl in enumerate(levels):
        r = level_of_row == i
        keys = handicap.perturbation_keys(key_rng, (int(r.sum()), nodes))
        acc_w = float(wvrn_nbc.accuracy(pw[r], y[r], te[r], ti[r]).mean())
        acc_b = float(wvrn_nbc.accuracy(pb[r], y[r], te[r], ti[r]).mean())
        level_train = train[i * folds : (i + 1) * folds]

        def infer_during(model, chosen, keys=keys, level_train=level_train):
            """The model's per-split probabilities, ``chosen`` nodes perturbed inside inference."""
            strength = _stacked(handicap.strengths(perturbation["strength"], keys), len(nets))
            return split(
                wvrn_nbc.infer_handicapped(
                    model,
                    adjacency,
                    labels,
                    level_train,
                    stack_rows(chosen, len(nets)),
                    strength=strength,
                    node_block=block,
                    smoothing=smoothing,
                )
            )

        base = dict(purpose=purpose, nodes=nodes, prop_labeled=pl, networks=len(nets), splits=int(r.sum()))
        base.update(accuracy_wvrn_unhandicapped=acc_w, accuracy_nbc_unhandicapped=acc_b)
        difference, x = _handicap_curves(
            purpose,
            x_measure,
            infer_during if during else None,
            {"wvrn": pw[r], "nbc": pb[r]},
            (y[r], te[r], ti[r]),
            keys,
            perturbation,
        )
        records += _level_records(base, difference, setting, log, x)
    return pd.DataFrame(records), network_rows(nets, "calibration", nodes)


def _handicap_curves(purpose: str, x_measure: str, infer_during, probs: dict, truth: tuple, keys, perturbation: dict):
    """``(difference, x)`` of one labeling level: ``difference(c)`` = acc(handicapped model at c) -
    acc(the other) -- wvRN handicapped for Type I, nBC for power -- and the power x (``None``: the
    study takes -difference, the signed mean). ``infer_during(model, chosen)`` reruns inference with
    the chosen nodes perturbed (stage ``during``); ``None`` perturbs the stored probabilities
    (``after``). ``truth``: the splits' labels, test masks and tie classes."""
    labels, test, tie = truth
    handicapped, other = ("wvrn", "nbc") if purpose == "type1" else ("nbc", "wvrn")
    other_rows = wvrn_nbc.accuracy(probs[other], labels, test, tie)
    if infer_during is None:
        difference = wvrn_nbc.handicap_difference(
            probs[handicapped], probs[other], labels, test, keys, tie_handicapped=tie, tie_other=tie, **perturbation
        )
        accuracies = None
    else:
        inferred = {}  # c -> per-split accuracies: the difference and the power x share one inference

        def accuracies(c):
            if c not in inferred:
                chosen = handicap.chosen_nodes(c, keys, test, perturbation["selection"])
                inferred[c] = wvrn_nbc.accuracy(infer_during(handicapped, chosen), labels, test, tie)
            return inferred[c]

        other_accuracy = float(other_rows.mean())

        def difference(c):
            return float(accuracies(c).mean()) - other_accuracy

    if purpose == "type1" or x_measure == "signed_mean":
        return difference, None
    if accuracies is None:
        accuracies = handicapped_accuracies(probs[handicapped], labels, test, tie, keys, perturbation)
    return difference, power_x(x_measure, other_rows, accuracies)


def handicapped_accuracies(probs, labels, test, tie, keys, perturbation: dict):
    """``f(c)``: the per-split test accuracies of a model handicapped by ``c`` after inference, with
    fixed ``keys`` -- the rows whose mean :func:`lib.models.wvrn_nbc.handicap_difference` takes
    (``perturbation``: its ``strength`` and ``selection``)."""
    move = handicap.strengths(perturbation["strength"], keys)

    def accuracies(c: float) -> np.ndarray:
        chosen = handicap.chosen_nodes(c, keys, test, perturbation["selection"])
        return wvrn_nbc.accuracy(handicap.perturb(probs, chosen, move), labels, test, tie)

    return accuracies


def power_x(measure: str, unhandicapped, handicapped_accuracies_of):
    """``x(c)``, the power panels' x at nBC handicap ``c`` under reading
    ``relational.power_x_measure`` (:data:`POWER_X_MEASURES`), from the unhandicapped model's
    per-split accuracies and ``handicapped_accuracies_of(c)``, the handicapped model's on the
    same splits: the mean of the signed differences or of their absolute values."""
    if measure not in POWER_X_MEASURES:
        raise ValueError(f"measure must be one of {POWER_X_MEASURES}, got {measure!r}")
    other = np.asarray(unhandicapped, dtype=np.float64)

    def x(c: float) -> float:
        gap = other - handicapped_accuracies_of(c)
        return float(np.mean(np.abs(gap) if measure == "mean_absolute" else gap))

    return x


def _level_records(base: dict, difference, setting: dict, log=None, x=None) -> list[dict]:
    """The calibration rows of one labeling level: Type I, the wvRN handicap meeting the tolerance
    (bisection; none is an error of one sentence); power, the difference at each nBC handicap.
    ``difference(c)`` is the handicapped model's accuracy minus the other's; ``x(c)``, when given,
    is a power row's ``difference`` instead of ``-difference(c)`` (:func:`power_x`)."""
    pl, nets, nodes = base["prop_labeled"], base["networks"], base["nodes"]
    if base["purpose"] == "type1":
        acc_b = base["accuracy_nbc_unhandicapped"]
        try:
            found = handicap.calibrate_handicap(difference, tol=setting["tolerance"])
        except ValueError as exc:
            raise ValueError(
                f"relational calibration failed at propLabeled {pl:g} on {nets} networks of "
                f"{nodes} nodes: no wvRN handicap c gives |acc(wvRN_c) - acc(nBC)| <= "
                f"{setting['tolerance']:g} ({exc})"
            ) from None
        if log is not None:
            log.info(
                "propLabeled %g: wvRN %.4f, nBC %.4f unhandicapped -> c=%.5f, difference %+.5f",
                pl,
                base["accuracy_wvrn_unhandicapped"],
                acc_b,
                found.c,
                found.difference,
            )
        return [
            {
                **base,
                "handicap_wvrn": found.c,
                "handicap_nbc": 0.0,
                "accuracy_wvrn": acc_b + found.difference,
                "accuracy_nbc": acc_b,
                "difference": found.difference,
                "tolerance": setting["tolerance"],
                "evaluations": len(found.evaluations),
            }
        ]
    acc_w, records = base["accuracy_wvrn_unhandicapped"], []
    for c in setting["handicaps"]:
        d = -difference(c)
        records.append(
            {
                **base,
                "handicap_wvrn": 0.0,
                "handicap_nbc": c,
                "accuracy_wvrn": acc_w,
                "accuracy_nbc": acc_w - d,
                "difference": d if x is None else x(c),
                "tolerance": np.nan,
                "evaluations": 1,
            }
        )
        if log is not None:
            log.info("propLabeled %g, nBC c=%g: mean difference wvRN - nBC %.4f", pl, c, d)
            if x is not None:
                log.info("propLabeled %g, nBC c=%g: power x %.4f", pl, c, records[-1]["difference"])
    return records


def evaluate_network(nodes: int, chunk: int, setting: dict, network_rng, rng, calibration=None, log=None, models=None):
    """One evaluation network of the relational study for one purpose (Neville 2009 Sec. 5.4;
    Wang 2011 Sec. 5.2).

    Parameters
    ----------
    nodes, chunk : int
        Network size and the evaluation network's index (a column of the result).
    setting : dict
        ``purpose``, ``network`` (LGM parameters), ``samplers`` (name -> folds),
        ``prop_labeled``, ``trials``, ``alpha``, ``strength``, ``selection`` and for power
        ``handicaps``.
    network_rng, rng : numpy.random.Generator
        Draw the network (depends on size and index only, so Type I and power evaluate the
        same networks), then the splits and perturbation keys.
    calibration : pandas.DataFrame, optional
        The Type I calibration table of this size (:func:`calibrate`); needed for "type1".
    log : logging.Logger, optional
    models : dict, optional
        The ``network_tests`` readings (:func:`lib.evaluation.pairtests.model_options`).

    Returns
    -------
    trials : pandas.DataFrame
        One row per trial x level x sampler x handicap: accuracies, test size, error
        correlation, p-values and rejections of the paired and unpaired t-tests and (RS) RS-C.
    network : pandas.DataFrame
        The network's statistics (one row).

    Notes
    -----
    Per trial, labeling level and sampler: ``folds`` labeled/test splits
    (:func:`lib.evaluation.sampling.within_network_splits`), nBC learned on each labeled set,
    wvRN and nBC inferred over every unlabeled node by relaxation labeling -- all splits in one
    batch (:func:`lib.models.wvrn_nbc.infer_pair`) -- then each handicap setting is applied
    to the stored probabilities with fixed perturbation keys. Type I: wvRN handicapped by the
    calibrated c of the level, nBC not. Power: nBC handicapped by each c, wvRN not (Sec. 5.3:
    "perturbed the predictions of the worse performing model (nBC)"); the keys are shared
    across c, so the perturbed sets are nested.
    """
    options = pairtests.model_options(models)
    s = {**setting, "strength": handicap.reading_strength(setting["strength"], options["handicap_magnitude"])}
    smoothing = wvrn_nbc.NBC_ESTIMATION[options["nbc_estimation"]]
    purpose, trials, levels = s["purpose"], s["trials"], s["prop_labeled"]
    net = networks.generate_lgm(network_rng, networks.LGMParams(**s["network"]))
    if purpose == "type1":
        c_wvrn = {
            pl: float(calibration.loc[np.isclose(calibration["prop_labeled"], pl), "handicap_wvrn"].iloc[0])
            for pl in levels
        }
        settings = {pl: [(c_wvrn[pl], 0.0)] for pl in levels}
    else:
        settings = {pl: [(0.0, c) for c in s["handicaps"]] for pl in levels}

    blocks, train, test = [], [], []
    for pl in levels:
        for sampler, folds in sampling.in_draw_order(s["samplers"]):
            tr, te = sampling.within_network_splits(rng, sampler, trials, nodes, pl, folds)
            blocks.append((pl, sampler, folds, sum(len(t) for t in train), trials * folds))
            train.append(tr.reshape(-1, nodes))
            test.append(te.reshape(-1, nodes))
    train, test = np.concatenate(train), np.concatenate(test)
    probs = wvrn_nbc.infer_pair(net.adjacency, net.labels, train, smoothing=smoothing)
    tie = wvrn_nbc.majority_class(net.labels, train)
    keys = handicap.perturbation_keys(rng, (2,) + train.shape)
    if log is not None:
        log.info("%d splits inferred", len(train))

    # Unlike lib.studies.realnet.evaluate_set, which draws and infers one level and sampler at a time
    # for each held-out network, every split of every level and sampler is drawn first and inferred
    # in one batch, then the keys: the two streams differ, so the two loops share only the scoring
    # of a block (pairtests.score_handicaps); merging them would change every number.
    rows = []
    for pl, sampler, folds, start, count in blocks:
        sl = slice(start, start + count)
        head = {
            "chunk": chunk,
            "trial": np.arange(trials),
            "purpose": purpose,
            "nodes": nodes,
            "sampler": sampler,
            "folds": folds,
            "prop_labeled": pl,
        }
        rows += pairtests.score_handicaps(
            net.adjacency,
            net.labels,
            train[sl],
            test[sl],
            (probs[0][sl], probs[1][sl]),
            (keys[0][sl], keys[1][sl]),
            tie[sl],
            settings[pl],
            setting=s,
            head=head,
            stage=options["handicap_stage"],
            smoothing=smoothing,
            q_method=options["rsc_q_estimate"],
        )
    stats = pd.DataFrame([{"role": "evaluation", "nodes": nodes, "network": chunk, **networks.network_statistics(net)}])
    return pd.concat(rows, ignore_index=True), stats


def _rounded(frame, columns):
    return frame.assign(**{c: frame[c].round(9) for c in columns if frame[c].dtype.kind == "f"})


def network_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Mean, SD and 95% t interval of each network statistic per role and size.

    Summarises the generated networks' label autocorrelation, P(+) and mean degree per role, and
    over both roles (role ``"evaluation+calibration"``: every row of ``frame``).

    Parameters
    ----------
    frame : pandas.DataFrame
        Rows of :func:`network_rows`, columns ``role``, ``nodes``, ``autocorrelation``,
        ``autocorrelation_contingency``, ``autocorrelation_corrected_contingency``, ``p_pos`` and
        ``mean_degree``.

    Returns
    -------
    summary : pandas.DataFrame
        One row per (role, nodes) with ``role``, ``nodes``, ``networks`` (count) and, for each of
        the five statistics, its mean (column named as the statistic) and ``<stat>_sd``,
        ``<stat>_low``, ``<stat>_high`` (Student t interval; NaN values of a statistic dropped;
        SD and bounds NaN with fewer than two values).

    Notes
    -----
    Checks the generated networks against Neville, Gallagher & Eliassi-Rad 2009, Sec. 5.2 and
    Wang et al. 2011, Sec. 5.2 (average autocorrelation 0.40, ``P(+) = 0.70``).
    """
    rows = []
    groups = [(role, part) for role, part in frame.groupby("role")] + [("evaluation+calibration", frame)]
    for role, part in groups:
        for nodes, sub in part.groupby("nodes"):
            row = {"role": role, "nodes": nodes, "networks": len(sub)}
            for column in (
                "autocorrelation",
                "autocorrelation_contingency",
                "autocorrelation_corrected_contingency",
                "p_pos",
                "mean_degree",
            ):
                mean, sd, low, high = rates.t_interval(sub[column].dropna().to_numpy())
                row.update({column: mean, f"{column}_sd": sd, f"{column}_low": low, f"{column}_high": high})
            rows.append(row)
    return pd.DataFrame(rows)


def summarize(trials: pd.DataFrame, calibration: pd.DataFrame, nets: pd.DataFrame, trial_sets):
    """The relational study's summaries.

    Parameters
    ----------
    trials : pandas.DataFrame
        Every chunk's rows (:func:`evaluate_network`).
    calibration : pandas.DataFrame
        Every calibration table (:func:`calibrate`).
    nets : pandas.DataFrame
        Network statistics of the evaluation and calibration networks.
    trial_sets : sequence of int
        Trials per network to summarise (all for Neville's panels, the first
        ``wang_trials_per_network`` for Wang's).

    Returns
    -------
    summary, calibration, networks, network_rates : pandas.DataFrame
        Rejection rates with 95% Wilson intervals per trial set, purpose, size, sampler, test,
        labeling level and nBC handicap, joined with the calibration-set difference; the sorted
        calibration table; :func:`network_summary` of the networks; the same rates per evaluation
        network (``chunk``), for intervals that respect the clustering of trials within networks
        (:func:`lib.evaluation.summaries.chunk_rates`).
    """
    calibration = calibration.sort_values(CALIBRATION_JOIN, kind="stable").reset_index(drop=True)
    parts, per_chunk = [], []
    for per_network in trial_sets:
        subset = trials[trials["trial"] < per_network]
        part = summaries.rejection_rates(
            subset, keys=SUMMARY_KEYS, extra_means=[c for c in SUMMARY_MEANS if c in trials.columns]
        )
        part.insert(0, "trials_per_network", per_network)
        parts.append(part)
        rates = summaries.chunk_rates(subset, keys=SUMMARY_KEYS)
        rates.insert(0, "trials_per_network", per_network)
        per_chunk.append(rates)
    summary = _rounded(pd.concat(parts, ignore_index=True), CALIBRATION_JOIN)
    network_rates = _rounded(pd.concat(per_chunk, ignore_index=True), CALIBRATION_JOIN)
    x = _rounded(calibration, CALIBRATION_JOIN)[CALIBRATION_JOIN + ["difference"]].rename(
        columns={"difference": "calibration_difference"}
    )
    summary = summary.merge(x, on=CALIBRATION_JOIN, how="left", validate="many_to_one")
    if summary["calibration_difference"].isna().any():
        raise ValueError(
            "some summary rows have no calibration-set difference: the calibration tables do "
            "not cover every purpose, size, level and handicap of the chunks"
        )
    # Type I and power jobs of a size share their evaluation networks and their calibration set
    if (nets.groupby(["role", "nodes", "network"])[["edges", "p_pos"]].nunique() > 1).any().any():
        raise ValueError("jobs that should share a network report different networks; check the seeds")
    nets = nets.drop_duplicates(["role", "nodes", "network"])
    return summary, calibration, network_summary(nets), network_rates


# ----------------------------------------------------------------------------- job identity
#: The evaluation's purposes: Type I (handicapped to equal accuracy) and power (known gaps).
PURPOSES = ("type1", "power")


def sizes(config: Mapping, purpose: str) -> list[int]:
    """The network sizes of ``purpose``: Type I at ``nodes``, power at ``nodes`` and ``large_nodes``."""
    relational = config["relational"]
    return [relational["nodes"]] if purpose == "type1" else [relational["nodes"], relational["large_nodes"]]


def levels(config: Mapping, purpose: str) -> list:
    """The labeling levels of ``purpose``: every ``prop_labeled`` (Type I), ``power_prop_labeled`` (power)."""
    relational = config["relational"]
    return list(relational["prop_labeled"]) if purpose == "type1" else [relational["power_prop_labeled"]]


def _handicap(config: Mapping) -> dict:
    relational = config["relational"]
    return {"strength": relational["handicap_strength"], "selection": relational["handicap_selection"]}


def calibration_set(config: Mapping, nodes: int) -> dict:
    """What determines the calibration networks of one size and their NCV splits: shared by both
    purposes, so that Type I and power are calibrated on the same set, as in the paper."""
    relational = config["relational"]
    return {
        "network": network_parameters(config, nodes),
        "networks": relational["calibration_networks"],
        "folds": relational["calibration_folds"],
    }


def calibration_setting(config: Mapping, purpose: str) -> dict:
    """Type I: the wvRN handicap to solve for at each level; power: the nBC handicaps to measure."""
    relational = config["relational"]
    own = (
        {"tolerance": relational["tolerance"]}
        if purpose == "type1"
        else {"handicaps": list(relational["power_handicaps"])}
    )
    return {"purpose": purpose, "prop_labeled": levels(config, purpose), **_handicap(config), **own}


def chunk_setting(config: Mapping, purpose: str, nodes: int) -> dict:
    """Everything that determines a chunk's draws; not the number of chunks, so that adding evaluation
    networks leaves the chunks already computed as they are."""
    relational = config["relational"]
    return {
        "purpose": purpose,
        "network": network_parameters(config, nodes),
        "samplers": relational["samplers"],
        "prop_labeled": levels(config, purpose),
        "trials": relational["trials_per_network"],
        "alpha": relational["alpha"],
        **_handicap(config),
        **({"handicaps": list(relational["power_handicaps"])} if purpose == "power" else {}),
    }


def models(config: Mapping) -> dict:
    """The options of the models and tests a job runs: the ``network_tests`` readings that act on a
    study job (every one but ``autocorrelation_measure``, which only chooses what two artifacts judge)
    and where the handicap acts. Params, never part of a seed, so that every alternative sees the
    same networks, splits and perturbation keys (a paired comparison)."""
    return {**network_calibration.job_options(config), "handicap_stage": config["relational"]["handicap_stage"]}


def _calibration_params(config, wildcards) -> dict:
    nodes, purpose = int(wildcards["nodes"]), wildcards["purpose"]
    network_set, setting = calibration_set(config, nodes), calibration_setting(config, purpose)
    return {
        "nodes": nodes,
        "calibration_set": network_set,
        "setting": setting,
        "set_entropy": jobs.entropy(config, "relational_calibration_set", network_set),
        "entropy": jobs.entropy(config, "relational_calibration", [network_set, setting]),
        "models": models(config),
        # the power x axis is measured by the power calibrations only: Type I's rows do not depend on it
        "x_measure": config["relational"]["power_x_measure"] if purpose == "power" else "signed_mean",
    }


def _chunk_params(config, wildcards) -> dict:
    nodes, purpose, chunk = int(wildcards["nodes"]), wildcards["purpose"], wildcards["chunk"]
    setting = chunk_setting(config, purpose, nodes)
    return {
        "nodes": nodes,
        "setting": setting,
        # the evaluation network depends on its size and index only: Type I and power use the same
        # evaluation networks, as in the paper
        "network_entropy": jobs.entropy(config, "relational_network", network_parameters(config, nodes), chunk),
        "entropy": jobs.entropy(config, "relational", setting, chunk),
        "models": models(config),
    }


def settings_run(config: Mapping) -> list[tuple[str, int]]:
    """Every (purpose, network size) the study evaluates."""
    return [(purpose, nodes) for purpose in PURPOSES for nodes in sizes(config, purpose)]


def _chunk_upstream(config, wildcards) -> list:
    if wildcards["purpose"] != "type1":
        return []
    return [("relational_calibration", {"purpose": "type1", "nodes": wildcards["nodes"]})]


def summary_inputs(config, wildcards=None) -> list:
    """The jobs the summary pools: every calibration and every evaluation network's chunk."""
    chunks = range(config["relational"]["evaluation_networks"])
    return [
        *(("relational_calibration", {"purpose": p, "nodes": str(n)}) for p, n in settings_run(config)),
        *(
            ("relational_chunk", {"purpose": p, "nodes": str(n), "chunk": str(c)})
            for p, n in settings_run(config)
            for c in chunks
        ),
    ]


def _summary_params(config, wildcards) -> dict:
    relational = config["relational"]
    return {"trial_sets": sorted({relational["trials_per_network"], relational["wang_trials_per_network"]})}


#: The study's jobs (:class:`lib.core.jobs.Job`), by rule.
JOBS = {
    "relational_calibration": jobs.Job(
        ("nodes", "calibration_set", "setting", "set_entropy", "entropy", "models", "x_measure"),
        _calibration_params,
        scoped=rsc.Q_ESTIMATE_SCOPE,
    ),
    "relational_chunk": jobs.Job(
        ("nodes", "setting", "network_entropy", "entropy", "models"),
        _chunk_params,
        _chunk_upstream,
        scoped=rsc.Q_ESTIMATE_SCOPE,
    ),
    "relational_summary": jobs.Job(("trial_sets",), _summary_params, summary_inputs),
}

"""Real networks: Neville et al. (2009) Table 1 statistics, sets of disjoint networks for the
real-data Type I / power experiments (Neville 2009 Sec. 6, Fig. 1(f); Wang et al. 2011 Sec. 5.2,
Fig. 3), and their leave-one-network-out calibration.

The study's jobs are functions here (the rule scripts only read inputs and write outputs):

* :func:`table1_study` -- Neville 2009 Table 1 on the public tasks (:func:`table1_task`).
* :func:`carve_stand_in` -- a public stand-in network set carved from one large network under the
  reading ``realnet.selection`` (:mod:`lib.data.stand_ins`: ``partition`` or ``similar``), in the
  network-set format (:mod:`lib.data.network_sets`); :func:`network_set_statistics` describes a set.
* :func:`calibrate` -- a set's leave-one-network-out calibration (:mod:`lib.studies.network_calibration`).
* :func:`evaluate_set` -- each network held out in turn: splits, both models inferred, handicaps
  applied, paired/unpaired t-tests and RS-C (:func:`lib.evaluation.pairtests.score_handicaps`).
* :func:`summarize` -- rejection rates with Wilson intervals pooled over the held-out networks.

What the paper panels (lib.views) take from the study: :func:`panel_settings` (the sets shown and
the design their captions state), :func:`panel_curves` and :func:`panel_table` (their curves per
set); :func:`table1_setting` and :func:`shown_sets` serve the workflow's study jobs too.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from ..core import jobs, runlog, seeding
from ..data import network_sets, networks, stand_ins
from ..evaluation import pairtests, rsc, sampling, summaries
from ..models import handicap, linkbased, wvrn_nbc
from . import network_calibration

#: What determines the Table 1 study's draws (``realnet.table1``); Table 1's artifact states them too
TABLE1_KEYS = ("datasets", "prop_labeled", "samples", "l2")


def table1_setting(config: Mapping) -> dict:
    """The Table 1 study's setting: the :data:`TABLE1_KEYS` of ``realnet.table1`` (its job's
    params and seed, and what Table 1's artifact says of it)."""
    table1 = config["realnet"]["table1"]
    return {k: table1[k] for k in TABLE1_KEYS}


# ----------------------------------------------------------------------------- Table 1


def random_labeled_sets(rng: np.random.Generator, n: int, prop_labeled: float, samples: int) -> np.ndarray:
    """``samples`` uniform labeled sets of exactly ``round(prop_labeled n)`` nodes.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness.
    n : int
        Number of nodes.
    prop_labeled : float
        Proportion of labeled nodes.
    samples : int
        Number of labeled sets.

    Returns
    -------
    labeled : ndarray of bool, shape (samples, n)
        ``labeled[s, i]`` is True when node ``i`` is in labeled set ``s``; each set is an
        independent uniform sample without replacement.

    Raises
    ------
    ValueError
        If ``round(prop_labeled n)`` is not between 1 and ``n - 1`` (no labeled or no unlabeled
        node).

    Notes
    -----
    The labeled sets of Neville, Gallagher & Eliassi-Rad 2009, Sec. 2, Table 1 (proportions of
    labeled data 0.1, 0.3, 0.5, 0.7, 0.9).
    """
    size = int(round(prop_labeled * n))
    if not 1 <= size < n:
        raise ValueError(f"propLabeled {prop_labeled} of {n} nodes leaves no labeled or no unlabeled node")
    keys = rng.random((samples, n))
    chosen = np.argpartition(keys, size - 1, axis=1)[:, :size]
    out = np.zeros((samples, n), dtype=bool)
    np.put_along_axis(out, chosen, True, axis=1)
    return out


def table1_task(
    rng: np.random.Generator,
    adjacency,
    labels,
    levels,
    samples: int,
    *,
    schedule: wvrn_nbc.Schedule = wvrn_nbc.Schedule(),
    l2: float = 1.0,
) -> list[dict]:
    """Neville 2009 Table 1 for one task: error correlation of four models per labeled set.

    Per labeling level, ``samples`` uniform labeled sets; each of the four models (wvRN,
    link-based LR; with and without collective inference) predicts every unlabeled node; the phi
    coefficient of 0/1 errors over linked pairs of unlabeled nodes
    (:func:`lib.data.networks.error_correlation`) per labeled set.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness (the labeled sets).
    adjacency : scipy.sparse matrix of shape (n, n)
        Symmetric adjacency without self loops.
    labels : array-like of shape (n,)
        0/1 class labels of the task.
    levels : iterable of float
        Proportions of labeled nodes.
    samples : int
        Labeled sets per level.
    schedule : lib.models.wvrn_nbc.Schedule, default=Schedule()
        Relaxation-labeling schedule of collective inference.
    l2 : float, default=1.0
        L2 penalty of the link-based logistic regression.

    Returns
    -------
    rows : list of dict
        One dict per (level, classifier, collective, sample) with ``prop_labeled``,
        ``classifier`` (``"wvRN"`` or ``"LR"``), ``collective`` (bool), ``sample``,
        ``error_correlation`` (NaN when undefined: no error, or only errors, among linked
        unlabeled pairs), ``accuracy``, ``test_size`` and ``linked_test_pairs`` (ordered pairs).

    Raises
    ------
    ValueError
        If ``adjacency`` is not square, symmetric, non-negative and without self loops
        (:func:`lib.data.networks.check_adjacency`), or a level leaves no labeled or no unlabeled
        node (:func:`random_labeled_sets`).

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 2, Table 1: the relational neighbor classifier
    [13] and the link-based classifier [12], each with and without collective inference.
    """
    adj = networks.check_adjacency(adjacency)
    y = np.asarray(labels)
    n = adj.shape[0]
    rows = []
    for level in levels:
        labeled = random_labeled_sets(rng, n, level, samples)
        test = ~labeled
        tie = wvrn_nbc.majority_class(y, labeled)
        pairs = networks.linked_pair_table(adj, np.zeros_like(test, dtype=np.int8), test).sum(axis=-1)
        for classifier in linkbased.CLASSIFIERS:
            for use_collective in (False, True):
                probs = linkbased.infer(classifier, use_collective, adj, y, labeled, schedule=schedule, l2=l2)
                errors = wvrn_nbc.prediction_errors(probs, y, test, tie)
                phi = np.atleast_1d(networks.error_correlation(adj, errors, test))
                acc = 1.0 - errors.sum(axis=1) / test.sum(axis=1)
                for s in range(samples):
                    rows.append(
                        {
                            "prop_labeled": float(level),
                            "classifier": classifier,
                            "collective": bool(use_collective),
                            "sample": s,
                            "error_correlation": float(phi[s]),
                            "accuracy": float(acc[s]),
                            "test_size": int(test[s].sum()),
                            "linked_test_pairs": int(pairs[s]),
                        }
                    )
    return rows


# ----------------------------------------------------------------------------- the study's jobs


def table1_study(loaded, prop_labeled, samples: int, l2: float, rng, log=None):
    """Neville 2009 Table 1 on the public tasks: per labeling level, ``samples`` uniform labeled
    sets; wvRN and the link-based classifier, each with and without collective inference; phi
    of 0/1 errors over linked unlabeled pairs (:func:`table1_task`); and each task's label
    autocorrelation under each measure of :func:`lib.data.networks.label_autocorrelation` (phi,
    Pearson's contingency coefficient C and the corrected C*; reading
    ``network_tests.autocorrelation_measure`` picks the one Table 1's claims judge).

    Parameters
    ----------
    loaded : sequence of (str, NetworkData)
        Registry name and loaded dataset of each task, in the order of the table (one task each).
    prop_labeled : sequence of float
    samples : int
        Labeled sets per level.
    l2 : float
        Ridge penalty of the link-based logistic regression.
    rng : numpy.random.Generator
    log : logging.Logger, optional

    Returns
    -------
    trials, tasks : pandas.DataFrame
        One row per dataset x level x classifier x inference x sample; one row per task with
        its network statistics.

    Notes
    -----
    Enron: only the nodes with a known label take part (the induced subgraph); an unknown
    title is not evidence of a non-executive.
    """
    trials, tasks = [], []
    for name, data in loaded:
        (task,) = data.tasks
        y, known, adj = data.tasks[task], data.task_known[task], data.adjacency
        if not known.all():
            keep = np.flatnonzero(known)
            adj, y = adj[keep][:, keep], y[keep]
            if log is not None:
                log.info(
                    "%s: %d of %d nodes have a known %r label; using their induced subgraph",
                    name,
                    keep.size,
                    known.size,
                    task,
                )
        net = networks.Network(adj.tocsr(), y.astype(np.int8), np.full(y.size, -1), np.zeros(0, np.int8))
        stats = networks.network_statistics(net)
        tasks.append({"dataset": name, "task": task, "nodes": y.size, **stats})
        rows = table1_task(rng, adj, y, prop_labeled, samples, l2=l2)
        trials.append(pd.DataFrame(rows).assign(dataset=name, task=task))
        if log is not None:
            log.info(
                "%s %r: %d nodes, %d edges, autocorrelation %.3f",
                name,
                task,
                y.size,
                stats["edges"],
                stats["autocorrelation"],
            )
    frame = pd.concat(trials, ignore_index=True)
    frame = frame[["dataset", "task", *[c for c in frame.columns if c not in ("dataset", "task")]]]
    return frame, pd.DataFrame(tasks)


SELECTIONS = ("partition", "similar")


def _provenance(spec: dict, data, kept: int, **selection) -> dict:
    """A carved set's provenance columns: the source and task, the selection's own, then the source's
    size and the links the set keeps (in this order: the statistics table's columns)."""
    head = {"source": spec["dataset"], "task": spec["task"]}
    return {**head, **selection, "source_nodes": data.n_nodes, "source_edges": data.n_edges, "links_kept_in_set": kept}


def _carve_partition(spec: dict, data, y, rng, log):
    """Reading ``partition``: region-grown parts; the subnetworks and their provenance columns."""
    p = spec["partition"]
    part = stand_ins.carve_subnetworks(rng, data.adjacency, p["parts"], p["min_size"], p["max_size"], p["attempts"])
    subs = stand_ins.subnetworks(data.adjacency, part.part_of)
    kept = sum(a.nnz // 2 for _, a in subs)
    if log is not None:
        log.info(
            "%s: %d regions, sizes %s (target %d, attempt %d, min size met: %s); %d of %d links kept",
            spec["dataset"],
            len(subs),
            [len(n) for n, _ in subs],
            part.target,
            part.attempt,
            part.met_min_size,
            kept,
            data.n_edges,
        )
        if not part.met_min_size:
            log.warning("some region is smaller than %d nodes after %d attempts", p["min_size"], p["attempts"])
    return subs, _provenance(
        spec, data, kept, target_size=part.target, attempt=part.attempt, min_size_met=part.met_min_size
    )


def _carve_similar(spec: dict, data, y, rng, log):
    """Reading ``similar``: the first deal of blocks within the bands; the subnetworks and their
    provenance columns."""
    s = spec["similar"]
    try:
        chosen = stand_ins.select_similar(
            rng, data.adjacency, y, s["parts"], s["blocks_per_part"], s["candidates"], s["max_ratio"]
        )
    except stand_ins.SelectionError as exc:
        raise stand_ins.SelectionError(
            f"realnet.selection: {exc} for {spec['dataset']} '{spec['task']}'; widen "
            "realnet.similar.max_ratio or draw more realnet.similar.candidates"
        ) from None
    subs = stand_ins.subnetworks(data.adjacency, chosen.part_of)
    kept = sum(a.nnz // 2 for _, a in subs)
    if log is not None:
        log.info(
            "%s: %d networks from %d blocks, deal %d of %d kept (%d within the bands); sizes %s; %d of %d links kept",
            spec["dataset"],
            len(subs),
            s["parts"] * s["blocks_per_part"],
            chosen.candidate,
            chosen.candidates,
            chosen.qualifying,
            [len(n) for n, _ in subs],
            kept,
            data.n_edges,
        )
    return subs, _provenance(
        spec,
        data,
        kept,
        selection="similar",
        blocks=s["parts"] * s["blocks_per_part"],
        candidates=chosen.candidates,
        candidate=chosen.candidate,
        within_bands=chosen.qualifying,
        **{f"band_{k}": float(v) for k, v in s["max_ratio"].items()},
    )


def carve_stand_in(spec: dict, data, rng, log=None, *, selection: str = "partition"):
    """A public stand-in network set carved from one large network.

    Two readings of how the six networks are chosen (reading ``realnet.selection``; Neville 2009
    Sec. 6 took "six schools with similar autocorrelation and link patterns"):

    - ``"partition"``: ``spec["partition"]["parts"]`` parts carved by seeded region growing
      (:func:`lib.data.stand_ins.carve_subnetworks`), whatever their statistics.
    - ``"similar"``: ``spec["similar"]["parts"]`` networks assembled from region-grown blocks, the
      first of many candidate stratified deals whose networks lie within the bands
      ``spec["similar"]["max_ratio"]`` (:func:`lib.data.stand_ins.select_similar`).

    Both are labelled by task ``spec["task"]``; network ``r`` is named ``"<dataset>_<r>"`` and keeps
    every link between two of its nodes.

    Parameters
    ----------
    spec : dict
        ``dataset`` (registry name), ``task`` (one of ``data.tasks``) and, for ``"partition"``,
        ``partition``: the :func:`lib.data.stand_ins.carve_subnetworks` arguments ``parts``,
        ``min_size``, ``max_size`` and ``attempts``; for ``"similar"``, ``similar``: the
        :func:`lib.data.stand_ins.select_similar` arguments ``parts``, ``blocks_per_part``,
        ``candidates`` and ``max_ratio``.
    data : lib.data.datasets.NetworkData
        The loaded large network (e.g. Cora, Citeseer).
    rng : numpy.random.Generator
        Source of randomness of the region growing (and of the deals).
    log : logging.Logger, optional
        Receives the sizes and links kept (and a warning when some ``partition`` region is smaller
        than ``min_size``; the accepted deal and the number within the bands for ``similar``).
    selection : {"partition", "similar"}, default="partition"
        How the networks are chosen (above).

    Returns
    -------
    node_rows, edge_rows : list of dict
        The set in the documented nodes.csv / edges.csv format
        (:func:`lib.data.network_sets.network_set_tables`).
    extra : dict
        Provenance columns of the set's statistics table. ``partition``: ``source``, ``task``,
        ``target_size``, ``attempt``, ``min_size_met``, ``source_nodes``, ``source_edges`` and
        ``links_kept_in_set``. ``similar``: ``source``, ``task``, ``selection``, ``blocks``,
        ``candidates``, ``candidate`` (the accepted deal, 1-based), ``within_bands`` (deals within
        the bands), ``band_<statistic>`` (each max/min ratio), ``source_nodes``, ``source_edges``
        and ``links_kept_in_set``.

    Raises
    ------
    ValueError
        If ``data`` has no task ``spec["task"]``, ``selection`` is unknown, or the settings are
        invalid (:func:`lib.data.stand_ins.carve_subnetworks`, :func:`lib.data.stand_ins.select_similar`);
        for ``"similar"``, one sentence starting "realnet.selection:" when no candidate lies within the bands.

    Notes
    -----
    Public stand-ins for the six disjoint networks of Neville, Gallagher & Eliassi-Rad 2009, Sec. 6
    (Add Health schools) and Wang et al. 2011, Sec. 5.2 (IMDB samples).
    """
    if spec["task"] not in data.tasks:
        raise ValueError(
            f"dataset {spec['dataset']!r} has no task {spec['task']!r}; it has {', '.join(map(repr, data.tasks))}"
        )
    if selection not in SELECTIONS:
        raise ValueError(f"selection must be one of {', '.join(SELECTIONS)}, got {selection!r}")
    y = data.tasks[spec["task"]]
    carve = _carve_partition if selection == "partition" else _carve_similar
    subs, extra = carve(spec, data, y, rng, log)
    names = [f"{spec['dataset']}_{r}" for r in range(len(subs))]
    node_rows, edge_rows = network_sets.network_set_tables(
        names, [a for _, a in subs], [y[n] for n, _ in subs], [[data.node_ids[i] for i in n] for n, _ in subs]
    )
    return node_rows, edge_rows, extra


def network_set_statistics(name: str, netset: network_sets.NetworkSet, extra: dict) -> pd.DataFrame:
    """One row of statistics per network of a set, with the set's provenance columns.

    Parameters
    ----------
    name : str
        The set's name.
    netset : lib.data.network_sets.NetworkSet
        The networks; at least 3 (leave-one-out calibration needs at least 3).
    extra : dict
        Provenance columns added to every row (e.g. the ``extra`` of :func:`carve_stand_in`).

    Returns
    -------
    statistics : pandas.DataFrame
        One row per network: ``set``, ``network`` (index), ``name``, ``nodes``, the
        :func:`lib.data.networks.network_statistics` (edges, mean degree, autocorrelation, P(+))
        and the ``extra`` columns.

    Raises
    ------
    ValueError
        If the set has fewer than 3 networks.

    Notes
    -----
    Compare with the six schools of Neville, Gallagher & Eliassi-Rad 2009, Sec. 6 ("sizes ranging
    from 300-700 nodes, average degree of 7-8, and autocorrelation in the range [0.25, 0.35]").
    """
    if len(netset) < 3:
        raise ValueError(f"network set {name!r} has {len(netset)} networks; leave-one-out calibration needs at least 3")
    return pd.DataFrame(
        [
            {
                "set": name,
                "network": g,
                "name": netset.names[g],
                "nodes": netset.sizes()[g],
                **networks.network_statistics(netset.network(g)),
                **extra,
            }
            for g in range(len(netset))
        ]
    )


def _calibrate_type1(cal, netset, name: str, h: int, level: int, pl: float, tolerance: float, perturbation, unmet):
    """The Type I handicap of held-out network ``h`` at labeling level ``level`` (propLabeled
    ``pl``); a ValueError naming the set, the network and the level when no handicap meets
    ``tolerance`` and ``unmet`` is ``"raise"``."""
    try:
        return network_calibration.calibrate_held_out(cal, h, level, tolerance, **perturbation, unmet=unmet)
    except handicap.HandicapUnmet as exc:
        raise ValueError(
            f"calibration of network set {name!r} failed for held-out network "
            f"{netset.names[h]} at propLabeled {pl:g}: no handicap gives |acc(wvRN) - acc(nBC)| "
            f"<= {tolerance:g} ({exc})"
        ) from None


def _log_type1(log, network: str, pl: float, found: dict) -> None:
    if log is not None:
        log.info(
            "held out %s, propLabeled %g: wvRN %.4f nBC %.4f (SE of the gap %.4f) -> %s c=%.5f, difference %+.5f (%s)",
            network,
            pl,
            found["accuracy_wvrn_unhandicapped"],
            found["accuracy_nbc_unhandicapped"],
            found["difference_unhandicapped_se"],
            found["handicapped"],
            max(found["handicap_wvrn"], found["handicap_nbc"]),
            found["difference"],
            found["calibration_case"],
        )


def calibrate(
    name: str,
    netset: network_sets.NetworkSet,
    setting: dict,
    split_rng,
    key_rng,
    log=None,
    models=None,
    unmet: str = "raise",
) -> pd.DataFrame:
    """Calibration of one network set (Neville 2009 Sec. 6; Wang 2011 Sec. 5.2).

    Parameters
    ----------
    name : str
        The set's name (a column of the result and part of error messages).
    netset : lib.data.network_sets.NetworkSet
    setting : dict
        ``levels``, ``samples``, ``folds``, ``type1_levels``, ``power_level``,
        ``power_handicaps``, ``tolerance``, ``strength``, ``selection``.
    split_rng, key_rng : numpy.random.Generator
        Draw the NCV splits and labeled sets
        (:func:`lib.studies.network_calibration.calibration_set`), and the perturbation keys.
    log : logging.Logger, optional
    models : dict, optional
        The ``network_tests`` readings (``nbc_estimation``; defaults:
        :data:`lib.evaluation.pairtests.MODEL_DEFAULTS`).
    unmet : {"raise", "settle"}
        What a Type I calibration does when no handicap meets the tolerance
        (:data:`lib.studies.network_calibration.UNMET`); it draws nothing, so it is part of no seed.

    Returns
    -------
    pandas.DataFrame
        Per held-out network: Type I, one row per level with the handicap that brings the better
        model within ``tolerance`` of the other on the *other* networks' splits
        (:func:`lib.studies.network_calibration.calibrate_held_out`); power, one row per nBC handicap
        with the mean difference wvRN - nBC(c) (:func:`lib.studies.network_calibration.power_differences`).
        Under ``unmet="settle"`` also the :data:`lib.studies.network_calibration.CASE_COLUMNS` (empty
        on power rows).

    Notes
    -----
    Every network is split ``samples`` times into ``folds``-fold NCV sets; wvRN and nBC are
    inferred once for all splits of all networks (one block-diagonal batch), so the splits of a
    network are shared by every calibration that uses it; perturbation keys are fixed per split.
    """
    s = setting
    if unmet not in network_calibration.UNMET:
        raise ValueError(f"unmet must be one of {', '.join(network_calibration.UNMET)}, got {unmet!r}")
    options = pairtests.model_options(models)
    levels = s["levels"]
    cal = network_calibration.calibration_set(
        split_rng,
        key_rng,
        netset,
        levels,
        s["samples"],
        s["folds"],
        smoothing=wvrn_nbc.NBC_ESTIMATION[options["nbc_estimation"]],
    )
    perturbation = {
        "strength": handicap.reading_strength(s["strength"], options["handicap_magnitude"]),
        "selection": s["selection"],
    }
    records = []
    for h in range(len(netset)):
        held_out = {"held_out": h, "held_out_name": netset.names[h]}
        for pl in s["type1_levels"]:
            found = _calibrate_type1(cal, netset, name, h, levels.index(pl), pl, s["tolerance"], perturbation, unmet)
            records.append({"set": name, "purpose": "type1", **held_out, "prop_labeled": pl, **found})
            _log_type1(log, netset.names[h], pl, found)
        pl = s["power_level"]
        for found in network_calibration.power_differences(
            cal, h, levels.index(pl), s["power_handicaps"], **perturbation
        ):
            records.append({"set": name, "purpose": "power", **held_out, "prop_labeled": pl, **found})
    frame = pd.DataFrame(records)
    if unmet == "raise":  # every row met the tolerance: the papers' tables keep their columns
        frame = frame.drop(columns=list(network_calibration.CASE_COLUMNS))
    frame["tolerance"] = s["tolerance"]
    return frame


def evaluate_set(
    netset: network_sets.NetworkSet, calibration: pd.DataFrame, setting: dict, entropy, log=None, models=None
) -> pd.DataFrame:
    """Evaluation of one network set for one purpose (Neville 2009 Sec. 6, Fig. 1(f); Wang 2011
    Sec. 5.2, Fig. 3).

    Parameters
    ----------
    netset : lib.data.network_sets.NetworkSet
    calibration : pandas.DataFrame
        The set's calibration table (:func:`calibrate`).
    setting : dict
        ``purpose``, ``samplers`` (name -> folds), ``prop_labeled``, ``trials``, ``alpha``,
        ``strength``, ``selection``.
    entropy : sequence of int
        The job's seed entropy; held-out network ``h`` draws from ``[*entropy, h]``.
    log : logging.Logger, optional
    models : dict, optional
        The ``network_tests`` readings (``nbc_estimation``, ``rsc_q_estimate``; defaults:
        :data:`lib.evaluation.pairtests.MODEL_DEFAULTS`).

    Returns
    -------
    pandas.DataFrame
        One row per held-out network x trial x level x sampler x handicap (``chunk`` = the
        held-out network): accuracies, p-values and rejections of the paired/unpaired t-tests
        and, on RS, RS-C (:func:`lib.evaluation.pairtests.score`).

    Notes
    -----
    Each network is held out in turn: per trial, labeling level and sampler, ``folds``
    labeled/test splits of that network (:func:`lib.evaluation.sampling.within_network_splits`),
    both models inferred by relaxation labeling, the handicap applied with fixed keys -- Type I:
    the calibrated handicap of this held-out network and level (from the other networks);
    power: each nBC handicap.
    """
    # One level and sampler at a time, per held-out network: draw the splits, infer, draw the keys,
    # then score each handicap. lib.studies.relational.evaluate_network draws every split of its one
    # network before inferring them in one batch and drawing the keys, so the two random streams
    # differ; the loops share the scoring of a block (pairtests.score_handicaps) and no more, as
    # merging them would change every number of one study or the other.
    options = pairtests.model_options(models)
    s = {**setting, "strength": handicap.reading_strength(setting["strength"], options["handicap_magnitude"])}
    smoothing = wvrn_nbc.NBC_ESTIMATION[options["nbc_estimation"]]
    purpose, trials, levels = s["purpose"], s["trials"], s["prop_labeled"]
    rows = []
    progress = runlog.Progress(log, len(netset), "held-out networks")
    for h in range(len(netset)):
        adj, labels, m = netset.adjacency[h], netset.labels[h], netset.sizes()[h]
        rng = seeding.generator([*entropy, h])
        cal = calibration[(calibration["purpose"] == purpose) & (calibration["held_out"] == h)]
        for pl in levels:
            at = cal[np.isclose(cal["prop_labeled"], pl)]
            settings = [(float(r.handicap_wvrn), float(r.handicap_nbc)) for r in at.itertuples()]
            if purpose == "type1" and len(settings) != 1:
                raise ValueError(
                    f"calibration table has {len(settings)} Type I rows for held-out network {h} at "
                    f"propLabeled {pl:g}; expected 1"
                )
            for sampler, folds in sampling.in_draw_order(s["samplers"]):
                train, test = sampling.within_network_splits(rng, sampler, trials, m, pl, folds)
                train, test = train.reshape(-1, m), test.reshape(-1, m)
                probs = wvrn_nbc.infer_pair(adj, labels, train, smoothing=smoothing)
                tie = wvrn_nbc.majority_class(labels, train)
                keys = handicap.perturbation_keys(rng, (2,) + train.shape)
                head = {
                    "chunk": h,
                    "network": netset.names[h],
                    "trial": np.arange(trials),
                    "purpose": purpose,
                    "nodes": m,
                    "sampler": sampler,
                    "folds": folds,
                    "prop_labeled": pl,
                }
                # the handicap acts after inference, as in the calibration (network_calibration);
                # the reading relational.handicap_stage is about Neville 2009 Sec. 5 only
                rows += pairtests.score_handicaps(
                    adj,
                    labels,
                    train,
                    test,
                    probs,
                    keys,
                    tie,
                    settings,
                    setting=s,
                    head=head,
                    stage="after",
                    smoothing=smoothing,
                    q_method=options["rsc_q_estimate"],
                )
        if log is not None:
            log.info("held-out network %s (%d nodes) done", netset.names[h], m)
        progress.advance()
    return pd.concat(rows, ignore_index=True)


SUMMARY_KEYS = ["set", "purpose", "sampler", "folds", "prop_labeled", "power_handicap"]
SUMMARY_MEANS = [
    "handicap_wvrn",
    "handicap_nbc",
    "accuracy_wvrn",
    "accuracy_nbc",
    "accuracy_difference",
    "test_size",
    "error_correlation",
    "nodes",
    *(f"rsc_{k}_{m}" for m in ("wvrn", "nbc") for k in ("p", "q", "rho", "L")),
]
CALIBRATION_JOIN = ["set", "purpose", "prop_labeled", "power_handicap"]


def _with_power_handicap(frame):
    return frame.assign(power_handicap=np.where(frame["purpose"] == "power", frame["handicap_nbc"], 0.0))


def summarize(trials: pd.DataFrame, calibration: pd.DataFrame) -> pd.DataFrame:
    """Rejection rates with 95% Wilson intervals per network set, purpose, sampler, test,
    labeling level and (power) nBC handicap, pooled over the held-out networks.

    Parameters
    ----------
    trials : pandas.DataFrame
        Every set's :func:`evaluate_set` rows with a ``set`` column.
    calibration : pandas.DataFrame
        Every set's :func:`calibrate` table.

    Returns
    -------
    pandas.DataFrame
        The summary, with ``chunk_rate_sd`` (spread over held-out networks), ``held_out_abs_gap``
        (the mean over held-out networks of |mean accuracy difference| left by the calibration:
        the null hypothesis holds on average, not on each network) and the mean calibration-set
        difference wvRN - nBC over the held-out networks' calibrations (the power x axis).
    """
    trials = _with_power_handicap(trials)
    calibration = _with_power_handicap(calibration)
    x = (
        calibration.groupby(CALIBRATION_JOIN)
        .agg(
            calibration_difference=("difference", "mean"),
            calibration_difference_sd=("difference", "std"),
            calibrated_handicap_wvrn=("handicap_wvrn", "mean"),
            calibrated_handicap_nbc=("handicap_nbc", "mean"),
            nbc_handicapped_networks=("handicapped", lambda h: int((h == "nbc").sum())),
            calibration_accuracy_wvrn=("accuracy_wvrn_unhandicapped", "mean"),
            calibration_accuracy_nbc=("accuracy_nbc_unhandicapped", "mean"),
        )
        .reset_index()
    )
    summary = summaries.rejection_rates(
        trials, keys=SUMMARY_KEYS, extra_means=[c for c in SUMMARY_MEANS if c in trials.columns]
    )
    gap = (
        trials.groupby([*SUMMARY_KEYS, "chunk"])["accuracy_difference"]
        .mean()
        .abs()
        .groupby(level=list(range(len(SUMMARY_KEYS))))
        .mean()
        .rename("held_out_abs_gap")
        .reset_index()
    )
    summary = summary.merge(gap, on=SUMMARY_KEYS, how="left", validate="many_to_one")
    for frame in (summary, x):
        for col in ("prop_labeled", "power_handicap"):
            frame[col] = frame[col].round(9)
    summary = summary.merge(x, on=CALIBRATION_JOIN, how="left", validate="many_to_one")
    if summary["calibration_difference"].isna().any():
        raise ValueError(
            "some summary rows have no calibration difference: the calibration tables do not cover "
            "every set, purpose, level and handicap of the chunks"
        )
    return summary


# ----------------------------------------------------------------------------- the paper panels
#: The config keys listing the network sets each paper panel shows (one panel per set): Neville
#: Fig. 1(f) and Wang Fig. 3(a)-(b)
PANEL_SETS_KEYS = ("fig1f_sets", "fig3_sets")
#: What the paper panels say of the study's design: the ``realnet`` keys their captions use
PANEL_KEYS = (
    "trials_per_network",
    "calibration_samples",
    "calibration_folds",
    "tolerance",
    "power_prop_labeled",
    "power_handicaps",
    "partition",
    "selection",
    "similar",
    "handicap_strength",
)


def shown_sets(config: Mapping) -> list[str]:
    """Every network set some paper panel shows (:data:`PANEL_SETS_KEYS`): the sets the study
    evaluates and summarises."""
    realnet = config["realnet"]
    return sorted(set().union(*(realnet[key] for key in PANEL_SETS_KEYS)))


def panel_study(config: Mapping) -> dict:
    """The study's design as the paper panels describe it: the :data:`PANEL_KEYS` of ``realnet``
    and the reading ``network_tests.handicap_magnitude``."""
    realnet = config["realnet"]
    return {k: realnet[k] for k in PANEL_KEYS} | {"handicap_magnitude": config["network_tests"]["handicap_magnitude"]}


def panel_settings(config: Mapping, sets_key: str) -> dict:
    """The settings of a paper panel: the test level ``alpha``, the :func:`panel_study`, the samples
    per trial, and the network sets it shows (``realnet.<sets_key>``, one of
    :data:`PANEL_SETS_KEYS`) with their specs (``realnet.sets``)."""
    realnet = config["realnet"]
    sets = list(realnet[sets_key])
    return {
        "alpha": realnet["alpha"],
        "study": panel_study(config),
        "samplers": realnet["samplers"],
        "sets": sets,
        "set_specs": {name: realnet["sets"][name] for name in sets},
    }


#: A panel's rate columns: rejections of the trials pooled over the held-out networks, the rate
#: with its Wilson interval, and its spread over the held-out networks
POOLED_RATE_COLUMNS = ["rejections", "trials", "rate", "rate_low", "rate_high", "chunk_rate_sd"]
#: The first columns of a Type I panel's table (after ``set`` and ``method``): the curve's rates,
#: the gap the calibration left on the held-out networks and the handicaps
TYPE1_COLUMNS = [
    "sampler",
    "test",
    "prop_labeled",
    *POOLED_RATE_COLUMNS,
    "held_out_abs_gap",
    "handicap_wvrn",
    "handicap_nbc",
]


def panel_curves(summary: pd.DataFrame, sets, lines: dict, purpose: str, x: str) -> dict[str, dict]:
    """Per network set shown, the curve of each line (label -> (sampler, test)) of ``purpose``
    against ``x`` (:func:`lib.evaluation.summaries.method_curves`)."""
    return {
        name: summaries.method_curves(summaries.select(summary, set=name, purpose=purpose), lines, x) for name in sets
    }


def panel_table(curves: dict[str, dict], columns: list[str]) -> pd.DataFrame:
    """The curves of :func:`panel_curves` as one table: ``set``, ``method`` (the curve's label),
    then ``columns``, set after set and curve after curve."""
    per_set = [summaries.curves_table(by_method, ["set", *columns]) for by_method in curves.values()]
    return pd.concat(per_set, ignore_index=True)[["set", "method", *columns]]


# ----------------------------------------------------------------------------- job identity
#: The label of the random stream a carved network set draws from (under either reading of
#: ``realnet.selection``): part of every number of every real-network job, so never renamed.
NETWORK_SET_STREAM = "realnet_partition"


def network_set_identity(config, name: str) -> dict:
    """What determines network set ``name`` and so seeds every job on it: the user's files, or the
    public data set and task with the selection's own parameters -- ``partition`` (the region
    growing's) under the reading ``partition``, else the reading and ``similar`` (the bands')."""
    realnet = config["realnet"]
    spec = dict(realnet["sets"][name])
    if "dataset" in spec:
        if realnet["selection"] == "partition":
            spec["partition"] = realnet["partition"]
        else:
            spec["selection"] = realnet["selection"]
            spec["similar"] = realnet["similar"]
    return spec


def chunk_identity(config, purpose: str) -> dict:
    """Everything that determines a real-network chunk's draws, for ``purpose`` type1 or power."""
    study = config["realnet"]
    return {
        "purpose": purpose,
        "samplers": study["samplers"],
        "prop_labeled": list(study["prop_labeled"]) if purpose == "type1" else [study["power_prop_labeled"]],
        "trials": study["trials_per_network"],
        "alpha": study["alpha"],
        "strength": study["handicap_strength"],
        "selection": study["handicap_selection"],
        **({"handicaps": list(study["power_handicaps"])} if purpose == "power" else {}),
    }


PURPOSES = ("type1", "power")


def calibration_setting(config: Mapping) -> dict:
    """What a set's calibration solves for: the levels, samples and folds of its splits, the
    Type I levels and tolerance, the power level and handicaps, the handicap's strength and selection."""
    realnet = config["realnet"]
    type1_levels, power_level = list(realnet["prop_labeled"]), realnet["power_prop_labeled"]
    return {
        "levels": sorted(set(type1_levels) | {power_level}),
        "samples": realnet["calibration_samples"],
        "folds": realnet["calibration_folds"],
        "type1_levels": type1_levels,
        "power_level": power_level,
        "power_handicaps": list(realnet["power_handicaps"]),
        "tolerance": realnet["tolerance"],
        "strength": realnet["handicap_strength"],
        "selection": realnet["handicap_selection"],
    }


def _table1_params(config, wildcards) -> dict:
    setting = table1_setting(config)
    return {"setting": setting, "entropy": jobs.entropy(config, "realnet_table1", setting)}


def _network_set_params(config, wildcards) -> dict:
    identity = network_set_identity(config, wildcards["netset"])
    return {
        "spec": identity,
        "selection": config["realnet"]["selection"],
        "entropy": jobs.entropy(config, NETWORK_SET_STREAM, identity),
    }


def _calibration_params(config, wildcards) -> dict:
    identity, setting = network_set_identity(config, wildcards["netset"]), calibration_setting(config)
    splits = [identity, setting["samples"], setting["folds"], setting["levels"]]
    return {
        "setting": setting,
        "set_entropy": jobs.entropy(config, "realnet_calibration_set", splits),
        "entropy": jobs.entropy(config, "realnet_calibration", [identity, setting]),
        "models": network_calibration.job_options(config),
        # a calibration no handicap meets stops the job: the papers' artifacts follow their
        # procedure or are not built (a user's network settles instead: lib.studies.yours)
        "unmet": "raise",
    }


def _chunk_params(config, wildcards) -> dict:
    identity, setting = network_set_identity(config, wildcards["netset"]), chunk_identity(config, wildcards["purpose"])
    return {
        "setting": setting,
        "entropy": jobs.entropy(config, "realnet", [identity, setting]),
        "models": network_calibration.job_options(config),
    }


def _set_jobs(config, wildcards) -> list:
    netset = {"netset": wildcards["netset"]}
    return [("realnet_network_set", netset), ("realnet_calibration", netset)]


def summary_inputs(config, wildcards=None) -> list:
    """The jobs the summary pools: every shown set's chunks (both purposes), calibration and network set."""
    sets = shown_sets(config)
    return [
        *(("realnet_chunk", {"netset": s, "purpose": p}) for s in sets for p in PURPOSES),
        *(("realnet_calibration", {"netset": s}) for s in sets),
        *(("realnet_network_set", {"netset": s}) for s in sets),
    ]


#: The study's jobs (:class:`lib.core.jobs.Job`), by rule.
JOBS = {
    "realnet_table1_study": jobs.Job(("setting", "entropy"), _table1_params),
    "realnet_network_set": jobs.Job(("spec", "selection", "entropy"), _network_set_params),
    "realnet_calibration": jobs.Job(
        ("setting", "set_entropy", "entropy", "models", "unmet"),
        _calibration_params,
        lambda config, wildcards: [("realnet_network_set", {"netset": wildcards["netset"]})],
        scoped=rsc.Q_ESTIMATE_SCOPE,
    ),
    "realnet_chunk": jobs.Job(("setting", "entropy", "models"), _chunk_params, _set_jobs, scoped=rsc.Q_ESTIMATE_SCOPE),
    "realnet_summary": jobs.Job(("sets",), lambda config, wildcards: {"sets": shown_sets(config)}, summary_inputs),
}

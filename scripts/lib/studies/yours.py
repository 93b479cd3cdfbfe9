"""The papers' tests on a user's own data, network and classifiers (the ``yours`` target).

A researcher who has read the four papers asks what their tests say about *their* classifier on
*their* data. The config's ``yours`` section names tabular data sets, networks and classifiers;
this module turns it into jobs of the existing studies -- nothing here is a second implementation:

* **Permutation tests** (Ojala & Garriga 2009, Sec. III-V, Tables II-III): for every data set and
  classifier, the original stratified CV error (repeated), Test 1 (labels permuted: is the
  accuracy better than chance?) and Test 2 (each column permuted within each class: does the
  classifier use the dependency between the features?), by the permutation study's own jobs
  (:func:`lib.studies.permutation.uci_original`, :func:`~lib.studies.permutation.uci_randomized`:
  the four Weka classifiers on their engines, a scikit-learn estimator refit per fold on exactly the
  same randomisations and folds). The table is :func:`lib.studies.permutation_summaries.uci_table_summary`.
* **Imbalance** (Raeder, Forman & Chawla 2012, Sec. 3, Fig. 2): a binary data set with a named
  positive class, nested minority removal, stratified 10-fold and 5x2 CV and the seven metrics,
  by :func:`lib.studies.imbalance.cross_validate_dataset` with the user's classifiers.
* **Network tests** (Neville 2009 Sec. 6, Fig. 1(f); Wang 2011 Sec. 5.2, Fig. 3): one connected
  network is carved into disjoint subnetworks as the public stand-ins are carved from Cora
  (:func:`lib.studies.realnet.carve_stand_in`), then calibrated and evaluated by the real-network
  study's rules (:func:`lib.studies.realnet.calibrate`, :func:`~lib.studies.realnet.evaluate_set`,
  :func:`~lib.studies.realnet.summarize`): Type I error and power of RS, RS-C and NCV, paired and
  unpaired, for wvRN vs nBC. Where no handicap meets the calibration's tolerance (labels without
  autocorrelation: both models at chance) the calibration settles instead of stopping
  (:func:`lib.models.handicap.settle_handicap`) and :func:`calibration_cases` tells the caption how.

Scale: every count defaults to the profile's own (``permutation.uci``, ``imbalance``,
``realnet``: the papers' numbers on the paper profile); the ``yours`` section may set fewer, and
the captions say so. :func:`settings` resolves the defaults.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd

from ..core import chunks, jobs, seeding
from ..data import datasets, networks, parsers, userdata
from ..evaluation import rsc
from ..models import adapters, handicap
from . import imbalance, network_calibration, permutation, realnet

WEKA = permutation.CLASSIFIERS
"""The Weka classifiers a user names: ``j48``, ``1nn``, ``nb``, ``smo``."""

NETWORK_TASK = "label"


# ----------------------------------------------------------------------------- settings


#: The parts of the ``yours`` section that fill in a study's defaults, each read only by its own jobs
PARTS = ("permutation", "imbalance", "network")


def settings(config: dict, parts: tuple[str, ...] = PARTS) -> dict:
    """The ``yours`` section with every default filled in from the profile's study sections.

    Parameters
    ----------
    config : dict
        The whole workflow config (after the schema check).
    parts : tuple of str, default all of :data:`PARTS`
        The study parts to resolve; a job resolves only its own, so that it reads (and depends on)
        no other study's config.

    Returns
    -------
    dict
        ``datasets``, ``networks`` (the user's specs), ``classifiers`` (Weka names, default all
        four), ``estimators`` (name -> ``{"class", "params"}``), and each resolved part:
        ``permutation`` (``datasets``: default every data set, ``folds``, ``repetitions``,
        ``p_spread_repetitions``, ``randomizations``, ``randomizations_per_job``, ``alpha``,
        ``tie_rule``), ``imbalance`` (as the imbalance study's config keys) and ``network``
        (partition and real-network study keys, ``models``: the network jobs' options).
    """
    yours = config.get("yours") or {}
    resolve = {"permutation": _permutation_part, "imbalance": _imbalance_part, "network": _network_part}
    return {
        "datasets": dict(yours.get("datasets") or {}),
        "networks": dict(yours.get("networks") or {}),
        "classifiers": list(yours.get("classifiers", WEKA)),
        "estimators": {
            k: {"class": v["class"], "params": dict(v.get("params") or {})}
            for k, v in (yours.get("estimators") or {}).items()
        },
        **{part: resolve[part](config, yours) for part in parts},
    }


def _permutation_part(config: dict, yours: dict) -> dict:
    perm, p = config["permutation"], yours.get("permutation") or {}
    return {
        "datasets": list(p.get("datasets", list(yours.get("datasets") or {}))),
        "folds": p.get("folds", perm["uci"]["folds"]),
        "repetitions": p.get("repetitions", perm["uci"]["repetitions"]),
        "p_spread_repetitions": p.get("p_spread_repetitions", perm["uci"]["p_spread_repetitions"]),
        "randomizations": p.get("randomizations", perm["uci"]["randomizations"]),
        "randomizations_per_job": dict(p.get("randomizations_per_job") or {}),
        "alpha": perm["alpha"],
        "tie_rule": perm["tie_rule"],
    }


def _imbalance_part(config: dict, yours: dict) -> dict:
    imb, i = config["imbalance"], yours.get("imbalance") or {}
    return {
        "removed_percent": list(i.get("removed_percent", imb["removed_percent"])),
        "tenfold": {
            "folds": imb["tenfold"]["folds"],
            "evaluated": i.get("tenfold_evaluated", imb["tenfold"]["evaluated"]),
        },
        "fivebytwo": {"repeats": i.get("fivebytwo_repeats", imb["fivebytwo"]["repeats"])},
        "precision_k": imb["precision_k"],
        "platt_folds": imb["platt_folds"],
        "j48_pruning": imb["j48_pruning"],
        "metric_aggregation": imb["metric_aggregation"],
    }


#: The real-network study's keys a user's network takes (its own value, or the profile's)
NETWORK_KEYS = (
    "samplers",
    "prop_labeled",
    "power_prop_labeled",
    "power_handicaps",
    "trials_per_network",
    "calibration_samples",
    "calibration_folds",
    "tolerance",
    "handicap_strength",
    "handicap_selection",
    "alpha",
)


def _network_part(config: dict, yours: dict) -> dict:
    rn, n = config["realnet"], yours.get("network") or {}
    out = {k: n.get(k, rn[k]) for k in NETWORK_KEYS}
    out["prop_labeled"] = list(out["prop_labeled"])
    out["power_handicaps"] = list(out["power_handicaps"])
    out.update(
        {
            "parts": n.get("parts", 6),
            "min_size": n.get("min_size"),
            "max_size": n.get("max_size"),
            "attempts": n.get("attempts", rn["partition"]["attempts"]),
            "selection": n.get("selection", "partition"),
            "similar": {**rn["similar"], "parts": n.get("parts", 6)},
            # the network study jobs' options (autocorrelation_measure only picks what two artifacts judge)
            "models": network_calibration.job_options(config),
        }
    )
    return out


def classifiers(cfg: dict) -> list[str]:
    """Every classifier a data set is tested with: the Weka names, then the estimators'."""
    return [*cfg["classifiers"], *cfg["estimators"]]


def imbalance_datasets(cfg: dict) -> list[str]:
    """The data sets with a ``positive`` class (the imbalance study's)."""
    return [name for name, spec in cfg["datasets"].items() if spec.get("positive") is not None]


# ----------------------------------------------------------------------------- data


def load_dataset(spec: dict, name: str) -> datasets.TabularData:
    """A user's data set from its ``yours.datasets`` entry (``path``, ``class``, optional ``sha256``,
    ``drop``, ``positive``); with ``positive``, ``minority`` names it (``y_minority`` are the
    imbalance study's 0/1 labels)."""
    data = userdata.load_entry(spec, name)
    if spec.get("positive") is not None:
        data = dataclasses.replace(data, minority=(positive_class(data, spec["positive"]),))
    return data


def positive_class(data: datasets.TabularData, positive) -> str:
    """The class name ``positive`` denotes (numbers compared as the loader writes them)."""
    wanted = parsers.label_name(str(positive))
    for c in data.class_names:
        if parsers.label_name(str(c)) == wanted:
            return c
    raise userdata.UserDataError(
        f"positive class {positive!r} is not a class of {data.name} (classes: {', '.join(map(str, data.class_names))})",
        "positive",
    )


def load_network(spec: dict, name: str) -> datasets.NetworkData:
    """A user's network from its ``yours.networks`` entry (``edges`` + ``labels``, or ``gml``; ``label``,
    ``positive``)."""
    return userdata.load_network(
        edges=spec.get("edges"),
        labels=spec.get("labels"),
        gml=spec.get("gml"),
        label=spec.get("label", "label"),
        positive=spec.get("positive"),
        name=name,
    )


# ----------------------------------------------------------------------------- permutation tests


def folds_params(cfg: dict, dataset: str) -> dict:
    """What determines a data set's original CV folds (shared by every classifier and test)."""
    p = cfg["permutation"]
    return {"dataset": dataset, "folds": p["folds"], "repetitions": p["repetitions"]}


# ----------------------------------------------------------------------------- imbalance


def imbalance_models(names, estimators: dict, spec, imb: dict) -> dict:
    """Factories of unfitted two-class scoring models for the imbalance study, in ``names`` order.

    ``j48``, ``nb``, ``smo`` are the chapter's J48 ``-A``, NaiveBayes and SMO ``-M`` under the
    imbalance study's readings (:func:`lib.studies.imbalance.make_classifier`); ``1nn`` is Weka's IB1
    (:class:`lib.models.adapters.IB1`, scores 0/1); an estimator scores with ``predict_proba``.
    """
    chapter = {"j48": "J48", "nb": "NB", "smo": "SMO"}
    out = {}
    for name in names:
        if name in chapter:
            out[name] = lambda c=chapter[name]: imbalance.make_classifier(
                c, spec, platt_folds=imb["platt_folds"], j48_pruning=imb["j48_pruning"]
            )
        elif name == "1nn":
            out[name] = lambda: adapters.IB1(spec, 2)
        else:
            est = estimators[name]
            out[name] = lambda est=est: adapters.EstimatorModel(est["class"], est["params"], spec, 2)
    return out


def imbalance_cv(data, name: str, names, estimators: dict, imb: dict, rng, log=None) -> dict:
    """Raeder Sec. 3 on a user's binary data set: :func:`lib.studies.imbalance.cross_validate_dataset`
    with the user's classifiers (``y_minority``: 1 = the named positive class).

    Returns
    -------
    dict with the ``"per_fold"`` and ``"pooled"`` tables of ``cross_validate_dataset``.
    """
    return imbalance.cross_validate_dataset(
        name,
        data.X,
        data.y_minority.astype(int),
        data.spec,
        rng,
        removed_percent=imb["removed_percent"],
        classifiers=(),
        tenfold_folds=imb["tenfold"]["folds"],
        precision_k=imb["precision_k"],
        tenfold_evaluated=imb["tenfold"]["evaluated"],
        fivebytwo_repeats=imb["fivebytwo"]["repeats"],
        log=log,
        models=imbalance_models(names, estimators, data.spec, imb),
    )


IMBALANCE_METRICS = ("auc", "h_measure", "f1", "brier", "accuracy", "pr_break_even")


def imbalance_metrics(frame: pd.DataFrame) -> list[str]:
    """The Figure 2 metric columns of a job's table, in the chapter's panel order (a-g)."""
    prec = [c for c in frame.columns if c.startswith("precision_at_") and not c.endswith("_sd")]
    order = ["auc", "h_measure", "f1", *prec, "brier", "accuracy", "pr_break_even"]
    return [c for c in order if c in frame.columns]


def imbalance_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per (scheme, classifier, removal level): every metric's mean over the rows of the job
    (test folds, or pooled CV runs) and its standard deviation, with the class counts.

    Returns
    -------
    DataFrame with columns scheme, classifier, removed_percent, n_pos, n_neg, rows, then per metric
    ``<metric>`` and ``<metric>_sd``; classifiers in the order of the job's rows.
    """
    metrics = imbalance_metrics(frame)
    keys = ["scheme", "classifier", "removed_percent"]
    grouped = frame.groupby(keys, sort=False)
    out = grouped[["n_pos", "n_neg"]].first()
    out["rows"] = grouped.size()
    for m in metrics:
        out[m] = grouped[m].mean()
        out[f"{m}_sd"] = grouped[m].std(ddof=1)
    return out.reset_index().sort_values(["scheme", "removed_percent"], kind="stable").reset_index(drop=True)


# ----------------------------------------------------------------------------- networks


def partition_spec(name: str, net: dict, n_nodes: int) -> dict:
    """The :func:`lib.studies.realnet.carve_stand_in` spec of a user's network: ``parts`` regions of
    at most ``max_size`` (default: an equal share of the network) and at least ``min_size`` nodes
    (default: half of that) where possible."""
    parts = int(net["parts"])
    max_size = int(net["max_size"] or max(1, n_nodes // parts))
    min_size = int(net["min_size"] or max(1, max_size // 2))
    return {
        "dataset": name,
        "task": NETWORK_TASK,
        "partition": {
            "parts": parts,
            "min_size": min(min_size, max_size),
            "max_size": max_size,
            "attempts": int(net["attempts"]),
        },
        "similar": net["similar"],
    }


def whole_network_statistics(data: datasets.NetworkData) -> dict:
    """Size, mean degree, label autocorrelation (Pearson over linked pairs) and P(+) of the user's
    whole network, and the self-loops and repeated links its files held (left out of the simple
    graph the tests use), prefixed ``network_``."""
    y = data.tasks[NETWORK_TASK]
    net = networks.Network(data.adjacency, y, np.full(data.n_nodes, -1, dtype=np.int64), np.zeros(0, dtype=np.int8))
    dropped = {f"network_{k}": int(data.dropped.get(k, 0)) for k in ("self_loops", "duplicate_edges")}
    stats = {f"network_{k}": v for k, v in networks.network_statistics(net).items()}
    return {"network_nodes": data.n_nodes, **stats, **dropped}


NETWORK_SET_SEED = "yours_network_set"
"""The seed label of a network's carve (rule ``yours_network_set``; the check before any job
carves with the same generator, :func:`network_set_entropy`)."""


def network_identity(cfg: dict, name: str) -> dict:
    """What determines a user network's carve, and so every draw of its jobs: the ``yours.networks``
    entry and the carve settings."""
    net = cfg["network"]
    return {
        "network": cfg["networks"][name],
        "carve": {k: net[k] for k in ("parts", "min_size", "max_size", "attempts", "selection")},
    }


def network_set_entropy(seed: int, cfg: dict, name: str) -> list[int]:
    """The seed entropy of a network's carve (the rule's ``job_entropy`` with the config seed)."""
    return seeding.job_entropy(seed, NETWORK_SET_SEED, network_identity(cfg, name), 0)


def network_set(spec: dict, net: dict, name: str, rng, log=None, data: datasets.NetworkData | None = None):
    """A user's network carved into a network set of disjoint subnetworks.

    Parameters
    ----------
    spec : dict
        The ``yours.networks`` entry.
    net : dict
        ``settings(config)["network"]``.
    name : str
    rng : numpy.random.Generator
        The region growing's (or the deals') randomness.
    log : logging.Logger, optional
    data : lib.data.datasets.NetworkData, optional
        The network, if already loaded from ``spec``.

    Returns
    -------
    node_rows, edge_rows : list of dict
        The set in the network-set format of :mod:`lib.data.network_sets`.
    extra : dict
        Provenance columns of the set's statistics (``carve_stand_in``'s, the positive label and the
        whole network's :func:`whole_network_statistics`).
    """
    data = load_network(spec, name) if data is None else data
    carve = partition_spec(name, net, data.n_nodes)
    node_rows, edge_rows, extra = realnet.carve_stand_in(carve, data, rng, log, selection=net["selection"])
    positive = str(data.attributes["label"][np.flatnonzero(data.tasks[NETWORK_TASK] == 1)[0]])
    extra = {
        **extra,
        "source": "user network",
        "selection": net["selection"],
        "positive_label": positive,
        **whole_network_statistics(data),
    }
    return node_rows, edge_rows, extra


def calibration_setting(net: dict) -> dict:
    """The real-network calibration's setting (``realnet.calibrate``) from ``settings()["network"]``."""
    type1 = list(net["prop_labeled"])
    return {
        "levels": sorted(set(type1) | {net["power_prop_labeled"]}),
        "samples": net["calibration_samples"],
        "folds": net["calibration_folds"],
        "type1_levels": type1,
        "power_level": net["power_prop_labeled"],
        "power_handicaps": list(net["power_handicaps"]),
        "tolerance": net["tolerance"],
        "strength": net["handicap_strength"],
        "selection": net["handicap_selection"],
    }


def chunk_setting(net: dict, purpose: str) -> dict:
    """The real-network evaluation's setting (``realnet.evaluate_set``) for ``purpose``."""
    return {
        "purpose": purpose,
        "samplers": net["samplers"],
        "prop_labeled": list(net["prop_labeled"]) if purpose == "type1" else [net["power_prop_labeled"]],
        "trials": net["trials_per_network"],
        "alpha": net["alpha"],
        "strength": net["handicap_strength"],
        "selection": net["handicap_selection"],
        **({"handicaps": list(net["power_handicaps"])} if purpose == "power" else {}),
    }


NETWORK_LINES = {
    "RS paired": ("RS", "paired_t"),
    "RS unpaired": ("RS", "unpaired_t"),
    "RS-C paired": ("RS", "rsc_paired"),
    "RS-C unpaired": ("RS", "rsc_unpaired"),
    "NCV paired": ("NCV", "paired_t"),
    "NCV unpaired": ("NCV", "unpaired_t"),
}
"""The curves of a network artifact: label -> (sampler, test)."""


def network_summary(name: str, trials: list[pd.DataFrame], calibration: pd.DataFrame) -> pd.DataFrame:
    """Type I error and power per method, level and handicap (:func:`lib.studies.realnet.summarize`),
    with a ``method`` column (:data:`NETWORK_LINES`).

    Returns
    -------
    DataFrame: the summary's rows of the six methods, ``method`` first.
    """
    summary = realnet.summarize(pd.concat(trials, ignore_index=True).assign(set=name), calibration)
    rows = []
    for method, (sampler, test) in NETWORK_LINES.items():
        part = summary[(summary["sampler"] == sampler) & (summary["test"] == test)]
        rows.append(part.assign(method=method))
    out = pd.concat(rows, ignore_index=True)
    return out[["method", *[c for c in out.columns if c != "method"]]]


def calibration_cases(calibration: pd.DataFrame) -> pd.DataFrame:
    """How the Type I calibrations (one per held-out subnetwork and level) ended, per case of
    :data:`lib.models.handicap.CALIBRATION_CASES` (:func:`lib.studies.realnet.calibrate` under
    ``unmet="settle"``; a table without the case column met the tolerance everywhere).

    Returns
    -------
    DataFrame
        One row per case that occurred, in that order: ``case``, ``calibrations``, the range of the
        unhandicapped gap ``|acc(wvRN) - acc(nBC)|`` (``gap_min``, ``gap_max``), of its standard
        error (``se_min``, ``se_max``), of the handicap of the handicapped model (``handicap_min``,
        ``handicap_max``) and of the gap left, ``|difference|`` (``left_min``, ``left_max``), and the
        calibration splits per calibration (``splits``, the largest).
    """
    type1 = calibration[calibration["purpose"] == "type1"]
    frame = pd.DataFrame(
        {
            "case": type1.get("calibration_case", pd.Series(handicap.MET_TOLERANCE, index=type1.index)),
            "gap": (type1["accuracy_wvrn_unhandicapped"] - type1["accuracy_nbc_unhandicapped"]).abs(),
            "se": type1.get("difference_unhandicapped_se", pd.Series(np.nan, index=type1.index)),
            "handicap": type1[["handicap_wvrn", "handicap_nbc"]].max(axis=1),
            "left": type1["difference"].abs(),
            "splits": type1["splits"],
        }
    )
    rows = []
    for case in handicap.CALIBRATION_CASES:
        part = frame[frame["case"] == case]
        if len(part):
            rows.append(
                {
                    "case": case,
                    "calibrations": len(part),
                    **{
                        f"{k}_{m}": getattr(part[k], m)()
                        for k in ("gap", "se", "handicap", "left")
                        for m in ("min", "max")
                    },
                    "splits": int(part["splits"].max()),
                }
            )
    return pd.DataFrame(rows)


# ----------------------------------------------------------------------------- job identity
# The papers' study rules run on the user's data (workflow/rules/yours.smk: `use rule ... with`):
# the same params, with the `yours` section's values and streams of its own. An estimator's class
# and parameters are part of its jobs' identity.
def permutation_identity(cfg: dict, wildcards) -> dict:
    """A permutation job's identity: data set, classifier, folds, estimator and (randomised) test."""
    test = {"test": int(wildcards["test"])} if "test" in wildcards else {}
    return {
        "dataset": wildcards["dataset"],
        "classifier": wildcards["classifier"],
        "folds": folds_params(cfg, wildcards["dataset"]),
        "estimator": cfg["estimators"].get(wildcards["classifier"]),
        **test,
    }


def _permutation_params(stream: str):
    def params(config, wildcards) -> dict:
        cfg = settings(config, ("permutation",))
        identity = permutation_identity(cfg, wildcards)
        out = {
            "source": cfg["datasets"][wildcards["dataset"]],
            "study": identity,
            "folds_entropy": jobs.entropy(config, "yours_permutation_folds", folds_params(cfg, wildcards["dataset"])),
            "entropy": jobs.entropy(config, stream, identity),
            "readings": permutation.engine_readings(config, wildcards["classifier"]),
        }
        return out if "test" in wildcards else {**out, "pool": cfg["permutation"]["p_spread_repetitions"]}

    return params


def permutation_inputs(config, wildcards=None) -> list:
    """The jobs the permutation summary reads: every (data set, classifier)'s original CVs and
    every randomised chunk."""
    cfg = settings(config, ("permutation",))
    perm, names = cfg["permutation"], classifiers(cfg)
    originals = [
        ("yours_permutation_original", {"dataset": d, "classifier": c}) for d in perm["datasets"] for c in names
    ]
    randomized = chunks.randomized_jobs(perm, names, perm["datasets"])
    return originals + [("yours_permutation_randomized", {k: str(v) for k, v in job.items()}) for job in randomized]


def _permutation_summary_params(config, wildcards) -> dict:
    perm = settings(config, ("permutation",))["permutation"]
    return {
        "repetitions": perm["repetitions"],
        "spread_entropy": jobs.entropy(config, "yours_permutation_p_spread", perm["p_spread_repetitions"]),
        "alpha": perm["alpha"],
    }


def imbalance_identity(cfg: dict) -> dict:
    """What determines an imbalance job's draws: removal levels and CV design (not how many folds are
    scored, as in the imbalance study), the classifiers and estimators."""
    imb = cfg["imbalance"]
    return {
        "removed_percent": imb["removed_percent"],
        "tenfold": {"folds": imb["tenfold"]["folds"]},
        "precision_k": imb["precision_k"],
        "classifiers": classifiers(cfg),
        "estimators": cfg["estimators"],
    }


def _imbalance_params(config, wildcards) -> dict:
    cfg = settings(config, ("imbalance",))
    return {
        "spec": cfg["datasets"][wildcards["dataset"]],
        "settings": cfg["imbalance"],
        "classifiers": classifiers(cfg),
        "estimators": cfg["estimators"],
        "entropy": jobs.entropy(config, "yours_imbalance", [imbalance_identity(cfg), wildcards["dataset"]]),
    }


def _network_set_params(config, wildcards) -> dict:
    cfg, name = settings(config, ("network",)), wildcards["netset"]
    return {
        "spec": cfg["networks"][name],
        "settings": cfg["network"],
        "entropy": jobs.entropy(config, NETWORK_SET_SEED, network_identity(cfg, name)),
    }


def _network_calibration_params(config, wildcards) -> dict:
    cfg = settings(config, ("network",))
    identity, setting = network_identity(cfg, wildcards["netset"]), calibration_setting(cfg["network"])
    splits = [identity, setting["samples"], setting["folds"], setting["levels"]]
    return {
        "setting": setting,
        "set_entropy": jobs.entropy(config, "yours_network_calibration_set", splits),
        "entropy": jobs.entropy(config, "yours_network_calibration", [identity, setting]),
        "models": cfg["network"]["models"],
        # where no handicap meets the tolerance (e.g. labels without autocorrelation: both models at
        # chance), settle and say so in the caption rather than fail after the other jobs ran
        "unmet": "settle",
    }


def _network_chunk_params(config, wildcards) -> dict:
    cfg = settings(config, ("network",))
    identity, setting = network_identity(cfg, wildcards["netset"]), chunk_setting(cfg["network"], wildcards["purpose"])
    return {
        "setting": setting,
        "entropy": jobs.entropy(config, "yours_network", [identity, setting]),
        "models": cfg["network"]["models"],
    }


def _network_jobs(*rules: str):
    return lambda config, wildcards: [(rule, {"netset": wildcards["netset"]}) for rule in rules]


#: The `yours` target's jobs (:class:`lib.core.jobs.Job`), by rule.
JOBS = {
    "yours_permutation_original": jobs.Job(
        ("source", "study", "folds_entropy", "entropy", "readings", "pool"),
        _permutation_params("yours_permutation_original"),
    ),
    "yours_permutation_randomized": jobs.Job(
        ("source", "study", "folds_entropy", "entropy", "readings"), _permutation_params("yours_permutation_randomized")
    ),
    "yours_permutation_summary": jobs.Job(
        ("repetitions", "spread_entropy", "alpha"), _permutation_summary_params, permutation_inputs
    ),
    "yours_imbalance_cv": jobs.Job(("spec", "settings", "classifiers", "estimators", "entropy"), _imbalance_params),
    "yours_network_set": jobs.Job(("spec", "settings", "entropy"), _network_set_params),
    "yours_network_calibration": jobs.Job(
        ("setting", "set_entropy", "entropy", "models", "unmet"),
        _network_calibration_params,
        _network_jobs("yours_network_set"),
        scoped=rsc.Q_ESTIMATE_SCOPE,
    ),
    "yours_network_chunk": jobs.Job(
        ("setting", "entropy", "models"),
        _network_chunk_params,
        _network_jobs("yours_network_set", "yours_network_calibration"),
        scoped=rsc.Q_ESTIMATE_SCOPE,
    ),
}

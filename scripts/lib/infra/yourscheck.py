"""Checking a user's ``yours`` section (docs/yours.md) before any job runs.

The schema has checked types and names; this reads the files the section names and stops at the
first input the tests cannot use, with one sentence naming the config key, the problem and the fix:
a missing file or wrong checksum, a class column that is not there, a class with fewer rows than
the CV has folds, a non-binary class for the imbalance study, an unlabelled or disconnected network
or one too small to carve, an estimator that cannot be imported, built or fitted. The Snakefile
calls it at parse time (through :func:`lib.infra.configcheck.check`), so bad input leaves no
partial output. Reading the files costs about what loading them costs once (estimators are fitted
on a few rows only).
"""

from __future__ import annotations

import numpy as np

from ..core import seeding
from ..data import stand_ins, userdata
from ..evaluation import sampling
from ..models import adapters
from ..studies import imbalance, yours

SLICE_ROWS_PER_CLASS = 5
"""Rows of each class an estimator is test-fitted on."""


class YoursError(ValueError):
    """The ``yours`` section cannot be run; the message is one sentence with the key and the fix."""


def _fail(key: str, exc: userdata.UserDataError, fields) -> YoursError:
    field = exc.field if exc.field in fields else None
    fix = f"fix {key}.{field}" if field else "fix the file"
    return YoursError(f"{key}: {exc}; {fix}")


def check(config: dict) -> None:
    """Raise :class:`YoursError` (one sentence) if the ``yours`` section cannot be run.

    Parameters
    ----------
    config : dict
        The whole workflow config (schema-checked); nothing is checked without a ``yours`` section.
    """
    if not config.get("yours"):
        return
    cfg = yours.settings(config)
    if not cfg["datasets"] and not cfg["networks"]:
        raise YoursError("yours lists no data set and no network; add yours.datasets or yours.networks (docs/yours.md)")
    clash = sorted(set(cfg["estimators"]) & set(yours.WEKA))
    if clash:
        raise YoursError(f"yours.estimators.{clash[0]}: the name is Weka's classifier's; rename the estimator")
    names = yours.classifiers(cfg)
    if cfg["datasets"] and not names:
        raise YoursError("yours.classifiers is empty and yours.estimators names none; name at least one classifier")
    unknown = [d for d in cfg["permutation"]["datasets"] if d not in cfg["datasets"]]
    if unknown:
        raise YoursError(
            f"yours.permutation.datasets names {unknown[0]!r}, which is not a key of yours.datasets; "
            f"use one of {', '.join(cfg['datasets']) or 'none (add yours.datasets)'}"
        )
    _check_chunks(cfg, names)
    _check_removals(cfg)
    loaded = {name: _check_dataset(cfg, name, spec) for name, spec in cfg["datasets"].items()}
    for name, spec in cfg["networks"].items():
        _check_network(cfg, name, spec, config["seed"])
    for name, est in cfg["estimators"].items():
        _check_estimator(cfg, name, est, loaded)


def _check_chunks(cfg: dict, names) -> None:
    for key in cfg["permutation"]["randomizations_per_job"]:
        dataset, _, classifier = key.rpartition("/")
        if classifier not in names or (dataset and dataset not in cfg["datasets"]):
            raise YoursError(
                f"yours.permutation.randomizations_per_job: {key!r} names no classifier (or data set) of "
                f'the yours section ({", ".join(names)}); use a classifier or "<dataset>/<classifier>"'
            )


def _check_removals(cfg: dict) -> None:
    levels = cfg["imbalance"]["removed_percent"]
    if yours.imbalance_datasets(cfg) and (list(levels) != sorted(levels) or levels[0] != 0):
        raise YoursError(f"yours.imbalance.removed_percent must increase from 0, got {levels}; fix it")


def _check_dataset(cfg: dict, name: str, spec: dict):
    key = f"yours.datasets.{name}"
    try:
        data = yours.load_dataset(spec, name)
    except userdata.UserDataError as exc:
        raise _fail(key, exc, ("path", "sha256", "class", "drop", "positive")) from None
    path, column = spec["path"], spec["class"]
    counts = _present(data)
    if len(counts) < 2:
        raise YoursError(
            f"{key}: column {column!r} of {path} holds one class only ({next(iter(counts))!r}); the "
            f"tests need at least two; fix the file or {key}.class"
        )
    folds = cfg["permutation"]["folds"]
    small = {c: k for c, k in counts.items() if k < folds}
    if small and name in cfg["permutation"]["datasets"]:
        c, k = next(iter(small.items()))
        raise YoursError(
            f"{key}: class {c!r} has {k} row(s) in {path}, fewer than the {folds} folds of the "
            "stratified CV (yours.permutation.folds); remove or merge that class, or lower "
            "yours.permutation.folds"
        )
    if spec.get("positive") is not None:
        _check_binary(cfg, key, data, spec)
    return data


def _present(data) -> dict:
    """Class counts of the classes that have rows (an ARFF file may declare a value no row takes)."""
    return {c: k for c, k in data.class_counts().items() if k > 0}


def _check_binary(cfg: dict, key: str, data, spec: dict) -> None:
    counts = _present(data)
    path, column = spec["path"], spec["class"]
    if len(counts) != 2:
        raise YoursError(
            f"{key}: the imbalance study needs a binary class, but column {column!r} of {path} has "
            f"{len(counts)} classes ({', '.join(map(str, counts))}); remove {key}.positive or give a "
            "two-class file"
        )
    imb = cfg["imbalance"]
    folds = imb["tenfold"]["folds"]
    positive = data.minority[0]
    n_pos = counts[positive]
    largest = max(imb["removed_percent"])
    left = n_pos - imbalance.minority_removal_count(n_pos, largest / 100)
    if left < folds:
        raise YoursError(
            f"{key}: positive class {positive!r} has {n_pos} rows in {path}, {left} after removing "
            f"{largest:g} % (yours.imbalance.removed_percent), fewer than the {folds} folds of the "
            "10-fold CV; lower the largest removal or add positives"
        )
    negatives = sum(k for c, k in counts.items() if c != positive)
    if negatives < folds:
        raise YoursError(
            f"{key}: the negative class has {negatives} rows in {path}, fewer than the {folds} folds "
            "of the 10-fold CV; fix the file"
        )


def _check_network(cfg: dict, name: str, spec: dict, seed: int) -> None:
    key = f"yours.networks.{name}"
    given = sorted(k for k in ("edges", "labels", "gml") if k in spec)
    if given not in (["edges", "labels"], ["gml"]):
        raise YoursError(
            f"{key} needs either edges and labels (two CSV files) or gml, got "
            f"{', '.join(given) or 'none of them'}; fix {key}"
        )
    try:
        data = yours.load_network(spec, name)
    except userdata.UserDataError as exc:
        raise _fail(key, exc, ("edges", "labels", "gml", "label", "positive")) from None
    where = spec.get("gml") or spec["labels"]
    problem = userdata.network_problem(data, where)
    if problem:
        raise YoursError(f"{key}: {problem}")
    y = data.tasks[yours.NETWORK_TASK]
    if y.sum() < 2 or (1 - y).sum() < 2:
        raise YoursError(
            f"{key}: {where} has {int(y.sum())} positive and {int((1 - y).sum())} negative nodes; "
            "the network tests need at least two of each"
        )
    net = cfg["network"]
    carve = yours.partition_spec(name, net, data.n_nodes)["partition"]
    size = carve["min_size"]
    folds = max(net["calibration_folds"], net["samplers"]["NCV"])
    levels = sorted(set(net["prop_labeled"]) | {net["power_prop_labeled"]})
    problem = _size_problem(size, levels, folds)
    if problem:
        raise YoursError(
            f"{key}: {data.n_nodes} nodes carved into {net['parts']} subnetworks "
            f"(yours.network.parts) of at least {size} nodes (yours.network.min_size) leave too few "
            f"for {problem}; lower yours.network.parts or change yours.network.prop_labeled"
        )
    _check_carve(cfg, key, name, spec, data, seed, levels, folds)


def _size_problem(nodes: int, levels, folds: int) -> str | None:
    """Why a subnetwork of ``nodes`` nodes cannot be split into the calibration's and NCV's
    ``folds`` folds at every labeling level (``"propLabeled <level> (<reason>)"``), or None."""
    for pl in levels:
        try:
            if folds > nodes:
                raise ValueError(f"{folds} folds exceed the {nodes} nodes")
            sampling.ncv_training_size(nodes, pl, folds)
            sampling.test_set_size(nodes, pl)
        except ValueError as exc:
            return f"propLabeled {pl:g} ({exc})"
    return None


def _check_carve(cfg: dict, key: str, name: str, spec: dict, data, seed: int, levels, folds: int) -> None:
    """Carve the network as its first job will (same generator) and check what comes out: a
    ``similar`` deal within the bands, and every subnetwork large enough for the folds at every
    level (region growing can leave a region below ``min_size``). Otherwise the calibration, or
    the network set itself, would fail after other jobs had run."""
    net = cfg["network"]
    rng = seeding.generator(yours.network_set_entropy(seed, cfg, name))
    try:
        node_rows, _, _ = yours.network_set(spec, net, name, rng, data=data)
    except stand_ins.SelectionError as exc:
        raise YoursError(f"{key}: {exc}, or set yours.network.selection to partition") from None
    except ValueError as exc:
        raise YoursError(
            f"{key}: the network cannot be carved into subnetworks ({exc}); change yours.network"
        ) from None
    sizes = {}
    for row in node_rows:
        sizes[row["network"]] = sizes.get(row["network"], 0) + 1
    part, nodes = min(sizes.items(), key=lambda item: (item[1], item[0]))
    problem = _size_problem(nodes, levels, folds)
    if problem:
        raise YoursError(
            f"{key}: the carve leaves subnetwork {part} with {nodes} node(s) only (the network's shape "
            f"stopped its region growing below yours.network.min_size), too few for {problem}; raise "
            "yours.network.attempts, lower yours.network.parts or change yours.network.prop_labeled"
        )


def _slice(y) -> np.ndarray:
    """The first :data:`SLICE_ROWS_PER_CLASS` rows of every class."""
    return np.sort(np.concatenate([np.flatnonzero(y == c)[:SLICE_ROWS_PER_CLASS] for c in np.unique(y)]))


def _check_estimator(cfg: dict, name: str, est: dict, loaded: dict) -> None:
    key = f"yours.estimators.{name}"
    try:
        adapters.build_estimator(est["class"], est["params"])
    except adapters.EstimatorError as exc:
        field = "class" if "import" in str(exc) or "has no" in str(exc) else "params"
        raise YoursError(f"{key}: {exc}; fix {key}.{field}") from None
    positives = set(yours.imbalance_datasets(cfg))
    for dataset, data in loaded.items():
        binary = dataset in positives
        y = data.y_minority.astype(np.int64) if binary else data.y
        rows = _slice(y)
        model = adapters.EstimatorModel(est["class"], est["params"], data.spec, 2 if binary else len(data.class_names))
        try:
            model.fit(data.X[rows], y[rows]).predict(data.X[rows])
            if binary:
                model.predict_proba(data.X[rows])
        except adapters.EstimatorError as exc:
            raise YoursError(
                f"{key}: {exc}, which the imbalance study's metrics need (yours.datasets.{dataset} has "
                "a positive class); choose an estimator with predict_proba"
            ) from None
        except Exception as exc:  # noqa: BLE001 -- whatever the estimator raises is the user's to see
            # the estimator's own words, kept to one clause of our one sentence
            text = " ".join(str(exc).split())[:300].replace(". ", "; ").rstrip(".")
            raise YoursError(
                f"{key}: fitting {est['class']} on {len(rows)} rows of yours.datasets.{dataset} failed "
                f"({type(exc).__name__}: {text}); fix {key}.params or choose another estimator"
            ) from None

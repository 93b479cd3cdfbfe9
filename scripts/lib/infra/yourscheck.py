"""Checking a user's ``yours`` section (docs/yours.md) before any job runs.

The schema has checked types and names; this reads the files the section names and stops at the
first input the tests cannot use, with one sentence naming the config key, the problem and the fix:
a missing file or wrong checksum, a class column that is not there, a class with fewer rows than
the CV has folds, a non-binary class for the imbalance study, an unlabelled or disconnected network
or one too small to carve, an estimator that cannot be imported, built or fitted; a class column
that holds a regression target; an estimator without ``predict``; for the comparison of classifiers
(``yours.compare``), fewer than two classifiers or a data set too small for its designs. The Snakefile
calls it at parse time (through :func:`lib.infra.configcheck.check`), so bad input leaves no
partial output. Reading the files costs about what loading them costs once (estimators are fitted
on a few rows only).
"""

from __future__ import annotations

import time
import warnings

import numpy as np

from ..core import seeding
from ..data import stand_ins, userdata
from ..evaluation import sampling
from ..models import adapters
from ..studies import comparison, imbalance, yours

SLICE_ROWS_PER_CLASS = 5
"""Rows of each class an estimator is test-fitted on."""

MAX_NUMERIC_CLASSES = 20
"""A class column of numbers only with more distinct values than this (or any value that is not a
whole number) is a regression target: every test here compares classifiers of a nominal class."""


class YoursError(ValueError):
    """The ``yours`` section cannot be run; the message is one sentence with the key and the fix."""


def _fail(key: str, exc: userdata.UserDataError, fields) -> YoursError:
    field = exc.field if exc.field in fields else None
    fix = f"fix {key}.{field}" if field else "fix the file"
    return YoursError(f"{key}: {exc}; {fix}")


def check(config: dict) -> list[str]:
    """Raise :class:`YoursError` (one sentence) if the ``yours`` section cannot be run; else return
    what the user should know before any job starts (each estimator's estimated CPU time).

    Parameters
    ----------
    config : dict
        The whole workflow config (schema-checked); nothing is checked without a ``yours`` section.
    """
    if not config.get("yours"):
        return []
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
    compare = comparison.compare_settings(config)
    _check_compare(cfg, compare)
    loaded = {name: _check_dataset(cfg, name, spec) for name, spec in cfg["datasets"].items()}
    for name in compare["datasets"]:
        _check_compare_size(compare, name, cfg["datasets"][name], loaded[name])
    for name, spec in cfg["networks"].items():
        _check_network(cfg, name, spec, config["seed"])
    notes = []
    for name, est in cfg["estimators"].items():
        seconds = _check_estimator(cfg, name, est, loaded)
        notes.append(_check_cost(config, cfg, compare, name, seconds, loaded))
    return notes


DEFAULT_ESTIMATOR_CPU_HOURS = 4.0
"""The estimated CPU time of one estimator's fits above which the check refuses the run, unless
``yours.estimator_cpu_hours`` raises it (a slow estimator is better found before the jobs than after)."""


def estimator_fits(cfg: dict, compare: dict, name: str, dataset: str) -> dict[str, float]:
    """How many fits of classifier ``name`` the run makes on ``dataset``, per study, each as the
    number of full-size (nine tenths of the rows) fits it costs: the permutation tests (every original
    and randomised CV: 10 folds each), the imbalance study (the evaluated 10-fold and 5x2 folds at
    each removal level) and the comparison (every trial's 136 fits on ``fraction`` of the rows)."""
    perm, imb = cfg["permutation"], cfg["imbalance"]
    folds = int(perm["folds"])
    out = {"permutation": 0.0, "imbalance": 0.0, "comparison": 0.0}
    if dataset in perm["datasets"]:
        originals = max(int(perm["repetitions"]), int(perm["p_spread_repetitions"]))
        out["permutation"] = float(folds * (originals + 2 * int(perm["randomizations"])))
    if dataset in yours.imbalance_datasets(cfg):
        per_level = int(imb["tenfold"]["evaluated"]) + 2 * int(imb["fivebytwo"]["repeats"])
        out["imbalance"] = float(per_level * len(imb["removed_percent"]))
    if dataset in compare["datasets"] and name in compare["classifiers"]:
        sizes = compare["designs"]
        per_trial = sizes["folds"] + sizes["repetitions"] * sizes["repeated_folds"] + sizes["resamples"] + 10 + 1
        out["comparison"] = float(compare["trials"] * per_trial * compare["fraction"])
    return out


def _check_cost(config: dict, cfg: dict, compare: dict, name: str, seconds: dict, loaded: dict) -> str:
    """The estimator's estimated CPU time for the whole run (its timed fit times its fits: linear in
    the rows, so a lower bound for a fit that grows faster); refused above the limit."""
    total = sum(seconds[d] * sum(estimator_fits(cfg, compare, name, d).values()) for d in loaded)
    limit = float(config["yours"].get("estimator_cpu_hours", DEFAULT_ESTIMATOR_CPU_HOURS))
    per_fit = ", ".join(f"{seconds[d]:.3g} s on {d}" for d in loaded)
    if total > 3600 * limit:
        raise YoursError(
            f"yours.estimators.{name}: one fit takes {per_fit}, so the run would spend about {total / 3600:.1f} CPU "
            f"hours fitting it, above yours.estimator_cpu_hours ({limit:g}); make it faster (scale the features, "
            "fewer iterations), lower yours.permutation.randomizations or yours.compare.trials, or raise "
            "yours.estimator_cpu_hours"
        )
    return f"yours.estimators.{name}: one fit takes {per_fit}; the run spends about {total / 60:.1f} CPU min fitting it"


def _check_compare(cfg: dict, compare: dict) -> None:
    """The comparison's names and counts (``yours.compare``), before any file is read."""
    unknown = [d for d in compare["datasets"] if d not in cfg["datasets"]]
    if unknown:
        raise YoursError(
            f"yours.compare.datasets names {unknown[0]!r}, which is not a key of yours.datasets; "
            f"use one of {', '.join(cfg['datasets']) or 'none (add yours.datasets)'}"
        )
    known = [*yours.WEKA, *cfg["estimators"]]
    strangers = [c for c in compare["classifiers"] if c not in known]
    if strangers:
        raise YoursError(
            f"yours.compare.classifiers names {strangers[0]!r}, which is neither a Weka classifier "
            f"({', '.join(yours.WEKA)}) nor a key of yours.estimators; fix yours.compare.classifiers"
        )
    if compare["datasets"] and len(compare["classifiers"]) < 2:
        given = ", ".join(compare["classifiers"]) or "none"
        raise YoursError(
            f"yours.compare compares pairs of classifiers but has {len(compare['classifiers'])} ({given}); "
            "name at least two in yours.compare.classifiers (or yours.classifiers and yours.estimators), "
            "or set yours.compare.datasets to [] to skip the comparison"
        )
    if compare["power_difference"] not in compare["differences"]:
        raise YoursError(
            f"yours.compare.power_difference {compare['power_difference']:g} is not one of "
            f"yours.compare.differences ({', '.join(f'{d:g}' for d in compare['differences'])}); "
            "add it there or choose one of them"
        )


def compare_minimum_rows(compare: dict) -> int:
    """The fewest rows of a class the comparison's designs take: its 10-fold CVs, run inside each
    trial's subsample of ``fraction`` of the rows, need each class in every test fold, so
    ``ceil(folds / fraction)`` rows of it (20 at the defaults)."""
    folds = max(comparison.calibration_folds(compare["designs"]).values())
    return int(np.ceil(folds / compare["fraction"] - 1e-9))


def _check_compare_size(compare: dict, name: str, spec: dict, data) -> None:
    need = compare_minimum_rows(compare)
    small = {c: k for c, k in _present(data).items() if k < need}
    if small:
        c, k = next(iter(small.items()))
        raise YoursError(
            f"yours.datasets.{name}: class {c!r} has {k} row(s) in {spec['path']}, too few for the comparison "
            f"of classifiers, whose 10-fold CVs inside each trial's {compare['fraction']:g} subsample need at least "
            f"{need} rows of every class (10 / yours.compare.fraction); add rows, raise yours.compare.fraction "
            "or leave the data set out of yours.compare.datasets"
        )


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
    _check_regression(key, path, column, data)
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


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _check_regression(key: str, path: str, column: str, data) -> None:
    """A class column of numbers with a fraction or with many distinct values is a regression
    target (:data:`MAX_NUMERIC_CLASSES`), which every test here would treat as that many classes."""
    values = [_number(str(c)) for c in data.class_names]
    if any(v is None for v in values):
        return
    fractional = [v for v in values if not float(v).is_integer()]
    if fractional or len(values) > MAX_NUMERIC_CLASSES:
        example = f", e.g. {fractional[0]:g}" if fractional else ""
        raise YoursError(
            f"{key}: column {column!r} of {path} looks like a regression target ({len(values)} distinct "
            f"numbers{example}); the tests compare classifiers of a nominal class, so bin it into classes "
            f"or name another column in {key}.class"
        )


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


def _check_estimator(cfg: dict, name: str, est: dict, loaded: dict) -> dict[str, float]:
    """Import, build and fit the estimator on a few rows of every data set (one sentence if that
    fails); return the seconds of one fit on nine tenths of each data set (a CV's training set)."""
    key = f"yours.estimators.{name}"
    try:
        factory = adapters.import_estimator(est["class"])
    except adapters.EstimatorError as exc:
        raise YoursError(f"{key}: {exc}; fix {key}.class") from None
    # a class is checked before it is built (a factory function is judged by what it builds, below)
    if isinstance(factory, type) and not callable(getattr(factory, "predict", None)):
        raise YoursError(
            f"{key}: {est['class']} has no predict method, and every test here compares predicted classes; "
            f"choose a classifier (fit and predict) for {key}.class"
        )
    try:
        adapters.build_estimator(est["class"], est["params"])
    except adapters.EstimatorError as exc:
        field = "class" if "import" in str(exc) or "has no" in str(exc) else "params"
        raise YoursError(f"{key}: {exc}; fix {key}.{field}") from None
    positives = set(yours.imbalance_datasets(cfg))
    seconds = {}
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
        seconds[dataset] = _timed_fit(model, data.X, y)
    return seconds


def _timed_fit(model, X, y) -> float:
    """Seconds of one fit on nine tenths of the rows (every tenth left out: a 10-fold CV's training
    set), warnings silenced (the jobs' logs count them)."""
    train = np.arange(len(y)) % 10 != 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        start = time.perf_counter()
        try:
            model.fit(X[train], y[train])
        except Exception:  # noqa: BLE001 -- a fit that fails on more rows fails in its job, with its log
            return 0.0
        return time.perf_counter() - start

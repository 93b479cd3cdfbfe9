"""Checking the workflow configuration before any job runs.

Two layers: the JSON schema (types, ranges, required keys, no unknown keys) and the
scientific constraints a schema cannot express (e.g. NCV needs room for the labeled set).
Every failure is one sentence naming the key, what is allowed and what was found.
"""

from __future__ import annotations

import functools
from pathlib import Path

import jsonschema
import yaml

from ..data import datasets, networks
from ..evaluation import sampling
from ..studies import simulated
from . import yourscheck


class ConfigError(ValueError):
    """The configuration cannot be run; the message says which key and how to fix it."""


def _key(path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


_BOUNDS = {
    "minimum": ">=",
    "maximum": "<=",
    "exclusiveMinimum": ">",
    "exclusiveMaximum": "<",
}


def _sentence(error: jsonschema.ValidationError) -> str:
    key = _key(error.absolute_path)
    found = error.instance
    kind = error.validator
    if kind == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        extra = sorted(set(found) - set(allowed))
        hint = f"; allowed keys are {', '.join(allowed)}" if allowed else ""
        return f"unknown config key {_key([*error.absolute_path, extra[0]])!r}{hint}"
    if kind == "required":
        missing = error.message.split("'")[1]
        return f"config key {_key([*error.absolute_path, missing])!r} is required but missing"
    if kind == "type":
        return f"config key {key!r} must be of type {error.validator_value}, got {found!r}"
    if kind in _BOUNDS:
        return f"config key {key!r} must be {_BOUNDS[kind]} {error.validator_value}, got {found!r}"
    if kind == "enum":
        allowed = ", ".join(map(str, error.validator_value))
        return f"config key {key!r} must be one of {allowed}, got {found!r}"
    if kind == "multipleOf":
        return f"config key {key!r} must be a multiple of {error.validator_value}, got {found!r}"
    if kind in ("minItems", "minProperties"):
        return f"config key {key!r} must not be empty"
    if kind == "uniqueItems":
        return f"config key {key!r} must not repeat values, got {found!r}"
    return f"config key {key!r} is invalid: {error.message}"


def check_schema(config: dict, schema: dict) -> None:
    validator = jsonschema.Draft202012Validator(schema)
    error = jsonschema.exceptions.best_match(validator.iter_errors(config))
    if error is not None:
        raise ConfigError(_sentence(error) + " (see workflow/schemas/config.schema.yaml)")


def check_science(config: dict) -> None:
    """Constraints between keys that the schema cannot state."""
    study = config["simulated"]
    m, groups = study["instances"], study["groups"]
    for name, scenario in study["scenarios"].items():
        where = f"simulated.scenarios.{name}"
        if ("q" in scenario) == ("err_corr" in scenario):
            raise ConfigError(f"config key {where} needs exactly one of err_corr (Neville) or q (Wang)")
        try:
            list(simulated.scenario_points(scenario, groups))
        except ValueError as exc:
            raise ConfigError(f"config keys {where}.p_err/error_difference: {exc}") from None
        for sampler, folds in scenario["samplers"].items():
            for pl in scenario["prop_labeled"]:
                try:
                    if sampler == "NCV":
                        if folds > m:
                            raise ValueError(f"k={folds} folds exceed the {m} instances")
                        sampling.ncv_training_size(m, pl, folds)
                    elif sampler == "CV5x2":
                        if folds != 10:
                            raise ValueError(f"5x2cv has 10 folds (5 x 2), got {folds}")
                    else:
                        sampling.test_set_size(m, pl)
                except ValueError as exc:
                    raise ConfigError(f"config key {where}.samplers.{sampler}: {exc}") from None


def check_theory(config: dict) -> None:
    theory = config["theory"]
    m, p = theory["instances"], theory["p"]
    if theory["group_size"] > m:
        raise ConfigError(
            f"config key theory.group_size must be at most theory.instances ({m}), got {theory['group_size']}"
        )
    for fraction in theory["test_fractions"]:
        if round(fraction * m) < 2:
            raise ConfigError(
                f"config key theory.test_fractions: {fraction} of {m} instances leaves "
                "fewer than 2 in a test set; use a larger fraction"
            )
    low = [q for q in theory["q_values"] if q < p]
    if low:
        raise ConfigError(
            f"config key theory.q_values must be at least theory.p={p} "
            f"(q is the error rate of error-prone nodes), got {low[0]}"
        )


def check_relational(config: dict) -> None:
    """Constraints of the relational-classifier study (Neville 2009 Sec. 5, Wang 2011 Sec. 5.2)."""
    study = config["relational"]
    nodes, large = study["nodes"], study["large_nodes"]
    if large <= nodes:
        raise ConfigError(
            f"config key relational.large_nodes must be larger than relational.nodes "
            f"({nodes}) for Fig. 1(e), got {large}"
        )
    if len(study["power_handicaps"]) < 2:
        raise ConfigError(
            "config key relational.power_handicaps needs at least two handicaps (power is "
            f"interpolated between them), got {study['power_handicaps']}"
        )
    if study["wang_trials_per_network"] > study["trials_per_network"]:
        raise ConfigError(
            "config key relational.wang_trials_per_network must be at most "
            f"relational.trials_per_network ({study['trials_per_network']}), got "
            f"{study['wang_trials_per_network']}"
        )
    for m in (nodes, large):
        try:
            networks.LGMParams(n_nodes=m, **study["network"])
        except ValueError as exc:
            raise ConfigError(f"config key relational.network: {exc}") from None
    checks = [(nodes, pl, "prop_labeled") for pl in study["prop_labeled"]]
    checks += [(m, study["power_prop_labeled"], "power_prop_labeled") for m in (nodes, large)]
    for m, pl, key in checks:
        for sampler, folds in [*study["samplers"].items(), ("NCV", study["calibration_folds"])]:
            try:
                if folds > m:
                    raise ValueError(f"k={folds} folds exceed the {m} nodes")
                if sampler == "NCV":
                    sampling.ncv_training_size(m, pl, folds)
                else:
                    sampling.test_set_size(m, pl)
            except ValueError as exc:
                raise ConfigError(f"config key relational.{key} ({sampler}, {m} nodes): {exc}") from None


def check_imbalance(config: dict) -> None:
    """Constraints of the imbalanced-data study (Raeder, Forman & Chawla 2012)."""
    study = config["imbalance"]
    for name in study["datasets"]:
        try:
            ds = datasets.get(name)
        except datasets.DatasetError as exc:
            raise ConfigError(f"config key imbalance.datasets: {exc}") from None
        if not ds.public or not ds.minority:
            raise ConfigError(
                f"config key imbalance.datasets: {name!r} is not a public data set with a Table 1 minority class"
            )
    levels = study["removed_percent"]
    if list(levels) != sorted(levels) or levels[0] != 0:
        raise ConfigError(f"config key imbalance.removed_percent must increase from 0, got {levels}")
    tenfold = study["tenfold"]
    if tenfold["evaluated"] > tenfold["folds"]:
        raise ConfigError(
            f"config key imbalance.tenfold.evaluated must be at most imbalance.tenfold.folds "
            f"({tenfold['folds']}), got {tenfold['evaluated']}"
        )


def _registered(key: str, name: str, hint: str):
    """The registry entry of dataset ``name``, or a one-sentence error naming config ``key``."""
    try:
        return datasets.get(name)
    except datasets.DatasetError:
        raise ConfigError(f"config key {key}: unknown dataset {name!r}; {hint}") from None


def check_permutation(config: dict) -> None:
    """Ojala & Garriga 2009 study: known tabular data sets, feasible folds."""
    perm = config["permutation"]
    for name in perm["uci"]["datasets"]:
        ds = _registered(
            "permutation.uci.datasets",
            name,
            "use a catalogue name from scripts/lib/data/datasets.yaml (e.g. balance-scale)",
        )
        if ds.kind != "tabular" or not ds.public or not ds.used_by.startswith(datasets.OJALA):
            raise ConfigError(
                f"config key permutation.uci.datasets: {name!r} is not one of the paper's 22 "
                "UCI data sets (Tables II-III); use names from config/config.yaml"
            )
    uci = perm["uci"]
    if uci["p_spread_repetitions"] < uci["repetitions"]:
        raise ConfigError(
            f"config key permutation.uci.p_spread_repetitions must be at least repetitions "
            f"({uci['repetitions']}), got {uci['p_spread_repetitions']}"
        )
    fig3 = perm["fig3"]
    if fig3["folds"] > 2 * fig3["points_per_class"]:
        raise ConfigError(
            f"config key permutation.fig3.folds must be at most the "
            f"{2 * fig3['points_per_class']} points of a data set, got {fig3['folds']}"
        )


def check_realnet(config: dict) -> None:
    """Real network data (Neville 2009 Table 1 and Sec. 6; Wang 2011 Sec. 5.2): known public
    network datasets with the named task, shown sets that exist, a feasible partition and NCV."""
    study = config["realnet"]
    for name in study["table1"]["datasets"]:
        ds = _registered(
            "realnet.table1.datasets",
            name,
            "use a public network of scripts/lib/data/datasets.yaml (cora, citeseer, polbooks, enron)",
        )
        if ds.kind != "network":
            raise ConfigError(
                f"config key realnet.table1.datasets: {name!r} is not a public network dataset; use "
                "cora, citeseer, polbooks or enron"
            )
    for name, spec in study["sets"].items():
        keys = set(spec)
        if keys not in ({"dataset", "task"}, {"nodes", "edges"}, {"nodes", "edges", "label"}):
            raise ConfigError(
                f"config key realnet.sets.{name} must hold either dataset and task (a public stand-in) "
                f"or nodes and edges (paths of your network-set files, optionally label), got "
                f"{', '.join(sorted(keys)) or 'nothing'}"
            )
        if "dataset" in spec:
            try:
                ds = datasets.get(spec["dataset"])
            except datasets.DatasetError:
                ds = None
            if ds is None or ds.kind != "network":
                raise ConfigError(
                    f"config key realnet.sets.{name}.dataset must name a public network dataset "
                    f"(e.g. cora, citeseer), got {spec['dataset']!r}; restricted data goes in as "
                    "{nodes, edges} files"
                )
            if ds.task_counts is not None and spec["task"] not in ds.task_counts:
                raise ConfigError(
                    f"config key realnet.sets.{name}.task must be one of {sorted(ds.task_counts)} for "
                    f"dataset {spec['dataset']!r}, got {spec['task']!r}"
                )
    for key in ("fig1f_sets", "fig3_sets"):
        unknown = [n for n in study[key] if n not in study["sets"]]
        if unknown:
            raise ConfigError(
                f"config key realnet.{key} names {unknown[0]!r}, which is not a key of realnet.sets; "
                f"add it there or use one of {sorted(study['sets'])}"
            )
    part = study["partition"]
    if part["min_size"] > part["max_size"]:
        raise ConfigError(
            f"config key realnet.partition.min_size must be at most realnet.partition.max_size "
            f"({part['max_size']}), got {part['min_size']}"
        )
    k = study["calibration_folds"]
    for pl in [*study["prop_labeled"], study["power_prop_labeled"]]:
        for m in sorted({part["min_size"], part["max_size"]}):
            try:
                sampling.ncv_training_size(m, pl, max(k, study["samplers"]["NCV"]))
            except ValueError as exc:
                raise ConfigError(
                    f"config key realnet.prop_labeled / power_prop_labeled ({pl:g}) does not fit NCV "
                    f"on a {m}-node network: {exc}"
                ) from None


@functools.lru_cache(maxsize=8)
def _schema(path: str, mtime_ns: int) -> dict:
    # parsing the YAML schema costs far more than validating; the key includes the mtime, so an
    # edited schema is read again (the tests check hundreds of generated configs). libyaml's loader
    # (the same document, ~0.06 s faster per Snakefile parse) where PyYAML was built with it.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(Path(path).read_text(encoding="utf-8"), Loader=loader)


def check(config: dict, schema_path: str | Path) -> list[str]:
    """Raise :class:`ConfigError` with one sentence if ``config`` cannot be run; else return the notes
    a user should read before any job starts (:func:`check_yours`)."""
    schema = _schema(str(schema_path), Path(schema_path).stat().st_mtime_ns)
    check_schema(config, schema)
    check_science(config)
    check_theory(config)
    check_permutation(config)
    check_relational(config)
    check_realnet(config)
    check_imbalance(config)
    notes = check_yours(config)
    check_catalogue()
    return notes


def check_catalogue() -> None:
    """The dataset catalogue (scripts/lib/data/datasets.yaml) against its schema, so that an edit
    that breaks it stops the workflow before any job runs."""
    try:
        datasets.check_catalogue()
    except datasets.DatasetError as exc:
        raise ConfigError(str(exc)) from None


def check_yours(config: dict) -> list[str]:
    """The user's ``yours`` section: its files, classes, networks and estimators
    (:func:`lib.infra.yourscheck.check`; its notes: each estimator's estimated CPU time); nothing
    without one."""
    try:
        return yourscheck.check(config)
    except yourscheck.YoursError as exc:
        raise ConfigError(str(exc)) from None


def with_defaults(given: dict, defaults: dict) -> dict:
    """``defaults`` with ``given`` merged in, section by section: a key ``given`` sets wins (lists
    and values whole), every other key keeps its default."""
    out = dict(defaults)
    for key, value in given.items():
        out[key] = (
            with_defaults(value, out[key]) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
        )
    return out


def fill_defaults(config: dict, defaults_path: str | Path) -> None:
    """Fill ``config`` in place with every key it leaves out, from the workflow's own config file
    (the papers' scale): a caller's config (the workflow as a module) holds only what is its own."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    defaults = yaml.load(Path(defaults_path).read_text(encoding="utf-8"), Loader=loader)
    merged = with_defaults(config, defaults)
    config.clear()
    config.update(merged)

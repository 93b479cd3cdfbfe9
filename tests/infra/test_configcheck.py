"""A bad config stops the run before any job, with one sentence naming the key."""

import copy
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, snakemake
from conftest import overlaid as merged
from lib.data import datasets
from lib.infra import configcheck

SCHEMA = ROOT / "workflow/schemas/config.schema.yaml"
BASE = yaml.safe_load((ROOT / "config/config.yaml").read_text())


def mutated(path, value=None, delete=False):
    config = copy.deepcopy(BASE)
    node = config
    for key in path[:-1]:
        node = node[key]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return config


def test_shipped_configs_are_valid(monkeypatch):
    monkeypatch.chdir(ROOT)  # smoke.yaml's `yours` section names files relative to the working directory
    configcheck.check(BASE, SCHEMA)
    for overlay in ("quick.yaml", "smoke.yaml", "reduced_smo.yaml"):
        configcheck.check(merged(BASE, yaml.safe_load((ROOT / "config" / overlay).read_text())), SCHEMA)


def test_reduced_smo_overlay_reduces_only_smo_randomizations():
    """config/reduced_smo.yaml is the stated deviation it says: SMO's UCI randomisations, and how
    its jobs are cut; nothing else of the paper config changes."""
    overlay = yaml.safe_load((ROOT / "config/reduced_smo.yaml").read_text())
    assert set(overlay) == {"permutation"} and set(overlay["permutation"]) == {"uci"}
    assert set(overlay["permutation"]["uci"]) == {"reduced_randomizations", "randomizations_per_job"}
    assert overlay["permutation"]["uci"]["reduced_randomizations"] == {"smo": 200}
    uci = merged(BASE, overlay)["permutation"]["uci"]
    assert uci["randomizations"] == BASE["permutation"]["uci"]["randomizations"] == 1000
    assert 1 / (uci["reduced_randomizations"]["smo"] + 1) <= BASE["permutation"]["alpha"]


# What a reduced profile may change: how many trials, draws, data sets and levels, never a procedure
SCALE_KEYS = {"chunks", "trials_per_chunk", "replications", "randomizations", "repetitions", "p_spread_repetitions"}
SCALE_KEYS |= {"trials_per_network", "wang_trials_per_network", "calibration_networks"}  # relational
SCALE_KEYS |= {"evaluated", "repeats", "null_replications"}  # imbalance: test folds scored, replicates
SCALE_KEYS |= {"removed_percent"}  # imbalance: a thinner grid of removal levels (x axis), same procedure
SCALE_KEYS |= {"datasets"}  # a subset of the data sets (captions say so)
SCALE_KEYS |= {"samples", "calibration_samples"}  # realnet: labeled sets per Table 1 cell, NCV samplings
SCALE_KEYS |= {"randomizations_per_job"}  # permutation: how jobs are cut (no number depends on it)
SCALE_KEYS |= {"scale"}  # readings: the scale of the `readings` target's nested runs (not in `all`)


def _changed_keys(overlay: dict) -> set[str]:
    def keys(node, path=()):
        for key, value in node.items():
            if isinstance(value, dict) and key != "randomizations_per_job":
                yield from keys(value, (*path, key))
            else:
                yield (*path, key)

    return {path[-1] for path in keys(overlay) if path != ("profile",)}


def test_quick_profile_changes_trial_counts_only():
    quick = yaml.safe_load((ROOT / "config/quick.yaml").read_text())
    assert quick["profile"] == "quick"
    assert _changed_keys(quick) <= SCALE_KEYS, _changed_keys(quick) - SCALE_KEYS


def test_smoke_profile_changes_scale_only_and_names_itself():
    smoke = yaml.safe_load((ROOT / "config/smoke.yaml").read_text())
    assert smoke["profile"] == "smoke"  # every caption and claim of its artifacts names it
    yours = smoke.pop("yours")  # the `yours` target's own example (not part of `all`)
    assert set(yours["datasets"]) == {"rare"}
    allowed = SCALE_KEYS | {"evaluation_networks"}  # relational: networks per (purpose, size)
    assert _changed_keys(smoke) <= allowed, _changed_keys(smoke) - allowed


SCEN = ["simulated", "scenarios", "neville_fig1a"]
BAD = [
    # (kind, config, words the one-sentence message must contain)
    ("unknown key", mutated(["simulated", "bogus"], 1), ["unknown config key 'simulated.bogus'", "allowed keys"]),
    ("wrong type", mutated(["seed"], "abc"), ["'seed'", "integer", "'abc'"]),
    ("out of range", mutated(["simulated", "alpha"], 1.5), ["'simulated.alpha'", "< 1", "1.5"]),
    ("missing key", mutated(["simulated", "groups"], delete=True), ["'simulated.groups'", "required"]),
    ("bad enum", mutated([*SCEN, "reading"], "per_group"), ["reading", "per_fold, per_trial", "per_group"]),
    ("list item range", mutated([*SCEN, "prop_labeled"], [0.1, 1.0]), ["prop_labeled[1]", "< 1"]),
    ("repeated values", mutated([*SCEN, "prop_labeled"], [0.1, 0.1]), ["prop_labeled", "repeat"]),
    ("odd groups", mutated(["simulated", "groups"], 9), ["'simulated.groups'", "multiple of 2"]),
    (
        "unknown sampler",
        mutated([*SCEN, "samplers"], {"LOO": 3}),
        ["samplers.LOO", "allowed keys are CV5x2, ERS, NCV, RRS, RS"],
    ),
    ("too few folds", mutated([*SCEN, "samplers"], {"NCV": 1}), ["samplers.NCV", ">= 2"]),
    ("NCV infeasible", mutated([*SCEN, "samplers"], {"NCV": 5}), ["samplers.NCV", "lower propLabeled"]),
    ("M out of range", mutated([*SCEN, "p_err"], [0.02]), ["p_err", "M=0"]),
    ("both err_corr and q", mutated([*SCEN, "q"], [0.9]), ["exactly one of err_corr", "or q"]),
    ("5x2cv folds", mutated([*SCEN, "samplers"], {"CV5x2": 4}), ["samplers.CV5x2", "10"]),
    ("relational unknown key", mutated(["relational", "bogus"], 1), ["unknown config key 'relational.bogus'"]),
    ("relational missing", mutated(["relational"], delete=True), ["'relational'", "required"]),
    ("relational sizes", mutated(["relational", "large_nodes"], 300), ["relational.large_nodes", "larger than"]),
    (
        "relational Wang trials",
        mutated(["relational", "wang_trials_per_network"], 101),
        ["relational.wang_trials_per_network", "at most", "(100)"],
    ),
    (
        "relational NCV infeasible",
        mutated(["relational", "prop_labeled"], [0.1, 0.95]),
        ["relational.prop_labeled", "NCV", "lower propLabeled"],
    ),
    (
        "relational cross rule",
        mutated(["relational", "network", "cross_rule"], "sum"),
        ["relational.network.cross_rule", "mean, either, max, both", "sum"],
    ),
    (
        "relational selection",
        mutated(["relational", "handicap_selection"], "some"),
        ["relational.handicap_selection", "bernoulli, exact"],
    ),
    ("relational tolerance", mutated(["relational", "tolerance"], 0), ["relational.tolerance", "> 0"]),
    (
        "imbalance Platt folds",
        mutated(["imbalance", "platt_folds"], "cv10"),
        ["'imbalance.platt_folds'", "training, cv3, cv5", "cv10"],
    ),
    (
        "imbalance aggregation",
        mutated(["imbalance", "metric_aggregation"], "mean"),
        ["'imbalance.metric_aggregation'", "per_fold, pooled", "mean"],
    ),
    (
        "imbalance reading missing",
        mutated(["imbalance", "platt_folds"], delete=True),
        ["'imbalance.platt_folds'", "required"],
    ),
    (
        "relational group size",
        mutated(["relational", "network", "mean_group_size"], 400),
        ["relational.network", "mean_group_size"],
    ),
    (
        "relational one handicap",
        mutated(["relational", "power_handicaps"], [0.1]),
        ["relational.power_handicaps", "at least two", "[0.1]"],
    ),
]


@pytest.mark.parametrize("kind,config,words", BAD, ids=[b[0] for b in BAD])
def test_bad_config_gives_one_clear_sentence(kind, config, words):
    with pytest.raises(configcheck.ConfigError) as info:
        configcheck.check(config, SCHEMA)
    message = str(info.value)
    assert "\n" not in message
    for word in words:
        assert word in message, (word, message)


def test_snakemake_stops_before_any_job(workflow_copy: Path):
    bad = workflow_copy / "bad.yaml"
    bad.write_text("simulated:\n  alpha: 1.5\n")
    proc = snakemake(workflow_copy, "--cores", "1", "--configfile", "bad.yaml", check=False)
    assert proc.returncode != 0
    out = proc.stdout + proc.stderr
    assert "Config error: config key 'simulated.alpha' must be < 1, got 1.5" in out
    assert not (workflow_copy / "results").exists() and not (workflow_copy / "logs").exists()


def test_a_broken_dataset_catalogue_stops_the_run_too(monkeypatch):
    def broken():
        raise datasets.DatasetError("the catalogue datasets.yaml does not match datasets.schema.yaml at datasets/3")

    monkeypatch.setattr(datasets, "check_catalogue", broken)
    with pytest.raises(configcheck.ConfigError, match="^the catalogue datasets.yaml does not match"):
        configcheck.check(BASE, SCHEMA)


def test_theory_constraints():
    with pytest.raises(configcheck.ConfigError, match="theory.q_values must be at least"):
        configcheck.check(mutated(["theory", "q_values"], [0.05, 0.5]), SCHEMA)
    with pytest.raises(configcheck.ConfigError, match="theory.group_size"):
        configcheck.check(mutated(["theory", "group_size"], 10**6), SCHEMA)


def test_imbalance_constraints():
    with pytest.raises(configcheck.ConfigError, match="imbalance.datasets: 'boundary' is not a public"):
        configcheck.check(mutated(["imbalance", "datasets"], ["letter", "boundary"]), SCHEMA)
    with pytest.raises(configcheck.ConfigError, match="imbalance.datasets: unknown dataset 'nope'"):
        configcheck.check(mutated(["imbalance", "datasets"], ["nope"]), SCHEMA)
    with pytest.raises(configcheck.ConfigError, match="imbalance.removed_percent must increase from 0"):
        configcheck.check(mutated(["imbalance", "removed_percent"], [10, 5]), SCHEMA)
    with pytest.raises(configcheck.ConfigError, match="imbalance.tenfold.evaluated must be at most"):
        configcheck.check(mutated(["imbalance", "tenfold"], {"folds": 10, "evaluated": 11}), SCHEMA)
    with pytest.raises(configcheck.ConfigError, match="'imbalance.fivebytwo.repeats' must be <= 5"):
        configcheck.check(mutated(["imbalance", "fivebytwo"], {"repeats": 6}), SCHEMA)


RN = ["realnet"]
REALNET_BAD = [
    ("realnet missing", mutated(RN, delete=True), ["'realnet'", "required"]),
    ("realnet unknown key", mutated([*RN, "bogus"], 1), ["unknown config key 'realnet.bogus'"]),
    (
        "table1 unknown dataset",
        mutated([*RN, "table1", "datasets"], ["cora", "nope"]),
        ["realnet.table1.datasets", "unknown dataset 'nope'"],
    ),
    (
        "table1 tabular dataset",
        mutated([*RN, "table1", "datasets"], ["iris"]),
        ["realnet.table1.datasets", "'iris' is not a public network"],
    ),
    (
        "set with a tabular dataset",
        mutated([*RN, "sets", "cora"], {"dataset": "iris", "task": "x"}),
        ["realnet.sets.cora.dataset", "public network", "'iris'"],
    ),
    (
        "set with a wrong task",
        mutated([*RN, "sets", "cora"], {"dataset": "cora", "task": "Theory?"}),
        ["realnet.sets.cora.task", "Neural Nets?", "'Theory?'"],
    ),
    (
        "shown set unknown",
        mutated([*RN, "fig3_sets"], ["cora", "imdb"]),
        ["realnet.fig3_sets", "'imdb'", "realnet.sets"],
    ),
    (
        "partition sizes",
        mutated([*RN, "partition"], {"parts": 6, "min_size": 800, "max_size": 700, "attempts": 5}),
        ["realnet.partition.min_size", "at most", "(700)"],
    ),
    ("NCV infeasible", mutated([*RN, "prop_labeled"], [0.1, 0.95]), ["realnet.prop_labeled", "NCV"]),
    ("bad tolerance", mutated([*RN, "tolerance"], 0), ["realnet.tolerance", "> 0"]),
    ("unknown selection", mutated([*RN, "selection"], "best"), ["realnet.selection", "similar, partition", "'best'"]),
    (
        "band below 1",
        mutated([*RN, "similar", "max_ratio"], {"p_pos": 0.9}),
        ["realnet.similar.max_ratio.p_pos", ">= 1", "0.9"],
    ),
    (
        "unknown band",
        mutated([*RN, "similar", "max_ratio"], {"size": 2}),
        ["unknown config key 'realnet.similar.max_ratio.size'"],
    ),
]


@pytest.mark.parametrize("kind,config,words", REALNET_BAD, ids=[b[0] for b in REALNET_BAD])
def test_bad_realnet_config(kind, config, words):
    with pytest.raises(configcheck.ConfigError) as info:
        configcheck.check(config, SCHEMA)
    message = str(info.value)
    assert "\n" not in message
    for word in words:
        assert word in message, (word, message)


def test_realnet_user_files_are_a_valid_set():
    config = mutated(
        [*RN, "sets", "addhealth"], {"nodes": "mine/nodes.csv", "edges": "mine/edges.csv", "label": "Smokes?"}
    )
    config["realnet"]["fig1f_sets"] = ["addhealth"]
    configcheck.check(config, SCHEMA)
    config["realnet"]["sets"]["addhealth"] = {"nodes": "mine/nodes.csv"}
    with pytest.raises(configcheck.ConfigError, match="realnet.sets.addhealth"):
        configcheck.check(config, SCHEMA)


PERM_BAD = [
    (
        "unknown dataset",
        mutated(["permutation", "uci", "datasets"], ["iris", "irises"]),
        ["permutation.uci.datasets", "'irises'"],
    ),
    ("network dataset", mutated(["permutation", "uci", "datasets"], ["cora"]), ["permutation.uci.datasets", "22 UCI"]),
    (
        "not an Ojala dataset",
        mutated(["permutation", "uci", "datasets"], ["letter"]),
        ["permutation.uci.datasets", "'letter'", "22 UCI"],
    ),
    ("bad tie rule", mutated(["permutation", "tie_rule"], "random"), ["permutation.tie_rule", "first, vote"]),
    ("bad classifier", mutated(["permutation", "uci", "classifiers"], ["knn"]), ["classifiers[0]", "knn"]),
    ("rho out of range", mutated(["permutation", "fig3", "rho"], [0.0, 1.5]), ["rho[1]", "<= 1"]),
    ("too many folds", mutated(["permutation", "fig3", "folds"], 500), ["permutation.fig3.folds", "at most"]),
    ("zero randomizations", mutated(["permutation", "uci", "randomizations"], 0), ["randomizations", ">= 1"]),
    (
        "reduction of an unknown classifier",
        mutated(["permutation", "uci", "reduced_randomizations"], {"svm": 200}),
        ["reduced_randomizations", "svm"],
    ),
]


@pytest.mark.parametrize("kind,config,words", PERM_BAD, ids=[b[0] for b in PERM_BAD])
def test_bad_permutation_config(kind, config, words):
    with pytest.raises(configcheck.ConfigError) as info:
        configcheck.check(config, SCHEMA)
    message = str(info.value)
    assert "\n" not in message
    for word in words:
        assert word in message, (word, message)


# ---- cases generated from the schema: every key, a wrong type and an out-of-range value ------


# ---- cases generated from the schema: every key, a wrong type and an out-of-range value ------
def _deref(node, schema):
    if "$ref" in node:
        target = schema
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        return _deref(target, schema)
    return node


_KIND = {str: "string", int: "integer", float: "number", list: "array", dict: "object", bool: "boolean"}


def _wrong_type(node):
    """A value of a type ``node`` does not allow (None if it allows every type)."""
    types = node.get("type")
    if types is None:
        if "enum" in node:
            return 3.5  # no enum of the schema contains a float
        if "const" in node:
            return "ten"
        return None
    types = [types] if isinstance(types, str) else types
    for candidate in ("seven", 7, 3.5, [1], {"a": 1}, True):
        kind = _KIND[type(candidate)]
        allowed = kind in types or (kind == "integer" and "number" in types)
        if not allowed and not (kind == "boolean" and ({"integer", "number"} & set(types))):
            return candidate
    return None


def _out_of_range(node, current):
    """Values just outside ``node``'s range or allowed set (bounds, multipleOf, enum, const,
    and for arrays: empty, repeated, an out-of-range item)."""
    out = []
    step = 1 if node.get("type") == "integer" else 0.5
    if "minimum" in node:
        out.append(node["minimum"] - step)
    if "exclusiveMinimum" in node:
        out.append(node["exclusiveMinimum"])
    if "maximum" in node:
        out.append(node["maximum"] + step)
    if "exclusiveMaximum" in node:
        out.append(node["exclusiveMaximum"])
    if "multipleOf" in node:
        out.append(node["multipleOf"] * 3 + 1)
    if "enum" in node:
        out.append(f"no-such-{node['enum'][0]}")
    if "const" in node:
        out.append(node["const"] + 1)
    if node.get("type") == "array":
        if node.get("minItems"):
            out.append([])
        if node.get("uniqueItems") and current:
            out.append([current[0], current[0]])
        out += [[bad] for bad in _out_of_range(node.get("items", {}), None)]
    return out


def generated_cases():
    """(key path, kind, value) for every key of the shipped config: one wrong type and every
    out-of-range value its schema defines. Free-form maps (scenarios) use their value schema."""
    schema = yaml.safe_load(SCHEMA.read_text())
    cases = []

    def walk(node, value, path):
        node = _deref(node, schema)
        if path:
            bad = _wrong_type(node)
            if bad is not None:
                cases.append((path, "wrong type", bad))
            cases.extend(
                (path, "out of range", bad) for bad in _out_of_range(node, value if isinstance(value, list) else None)
            )
        if isinstance(value, dict):
            for key, sub in value.items():
                child = node.get("properties", {}).get(key, node.get("additionalProperties"))
                if isinstance(child, dict):
                    walk(child, sub, (*path, key))

    walk(schema, BASE, ())
    return cases


GENERATED = generated_cases()


def test_generated_cases_cover_every_key():
    keys = {path for path, _, _ in GENERATED}
    kinds = {kind for _, kind, _ in GENERATED}
    assert kinds == {"wrong type", "out of range"}
    assert len(keys) > 80 and len(GENERATED) > 200, (len(keys), len(GENERATED))


@pytest.mark.parametrize(
    "path,kind,value",
    GENERATED,
    ids=[f"{'.'.join(p)}-{k.replace(' ', '_')}-{i}" for i, (p, k, _) in enumerate(GENERATED)],
)
def test_generated_bad_value_is_rejected_naming_the_key(path, kind, value):
    config = mutated(list(path), value)
    with pytest.raises(configcheck.ConfigError) as info:
        configcheck.check(config, SCHEMA)
    message = str(info.value)
    assert "\n" not in message, message  # one sentence
    named = message.replace("[", ".[")
    assert ".".join(path) in named or ".".join(path) in message, (path, message)

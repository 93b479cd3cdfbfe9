"""Small relational study tables (the outputs of rule relational_summary) for the view tests of
Neville Fig. 1(c)-(e) and Wang Fig. 2: every curve's rejections set by the test, the rest fixed."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import yaml

from lib.views import artifact

ROOT = Path(__file__).resolve().parents[2]
EVALUATION_NETWORKS = 4
#: a network statistic's mean, SD (0.05) and interval (network_summary's columns)
NETWORK_BAND = (("", 0.0), ("_sd", None), ("_low", -0.03), ("_high", 0.03))
TESTS = [("RS", "paired_t"), ("RS", "unpaired_t"), ("RS", "rsc_paired"), ("NCV", "paired_t"), ("NCV", "unpaired_t")]


#: How the default reading (network_tests.handicap_magnitude = uniform) moves a chosen prediction,
#: in a caption's words.
MOVES = "moves P(+) toward 1 − P(+) by its own U ~ Uniform(0, 1)"


def config(profile: str = "quick") -> dict:
    """The paper-scale config with 10 trials per network (5 for Wang's panels) and ``profile``."""
    cfg = yaml.safe_load((ROOT / "config" / "config.yaml").read_text())
    cfg["profile"] = profile
    cfg["relational"].update(trials_per_network=10, wang_trials_per_network=5, evaluation_networks=EVALUATION_NETWORKS)
    return cfg


def calibration_difference(nodes: int, index: int) -> float:
    """The calibration-set difference wvRN - nBC at the power panels' ``index``-th nBC handicap."""
    return round(0.02 * (index + 1) + (0.01 if nodes > 300 else 0.0), 6)


def write(tables: dict[str, pd.DataFrame], folder: Path) -> dict[str, str]:
    """The tables as the rule's input files."""
    files = {}
    for name, table in tables.items():
        files[name] = str(folder / f"{name}.csv")
        table.to_csv(files[name], index=False)
    return files


def study_tables(cfg: dict, rejections) -> dict[str, pd.DataFrame]:
    """The study's summary, per-network rates, networks and calibration tables under ``cfg``.

    ``rejections(purpose, nodes, sampler, test, index, chunk)`` is the number of the chunk's trials
    (``trials_per_network`` or ``wang_trials_per_network`` of them) whose test rejects at the
    curve's ``index``-th point (labeling level for Type I, nBC handicap for power)."""
    rel = cfg["relational"]
    cells = [("type1", rel["nodes"], rel["prop_labeled"])]
    cells += [("power", nodes, rel["power_handicaps"]) for nodes in (rel["nodes"], rel["large_nodes"])]
    summary, per_network = [], []
    for per_net in sorted({rel["trials_per_network"], rel["wang_trials_per_network"]}):
        for purpose, nodes, points in cells:
            for (sampler, test), (index, point) in ((t, p) for t in TESTS for p in enumerate(points)):
                level = point if purpose == "type1" else rel["power_prop_labeled"]
                handicap_nbc = 0.0 if purpose == "type1" else point
                key = dict(
                    trials_per_network=per_net,
                    purpose=purpose,
                    nodes=nodes,
                    sampler=sampler,
                    folds=10,
                    prop_labeled=level,
                    handicap_nbc=handicap_nbc,
                    test=test,
                )
                counts = [rejections(purpose, nodes, sampler, test, index, c) for c in range(EVALUATION_NETWORKS)]
                per_network += [
                    {**key, "chunk": c, "trials": per_net, "rate": k / per_net} for c, k in enumerate(counts)
                ]
                rate = sum(counts) / (per_net * EVALUATION_NETWORKS)
                difference = 0.0 if purpose == "type1" else calibration_difference(nodes, index)
                summary.append(
                    {
                        **key,
                        "rejections": sum(counts),
                        "trials": per_net * EVALUATION_NETWORKS,
                        "rate": rate,
                        "rate_low": max(0.0, rate - 0.1),
                        "rate_high": min(1.0, rate + 0.1),
                        "chunk_rate_sd": float(np.std(counts, ddof=1)) / per_net,
                        "handicap_wvrn": round(0.01 * (index + 1), 6) if purpose == "type1" else 0.0,
                        "accuracy_wvrn": 0.8,
                        "accuracy_nbc": 0.8 - difference,
                        "accuracy_difference": difference,
                        "error_correlation": 0.3,
                        **{f"rsc_{k}_{m}": 0.5 for m in ("wvrn", "nbc") for k in ("p", "q", "rho", "L")},
                        "calibration_difference": difference,
                    }
                )
    statistics = {
        "autocorrelation": 0.34,
        "autocorrelation_contingency": 0.32,
        "autocorrelation_corrected_contingency": 0.46,
        "p_pos": 0.74,
    }
    networks = pd.DataFrame(
        [
            {
                "role": "evaluation+calibration",
                "nodes": nodes,
                "networks": EVALUATION_NETWORKS + rel["calibration_networks"],
                **{
                    f"{name}{end}": 0.05 if shift is None else value + shift
                    for name, value in statistics.items()
                    for end, shift in NETWORK_BAND
                },
            }
            for nodes in (rel["nodes"], rel["large_nodes"])
        ]
    )
    calibration = pd.DataFrame(
        [
            {
                "purpose": "power",
                "nodes": nodes,
                "prop_labeled": rel["power_prop_labeled"],
                "handicap_nbc": c,
                "accuracy_wvrn_unhandicapped": 0.804,
                "accuracy_nbc_unhandicapped": 0.79,
                "difference": calibration_difference(nodes, i),
            }
            for nodes in (rel["nodes"], rel["large_nodes"])
            for i, c in enumerate(rel["power_handicaps"])
        ]
    )
    return {
        "summary": pd.DataFrame(summary),
        "network_rates": pd.DataFrame(per_network),
        "networks": networks,
        "calibration": calibration,
    }


def build(art: artifact.Artifact, cfg: dict, rejections, folder: Path):
    """Write ``art`` from the constructed tables into ``folder``: (built, settings, outputs, caption)."""
    tables = study_tables(cfg, rejections)
    inputs = write({k: tables[k] for k in art.reads}, folder)
    outputs = {kind: str(folder / f"{art.name}.{kind}") for kind in (*art.kinds, "claims")}
    settings = art.configure(cfg)
    built = artifact.write_artifact(art, inputs, settings, outputs)
    return built, settings, outputs, art.caption(settings, built)

"""Helpers for the tests of the simulated study's artifacts (tests/views/): the workflow's config
at the quick profile, and small summary tables with the columns of scripts/simulated_summary.py's."""

from __future__ import annotations

import pandas as pd
import yaml

from conftest import ROOT, overlaid
from lib.views import artifact

FOLDS = {"RRS": 30, "ERS": 30, "NCV": 10, "RS": 10, "CV5x2": 10}


def quick_config(**simulated) -> dict:
    """config/config.yaml with config/quick.yaml over it, and ``simulated`` over that."""
    base = yaml.safe_load((ROOT / "config" / "config.yaml").read_text())
    quick = yaml.safe_load((ROOT / "config" / "quick.yaml").read_text())
    return overlaid(overlaid(base, quick), {"simulated": simulated})


def summary(points: list[dict], trials: int = 200, **fixed) -> pd.DataFrame:
    """A simulated-study summary (the columns the study writes): one row per point (a dict with at
    least ``sampler``, ``test`` and ``rate``; its interval is rate +- 0.03), every other column from
    ``fixed`` or a default."""
    rows = []
    for point in points:
        rate = point["rate"]
        row = {
            "folds": FOLDS[point["sampler"]],
            "prop_labeled": 0.5,
            "p_err": 0.1,
            "err_corr": 0.9,
            "q": float("nan"),
            "error_difference": 0.0,
            "rejections": round(rate * trials),
            "trials": trials,
            "rate_low": max(0.0, rate - 0.03),
            "rate_high": min(1.0, rate + 0.03),
            "chunk_rate_sd": 0.01,
            "error_a": 0.1,
            "error_b": 0.1,
            "error_correlation": 0.5,
            "error_correlation_pooled": 0.6,
            "error_correlation_fold_pooled": 0.7,
            "test_size": 150,
            "p_rope_bayes_correlated_t": 0.5,
            "rsc_q_a": 0.8,
            "rsc_rho_a": 0.7,
            **fixed,
            **point,
        }
        rows.append(row)
    return pd.DataFrame(rows)


def build(art: artifact.Artifact, tables: dict[str, pd.DataFrame], config: dict, tmp_path):
    """Write ``art`` from ``tables`` (each a scenario's summary, read as the workflow does: a list of
    one table) into ``tmp_path``: (built, caption, outputs)."""
    inputs = {}
    for key, table in tables.items():
        path = tmp_path / f"{key}.csv"
        table.to_csv(path, index=False)
        spec = art.reads[key]
        inputs[key] = [str(path)] if spec.wildcards is not None else str(path)
    outputs = {kind: str(tmp_path / f"{art.name}.{kind}") for kind in (*art.kinds, "claims")}
    settings = art.configure(config)
    built = artifact.write_artifact(art, inputs, settings, outputs)
    return built, art.caption(settings, built), outputs

"""Helpers for the claim tests (tests/papers/): every claim must be shown to both pass and fail
on small constructed tables, so that no check is vacuous."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np
import pandas as pd

from lib.papers.claims import NOT_PUBLIC, Evidence, Paper


def verdicts(paper: Paper, artifact: str, evidence: Evidence) -> dict[str, str]:
    """claim key -> verdict of every claim of ``artifact`` that applies to ``evidence``. A claim
    about data that are not public is always ``unverifiable``; its check's own verdict on the
    stand-in (what these tests exercise) is the one its ``why`` states."""
    table = paper.evaluate(artifact, evidence, "test")
    assert table["id"].is_unique
    stand_in = table["why"].fillna("").str.startswith(NOT_PUBLIC)
    assert (table.loc[stand_in, "verdict"] == "unverifiable").all()
    gives = table["why"].fillna("").str.extract(r"; the stand-in gives (\w+)", expand=False)
    verdict = table["verdict"].where(~stand_in, gives)
    return dict(zip(table["id"].str.rsplit("/", n=1).str[-1], verdict))


def assert_both_ways(
    paper: Paper,
    artifact: str,
    passing: Evidence | Iterable[Evidence],
    failing: Evidence | Iterable[Evidence],
    keys: Iterable[str] | None = None,
) -> None:
    """Every claim of ``artifact`` (or only ``keys``) passes on one of ``passing`` and fails on
    one of ``failing``."""
    keys = [c.key for c in paper.of(artifact)] if keys is None else list(keys)
    for want, worlds in (("pass", passing), ("fail", failing)):
        worlds = [worlds] if isinstance(worlds, Evidence) else list(worlds)
        seen: dict[str, set] = {k: set() for k in keys}
        for world in worlds:
            for key, verdict in verdicts(paper, artifact, world).items():
                if key in seen:
                    seen[key].add(verdict)
        missing = [k for k, v in seen.items() if want not in v]
        assert not missing, f"{paper.key}/{artifact}: never {want}: {missing} (seen {seen})"


def assert_undecided(paper: Paper, artifact: str, world: Evidence, keys: Iterable[str]) -> None:
    """The claims ``keys`` of ``artifact`` are ``unverifiable`` on ``world`` (whose intervals
    overlap where they are judged): an overlap decides neither pass nor fail."""
    seen = verdicts(paper, artifact, world)
    wrong = {k: seen.get(k) for k in keys if seen.get(k) != "unverifiable"}
    assert not wrong, f"{paper.key}/{artifact}: decided on overlapping intervals: {wrong}"


def rate_rows(
    x_name: str,
    curves: Mapping[str, list[tuple[float, float, float]]],
    x: list[float],
    group: str = "sampler",
    **columns,
) -> pd.DataFrame:
    """A long table of rate curves: one row per (group value, x) with rate, rate_low, rate_high."""
    rows = []
    for name, points in curves.items():
        assert len(points) == len(x)
        for xi, (rate, lo, hi) in zip(x, points):
            rows.append({group: name, x_name: xi, "rate": rate, "rate_low": lo, "rate_high": hi, **columns})
    return pd.DataFrame(rows)


def band(rate: float, half: float = 0.02) -> tuple[float, float, float]:
    """A rate with a symmetric interval of half-width ``half``."""
    return rate, rate - half, rate + half


def with_network_rates(
    summary: pd.DataFrame, x_name: str, spread: float = 0.02, networks: int = 4, group: str = "method"
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Per-network rates around each row's rate (offsets evenly spaced within +-``spread``), and the
    summary with the network-level t interval columns the network claims are judged by."""
    from lib.evaluation import summaries

    offsets = np.linspace(-spread, spread, networks)
    per_network = pd.DataFrame(
        [
            {
                group: row[group],
                x_name: row[x_name],
                "chunk": chunk,
                "rate": float(np.clip(row["rate"] + offset, 0.0, 1.0)),
            }
            for _, row in summary.iterrows()
            for chunk, offset in enumerate(offsets)
        ]
    )
    return summaries.with_network_intervals(summary, per_network, [group, x_name]), per_network

"""From tidy per-trial tables to rates per setting (DESIGN.md: summaries)."""
from __future__ import annotations

import numpy as np
import pandas as pd

from .rates import wilson_interval


def rejection_rates(trials: pd.DataFrame, keys: list[str], extra_means: list[str]) -> pd.DataFrame:
    """One row per setting x test: rejections, trials, rate and its 95 % Wilson interval.

    Tests are found from the ``reject_<test>`` columns. ``chunk_rate_sd`` is the standard
    deviation of the per-chunk rates (the spread over Neville's "10 simulations").
    ``extra_means`` are averaged per setting (NaN values ignored).
    """
    tests = sorted(c.removeprefix("reject_") for c in trials.columns if c.startswith("reject_"))
    if not tests:
        raise ValueError("no reject_<test> columns in the trial table")
    grouped = trials.groupby(keys, sort=True)
    means = grouped[extra_means].mean().reset_index() if extra_means else grouped.size().reset_index()[keys]
    parts = []
    for test in tests:
        column = f"reject_{test}"
        agg = grouped[column].agg(["sum", "count"]).reset_index()
        agg = agg[agg["count"] > 0]  # tests that do not apply to a sampler have no outcomes
        per_chunk = trials.groupby([*keys, "chunk"], sort=True)[column].mean()
        sd = per_chunk.groupby(level=list(range(len(keys)))).std(ddof=1).reset_index(name="chunk_rate_sd")
        rate, lo, hi = wilson_interval(agg["sum"].to_numpy(), agg["count"].to_numpy())
        part = agg.rename(columns={"sum": "rejections", "count": "trials"})
        part.insert(len(keys), "test", test)
        part["rate"], part["rate_low"], part["rate_high"] = rate, lo, hi
        part = part.merge(sd, on=keys, how="left")
        part["rejections"] = part["rejections"].astype(int)
        parts.append(part.merge(means, on=keys, how="left"))
    out = pd.concat(parts, ignore_index=True)
    return out.sort_values([*keys[:1], "test", *keys[1:]], kind="stable").reset_index(drop=True)


def select(summary: pd.DataFrame, **equal) -> pd.DataFrame:
    """Rows of ``summary`` whose columns equal the given values (floats compared with isclose)."""
    mask = np.ones(len(summary), dtype=bool)
    for column, value in equal.items():
        values = summary[column]
        mask &= np.isclose(values, value) if isinstance(value, float) else (values == value).to_numpy()
    return summary[mask]


def method_curves(summary: pd.DataFrame, lines: dict, x: str) -> dict[str, pd.DataFrame]:
    """One curve per displayed method: ``lines`` maps a label to its (sampler, test), sorted by ``x``."""
    return {label: select(summary, sampler=sampler, test=test).sort_values(x)
            for label, (sampler, test) in lines.items()}


def rate_at(curve: pd.DataFrame, x: str, x0: float) -> dict | None:
    """Rate and 95 % bounds at ``x0`` by linear interpolation between the two measured points of
    ``curve`` (sorted by column ``x``) that bracket it, each of rate, low and high interpolated
    separately; None when ``x0`` lies outside the measured range."""
    xs = curve[x].to_numpy()
    if not xs.min() <= x0 <= xs.max():
        return None
    return {k: float(np.interp(x0, xs, curve[k].to_numpy())) for k in ("rate", "rate_low", "rate_high")}

"""The scorecard: every artifact's claims in one table, each with the readings behind it.

Each artifact writes ``<artifact>.claims.csv`` from its paper's module (``lib.papers``); the
scorecard collects them, checks that every row is a registered claim, and names for each verdict
the readings (and their values) it was computed under (:func:`lib.core.readings.describe`).
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from ..core import readings
from ..core.tables import markdown_table
from ..papers import registry
from ..papers.claims import COLUMNS, VERDICTS


def collect(frames: list[pd.DataFrame], config: Mapping | None = None) -> pd.DataFrame:
    """Every artifact's claims in one table, sorted by paper and artifact; with ``config``, a last
    column ``readings`` names the readings (and their values) each verdict was computed under.
    Raises ``ValueError`` for a row whose id no paper module declares."""
    columns = COLUMNS + (["readings"] if config is not None else [])
    if not frames:
        return pd.DataFrame(columns=columns)
    table = pd.concat(frames, ignore_index=True)[COLUMNS]
    unknown = sorted(set(table["id"]) - set(registry.CLAIMS))
    if unknown:
        raise ValueError(f"claims not declared in lib.papers: {unknown[:5]}")
    table = table.sort_values(["paper", "artifact"], kind="stable").reset_index(drop=True)
    if config is not None:
        described = {a: readings.describe(a, config) for a in set(table["paper"] + "/" + table["artifact"])}
        table["readings"] = (table["paper"] + "/" + table["artifact"]).map(described)
    return table


def counts_line(table: pd.DataFrame) -> str:
    """'241 pass, 40 fail (38 paper, 2 ours), ... of 293 claims' (verdict classes that occur, in
    VERDICTS order; a fail split by its ``why``)."""
    counts = table["verdict"].value_counts()
    parts = []
    for v in VERDICTS:
        if not counts.get(v, 0):
            continue
        text = f"{int(counts[v])} {v}"
        if v == "fail" and "why" in table:
            why = table.loc[table["verdict"] == "fail", "why"].fillna("")
            text += f" ({int(why.str.startswith('paper').sum())} paper, {int((why == 'ours').sum())} ours)"
        parts.append(text)
    return ", ".join(parts) + f" of {len(table)} claims"


def markdown(table: pd.DataFrame) -> str:
    lines = [
        "# Scorecard: paper claims vs reproduced values",
        "",
        counts_line(table) + ". Verdicts: pass, fail, unstable (the verdict depends on Monte Carlo "
        "noise; the range is given), unverifiable (the paper's input cannot be recovered, or the run could not "
        "have decided it), not run (not configured). Every verdict but pass says why: a fail is the paper's side "
        "(with its evidence) or ours. Rates are shown as value [95% interval].",
        "",
    ]
    for paper, part in table.groupby("paper", sort=True):
        title = registry.PAPERS[paper].title if paper in registry.PAPERS else paper
        lines += [f"## {paper}: {title}", "", markdown_table(part.drop(columns=["paper", "id"])), ""]
    return "\n".join(lines)

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
from ..papers.claims import CLASSES, COLUMNS, verdict_class


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
    """'230 pass, 4 fail (paper), 6 fitted (5 leaning pass), ... of 292 claims': the verdict classes
    that occur (:data:`lib.papers.claims.CLASSES`: a fail split by its ``why``, unverifiable by
    whether the paper's data are public), each undecided class with how many lean which way."""
    why, lean = text_column(table, "why"), text_column(table, "lean")
    classes = pd.Series([verdict_class(v, w) for v, w in zip(table["verdict"], why)], index=table.index)
    parts = []
    for c in CLASSES:
        members = classes == c
        if not members.any():
            continue
        text = f"{int(members.sum())} {c}"
        if c in LEANING:
            text += f" ({leans_text(lean[members])})"
        parts.append(text)
    return ", ".join(parts) + f" of {len(table)} claims"


def text_column(table: pd.DataFrame, name: str) -> pd.Series:
    """A text column with "" for a missing value or column (a CSV reads an empty column as NaN)."""
    if name not in table:
        return pd.Series("", index=table.index)
    return table[name].map(lambda v: v if isinstance(v, str) else "")


#: The classes whose rows say which way their estimate leans.
LEANING = ("fitted", "unstable", "unverifiable", "data not public")


def leans_text(leans: pd.Series) -> str:
    """'3 leaning pass, 1 leaning fail, 2 neither' of a class's ``lean`` values (those that occur)."""
    counts = leans.map(lambda v: v if isinstance(v, str) else "").value_counts()
    words = {"pass": "leaning pass", "fail": "leaning fail", "": "neither"}
    return ", ".join(f"{int(counts[k])} {w}" for k, w in words.items() if counts.get(k, 0))


def markdown(table: pd.DataFrame) -> str:
    lines = [
        "# Scorecard: paper claims vs reproduced values",
        "",
        counts_line(table) + ". Verdicts: pass, fail, fitted (the claim chose the reading it runs under: "
        "evidence for the reading, not a test), unstable (the verdict depends on Monte Carlo noise; the range is "
        "given), unverifiable (the run could not have decided it; 'data not public': the check ran on a public "
        "stand-in for the paper's data), not run (not configured). Every verdict but pass says why: a fail is "
        "the paper's side (it contradicts itself or its own data) or ours. Fitted, unstable and unverifiable "
        "rows say which way the estimate leans (column lean). Rates are shown as value [95% interval].",
        "",
    ]
    for paper, part in table.groupby("paper", sort=True):
        title = registry.PAPERS[paper].title if paper in registry.PAPERS else paper
        lines += [f"## {paper}: {title}", "", markdown_table(part.drop(columns=["paper", "id"])), ""]
    return "\n".join(lines)

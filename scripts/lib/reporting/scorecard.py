"""The scorecard: every artifact's claims in one table, each with the readings behind it.

Each artifact writes ``<artifact>.claims.csv`` from its paper's module (``lib.papers``); the
scorecard collects them, checks that every row is a registered claim, and names for each verdict
the readings (and their values) it was computed under (:func:`lib.core.readings.describe`). In the
Markdown each claim links to the source lines of its check (:func:`check_source`).
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from pathlib import Path

import pandas as pd

from ..core.tables import markdown_table
from ..papers import registry
from ..papers.claims import CLASSES, COLUMNS, verdict_class


def collect(frames: list[pd.DataFrame], described: Mapping[str, str] | None = None) -> pd.DataFrame:
    """Every artifact's claims in one table, sorted by paper and artifact; with ``described``
    (artifact id -> the readings and their values it was computed under, as its caption states them:
    :func:`lib.core.readings.describe`), a last column ``readings`` names them for each verdict.
    Raises ``ValueError`` for a row whose id no paper module declares."""
    columns = COLUMNS + (["readings"] if described is not None else [])
    if not frames:
        return pd.DataFrame(columns=columns)
    table = pd.concat(frames, ignore_index=True)[COLUMNS]
    unknown = sorted(set(table["id"]) - set(registry.CLAIMS))
    if unknown:
        raise ValueError(f"claims not declared in lib.papers: {unknown[:5]}")
    table = table.sort_values(["paper", "artifact"], kind="stable").reset_index(drop=True)
    if described is not None:
        table["readings"] = (table["paper"] + "/" + table["artifact"]).map(lambda a: described.get(a, ""))
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
        part = part.assign(claim=[linked(text, cid) for text, cid in zip(part["claim"], part["id"])])
        lines += [f"## {paper}: {title}", "", markdown_table(part.drop(columns=["paper", "id"])), ""]
    return "\n".join(lines)


#: The checkout (or the workflow's folder, as another workflow's module): source paths are relative to it.
SOURCE_ROOT = Path(__file__).resolve().parents[3]


def check_source(claim_id: str) -> tuple[str, int, int]:
    """Where the check of a claim is written: its file (relative to :data:`SOURCE_ROOT`) and its first
    and last line. A check that only guards another (a closure holding ``check``, as
    ``neville2009_realnet._shown_set``) is followed to that one, where the judgement is."""
    func = inspect.unwrap(registry.CLAIMS[claim_id].check)
    cells = dict(zip(func.__code__.co_freevars, func.__closure__ or ()))
    if "check" in cells and inspect.isfunction(cells["check"].cell_contents):
        func = inspect.unwrap(cells["check"].cell_contents)
    lines, start = inspect.getsourcelines(func)
    path = Path(inspect.getsourcefile(func)).resolve().relative_to(SOURCE_ROOT).as_posix()
    return path, start, start + len(lines) - 1


def linked(text: str, claim_id: str) -> str:
    """The claim's text as a Markdown link to its check's lines, relative to results/scorecard.md (the
    anchor ``#L<first>-L<last>`` is how code hosts show a range of lines)."""
    path, first, last = check_source(claim_id)
    label = str(text).replace("[", "\\[").replace("]", "\\]")
    return f"[{label}](../{path}#L{first}-L{last})"

"""Several runs' verdicts side by side: how many claims fall in each verdict class per run, and each
claim's verdict (with its lean) under every run.

The runs differ in their configuration, not their seed (that is :mod:`lib.reporting.stability`):
the default readings against the literal ones (``config/literal.yaml``), the papers' scale against
the decisive one (``config/decisive.yaml``). Each run's scorecard (``results/scorecard.csv``) is one
column; a claim a run did not judge is ``absent`` there.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from ..core.tables import markdown_table
from ..papers.claims import CLASSES, verdict_class
from .scorecard import text_column

KEY = ["id", "paper", "artifact", "claim", "paper_value"]


def classes(card: pd.DataFrame) -> pd.Series:
    """Each row's tally class (:data:`lib.papers.claims.CLASSES`)."""
    return pd.Series([verdict_class(v, w) for v, w in zip(card["verdict"], text_column(card, "why"))], index=card.index)


def tallies(cards: Mapping[str, pd.DataFrame], by: str | None = None) -> pd.DataFrame:
    """One row per run (and per value of column ``by``, e.g. ``paper``): the count of each class
    that occurs in any run, and the claims judged."""
    rows = []
    for label, card in cards.items():
        groups = card.groupby(by, sort=True) if by else [(None, card)]
        for value, part in groups:
            counted = classes(part).value_counts()
            rows.append({"run": label, **({by: value} if by else {}), **{c: int(counted.get(c, 0)) for c in CLASSES}})
    table = pd.DataFrame(rows)
    present = [c for c in CLASSES if table[c].any()]
    table = table[["run", *([by] if by else []), *present]]
    table["claims"] = table[present].sum(axis=1)
    return table


def verdict_with_lean(card: pd.DataFrame) -> pd.Series:
    """'pass', 'fail (paper)', 'unverifiable, leans fail', ... per row."""
    lean = text_column(card, "lean")
    return pd.Series([c + (f", leans {way}" if way else "") for c, way in zip(classes(card), lean)], index=card.index)


def side_by_side(cards: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """One row per claim id of any run: its key columns (the first run's words: a reading may
    change a claim's text, not its id), then its verdict (with lean) under each run."""
    labels = list(cards)
    clash = sorted(set(labels) & set(KEY))
    if clash:
        raise ValueError(f"run labels {clash} are column names of the table; name the runs otherwise")
    keys = pd.concat([card[KEY] for card in cards.values()]).drop_duplicates("id").set_index("id")
    verdicts = pd.DataFrame({label: verdict_with_lean(card).set_axis(card["id"]) for label, card in cards.items()})
    merged = keys.join(verdicts, how="left").reset_index()
    merged[labels] = merged[labels].fillna("absent")
    return merged.sort_values(["paper", "artifact", "id"], kind="stable").reset_index(drop=True)


def markdown(cards: Mapping[str, pd.DataFrame], title: str, notes: str = "") -> str:
    """The page: the tallies (all papers, then per paper), then every claim whose verdict differs
    between the runs."""
    table = side_by_side(cards)
    labels = list(cards)
    differs = table[table[labels].nunique(axis=1) > 1]
    lines = [f"# {title}", ""] + ([notes, ""] if notes else [])
    lines += ["## Tallies", "", markdown_table(tallies(cards)), "", markdown_table(tallies(cards, by="paper")), ""]
    lines += [f"## Claims whose verdict differs between the runs ({len(differs)} of {len(table)})", ""]
    lines += [markdown_table(differs.drop(columns=["id"])), ""] if len(differs) else ["None.", ""]
    return "\n".join(lines)

"""The readings artifact: every claim a reading touches, with its verdict under each alternative.

Input: for each (reading, alternative) the claims the nested run computed (the scorecard's
columns). Output: one long table (``results/readings.csv``) and a Markdown page
(``results/readings.md``) with, per reading, the passage, the alternatives, the default and its
evidence, and one row per claim with a column per alternative.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import pandas as pd

from ..core import readings as registry
from ..core.tables import markdown_table

# a claim is matched across alternatives by its id (lib.papers); paper, artifact and text are shown
KEY = ["paper", "artifact", "id", "claim"]
COLUMNS = ["reading", "alternative", "default", *KEY, "paper_value", "reproduced", "verdict"]


def long_table(claims: Mapping[tuple[str, str], pd.DataFrame]) -> pd.DataFrame:
    """One row per (reading, alternative, claim), in registry, alternative and claim-file order.

    Parameters
    ----------
    claims : mapping of (reading name, alternative) to a claims frame
        The concatenated ``<artifact>.claims.csv`` of that alternative's nested run.
    """
    frames = []
    for (name, alternative), frame in claims.items():
        reading = registry.REGISTRY[name]
        missing = [c for c in (*KEY, "paper_value", "reproduced", "verdict") if c not in frame]
        if missing:
            raise ValueError(f"claims of {name}={alternative} lack the columns {missing}")
        frames.append(
            frame.assign(reading=name, alternative=alternative, default=alternative == reading.default)[COLUMNS]
        )
    if not frames:
        return pd.DataFrame(columns=COLUMNS)
    return pd.concat(frames, ignore_index=True)


def robustness(table: pd.DataFrame) -> pd.DataFrame:
    """Per reading: claims compared, claims whose verdict is the same under every alternative
    that ran them, and the claims whose verdict changes."""
    rows = []
    for name, group in table.groupby("reading", sort=False):
        verdicts = group[group.verdict != "not run"].groupby(KEY, sort=False).verdict.agg(lambda v: set(v))
        changed = verdicts[verdicts.map(len) > 1]
        rows.append(
            {
                "reading": name,
                "claims": int(len(verdicts)),
                "same_verdict": int(len(verdicts) - len(changed)),
                "changed": int(len(changed)),
            }
        )
    return pd.DataFrame(rows, columns=["reading", "claims", "same_verdict", "changed"])


def cell(row) -> str:
    return f"{row.verdict} ({row.reproduced})" if isinstance(row.reproduced, str) and row.reproduced else row.verdict


def text_note(reading: registry.Reading) -> str:
    """What the paper's text names for ``reading`` and which claims chose its default (fitted)."""
    named = (
        f"names `{reading.literal}` (config/literal.yaml runs it)"
        if reading.literal
        else "is silent on the point: every alternative is a reading of ours"
    )
    fitted = (
        "Its default was chosen on " + ", ".join(f"`{c}`" for c in reading.fitted_on) + ", judged *fitted* under it."
        if reading.fitted_on
        else "No claim chose its default."
    )
    return f"The paper's text {named}. {fitted}"


def markdown(table: pd.DataFrame, profile: str, scale: Mapping) -> str:
    """The readings page: the scale, a summary per reading, then one section per reading."""
    lines = [
        "# Readings: each claim under each alternative",
        "",
        f"Profile `{profile}`; every alternative of a reading was run at the same scale, the profile's "
        f"config with these overrides (`readings.scale`): `{json.dumps(scale, sort_keys=True) if scale else '{}'}`. "
        "Verdicts at a reduced scale carry more sampling noise than the scorecard's.",
        "",
    ]
    summary = robustness(table)
    lines += [
        markdown_table(
            summary.rename(
                columns={"same_verdict": "same verdict under every alternative", "changed": "verdict changes"}
            )
        ),
        "",
    ]
    for name, group in table.groupby("reading", sort=False):
        reading = registry.REGISTRY[name]
        alternatives = list(dict.fromkeys(group.alternative))
        lines += [
            f"## {name}",
            "",
            f"*Passage.* {reading.passage}",
            "",
            "*Alternatives.* "
            + "; ".join(
                f"`{a}`{' (default)' if a == reading.default else ''}: {reading.alternatives[a]}"
                for a in reading.alternatives
            ),
            "",
            f"*Why the default.* {reading.why}",
            "",
            f"*The text.* {text_note(reading)}",
            "",
        ]
        wide = group.assign(cell=[cell(r) for r in group.itertuples()]).pivot_table(
            index=KEY, columns="alternative", values="cell", aggfunc="first", sort=False
        )
        wide = wide.reindex(columns=alternatives).fillna("(no such claim)").reset_index()
        paper_values = group.drop_duplicates(KEY).set_index(KEY).paper_value
        wide.insert(
            len(KEY), "paper_value", [paper_values.get(tuple(k), "") for k in wide[KEY].itertuples(index=False)]
        )
        wide.columns = [f"{c} (default)" if c == reading.default else c for c in wide.columns]
        lines += [markdown_table(wide), ""]
    return "\n".join(lines)

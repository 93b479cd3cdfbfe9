"""How sure each verdict is: every claim's verdict over runs under independent base seeds.

One run decides each claim once; a claim that sits on Monte Carlo noise (a rate near its band, a
p-value near alpha, a statement the paper read off one data draw) can pass under one seed and fail
under another. The `stability` target (workflow/rules/stability.smk) reruns the whole workflow
under ``k`` independent base seeds (:func:`lib.core.seeding.stability_seeds`); this module turns
their scorecards into one row per claim:

``pass`` / ``fail (paper)`` / ``fail (ours)`` / ``fitted``
    the same verdict under every seed (a fail split by whose side it is);
``unstable``
    passes under some seeds and fails under others (or a run already judged it unstable), with
    how many seeds pass and the range of the measured value;
``unverifiable`` / ``data not public`` / ``not run``
    as in every run's scorecard (:data:`lib.papers.claims.CLASSES`).

Every class but ``pass`` says why (column ``why``): a fail under every seed carries the scorecard's
``paper: ...`` or ``ours``; unstable gives the range that straddles (the seeds' verdicts and the
measured range, or a run's own reason); unverifiable what is missing. Every fitted, unstable and
unverifiable claim says which way its estimate leans over the seeds (column ``lean``: the majority of
the runs' directions, each run's verdict when it decided, else its own lean).

The measured value is the headline number of each run's ``reproduced`` text (:func:`measured`: a
rate, a p-value, a count).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import numpy as np
import pandas as pd

from ..core.tables import markdown_table
from ..papers.claims import CLASSES, VERDICTS, lean_of, verdict_class
from .scorecard import text_column

KEY = ["id", "paper", "artifact", "claim"]
COLUMNS = [
    *KEY,
    "paper_value",
    "class",
    "lean",
    "seeds",
    "passes",
    "verdicts",
    "measured_min",
    "measured_max",
    "why",
    "reproduced_first_seed",
]
# a number that is not part of a name (J48, 10-fold) and not a label ("0.1: 0.050", "ρ=-1: 0.000")
_NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?(?![\w:-])")


def measured(reproduced) -> float:
    """The headline number of a reproduced value's text: its first decimal number that is not a
    label or part of a name, else its first whole number; NaN when there is none."""
    numbers = _NUMBER.findall(reproduced) if isinstance(reproduced, str) else []
    decimal = [n for n in numbers if "." in n or "e" in n.lower()]
    return float((decimal or numbers)[0]) if numbers else np.nan


def classify(verdicts: list[str]) -> str:
    """The verdict class of one claim over the seeds' verdicts: a run that did not judge the claim
    (``not run``) does not count when others did; one verdict under every judging seed is that
    verdict, any mix (or a run's own ``unstable``) is ``unstable``."""
    unknown = set(verdicts) - set(VERDICTS)
    if unknown:
        raise ValueError(f"unknown verdicts {sorted(unknown)}")
    judged = {v for v in verdicts if v != "not run"} or {"not run"}
    return judged.pop() if len(judged) == 1 else "unstable"


def lean(verdicts: list[str], leans: list[str]) -> str:
    """The lean over the runs: the majority direction of the runs that point one way (a decided
    run's verdict, an undecided run's own lean); ``""`` when none points or they split evenly."""
    directions = [verdict if verdict in ("pass", "fail") else own for verdict, own in zip(verdicts, leans)]
    return lean_of([d == "pass" for d in directions if d in ("pass", "fail")])


def why(verdict_class: str, verdicts: list[str], reasons: list[str], low: float, high: float) -> str:
    """The ``why`` of a claim's class over the seeds (module docstring); ``reasons`` are the runs'
    own ``why`` (empty where a scorecard predates the column)."""
    if verdict_class == "pass":
        return ""
    stated = [r for v, r in zip(verdicts, reasons) if v == verdict_class and r]
    if verdict_class == "unstable" and len({v for v in verdicts if v != "not run"}) > 1:
        span = f"; measured {low:.4g} .. {high:.4g}" if np.isfinite(low) else ""
        return f"the seeds disagree ({'/'.join(verdicts)}){span}"
    return stated[0] if stated else ""


def summarize(scorecards: Mapping[int, pd.DataFrame]) -> pd.DataFrame:
    """One row per claim (:data:`COLUMNS`) from the scorecards of the runs, keyed by base seed in
    run order (the first is the main run's). A claim absent from a run counts as ``not run`` there."""
    seeds = list(scorecards)
    if not seeds:
        return pd.DataFrame(columns=COLUMNS)
    long = pd.concat(
        [card.assign(seed=seed, order=i) for i, (seed, card) in enumerate(scorecards.items())], ignore_index=True
    )
    first = long.drop_duplicates("id").set_index("id")
    rows = []
    for cid, part in long.groupby("id", sort=False):
        by_seed = dict(zip(part["seed"], part["verdict"]))
        verdicts = [by_seed.get(seed, "not run") for seed in seeds]
        stated = dict(zip(part["seed"], part["why"].fillna(""))) if "why" in part else {}
        reasons = [str(stated.get(seed, "")) for seed in seeds]
        leaning = dict(zip(part["seed"], text_column(part, "lean")))
        run_leans = [str(leaning.get(seed, "")) for seed in seeds]
        values = part["reproduced"].map(measured).dropna()
        low, high = (values.min(), values.max()) if len(values) else (np.nan, np.nan)
        verdict_class = classify(verdicts)
        because = why(verdict_class, verdicts, reasons, low, high)
        undecided = verdict_class in ("fitted", "unstable", "unverifiable")
        rows.append(
            {
                "id": cid,
                **{k: first.loc[cid, k] for k in KEY[1:]},
                "paper_value": first.loc[cid, "paper_value"],
                "class": tally_class(verdict_class, because),
                "lean": lean(verdicts, run_leans) if undecided else "",
                "seeds": len(seeds),
                "passes": verdicts.count("pass"),
                "verdicts": "/".join(verdicts),
                "measured_min": low,
                "measured_max": high,
                "why": because,
                "reproduced_first_seed": first.loc[cid, "reproduced"],
            }
        )
    return pd.DataFrame(rows, columns=COLUMNS)


def tally_class(verdict_class_over_seeds: str, reason: str) -> str:
    """The tally class (:data:`lib.papers.claims.CLASSES`) of a claim's class over the seeds; a fail
    under every seed keeps the scorecards' side, an unverifiable one whether its data are public."""
    return "unstable" if verdict_class_over_seeds == "unstable" else verdict_class(verdict_class_over_seeds, reason)


def counts(table: pd.DataFrame) -> pd.DataFrame:
    """Per paper, how many claims fall in each class."""
    classes = [c for c in CLASSES if (table["class"] == c).any()]
    out = table.groupby("paper")["class"].value_counts().unstack(fill_value=0).reindex(columns=classes, fill_value=0)
    out["claims"] = out.sum(axis=1)
    return out.reset_index()


def markdown(
    table: pd.DataFrame, seeds: list[int], profile: str, scale: Mapping | None, reduced: Mapping | None = None
) -> str:
    """The stability page: the runs, the class counts per paper, then the claims that are not a
    plain pass (unstable first, with how many seeds pass and the range of the measured value).
    ``reduced``: classifier -> randomisations of a stated deviation (permutation.uci.reduced_randomizations),
    named in the title."""
    fewer = ", ".join(f"Weka's {c.upper()} on {k} randomisations" for c, k in sorted((reduced or {}).items()))
    lines = [
        "# Stability: each claim's verdict under independent base seeds" + (f" ({fewer})" if fewer else ""),
        "",
        f"Profile `{profile}`, {len(seeds)} runs with base seeds {', '.join(map(str, seeds))} (the first is the "
        "main run's)" + (f", each at the scale `{scale}` merged into the profile" if scale else "") + ". "
        "A claim is *unstable* when it passes under some seeds and fails under others: Monte Carlo noise, not "
        "the paper or the pipeline, decides a single run's verdict. Measured value: the headline number of each "
        "run's reproduced value (its first decimal number).",
        "",
        markdown_table(counts(table)),
        "",
    ]
    shown_first = ("unstable", "fail (ours)", "fail (paper)", "fitted", "unverifiable", "data not public", "not run")
    order = {c: i for i, c in enumerate(shown_first)}
    shown = (
        table[table["class"] != "pass"]
        .assign(_o=lambda t: t["class"].map(order))
        .sort_values(["_o", "paper", "artifact"], kind="stable")
    )
    if len(shown):
        shown = shown.assign(
            **{
                "passes of seeds": [f"{p}/{s}" for p, s in zip(shown["passes"], shown["seeds"])],
                "measured range": [
                    f"{a:.4g} .. {b:.4g}" if np.isfinite(a) else ""
                    for a, b in zip(shown["measured_min"], shown["measured_max"])
                ],
            }
        )
        lines += [
            "## Claims that are not a pass under every seed",
            "",
            markdown_table(
                shown[
                    ["class", "lean", "paper", "artifact", "claim", "paper_value"]
                    + ["passes of seeds", "measured range", "why"]
                ]
            ),
            "",
        ]
    return "\n".join(lines)

"""Paper claims against reproduced values.

Each artifact writes the claims it checks to ``<artifact>.claims.csv``; the scorecard rule
collects them. A verdict is ``pass`` or ``fail``; claims that depend on sampling error are
judged with the 95 % Wilson intervals of the rates involved, so a verdict does not flip with
the seed unless the evidence is marginal. A claim about something the configuration did not run
(e.g. a classifier left out of ``permutation.uci.classifiers``) is kept as one row with the
verdict ``not run`` and the reason, so that every configuration builds every artifact.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Mapping

import numpy as np
import pandas as pd

from ..core import readings
from ..core.tables import markdown_table

COLUMNS = ["paper", "artifact", "claim", "paper_value", "tolerance", "reproduced", "verdict", "profile"]
VERDICTS = ("pass", "fail", "not run")


@dataclass(frozen=True)
class Claim:
    paper: str
    artifact: str
    claim: str
    paper_value: str
    tolerance: str
    reproduced: str
    verdict: str
    profile: str

    def __post_init__(self):
        if self.verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {', '.join(VERDICTS)}, got {self.verdict!r}")


def claims_frame(claims: list[Claim]) -> pd.DataFrame:
    frame = pd.DataFrame([asdict(c) for c in claims], columns=[f.name for f in fields(Claim)])
    return frame[COLUMNS]


def verdict(ok: bool) -> str:
    return "pass" if bool(ok) else "fail"


def fmt_rate(rate: float, lo: float, hi: float) -> str:
    return f"{rate:.3f} [{lo:.3f}, {hi:.3f}]"


def falls_as_x_rises(rate, lo, hi) -> bool:
    """True when the first rate is significantly above the last (intervals disjoint) and no
    step from one x to the next is a significant rise. Inputs are ordered by increasing x."""
    rate, lo, hi = map(np.asarray, (rate, lo, hi))
    significant_fall = lo[0] > hi[-1]
    significant_rise = np.any(lo[1:] > hi[:-1])
    return bool(significant_fall and not significant_rise)


def significantly_below(hi_a, lo_b) -> bool:
    """Rate a is below rate b: a's interval lies wholly below b's."""
    return bool(np.all(np.asarray(hi_a) < np.asarray(lo_b)))


def not_above(lo_a, hi_b) -> bool:
    """Rate a is at or below rate b: a is not significantly above b."""
    return bool(np.all(np.asarray(lo_a) <= np.asarray(hi_b)))


def collect(frames: list[pd.DataFrame], config: Mapping | None = None) -> pd.DataFrame:
    """Every artifact's claims in one table, sorted by paper and artifact; with ``config``, a last
    column ``readings`` names the readings (and their values) each verdict was computed under
    (:func:`lib.core.readings.describe`)."""
    columns = COLUMNS + (["readings"] if config is not None else [])
    if not frames:
        return pd.DataFrame(columns=columns)
    table = pd.concat(frames, ignore_index=True)[COLUMNS]
    table = table.sort_values(["paper", "artifact"], kind="stable").reset_index(drop=True)
    if config is not None:
        described = {a: readings.describe(a, config) for a in set(table["paper"] + "/" + table["artifact"])}
        table["readings"] = (table["paper"] + "/" + table["artifact"]).map(described)
    return table


def markdown(table: pd.DataFrame) -> str:
    counts = table["verdict"].value_counts()
    lines = [
        "# Scorecard: paper claims vs reproduced values",
        "",
        f"{int(counts.get('pass', 0))} pass, {int(counts.get('fail', 0))} fail, "
        + (f"{int(counts['not run'])} not run (not configured), " if counts.get("not run", 0) else "")
        + f"{len(table)} claims. Rates are shown as value [95% Wilson interval].",
        "",
    ]
    for paper, part in table.groupby("paper", sort=True):
        lines += [f"## {paper}", "", markdown_table(part.drop(columns=["paper"])), ""]
    return "\n".join(lines)


class ClaimBook:
    """Collects the claims one artifact checks: ``book.add(...)`` then ``book.frame()``."""

    def __init__(self, paper: str, artifact: str, profile: str):
        self.paper, self.artifact, self.profile = paper, artifact, profile
        self.claims: list[Claim] = []

    def add(self, claim: str, paper_value: str, tolerance: str, reproduced: str, ok: bool) -> None:
        self.claims.append(Claim(self.paper, self.artifact, claim, paper_value, tolerance,
                                 reproduced, verdict(ok), self.profile))

    def not_run(self, claim: str, paper_value: str, reason: str) -> None:
        """Record that ``claim`` was not checked because what it is about was not run
        (``reason``, one sentence naming the config key)."""
        self.claims.append(Claim(self.paper, self.artifact, claim, paper_value, "", reason, "not run",
                                 self.profile))

    def frame(self) -> pd.DataFrame:
        return claims_frame(self.claims)


def fmt_series(x, rate, lo, hi) -> str:
    """'x: rate [lo, hi]; ...' for a curve."""
    return "; ".join(f"{xi:g}: {fmt_rate(r, l, h)}" for xi, r, l, h in zip(x, rate, lo, hi))


def no_significant_fall(lo, hi) -> bool:
    """Rates ordered by increasing x never fall significantly from one x to the next."""
    lo, hi = np.asarray(lo), np.asarray(hi)
    return not bool(np.any(lo[:-1] > hi[1:]))


def overlaps(lo: float, hi: float, low: float, high: float) -> bool:
    """The interval [lo, hi] meets the target band [low, high]."""
    return bool(lo <= high and hi >= low)

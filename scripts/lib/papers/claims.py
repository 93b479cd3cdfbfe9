"""What a paper claims, as data: one :class:`Claim` per statement the pipeline checks.

A claim names the paper's statement (our words, the paper's value and where it is said), the
criterion it is judged by and the check itself: a function of the artifact's :class:`Evidence`
(the tables the artifact writes, and the run's parameters) that returns an :class:`Outcome`.
Each paper's claims live in its own module (``lib.papers.<paper>``) in one :class:`Paper`; a
rule script only computes and writes, then asks the paper for its artifact's claims table.

Verdicts
--------
``pass`` / ``fail``
    the criterion holds / does not hold.
``unstable``
    the verdict depends on Monte Carlo noise that one run cannot resolve: the reproduced value's
    range over independent draws (folds, seeds) straddles the criterion; the reproduced column
    gives that range.
``unverifiable``
    the paper's input cannot be recovered (e.g. a matrix printed garbled), so no value we compute
    can confirm or refute the printed one; the reproduced column says why and gives the range.
``not run``
    what the claim is about was not run by this configuration (the reason names the config key).

Text fields are :meth:`str.format` templates: ``{name}`` is filled from the evidence's params
and from the outcome's ``fill`` (e.g. the lowest proportion labeled of the configured grid).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

VERDICTS = ("pass", "fail", "unstable", "unverifiable", "not run")
#: The columns of every ``<artifact>.claims.csv`` and of the scorecard.
COLUMNS = [
    "id",
    "paper",
    "artifact",
    "claim",
    "location",
    "paper_value",
    "criterion",
    "reproduced",
    "verdict",
    "profile",
]


@dataclass(frozen=True)
class Evidence:
    """What an artifact's claims are judged on: its tables by name and the run's parameters."""

    tables: Mapping[str, pd.DataFrame] = field(default_factory=dict)
    params: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, name: str) -> pd.DataFrame:
        return self.tables[name]


@dataclass(frozen=True)
class Outcome:
    """A check's result: the reproduced value as text, the verdict, and template values."""

    reproduced: str
    verdict: str
    fill: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self):
        if self.verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {', '.join(VERDICTS)}, got {self.verdict!r}")


def judged(ok, reproduced: str, **fill) -> Outcome:
    """``pass`` when ``ok`` is true, else ``fail``."""
    return Outcome(reproduced, "pass" if bool(ok) else "fail", fill)


def not_run(reason: str, **fill) -> Outcome:
    """The claim's subject was not run; ``reason`` is one sentence naming the config key."""
    return Outcome(reason, "not run", fill)


def unverifiable(reproduced: str, **fill) -> Outcome:
    """The paper's input cannot be recovered; ``reproduced`` says why and gives the range."""
    return Outcome(reproduced, "unverifiable", fill)


def by_range(values, ok: Callable[[float], bool], reproduced: str, **fill) -> Outcome:
    """``pass`` when every value of a range satisfies ``ok``, ``fail`` when none does, else
    ``unstable`` (the range straddles the criterion: noise decides a single run)."""
    results = [bool(ok(v)) for v in values]
    verdict = "pass" if all(results) else "fail" if not any(results) else "unstable"
    return Outcome(reproduced, verdict, fill)


Check = Callable[[Evidence], "Outcome | None"]


@dataclass(frozen=True)
class Claim:
    """One statement of a paper and how the pipeline checks it.

    Attributes
    ----------
    paper, artifact : str
        The paper key and the artifact whose tables the check reads.
    key : str
        Unique within the artifact; ``<paper>/<artifact>/<key>`` is the claim's stable id.
    text : str
        The statement, in our words (template).
    value : str
        What the paper reports: a number, a quotation or a reading of its figure (template).
    location : str
        Where the paper says it (section, table or figure); "" when ``value`` says it.
    criterion : str
        How the reproduced value is judged (template).
    check : callable
        ``check(evidence) -> Outcome``, or ``None`` when the configuration leaves the claim's
        subject out entirely (a data set not configured): then the claim has no row.
    """

    paper: str
    artifact: str
    key: str
    text: str
    value: str
    location: str
    criterion: str
    check: Check

    @property
    def id(self) -> str:
        return f"{self.paper}/{self.artifact}/{self.key}"

    def row(self, evidence: Evidence, profile: str) -> dict | None:
        outcome = self.check(evidence)
        if outcome is None:
            return None
        values = {**evidence.params, **outcome.fill}
        return {
            "id": self.id,
            "paper": self.paper,
            "artifact": self.artifact,
            "claim": self.text.format_map(values),
            "location": self.location,
            "paper_value": self.value.format_map(values),
            "criterion": self.criterion.format_map(values),
            "reproduced": outcome.reproduced,
            "verdict": outcome.verdict,
            "profile": profile,
        }


class Paper:
    """Every claim of one paper, in the order they were declared."""

    def __init__(self, key: str, title: str):
        self.key, self.title = key, title
        self.claims: dict[str, Claim] = {}

    def add(
        self, artifact: str, key: str, text: str, check: Check, *, value: str, criterion: str, location: str = ""
    ) -> Claim:
        claim = Claim(self.key, artifact, key, text, value, location, criterion, check)
        if claim.id in self.claims:
            raise ValueError(f"claim {claim.id} declared twice")
        self.claims[claim.id] = claim
        return claim

    def claim(self, artifact: str, key: str, text: str, *, value: str, criterion: str, location: str = ""):
        """Decorator form of :meth:`add`: the decorated function is the check."""

        def register(check: Check) -> Check:
            self.add(artifact, key, text, check, value=value, criterion=criterion, location=location)
            return check

        return register

    def artifacts(self) -> list[str]:
        return list(dict.fromkeys(c.artifact for c in self.claims.values()))

    def of(self, artifact: str) -> list[Claim]:
        found = [c for c in self.claims.values() if c.artifact == artifact]
        if not found:
            raise KeyError(f"{self.key} has no claims about {artifact!r}")
        return found

    def evaluate(self, artifact: str, evidence: Evidence, profile: str) -> pd.DataFrame:
        """The artifact's claims table (:data:`COLUMNS`), one row per claim that applies."""
        rows = [row for claim in self.of(artifact) if (row := claim.row(evidence, profile)) is not None]
        return pd.DataFrame(rows, columns=COLUMNS)

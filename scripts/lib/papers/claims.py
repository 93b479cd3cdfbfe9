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
    the paper's input cannot be recovered (e.g. a matrix printed garbled), or the evidence at the
    run's scale could not have decided the criterion either way (an interval wider than the band it
    is judged against, or too few cells decided): then ``why`` gives the width and the scale that
    would decide it.
``not run``
    what the claim is about was not run by this configuration (the reason names the config key).

Why
---
Every verdict but ``pass`` says why (column ``why``): a ``fail`` is ``paper: <one line of evidence>``
when the claim declares its ``paper_side`` (the paper's published parameters contradict its figure,
its data are not public, its value was read off a single draw), else ``ours``; ``unstable`` gives
the range that straddles the criterion; ``unverifiable`` says what is missing; ``not run`` names the
config key.

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
    "why",
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
    why: str = ""

    def __post_init__(self):
        if self.verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {', '.join(VERDICTS)}, got {self.verdict!r}")


def judged(ok, reproduced: str, **fill) -> Outcome:
    """``pass`` when ``ok`` is true, else ``fail``."""
    return Outcome(reproduced, "pass" if bool(ok) else "fail", fill)


def decided(judgement: tuple, reproduced: str, **fill) -> Outcome:
    """The outcome of a ``(verdict, why, ...)`` judgement of :mod:`lib.papers.criteria` (one that
    says ``unverifiable`` when the run's evidence could not have decided it)."""
    verdict, why = judgement[0], judgement[1]
    return Outcome(reproduced, verdict, fill, why=why)


def not_run(reason: str, **fill) -> Outcome:
    """The claim's subject was not run; ``reason`` is one sentence naming the config key."""
    return Outcome(reason, "not run", fill, why=reason)


def unverifiable(reproduced: str, why: str = "", **fill) -> Outcome:
    """The paper's input cannot be recovered, or the run's evidence could not have decided the
    criterion; ``why`` says what is missing (default: ``reproduced``, which then says it)."""
    return Outcome(reproduced, "unverifiable", fill, why=why or reproduced)


def by_range(values, ok: Callable[[float], bool], reproduced: str, **fill) -> Outcome:
    """``pass`` when every value of a range satisfies ``ok``, ``fail`` when none does, else
    ``unstable`` (the range straddles the criterion: noise decides a single run)."""
    values = list(values)
    results = [bool(ok(v)) for v in values]
    verdict = "pass" if all(results) else "fail" if not any(results) else "unstable"
    why = f"its range {min(values):.4g}..{max(values):.4g} straddles the criterion" if verdict == "unstable" else ""
    return Outcome(reproduced, verdict, fill, why=why)


def why_of(verdict: str, outcome_why: str, paper_side: str) -> str:
    """The ``why`` column of a verdict (module docstring): empty for pass; for a fail the paper's
    side when the claim declares it, else ``ours``."""
    if verdict == "pass":
        return ""
    if verdict == "fail":
        return f"paper: {paper_side}" if paper_side else "ours"
    return outcome_why or "(no reason given)"


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
    paper_side : str
        Why a ``fail`` of this claim is the paper's side, in one line of evidence (its parameters
        contradict its figure, its data are not public, its value was read off one draw); "" when
        a fail would be ours.
    """

    paper: str
    artifact: str
    key: str
    text: str
    value: str
    location: str
    criterion: str
    check: Check
    paper_side: str = ""

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
            "why": why_of(outcome.verdict, outcome.why, self.paper_side.format_map(values)),
            "profile": profile,
        }


class Paper:
    """Every claim of one paper, in the order they were declared."""

    def __init__(self, key: str, title: str):
        self.key, self.title = key, title
        self.claims: dict[str, Claim] = {}

    def add(
        self,
        artifact: str,
        key: str,
        text: str,
        check: Check,
        *,
        value: str,
        criterion: str,
        location: str = "",
        paper_side: str = "",
    ) -> Claim:
        claim = Claim(self.key, artifact, key, text, value, location, criterion, check, paper_side)
        if claim.id in self.claims:
            raise ValueError(f"claim {claim.id} declared twice")
        self.claims[claim.id] = claim
        return claim

    def claim(self, artifact: str, key: str, text: str, **declared):
        """Decorator form of :meth:`add` (same keywords): the decorated function is the check."""

        def register(check: Check) -> Check:
            self.add(artifact, key, text, check, **declared)
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

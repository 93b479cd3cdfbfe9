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
``fitted``
    the claim chose the default of a reading (:attr:`lib.core.readings.Reading.fitted_on`) and the
    run uses that default: it is evidence for the reading, so it cannot also test the
    reproduction. Shown with its value, never counted as a pass; ``why`` names the reading and
    what the check gives under it.
``unstable``
    the verdict depends on Monte Carlo noise that one run cannot resolve: the reproduced value's
    range over independent draws (folds, seeds) straddles the criterion; the reproduced column
    gives that range.
``unverifiable``
    the evidence at the run's scale could not have decided the criterion either way (an interval
    wider than the band it is judged against, or too few cells decided): ``why`` gives the width
    and the scale that would decide it. A claim about data that are not public (declared with
    ``data_not_public``) is always ``unverifiable`` with ``why`` "data not public: ...": its check
    runs on a public stand-in, whose verdict is stated but verifies nothing about the paper's data.
``not run``
    what the claim is about was not run by this configuration (the reason names the config key).

Lean
----
Every ``fitted``, ``unstable`` and ``unverifiable`` row says which way its estimate points (column
``lean``): ``pass`` when the point estimate (a rate, a mean difference, the stand-in's verdict, the
majority of a range) satisfies the criterion, ``fail`` when it does not, ``""`` when nothing points
either way. A lean is not a verdict: it tells a reader whether a bigger run would more likely
confirm or refute the paper.

Why
---
Every verdict but ``pass`` says why (column ``why``): a ``fail`` is ``paper: <one line of evidence>``
when the claim declares its ``paper_side`` (the paper contradicts itself or its own data: its
published parameters cannot give its figure, its value was read off a single draw), else ``ours``;
``fitted`` names the reading; ``unstable`` gives the range that straddles the criterion;
``unverifiable`` says what is missing; ``not run`` names the config key.

Text fields are :meth:`str.format` templates: ``{name}`` is filled from the evidence's params
and from the outcome's ``fill`` (e.g. the lowest proportion labeled of the configured grid).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from . import catalog

VERDICTS = ("pass", "fail", "fitted", "unstable", "unverifiable", "not run")
#: The verdict classes a tally counts (:func:`verdict_class`): a fail split by whose side it is,
#: unverifiable split by whether the paper's data are public.
CLASSES = ("pass", "fail (paper)", "fail (ours)", "fitted", "unstable", "unverifiable", "data not public", "not run")
LEANS = ("pass", "fail", "")
#: How the ``why`` of a claim about data that are not public starts.
NOT_PUBLIC = "data not public: "
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
    "lean",
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
    """A check's result: the reproduced value as text, the verdict, template values, why (for any
    verdict but pass) and which way an undecided estimate leans (module docstring)."""

    reproduced: str
    verdict: str
    fill: Mapping[str, Any] = field(default_factory=dict)
    why: str = ""
    lean: str = ""

    def __post_init__(self):
        if self.verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {', '.join(VERDICTS)}, got {self.verdict!r}")
        if self.lean not in LEANS:
            raise ValueError(f"lean must be one of {LEANS}, got {self.lean!r}")


def judged(ok, reproduced: str, **fill) -> Outcome:
    """``pass`` when ``ok`` is true, else ``fail``."""
    return Outcome(reproduced, "pass" if bool(ok) else "fail", fill)


def decided(judgement: tuple, reproduced: str, **fill) -> Outcome:
    """The outcome of a ``(verdict, why, ...)`` judgement of :mod:`lib.papers.criteria` (one that
    says ``unverifiable`` when the run's evidence could not have decided it, and carries its lean)."""
    verdict, why = judgement[0], judgement[1]
    return Outcome(reproduced, verdict, fill, why=why, lean=getattr(judgement, "lean", ""))


def not_run(reason: str, **fill) -> Outcome:
    """The claim's subject was not run; ``reason`` is one sentence naming the config key."""
    return Outcome(reason, "not run", fill, why=reason)


def unverifiable(reproduced: str, why: str = "", lean: str = "", **fill) -> Outcome:
    """The paper's input cannot be recovered, or the run's evidence could not have decided the
    criterion; ``why`` says what is missing (default: ``reproduced``, which then says it); ``lean``
    which way the estimate points, where it points either way."""
    return Outcome(reproduced, "unverifiable", fill, why=why or reproduced, lean=lean)


def lean_of(results) -> str:
    """The lean of several pass/fail results of one criterion: the majority's verdict, ``""`` on a tie."""
    results = [bool(r) for r in results]
    passes, fails = sum(results), len(results) - sum(results)
    return "pass" if passes > fails else "fail" if fails > passes else ""


def by_range(values, ok: Callable[[float], bool], reproduced: str, **fill) -> Outcome:
    """``pass`` when every value of a range satisfies ``ok``, ``fail`` when none does, else
    ``unstable`` (the range straddles the criterion: noise decides a single run), leaning to the
    verdict of most of the range's values."""
    values = list(values)
    results = [bool(ok(v)) for v in values]
    verdict = "pass" if all(results) else "fail" if not any(results) else "unstable"
    if verdict != "unstable":
        return Outcome(reproduced, verdict, fill)
    why = f"its range {min(values):.4g}..{max(values):.4g} straddles the criterion"
    return Outcome(reproduced, verdict, fill, why=why, lean=lean_of(results))


def why_of(verdict: str, outcome_why: str, paper_side: str) -> str:
    """The ``why`` column of a verdict (module docstring): empty for pass; for a fail the paper's
    side when the claim declares it, else ``ours``."""
    if verdict == "pass":
        return ""
    if verdict == "fail":
        return f"paper: {paper_side}" if paper_side else "ours"
    return outcome_why or "(no reason given)"


def verdict_class(verdict: str, why: str) -> str:
    """The tally class (:data:`CLASSES`) of a verdict with its ``why``."""
    why = why if isinstance(why, str) else ""
    if verdict == "fail":
        return "fail (paper)" if why.startswith("paper") else "fail (ours)"
    if verdict == "unverifiable" and why.startswith(NOT_PUBLIC):
        return "data not public"
    return verdict


def _judged_apart(outcome: Outcome, verdict: str, why: str) -> Outcome:
    """``outcome`` shown under ``verdict`` (``fitted``, or ``unverifiable`` for a stand-in's data):
    ``why`` then what the check gives, and its lean (the check's verdict, or its own lean when it is
    undecided)."""
    lean = outcome.verdict if outcome.verdict in ("pass", "fail") else outcome.lean
    gives = outcome.verdict + (f" ({outcome.why})" if outcome.why else "")
    return Outcome(outcome.reproduced, verdict, outcome.fill, why=f"{why} {gives}", lean=lean)


def _stand_in(outcome: Outcome, data_not_public: str) -> Outcome:
    """A check run on a public stand-in for data that are not public: ``unverifiable``."""
    return _judged_apart(outcome, "unverifiable", f"{NOT_PUBLIC}{data_not_public}; the stand-in gives")


def _fitted(outcome: Outcome, reading: str) -> Outcome:
    """A check whose claim chose the reading it runs under (``reading``: ``name=value``)."""
    return _judged_apart(outcome, "fitted", f"fitted: chose the default {reading}; under it the check gives")


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
        Why a ``fail`` of this claim is the paper's side, in one line of evidence (the paper
        contradicts itself or its own data: its published parameters cannot give its figure, its
        value was read off one draw); "" when a fail would be ours.
    data_not_public : str
        Which of the paper's data are not public and what the check runs on instead (one line);
        "" when the check runs on the paper's own data. When set, every verdict is ``unverifiable``
        (module docstring).
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
    data_not_public: str = ""

    @property
    def id(self) -> str:
        return f"{self.paper}/{self.artifact}/{self.key}"

    def row(self, evidence: Evidence, profile: str, fitted_by: str = "") -> dict | None:
        """The claim's scorecard row (:data:`COLUMNS`); ``fitted_by`` (``name=value``) names the
        reading this claim chose when the run uses that reading's default."""
        outcome = self.check(evidence)
        if outcome is None:
            return None
        values = {**evidence.params, **outcome.fill}
        if self.data_not_public and outcome.verdict != "not run":
            outcome = _stand_in(outcome, self.data_not_public.format_map(values))
        elif fitted_by and outcome.verdict != "not run":
            outcome = _fitted(outcome, fitted_by)
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
            "lean": outcome.lean if outcome.verdict in ("fitted", "unstable", "unverifiable") else "",
            "why": why_of(outcome.verdict, outcome.why, self.paper_side.format_map(values)),
            "profile": profile,
        }


class Paper:
    """Every claim of one paper, in the order they were declared."""

    def __init__(self, key: str, title: str | None = None):
        """``title`` defaults to the paper's row in :mod:`lib.papers.catalog`."""
        self.key = key
        self.title = title if title is not None else catalog.row(key).title
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
        data_not_public: str = "",
    ) -> Claim:
        claim = Claim(self.key, artifact, key, text, value, location, criterion, check, paper_side, data_not_public)
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

    def evaluate(
        self, artifact: str, evidence: Evidence, profile: str, fitted: Mapping[str, str] | None = None
    ) -> pd.DataFrame:
        """The artifact's claims table (:data:`COLUMNS`), one row per claim that applies; ``fitted``
        maps the id of each claim that chose the run's reading to that reading (``name=value``,
        :func:`lib.core.readings.fitted`)."""
        fitted = fitted or {}
        rows = [
            row
            for claim in self.of(artifact)
            if (row := claim.row(evidence, profile, fitted.get(claim.id, ""))) is not None
        ]
        return pd.DataFrame(rows, columns=COLUMNS)

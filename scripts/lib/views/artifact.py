"""One artifact, one declaration.

An :class:`Artifact` is a figure or table of a paper (``results/<paper>/<name>.*``). Its declaration
says everything the workflow and a reader need:

* ``reads``: the study tables it reads, as the study rule's named output (:class:`Reads`); the
  workflow chains the rules by ``rules.<rule>.output.<output>``;
* ``settings(config)``: the config values it uses (the rule's params, so changing one reruns it);
* ``about(settings)``: its caption's text from the config alone: what it shows, at which scale,
  its deviations and readings -- shown in the report, and first in the figure's caption;
* ``build(tables, settings)``: every number it plots or prints (:class:`Built`: the table written
  as CSV, the figure, the caption's sentences that need the numbers, the claims' evidence).

Its claims are the paper's (``lib.papers.<paper>.PAPER``, judged on ``Built.evidence``). The one
rule script ``scripts/artifact.py`` builds any artifact by :func:`write`; the workflow makes one rule
per declaration (``workflow/rules/artifacts.smk``).

A declaration may also be a *family*: one artifact per value of the wildcards in its name
(``"imbalance_{dataset}"``: one per data set the config names), built by one rule whose settings
depend on the wildcards. The ``yours`` target's artifacts (``lib.views.yours``: the papers' tests on
a user's data) are such families, with no claims.
"""

from __future__ import annotations

import importlib
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ..core import readings
from ..core import tables as table_io
from ..papers.claims import Evidence
from ..reporting import plotting

KINDS = ("pdf", "png", "csv", "md")


@dataclass(frozen=True)
class Reads:
    """A study table an artifact reads: the named ``output`` of the study rule ``rule``, expanded
    over ``wildcards(config)`` when the rule has wildcards (then the artifact gets a list of
    tables): a dict of wildcard values (every combination, as Snakemake's ``expand``), or a list of
    such dicts, expanded in turn (jobs that are no product, e.g. randomisations cut into chunks per
    data set)."""

    rule: str
    output: str
    wildcards: Callable[[Mapping], dict] | None = None


@dataclass(frozen=True)
class DataFiles:
    """The raw files of the data sets ``names(config)`` (the workflow's data rules): an artifact that
    loads data sets itself (through :mod:`lib.data.datasets`) depends on them without reading a table."""

    names: Callable[[Mapping], list]


@dataclass
class Built:
    """What an artifact shows: ``table`` (its CSV), ``figure`` (matplotlib; None for a table),
    ``markdown`` (its Markdown body, for tables), ``details`` (caption sentences that need the
    numbers, after the config's), ``evidence`` (what its claims judge; None without claims),
    ``caption_layout`` (keywords of :func:`lib.reporting.plotting.add_caption` for a figure that
    sets its own margins or a wider caption)."""

    table: pd.DataFrame
    evidence: Evidence | None = None
    figure: Any = None
    markdown: str | None = None
    details: str = ""
    caption_layout: dict = field(default_factory=dict)


def numbers_only(settings: dict) -> str:
    """The ``about`` of an artifact whose whole caption needs its numbers (the sizes, levels and
    trials actually run): no text from the config alone, the caption is ``Built.details``."""
    return ""


@dataclass(frozen=True)
class Artifact:
    paper: str
    name: str
    study: str
    title: str
    reads: dict[str, Reads | DataFiles]
    settings: Callable[[Mapping], dict]
    about: Callable[[dict], str]
    build: Callable[[dict, dict], Built]
    kinds: tuple[str, ...] = ("pdf", "png", "csv")
    #: whether its paper's claims (``lib.papers.<paper>.PAPER``) judge it and it writes ``.claims.csv``;
    #: False for the ``yours`` artifacts (a user's data: no paper's claim)
    claims: bool = True
    #: a family's wildcards, each with its pattern (Snakemake's wildcard constraints): exactly the
    #: fields of ``name``. Then ``settings`` is called as ``settings(config, wildcards)``.
    wildcards: Mapping[str, str] = field(default_factory=dict)
    #: the members a config asks for, each as its wildcards' values (``[{"dataset": "rare"}]``);
    #: default: the one artifact, always
    members: Callable[[Mapping], list[dict]] | None = None
    #: how the rule is named; default ``<study>_<paper>_<name>``, the names the workflow has always used
    rule: str = ""

    def __post_init__(self):
        if not self.rule:
            object.__setattr__(self, "rule", f"{self.study}_{self.paper}_{self.name}")
        unknown = set(self.kinds) - set(KINDS)
        if unknown:
            raise ValueError(f"artifact {self.id}: unknown kinds {sorted(unknown)}; use {', '.join(KINDS)}")
        named = sorted({f for _, f, _, _ in string.Formatter().parse(self.name) if f is not None})
        if named != sorted(self.wildcards):
            raise ValueError(
                f"artifact {self.id}: its name's wildcards {named} are not the declared {sorted(self.wildcards)}"
            )

    @property
    def id(self) -> str:
        return f"{self.paper}/{self.name}"

    def configure(self, config: Mapping, wildcards: Mapping[str, str] | None = None) -> dict:
        """The settings of a run (of a family's member ``wildcards``): the scale profile, the readings
        behind the artifact, the claims that chose a reading it runs under (``fitted``, when any:
        :func:`lib.core.readings.fitted`), and its own."""
        own = self.settings(config, dict(wildcards or {})) if self.wildcards else self.settings(config)
        settings = {"profile": config["profile"], "readings": readings.describe(self.id, config), **own}
        fitted = readings.fitted(self.id, config)
        # only where a claim chose a reading: every other artifact's params, and so its job, stay as they were
        return {**settings, "fitted": fitted} if fitted else settings

    def outputs(self) -> dict[str, str]:
        """Every file the artifact writes (a family's as patterns): its kinds, and its claims."""
        files = {kind: f"results/{self.paper}/{self.name}.{kind}" for kind in self.kinds}
        return {**files, "claims": f"results/{self.paper}/{self.name}.claims.csv"} if self.claims else files

    def files(self, config: Mapping) -> list[str]:
        """The files of its kinds of every member ``config`` asks for (a target's inputs)."""
        members = [{}] if self.members is None else self.members(config)
        return [self.outputs()[kind].format(**member) for member in members for kind in self.kinds]

    def paper_claims(self):
        """The claims of its paper, imported by name (a job imports only its own paper's module)."""
        return importlib.import_module(f"{__package__.rsplit('.', 1)[0]}.papers.{self.paper}").PAPER

    def caption(self, settings: dict, built: Built) -> str:
        """The figure's caption: the config's text, then the sentences that need the numbers."""
        return " ".join(t for t in (self.about(settings), built.details) if t)


class Views:
    """The artifacts of one paper (or of the ``yours`` target), in declaration order (a view module's
    ``VIEWS``)."""

    def __init__(self, paper: str):
        self.paper = paper
        self.artifacts: dict[str, Artifact] = {}

    def add(self, artifact: Artifact) -> Artifact:
        if artifact.paper != self.paper:
            raise ValueError(f"artifact {artifact.id} added to the views of {self.paper}")
        if artifact.name in self.artifacts:
            raise ValueError(f"artifact {artifact.id} declared twice")
        self.artifacts[artifact.name] = artifact
        return artifact


def module_of(paper: str):
    """The view module of ``paper`` (``lib.views.<paper>``), imported on demand so that a job imports
    only its own paper's views."""
    return importlib.import_module(f"{__package__}.{paper}")


def find(artifact_id: str) -> Artifact:
    paper, _, name = artifact_id.partition("/")
    return module_of(paper).VIEWS.artifacts[name]


def read(path) -> pd.DataFrame:
    return pd.read_csv(path)


def read_inputs(artifact: Artifact, inputs: Mapping[str, Any]) -> dict:
    """The artifact's study tables from the rule's input files: a table per named input, a list of
    tables for an input expanded over wildcards."""
    out = {}
    for key, spec in artifact.reads.items():
        if isinstance(spec, DataFiles):
            continue
        files = inputs[key]
        out[key] = [read(f) for f in files] if spec.wildcards is not None else read(files)
    return out


def write(artifact_id: str, inputs: Mapping[str, Any], settings: dict, outputs: Mapping[str, str]) -> Built:
    """Build the artifact ``artifact_id`` (:func:`find`) and write it (:func:`write_artifact`)."""
    return write_artifact(find(artifact_id), inputs, settings, outputs)


def write_artifact(artifact: Artifact, inputs: Mapping[str, Any], settings: dict, outputs: Mapping[str, str]) -> Built:
    """Build ``artifact`` from its input files and write every output: the table (CSV), the
    Markdown (its body, or the caption for a figure), the figure with its caption under it (PDF and
    PNG), the claims judged on its evidence."""
    built = artifact.build(read_inputs(artifact, inputs), settings)
    caption = artifact.caption(settings, built)
    if "csv" in outputs:
        table_io.write_csv(built.table, outputs["csv"])
    if "md" in outputs:
        table_io.write_text(built.markdown if built.markdown is not None else caption, outputs["md"])
    if "pdf" in outputs or "png" in outputs:
        plotting.add_caption(built.figure, caption, **built.caption_layout)
        plotting.save(built.figure, outputs["pdf"], outputs["png"])
    if artifact.claims:
        claims = artifact.paper_claims().evaluate(
            artifact.name, built.evidence, settings["profile"], fitted=settings.get("fitted")
        )
        table_io.write_csv(claims, outputs["claims"])
    return built

"""One artifact, one declaration.

An :class:`Artifact` is a figure or table of a paper (``results/<paper>/<name>.*``). Its declaration
says everything the workflow and a reader need:

* ``reads``: the study tables it reads, as the study rule's named output (:class:`Reads`); the
  workflow chains the rules by ``rules.<rule>.output.<output>``;
* ``settings(config)``: the config values it uses (the rule's params, so changing one reruns it);
* ``about(settings)``: its caption's text from the config alone: what it shows, at which scale,
  its deviations (in CAPITALS) and readings -- shown in the report, and first in the figure's full
  caption (its ``.md``; the figure prints at most four lines of it, :meth:`Artifact.printed_caption`);
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

import functools
import importlib
import itertools
import pkgutil
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from ..core import jobs, readings
from ..core import tables as table_io
from ..papers import catalog
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
    #: the rows of the table it reads (column -> values kept; None: all), e.g. the Type I rows of a
    #: study's summary. Rows outside them are dropped as the table is read, and so neither the jobs
    #: that write only such rows nor the config keys that act only on them (:attr:`lib.core.jobs.Job.scoped`)
    #: are among what the artifact depends on (:meth:`Artifact.keys_read`).
    rows: Mapping[str, tuple] | None = None


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


def readings_sentence(settings: dict) -> str:
    """Every caption's last sentence: the readings behind the artifact with the values it was
    computed under (``settings["readings"]``, :func:`lib.core.readings.describe`); "" when none.
    Appended to every caption, so that no artifact's reading can drop out of it."""
    text = settings.get("readings")
    return f"Readings: {text}." if text else ""


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
    #: a figure (pdf, png) also writes its full caption as Markdown (md): the one printed under it
    #: may be its brief (:meth:`printed_caption`), which points there
    kinds: tuple[str, ...] = ("pdf", "png", "csv", "md")
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
        if {"pdf", "png"} & set(self.kinds) and "md" not in self.kinds:
            raise ValueError(f"artifact {self.id}: a figure writes its full caption to .md; add 'md' to its kinds")
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
        behind the artifact (:meth:`readings`), the claims that chose a reading it runs under
        (``fitted``, when any: :func:`lib.core.readings.fitted`), and its own."""
        own = self.settings(config, dict(wildcards or {})) if self.wildcards else self.settings(config)
        keys = self.keys_read(config, wildcards)
        settings = {"profile": config["profile"], "readings": readings.describe(keys, config), **own}
        fitted = readings.fitted(self.id, keys, config)
        # only where a claim chose a reading: every other artifact's params, and so its job, stay as they were
        return {**settings, "fitted": fitted} if fitted else settings

    def keys_read(self, config: Mapping, wildcards: Mapping[str, str] | None = None) -> set[str]:
        """Every config key the artifact depends on: those its own settings read, and those of the
        study jobs it reads (:attr:`reads`, with the jobs upstream of them: :func:`lib.core.jobs.keys_read`)."""
        recorded, seen = jobs.recording(config)
        own = self.settings(recorded, dict(wildcards or {})) if self.wildcards else self.settings(recorded)
        jobs.plain(own)
        for spec in self.reads.values():
            if isinstance(spec, DataFiles):
                spec.names(recorded)
                continue
            for values in expand_reads(spec, config, wildcards):
                seen |= _rule_keys(spec.rule, config, values, spec.rows)
        return seen

    def readings(self, config: Mapping, wildcards: Mapping[str, str] | None = None) -> list[readings.Reading]:
        """The readings behind the artifact: those whose config keys it depends on (:meth:`keys_read`)."""
        return [reading for reading, _ in readings.behind(self.keys_read(config, wildcards))]

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
        """What the artifact shows, in words: the config's text, then the sentences that need the numbers."""
        return " ".join(t for t in (self.about(settings), built.details) if t)

    def written_caption(self, settings: dict, built: Built) -> str:
        """The caption as written under the figure and in its Markdown: :meth:`caption`, then the
        readings it was computed under (:func:`readings_sentence`)."""
        return " ".join(t for t in (self.caption(settings, built), readings_sentence(settings)) if t)

    def printed_caption(self, settings: dict, built: Built, markdown_file: str) -> str:
        """The caption printed under the figure: the written one (:meth:`written_caption`) when it
        fits in :data:`lib.reporting.plotting.PRINTED_LINES` lines at the figure's width, else its
        brief (:func:`lib.reporting.plotting.brief_caption`: the scale, each deviation, the
        readings), pointing to the full caption in ``markdown_file`` (the artifact's ``.md``)."""
        return plotting.brief_caption(
            self.written_caption(settings, built),
            profile=settings["profile"],
            pointer=f"Full caption: results/{self.paper}/{markdown_file}",
            width=plotting.caption_width(built.figure, built.caption_layout.get("width")),
        )

    def summary(self, settings: dict) -> str:
        """The caption's text from the config alone (the report's): its about and its readings."""
        return " ".join(t for t in (self.about(settings), readings_sentence(settings)) if t)


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


def expand_reads(spec: Reads, config: Mapping, own: Mapping[str, str] | None = None) -> list[dict]:
    """The wildcards of every job of ``spec.rule`` an artifact reads: ``spec.wildcards(config)``
    expanded as Snakemake's ``expand`` does (a dict of values: every combination; a list of dicts:
    each), as strings; ``[{}]`` for a rule without wildcards, ``[own]`` for a family member that
    reads its own job (``own``, its wildcards)."""
    if spec.wildcards is None:
        return [dict(own or {})]
    found = spec.wildcards(config)
    out = []
    for combo in [found] if isinstance(found, Mapping) else found:
        names = list(combo)
        values = [v if isinstance(v, (list, tuple)) else [v] for v in combo.values()]
        out += [{**(own or {}), **dict(zip(names, map(str, c), strict=True))} for c in itertools.product(*values)]
    return out


@functools.cache
def study_jobs() -> dict[str, jobs.Job]:
    """Every study rule's job identity (``lib.studies.<study>.JOBS``), by rule."""
    package = importlib.import_module(f"{__package__.rsplit('.', 1)[0]}.studies")
    found = {}
    for info in pkgutil.iter_modules(package.__path__):
        found |= getattr(importlib.import_module(f"{package.__name__}.{info.name}"), "JOBS", {})
    return found


def _rule_keys(rule: str, config: Mapping, wildcards: dict, rows: Mapping | None = None) -> set[str]:
    """The config keys the job ``rule`` (a study's, or another artifact's) depends on, for a reader
    of ``rows`` of its table."""
    if rule in study_jobs():
        return jobs.keys_read(study_jobs(), rule, config, wildcards, rows)
    producer = artifact_of_rule(rule)
    # a rule nothing declares depends on nothing we know of (a test's toy study);
    # tests/views/test_artifact_readings.py keeps every rule the registry's artifacts read declared
    return producer.keys_read(config, wildcards or None) if producer else set()


def artifact_of_rule(rule: str) -> Artifact | None:
    """The artifact (of any paper, or of the `yours` target) whose rule is ``rule``; None if none."""
    for paper in (*catalog.KEYS, "yours"):
        for artifact in module_of(paper).VIEWS.artifacts.values():
            if artifact.rule == rule:
                return artifact
    return None


def read(path, rows: Mapping[str, tuple] | None = None) -> pd.DataFrame:
    """A study table; with ``rows`` (:attr:`Reads.rows`), only those of its rows (a column the
    table lacks selects nothing out)."""
    table = pd.read_csv(path)
    for column, values in (rows or {}).items():
        if column in table.columns:
            table = table[table[column].astype(str).isin([str(v) for v in values])].reset_index(drop=True)
    return table


def read_inputs(artifact: Artifact, inputs: Mapping[str, Any]) -> dict:
    """The artifact's study tables from the rule's input files: a table per named input, a list of
    tables for an input expanded over wildcards."""
    out = {}
    for key, spec in artifact.reads.items():
        if isinstance(spec, DataFiles):
            continue
        files = inputs[key]
        out[key] = [read(f, spec.rows) for f in files] if spec.wildcards is not None else read(files, spec.rows)
    return out


def write(artifact_id: str, inputs: Mapping[str, Any], settings: dict, outputs: Mapping[str, str]) -> Built:
    """Build the artifact ``artifact_id`` (:func:`find`) and write it (:func:`write_artifact`)."""
    return write_artifact(find(artifact_id), inputs, settings, outputs)


def markdown(built: Built, caption: str, settings: dict) -> str:
    """The artifact's Markdown: a table's body ending with the readings it was computed under
    (:func:`readings_sentence`), or a figure's full caption (which ends with them), after the body
    of a figure that has one."""
    if built.markdown is None:
        return caption
    sentence = readings_sentence(settings)
    if built.figure is not None and caption.removesuffix(sentence).strip() not in built.markdown:
        # a figure's own table (Raeder Sec. 4) without its caption: the caption follows, since the
        # one printed on the figure may be a brief pointing here
        return f"{built.markdown.rstrip()}\n\n{caption}\n"
    return f"{built.markdown.rstrip()}\n\n{sentence}\n" if sentence else built.markdown


def write_artifact(artifact: Artifact, inputs: Mapping[str, Any], settings: dict, outputs: Mapping[str, str]) -> Built:
    """Build ``artifact`` from its input files and write every output: the table (CSV), the
    Markdown (its body, or the full caption for a figure), the figure with its printed caption
    under it (PDF and PNG; :meth:`Artifact.printed_caption`), the claims judged on its evidence."""
    built = artifact.build(read_inputs(artifact, inputs), settings)
    caption = artifact.written_caption(settings, built)
    if "csv" in outputs:
        table_io.write_csv(built.table, outputs["csv"])
    if "md" in outputs:
        table_io.write_text(markdown(built, caption, settings), outputs["md"])
    if "pdf" in outputs or "png" in outputs:
        # the Markdown beside the figure: what a brief printed on it points to
        printed = artifact.printed_caption(settings, built, Path(outputs["png"]).with_suffix(".md").name)
        lines = plotting.caption_lines(built.figure, printed, built.caption_layout.get("width"))
        if len(lines) > plotting.PRINTED_LINES:
            # brief_caption's promise, checked where every figure passes: the view tests build them all
            raise ValueError(f"artifact {artifact.id}: its printed caption runs to {len(lines)} lines")
        plotting.add_caption(built.figure, printed, **built.caption_layout)
        plotting.save(built.figure, outputs["pdf"], outputs["png"])
    if artifact.claims:
        claims = artifact.paper_claims().evaluate(
            artifact.name, built.evidence, settings["profile"], fitted=settings.get("fitted")
        )
        table_io.write_csv(claims, outputs["claims"])
    return built

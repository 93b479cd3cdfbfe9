"""The papers this pipeline reproduces: one row each, the only list of them.

A paper's key names its claims module (``lib.papers.<key>``), its views module
(``lib.views.<key>``), its results folder (``results/<key>/``) and the prefix of its claims' ids.
Everything that goes over the papers reads this table: the registries of claims and artifacts, the
report's categories, the tools and the tests. Adding a paper is its two modules and one row here.

This module imports nothing from the lib, so the workflow, the tools and every layer may read it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PaperRow:
    """One paper: ``key`` (its modules' and folder's name), ``title`` (authors, year and title, as the
    scorecard heads its section), ``citation`` (where it was published) and ``category`` (its
    section of the HTML report, as a reader knows the paper)."""

    key: str
    title: str
    citation: str
    category: str


PAPERS: tuple[PaperRow, ...] = (
    PaperRow(
        "neville2009",
        "Neville, Gallagher & Eliassi-Rad 2009, Evaluating Statistical Tests for "
        "Within-Network Classifiers of Relational Data (ICDM)",
        "Proceedings of the Ninth IEEE International Conference on Data Mining (ICDM 2009), IEEE",
        "Neville et al. 2009 (ICDM)",
    ),
    PaperRow(
        "wang2011",
        "Wang, Neville, Gallagher & Eliassi-Rad 2011, Correcting Bias in Statistical Tests for "
        "Network Classifier Evaluation (ECML PKDD)",
        "Machine Learning and Knowledge Discovery in Databases (ECML PKDD 2011), Springer",
        "Wang et al. 2011 (ECML PKDD)",
    ),
    PaperRow(
        "ojala2009",
        "Ojala & Garriga 2009, Permutation Tests for Studying Classifier Performance (ICDM)",
        "Proceedings of the Ninth IEEE International Conference on Data Mining (ICDM 2009), IEEE",
        "Ojala & Garriga 2009 (ICDM)",
    ),
    PaperRow(
        "raeder2012",
        "Raeder, Forman & Chawla 2012, Learning from Imbalanced Data: Evaluation Matters",
        "Data Mining: Foundations and Intelligent Paradigms, Volume 1, Chapter 12, Springer",
        "Raeder et al. 2012",
    ),
)

#: The papers' keys, in the table's order (the order of `rule all`, the report and the scorecard).
KEYS: tuple[str, ...] = tuple(row.key for row in PAPERS)


def row(key: str) -> PaperRow:
    """The row of paper ``key``; KeyError names the known keys."""
    for paper in PAPERS:
        if paper.key == key:
            return paper
    raise KeyError(f"no paper {key!r} in lib.papers.catalog (known: {', '.join(KEYS)})")

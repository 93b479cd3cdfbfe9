"""Neville, Gallagher & Eliassi-Rad (2009), "Evaluating Statistical Tests for Within-Network
Classifiers of Relational Data": every artifact, declared once (:mod:`lib.views.artifact`). The
claims are in :mod:`lib.papers.neville2009`."""

from __future__ import annotations

from .artifact import Views

VIEWS = Views("neville2009")

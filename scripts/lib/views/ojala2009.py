"""Ojala & Garriga (2009), "Permutation Tests for Studying Classifier Performance": every
artifact, declared once (:mod:`lib.views.artifact`). The claims are in :mod:`lib.papers.ojala2009`."""

from __future__ import annotations

from .artifact import Views

VIEWS = Views("ojala2009")

"""Wang, Neville, Gallagher & Eliassi-Rad (2011), "Correcting Bias in Statistical Tests for Network
Classifier Evaluation": every artifact, declared once (:mod:`lib.views.artifact`). The claims are
in :mod:`lib.papers.wang2011`."""

from __future__ import annotations

from .artifact import Views

VIEWS = Views("wang2011")

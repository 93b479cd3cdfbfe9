"""Raeder, Forman & Chawla 2012, Learning from Imbalanced Data: Evaluation Matters: every claim the pipeline checks."""
from __future__ import annotations

from .claims import Paper

PAPER = Paper("raeder2012", "Raeder, Forman & Chawla 2012, Learning from Imbalanced Data: Evaluation Matters")
claim = PAPER.claim

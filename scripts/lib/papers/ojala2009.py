"""Ojala & Garriga 2009, Permutation Tests for Studying Classifier Performance (ICDM): every claim the pipeline checks."""
from __future__ import annotations

from .claims import Paper

PAPER = Paper("ojala2009", "Ojala & Garriga 2009, Permutation Tests for Studying Classifier Performance (ICDM)")
claim = PAPER.claim

"""Wang, Neville, Gallagher & Eliassi-Rad 2011, Correcting Bias in Statistical Tests for Network Classifier Evaluation (ECML PKDD): every claim the pipeline checks."""
from __future__ import annotations

from .claims import Paper

PAPER = Paper("wang2011", "Wang, Neville, Gallagher & Eliassi-Rad 2011, Correcting Bias in Statistical Tests for Network Classifier Evaluation (ECML PKDD)")
claim = PAPER.claim

"""The four papers' claims in one place, for the scorecard and the readings atlas. (Rule
scripts import their own paper's module only, so that editing one paper's claims reruns only
that paper's artifacts.)"""

from __future__ import annotations

from . import neville2009, ojala2009, raeder2012, wang2011
from .claims import Claim, Paper

PAPERS: dict[str, Paper] = {p.key: p for p in (neville2009.PAPER, wang2011.PAPER, ojala2009.PAPER, raeder2012.PAPER)}
#: Every claim by id (``<paper>/<artifact>/<key>``).
CLAIMS: dict[str, Claim] = {cid: c for p in PAPERS.values() for cid, c in p.claims.items()}

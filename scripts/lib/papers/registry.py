"""Every paper's claims in one place, for the scorecard and the readings atlas: the claims module of
each paper in :mod:`lib.papers.catalog`, imported by name. (Rule scripts import their own paper's
module only, so that editing one paper's claims reruns only that paper's artifacts; the workflow
declares every paper's module as an input of a script that imports this one: lib.infra.imports.)"""

from __future__ import annotations

import importlib

from . import catalog
from .claims import Claim, Paper

PAPERS: dict[str, Paper] = {key: importlib.import_module(f"{__package__}.{key}").PAPER for key in catalog.KEYS}
#: Every claim by id (``<paper>/<artifact>/<key>``).
CLAIMS: dict[str, Claim] = {cid: c for p in PAPERS.values() for cid, c in p.claims.items()}

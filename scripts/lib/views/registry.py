"""Every declared artifact, for the workflow (one rule each) and the report. A paper's artifacts
are declared in its view module ``lib.views.<paper>`` (``VIEWS``); its claims in ``lib.papers.<paper>``.
The ``yours`` target's (a user's data, no claims) in ``lib.views.yours``."""

from __future__ import annotations

from . import neville2009, ojala2009, raeder2012, wang2011, yours
from .artifact import Artifact

#: Every paper's artifact by id (``<paper>/<name>``), in declaration order: `rule all`, the scorecard.
ARTIFACTS: dict[str, Artifact] = {
    a.id: a for module in (neville2009, wang2011, ojala2009, raeder2012) for a in module.VIEWS.artifacts.values()
}

#: The ``yours`` target's artifacts by id (``yours/<name>``; families over the config's data sets and
#: networks): `rule yours` only.
YOURS: dict[str, Artifact] = {a.id: a for a in yours.VIEWS.artifacts.values()}

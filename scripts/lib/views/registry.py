"""Every paper's artifacts, for the workflow (one rule each) and the report. A paper's artifacts
are declared in its view module ``lib.views.<paper>`` (``VIEWS``); its claims in ``lib.papers.<paper>``."""

from __future__ import annotations

from . import neville2009, ojala2009, raeder2012, wang2011
from .artifact import Artifact

#: Every declared artifact by id (``<paper>/<name>``), in declaration order.
ARTIFACTS: dict[str, Artifact] = {
    a.id: a for module in (neville2009, wang2011, ojala2009, raeder2012) for a in module.VIEWS.artifacts.values()
}

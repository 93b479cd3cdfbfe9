"""Every declared artifact, for the workflow (one rule each) and the report. A paper's artifacts
are declared in its view module ``lib.views.<paper>`` (``VIEWS``), imported here by name for every
paper of :mod:`lib.papers.catalog`; its claims in ``lib.papers.<paper>``. The ``yours`` target's (a
user's data, no claims) in ``lib.views.yours``."""

from __future__ import annotations

from ..core import readings
from ..papers import catalog
from . import yours
from .artifact import Artifact, module_of

#: Every paper's artifact by id (``<paper>/<name>``), in declaration order: `rule all`, the scorecard.
ARTIFACTS: dict[str, Artifact] = {a.id: a for key in catalog.KEYS for a in module_of(key).VIEWS.artifacts.values()}

#: The ``yours`` target's artifacts by id (``yours/<name>``; families over the config's data sets and
#: networks): `rule yours` only.
YOURS: dict[str, Artifact] = {a.id: a for a in yours.VIEWS.artifacts.values()}


def readings_touched(config) -> dict[str, dict[str, list[str]]]:
    """Every reading some paper's artifact depends on: reading name -> {artifact id: the reading's
    config keys among those the artifact depends on (:meth:`Artifact.keys_read`)}, in registry and
    declaration order."""
    touched: dict[str, dict[str, list[str]]] = {}
    for artifact_id, artifact in ARTIFACTS.items():
        for reading, keys in readings.behind(artifact.keys_read(config)):
            touched.setdefault(reading.name, {})[artifact_id] = keys
    return {name: touched[name] for name in readings.REGISTRY if name in touched}

"""Rule script of every artifact: builds the one its rule names from the study tables, and writes
its table, figure, caption and claims (lib.views.artifact; the declarations are in lib.views)."""

from lib.core import runlog
from lib.views import artifact

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], sm.params.artifact.replace("/", "_")):
    artifact.write(sm.params.artifact, dict(sm.input.items()), sm.params.settings, dict(sm.output.items()))

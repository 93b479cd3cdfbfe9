"""One rule per artifact declared in lib.views (lib.views.artifact): its inputs are the study rules'
named outputs (`rules.<rule>.output.<name>`, expanded over the declared wildcards), its params the
settings it declares, its outputs results/<paper>/<name>.<kind> and .claims.csv, its script the one
generic scripts/artifact.py. Included after the study rules whose outputs the artifacts read."""

from lib.views import registry as VIEW_REGISTRY

# Every artifact's files and its claims: `rule all`, the scorecard, the readings and the archive
# build them all (Snakefile, report.smk, readings.smk).
ARTIFACTS = []
CLAIMS = []

# The rules' input, output and param functions (view_inputs, view_outputs, view_about) are in
# common.smk, apart from the rules, as Snakemake's style asks.
for _art in VIEW_REGISTRY.ARTIFACTS.values():
    _files = _art.outputs()
    ARTIFACTS.extend(_files[kind] for kind in _art.kinds)
    CLAIMS.append(_files["claims"])

    rule:
        name:
            _art.rule
        input:
            **view_inputs(_art),
        output:
            **view_outputs(_art),
        log:
            f"logs/{_art.paper}/{_art.name}.log",
        benchmark:
            f"benchmarks/{_art.paper}/{_art.name}.tsv"
        conda:
            CONDA_ENV
        params:
            artifact=_art.id,
            title=_art.title,
            settings=_art.configure(config),
            about=view_about(_art),
        script:
            "../../scripts/artifact.py"

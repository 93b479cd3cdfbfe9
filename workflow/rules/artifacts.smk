"""One rule per artifact declared in lib.views (lib.views.artifact), the papers' and the `yours`
target's: its inputs are the study rules' named outputs (`rules.<rule>.output.<name>`, expanded over
the declared wildcards), its params the settings it declares, its outputs results/<paper>/<name>.<kind>
(and a paper's .claims.csv; a family's with its wildcards), its script the one generic
scripts/artifact.py. Included after the study rules whose outputs the artifacts read (yours.smk's too)."""

from lib.views import registry as VIEW_REGISTRY

# Every paper artifact's files and its claims: `rule all`, the scorecard, the readings and the
# archive build them all (Snakefile, report.smk, readings.smk).
ARTIFACTS = [f for _art in VIEW_REGISTRY.ARTIFACTS.values() for f in _art.files(config)]
CLAIMS = [_art.outputs()["claims"] for _art in VIEW_REGISTRY.ARTIFACTS.values()]
# Every results/yours/ file the config's `yours` section asks for (`rule yours`; none without one)
YOURS_ARTIFACTS = [f for _art in VIEW_REGISTRY.YOURS.values() for f in _art.files(config)]

# The rules' input, output and param functions (view_inputs, view_outputs, view_params) are in
# common.smk, apart from the rules, as Snakemake's style asks.
for _art in (*VIEW_REGISTRY.ARTIFACTS.values(), *VIEW_REGISTRY.YOURS.values()):

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
        wildcard_constraints:
            **_art.wildcards,
        conda:
            CONDA_ENV
        params:
            **view_params(_art),
        script:
            "../../scripts/artifact.py"

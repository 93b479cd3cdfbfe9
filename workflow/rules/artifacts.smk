"""One rule per artifact declared in lib.views (lib.views.artifact): its inputs are the study rules'
named outputs (`rules.<rule>.output.<name>`, expanded over the declared wildcards), its params the
settings it declares, its outputs results/<paper>/<name>.<kind> and .claims.csv, its script the one
generic scripts/artifact.py. Included after the study rules whose outputs the artifacts read."""

from lib.views import artifact as VIEW
from lib.views import registry as VIEW_REGISTRY


def view_inputs(art):
    """The rule's input files: each declared study table (a list when expanded over wildcards), the
    raw files of declared data sets, and the lib files of the script and the paper's views."""
    files = {}
    for key, spec in art.reads.items():
        if isinstance(spec, VIEW.DataFiles):
            files[key] = [f for name in spec.names(config) for f in dataset_files(name)]
            continue
        pattern = getattr(getattr(rules, spec.rule).output, spec.output)
        if spec.wildcards is None:
            files[key] = pattern
            continue
        jobs = spec.wildcards(config)
        files[key] = [f for job in ([jobs] if isinstance(jobs, dict) else jobs) for f in expand(pattern, **job)]
    view = LIB / "views" / f"{art.paper}.py"
    lib = lib_inputs("scripts/artifact.py") + [str(view)] + IMPORTS.lib_inputs(view, LIB)
    return {**files, "lib": sorted(set(lib))}


def view_outputs(art):
    """The rule's outputs, the report's files marked with the artifact's generated caption."""
    outputs = {}
    for kind, path in art.outputs().items():
        labels = {"artifact": art.name, "file": REPORT_KINDS.get(kind)}
        shown = dict(caption="../report/artifact.rst", category=PAPERS[art.paper], subcategory=art.name, labels=labels)
        outputs[kind] = report(path, **shown) if kind in REPORT_KINDS else path
    return outputs


for _art in VIEW_REGISTRY.ARTIFACTS.values():
    register_artifact(_art.paper, _art.name, kinds=_art.kinds)

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
            about=_art.about(_art.configure(config)),
        script:
            "../../scripts/artifact.py"

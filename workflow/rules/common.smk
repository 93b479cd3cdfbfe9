"""Helpers of every rules file: lib inputs, job seeds and the report categories; then the input,
output and parameter functions of the artifacts' and the studies' rules."""

from snakemake.exceptions import WorkflowError

from lib.core import readings as READINGS  # importable: the Snakefile put scripts/ on sys.path
from lib.core import seeding
from lib.infra import imports as IMPORTS
from lib.papers import catalog as CATALOG
from lib.views import artifact as VIEW

# This workflow's code (WORKFLOW_DIR, Snakefile) as the rules name it: relative to the working
# directory when it lies inside it (run in its own folder, inputs read "scripts/lib/..." as they
# always did), else absolute (a module of a workflow in another folder).
CODE = (
    WORKFLOW_DIR.relative_to(Path.cwd().resolve())
    if WORKFLOW_DIR.is_relative_to(Path.cwd().resolve())
    else WORKFLOW_DIR
)
LIB = CODE / "scripts" / "lib"
CONDA_ENV = "../../envs/environment.yaml"
REPORT_HTML = "results/report.html"  # made by `snakemake --report` (make report), never by a rule


def lib_inputs(script):
    """The lib source files a rule's ``script`` uses -- everything it imports from lib, transitively,
    with the package ``__init__`` files -- declared as inputs so that editing one of them reruns
    exactly the rules that use it (Snakemake tracks a script's own code, not its imports). The
    list is read from the code itself (lib/infra/imports.py), so it cannot go stale. ``script`` is
    a path inside this workflow ("scripts/<name>.py"), wherever the working directory is."""
    return IMPORTS.lib_inputs(CODE / script, LIB)


def job_params(job):
    """A study rule's params from its job identity (:class:`lib.core.jobs.Job`, declared in
    ``lib.studies.<study>.JOBS``): one function per param, as Snakemake asks, the whole identity
    evaluated once per job."""
    evaluated = {}

    def values(wildcards):
        key = tuple(sorted(wildcards.items()))
        if key not in evaluated:
            evaluated[key] = job.evaluate(config, dict(wildcards.items()))
        return evaluated[key]

    return {name: (lambda wildcards, name=name: values(wildcards)[name]) for name in job.names}


def upstream_files(job, rule, output):
    """An input function: the files ``output`` of the jobs of ``rule`` that ``job`` reads
    (:attr:`lib.core.jobs.Job.upstream`), in the order the study lists them."""

    def files(wildcards):
        pattern = getattr(getattr(rules, rule).output, output)
        return [pattern.format(**w) for name, w in job.upstream(config, dict(wildcards.items())) if name == rule]

    return files


# --- report (snakemake --report; an artifact's caption: workflow/report/artifact.rst) ----------
# Report categories: one per paper, named as a reader knows the paper.
REPORT_CATEGORY = {row.key: row.category for row in CATALOG.PAPERS}
REPORT_KINDS = {"png": "figure", "csv": "numbers", "md": "table"}


# ---- input, output and param functions of the artifacts' rules (workflow/rules/artifacts.smk)
def view_inputs(art):
    """The rule's input files: each declared study table (a list when expanded over wildcards; a
    family's own wildcards are left for Snakemake to fill), the raw files of declared data sets, and
    the lib files of the script and the paper's views."""
    files = {}
    for key, spec in art.reads.items():
        if isinstance(spec, VIEW.DataFiles):
            files[key] = [f for name in spec.names(config) for f in dataset_files(name)]
            continue
        pattern = getattr(getattr(rules, spec.rule).output, spec.output)
        if spec.wildcards is None:
            files[key] = pattern
            continue
        jobs = spec.wildcards(config)  # one dict of values, or a list of the jobs' wildcards
        files[key] = [
            f
            for job in ([jobs] if isinstance(jobs, dict) else jobs)
            for f in expand(pattern, **job, allow_missing=bool(art.wildcards))
        ]
    view = LIB / "views" / f"{art.paper}.py"
    lib = lib_inputs("scripts/artifact.py") + [str(view)] + IMPORTS.lib_inputs(view, LIB)
    # the paper's claims module is imported by name when the claims are judged (Artifact.paper_claims),
    # which no import statement shows: without it, editing a claim would not rerun its artifact
    claims = LIB / "papers" / f"{art.paper}.py"
    if art.claims:
        lib += [str(claims)] + IMPORTS.lib_inputs(claims, LIB)
    return {**files, "lib": sorted(set(lib))}


def view_outputs(art):
    """The rule's outputs, a paper's files in the report marked with the artifact's generated
    caption (the `yours` artifacts, on a user's data, are not in the report)."""
    outputs = {}
    for kind, path in art.outputs().items():
        if art.paper not in REPORT_CATEGORY or kind not in REPORT_KINDS:
            outputs[kind] = path
            continue
        # a figure's Markdown is its full caption (the one printed on it may be a brief)
        shown_as = "caption" if kind == "md" and "png" in art.kinds else REPORT_KINDS[kind]
        labels = {"artifact": art.name, "file": shown_as}
        shown = dict(
            caption="../report/artifact.rst", category=REPORT_CATEGORY[art.paper], subcategory=art.name, labels=labels
        )
        outputs[kind] = report(path, **shown)
    return outputs


def view_params(art):
    """The rule's params: the artifact's id and title, its settings (a family's: its member's, from
    the wildcards) and the report caption's text (its about). Text as functions: Snakemake would
    read the braces of a string param ("imbalance_{dataset}", "P(err) in {0.1,...,0.4}") as wildcards."""
    if art.wildcards:
        settings = lambda wildcards: art.configure(config, dict(wildcards.items()))
        about = lambda wildcards: art.summary(settings(wildcards))
    else:
        fixed = art.configure(config)
        text = art.summary(fixed)
        settings, about = fixed, lambda wildcards: text
    return dict(artifact=lambda wildcards: art.id, title=lambda wildcards: art.title, settings=settings, about=about)


# ---- input and parameter functions of the studies' rules (kept here, apart from the rules, as
# ---- Snakemake's style asks; each reads the config directly)
def rn_set_inputs(wildcards):
    """A network set's raw inputs: the dataset's verified files (stand-in) or the user's two CSVs."""
    spec = config["realnet"]["sets"][wildcards.netset]
    if "dataset" in spec:
        return dataset_files(spec["dataset"])
    return [spec["nodes"], spec["edges"]]


def yours_targets(wildcards):
    """Every results/yours/ artifact (YOURS_ARTIFACTS, workflow/rules/artifacts.smk); without a `yours`
    section, a one-sentence error."""
    if not config.get("yours"):
        raise WorkflowError(
            "the config has no `yours` section: add your data sets, networks and classifiers "
            "(docs/yours.md; e.g. --configfile config/config.yaml config/yours.example.yaml)"
        )
    return YOURS_ARTIFACTS


def built_report(wildcards):
    """The HTML report is made by `snakemake --report`, never by a rule: require it to exist."""
    if not Path(REPORT_HTML).is_file():
        raise WorkflowError(
            f"{REPORT_HTML} is missing; build it first with `make report` "
            f"(snakemake --report {REPORT_HTML}), then rerun `snakemake archive`."
        )
    return REPORT_HTML

"""Cross-cutting helpers of every rules file: lib inputs, job seeds, the artifact registry and the
report categories. Study-specific helpers live at the top of the study's own rules file."""
from lib.core import readings as READINGS  # importable: the Snakefile put scripts/ on sys.path
from lib.core import seeding
from lib.infra import imports as IMPORTS

LIB = Path("scripts") / "lib"  # relative to the working directory, like every other path
CONDA_ENV = "../../envs/environment.yaml"

# Every artifact registers its files here; `rule all` and the scorecard build them all.
ARTIFACTS = []
CLAIMS = []


def lib_inputs(script):
    """The lib source files a rule's ``script`` uses -- everything it imports from lib, transitively,
    with the package ``__init__`` files -- declared as inputs so that editing one of them reruns
    exactly the rules that use it (Snakemake tracks a script's own code, not its imports). The
    list is read from the code itself (lib/infra/imports.py), so it cannot go stale."""
    return IMPORTS.lib_inputs(script, LIB)


def job_entropy(study, params, chunk):
    """Seed entropy for one job: (config seed, hash of study + params, chunk index)."""
    return seeding.job_entropy(config["seed"], study, params, int(chunk))


def register_artifact(paper, artifact, kinds=("pdf", "png", "csv")):
    files = [f"results/{paper}/{artifact}.{kind}" for kind in kinds]
    ARTIFACTS.extend(files)
    CLAIMS.append(f"results/{paper}/{artifact}.claims.csv")
    return files


# --- report (snakemake --report; captions in workflow/report/) ----------------------------------
# Report categories: one per paper, named as a reader knows the paper.
PAPERS = {
    "neville2009": "Neville et al. 2009 (ICDM)",
    "wang2011": "Wang et al. 2011 (ECML PKDD)",
    "ojala2009": "Ojala & Garriga 2009 (ICDM)",
    "raeder2012": "Raeder et al. 2012",
}
REPORT_KINDS = {"png": "figure", "csv": "numbers", "md": "table"}


def report_output(path):
    """Mark an artifact file `results/<paper>/<artifact>.<png|csv|md>` for `snakemake --report`:
    category = the paper, subcategory = the artifact, caption = workflow/report/<paper>/<artifact>.rst
    (paper panel, scale profile, deviations). Use it on a rule's output, e.g.
    `png=report_output(f"results/{paper}/{artifact}.png")`. The caption path is relative to the
    rules file that calls it, so the rule must live in workflow/rules/ (every study rule does)."""
    parts = Path(path).parts
    if len(parts) != 3 or parts[0] != "results" or parts[1] not in PAPERS:
        raise ValueError(f"report_output: {path!r} is not results/<paper>/<artifact>.<kind>")
    artifact, _, kind = parts[2].partition(".")
    if kind not in REPORT_KINDS:
        raise ValueError(f"report_output: {path!r} must end in one of {', '.join(REPORT_KINDS)}")
    return report(
        path,
        caption=f"../report/{parts[1]}/{artifact}.rst",
        category=PAPERS[parts[1]],
        subcategory=artifact,
        labels={"artifact": artifact, "file": REPORT_KINDS[kind]},
    )

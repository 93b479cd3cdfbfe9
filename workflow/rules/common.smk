"""Helpers shared by every rules file (lib inputs, job seeds, artifact registry, study settings)."""
import copy
import re

sys.path.insert(0, str(Path(workflow.basedir) / "scripts"))
from lib import seeding  # noqa: E402

LIB = Path("scripts") / "lib"  # relative to the working directory, like every other path
CONDA_ENV = "../../envs/environment.yaml"

# Every artifact registers its files here; `rule all` and the scorecard build them all.
ARTIFACTS = []
CLAIMS = []


def _lib_imports(name):
    """lib modules that ``name`` imports (``from . import a, b as c`` / ``from .a import x``)."""
    text = (LIB / f"{name}.py").read_text()
    found = set(re.findall(r"^\s*from \.(\w+) import", text, re.M))
    for group in re.findall(r"^\s*from \. import ([\w ,]+)", text, re.M):
        found.update(part.split(" as ")[0].strip() for part in group.split(","))
    return found


def lib_modules(*names):
    """The lib source files a rule uses -- the named modules and everything they import from
    lib, transitively -- declared as inputs so that editing one of them reruns exactly the
    rules that use it (Snakemake tracks a script's own code, not its imports)."""
    todo, seen = list(names), set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(_lib_imports(name) - seen)
    return [str(LIB / "__init__.py"), str(LIB / "runlog.py")] + [str(LIB / f"{n}.py") for n in sorted(seen)]


def job_entropy(study, params, chunk):
    """Seed entropy for one job: (config seed, hash of study + params, chunk index)."""
    return seeding.job_entropy(config["seed"], study, params, int(chunk))


def register_artifact(paper, artifact, kinds=("pdf", "png", "csv")):
    files = [f"results/{paper}/{artifact}.{kind}" for kind in kinds]
    ARTIFACTS.extend(files)
    CLAIMS.append(f"results/{paper}/{artifact}.claims.csv")
    return files


# --- simulated-classifier study (workflow/rules/simulated.smk) ---------------------------------
SIMULATED = config["simulated"]
SIM_STUDY = {k: SIMULATED[k] for k in ("instances", "groups", "alpha")}


def sim_scenario(name):
    """The scenario's parameters that determine its draws (chunk count excluded: adding chunks
    must not change the chunks already computed)."""
    scenario = copy.deepcopy(SIMULATED["scenarios"][name])
    scenario.pop("chunks")
    return scenario


def sim_chunks(wildcards):
    n = SIMULATED["scenarios"][wildcards.scenario]["chunks"]
    return expand("results/studies/simulated/{scenario}/chunk{chunk}.csv",
                  scenario=wildcards.scenario, chunk=range(n))


# --- real-network study (workflow/rules/realnet.smk) --------------------------------------------
def rn_set_spec(name):
    """What determines a network set: the public dataset, task and partition, or the user's files."""
    spec = dict(config["realnet"]["sets"][name])
    if "dataset" in spec:
        spec["partition"] = config["realnet"]["partition"]
    return spec


def rn_set_inputs(wildcards):
    """A network set's raw inputs: the dataset's verified files (stand-in) or the user's two CSVs."""
    spec = config["realnet"]["sets"][wildcards.netset]
    if "dataset" in spec:
        return dataset_files(spec["dataset"])
    return [spec["nodes"], spec["edges"]]


def rn_chunk_setting(purpose):
    """Everything that determines a real-network chunk's draws."""
    study = config["realnet"]
    return {"purpose": purpose, "samplers": study["samplers"],
            "prop_labeled": list(study["prop_labeled"]) if purpose == "type1" else [study["power_prop_labeled"]],
            "trials": study["trials_per_network"], "alpha": study["alpha"],
            "strength": study["handicap_strength"], "selection": study["handicap_selection"],
            **({"handicaps": list(study["power_handicaps"])} if purpose == "power" else {})}


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


# --- reproduction archive (report.smk) ---------------------------------------------------------
from snakemake.exceptions import WorkflowError  # noqa: E402

REPORT_HTML = "results/report.html"


def built_report(wildcards):
    """The HTML report is made by `snakemake --report`, never by a rule: require it to exist."""
    if not Path(REPORT_HTML).is_file():
        raise WorkflowError(f"{REPORT_HTML} is missing; build it first with `make report` "
                            f"(snakemake --report {REPORT_HTML}), then rerun `snakemake archive`.")
    return REPORT_HTML

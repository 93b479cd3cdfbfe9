"""Helpers shared by every rules file (lib inputs, job seeds, artifact registry, study settings)."""
import copy

sys.path.insert(0, str(Path(workflow.basedir) / "scripts"))
from lib import seeding  # noqa: E402

LIB = Path("scripts") / "lib"  # relative to the working directory, like every other path
CONDA_ENV = "../../envs/environment.yaml"

# Every artifact registers its files here; `rule all` and the scorecard build them all.
ARTIFACTS = []
CLAIMS = []


def lib_modules(*names):
    """The lib source files a rule uses, declared as inputs so that editing one of them reruns
    exactly the rules that import it (Snakemake tracks a script's own code, not its imports)."""
    return [str(LIB / "__init__.py"), str(LIB / "runlog.py")] + [str(LIB / f"{n}.py") for n in names]


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

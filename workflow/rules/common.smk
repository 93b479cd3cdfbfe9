"""Cross-cutting helpers of every rules file: lib inputs, job seeds, the artifact registry and the
report categories. Study-specific helpers live at the top of the study's own rules file."""
import ast

from lib.core import readings as READINGS  # importable: the Snakefile put scripts/ on sys.path
from lib.core import seeding

LIB = Path("scripts") / "lib"  # relative to the working directory, like every other path
CONDA_ENV = "../../envs/environment.yaml"

# Every artifact registers its files here; `rule all` and the scorecard build them all.
ARTIFACTS = []
CLAIMS = []


def _lib_files_imported_by(path):
    """lib source files that the Python file ``path`` imports directly (absolute ``from lib.x
    import y`` / ``import lib.x``, and inside lib relative ``from . import`` / ``from ..x import``):
    for each import, the module file, or the package's ``__init__.py`` plus the named modules."""
    path = Path(path)
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level:  # relative: only inside lib
                base = path.parent
                for _ in range(node.level - 1):
                    base = base.parent
                parts = base.relative_to(LIB).parts + tuple((node.module or "").split(".") if node.module else ())
            elif node.module and (node.module == "lib" or node.module.startswith("lib.")):
                parts = tuple(node.module.split(".")[1:])
            else:
                continue
            target = LIB.joinpath(*parts)
            if target.with_suffix(".py").is_file():
                found.add(target.with_suffix(".py"))
            else:
                found.add(target / "__init__.py")
                found.update(target / f"{alias.name}.py" for alias in node.names
                             if (target / f"{alias.name}.py").is_file())
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("lib."):
                    found.add(LIB.joinpath(*alias.name.split(".")[1:]).with_suffix(".py"))
    return found


def lib_inputs(script):
    """The lib source files a rule's ``script`` uses -- everything it imports from lib, transitively,
    with the package ``__init__`` files -- declared as inputs so that editing one of them reruns
    exactly the rules that use it (Snakemake tracks a script's own code, not its imports). The
    list is read from the code itself, so it cannot go stale."""
    todo, seen = [Path(script)], set()
    while todo:
        path = todo.pop()
        for found in _lib_files_imported_by(path):
            if found not in seen:
                seen.add(found)
                todo.append(found)
    seen.update(f.parent / "__init__.py" for f in list(seen))
    seen.add(LIB / "__init__.py")
    return sorted(str(f) for f in seen)


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

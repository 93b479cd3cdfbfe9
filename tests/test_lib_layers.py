"""The lib's architecture: this project's package, layered, imports pointing down only, no
Snakemake, no expensive import its users do not need (docs/architecture.md)."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import lib
from lib.infra import imports

ROOT = Path(__file__).resolve().parents[1]
LIB = ROOT / "scripts" / "lib"
# Lowest first. A module may import from its own layer and the layers before it in this list;
# reporting and infra sit on top, side by side (neither imports the other).
LAYERS = ("core", "data", "models", "evaluation", "studies", "papers", "reporting", "views", "infra")
SIDE_BY_SIDE = {("reporting", "infra"), ("infra", "reporting"), ("views", "infra"), ("infra", "views")}


def lib_imports(path: Path):
    """(layer, module) of every lib module that ``path`` imports, absolute or relative (module
    None for a package's ``__init__``), from the walker the workflow uses for its lib inputs."""
    for found in imports.lib_files_imported_by(path, LIB):
        *package, file = found.relative_to(LIB).parts
        yield (package[0] if package else None), (None if file == "__init__.py" else Path(file).stem)


def modules():
    return sorted(p for p in LIB.rglob("*.py") if "__pycache__" not in p.parts)


def test_lib_is_this_projects_package():
    # An installed module named `lib` would shadow ours; make sure it does not.
    assert Path(lib.__file__).resolve().parent == LIB


def test_every_module_lives_in_a_layer():
    loose = [p.name for p in LIB.glob("*.py") if p.name != "__init__.py"]
    assert not loose, f"modules outside the layers: {loose}"
    assert {p.name for p in LIB.iterdir() if p.is_dir() and p.name != "__pycache__"} == set(LAYERS)


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(LIB)))
def test_imports_point_down(path):
    layer = path.relative_to(LIB).parts[0]
    if layer == "__init__.py":
        return
    for target, module in lib_imports(path):
        assert target in LAYERS, f"{path.relative_to(LIB)} imports lib.{target}, which is not a layer"
        ok = LAYERS.index(target) <= LAYERS.index(layer) and (layer, target) not in SIDE_BY_SIDE
        assert ok, f"{path.relative_to(LIB)} ({layer}) imports lib.{target}.{module} from a higher layer"


def test_no_cycles_between_modules():
    graph = {}
    for path in modules():
        if path.name == "__init__.py":
            continue
        name = ".".join(path.relative_to(LIB).with_suffix("").parts)
        graph[name] = {f"{t}.{m}" for t, m in lib_imports(path) if m}
    state = {}

    def visit(node, stack):
        state[node] = "open"
        for nxt in graph.get(node, ()):
            assert state.get(nxt) != "open", "import cycle: " + " -> ".join(stack + [node, nxt])
            if nxt not in state:
                visit(nxt, stack + [node])
        state[node] = "done"

    for node in graph:
        if node not in state:
            visit(node, [])


def test_lib_has_no_snakemake():
    for module in modules():
        text = module.read_text()
        assert "import snakemake" not in text and "from snakemake" not in text, module.name


def test_lib_has_no_scikit_learn():
    # the studies run Weka's classifiers re-implemented (lib.models); scikit-learn serves only the
    # tests and the benchmark tools as a baseline (envs/dev-requirements.in), never a rule
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text())):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            assert not any(n.split(".")[0] == "sklearn" for n in names), f"{path.relative_to(LIB)}:{node.lineno}"


def _files_named(path: Path, node: ast.ImportFrom) -> set[Path]:
    """The lib files a ``from ... import ...`` of lib names: each imported module, else the module
    it imports from."""
    base = path.parent if node.level else LIB.parent
    for _ in range(node.level - 1):
        base = base.parent
    target = base.joinpath(*node.module.split(".")) if node.module else base
    named = {target / f"{alias.name}.py" for alias in node.names if (target / f"{alias.name}.py").is_file()}
    return named or {target.with_suffix(".py")}


def test_lib_imports_inside_functions_are_seen_by_the_workflow():
    # A lib import inside a function defers an expensive module (a numba engine) to the jobs that
    # use it. The workflow must still count it: every rule's lib inputs, and this file's layer and
    # cycle checks, come from lib.infra.imports, which has to find imports at any depth.
    for path in modules():
        tree = ast.parse(path.read_text())
        found = imports.lib_files_imported_by(path, LIB)
        for func in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
            for node in ast.walk(func):
                if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("lib")):
                    named = _files_named(path, node)
                    where = f"{path.relative_to(LIB)}:{node.lineno}"
                    assert all(f.is_file() for f in named), f"{where} imports a lib module that does not exist"
                    assert named <= found, f"{where}: the workflow does not see this import"


# What a module's importers must not pay for (docs/architecture.md, "Imports are a fixed cost"):
# the Snakefile parse (views.registry, infra.configcheck), the scorecard (papers.registry), the
# artifact jobs (views.<paper>) and the data jobs (data.acquisition) use none of these.
NOT_IMPORTED = {
    "lib.views.registry": ("scipy.stats", "networkx", "matplotlib"),
    "lib.infra.configcheck": ("scipy.stats", "networkx", "matplotlib"),
    "lib.papers.registry": ("scipy.stats", "networkx", "numba"),
    "lib.views.raeder2012": ("scipy.stats", "networkx", "numba", "scipy.sparse", "matplotlib"),
    "lib.views.neville2009": ("scipy.stats", "networkx", "numba", "matplotlib"),
    "lib.data.acquisition": ("networkx", "scipy.sparse", "scipy.stats"),
}


@pytest.mark.parametrize("module", NOT_IMPORTED)
def test_an_import_loads_only_what_its_users_need(module):
    code = f"import sys, {module}; print(' '.join(sorted(sys.modules)))"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "scripts", capture_output=True, text=True, check=True)
    loaded = set(run.stdout.split())
    assert module in loaded
    assert not loaded & set(NOT_IMPORTED[module]), f"{module} imports {sorted(loaded & set(NOT_IMPORTED[module]))}"

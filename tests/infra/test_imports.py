"""lib.infra.imports: which lib files a script uses, read from its code, cached on disk by stamp."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from lib.infra import imports


@pytest.fixture
def tree(tmp_path: Path, monkeypatch) -> Path:
    """A small lib (a package with two layers) and a script that uses part of it; fresh caches."""
    lib = tmp_path / "lib"
    for folder in (lib, lib / "core", lib / "models"):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "__init__.py").write_text("")
    (lib / "core" / "tables.py").write_text("import os\n")
    (lib / "core" / "seeding.py").write_text("from . import tables\n")
    (lib / "models" / "tree.py").write_text("from ..core import seeding\nimport numpy\n")
    (lib / "models" / "unused.py").write_text("")
    (lib / "core" / "seeding.yaml").write_text("data: 1\n")  # a module's data file
    (lib / "models" / "unused.yaml").write_text("data: 1\n")  # of a module no one imports
    (tmp_path / "script.py").write_text("from lib.models import tree\nimport lib.core.tables\n")
    monkeypatch.setattr(imports, "_disk", {})
    monkeypatch.setattr(imports, "_dirty", set())
    imports._imports.cache_clear()
    yield tmp_path
    imports._imports.cache_clear()


def test_lib_inputs_follow_imports_transitively_with_package_inits_and_data_files(tree: Path):
    found = imports.lib_inputs(tree / "script.py", tree / "lib")
    names = {str(Path(p).relative_to(tree / "lib")) for p in found}
    assert names == {
        "__init__.py",
        "core/__init__.py",
        "core/tables.py",
        "core/seeding.py",
        "core/seeding.yaml",
        "models/__init__.py",
        "models/tree.py",
    }


def test_an_import_inside_a_function_is_an_input(tree: Path):
    # the lib defers its compiled engines to the functions that fit a model; a rule whose script
    # reaches such a function must still rerun when the engine changes
    lib = tree / "lib"
    (lib / "models" / "tree.py").write_text("def fit():\n    from . import unused\n\n    return unused\n")
    found = imports.lib_inputs(tree / "script.py", lib)
    assert str(lib / "models" / "unused.py") in found and str(lib / "models" / "unused.yaml") in found


def test_the_disk_cache_is_used_and_invalidated_by_an_edit(tree: Path, monkeypatch):
    lib = tree / "lib"
    first = imports.lib_inputs(tree / "script.py", lib)
    cache = json.loads((lib / "__pycache__" / imports.CACHE_NAME).read_text())
    assert str(lib / "models" / "tree.py") in cache
    # a fresh process (empty in-memory caches) answers from disk without parsing
    monkeypatch.setattr(imports, "_disk", {})
    imports._imports.cache_clear()
    parsed = []
    real_parse = imports._parse_imports
    monkeypatch.setattr(imports, "_parse_imports", lambda p, lib_dir: parsed.append(p) or real_parse(p, lib_dir))
    assert imports.lib_inputs(tree / "script.py", lib) == first and parsed == []
    # an edit changes the file's stamp: that file is parsed again, and its new import counts
    tree_py = lib / "models" / "tree.py"
    tree_py.write_text("from ..core import seeding\nfrom . import unused\n")
    os.utime(tree_py, ns=(tree_py.stat().st_atime_ns, tree_py.stat().st_mtime_ns + 1_000_000))
    monkeypatch.setattr(imports, "_disk", {})
    imports._imports.cache_clear()
    again = imports.lib_inputs(tree / "script.py", lib)
    # only the edited file, and the file it now reaches for the first time, are parsed
    assert parsed == [tree_py, lib / "models" / "unused.py"] and str(lib / "models" / "unused.py") in again


def test_an_unwritable_cache_folder_only_costs_time(tree: Path, monkeypatch):
    lib = tree / "lib"
    (lib / "__pycache__").write_text("a file where the folder would be")
    assert imports.lib_inputs(tree / "script.py", lib)  # no error


def test_a_registry_depends_on_every_catalogued_papers_module(tree: Path, monkeypatch):
    """The registries import a module per paper of the catalog by name: a script that imports one
    depends on each paper's module (and what it imports); one that does not, on none."""
    lib = tree / "lib"
    (lib / "papers").mkdir()
    (lib / "papers" / "__init__.py").write_text("")
    (lib / "papers" / "registry.py").write_text("import importlib\n")
    (lib / "papers" / "p2000.py").write_text("from ..core import tables\n")
    (lib / "papers" / "p2001.py").write_text("")
    (lib / "papers" / "other.py").write_text("")
    (tree / "card.py").write_text("from lib.papers import registry\n")
    monkeypatch.setattr(imports.catalog, "KEYS", ("p2000", "p2001"))
    found = {Path(f).relative_to(lib).as_posix() for f in imports.lib_inputs(tree / "card.py", lib)}
    assert {"papers/registry.py", "papers/p2000.py", "papers/p2001.py", "core/tables.py"} <= found
    assert "papers/other.py" not in found
    assert not {"papers/p2000.py", "papers/p2001.py"} & {
        Path(f).relative_to(lib).as_posix() for f in imports.lib_inputs(tree / "script.py", lib)
    }

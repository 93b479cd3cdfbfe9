"""Which lib source files a Python file imports, read from its code with ``ast``.

One walker for two users: the workflow declares each rule's lib files as inputs
(``workflow/rules/common.smk``: editing a lib module reruns exactly the rules that use it), and
the architecture test checks that imports point down the layers (``tests/test_lib_layers.py``).
Parsing is cached per file in the process, because the Snakefile asks for ~100 rules (uncached:
~900 parses, 7 s of a 11 s dry run), and on disk (``lib/__pycache__/lib_imports.json``, keyed by
each file's size and modification time, as Python's own bytecode cache is), because every
Snakemake invocation -- each job of a cluster run among them -- parses the Snakefile again and
``ast.parse`` of the whole lib costs about 1 s.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import tempfile
from pathlib import Path

from ..papers import catalog

CACHE_NAME = "lib_imports.json"
#: The registries, which import a module per paper of :mod:`lib.papers.catalog` by its key.
BY_NAME = ("papers/registry.py", "views/registry.py")
#: the on-disk cache as loaded (per lib folder) and whether this process added to it
_disk: dict[Path, dict] = {}
_dirty: set[Path] = set()


def _disk_cache(lib: Path) -> dict:
    if lib not in _disk:
        try:
            _disk[lib] = json.loads((lib / "__pycache__" / CACHE_NAME).read_text())
        except (OSError, ValueError):  # none yet, or unreadable: start afresh
            _disk[lib] = {}
    return _disk[lib]


def _save(lib: Path) -> None:
    """Write the cache atomically (a concurrent Snakemake may be reading it); a folder that cannot
    be written (a read-only checkout) just goes without."""
    if lib not in _dirty:
        return
    folder = lib / "__pycache__"
    try:
        folder.mkdir(exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "w") as out:
            json.dump(_disk[lib], out, sort_keys=True)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; it is a cache like the .pyc files beside it
        os.replace(tmp, folder / CACHE_NAME)
        _dirty.discard(lib)
    except OSError:
        pass


@functools.cache
def _imports(path: Path, lib: Path) -> frozenset[Path]:
    cache = _disk_cache(lib)
    try:
        stat = path.stat()
        stamp = [stat.st_size, stat.st_mtime_ns]
    except OSError:
        stamp = None
    key = str(path)
    entry = cache.get(key)
    if stamp is not None and entry is not None and entry[0] == stamp:
        return frozenset(Path(p) for p in entry[1])
    found = _parse_imports(path, lib)
    if stamp is not None:
        cache[key] = [stamp, sorted(str(p) for p in found)]
        _dirty.add(lib)
    return found


def _parse_imports(path: Path, lib: Path) -> frozenset[Path]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level:  # relative: only inside lib
                base = path.parent
                for _ in range(node.level - 1):
                    base = base.parent
                parts = base.relative_to(lib).parts + (tuple(node.module.split(".")) if node.module else ())
            elif node.module and node.module.split(".")[0] == "lib":
                parts = tuple(node.module.split(".")[1:])
            else:
                continue
            target = lib.joinpath(*parts)
            if target.with_suffix(".py").is_file():
                found.add(target.with_suffix(".py"))
                continue
            found.add(target / "__init__.py")
            for alias in node.names:  # `from lib.models import c45` / `from lib import core`
                if (target / f"{alias.name}.py").is_file():
                    found.add(target / f"{alias.name}.py")
                elif (target / alias.name).is_dir():
                    found.add(target / alias.name / "__init__.py")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "lib" and len(parts) > 1:
                    target = lib.joinpath(*parts[1:])
                    found.add(
                        target.with_suffix(".py") if target.with_suffix(".py").is_file() else target / "__init__.py"
                    )
    return frozenset(found)


def lib_files_imported_by(path, lib) -> frozenset[Path]:
    """The lib files ``path`` imports directly: absolute (``from lib.x import y``, ``import lib.x``)
    and, inside lib, relative imports; for a package, its ``__init__.py`` plus each named module
    or subpackage. Paths are as ``lib`` is given (relative stays relative); a file that does not
    exist (an import of a missing module) is kept, so a checker can name it."""
    return _imports(Path(path), Path(lib))


def lib_inputs(script, lib) -> list[str]:
    """Every lib file ``script`` uses -- its lib imports, transitively, with the ``__init__.py``
    of every package on the way and the data file ``<module>.yaml`` of a module that has one --
    sorted, as strings."""
    lib = Path(lib)
    todo, seen = [Path(script)], set()
    while todo:
        for found in lib_files_imported_by(todo.pop(), lib):
            if found not in seen and found.is_file():
                seen.add(found)
                todo.append(found)
    for registry in [f for f in seen if f.relative_to(lib).as_posix() in BY_NAME]:
        # a registry imports each catalogued paper's module of its package by name, which no import
        # statement shows: it depends on each of them and on what they import
        for module in (registry.parent / f"{key}.py" for key in catalog.KEYS):
            seen.add(module)
            seen.update(Path(f) for f in lib_inputs(module, lib))
    seen.update(f.parent / "__init__.py" for f in list(seen))
    seen.add(lib / "__init__.py")
    # a module's data file, named after it, is part of it (lib/data/datasets.py reads datasets.yaml)
    seen.update(data for data in (f.with_suffix(".yaml") for f in list(seen)) if data.is_file())
    _save(lib)
    return sorted(str(f) for f in seen)

"""Evidence for keeping or replacing the data layer's hand-written readers (not a rule).

    .venv/bin/python -m pip install --target /tmp/libcmp liac-arff==2.5.0 pooch==1.9.0 pyreadr==0.5.8
    PYTHONPATH=/tmp/libcmp .venv/bin/python scripts/tools/compare_data_libraries.py /path/to/mirror

The three candidates are not dependencies of the project (none was adopted; rdata, which was, is
pinned and its equality kept by tests/data/test_parsers.py), hence the throwaway install above.
Every applicable file of the mirror (a folder laid out like shared/data) is compared:

* ARFF, every ``*.arff``: :func:`lib.data.parsers.parse_arff` against liac-arff and
  scipy.io.arff -- attribute names and types, nominal values in declaration order, the coded
  values and the NaN (missing) positions.
* R's ``.rda``, every ``*.rda``: pyreadr (librdata) against :func:`lib.data.parsers.read_igraph`.
* Downloads: every pinned file of the catalogue served from the mirror over local HTTP, fetched
  by pooch (``retrieve`` with the sha256) and by :mod:`lib.data.acquisition`, byte for byte; the
  same for a zip and a tgz member; then what pooch does with a corrupt cached copy.

Prints one line per file and library: ``identical``, ``differs: ...`` or ``error: ...``.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import io
import sys
import tarfile
import tempfile
import threading
import zipfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/, for lib
from lib.data import acquisition, datasets, parsers  # noqa: E402


def _coded(attributes: list[tuple[str, tuple | None]], columns: list[list]) -> tuple[list, np.ndarray]:
    """Code nominal columns by declaration order (None = missing = NaN), numeric as floats."""
    out = np.empty((len(columns[0]) if columns else 0, len(attributes)))
    for j, (_, values) in enumerate(attributes):
        code = {v: float(i) for i, v in enumerate(values)} if values is not None else None
        out[:, j] = [np.nan if v is None else (code[v] if code is not None else float(v)) for v in columns[j]]
    return attributes, out


def _liac(text: str):
    import arff

    doc = arff.loads(text)
    attrs = [(n, tuple(k) if isinstance(k, list) else None) for n, k in doc["attributes"]]
    return _coded(attrs, [list(c) for c in zip(*doc["data"])])


def _scipy(text: str):
    from scipy.io import arff

    data, meta = arff.loadarff(io.StringIO(text))
    attrs, columns = [], []
    for name in meta.names():
        kind, values = meta[name]
        nominal = kind == "nominal"
        attrs.append((name, tuple(values) if nominal else None))
        columns.append([None if v == b"?" else v.decode() for v in data[name]] if nominal else list(data[name]))
    return _coded(attrs, columns)


def _differences(ours, theirs) -> list[str]:
    (oa, ov), (ta, tv) = ours, theirs
    out = [f"attribute {a[0]!r}: {a[1]} vs {b[0]!r}: {b[1]}" for a, b in zip(oa, ta) if a != b]
    if len(oa) != len(ta) or ov.shape != tv.shape:
        return out + [f"shape {ov.shape} vs {tv.shape}"]
    nan = np.isnan(ov) != np.isnan(tv)
    if nan.any():
        out.append(f"missing in {int(nan.sum())} cells, first (row, column) {tuple(np.argwhere(nan)[0].tolist())}")
    value = ~nan & ~np.isnan(ov) & (ov != tv)
    if value.any():
        out.append(f"{int(value.sum())} values, first (row, column) {tuple(np.argwhere(value)[0].tolist())}")
    return out


def _report(label: str, run) -> None:
    try:
        diffs = run()
    except Exception as error:  # a library rejecting a file is a result, not a crash
        print(f"{label}: error: {type(error).__name__}: {str(error)[:160]}")
        return
    print(f"{label}: {'identical' if not diffs else 'differs: ' + '; '.join(diffs)[:400]}")


def compare_arff(mirror: Path) -> None:
    for path in sorted(mirror.rglob("*.arff")):
        text = parsers.read_text(path)
        _, attributes, values = parsers.parse_arff(text)
        ours = ([(a.name, a.values) for a in attributes], values)
        for name, reader in (("liac-arff", _liac), ("scipy.io.arff", _scipy)):
            _report(f"{path.relative_to(mirror)} {name}", lambda r=reader: _differences(ours, r(text)))


def compare_rda(mirror: Path) -> None:
    import pyreadr

    for path in sorted(mirror.rglob("*.rda")):
        n, *_ = parsers.read_igraph(path.read_bytes(), path.stem)
        _report(f"{path.relative_to(mirror)} pyreadr", lambda p=path: [f"read {list(pyreadr.read_r(p))}, ours n={n}"])


@functools.cache
def _serve(folder: str) -> str:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}"


def _ours(source: datasets.Source, scratch: Path) -> bytes:
    tmp = scratch / "ours"
    acquisition._fetch_source(source, tmp, 30.0, {"_scratch": str(scratch)})
    return tmp.read_bytes()


def compare_downloads(mirror: Path) -> None:
    import pooch

    pooch.get_logger().setLevel("WARNING")
    base = _serve(str(mirror))
    files = {f.path: f for n in datasets.names(public=True) for f in datasets.get(n).files if f.sha256}
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        for path, f in sorted(files.items()):
            if not (mirror / path).is_file():
                continue
            url = f"{base}/{path}"
            theirs = Path(pooch.retrieve(url, f"sha256:{f.sha256}", path=scratch / "pooch", progressbar=False))
            mine = _ours(datasets.Source(url), scratch)
            _report(f"{path} pooch", lambda a=theirs.read_bytes(), b=mine: [] if a == b else ["bytes differ"])
        # archive members: one zip and one tgz holding a mirror file
        member, original = "iris/iris.arff", (mirror / "uci/iris.arff").read_bytes()
        served = scratch / "served"
        served.mkdir()
        with zipfile.ZipFile(served / "a.zip", "w") as z:
            z.writestr(member, original)
        with tarfile.open(served / "a.tgz", "w:gz") as t:
            info = tarfile.TarInfo(member)
            info.size = len(original)
            t.addfile(info, io.BytesIO(original))
        served_base = _serve(str(served))
        for name, processor in (("a.zip", pooch.Unzip(members=[member])), ("a.tgz", pooch.Untar(members=[member]))):
            digest = hashlib.sha256((served / name).read_bytes()).hexdigest()
            got = pooch.retrieve(f"{served_base}/{name}", digest, path=scratch / "pooch", processor=processor)
            mine = _ours(datasets.Source(f"{served_base}/{name}", member=member), scratch)
            same = Path(got[0]).read_bytes() == mine == original
            _report(f"{name} member pooch", lambda same=same: [] if same else ["bytes differ"])
        # a cached copy that no longer matches its hash (our mirror's corrupt file is an error)
        f = files["uci/iris.arff"]
        cached = Path(pooch.retrieve(f"{base}/uci/iris.arff", f"sha256:{f.sha256}", path=scratch / "corrupt"))
        cached.write_bytes(b"corrupt")
        again = Path(pooch.retrieve(f"{base}/uci/iris.arff", f"sha256:{f.sha256}", path=scratch / "corrupt"))
        print(
            "corrupt cached uci/iris.arff: pooch "
            + ("re-downloaded it silently" if again.read_bytes() == original else "kept it")
        )


def main(argv: list[str]) -> int:
    mirror = Path(argv[1] if len(argv) > 1 else datasets.CATALOGUE.parents[3].parent / "shared" / "data")
    compare_arff(mirror)
    compare_rda(mirror)
    compare_downloads(mirror)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""Write the small synthetic example files of the `yours` target (docs/yours.md) to data/examples/.

    python scripts/tools/make_example_data.py [--out data/examples]

Every file is drawn from a fixed seed, so rerunning the tool rewrites the same bytes; the files are
committed (the project's MIT licence, data/examples/README.md) and config/yours.example.yaml reads
them. What each one is built to show, and the tests' known answers:

* ``learnable.csv`` (200 rows, class ``y``: ``yes``/``no``): ``x1`` is shifted by the class (every
  classifier beats chance: Test 1 p at its floor); ``x2`` and ``x3`` are equal in class ``yes`` and
  opposite in class ``no`` (part of the class lives in their dependency, which 1-NN uses and naive
  Bayes cannot: Test 2 separates them); ``colour`` is a nominal attribute, weakly related to the class.
* ``independent.csv``: the same features with labels drawn independently of them (Test 1 p large).
* ``imbalanced.csv`` (600 rows, class ``outcome``: 90 ``event``, 510 ``none``; ``id`` to drop): the
  positives shifted on ``a`` and ``b``, with a missing value here and there, for the imbalance study.
* ``network_edges.csv`` / ``network_labels.csv``: six latent-group-model networks (Neville 2009 Sec.
  5.2, :func:`lib.data.networks.generate_lgm`, about 100 nodes each) joined by a few links into one
  connected network of about 650 nodes, with the label autocorrelation the model plants.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/, for lib
import scipy.sparse as sp  # noqa: E402
from scipy.sparse.csgraph import connected_components  # noqa: E402

from lib.data import networks  # noqa: E402

SEED = 20260601


def _write(path: Path, header, rows) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)


def _features(rng, y) -> list[list]:
    """x1 shifted by the class; x2, x3 equal (yes) or opposite (no); a weakly related colour."""
    n = len(y)
    x1 = rng.normal(np.where(y == 1, 1.0, -1.0), 1.0)
    x2 = rng.normal(0.0, 1.0, n)
    x3 = np.where(y == 1, x2, -x2) + rng.normal(0.0, 0.25, n)
    colours = np.array(["red", "green", "blue"])
    colour = np.where(rng.random(n) < 0.6, np.where(y == 1, "red", "blue"), colours[rng.integers(0, 3, n)])
    return [[f"{a:.3f}", f"{b:.3f}", f"{c:.3f}", d] for a, b, c, d in zip(x1, x2, x3, colour)]


def tabular(rng, out: Path) -> None:
    y = rng.permutation(np.repeat([1, 0], 100))
    header = ["x1", "x2", "x3", "colour", "y"]
    label = np.where(y == 1, "yes", "no")
    _write(out / "learnable.csv", header, [[*f, c] for f, c in zip(_features(rng, y), label)])
    independent = rng.permutation(label)  # labels drawn apart from the features
    _write(out / "independent.csv", header, [[*f, c] for f, c in zip(_features(rng, y), independent)])


def imbalanced(rng, out: Path) -> None:
    y = rng.permutation(np.repeat([1, 0], [90, 510]))
    a = rng.normal(np.where(y == 1, 1.2, 0.0), 1.0)
    b = rng.normal(np.where(y == 1, 0.8, 0.0), 1.0)
    c = rng.normal(0.0, 1.0, len(y))
    cells = [[f"{v:.3f}" for v in row] for row in zip(a, b, c)]
    for i in rng.choice(len(y), size=12, replace=False):  # a few missing values ("?" or empty)
        cells[i][int(rng.integers(0, 3))] = "?" if i % 2 else ""
    rows = [[f"r{i:04d}", *cell, "event" if t else "none"] for i, (cell, t) in enumerate(zip(cells, y))]
    _write(out / "imbalanced.csv", ["id", "a", "b", "c", "outcome"], rows)


def network(rng, out: Path, communities: int = 6, size: int = 110) -> None:
    """``communities`` latent-group-model networks (the largest component of each) joined into one
    connected network by two random links between consecutive ones, like the schools of one town."""
    blocks, labels = [], []
    for _ in range(communities):
        net = networks.generate_lgm(rng, networks.LGMParams(n_nodes=size, p_between_a=0.01, p_between_b=0.02))
        _, comp = connected_components(net.adjacency, directed=False)
        keep = np.flatnonzero(comp == np.bincount(comp).argmax())
        blocks.append(net.adjacency[keep][:, keep])
        labels.append(net.labels[keep])
    adj = sp.block_diag(blocks, format="lil")
    offsets = np.concatenate([[0], np.cumsum([b.shape[0] for b in blocks])])
    for c in range(communities - 1):
        for _ in range(2):
            i = offsets[c] + int(rng.integers(0, blocks[c].shape[0]))
            j = offsets[c + 1] + int(rng.integers(0, blocks[c + 1].shape[0]))
            adj[i, j] = adj[j, i] = 1
    adj = sp.triu(adj.tocsr(), k=1).tocoo()
    y = np.concatenate(labels)
    ids = [f"n{i:03d}" for i in range(len(y))]
    edges = sorted((int(i), int(j)) for i, j in zip(adj.row, adj.col))
    _write(out / "network_edges.csv", ["source", "target"], [[ids[i], ids[j]] for i, j in edges])
    _write(out / "network_labels.csv", ["node", "label"], [[ids[i], int(v)] for i, v in enumerate(y)])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="data/examples", help="folder to write (default data/examples)")
    out = Path(parser.parse_args(argv).out)
    rng = np.random.default_rng(SEED)
    tabular(rng, out)
    imbalanced(rng, out)
    network(rng, out)
    print(f"make_example_data: wrote {', '.join(sorted(p.name for p in out.glob('*.csv')))} to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

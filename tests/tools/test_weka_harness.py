"""scripts/tools/weka_harness.py without Weka: the ARFF text every cross-check hands to Weka, the
Test 1 / Test 2 copies, data loading, the shared options and the java subprocess helpers (the
latter only where a JDK is installed). The JVM side runs in ``make weka-test``."""

from __future__ import annotations

import argparse
import shutil

import numpy as np
import pytest

from lib.evaluation import permutation_tests as pm
from tools import weka_harness as wh  # scripts/ is on pytest's pythonpath

X = np.array([[0.1, 2.0, np.nan], [1e-17, np.nan, 1.0], [-3.5, 0.0, 0.0]])
Y = np.array([1, 0, 2])
N_VALUES = [0, 3, 2]  # numeric, nominal with 3 values, nominal with 2


def test_arff_text_names_values_by_the_projects_codes():
    lines = wh.arff_text(X, Y, N_VALUES, 3, "toy").splitlines()
    assert lines[:6] == [
        "@relation toy",
        "@attribute a0 numeric",
        "@attribute a1 {v0,v1,v2}",
        "@attribute a2 {v0,v1}",
        "@attribute class {c0,c1,c2}",
        "@data",
    ]
    assert lines[6:] == ["0.1,v2,?,c1", "1e-17,?,v1,c0", "-3.5,v0,v0,c2"]


def test_arff_text_plain_codes_and_numbers_that_round_trip():
    text = wh.arff_text(X, Y, N_VALUES, 3, plain_codes=True)
    assert text.startswith("@relation crosscheck\n")
    assert "@attribute a1 {0,1,2}\n" in text and "@attribute class {0,1,2}\n" in text
    rows = text.splitlines()[-3:]
    assert rows == ["0.1,2,?,1", "1e-17,?,1,0", "-3.5,0,0,2"]
    assert [float(r.split(",")[0]) for r in rows] == X[:, 0].tolist()


def test_write_arff_writes_the_same_text(tmp_path):
    path = tmp_path / "d.arff"
    wh.write_arff(path, X, Y, N_VALUES, 3, "toy", plain_codes=True)
    assert path.read_text() == wh.arff_text(X, Y, N_VALUES, 3, "toy", plain_codes=True)


def test_randomised_copies_draw_labels_first_then_columns():
    y = np.array([0, 0, 0, 1, 1, 1, 1, 0])
    Xd = np.arange(16, dtype=float).reshape(8, 2)
    copies = list(wh.randomised_copies(Xd, y, 2, 2, np.random.default_rng(5)))
    assert [c[0] for c in copies] == ["test1-0", "test2-0", "test1-1", "test2-1"]
    rng = np.random.default_rng(5)
    perms = pm.label_permutations(8, 2, rng)
    idx = pm.within_class_permutations(y, 2, 2, rng)
    for b in range(2):
        _, X1, y1, args1 = copies[2 * b]
        assert X1 is Xd and np.array_equal(y1, y[perms[b]]) and np.array_equal(args1["perms"], perms[b][None])
        _, X2, y2, args2 = copies[2 * b + 1]
        assert y2 is y and np.array_equal(args2["idx"], idx[b][None])
        assert np.array_equal(X2, pm.apply_within_class_permutations(Xd, idx[b][None])[0])


@pytest.mark.parametrize(
    ("acquire", "marker", "acquired"),
    [("missing", False, True), ("missing", True, False), ("always", True, True), ("never", False, False)],
)
def test_load_dataset_acquires_as_asked(monkeypatch, tmp_path, acquire, marker, acquired):
    from lib.data import acquisition, datasets

    calls = []
    monkeypatch.setattr(acquisition, "acquire", lambda name, raw, mirror: calls.append((name, raw, mirror)))
    monkeypatch.setattr(datasets, "load", lambda name, raw: ("loaded", name))
    if marker:
        (tmp_path / "iris").mkdir()
        (tmp_path / "iris" / acquisition.MARKER).write_text("{}")
    assert wh.load_dataset("iris", tmp_path, "mirror", acquire=acquire) == ("loaded", "iris")
    assert calls == ([("iris", tmp_path, "mirror")] if acquired else [])


def test_dataset_options():
    ap = argparse.ArgumentParser()
    wh.add_registry_dataset_options(ap)
    wh.add_randomised_option(ap, "copies")
    args = ap.parse_args([])
    assert (args.datasets, args.mirror, args.raw, args.randomised) == (None, None, "data/raw", 0)
    ap = argparse.ArgumentParser()
    wh.add_listed_dataset_options(ap)
    assert ap.parse_args([]).datasets == wh.OJALA_UCI and len(wh.OJALA_UCI) == 22
    assert ap.parse_args(["iris", "zoo", "--mirror", "m"]).datasets == ["iris", "zoo"]


def test_registry_names_include_the_papers_data_sets():
    assert set(wh.OJALA_UCI) <= set(wh.registry_ojala_names())


@pytest.mark.skipif(shutil.which("javac") is None, reason="needs a JDK (javac)")
def test_compile_and_run_java(tmp_path):
    source = 'public class Echo { public static void main(String[] a) { System.out.println(String.join("|", a)); } }'
    classes = wh.compile_java(str(tmp_path / "absent.jar"), tmp_path, "Echo", source, quiet=True)
    assert (classes / "Echo.class").is_file()
    out = wh.run_java(str(tmp_path / "absent.jar"), classes, "Echo", tmp_path / "x", 3, "-V", jvm_options=["-Xmx64m"])
    assert out == f"{tmp_path / 'x'}|3|-V\n"

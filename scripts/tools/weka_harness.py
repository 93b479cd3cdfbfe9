"""What the cross-checks against real Weka share (``crosscheck_weka.py``, ``crosscheck_j48_weka.py``,
``crosscheck_ib1_cv.py``, ``crosscheck_smo_platt.py``, ``crosscheck_smo_weights.py``).

* Data: the project's loader (``lib.data.datasets``, acquired into ``--raw`` from ``--mirror``), the
  seeded Test 1 / Test 2 randomisations the permutation study feeds to the classifiers, and the
  command-line options naming them.
* Weka in this process: :class:`WekaSession`, one JVM through JPype, either python-weka-wrapper3's
  bundled Weka 3.9 or any ``weka.jar`` (Weka 3.6 from Debian's ``weka`` package works too). Data sets
  reach Weka as ARFF text written from the project's arrays (:func:`arff_text`), so attribute
  types, nominal value order (= the project's codes), class order, row order and missing cells are
  the project's.
* Weka in a separate ``java`` process: :func:`compile_java` and :func:`run_java` for small Java
  programs compiled at run time against a ``weka.jar`` (APIs python-weka-wrapper3 does not reach,
  or a Weka version other than the one in this process's JVM).

Only numpy is imported at module level: the Weka workers run in ``.venv-weka``, and ``lib`` is
imported inside the functions that need it.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
from pathlib import Path

import numpy as np

# Debian's ``weka`` package (``apt-get install weka``): Weka 3.6.14, the papers' version.
DEBIAN_WEKA_JAR = "/usr/share/java/weka.jar"
HEADLESS = "-Djava.awt.headless=true"
# silences Weka 3.9's reflective class loading warning on Java >= 17
ADD_OPENS = "--add-opens=java.base/java.lang=ALL-UNNAMED"

IB1 = "weka.classifiers.lazy.IB1"
IBK = "weka.classifiers.lazy.IBk"
NAIVE_BAYES = "weka.classifiers.bayes.NaiveBayes"
SMO = "weka.classifiers.functions.SMO"
J48 = "weka.classifiers.trees.J48"

# The 22 UCI data sets of Ojala & Garriga (2009).
OJALA_UCI = [
    "anneal",
    "audiology",
    "autos",
    "balance-scale",
    "breast-cancer",
    "credit-g",
    "diabetes",
    "glass",
    "hepatitis",
    "ionosphere",
    "iris",
    "lymph",
    "mushroom",
    "primary-tumor",
    "promoters",
    "segment",
    "sonar",
    "spect",
    "splice",
    "tic-tac-toe",
    "vote",
    "zoo",
]


# ------------------------------------------------------------------------------------------------
# Data sets and command-line options
# ------------------------------------------------------------------------------------------------
def registry_ojala_names() -> list[str]:
    """The registry's public tabular data sets used by Ojala & Garriga (2009), in its order."""
    from lib.data import datasets

    return [n for n in datasets.names("tabular", public=True) if datasets.get(n).used_by.startswith("ojala2009")]


def load_dataset(name: str, raw, mirror=None, *, acquire: str = "missing"):
    """``datasets.load(name, raw)`` after acquiring the raw files from ``mirror`` (``None``:
    download): ``acquire="missing"`` when ``raw`` holds no verified copy, ``"always"`` every time
    (the copy is verified again), ``"never"`` not at all."""
    from lib.data import acquisition, datasets

    if acquire == "always" or (acquire == "missing" and not (Path(raw) / name / acquisition.MARKER).exists()):
        acquisition.acquire(name, raw, mirror)
    return datasets.load(name, raw)


def randomised_copies(X, y, m: int, k: int, rng):
    """``k`` Test 1 (permuted labels) and ``k`` Test 2 (columns permuted within classes) copies of
    a data set, as ``(suffix, X, y, engine_args)`` in the order test1-0, test2-0, test1-1, ...
    All label permutations are drawn from ``rng`` first, then all within-class permutations;
    ``engine_args`` is what the batched CV engines take for the copy (``perms`` or ``idx``, with
    the original ``X`` and ``y``)."""
    from lib.evaluation import permutation_tests as pm

    perms = pm.label_permutations(len(y), k, rng)
    idx = pm.within_class_permutations(y, m, k, rng)
    for b in range(k):
        yield f"test1-{b}", X, y[perms[b]], {"perms": perms[b][None]}
        Xp = pm.apply_within_class_permutations(X, idx[b][None])[0]
        yield f"test2-{b}", Xp, y, {"idx": idx[b][None]}


def add_registry_dataset_options(ap, *, raw_help: str | None = None) -> None:
    """``--datasets`` (default: :func:`registry_ojala_names`), ``--mirror``, ``--raw``."""
    ap.add_argument(
        "--datasets",
        nargs="*",
        default=None,
        help="registry names (default: the 22 UCI data sets of Ojala & Garriga 2009)",
    )
    ap.add_argument("--mirror", default=None, help="folder with verified dataset copies (shared/data)")
    ap.add_argument("--raw", default="data/raw", help=raw_help)


def add_listed_dataset_options(ap, *, raw_help: str | None = None) -> None:
    """Positional data sets (default: :data:`OJALA_UCI`), ``--raw``, ``--mirror``."""
    ap.add_argument("datasets", nargs="*", default=OJALA_UCI)
    ap.add_argument("--raw", default="data/raw", help=raw_help)
    ap.add_argument("--mirror", default=None, help="folder with verified copies of the raw files (default: download)")


def add_randomised_option(ap, help: str) -> None:
    """``--randomised K``: K Test 1 and K Test 2 copies per data set (:func:`randomised_copies`)."""
    ap.add_argument("--randomised", type=int, default=0, metavar="K", help=help)


def write_json_rows(path: Path, rows: list[dict]) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(rows, indent=1) + "\n")


# ------------------------------------------------------------------------------------------------
# ARFF
# ------------------------------------------------------------------------------------------------
def arff_text(X, y, n_values, n_classes, relation: str = "crosscheck", *, plain_codes: bool = False) -> str:
    """ARFF of the project's arrays: nominal values named ``v0..v{V-1}`` and classes ``c0..``
    (Weka's value index = the project's code), or ``0..`` with ``plain_codes`` (Weka's J48 text
    then prints the values as ``J48.to_text`` does).

    Numbers are written with ``repr`` (shortest round-trip decimal), so Java's parser gives back
    the same doubles."""
    value, label = ("", "") if plain_codes else ("v", "c")
    lines = [f"@relation {relation}"]
    for j, V in enumerate(n_values):
        if V:
            lines.append(f"@attribute a{j} {{{','.join(f'{value}{k}' for k in range(V))}}}")
        else:
            lines.append(f"@attribute a{j} numeric")
    lines.append(f"@attribute class {{{','.join(f'{label}{k}' for k in range(n_classes))}}}")
    lines.append("@data")
    nominal = [V > 0 for V in n_values]
    for row, c in zip(X, y):
        cells = []
        for x, nom in zip(row, nominal):
            if np.isnan(x):
                cells.append("?")
            elif nom:
                cells.append(f"{value}{int(x)}")
            else:
                cells.append(repr(float(x)))
        cells.append(f"{label}{int(c)}")
        lines.append(",".join(cells))
    return "\n".join(lines) + "\n"


def write_arff(path: Path, X, y, n_values, n_classes, relation: str = "crosscheck", *, plain_codes=False) -> None:
    Path(path).write_text(arff_text(X, y, n_values, n_classes, relation, plain_codes=plain_codes))


# ------------------------------------------------------------------------------------------------
# Weka in this process (JPype)
# ------------------------------------------------------------------------------------------------
def default_weka_jar() -> str:
    """The ``weka.jar`` shipped by python-weka-wrapper3 (Weka 3.9)."""
    import weka

    return str(Path(weka.__file__).resolve().parent / "lib" / "weka.jar")


def start_jvm(backend: str, jar: str | None, jvm_options=(HEADLESS,)):
    """Start the JVM: ``"pww3"``, python-weka-wrapper3's bundled Weka; otherwise ``jar`` via
    JPype. Returns ``(JClass, Weka version)``; one JVM per process, so one Weka version."""
    if backend == "pww3":
        import weka.core.jvm as jvm  # python-weka-wrapper3

        jvm.start(packages=False, logging_level=40)
    else:
        import jpype

        jpype.startJVM(*jvm_options, classpath=[jar], convertStrings=True)
    from jpype import JClass

    version = str(JClass("weka.core.Version").VERSION)
    return JClass, version


class WekaSession:
    """Weka in this process's JVM: data sets, fold subsets, classifiers."""

    def __init__(self, backend: str = "jar", jar: str | None = None, jvm_options=(HEADLESS,)):
        self.JClass, self.version = start_jvm(backend, jar, jvm_options)
        self.Instances = self.JClass("weka.core.Instances")

    @staticmethod
    def stop() -> None:
        import jpype

        jpype.shutdownJVM()

    def instances(self, X, y, n_values, n_classes, relation: str = "crosscheck", *, plain_codes=False):
        """The arrays as Weka ``Instances`` (read by Weka's ARFF reader), class attribute last."""
        text = arff_text(X, y, n_values, n_classes, relation, plain_codes=plain_codes)
        data = self.Instances(self.JClass("java.io.StringReader")(text))
        data.setClassIndex(data.numAttributes() - 1)
        return data

    def read_arff(self, path):
        return self.Instances(self.JClass("java.io.BufferedReader")(self.JClass("java.io.FileReader")(str(path))))

    def subset(self, data, rows):
        """Rows ``rows`` of ``data``, in that order."""
        out = self.Instances(data, len(rows))
        for r in rows:
            out.add(data.instance(int(r)))
        return out

    def split(self, data, folds, f):
        """(training, test) ``Instances`` of fold ``f``, each in row order."""
        folds = np.asarray(folds)
        return self.subset(data, np.flatnonzero(folds != f)), self.subset(data, np.flatnonzero(folds == f))

    def has_class(self, cls_name: str) -> bool:
        """False for a class this Weka lacks (IB1 in Weka >= 3.7)."""
        try:
            self.JClass(cls_name)
        except Exception:  # noqa: BLE001 - JPype raises a Java exception type
            return False
        return True

    def build(self, cls_name: str, train, options=()):
        """A ``cls_name`` classifier with ``options`` (Weka's defaults when empty) trained on ``train``."""
        from jpype import JArray, JString

        clf = self.JClass(cls_name)()
        if options:
            clf.setOptions(JArray(JString)(list(options)))
        clf.buildClassifier(train)
        return clf

    @staticmethod
    def distributions(clf, test) -> np.ndarray:
        """``distributionForInstance`` of every test row, ``(n_test, n_classes)``."""
        return np.array([list(clf.distributionForInstance(test.instance(i))) for i in range(test.numInstances())])


@contextlib.contextmanager
def weka_session(jar: str | None, jvm_options=(ADD_OPENS,)):
    """A :class:`WekaSession` on ``jar`` (``None``: python-weka-wrapper3's), shut down on exit."""
    weka = WekaSession("jar", jar or default_weka_jar(), jvm_options)
    try:
        yield weka
    finally:
        weka.stop()


# ------------------------------------------------------------------------------------------------
# Weka in a java process
# ------------------------------------------------------------------------------------------------
def compile_java(jar: str, folder: Path, class_name: str, source: str, *, quiet: bool = False) -> Path:
    """Compile ``source`` (public class ``class_name``) against ``jar`` into ``folder``; ``quiet``:
    no warnings, javac's output kept out of the console. Returns the class folder."""
    src = Path(folder) / f"{class_name}.java"
    src.write_text(source)
    cmd = ["javac", *(["-nowarn"] if quiet else []), "-cp", jar, "-d", str(folder), str(src)]
    subprocess.run(cmd, check=True, **({"capture_output": True, "text": True} if quiet else {}))
    return Path(folder)


def run_java(jar: str, classes, class_name: str, *args, jvm_options=()) -> str:
    """Standard output of ``java class_name args`` with ``jar`` and ``classes`` on the class path."""
    cmd = ["java", *jvm_options, "-cp", f"{jar}{os.pathsep}{classes}", class_name, *map(str, args)]
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout

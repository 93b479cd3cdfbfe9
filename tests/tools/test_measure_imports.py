"""The import-cost tool: every rule script is measured (the artifact script once per paper's views),
each rule's jobs are counted against its script, and a measurement times the imports it is given."""

from pathlib import Path

from lib.papers import catalog
from tools import measure_imports  # scripts/ is on pytest's pythonpath

ROOT = Path(__file__).resolve().parents[2]


def test_every_rule_script_and_every_papers_views_are_targets():
    labels = {t.label for t in measure_imports.targets(ROOT)}
    scripts = {p.name for p in (ROOT / "scripts").glob("*.py")} - {"artifact.py"}
    papers = measure_imports.papers(ROOT)
    # the catalog's papers and the `yours` artifacts (the papers' tests on a user's data)
    assert papers == sorted([*catalog.KEYS, "yours"])
    assert labels == scripts | {f"artifact.py[{p}]" for p in papers}
    code = measure_imports.import_code(ROOT, measure_imports.Target("artifact.py", "raeder2012"))
    assert "from lib.views import artifact" in code and code.endswith("import lib.views.raeder2012")


def test_jobs_are_counted_per_script_once(tmp_path):
    # `snakemake -n --quiet rules` prints its table twice; a rule's jobs count once
    table = "job count\n" + "\n".join(
        f"{rule} {n}"
        for rule, n in [
            ("dataset_iris", 1),
            ("dataset_zoo", 1),
            ("simulated_chunk", 36),
            ("imbalance_raeder2012_fig2a", 1),
            ("simulated_wang2011_fig1a", 1),
            ("all", 1),
            ("total", 41),
        ]
    )
    path = tmp_path / "jobs.txt"
    path.write_text(table + "\n" + table + "\n")
    known = {"dataset_fetch.py", "simulated_chunk.py", "artifact.py"}
    counts, unmapped = measure_imports.job_counts(path, known, ["raeder2012", "wang2011"])
    assert counts == {
        "dataset_fetch.py": 2,
        "simulated_chunk.py": 36,
        "artifact.py[raeder2012]": 1,
        "artifact.py[wang2011]": 1,
    }
    assert unmapped == {"all": 1}


def test_a_measurement_times_the_given_imports():
    bare_cpu, bare = measure_imports.measure_once(ROOT, "pass")
    cpu, importtime = measure_imports.measure_once(ROOT, "import numpy, lib.core.seeding")
    assert bare == 0.0 and importtime > 0.0 and cpu > bare_cpu

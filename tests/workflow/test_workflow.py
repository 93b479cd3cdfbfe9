"""End-to-end: the DAG on the quick profile, partial reruns, determinism."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest
import yaml

from conftest import ROOT, snakemake
from lib.papers import catalog, registry
from lib.papers.claims import COLUMNS, VERDICTS
from lib.views import registry as VIEW_REGISTRY

pytestmark = pytest.mark.workflow
QUICK = ("--configfile", "config/quick.yaml")
FIG1A = "results/neville2009/fig1a.pdf"


def planned_jobs(workdir: Path, *targets: str, configs: tuple[str, ...] = ()) -> dict[str, int]:
    """Rule -> number of jobs a dry run would execute (``--configfile`` takes several files, so
    targets go before it)."""
    out = snakemake(workdir, "--dry-run", *targets, *QUICK, *configs).stdout
    if "Nothing to be done" in out:
        return {}
    table = out.split("Job stats:", 1)[1].split("\n\n", 1)[0]
    jobs = dict(re.findall(r"^(\w+)\s+(\d+)$", table, flags=re.M))
    jobs.pop("total", None)
    return {rule: int(n) for rule, n in jobs.items() if rule != "all"}


# every paper's artifact, as the workflow declares it (lib.views.registry over lib.papers.catalog)
ARTIFACTS = VIEW_REGISTRY.ARTIFACTS
REALNET_FIGURES = [i for i, a in ARTIFACTS.items() if a.study == "realnet" and "png" in a.kinds]
OJALA_TABLES = [i for i, a in ARTIFACTS.items() if a.paper == "ojala2009" and "png" not in a.kinds]
QUICK_CONFIG = yaml.safe_load((ROOT / "config/quick.yaml").read_text())


def test_quick_profile_builds_every_artifact_and_the_scorecard(quick_run: Path):
    results = quick_run / "results"
    assert len(ARTIFACTS) >= 32 and {a.paper for a in ARTIFACTS.values()} == set(catalog.KEYS)
    for artifact, declared in ARTIFACTS.items():
        for kind in (*declared.kinds, "claims.csv"):
            assert (results / f"{artifact}.{kind}").stat().st_size > 0, (artifact, kind)
        # every artifact rule wrote its log and benchmark
        assert (quick_run / f"logs/{artifact}.log").exists()
        assert (quick_run / f"benchmarks/{artifact}.tsv").exists()
    chunks = list((results / "studies").rglob("chunk*.csv"))
    # simulated; relational: 3 (purpose, size) settings x 4 networks; realnet: 2 sets x 2 purposes
    assert len(chunks) == 12 + 12 + 4
    for chunk in chunks:
        rel = chunk.relative_to(results / "studies").with_suffix("")
        assert (quick_run / "logs" / rel).with_suffix(".log").exists()
        assert (quick_run / "benchmarks" / rel).with_suffix(".tsv").exists()
    card = pd.read_csv(results / "scorecard.csv")
    assert list(card.columns) == [*COLUMNS, "readings"]
    assert card["id"].is_unique and set(card["id"]) <= set(registry.CLAIMS)
    # every verdict names the readings it was computed under
    ojala = card[card["artifact"] == "table3"]
    assert ojala["readings"].str.contains("permutation.tie_rule=").all()
    assert card.loc[card["artifact"] == "fig1c", "readings"].str.contains("relational.cross_rule=mean").all()
    assert set(card["verdict"]) <= set(VERDICTS) - {"not run"} and (card["profile"] == "quick").all()
    assert set(card["paper"] + "/" + card["artifact"]) == set(ARTIFACTS)
    assert "# Scorecard" in (results / "scorecard.md").read_text()
    fig = pd.read_csv(results / "neville2009/fig1a.csv")
    assert set(fig["sampler"]) == {"RRS", "ERS", "NCV"}
    assert sorted(set(fig["prop_labeled"])) == [0.1, 0.3, 0.5, 0.7, 0.9]
    assert (fig["trials"] == 400).all()
    assert ((fig["rate_low"] <= fig["rate"]) & (fig["rate"] <= fig["rate_high"])).all()


def test_quick_profile_builds_the_imbalance_study(quick_run: Path):
    results = quick_run / "results"
    for artifact in ["raeder2012/table1"]:
        for kind in ("md", "csv", "claims.csv"):
            assert (results / f"{artifact}.{kind}").stat().st_size > 0, (artifact, kind)
        assert (quick_run / f"logs/{artifact}.log").exists()
        assert (quick_run / f"benchmarks/{artifact}.tsv").exists()
    assert (results / "raeder2012/sec4.md").stat().st_size > 0
    table1 = pd.read_csv(results / "raeder2012/table1.csv")
    assert len(table1) == 20 and (table1["status"] == "computed from data").sum() == 14
    assert (table1["status"] == "not public").sum() == 5
    assert table1.loc[table1["registry_name"] == "covtype", "status"].str.startswith("not built offline").all()
    chunks = sorted((results / "studies/imbalance").glob("*.csv"))
    assert len(chunks) == 14
    for chunk in chunks:
        assert (quick_run / f"logs/imbalance/cv/{chunk.stem}.log").exists()
        assert (quick_run / f"benchmarks/imbalance/cv/{chunk.stem}.tsv").exists()
    auc = pd.read_csv(results / "raeder2012/fig2a.csv")
    assert set(auc["scheme"]) == {"10-fold", "5x2"} and set(auc["classifier"]) == {"NB", "J48", "SMO"}
    assert sorted(set(auc["removed_percent"])) == [0, 25, 50]  # the quick profile's thinned grid
    assert (auc["datasets"] == 14).all() and auc["value"].between(0.5, 1).all()
    # quick profile: 1 test fold of 10-fold CV, one 2-fold repetition (2 test folds) of 5x2
    assert set(zip(auc["scheme"], auc["test_folds_per_dataset"])) == {("10-fold", 1), ("5x2", 2)}
    sec4 = pd.read_csv(results / "raeder2012/sec4.csv")
    sd = sec4[sec4["quantity"] == "sd_auc"].set_index("test_set")["closed_form_binormal"]
    assert abs(sd["100:5000"] - 0.0099) < 5e-4 and abs(sd["10:500"] - 0.0315) < 5e-4


def test_quick_profile_builds_the_relational_study(quick_run: Path):
    results = quick_run / "results"
    calibration = pd.read_csv(results / "studies/relational/calibration.csv")
    type1 = calibration[calibration["purpose"] == "type1"]
    assert sorted(type1["prop_labeled"]) == [0.1, 0.2, 0.3, 0.4] and (type1["nodes"] == 300).all()
    assert (type1["difference"].abs() <= 0.005).all() and (type1["splits"] == 100).all()
    power = calibration[calibration["purpose"] == "power"]
    assert sorted(set(power["nodes"])) == [300, 600] and len(power) == 8
    for artifact, trials in (
        ("neville2009/fig1c", 40),
        ("neville2009/fig1d", 40),
        ("neville2009/fig1e", 40),
        ("wang2011/fig2a", 20),
        ("wang2011/fig2b", 20),
    ):
        fig = pd.read_csv(results / f"{artifact}.csv")
        assert (fig["trials"] == trials).all(), artifact
        assert ((fig["rate_low"] <= fig["rate"]) & (fig["rate"] <= fig["rate_high"])).all()
    assert set(pd.read_csv(results / "neville2009/fig1e.csv")["nodes"]) == {600}
    nets = pd.read_csv(results / "studies/relational/networks.csv")
    both = nets[nets["role"] == "evaluation+calibration"].set_index("nodes")["networks"]
    assert both.to_dict() == {300: 14, 600: 14}  # 4 evaluation + 10 calibration networks per size


def test_quick_profile_builds_the_real_network_study(quick_run: Path):
    results = quick_run / "results"
    for kind in ("md", "csv", "claims.csv"):
        assert (results / f"neville2009/table1.{kind}").stat().st_size > 0
    table1 = pd.read_csv(results / "neville2009/table1.csv")
    assert len(table1) == 6 and (table1["status"] == "data not public").sum() == 2
    done = table1[table1["status"] == "computed from data"]
    assert set(done["task"]) == {"Executive?", "Info. Retrieval?", "Neutral?", "Neural Nets?"}
    assert done["error_correlation"].between(-1, 1).all() and done["autocorrelation"].between(-1, 1).all()
    nets = pd.read_csv(results / "studies/realnet/networks.csv")
    for netset in ("cora", "citeseer"):
        part = nets[nets["set"] == netset]
        assert len(part) == 6 and (part["selection"] == "similar").all()  # the reading realnet.selection
        for stat in ("p_pos", "autocorrelation", "mean_degree", "nodes"):  # six similar networks
            assert part[stat].max() <= part[f"band_{stat}"].iloc[0] * part[stat].min(), (netset, stat)
        nodes = pd.read_csv(results / f"studies/realnet/{netset}/nodes.csv")
        assert not nodes.duplicated(["node"]).any()  # the six networks are disjoint
    calibration = pd.read_csv(results / "studies/realnet/calibration.csv")
    type1 = calibration[calibration["purpose"] == "type1"]
    assert len(type1) == 2 * 6 * 5 and (type1["difference"].abs() <= 0.005).all()
    assert (type1["splits"] == 5 * 1 * 10).all()  # 5 other networks x 1 NCV sampling x 10 folds (quick)
    for artifact in REALNET_FIGURES:
        fig = pd.read_csv(results / f"{artifact}.csv")
        assert set(fig["set"]) == {"cora", "citeseer"} and (fig["trials"] == 6 * 4).all(), artifact


def test_a_user_network_set_runs_through_the_study(workflow_copy: Path):
    """The Add Health / IMDB path: the user's nodes.csv and edges.csv (documented format) in config."""
    import numpy as np

    from lib.data import network_sets, networks

    rng = np.random.default_rng(0)
    nets = [networks.generate_lgm(rng, networks.LGMParams(n_nodes=120)) for _ in range(4)]
    nodes, edges = network_sets.network_set_tables(
        [f"school{g}" for g in range(4)],
        [n.adjacency for n in nets],
        [n.labels for n in nets],
        [[f"p{g}_{i}" for i in range(120)] for g in range(4)],
    )
    (workflow_copy / "mine").mkdir()
    pd.DataFrame(nodes).to_csv(workflow_copy / "mine/nodes.csv", index=False)
    pd.DataFrame(edges).to_csv(workflow_copy / "mine/edges.csv", index=False)
    (workflow_copy / "mine.yaml").write_text(
        "realnet:\n  sets:\n    mine: {nodes: mine/nodes.csv, edges: mine/edges.csv, label: 'Smokes?'}\n"
        "  fig1f_sets: [mine]\n  fig3_sets: [mine]\n  trials_per_network: 3\n"
    )
    target = "results/neville2009/fig1f.pdf"
    assert planned_jobs(workflow_copy, target, configs=("mine.yaml",)) == {
        "realnet_network_set": 1,
        "realnet_calibration": 1,
        "realnet_chunk": 2,
        "realnet_summary": 1,
        "realnet_neville2009_fig1f": 1,
    }
    snakemake(workflow_copy, "--cores", "2", target, *QUICK, "mine.yaml")
    fig = pd.read_csv(workflow_copy / "results/neville2009/fig1f.csv")
    assert set(fig["set"]) == {"mine"} and (fig["trials"] == 4 * 3).all()
    stats = pd.read_csv(workflow_copy / "results/studies/realnet/networks.csv")
    assert list(stats["name"]) == [f"school{g}" for g in range(4)] and (stats["source"] == "user files").all()


def test_quick_profile_builds_the_permutation_study(quick_run: Path):
    results = quick_run / "results"
    for artifact in OJALA_TABLES:
        for kind in ("md", "csv", "claims.csv"):
            assert (results / f"{artifact}.{kind}").stat().st_size > 0, (artifact, kind)
    # per (data set, classifier) one job of original errors, per test one job of randomisations
    # (Iris's SMO cut in two, randomizations_per_job); Figure 3 likewise without data sets
    # the jobs' chunks; beside them the summary job's table, which Tables II-III read
    assert (results / "studies/permutation/uci/summary.csv").stat().st_size > 0
    uci = sorted(p for p in (results / "studies/permutation/uci").rglob("*.csv") if p.name != "summary.csv")
    fig3 = sorted((results / "studies/permutation/fig3").glob("*.csv"))
    uci_quick = QUICK_CONFIG["permutation"]["uci"]
    k = uci_quick["randomizations"]
    assert uci_quick["randomizations_per_job"] == {"iris/smo": k // 2}
    assert sorted(p.name for p in uci if p.parent.name == "iris" and p.name.startswith("smo_test")) == [
        f"smo_test{t}_r{a}-{b}.csv" for t in (1, 2) for a, b in ((0, k // 2), (k // 2, k))
    ]
    assert len(uci) == len(uci_quick["datasets"]) * (4 + 4 * 2) + 2 and len(fig3) == 4 + 4 * 2
    for part in uci:  # every randomisation once, indexed by r
        if "_test" in part.name:
            start, stop = map(int, part.stem.rsplit("_r", 1)[1].split("-"))
            assert pd.read_csv(part)["index"].tolist() == list(range(start, stop))
    for chunk in uci + fig3:
        rel = chunk.relative_to(results / "studies").with_suffix("")
        assert (quick_run / "logs" / rel).with_suffix(".log").exists()
        assert (quick_run / "benchmarks" / rel).with_suffix(".tsv").exists()
    table1 = pd.read_csv(results / "ojala2009/table1.csv")
    assert (table1["orig_err"] == 0).all() and set(table1["dataset"]) == {"D1", "D2"}
    for table, clf in (("table2", "j48"), ("table3", "1nn")):
        frame = pd.read_csv(results / f"ojala2009/{table}.csv")
        assert list(frame["dataset"]) == uci_quick["datasets"] and (frame["classifier"] == clf).all()
        k = uci_quick["randomizations"]
        assert frame[["t1_p", "t2_p"]].stack().between(1 / (k + 1) - 1e-9, 1).all()  # CSV rounding
        assert (frame["randomizations"] == k).all()
        assert (frame["repetitions"] == uci_quick["repetitions"]).all()
        # each p-value's range over fold draws reaches the table (and so its significance claims)
        for t in (1, 2):
            assert (frame[f"t{t}_p_low"] <= frame[f"t{t}_p_high"]).all()
        assert "QUICK PROFILE" in (results / f"ojala2009/{table}.md").read_text()
    curve = pd.read_csv(results / "ojala2009/fig3.csv")
    assert len(curve) == 4 * 21 and (curve["t1_q01"] <= curve["t1_q99"]).all()


@pytest.mark.parametrize("dropped", ["j48", "1nn", "nb", "smo"])
def test_every_permutation_artifact_builds_without_any_one_classifier(dropped: str, quick_run: Path, tmp_path: Path):
    """Any classifier subset the schema accepts builds every artifact: a claim about a classifier
    that was not run is one 'not run' row naming the config key, never a crash. The quick run's
    chunks of the other classifiers are reused (their parameters do not change)."""
    import shutil

    wd = tmp_path / "wf"
    shutil.copytree(quick_run, wd, symlinks=True)
    kept = [c for c in ("j48", "1nn", "nb", "smo") if c != dropped]
    (wd / "subset.yaml").write_text(f"permutation:\n  uci:\n    classifiers: [{', '.join(kept)}]\n")
    targets = ["results/ojala2009/fig3.pdf", "results/ojala2009/table2.md", "results/ojala2009/table3.md"]
    assert set(planned_jobs(wd, *targets, configs=("subset.yaml",))) <= {
        "permutation_uci_summary",
        "permutation_ojala2009_fig3",
        "permutation_ojala2009_table2",
        "permutation_ojala2009_table3",
    }
    snakemake(wd, "--cores", "2", *targets, *QUICK, "subset.yaml")
    claims = pd.concat([pd.read_csv(wd / f"results/ojala2009/{a}.claims.csv") for a in ("fig3", "table2", "table3")])
    not_run = claims[claims["verdict"] == "not run"]
    assert len(not_run) >= 1 and not_run["reproduced"].str.contains(dropped).all()
    assert not_run["reproduced"].str.contains("permutation.uci.classifiers").all()
    assert set(claims["verdict"]) <= set(VERDICTS)
    fig3 = pd.read_csv(wd / "results/ojala2009/fig3.csv")
    assert set(fig3["classifier"]) == set(kept)


def test_reduced_randomizations_rerun_only_the_reduced_classifier_and_say_so(quick_run: Path, tmp_path: Path):
    """``reduced_randomizations`` (config/reduced_smo.yaml's deviation, here half the quick number
    for SMO): only SMO's randomised chunks that change range run, each equal to the first rows of
    the full run's (every randomisation has its own generator); the tables' captions and the SVM
    claim name the deviation and the config key."""
    import shutil

    wd = tmp_path / "wf"
    shutil.copytree(quick_run, wd, symlinks=True)
    k = QUICK_CONFIG["permutation"]["uci"]["randomizations"]
    (wd / "reduced.yaml").write_text(f"permutation:\n  uci:\n    reduced_randomizations: {{smo: {k // 2}}}\n")
    targets = ["results/ojala2009/table2.md", "results/ojala2009/table3.md"]
    datasets = QUICK_CONFIG["permutation"]["uci"]["datasets"]
    # Iris's SMO is already cut at k/2 (randomizations_per_job), so its first chunk is reused
    assert planned_jobs(wd, *targets, configs=("reduced.yaml",)) == {
        "permutation_uci_randomized": 2 * (len(datasets) - 1),
        "permutation_uci_summary": 1,
        "permutation_ojala2009_table2": 1,
        "permutation_ojala2009_table3": 1,
    }
    snakemake(wd, "--cores", "2", *targets, *QUICK, "reduced.yaml")
    uci = wd / "results/studies/permutation/uci"
    for dataset in datasets:
        for test in (1, 2):
            full = pd.concat(
                [
                    pd.read_csv(f)
                    for f in sorted(
                        (quick_run / "results/studies/permutation/uci" / dataset).glob(f"smo_test{test}_r*.csv")
                    )
                ]
            ).sort_values("index")
            reduced = pd.read_csv(uci / dataset / f"smo_test{test}_r0-{k // 2}.csv")
            pd.testing.assert_frame_equal(reduced, full.head(k // 2).reset_index(drop=True))
    caption = (wd / "results/ojala2009/table2.md").read_text()
    assert "DEVIATION: smo on fewer randomizations" in caption and "reduced_randomizations" in caption
    claims = pd.read_csv(wd / "results/ojala2009/table2.claims.csv")
    svm = claims[claims["claim"].str.startswith("SVM results")]
    assert len(svm) == 1 and "reduced_randomizations" in svm["reproduced"].iloc[0]
    j48 = claims[claims["claim"].str.contains("Decision Tree")]
    assert not j48["reproduced"].str.contains("reduced_randomizations").any()
    # the tables' own classifiers keep k randomisations
    assert (pd.read_csv(wd / "results/ojala2009/table2.csv")["randomizations"] == k).all()


def test_a_complete_run_leaves_nothing_to_do(quick_run: Path):
    assert planned_jobs(quick_run) == {}


def test_one_figure_builds_only_what_it_needs(workflow_copy: Path):
    assert planned_jobs(workflow_copy, FIG1A) == {
        "simulated_chunk": 2,
        "simulated_summary": 1,
        "simulated_neville2009_fig1a": 1,
    }


def test_partial_reruns(workflow_copy: Path):
    snakemake(workflow_copy, "--cores", "2", FIG1A, *QUICK)
    assert planned_jobs(workflow_copy, FIG1A) == {}

    # editing the paper's views (the figure's declaration) reruns the plot only, not the study's chunks
    views = workflow_copy / "scripts/lib/views/neville2009.py"
    views.write_text(views.read_text() + "\n# a harmless edit\n")
    assert planned_jobs(workflow_copy, FIG1A) == {"simulated_neville2009_fig1a": 1}
    snakemake(workflow_copy, "--cores", "2", FIG1A, *QUICK)

    # editing a lib module reruns exactly the rules that import it
    plotting = workflow_copy / "scripts/lib/reporting/plotting.py"
    plotting.write_text(plotting.read_text() + "\n# a harmless edit\n")
    assert planned_jobs(workflow_copy, FIG1A) == {"simulated_neville2009_fig1a": 1}
    simulated = workflow_copy / "scripts/lib/studies/simulated.py"
    simulated.write_text(simulated.read_text() + "\n# a harmless edit\n")
    assert planned_jobs(workflow_copy, FIG1A) == {
        "simulated_chunk": 2,
        "simulated_summary": 1,
        "simulated_neville2009_fig1a": 1,
    }
    snakemake(workflow_copy, "--cores", "2", FIG1A, *QUICK)

    # changing a study parameter reruns that study's chunks
    (workflow_copy / "tweak.yaml").write_text("simulated:\n  scenarios:\n    neville_fig1a:\n      err_corr: [0.8]\n")
    assert planned_jobs(workflow_copy, FIG1A, configs=("tweak.yaml",)) == {
        "simulated_chunk": 2,
        "simulated_summary": 1,
        "simulated_neville2009_fig1a": 1,
    }
    # adding chunks computes only the new ones: existing chunks keep their seeds
    (workflow_copy / "more.yaml").write_text("simulated:\n  scenarios:\n    neville_fig1a:\n      chunks: 3\n")
    assert planned_jobs(workflow_copy, FIG1A, configs=("more.yaml",)) == {
        "simulated_chunk": 1,
        "simulated_summary": 1,
        "simulated_neville2009_fig1a": 1,
    }


def test_editing_a_papers_claims_reruns_its_artifacts(workflow_copy: Path):
    """The claims module is imported by name when the claims are judged (no import statement shows
    it, and Wang's views import nothing of it): an edit still reruns the artifact, not its study."""
    figure = "results/wang2011/fig1a.pdf"
    snakemake(workflow_copy, "--cores", "2", figure, *QUICK)
    claims = workflow_copy / "scripts/lib/papers/wang2011.py"
    claims.write_text(claims.read_text() + "\n# a harmless edit\n")
    assert planned_jobs(workflow_copy, figure) == {"simulated_wang2011_fig1a": 1}


# Byte-identical outputs across runs and core counts: tests/workflow/test_archive.py rebuilds the
# archived --cores 2 quick run at --cores 1 and compares every result file.

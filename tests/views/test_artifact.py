"""One artifact, one declaration (lib.views.artifact): a toy artifact declared here, in one place,
is built, captioned, scored and reported; and every declared artifact is well formed."""

from __future__ import annotations

import dataclasses
import sys
import types
from pathlib import Path

import docutils.core
import jinja2
import pandas as pd
import pytest
import yaml

from lib.papers.claims import Evidence, Paper, judged
from lib.reporting import plotting
from lib.views import artifact, registry
from lib.views.artifact import Artifact, Built, Reads

ROOT = Path(__file__).resolve().parents[2]
PAPER_CONFIG = yaml.safe_load((ROOT / "config" / "config.yaml").read_text())

# ---- a toy paper: one claim, one artifact --------------------------------------------------------
TOY_PAPER = Paper("toy2026", "Toy et al. 2026")


@TOY_PAPER.claim("fig1", "rate_low", "The rate is below 0.5", value="'below one half'", criterion="mean < 0.5")
def _(evidence: Evidence):
    mean = float(evidence["summary"]["rate"].mean())
    return judged(mean < 0.5, f"{mean:.3f}")


@pytest.fixture(autouse=True)
def toy_paper_module(monkeypatch):
    """The toy paper's claims module, as ``lib.papers.toy2026`` (an artifact imports its paper's
    claims by name)."""
    module = types.ModuleType("lib.papers.toy2026")
    module.PAPER = TOY_PAPER
    monkeypatch.setitem(sys.modules, "lib.papers.toy2026", module)


def _toy_build(tables: dict, settings: dict) -> Built:
    summary = tables["trials"].groupby("x", as_index=False)["hit"].mean().rename(columns={"hit": "rate"})
    fig, ax = plotting.new_figure()
    ax.plot(summary["x"], summary["rate"])
    return Built(
        summary, Evidence({"summary": summary}), figure=fig, details=f"Mean rate {summary['rate'].mean():.3f}."
    )


TOY = Artifact(
    "toy2026",
    "fig1",
    "toystudy",
    "Figure 1: a rate",
    reads={"trials": Reads("toystudy_trials", "table")},
    settings=lambda config: {"trials": config["toy"]["trials"]},
    about=lambda s: (
        f"A rate against x over {s['trials']} trials ({s['profile']} profile; readings: {s['readings'] or 'none'})."
    ),
    build=_toy_build,
)


def toy_run(tmp_path, hits):
    trials = tmp_path / "trials.csv"
    pd.DataFrame({"x": [1, 1, 2, 2], "hit": hits}).to_csv(trials, index=False)
    outputs = {kind: str(tmp_path / f"fig1.{kind}") for kind in ("pdf", "png", "csv", "claims")}
    settings = TOY.configure({"profile": "quick", "toy": {"trials": 4}})
    built = artifact.write_artifact(TOY, {"trials": str(trials)}, settings, outputs)
    return built, settings, outputs


@pytest.mark.parametrize("hits, verdict", [([0, 0, 1, 0], "pass"), ([1, 1, 1, 0], "fail")])
def test_a_toy_artifact_is_built_captioned_and_scored(tmp_path, hits, verdict):
    built, settings, outputs = toy_run(tmp_path, hits)
    assert TOY.rule == "toystudy_toy2026_fig1" and TOY.id == "toy2026/fig1"
    table = pd.read_csv(outputs["csv"])
    assert list(table.columns) == ["x", "rate"] and table["rate"].tolist() == [
        sum(hits[:2]) / 2,
        sum(hits[2:]) / 2,
    ]
    # the caption is the config's text, then the numbers' sentences
    caption = TOY.caption(settings, built)
    assert caption.startswith("A rate against x over 4 trials (quick profile; readings: none).")
    assert caption.endswith(f"Mean rate {sum(hits) / 4:.3f}.")
    for kind in ("pdf", "png"):
        assert (tmp_path / f"fig1.{kind}").stat().st_size > 1000
    claims = pd.read_csv(outputs["claims"])
    assert claims["id"].tolist() == ["toy2026/fig1/rate_low"] and claims["verdict"].tolist() == [verdict]


def test_a_toy_artifact_is_reported_with_its_caption(tmp_path):
    # the report renders workflow/report/artifact.rst with the rule's params, as snakemake --report does
    settings = TOY.configure({"profile": "quick", "toy": {"trials": 4}})
    params = {"artifact": TOY.id, "title": TOY.title, "about": TOY.about(settings) + " a_b *c*"}
    template = (ROOT / "workflow" / "report" / "artifact.rst").read_text()
    snakemake = type("Job", (), {"params": type("Params", (), params), "config": {"profile": "quick"}})
    rst = jinja2.Environment().from_string(template).render(snakemake=snakemake)
    html = docutils.core.publish_parts(rst, writer="html", settings_overrides={"halt_level": 2})[
        "body"
    ]  # a warning raises
    assert "Figure 1: a rate" in html and "A rate against x over 4 trials" in html
    assert "a_b *c*" in html  # the caption's own characters are escaped, not read as markup
    assert "results/toy2026/" in html
    assert "Scale profile:" in html and "quick" in html and "fewer trials than the paper" in html


# ---- a toy family: one artifact per case the config names, no claims -----------------------------
def _toy_case_build(tables: dict, settings: dict) -> Built:
    summary = tables["trials"].assign(case=settings["case"])
    fig, ax = plotting.new_figure()
    ax.plot(summary["x"], summary["hit"])
    return Built(summary, figure=fig, details=f"Case {settings['case']}: {len(summary)} trials.")


TOY_CASES = Artifact(
    "toy2026",
    "case_{case}",
    "toystudy",
    "One case's trials",
    reads={"trials": Reads("toystudy_case", "table")},  # a pattern with {case}: Snakemake fills it
    settings=lambda config, wildcards: {"case": wildcards["case"], "trials": config["toy"]["cases"][wildcards["case"]]},
    about=artifact.numbers_only,
    build=_toy_case_build,
    claims=False,
    wildcards={"case": r"[a-z]+"},
    members=lambda config: [{"case": case} for case in config["toy"]["cases"]],
    rule="toystudy_case",
)


def test_a_family_is_one_rule_over_its_members_settings_from_their_wildcards(tmp_path):
    config = {"profile": "quick", "toy": {"cases": {"b": 4, "a": 2}}}
    assert TOY_CASES.rule == "toystudy_case" and TOY_CASES.id == "toy2026/case_{case}"
    # patterns for the rule, no claims file; the members the config names, in its order, as targets
    # (a figure's kinds: its full caption is its Markdown, the figure may print a brief)
    kinds = ("pdf", "png", "csv", "md")
    assert TOY_CASES.outputs() == {kind: f"results/toy2026/case_{{case}}.{kind}" for kind in kinds}
    assert TOY_CASES.files(config) == [f"results/toy2026/case_{c}.{k}" for c in "ba" for k in kinds]
    assert TOY_CASES.files({"profile": "quick", "toy": {"cases": {}}}) == []
    assert TOY.files(config) == [f"results/toy2026/fig1.{k}" for k in kinds]  # one, always
    settings = TOY_CASES.configure(config, {"case": "a"})
    assert settings == {"profile": "quick", "readings": "", "case": "a", "trials": 2}

    trials = tmp_path / "trials.csv"
    pd.DataFrame({"x": [1, 2], "hit": [0, 1]}).to_csv(trials, index=False)
    outputs = {kind: str(tmp_path / f"case_a.{kind}") for kind in ("pdf", "png", "csv")}
    built = artifact.write_artifact(TOY_CASES, {"trials": str(trials)}, settings, outputs)
    assert pd.read_csv(outputs["csv"])["case"].tolist() == ["a", "a"]
    assert TOY_CASES.caption(settings, built) == "Case a: 2 trials."  # all numbers, no config text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["case_a.csv", "case_a.pdf", "case_a.png", "trials.csv"]


def test_a_familys_wildcards_are_its_names_fields():
    with pytest.raises(ValueError, match=r"wildcards \['case'\] are not the declared \[\]"):
        Artifact("toy2026", "case_{case}", "s", "t", {}, dict, str, _toy_build)
    with pytest.raises(ValueError, match=r"wildcards \[\] are not the declared \['case'\]"):
        Artifact("toy2026", "case", "s", "t", {}, dict, str, _toy_build, wildcards={"case": ".+"})


def test_a_caption_layout_sets_the_figures_margins(tmp_path):
    trials = tmp_path / "trials.csv"
    pd.DataFrame({"x": [1, 1], "hit": [0, 1]}).to_csv(trials, index=False)
    wide = Artifact(
        "toy2026",
        "fig1",
        "toystudy",
        "t",
        TOY.reads,
        TOY.settings,
        TOY.about,
        lambda tables, s: dataclasses.replace(_toy_build(tables, s), caption_layout={"left": 0.3, "hspace": 0.6}),
    )
    settings = wide.configure({"profile": "quick", "toy": {"trials": 2}})
    outputs = {kind: str(tmp_path / f"fig1.{kind}") for kind in ("pdf", "png", "csv", "claims")}
    built = artifact.write_artifact(wide, {"trials": str(trials)}, settings, outputs)
    params = built.figure.subplotpars
    assert (params.left, params.hspace, params.right, params.top) == (0.3, 0.6, 0.97, 0.90)  # the rest: the house's


def test_the_yours_artifacts_are_families_without_claims_apart_from_the_papers():
    assert [a.rule for a in registry.YOURS.values()] == [
        "yours_permutation",
        "yours_imbalance",
        "yours_network",
        "yours_compare",
    ]
    assert not set(registry.YOURS) & set(registry.ARTIFACTS)
    for art in registry.YOURS.values():
        assert art.paper == "yours" and not art.claims and "claims" not in art.outputs()
    assert registry.YOURS["yours/imbalance_{dataset}"].wildcards == {"dataset": r"[a-z0-9][a-z0-9_-]*"}


def test_every_declared_artifact_is_well_formed():
    rules = [a.rule for a in registry.ARTIFACTS.values()]
    assert len(set(rules)) == len(rules)
    for art in registry.ARTIFACTS.values():
        assert art.id == f"{art.paper}/{art.name}" and art.rule.endswith(f"_{art.paper}_{art.name}")
        assert art.paper_claims().of(art.name), f"{art.id} has no claims"
        assert set(art.outputs()) == {*art.kinds, "claims"}
        # its caption text renders from the papers' own config (what the report shows)
        assert art.title and len(art.about(art.configure(PAPER_CONFIG))) > 40, art.id


def test_unknown_kinds_are_refused():
    with pytest.raises(ValueError, match="unknown kinds"):
        Artifact("toy2026", "x", "s", "t", {}, dict, str, _toy_build, kinds=("svg",))

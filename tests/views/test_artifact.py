"""One artifact, one declaration (lib.views.artifact): a toy artifact declared here, in one place,
is built, captioned, scored and reported; and every declared artifact is well formed."""

from __future__ import annotations

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
    claims=TOY_PAPER,
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

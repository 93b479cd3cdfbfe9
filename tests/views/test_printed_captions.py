"""Figures read at a glance: the caption printed under a figure runs to at most four lines (its
brief when the full one is longer: the scale, each deviation by its name in capitals, the readings,
where the full caption is), and the full caption is the figure's Markdown (lib.views.artifact,
lib.reporting.plotting.brief_caption). Every build of a figure checks the four lines
(write_artifact), so every view test's figure is checked too; here every declared figure's caption
under each profile, and the full caption's new home."""

from __future__ import annotations

import re
import sys
import textwrap
import types

import pandas as pd
import pytest
import yaml

from conftest import ROOT, overlaid
from lib.papers.claims import Evidence, Paper, judged
from lib.reporting import plotting
from lib.views import artifact, registry
from lib.views.artifact import Artifact, Built, Reads, markdown

BASE = yaml.safe_load((ROOT / "config/config.yaml").read_text())
EXAMPLE = yaml.safe_load((ROOT / "config/yours.example.yaml").read_text())
PROFILES = {
    name: overlaid(BASE if overlay is None else overlaid(BASE, overlay), EXAMPLE)
    for name, overlay in (
        ("paper", None),
        ("quick", yaml.safe_load((ROOT / "config/quick.yaml").read_text())),
        ("smoke", yaml.safe_load((ROOT / "config/smoke.yaml").read_text())),
    )
}
#: the narrowest caption line of a figure (the house figure's 4.8 inches): the hardest to fit
WIDTH = plotting.caption_width(type("Figure", (), {"get_size_inches": lambda self: (4.8, 4.2)})())
#: the sentences a build adds that need the numbers: long, as the relational and real-network
#: panels' are, and without a deviation of their own (what the config's text says is what is tested)
DETAILS = "Generated networks (54): autocorrelation 0.29 (phi), 0.28 (C), P(+) 0.76 (paper: 0.40). " * 8
FIGURES = [
    (art, member)
    for art in (*registry.ARTIFACTS.values(), *registry.YOURS.values())
    if "png" in art.kinds
    for member in ([{}] if art.members is None else art.members(PROFILES["quick"]))
]


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("art, member", FIGURES, ids=[f"{a.id}{m or ''}" for a, m in FIGURES])
def test_every_figures_printed_caption_is_at_most_four_lines_naming_scale_deviations_and_readings(art, member, profile):
    settings = art.configure(PROFILES[profile], member or None)
    full = art.written_caption(settings, Built(pd.DataFrame(), details=DETAILS))
    name = art.name.format(**member)
    pointer = f"Full caption: results/{art.paper}/{name}.md"
    printed = plotting.brief_caption(full, profile=settings["profile"], pointer=pointer, width=WIDTH)
    assert len(textwrap.wrap(full, WIDTH)) > plotting.PRINTED_LINES  # the details make every one long
    assert len(textwrap.wrap(printed, WIDTH)) <= plotting.PRINTED_LINES, printed
    assert printed.endswith(pointer)
    # the scale, by its profile's name or against the paper's
    assert re.search(r"profile|scale|than the paper", printed, re.IGNORECASE), printed
    # each deviation the config's text states, by its name in capitals
    for sentence in plotting.sentences(full):
        mark = plotting.deviation_mark(sentence)
        assert mark is None or mark.group() in printed, (mark.group(), printed)
    # every reading it was computed under, with its value
    for part in filter(None, (settings.get("readings") or "").split("; ")):
        assert part.split(".", 1)[1] in printed, (part, printed)


def test_every_figure_writes_its_full_caption_as_markdown():
    for art, _ in FIGURES:
        assert "md" in art.kinds and art.outputs()["md"] == f"results/{art.paper}/{art.name}.md", art.id
        assert art.outputs()["md"] in art.files(PROFILES["paper"]) or art.members is not None
    with pytest.raises(ValueError, match="full caption"):
        Artifact("toy2026", "x", "s", "t", {}, dict, str, _build, kinds=("pdf", "png", "csv"))


def test_a_figures_own_table_is_followed_by_its_full_caption_unless_it_holds_it():
    settings = {"readings": "a.b=c"}
    caption = "What the figure shows. Readings: a.b=c."
    figure = Built(pd.DataFrame(), figure=object(), markdown="| x |\n|---|\n| 1 |")
    assert markdown(figure, caption, settings) == f"{figure.markdown}\n\n{caption}\n"
    holding = Built(pd.DataFrame(), figure=object(), markdown="# Title\n\nWhat the figure shows.\n\n| x |")
    assert markdown(holding, caption, settings) == f"{holding.markdown}\n\nReadings: a.b=c.\n"


# ---- a toy figure with a long caption, written as the workflow writes it --------------------------
TOY_PAPER = Paper("toy2026", "Toy et al. 2026")


@TOY_PAPER.claim("fig1", "rate_low", "The rate is below 0.5", value="'below one half'", criterion="mean < 0.5")
def _(evidence: Evidence):
    return judged(True, "0")


def _build(tables: dict, settings: dict) -> Built:
    fig, ax = plotting.new_figure()
    ax.plot([1, 2], [0.1, 0.2])
    return Built(tables["trials"], Evidence({}), figure=fig, details=DETAILS)


TOY = Artifact(
    "toy2026",
    "fig1",
    "toystudy",
    "Figure 1: a rate",
    reads={"trials": Reads("toystudy_trials", "table")},
    settings=lambda config: {},
    about=lambda s: "A rate against x. " + plotting.profile_note(s["profile"], 4, 400) + " DEVIATION: a toy.",
    build=_build,
)


def test_the_figure_prints_its_brief_and_its_markdown_holds_the_full_caption(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "lib.papers.toy2026", types.SimpleNamespace(PAPER=TOY_PAPER))
    printed = []
    original = plotting.add_caption
    monkeypatch.setattr(
        plotting, "add_caption", lambda fig, text, **kw: printed.append(text) or original(fig, text, **kw)
    )
    trials = tmp_path / "trials.csv"
    pd.DataFrame({"x": [1, 2]}).to_csv(trials, index=False)
    outputs = {kind: str(tmp_path / f"fig1.{kind}") for kind in (*TOY.kinds, "claims")}
    settings = TOY.configure({"profile": "quick"})
    artifact.write_artifact(TOY, {"trials": str(trials)}, settings, outputs)
    full = (tmp_path / "fig1.md").read_text()
    assert full.startswith("A rate against x. QUICK PROFILE: 4 trials per point") and DETAILS.strip() in full
    assert printed == [
        "QUICK PROFILE: 4 trials per point (the paper uses 400); intervals are wide. DEVIATION: a toy. "
        "Full caption: results/toy2026/fig1.md"
    ]

"""Wang 2011's Theorems figure (lib.views.wang2011.THEOREMS), built from the theory study's tables
at a small scale: the variances it shows, its panels and its caption."""

from __future__ import annotations

import numpy as np
import pandas as pd
from simulated_cases import quick_config

from lib.core import seeding
from lib.studies import theory
from lib.views import artifact
from lib.views import wang2011 as views

SMALL = {
    "instances": 60,
    "p": 0.1,
    "folds": 3,
    "group_size": 5,
    "replications": 40,
    "test_fractions": [0.3, 0.7],
    "q_values": [0.1, 0.9],
    "rho_values": [0.0, 0.2],
}


def build(tmp_path, thm3_model: dict):
    rng = seeding.generator(seeding.job_entropy(1, "test_theorems", SMALL, 0))
    tables = {
        "montecarlo": theory.monte_carlo(SMALL, rng),
        "thm3_model": theory.thm3_monte_carlo({**SMALL, "thm3_model": thm3_model}, rng),
    }
    inputs = {}
    for key, table in tables.items():
        inputs[key] = str(tmp_path / f"{key}.csv")
        table.to_csv(inputs[key], index=False)
    config = quick_config()
    config["theory"] = {**SMALL, "thm3_model": thm3_model}
    settings = views.THEOREMS.configure(config)
    outputs = {kind: str(tmp_path / f"theorems.{kind}") for kind in (*views.THEOREMS.kinds, "claims")}
    built = artifact.write_artifact(views.THEOREMS, inputs, settings, outputs)
    return built, views.THEOREMS.caption(settings, built), outputs


def test_theorems_shows_each_variance_over_the_iid_one(tmp_path):
    built, caption, outputs = build(tmp_path, {"q_values": [0.3], "rho_values": [0.1]})
    shown = pd.read_csv(outputs["csv"])
    iid = shown["p"] * (1 - shown["p"]) / shown["n"]
    for column in theory.VARIANCES:
        assert np.allclose(shown[f"{column}_ratio"], shown[column] / iid)
    assert set(shown["panel"]) == {"n_over_m", "rho", "thm3_model"}
    # where eq. (1) has no model (q = 0.9 above rho_max = 0.035 at p = 0.1), it says so
    rho_panel = shown[shown["panel"] == "rho"]
    outside = rho_panel[~rho_panel["thm3_model_exists"]]
    assert set(outside["q"]) == {0.9} and set(outside["rho_target"]) == {0.2}
    left, right, third = built.figure.axes[:3]
    assert [t.get_text() for t in left.get_legend().get_texts()] == ["Thm 2, q=0.1", "Thm 2, q=0.9"]
    assert any("no model of eq. (1) (ρ > 0.035)" in t.get_text() for t in right.get_legend().get_texts())
    assert [t.get_text() for t in third.get_legend().get_texts()] == ["Thm 3, q=0.3 (ρ ≤ 0.44)"]
    # the caption is the settings' alone: the model's size and the replications
    assert caption == views.THEOREMS.about(views.THEOREMS.configure({**quick_config(), "theory": SMALL}))
    assert caption.startswith("Wang 2011 Sec. 3 model: m=60 Bernoulli errors, p m of type 1 (error rate q), k=3 test")
    assert "links = pairs in groups of 5," in caption
    assert caption.endswith("QUICK PROFILE: 40 replications per point; intervals are wide.")
    claims = pd.read_csv(outputs["claims"])
    assert set(claims["artifact"]) == {"theorems"} and len(claims) >= 3


def test_theorems_without_points_inside_the_model_says_so(tmp_path):
    built, _, outputs = build(tmp_path, {})
    shown = pd.read_csv(outputs["csv"])
    assert "thm3_model" not in set(shown["panel"])
    third = built.figure.axes[2]
    assert third.get_legend() is None
    assert any("no point inside the model configured" in t.get_text() for t in third.texts)
    claims = pd.read_csv(outputs["claims"]).set_index("id")["verdict"]
    assert claims["wang2011/theorems/thm3_matches_mc"] == "unverifiable"


def test_theorems_states_the_paper_scale():
    config = {**quick_config(), "profile": "paper", "theory": SMALL}
    about = views.THEOREMS.about(views.THEOREMS.configure(config))
    assert about.endswith("forms. Paper scale: 40 replications per point.")

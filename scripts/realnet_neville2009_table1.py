"""Rule script: Neville et al. 2009 Table 1 -- error correlation and label autocorrelation per
task, reproduced next to the paper's values (Markdown + CSV), and scorecard claims.

Error correlation of a task: phi of 0/1 errors over linked unlabeled pairs, averaged over the
labeled sets of a (model, level) cell, then over the 4 models x 5 levels (the paper: "averaged
over all classifiers and proportions of labeled data"). Autocorrelation: the measure of reading
network_tests.autocorrelation_measure (lib.data.networks.label_autocorrelation: phi over linked
pairs, Pearson's contingency coefficient C or the corrected C*), the other two listed beside it.
Its claims: lib.papers.neville2009."""

import pandas as pd

from lib.core import runlog, tables
from lib.data import datasets
from lib.papers import neville2009
from lib.papers.claims import Evidence
from lib.studies import realnet

sm = snakemake  # noqa: F821
MEASURE_WORDS = {
    "phi": "phi (Pearson's correlation)",
    "contingency": "Pearson's contingency coefficient C",
    "corrected_contingency": "Pearson's corrected contingency coefficient C*",
}
with runlog.logged(sm.log[0], "neville2009_table1") as log:
    s = sm.params.setting
    trials = pd.read_csv(sm.input.trials)
    tasks = pd.read_csv(sm.input.tasks).set_index("dataset")
    cells = (
        trials.groupby(["dataset", "classifier", "collective", "prop_labeled"], sort=True)
        .agg(
            error_correlation=("error_correlation", "mean"),
            undefined=("error_correlation", lambda x: x.isna().mean()),
            accuracy=("accuracy", "mean"),
        )
        .reset_index()
    )
    rows = []
    for name, paper_name, task, paper_ec, paper_ac in realnet.PAPER_TABLE1:
        row = {
            "dataset": paper_name,
            "task": task,
            "paper_error_correlation": paper_ec,
            "paper_autocorrelation": paper_ac,
        }
        if name not in tasks.index:
            rows.append({**row, "status": "data not public" if name == "reality-mining" else "not in config"})
            continue
        c = cells[cells["dataset"] == name]
        row.update(
            {
                "error_correlation": c["error_correlation"].mean(),
                "error_correlation_cell_sd": c["error_correlation"].std(ddof=1),
                "error_correlation_min_cell": c["error_correlation"].min(),
                **{column: tasks.loc[name, column] for column in neville2009.AUTOCORRELATION_COLUMNS.values()},
            }
        )
        for (clf, coll), part in c.groupby(["classifier", "collective"]):
            key = f"{clf}{'_collective' if coll else ''}"
            row[f"error_correlation_{key}"] = part["error_correlation"].mean()
            row[f"accuracy_{key}"] = part["accuracy"].mean()
        row.update(
            {
                "nodes": int(tasks.loc[name, "nodes"]),
                "edges": int(tasks.loc[name, "edges"]),
                "p_pos": tasks.loc[name, "p_pos"],
                "undefined_phi_share": c["undefined"].mean(),
                "status": "computed from data",
            }
        )
        rows.append(row)
    table = pd.DataFrame(rows)
    tables.write_csv(table, sm.output.csv)

    measure = sm.params.autocorrelation_measure
    judged_column = neville2009.AUTOCORRELATION_COLUMNS[measure]
    shown = table.assign(reproduced_autocorrelation=table[judged_column])[
        [
            "dataset",
            "task",
            "paper_error_correlation",
            "error_correlation",
            "paper_autocorrelation",
            "reproduced_autocorrelation",
            *[c for c in neville2009.AUTOCORRELATION_COLUMNS.values() if c != judged_column],
            "status",
        ]
    ].copy()
    for col in shown.columns[2:-1]:
        shown[col] = shown[col].map(lambda v: "" if pd.isna(v) else f"{v:.2f}")
    n_models = len(cells[["classifier", "collective"]].drop_duplicates())
    models = (
        "wvRN and the link-based classifier (Lu & Getoor 2003 count-link logistic regression), each with "
        "and without collective inference (relaxation labeling)"
    )
    enron = (
        ""
        if "enron" not in tasks.index
        else (
            f"Enron: the Priebe et al. {datasets.get('enron').shape[0]}-address graph (igraphdata), 'Executive?' from "
            "job "
            f"titles (lib.data.datasets.enron_is_executive), only the {int(tasks.loc['enron', 'nodes'])} addresses "
            "with a "
            "known title; the paper's Enron graph may differ. "
        )
    )
    text = "\n".join(
        [
            "# Neville et al. 2009, Table 1: error correlation and relational autocorrelation",
            "",
            f"Scale profile: {sm.params.profile}. Error correlation: phi of 0/1 errors over linked pairs of unlabeled "
            f"nodes, averaged over {s['samples']} uniform labeled sets per cell and over {n_models} models ({models}) "
            "x "
            f"{len(s['prop_labeled'])} proportions labeled ({', '.join(f'{p:g}' for p in s['prop_labeled'])}). "
            f"Autocorrelation (reproduced): {MEASURE_WORDS[measure]} of the labels over linked pairs "
            "(reading network_tests.autocorrelation_measure; the paper does not name its measure); the other two "
            "measures beside it (autocorrelation = phi, autocorrelation_contingency = C = sqrt(chi2 / (chi2 + N)), "
            "autocorrelation_corrected_contingency = C* = sqrt(2) C). " + enron + "Reality Mining is not public.",
            "",
            tables.markdown_table(shown),
            "",
        ]
    )
    tables.write_text(text, sm.output.md)

    evidence = Evidence(
        {"summary": table, "cells": cells},
        {
            **{k: s[k] for k in ("tolerance_error_correlation", "tolerance_autocorrelation")},
            "autocorrelation_measure": measure,
        },
    )
    claims = neville2009.PAPER.evaluate("table1", evidence, sm.params.profile)
    tables.write_csv(claims, sm.output.claims)
    log.info("claims: %s", ", ".join(f"{n} {v}" for v, n in claims["verdict"].value_counts().items()))

"""Rule script: Ojala & Garriga 2009 Table II (decision tree) or Table III (1-NN) on the 22 UCI
data sets, plus its claims (lib.papers.ojala2009), among them the Sec. V prose claims about naive
Bayes (Table III) and the SVM (Table II)."""

import pandas as pd

from lib.core import runlog, tables
from lib.data import datasets
from lib.papers import ojala2009
from lib.papers.claims import Evidence
from lib.studies import permutation

ORDER, COLS = list(ojala2009.UCI_DATASETS), ojala2009.UCI_COLUMNS
# each p-value's 5-95 % range over fold draws (NaN without further original CVs): the csv keeps it
# and the significance claims judge by it
SPREAD = [f"t{t}_p_{end}" for t in (1, 2) for end in ("low", "high")]
# The caption's words for the reading permutation.uci_files: which files are Anneal and Segment
# (lib.data.datasets.ojala_file)
FILES = {
    "uci": ", except the UCI repository's files for Anneal (anneal.ORIG.arff, '?' a missing value) and "
    "Segment (the 210-row segmentation.data), reading permutation.uci_files = uci",
    "weka": ", Anneal and Segment included (Weka's anneal.arff and segment.arff; reading permutation.uci_files = weka)",
}

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], f"ojala2009_{sm.params.table}"):
    table, alpha = sm.params.table, float(sm.params.alpha)
    clf = ojala2009.UCI_TABLES[table]["classifier"]
    clf_name, title = ojala2009.CLASSIFIER_NAMES[clf], ojala2009.uci_title(table)
    summary = permutation.uci_table_summary(
        pd.concat([pd.read_csv(f) for f in sm.input.chunks], ignore_index=True),
        repetitions=int(sm.params.repetitions),
        spread_entropy=sm.params.spread_entropy,
    )
    run = [d for d in ORDER if d in set(summary.dataset)]  # the configured data sets, paper order
    N = len(run)
    sig = {c: summary[summary.classifier == c].set_index("dataset").reindex(run) for c in summary.classifier.unique()}
    if clf not in sig:  # the table's own classifier was not configured: an empty table that says so
        out = pd.DataFrame(columns=["dataset", "classifier", "repetitions", "randomizations"] + COLS + SPREAD)
        tables.write_csv(out, sm.output.csv)
        tables.write_text(f"# {title}\n\n{clf_name} ({clf}) {ojala2009.MISSING}: this table is empty.\n", sm.output.md)
    else:
        ours, paper = sig[clf], ojala2009.uci_paper_table(table).reindex(run)
        out = ours.reset_index()[["dataset", "classifier", "repetitions", "randomizations"] + COLS + SPREAD]
        out["paper_name"] = [datasets.get(d).paper_name for d in run]
        for c in COLS:
            out[f"paper_{c}"] = paper[c].to_numpy()
        tables.write_csv(out, sm.output.csv)

        def pcell(p, low=float("nan"), high=float("nan")):
            shown = f"{p:.3f}" if p <= alpha else f"**{p:.3f}**"
            return shown if pd.isna(low) or pd.isna(high) else f"{shown} [{low:.3f}, {high:.3f}]"

        shown = pd.DataFrame(
            {
                "Dataset": out.paper_name,
                "Orig. Err.": out.orig.map("{:.2f}".format),
                "Test 1 Err. (Std)": [f"{m:.2f} ({s:.2f})" for m, s in zip(out.t1_mean, out.t1_std)],
                "Test 1 p val.": [pcell(*v) for v in zip(out.t1_p, out.t1_p_low, out.t1_p_high)],
                "Test 2 Err. (Std)": [f"{m:.2f} ({s:.2f})" for m, s in zip(out.t2_mean, out.t2_std)],
                "Test 2 p val.": [pcell(*v) for v in zip(out.t2_p, out.t2_p_low, out.t2_p_high)],
                "Paper Orig. / p1 / p2": [
                    f"{o:.2f} / {a:.3f} / {b:.3f}" for o, a, b in zip(out.paper_orig, out.paper_t1_p, out.paper_t2_p)
                ],
            }
        )
        k, reps = int(sm.params.randomizations), int(sm.params.repetitions)
        subset = "" if N == len(ORDER) else f" Only {N} of the paper's {len(ORDER)} data sets are configured."
        floor = (
            ""
            if 1 / (k + 1) <= alpha
            else f" The smallest attainable p-value is {1 / (k + 1):.3f}, so no "
            f"result can be significant at α = {alpha:g} and the significance claims fail by construction."
        )
        reduced = ojala2009.reduced_note(summary, k, alpha)
        subset += f" {reduced}" if reduced else ""
        scale = (
            f"Paper scale: {k} randomizations per test, {reps} repetitions of the original CV.{subset}{floor}"
            if sm.params.profile == "paper"
            else f"{sm.params.profile.upper()} PROFILE: {k} randomizations per test (the paper uses "
            f"{ojala2009.RANDOMIZATIONS}), {reps} "
            f"repetition(s) of the original CV (the paper uses {ojala2009.CV_REPETITIONS}).{subset}{floor}"
        )
        caption = (
            f"{title}: {clf_name}, stratified {int(sm.params.folds)}-fold CV error on the original data (mean over "
            "the repetitions), mean (std) of the error over the randomized data sets of Test 1 and Test 2, and the "
            "empirical p-value averaged over the repetitions of the "
            f"original CV (Sec. V). Bold: not significant at α = {alpha:g}. "
            + (
                f"In brackets, each p-value's 5-95 % range over fold draws (the mean of {reps} of "
                f"{int(sm.params.pool)} original CVs); a claim whose range straddles α is unstable at α. "
                if int(sm.params.pool) > reps
                else ""
            )
            + f"{scale} Deviations: "
            + (
                "J48 = Weka J48 -C 0.25 -M 2 re-implemented (lib/models/c45.py; trees identical to Weka 3.6.14's on "
                "the 22 data sets in our cross-check); the SVM statement uses "
                "Weka's SMO re-implemented (lib/models/smo.py; Weka's predictions in our cross-check)"
                if clf == "j48"
                else "1-NN = Weka IB1 distance, "
                + (
                    "ties to the tied row first in a fresh random order of the training rows per fold and CV run, "
                    "as Weka's crossValidateModel gives IB1 (tie_rule=shuffled)"
                    if sm.params.tie_rule == "shuffled"
                    else f"ties to the lowest training index (tie_rule={sm.params.tie_rule})"
                    if sm.params.tie_rule == "first"
                    else f"ties by vote (IBk -K 1, tie_rule={sm.params.tie_rule})"
                )
                + ", normalisation ranges from the whole data set"
            )
            + "; folds from our seeded stratification, not Weka's random stream; each randomized data set gets a "
            f"fresh stratified CV; data sets are the Weka ARFF files (lib/data/datasets.yaml){FILES[sm.params.files]}."
        )
        tables.write_text(f"# {title}\n\n{caption}\n\n" + tables.markdown_table(shown), sm.output.md)

    evidence = Evidence(
        {"summary": out, "classifiers": summary}, {"alpha": alpha, "randomizations": int(sm.params.randomizations)}
    )
    tables.write_csv(ojala2009.PAPER.evaluate(table, evidence, sm.params.profile), sm.output.claims)

"""Rule script permutation_uci_original (and yours_permutation_original, the same rule on a user's
data set): one (data set, classifier) -- the CV error of each repetition of the original stratified
CV (Ojala & Garriga 2009 Sec. V)."""

from lib.core import runlog, tables
from lib.studies import permutation

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], sm.rule) as log:
    p = sm.params.study
    data = permutation.load_data(sm.params.source, p["dataset"])
    orig_folds = permutation.uci_original_folds(data.y, p["folds"], sm.params.folds_entropy, sm.params.pool)
    frame = permutation.uci_original(
        data,
        p["dataset"],
        p["classifier"],
        orig_folds,
        sm.params.entropy,
        estimator=p.get("estimator"),
        log=log,
        **sm.params.readings,
    )
    tables.write_csv(frame, sm.output.errors)
    reps = int(p["folds"]["repetitions"])
    log.info(
        "%s %s: original error %.4f (mean of %d repetitions; %d CVs in all for the p-values' spread)",
        p["dataset"],
        p["classifier"],
        frame.error.iloc[:reps].mean(),
        reps,
        len(frame),
    )

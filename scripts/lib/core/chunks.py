"""How a job's items (randomisations, trials) are cut into chunks of jobs.

Where every item draws from its own generator (``SeedSequence([*entropy, ..., item])``), the cut
changes the number and size of jobs, never a result; a rule file uses these functions to plan its
jobs, so this module stays free of heavy imports (the Snakefile imports it while parsing).
"""

from __future__ import annotations


def _by_classifier(mapping: dict | None, classifier: str, dataset: str | None):
    """The value a config mapping keyed by ``"<dataset>/<classifier>"`` (wins) or
    ``"<classifier>"`` gives one (data set, classifier); ``None`` when neither key is there."""
    mapping = mapping or {}
    return mapping.get(f"{dataset}/{classifier}", mapping.get(classifier))


def randomizations_per_job(per_job: dict | None, classifier: str, dataset: str | None = None) -> int | None:
    """Chunk size of one (data set, classifier) from a config mapping: the key
    ``"<dataset>/<classifier>"`` wins over ``"<classifier>"``; ``None`` = all in one job."""
    size = _by_classifier(per_job, classifier, dataset)
    return None if size is None else int(size)


def randomizations_of(block: dict, classifier: str, dataset: str | None = None) -> int:
    """Randomisations of one (data set, classifier) of a permutation config block: its
    ``reduced_randomizations`` entry (same keys as ``randomizations_per_job``; a stated deviation
    from the paper's number, which ``randomizations`` holds) where it is smaller, else
    ``randomizations`` (a profile with fewer randomisations, e.g. the quick one, stays as it is).
    Randomisation ``r`` has its own generator, so a reduced run's randomisations are the first ones
    of the full run."""
    reduced = _by_classifier(block.get("reduced_randomizations"), classifier, dataset)
    k = int(block["randomizations"])
    return k if reduced is None else min(k, int(reduced))


def chunk_ranges(k: int, size: int | None) -> list[tuple[int, int]]:
    """Randomisations ``0..k-1`` cut into consecutive ``(start, stop)`` ranges of at most ``size``
    (``None``: one range). The results do not depend on the cut (``lib.studies.permutation.draw_randomizations``)."""
    k = int(k)
    size = k if size is None else int(size)
    if k < 0 or size < 1:
        raise ValueError(f"cannot cut {k} randomisations into chunks of {size}")
    return [(s, min(k, s + size)) for s in range(0, k, size)] or [(0, 0)]


def randomized_jobs(block: dict, classifiers, datasets=None) -> list[dict]:
    """The wildcards of a permutation config block's randomised jobs, one dict per job, in the
    order the views concatenate their tables: per data set (when ``datasets`` is given), classifier
    and test (1, 2), randomisations ``start..stop-1`` cut by :func:`chunk_ranges` from
    :func:`randomizations_of` and :func:`randomizations_per_job`."""
    jobs = []
    for dataset in [None] if datasets is None else datasets:
        for classifier in classifiers:
            k = randomizations_of(block, classifier, dataset)
            size = randomizations_per_job(block.get("randomizations_per_job"), classifier, dataset)
            for test in (1, 2):
                for start, stop in chunk_ranges(k, size):
                    job = {"classifier": classifier, "test": test, "start": start, "stop": stop}
                    jobs.append(job if dataset is None else {"dataset": dataset, **job})
    return jobs

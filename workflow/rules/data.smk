"""Real datasets. Every dataset of the catalogue (scripts/lib/data/datasets.yaml) gets one rule,
`dataset_<name>`, that copies its files from the mirror folder (config `data.mirror`; relative
paths are taken from the working directory) or, for files the mirror lacks, downloads them from
the canonical source, then verifies checksum, shape and class counts, and writes
data/raw/<name>/<files> plus the marker data/raw/<name>/.verified (scripts/lib/data/acquisition.py).
All of them are declared outputs, so Snakemake removes them when the job fails. Non-public
datasets get a rule that fails with one clear sentence.

Nothing here is in `rule all`: a study pulls a dataset in with `input: dataset_files(name)`
(include this file before the studies that call it). `snakemake datasets` fetches every
pinned public dataset (not Covtype, which is a large unpinned download)."""

import functools as _functools

from lib.data import acquisition as ACQUISITION
from lib.data import datasets as DATASETS

RAW_DATA = DATASETS.RAW_DIR

# dataset_files(name): the inputs of a rule that reads dataset `name` -- its marker
# data/raw/<name>/.verified first, then its raw files; the rule's script then calls
# datasets.load(name). Unknown names fail at parse time with the list of known ones.
dataset_files = _functools.partial(ACQUISITION.raw_files, root=RAW_DATA)


for _name in DATASETS.names():
    _outputs = ACQUISITION.raw_files(_name, RAW_DATA)

    rule:
        name:
            f"dataset_{_name.replace('-', '_')}"
        input:
            lib=lib_inputs("scripts/dataset_fetch.py"),
        output:
            marker=_outputs[0],
            files=_outputs[1:],
        log:
            f"logs/data/{_name}.log",
        benchmark:
            f"benchmarks/data/{_name}.tsv"
        # on the submitting host: cluster compute nodes often have no internet
        localrule: True
        conda:
            CONDA_ENV
        params:
            name=_name,
        script:
            "../../scripts/dataset_fetch.py"


rule datasets:
    """Every pinned public dataset (Covtype excluded: unpinned 11 MB download, never needed
    by default)."""
    input:
        [dataset_files(n)[0] for n in DATASETS.names(public=True) if DATASETS.get(n).pinned],

"""Rule script: Raeder et al. (2012) Table 1 computed from the data (examples, features,
minority count and %), next to the printed values; non-public datasets are rows marked
"not public" and Covtype "not built offline". Its claims (one per row) are in lib.papers.raeder2012."""

import pandas as pd

from lib.core import runlog, tables
from lib.data import datasets
from lib.papers import raeder2012
from lib.papers.claims import Evidence

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "raeder2012_table1") as log:
    built = set(sm.params.datasets)
    rows = []
    for name in datasets.names():
        ds = datasets.get(name)
        if ds.used_by != datasets.RAEDER or ds.paper_table1 is None:
            continue
        t1 = ds.paper_table1
        row = {
            "dataset": ds.paper_name,
            "registry_name": name,
            "examples": None,
            "features": None,
            "minority": None,
            "percent": None,
            "paper_examples": t1["examples"],
            "paper_features": t1["features"],
            "paper_minority": t1["minority"],
            "paper_percent": t1["percent"],
        }
        if not ds.public:
            row["status"] = "not public"
        elif name not in built:
            row["status"] = (
                "not built offline (unpinned large download)" if not ds.pinned else "not in config imbalance.datasets"
            )
        else:
            data = datasets.load(name, "data/raw")
            n_min = int(data.y_minority.sum())
            row.update(
                examples=data.X.shape[0],
                features=data.X.shape[1],
                minority=n_min,
                percent=round(100 * n_min / data.X.shape[0], 1),
                status=raeder2012.COMPUTED,
            )
            log.info("%s: %s", name, row)
        rows.append(row)
    table = pd.DataFrame(rows).sort_values("dataset", key=lambda s: s.str.lower(), kind="stable")
    tables.write_csv(table, sm.output.csv)
    shown = table.fillna("—").astype(str).replace({r"\.0$": ""}, regex=True)
    by_name = shown.set_index("registry_name")  # the counts the deviations name, as the table shows them
    covtype = datasets.get("covtype")
    tables.write_text(
        "# Raeder et al. (2012) Table 1, computed from the data\n\n"
        "Columns without prefix are computed from the verified raw files (minority = the class(es) "
        "named in the registry, as in the chapter's Table 1); `paper_*` are as printed. Profile: "
        f"{sm.params.profile} (the table does not depend on it). Deviations: five biology/finance/"
        f"drug data sets are not public; Covtype ({covtype.paper_table1['examples']:,}-row subsample of a "
        f"{covtype.shape[0]:,}-row download) is not built offline; Breast-W has "
        f"{by_name.loc['breast-w', 'minority']} malignant rows (printed {by_name.loc['breast-w', 'paper_minority']}); "
        f"Mammography has {by_name.loc['mammography', 'minority']} minority rows (printed "
        f"{by_name.loc['mammography', 'paper_minority']}, which disagrees with its own "
        f"{by_name.loc['mammography', 'paper_percent'].rstrip('%')} %).\n\n" + tables.markdown_table(shown),
        sm.output.md,
    )

    tables.write_csv(
        raeder2012.PAPER.evaluate("table1", Evidence({"summary": table}), sm.params.profile), sm.output.claims
    )

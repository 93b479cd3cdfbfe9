"""Rule script: the reproduction archive (lib/infra/archive.py says what goes in and why)."""

import json
from pathlib import Path

import yaml

from lib.core import runlog
from lib.data import datasets
from lib.infra import archive

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "archive") as log:
    root = Path(".").resolve()  # the run: its results and raw data
    # the workflow's code: the working directory, unless the workflow runs as another's module
    code = Path(sm.scriptdir).resolve().parent
    provenance = archive.git_provenance(code)
    members = {}
    for name in archive.code_files(code, in_git=provenance["commit"] is not None):
        members[name] = (code / name).read_bytes()
    config = json.loads(json.dumps(sm.params.config))  # plain types for YAML
    config["data"]["mirror"] = "data/mirror"  # the rebuild reads the archive's own mirror
    # keep the config's own key order, so that the archived config reads like the one used
    members["config.used.yaml"] = yaml.safe_dump(config, sort_keys=False).encode()
    members["environment.txt"] = archive.environment_text().encode()
    rows = archive.data_rows(root / datasets.RAW_DIR)
    members["data/CHECKSUMS.tsv"] = archive.checksums_tsv(rows).encode()
    for row in rows:
        if row["_local"] is not None:
            members[f"data/mirror/{row['path']}"] = row["_local"].read_bytes()
    for path in sorted((root / "results").rglob("*")):
        if path.is_file():
            # under archived/: a rebuild writes a fresh results/ to compare with it
            members[f"archived/{path.relative_to(root)}"] = path.read_bytes()
    members["PROVENANCE.json"] = (
        json.dumps(
            {
                **provenance,
                "profile": config["profile"],
                "code": "tracked files of the git checkout" if provenance["commit"] else "workflow parts (no git)",
            },
            indent=2,
            sort_keys=True,
        ).encode()
        + b"\n"
    )
    members["REBUILD.md"] = archive.rebuild_text(config["profile"], rows).encode()
    members["MANIFEST.sha256"] = archive.manifest(members).encode()
    executable = {
        n
        for n in members
        if n in set(archive.code_files(code, provenance["commit"] is not None)) and (code / n).stat().st_mode & 0o111
    }
    out = Path(sm.output[0])
    archive.write_tarball(out, out.name.removesuffix(".tar.gz"), members, executable)
    carried = sum(r["carried"] == "yes" for r in rows)
    log.info(
        "%s: %d files, commit %s, %d raw files carried, %d checksummed only",
        out,
        len(members),
        provenance["commit"],
        carried,
        len(rows) - carried,
    )

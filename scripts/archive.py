"""Rule script: the reproduction archive (lib/infra/archive.py says what goes in and why), described
as a Workflow RO-Crate (lib/infra/crate.py)."""

import json
from importlib import metadata
from pathlib import Path

import yaml

from lib.core import runlog
from lib.data import datasets
from lib.infra import archive, crate
from lib.reporting.scorecard import check_source
from lib.views import registry as views


def artifacts_of(config: dict, members: dict, records: dict) -> list[dict]:
    """Every paper artifact the archive holds, with its rule, settings, config keys, readings and
    what its job read (the run's records): the crate's per-claim provenance."""
    out = []
    for art in views.ARTIFACTS.values():
        files = [f"archived/{f}" for f in (*art.files(config), art.outputs().get("claims", ""))]
        if art.wildcards or not all(f in members for f in files if f != "archived/"):
            continue
        settings = art.configure(config)
        keys = sorted(art.keys_read(config)) if hasattr(art, "keys_read") else []
        claims_file = art.outputs().get("claims") or art.files(config)[0]
        out.append(
            {
                "id": art.id,
                "rule": art.rule,
                "study": art.study,
                "title": art.title,
                "files": [f for f in files if f != "archived/"],
                "settings": settings,
                "keys": keys,
                "readings": settings.get("readings", ""),
                "provenance": crate.job_provenance(records, claims_file, int(config["seed"])),
            }
        )
    return out


def crate_members(root: Path, code: Path, config: dict, members: dict, rows: list[dict]) -> dict:
    """``ro-crate-metadata.json`` and ``rulegraph.dot`` of the archive ``members``."""
    records = crate.run_records(root / ".snakemake" / "metadata")
    cff = code / "CITATION.cff"
    scorecard = members.get("archived/results/scorecard.csv")
    return crate.build(
        members,
        citation=yaml.safe_load(cff.read_text()) if cff.is_file() else {},
        profile=config["profile"],
        versions={name: metadata.version(name) for name in ("snakemake", "pytest") if _installed(name)},
        records=records,
        data_rows=rows,
        artifacts=artifacts_of(config, members, records),
        claims=crate.claims_of(scorecard, check_source) if scorecard is not None else [],
    )


def _installed(name: str) -> bool:
    try:
        metadata.version(name)
    except metadata.PackageNotFoundError:
        return False
    return True


def main(sm) -> None:
    with runlog.logged(sm.log[0], "archive") as log:
        root = Path(".").resolve()  # the run: its results and raw data
        # the workflow's code: the working directory, unless the workflow runs as another's module
        code = Path(sm.scriptdir).resolve().parent
        provenance = archive.git_provenance(code)
        members = {}
        code_files = archive.code_files(code, in_git=provenance["commit"] is not None)
        for name in code_files:
            members[name] = (code / name).read_bytes()
        config = json.loads(json.dumps(sm.params.config))  # plain types for YAML
        run_config = json.loads(json.dumps(config))
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
        members.update(crate_members(root, code, run_config, members, rows))
        members["MANIFEST.sha256"] = archive.manifest(members).encode()
        executable = {n for n in members if n in set(code_files) and (code / n).stat().st_mode & 0o111}
        out = Path(sm.output[0])
        archive.write_tarball(out, out.name.removesuffix(".tar.gz"), members, executable)
        carried = sum(r["carried"] == "yes" for r in rows)
        log.info(
            "%s: %d files, %d bytes, commit %s, %d raw files carried, %d checksummed only",
            out,
            len(members),
            out.stat().st_size,
            provenance["commit"],
            carried,
            len(rows) - carried,
        )


if __name__ == "__main__":
    main(snakemake)  # noqa: F821 (injected by Snakemake)

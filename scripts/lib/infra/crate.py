"""The reproduction archive as a Workflow RO-Crate: ``ro-crate-metadata.json`` at its top folder.

The crate (RO-Crate 1.1, Workflow RO-Crate 1.0 profile; built with the ``rocrate`` library) says,
in the vocabulary repositories read (WorkflowHub, Zenodo's RO-Crate support), what
:mod:`lib.infra.archive` packs:

* the root dataset: name, description, licence, version, authors and keywords from CITATION.cff,
  ``datePublished`` the end of the run (so the same run always gives the same crate);
* ``mainEntity``: ``workflow/Snakefile`` typed File / SoftwareSourceCode / ComputationalWorkflow,
  programming language Snakemake (its version), licence, README, the rule graph of the run
  (``rulegraph.dot``: Graphviz text, since no renderer is assumed) as its ``image``;
* the test folder as a TestSuite (Workflow Testing RO-Crate) whose definition is ``pytest.ini``;
* the run as a Process/Workflow Run Crate ``CreateAction``: start and end time (Snakemake's own
  records of the run's jobs), instrument the workflow, object the raw data files (sha256, from the
  registry) and the config, result the archived results (sha256);
* one ``CreateAction`` per artifact job: instrument its rule, object the study tables it read
  (sha256), result its files, and its settings, config keys, readings and the seed entropies of
  the study jobs behind those tables as ``PropertyValue``\\ s;
* one ``Claim`` per scorecard row: its artifact's action (``isBasedOn``), its claims file
  (``appearance``), its verdict, and the source lines of its check (``subjectOf``, a
  SoftwareSourceCode entity whose ``url`` is ``<file>#L<first>-L<last>``).

Times come only from the run's records: the crate holds no clock reading of its own making, so the
tarball stays deterministic. The run's records are Snakemake's file-based metadata
(``.snakemake/metadata/``, one JSON file per output, named by its base64-encoded path); without them
the crate omits the times and entropies and says so. No Snakemake import in here.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path

RO_CRATE_VERSION = "1.1"
#: The contexts the crate names: RO-Crate 1.1, and the Workflow Run terms (``sha256``). A validator
#: resolves them over HTTP; tests/data/rocrate_contexts/ carries copies for offline checks.
CONTEXTS = ("https://w3id.org/ro/crate/1.1/context", "https://w3id.org/ro/terms/workflow-run/context")
TEST_CONTEXT = "https://w3id.org/ro/terms/test"
PROCESS_RUN = "https://w3id.org/ro/wfrun/process/0.5"
WORKFLOW_RUN = "https://w3id.org/ro/wfrun/workflow/0.5"
WORKFLOW_FILE = "workflow/Snakefile"
RULEGRAPH = "rulegraph.dot"
SPDX = "https://spdx.org/licenses/"
BIOSCHEMAS_WORKFLOW = "https://bioschemas.org/profiles/ComputationalWorkflow/1.0-RELEASE"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def iso(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).replace(microsecond=0).isoformat()


# -- the run's records ---------------------------------------------------------------------------


def run_records(metadata_dir: Path) -> dict[str, dict]:
    """Snakemake's record of every output (path -> rule, input, params, starttime, endtime): the
    file-based metadata, where a long base64 name is split into folders whose names start with ``@``.
    {} when the folder does not exist (metadata dropped, or another persistence backend)."""
    records = {}
    if not metadata_dir.is_dir():
        return records
    for path in sorted(p for p in metadata_dir.rglob("*") if p.is_file()):
        parts = path.relative_to(metadata_dir).parts
        name = "".join(part.removeprefix("@") for part in parts)
        try:
            output = base64.urlsafe_b64decode(name).decode()
            record = json.loads(path.read_text())
        except (ValueError, UnicodeDecodeError):
            continue  # not a record (a half-written one is ignored, as Snakemake does)
        if isinstance(record, dict) and record.get("rule") and not record.get("incomplete"):
            records[output] = record
    return records


def entropies(params: Iterable[str], seed: int) -> list[list[int]]:
    """The seed entropies among a job's recorded params (each recorded as its repr): every
    ``[seed, hash, chunk]`` list (lib.core.seeding.job_entropy) at any depth, in order."""
    found: list[list[int]] = []

    def walk(value):
        if isinstance(value, list | tuple):
            if len(value) == 3 and value[0] == seed and all(isinstance(v, int) for v in value):
                found.append(list(value))
                return
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    for text in params or ():
        try:
            walk(ast.literal_eval(text))
        except (ValueError, SyntaxError):
            continue  # a param Snakemake recorded as something other than a literal
    return [list(e) for e in dict.fromkeys(tuple(e) for e in found)]


def run_times(records: Mapping[str, dict], outputs: Iterable[str]) -> tuple[str, str] | None:
    """Start of the first and end of the last job that wrote one of ``outputs`` (ISO 8601, UTC)."""
    chosen = [records[o] for o in outputs if o in records and records[o].get("starttime") and records[o].get("endtime")]
    if not chosen:
        return None
    return iso(min(r["starttime"] for r in chosen)), iso(max(r["endtime"] for r in chosen))


def rule_graph(records: Mapping[str, dict], outputs: Iterable[str]) -> str:
    """The rule graph of the jobs that wrote ``outputs`` and everything upstream of them, as
    Graphviz text (the shape of ``snakemake --rulegraph``, built from the run's own records)."""
    edges, rules, todo, seen = set(), set(), [o for o in outputs if o in records], set()
    while todo:
        output = todo.pop()
        if output in seen:
            continue
        seen.add(output)
        rule = records[output]["rule"]
        rules.add(rule)
        for source in records[output].get("input") or []:
            if source in records:
                edges.add((records[source]["rule"], rule))
                todo.append(source)
    ids = {rule: i for i, rule in enumerate(sorted(rules))}
    lines = ["digraph snakemake_dag {", "    graph[bgcolor=white, margin=0];", "    node[shape=box, style=rounded];"]
    lines += [f'    {ids[r]}[label = "{r}"];' for r in sorted(rules)]
    lines += [f"    {ids[a]} -> {ids[b]}" for a, b in sorted(edges) if a != b]
    return "\n".join(lines) + "\n}\n"


def job_provenance(records: Mapping[str, dict], claims_file: str, seed: int) -> dict:
    """What the job behind an artifact's claims file read: the study tables among its inputs (and
    the rule that wrote each), and the seed entropies of every job upstream of them, by the first
    of its outputs the walk meets ({} without a record). Jobs draw from their entropy alone
    (lib.core.seeding), so these lists are every random stream behind the artifact's numbers."""
    record = records.get(claims_file)
    if record is None:
        return {}
    tables = sorted(i for i in record.get("input") or [] if i.startswith("results/"))
    upstream: dict[str, list[list[int]]] = {}
    seen_jobs, todo, seen = set(), list(tables), set()
    while todo:
        output = todo.pop()
        if output in seen or output not in records:
            continue
        seen.add(output)
        job = records[output]
        key = (job.get("rule"), tuple(job.get("params") or ()), tuple(job.get("input") or ()))
        found = entropies(job.get("params") or [], seed)
        if found and key not in seen_jobs:  # a job's other outputs carry the same record
            upstream[output] = found
        seen_jobs.add(key)
        todo += [i for i in job.get("input") or [] if i.startswith("results/")]
    return {
        "rule": record["rule"],
        "tables": tables,
        "table_rules": {t: records.get(t, {}).get("rule", "") for t in tables},
        "entropies": dict(sorted(upstream.items())),
    }


# -- the crate -----------------------------------------------------------------------------------


#: Media types by suffix, for the files' ``encodingFormat``.
FORMATS = {
    ".csv": "text/csv",
    ".md": "text/markdown",
    ".pdf": "application/pdf",
    ".png": "image/png",
    ".html": "text/html",
    ".json": "application/json",
    ".yaml": "application/yaml",
    ".py": "text/x-python",
    ".tsv": "text/tab-separated-values",
    ".txt": "text/plain",
    ".cff": "application/yaml",
    ".ini": "text/plain",
    ".dot": "text/vnd.graphviz",
    ".sha256": "text/plain",
}


def _file(crate, path: str, members: Mapping[str, bytes], **properties):
    """A data entity of an archive member, with its size, media type and sha256 (a Workflow Run term)."""
    from rocrate.model.file import File

    data = members[path]
    fmt = FORMATS.get(Path(path).suffix, "text/plain" if "." not in Path(path).name else "application/octet-stream")
    props = {"contentSize": str(len(data)), "encodingFormat": fmt, "sha256": sha256(data), **properties}
    return crate.add(File(crate, dest_path=path, properties=props))


def _dataset(crate, path: str, **properties):
    from rocrate.model.dataset import Dataset

    return crate.add(Dataset(crate, dest_path=path.rstrip("/") + "/", properties=properties))


def _entity(crate, entity_id: str, **properties):
    from rocrate.model.contextentity import ContextEntity

    return crate.add(ContextEntity(crate, entity_id, properties=properties))


def _values(crate, owner: str, values: Mapping[str, object]) -> list:
    """``PropertyValue`` entities (``#<owner>/<name>``) of ``values``; a non-text value as JSON."""
    out = []
    for name, value in values.items():
        text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
        out.append(_entity(crate, f"#{owner}/{name}", **{"@type": "PropertyValue", "name": name, "value": text}))
    return out


def _root(crate, citation: Mapping, profile: str, published: str, members: Mapping[str, bytes]) -> None:
    """The root dataset: what CITATION.cff says of the pipeline, and the scale the run used."""
    root = crate.root_dataset
    root["name"] = f"{citation.get('title', 'Reproduction')} ({profile} profile run)"
    root["description"] = " ".join(str(citation.get("abstract", "")).split())
    root["datePublished"] = published
    root["version"] = str(citation.get("version", ""))
    root["keywords"] = list(citation.get("keywords", []))
    licence = str(citation.get("license", "MIT"))
    root["license"] = _entity(crate, SPDX + licence, **{"@type": "CreativeWork", "name": licence})
    authors = []
    for i, person in enumerate(citation.get("authors", [])):
        name = person.get("name") or " ".join(filter(None, [person.get("given-names"), person.get("family-names")]))
        kind = "Organization" if "name" in person else "Person"
        authors.append(_entity(crate, person.get("orcid") or f"#author-{i}", **{"@type": kind, "name": name}))
    if authors:
        root["author"] = root["creator"] = authors[0] if len(authors) == 1 else authors
    profiles = [
        _entity(crate, uri, **{"@type": "CreativeWork", "name": name, "version": "0.5"})
        for uri, name in ((PROCESS_RUN, "Process Run Crate"), (WORKFLOW_RUN, "Workflow Run Crate"))
    ]
    root["conformsTo"] = profiles
    for name, about in (
        ("README.md", "what the pipeline reproduces and how to run it"),
        ("LICENSE", "the code's licence"),
        ("CITATION.cff", "how to cite the pipeline (Citation File Format)"),
        ("REBUILD.md", "how to rebuild these results offline"),
        ("PROVENANCE.json", "the git commit of the code and whether the working tree differed from it"),
        ("environment.txt", "the interpreter and every installed distribution of the run"),
        ("config.used.yaml", "the run's complete configuration"),
        ("data/CHECKSUMS.tsv", "sha256, size and licence of every raw data file; which ones are carried"),
    ):
        if name in members:
            _file(crate, name, members, description=about, **({"about": root} if name == "README.md" else {}))
    for folder, about in (
        ("envs", "the pinned environments (pip and conda)"),
        ("archived/results", "the run's results: artifacts, study tables, scorecard, report"),
        ("config", "the configuration profiles"),
        ("scripts", "rule scripts and the lib"),
    ):
        if any(n.startswith(folder + "/") for n in members):
            _dataset(crate, folder, description=about)


def _workflow(crate, members: Mapping[str, bytes], snakemake_version: str, graph: bytes, pytest_version: str):
    """``mainEntity``: the Snakefile, with its language, licence, README, diagram and tests."""
    diagram = _file(
        crate, RULEGRAPH, {RULEGRAPH: graph}, encodingFormat="text/vnd.graphviz", name="Rule graph of the run"
    )
    workflow = crate.add_workflow(
        dest_path=WORKFLOW_FILE,
        main=True,
        lang="snakemake",
        lang_version=snakemake_version,
        properties={
            "name": "Reproduction workflow (Snakemake)",
            "sha256": sha256(members[WORKFLOW_FILE]),
            "license": crate.root_dataset["license"],
            "image": diagram,
            "conformsTo": {"@id": BIOSCHEMAS_WORKFLOW},
        },
    )
    if crate.dereference("README.md") is not None:
        workflow["subjectOf"] = crate.dereference("README.md")
    if any(n.startswith("tests/") for n in members) and "pytest.ini" in members:
        tests = _dataset(crate, "tests", description="unit, claim, statistical and end-to-end tests (pytest)")
        suite = crate.add_test_suite(identifier="#tests", name="Test suite (make test)", main_entity=workflow)
        suite["about"] = tests
        from rocrate.model.softwareapplication import SoftwareApplication

        pytest_app = crate.add(
            SoftwareApplication(crate, "https://pytest.org", properties={"name": "pytest", "url": "https://pytest.org"})
        )
        crate.add_test_definition(
            suite,
            dest_path="pytest.ini",
            engine=pytest_app,
            engine_version=pytest_version,
            properties={"sha256": sha256(members["pytest.ini"])},
        )
    return workflow


def _run_action(crate, workflow, members, data_rows, run: tuple[str, str] | None, profile: str):
    """The run as a ``CreateAction``: the workflow on the raw data and the config, giving the results.
    A raw file the archive does not carry is named by its first download address (its sha256 is
    the registry's, which the run verified)."""
    inputs = [crate.dereference("config.used.yaml")] if "config.used.yaml" in members else []
    for row in data_rows:
        if row["used"] != "yes":
            continue
        carried = f"data/mirror/{row['path']}"
        props = {"name": row["path"], "sha256": row["sha256"], "license": row["licence"]}
        if carried in members:
            inputs.append(_file(crate, carried, members, name=row["path"], license=row["licence"]))
        elif row.get("url"):
            from rocrate.model.file import File

            size = {"contentSize": str(row["bytes"])} if row["bytes"] != "" else {}
            inputs.append(crate.add(File(crate, row["url"], properties={**props, **size})))
    results = [_file(crate, name, members) for name in sorted(members) if name.startswith("archived/results/")]
    properties = {"name": f"Run of the workflow ({profile} profile)", "actionStatus": {"@id": COMPLETED}}
    if run is not None:
        properties.update(startTime=run[0], endTime=run[1])
    else:
        properties["description"] = "no Snakemake metadata was found: start and end time unknown"
    return crate.add_action(workflow, identifier="#run", object=inputs, result=results, properties=properties)


COMPLETED = "http://schema.org/CompletedActionStatus"


def _artifact_action(crate, run, artifact: Mapping, members: Mapping[str, bytes]):
    """One artifact's job as a ``CreateAction`` (part of the run): its rule, the study tables it read
    (sha256), its files, and its settings, config keys, readings and the seed entropies behind it."""
    aid, prov = artifact["id"], artifact.get("provenance") or {}
    rule = _entity(
        crate,
        f"#rule/{artifact['rule']}",
        **{"@type": "SoftwareApplication", "name": artifact["rule"], "isPartOf": {"@id": WORKFLOW_FILE}},
    )
    tables = [_file(crate, f"archived/{t}", members) for t in prov.get("tables", []) if f"archived/{t}" in members]
    files = [crate.dereference(f) or _file(crate, f, members) for f in artifact["files"] if f in members]
    values = {
        "study": artifact["study"],
        "settings": artifact["settings"],
        "config_keys": artifact["keys"],
        "readings": artifact["readings"],
        "table_rules": prov.get("table_rules", {}),
        "table_entropies": prov.get("entropies", {}),
    }
    properties = {
        "name": f"{aid}: {artifact['title']}",
        "actionStatus": {"@id": COMPLETED},
        "additionalProperty": _values(crate, f"artifact/{aid}", values),
    }
    action = crate.add_action(rule, identifier=f"#artifact/{aid}", result=files, properties=properties)
    if tables:  # one value as itself, not as a list of one (RO-Crate's JSON-LD style)
        action["object"] = tables[0] if len(tables) == 1 else tables
    action["isPartOf"] = run
    return action


def _claim(crate, claim: Mapping, action, members: Mapping[str, bytes]):
    """A scorecard row: the claim, its artifact's job, its claims file, its verdict and its check."""
    cid, (path, first, last) = claim["id"], claim["check"]
    source = crate.dereference(path)
    if source is None:
        source = _file(crate, path, members, encodingFormat="text/x-python") if path in members else {"@id": path}
    check = _entity(
        crate,
        f"#check/{cid}",
        **{
            "@type": "SoftwareSourceCode",
            "name": f"check of {cid}",
            "isPartOf": source,
            "url": f"{path}#L{first}-L{last}",
            "programmingLanguage": "Python",
        },
    )
    values = {k: claim[k] for k in ("verdict", "paper_value", "reproduced", "criterion", "location", "why", "lean")}
    properties = {"@type": "Claim", "identifier": cid, "name": claim["text"], "isBasedOn": action, "subjectOf": check}
    if claim["file"] in members:
        properties["appearance"] = crate.dereference(claim["file"]) or _file(crate, claim["file"], members)
    properties["additionalProperty"] = _values(crate, f"claim/{cid}", values)
    return _entity(crate, f"#claim/{cid}", **properties)


def build(
    members: Mapping[str, bytes],
    *,
    citation: Mapping,
    profile: str,
    versions: Mapping[str, str],
    records: Mapping[str, dict],
    data_rows: list[dict],
    artifacts: list[dict],
    claims: list[dict],
) -> dict[str, bytes]:
    """``ro-crate-metadata.json`` and ``rulegraph.dot`` for an archive of ``members`` (path -> bytes,
    paths relative to the crate's root); ``artifacts`` and ``claims`` as :func:`claims_of` and the
    archive script give them."""
    from rocrate.rocrate import ROCrate

    outputs = sorted(n.removeprefix("archived/") for n in members if n.startswith("archived/results/"))
    run = run_times(records, outputs)
    graph = rule_graph(records, outputs).encode()
    everything = {**members, RULEGRAPH: graph}
    crate = ROCrate(version=RO_CRATE_VERSION)
    crate.metadata.extra_contexts.extend(CONTEXTS[1:])
    _root(crate, citation, profile, run[1] if run else iso(946684800), everything)
    workflow = _workflow(crate, everything, versions.get("snakemake", ""), graph, versions.get("pytest", ""))
    run_action = _run_action(crate, workflow, everything, data_rows, run, profile)
    actions = {a["id"]: _artifact_action(crate, run_action, a, everything) for a in artifacts}
    for claim in claims:
        if claim["artifact"] in actions:
            _claim(crate, claim, actions[claim["artifact"]], everything)
    for entity in crate.get_entities():  # those the library made (workflow, test definition, web files)
        types = entity.type if isinstance(entity.type, list) else [entity.type]
        if "File" in types and entity is not crate.metadata and "encodingFormat" not in entity:
            suffix = Path(entity.id.split("?")[0]).suffix
            entity["encodingFormat"] = FORMATS.get(suffix, "text/plain" if not suffix else "application/octet-stream")
    text = json.dumps(crate.metadata.generate(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    return {"ro-crate-metadata.json": text.encode(), RULEGRAPH: graph}


def claims_of(scorecard_csv: bytes, source: Callable[[str], tuple[str, int, int]]) -> list[dict]:
    """Every scorecard row with what the crate says of it: its artifact id, its claims file in the
    archive and where its check is written (``source(claim id)``: file, first and last line, as
    :func:`lib.reporting.scorecard.check_source` gives them; reporting sits beside infra, so the
    archive script passes it)."""
    import io

    import pandas as pd

    table = pd.read_csv(io.BytesIO(scorecard_csv), dtype=str, keep_default_na=False)
    out = []
    for row in table.to_dict("records"):
        artifact = f"{row['paper']}/{row['artifact']}"
        out.append(
            {
                **{k: row.get(k, "") for k in ("id", "verdict", "paper_value", "reproduced", "criterion")},
                **{k: row.get(k, "") for k in ("location", "why", "lean")},
                "text": row["claim"],
                "artifact": artifact,
                "file": f"archived/results/{artifact}.claims.csv",
                "check": source(row["id"]),
            }
        )
    return out

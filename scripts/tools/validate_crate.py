"""Validate the reproduction archive's RO-Crate with roc-validator, offline.

The validator resolves the crate's JSON-LD ``@context`` URLs over HTTP through its HTTP cache
(requests-cache, SQLite). Offline, it serves them from that cache only (its ``offline`` setting;
``rocrate-validator validate --offline --cache-path``). This tool fills such a cache from the copies
in tests/data/rocrate_contexts/ (``index.json``: URL -> file) -- through a transport that reads the
files, so no request leaves the machine -- then validates::

    python scripts/tools/validate_crate.py archive/reproduction-quick.tar.gz   # or an unpacked folder

and prints one line per issue; exit status 1 when the crate does not conform. Default: the Workflow
RO-Crate 1.0 profile at the ``required`` level (the other levels: ``--severity``).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONTEXTS = ROOT / "tests" / "data" / "rocrate_contexts"
PROFILE = "workflow-ro-crate-1.0"
#: What the validator's JSON-LD loader sends (rocrate_validator.utils.document_loader): a cached
#: response is found again under the same request.
ACCEPT = "application/ld+json, application/json, */*;q=0.1"


def fill_cache(cache_path: Path, contexts: Path = CONTEXTS) -> list[str]:
    """Store every context of ``contexts/index.json`` in a requests-cache SQLite cache at
    ``cache_path`` (the name the validator is given, without ``.sqlite``); the URLs stored."""
    import requests
    from requests.adapters import BaseAdapter, HTTPAdapter
    from requests_cache import CachedSession
    from urllib3 import HTTPResponse

    index = json.loads((contexts / "index.json").read_text())

    class Files(BaseAdapter):
        """Answers a GET of a listed URL with its file's bytes, and nothing else."""

        def send(self, request, **kwargs):
            if request.url not in index:
                raise requests.ConnectionError(f"{request.url} is not in {contexts / 'index.json'}")
            data = (contexts / index[request.url]).read_bytes()
            headers = {"Content-Type": "application/ld+json", "Content-Length": str(len(data))}
            raw = HTTPResponse(
                body=io.BytesIO(data), headers=headers, status=200, preload_content=False, request_url=request.url
            )
            return self.build_response(request, raw)

        @staticmethod
        def build_response(request, raw):
            return HTTPAdapter().build_response(request, raw)

        def close(self):
            pass

    session = CachedSession(cache_name=str(cache_path), backend="sqlite", expire_after=-1, allowable_methods=("GET",))
    session.mount("https://", Files())
    session.mount("http://", Files())
    for url in index:
        session.get(url, headers={"Accept": ACCEPT}, allow_redirects=True).raise_for_status()
    session.close()
    return sorted(index)


def validate(crate_dir: Path, cache_path: Path, profile: str = PROFILE, severity: str = "REQUIRED") -> list[str]:
    """The issues roc-validator finds in the crate at ``crate_dir`` (offline, from ``cache_path``),
    one line each: ``[severity] check: message``; [] when it conforms."""
    from rocrate_validator import models, services

    settings = services.ValidationSettings(
        rocrate_uri=str(crate_dir),
        profile_identifier=profile,
        requirement_severity=models.Severity[severity.upper()],
        offline=True,
        cache_path=cache_path,
        skip_availability_check=True,  # web-based data entities (raw data's download addresses): offline
    )
    result = services.validate(settings)
    return [f"[{i.severity.name}] {i.check.identifier}: {i.message}" for i in result.get_issues()]


def unpacked(path: Path, into: Path) -> Path:
    """The crate's folder: ``path`` itself, or the one top folder of a .tar.gz unpacked into ``into``."""
    if path.is_dir():
        return path
    with tarfile.open(path) as tar:
        tops = {name.split("/")[0] for name in tar.getnames()}
        if len(tops) != 1:
            raise ValueError(f"{path} has {len(tops)} top folders; an archive of this pipeline has one")
        tar.extractall(into, filter="data")
    return into / tops.pop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("crate", type=Path, help="archive/reproduction-<profile>.tar.gz or its unpacked folder")
    parser.add_argument("--profile", default=PROFILE, help=f"validator profile (default {PROFILE})")
    parser.add_argument("--severity", default="required", choices=["required", "recommended", "optional"])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp) / "http_cache"
        fill_cache(cache)
        issues = validate(unpacked(args.crate, Path(tmp)), cache, args.profile, args.severity)
    for line in issues:
        print(line)
    print(f"{args.crate}: {'conforms to' if not issues else 'does not conform to'} {args.profile} ({args.severity})")
    return 1 if issues else 0


if __name__ == "__main__":
    sys.exit(main())

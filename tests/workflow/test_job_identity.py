"""Job identity: every job's seed entropy under the papers' scale, the quick and the smoke profiles,
against the stored record (tests/golden/job_entropies_<profile>.json, written by
scripts/tools/job_entropies.py). A job whose entropy changes draws different numbers: refactoring
the rules or the lib must not do that, and a deliberate change rewrites the record with the tool's
``--write`` (and says why in CHANGELOG)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import ROOT

pytestmark = pytest.mark.workflow
PROFILES = {
    "config": [],
    "quick": ["--configfile", "config/quick.yaml"],
    # the smoke profile has a `yours` section: its jobs too
    "smoke": ["--configfile", "config/smoke.yaml", "--target", "yours"],
}


@pytest.mark.parametrize("profile", PROFILES)
def test_every_jobs_seed_entropy_is_the_recorded_one(profile):
    tool = [sys.executable, str(ROOT / "scripts/tools/job_entropies.py"), *PROFILES[profile]]
    planned = json.loads(subprocess.run(tool, cwd=ROOT, capture_output=True, text=True, check=True).stdout)
    recorded = json.loads((ROOT / f"tests/golden/job_entropies_{profile}.json").read_text())
    changed = sorted(k for k in planned.keys() | recorded.keys() if planned.get(k) != recorded.get(k))
    assert not changed, f"{len(changed)} jobs' identity changed, e.g. {changed[:3]}"
    # every seeded study job is there: the record is not empty by accident
    assert len({job["rule"] for job in planned.values()}) >= 15

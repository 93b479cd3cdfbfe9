"""The HTML report (snakemake --report) opened in a real headless browser (Debian chromium).

A probe script (tests/report_probe.js) is injected into a copy of the report; it drives the
report app through every category and subcategory and shows every figure, then chromium's
--dump-dom hands back what was rendered. A screenshot is saved in the test's tmp dir.
"""

from __future__ import annotations

import html
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from lib.papers import catalog

pytestmark = pytest.mark.workflow
HERE = Path(__file__).resolve().parent
CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser") if shutil.which(n)), None)
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None,
    reason="chromium not installed; install it with `apt-get install -y chromium` "
    "(.ci/run does) to run the report browser test",
)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: each paper's report category, by key
PAPERS = {row.key: row.category for row in catalog.PAPERS}


def chromium(tmp_path: Path, page: Path, *args: str) -> subprocess.CompletedProcess:
    # virtual time: the probe's timers run as fast as the page can render, yet in order
    cmd = [
        CHROMIUM,
        *FLAGS,
        f"--user-data-dir={tmp_path / 'chromium-profile'}",
        "--virtual-time-budget=120000",
        *args,
        page.as_uri(),
    ]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


def expected_files(run: Path) -> list[str]:
    """Every artifact file of the run that the report shows: figures (PNG), numbers (CSV) and
    tables (Markdown) under results/<paper>/, plus the scorecard."""
    files = [
        str(p.relative_to(run))
        for paper in PAPERS
        for p in sorted((run / "results" / paper).glob("*"))
        if p.suffix in (".png", ".csv", ".md") and not p.name.endswith(".claims.csv")
    ]
    return files + ["results/scorecard.csv", "results/scorecard.md"]


@needs_chromium
def test_report_shows_every_artifact_without_errors(reported_run: Path, tmp_path: Path):
    report = reported_run / "results/report.html"
    text = report.read_text(encoding="utf-8")
    probe = (HERE / "report_probe.js").read_text()
    at = text.rfind("</body>")
    probed = tmp_path / "report.html"
    probed.write_text(text[:at] + "<script>" + probe + "</script>" + text[at:], encoding="utf-8")

    dom = chromium(tmp_path, probed, "--dump-dom").stdout
    start = dom.rfind('<pre id="probe"')
    assert start >= 0, "the report did not finish rendering (no probe output in the DOM)"
    body = dom[dom.index(">", start) + 1 : dom.index("</pre>", start)]
    seen = json.loads(html.unescape(body))

    assert seen["errors"] == [], seen["errors"]
    expected = expected_files(reported_run)
    assert len(expected) >= 40
    assert sorted(seen["results"]) == sorted(expected)
    # categories by paper, one subcategory per artifact, each listed when it is opened
    for path in expected:
        paper, name = Path(path).parent.name, Path(path).name.split(".")[0]
        category = (
            "Scorecard"
            if paper == "results"
            else next(c for c in seen["categories"] if html.unescape(c) == PAPERS[paper])
        )
        subcategory = next(iter(seen["categories"][category])) if paper == "results" else name
        assert path in seen["categories"][category][subcategory], path
        assert name in seen["seen"]["subcategories"][f"{category} / {subcategory}"], path
        caption = seen["seen"]["captions"][path]
        # caption rendered (rst -> HTML, profile templated), no docutils error in it
        assert "<strong>" in caption and "quick" in caption and "System Message" not in caption, path
        if paper != "results":
            # the artifact's declared title and caption text, then its scale (workflow/report/artifact.rst)
            assert "Scale profile:" in caption and len(caption) > 300, path
        if path.endswith(".png"):
            assert seen["seen"]["images"][path] > 100, f"{path} did not render as an image"
    # the page shows no error of its own (React/Snakemake error views say "Error")
    assert "Error" not in seen["bodyText"] and "Loading Snakemake Report" not in seen["bodyText"]

    shot = tmp_path / "report.png"
    chromium(tmp_path, probed, "--window-size=1400,900", f"--screenshot={shot}")
    assert shot.stat().st_size > 20_000  # the Fig. 1(a) view, not a blank page

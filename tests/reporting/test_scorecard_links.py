"""lib.reporting.scorecard: each claim of the Markdown scorecard links to the source lines of its check."""

from __future__ import annotations

import inspect
import re

from conftest import ROOT
from lib.papers import registry
from lib.reporting import scorecard as sc


def test_every_claim_has_the_lines_of_a_function_in_its_papers_module():
    for cid in registry.CLAIMS:
        path, first, last = sc.check_source(cid)
        assert re.fullmatch(r"scripts/lib/papers/\w+\.py", path), (cid, path)
        lines = (ROOT / path).read_text().splitlines()
        assert 1 <= first <= last <= len(lines), cid
        # the function, with its decorator when it has one (the claim's declaration, then its check)
        assert any(line.lstrip().startswith("def ") for line in lines[first - 1 : last]), cid


def test_a_guard_is_followed_to_the_check_it_guards():
    """neville2009_realnet._shown_set wraps the judgement in a guard for the sets a figure shows."""
    cid = next(c for c in registry.CLAIMS if registry.CLAIMS[c].check.__name__ == "wrapped")
    path, first, _ = sc.check_source(cid)
    guarded = inspect.getclosurevars(registry.CLAIMS[cid].check).nonlocals["check"]
    assert (path, first) == ("scripts/lib/papers/neville2009_realnet.py", inspect.getsourcelines(guarded)[1])


def test_the_markdown_links_each_claim_relative_to_results():
    cid = next(iter(registry.CLAIMS))
    path, first, last = sc.check_source(cid)
    assert sc.linked("a [bracketed] | text", cid) == f"[a \\[bracketed\\] | text](../{path}#L{first}-L{last})"
    assert (ROOT / path).is_file()  # results/../<path>

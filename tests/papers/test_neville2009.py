"""Neville et al. 2009: every claim passes on a table built as the paper reports and fails on
one built against it (``CASES``: artifact -> (passing worlds, failing worlds))."""
import pytest
from claim_cases import assert_both_ways, band, rate_rows

from lib.papers import neville2009
from lib.papers.claims import Evidence

PAPER = neville2009.PAPER
LABELED = [0.1, 0.3, 0.5, 0.7, 0.9]


def fig1a(rrs, ers, ncv) -> Evidence:
    curves = {"RRS": [band(r) for r in rrs], "ERS": [band(r) for r in ers], "NCV": [band(r) for r in ncv]}
    return Evidence({"summary": rate_rows("prop_labeled", curves, LABELED, test="paired_t")})


def fig1a_cases():
    as_in_paper = fig1a(rrs=[0.45, 0.30, 0.20, 0.12, 0.06], ers=[0.35, 0.22, 0.15, 0.10, 0.06],
                        ncv=[0.05, 0.05, 0.04, 0.05, 0.05])
    # every statement reversed: error rises with labeling, ERS above RRS, NCV high and above both
    against = fig1a(rrs=[0.04, 0.06, 0.06, 0.06, 0.06], ers=[0.20, 0.20, 0.20, 0.20, 0.20],
                    ncv=[0.30, 0.30, 0.30, 0.30, 0.30])
    return as_in_paper, against


CASES = {"fig1a": fig1a_cases}


def test_every_artifact_has_cases():
    assert set(CASES) == set(PAPER.artifacts())


@pytest.mark.parametrize("artifact", sorted(CASES))
def test_every_claim_passes_and_fails(artifact):
    passing, failing = CASES[artifact]()
    assert_both_ways(PAPER, artifact, passing, failing)

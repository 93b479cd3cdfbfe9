"""The claims registry: ids unique and well formed, every artifact with claims is built by a
rule, and every claim is exercised both ways by its paper's test module."""

import re

from lib.papers import registry


def test_ids_are_well_formed():
    for cid, claim in registry.CLAIMS.items():
        assert re.fullmatch(r"[a-z0-9]+/[a-z0-9_]+/[a-z0-9_.-]+", cid), cid
        assert claim.text and claim.value and claim.criterion, cid

"""The file-format parsers (lib.data.parsers) on hand-made inputs, and the .rda files of the mirror
read with rdata exactly as the XDR reader it replaced read them; every file of the catalogue is
parsed through the loaders in tests/data/test_datasets.py."""

import hashlib
import json

import numpy as np
import pytest

from conftest import DATA_MIRROR
from lib.data import parsers


def test_arff_parser_constructs():
    text = (
        "% comment\r\n@RELATION 'r x'\r\n@attribute 'a b' {x, 'y z', '?'}\r\n"
        "@attribute n INTEGER [0,9]\r\n@attribute c {p,q}\r\n@data\r\n"
        "x,1,p\r\n'y z',?,q % trailing\r\n?,3,'q'\r\n'?',4.5,p\r\n\r\n"
    )
    relation, attrs, values = parsers.parse_arff(text)
    assert relation == "r x" and [a.name for a in attrs] == ["a b", "n", "c"]
    assert attrs[0].values == ("x", "y z", "?") and attrs[1].values is None
    np.testing.assert_array_equal(values, [[0, 1, 0], [1, np.nan, 1], [np.nan, 3, 1], [2, 4.5, 0]])
    with pytest.raises(ValueError, match="not declared"):
        parsers.parse_arff("@attribute c {p,q}\n@data\nr\n")
    with pytest.raises(ValueError, match="2 values but 1 attributes"):
        parsers.parse_arff("@attribute c {p,q}\n@data\np,q\n")
    with pytest.raises(ValueError, match="unsupported attribute type"):
        parsers.parse_arff("@attribute s string\n@data\n")


@pytest.mark.filterwarnings("ignore:Unknown file type")  # rdata's guess before it gives up
def test_read_igraph_rejects_bytes_that_are_not_r_data():
    with pytest.raises(ValueError, match="not an R data file"):
        parsers.read_igraph(b"not R data " * 10, "karate")


@pytest.mark.skipif(not DATA_MIRROR.is_dir(), reason=f"no data mirror at {DATA_MIRROR} (set DATA_MIRROR)")
@pytest.mark.parametrize(
    "name, digest",
    [
        ("enron", "9e553062a3f6451b867bcb9c110d7a6d9c3bf6a1e9e471b53c71316d112f5132"),
        ("karate", "97692739a146ee274714ed3f66d6646f647979fa3c5cacc3f72ba4d0de4026fb"),
    ],
)
def test_rda_networks_read_as_the_former_xdr_reader_read_them(name, digest):
    """The digests are of what the hand-written XDR reader gave (node count, edges, every vertex
    attribute in order; strings as text, numbers as floats, NA as None) before rdata replaced it."""
    n, src, dst, attrs = parsers.read_igraph((DATA_MIRROR / f"networks/{name}/{name}.rda").read_bytes(), name)
    values = {
        k: [v if v is None or isinstance(v, str) else float(v) for v in np.asarray(a).tolist()]
        for k, a in attrs.items()
    }
    text = json.dumps([n, src.tolist(), dst.tolist(), values])
    assert hashlib.sha256(text.encode()).hexdigest() == digest

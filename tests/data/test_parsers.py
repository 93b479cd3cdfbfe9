"""The file-format parsers (lib.data.parsers) on hand-made inputs; every file of the catalogue is
parsed through the loaders in tests/data/test_datasets.py."""

import numpy as np
import pytest

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

"""A user's own files: tabular data (CSV, ARFF) and networks (edge list + labels, GML), and every
way they can be unusable, each a one-sentence UserDataError naming the file and the key to fix."""

from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from lib.data import userdata
from lib.data.checksum import sha256_of
from lib.data.userdata import UserDataError

CSV = """x1,colour,x2,y
1.5,red,?,yes
-0.5,blue,2,no
0.25,,3,yes
2,red,4,no
"""
ARFF = """@relation mine
@attribute x1 numeric
@attribute colour {red,green,blue}
@attribute y {no,yes}
@data
1.5,red,yes
-0.5,?,no
0.25,blue,yes
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_csv_numeric_and_nominal_columns_missing_values_and_classes_in_order_of_appearance(tmp_path):
    data = userdata.load_table(_write(tmp_path, "d.csv", CSV), "y", name="mine")
    assert data.name == "mine"
    assert data.feature_names == ("x1", "colour", "x2")
    assert data.spec.n_values == (0, 2, 0)  # colour: red, blue (the empty field is missing)
    assert data.class_names == ("yes", "no")
    np.testing.assert_array_equal(data.y, [0, 1, 0, 1])
    np.testing.assert_array_equal(data.X[:, 0], [1.5, -0.5, 0.25, 2.0])
    np.testing.assert_array_equal(data.X[[0, 1, 3], 1], [0, 1, 0])
    assert np.isnan(data.X[2, 1]) and np.isnan(data.X[0, 2])


def test_csv_class_numbers_are_one_class_however_written(tmp_path):
    data = userdata.load_table(_write(tmp_path, "d.csv", "a,c\n1,1\n2,1.0\n3,+1\n4,0\n"), "c")
    assert data.class_names == ("1", "0")
    np.testing.assert_array_equal(data.y, [0, 0, 0, 1])


def test_drop_removes_columns(tmp_path):
    data = userdata.load_table(_write(tmp_path, "d.csv", CSV), "y", drop=["colour"])
    assert data.feature_names == ("x1", "x2")


def test_arff_is_parsed_as_weka_does(tmp_path):
    data = userdata.load_table(_write(tmp_path, "d.arff", ARFF), "y")
    assert data.class_names == ("no", "yes")
    assert data.spec.n_values == (0, 3)
    np.testing.assert_array_equal(data.y, [1, 0, 1])
    assert np.isnan(data.X[1, 1]) and data.X[2, 1] == 2


def test_checksum_is_checked(tmp_path):
    path = _write(tmp_path, "d.csv", CSV)
    good = sha256_of(path)
    userdata.load_table(path, "y", sha256=good.upper())
    with pytest.raises(UserDataError, match="has sha256") as info:
        userdata.load_table(path, "y", sha256="0" * 64)
    assert info.value.field == "sha256"


@pytest.mark.parametrize(
    "text, column, drop, field, pattern",
    [
        (CSV, "label", (), "class", r"class column 'label' is not in .* \(columns: x1, colour, x2, y\)"),
        (CSV, "y", ("z",), "drop", "column 'z' to drop"),
        ("x,y\n1,a\n2,\n3,b\n", "y", (), None, r"1 row\(s\) of .* have no value in the class column 'y'"),
        ("y\na\nb\n", "y", (), "drop", "no feature column"),
        ("x,y\n1,a\n2\n", "y", (), None, "line 3 has 1 fields, the header 2"),
        ("x,y\n", "y", (), None, "at least one data row"),
        ("x,x\n1,2\n", "x", (), None, "must name every column once"),
    ],
)
def test_bad_csv_is_one_sentence(tmp_path, text, column, drop, field, pattern):
    with pytest.raises(UserDataError, match=pattern) as info:
        userdata.load_table(_write(tmp_path, "d.csv", text), column, drop=drop)
    assert info.value.field == field
    assert str(info.value).count(". ") == 0  # one sentence


def test_missing_file_and_numeric_arff_class(tmp_path):
    with pytest.raises(UserDataError, match="does not exist") as info:
        userdata.load_table(tmp_path / "nope.csv", "y")
    assert info.value.field == "path"
    arff = "@relation r\n@attribute x numeric\n@attribute y numeric\n@data\n1,2\n"
    with pytest.raises(UserDataError, match="is numeric; the tests need a nominal class"):
        userdata.load_table(_write(tmp_path, "d.arff", arff), "y")
    with pytest.raises(UserDataError, match="not a dense ARFF file"):
        userdata.load_table(_write(tmp_path, "e.arff", "@relation r\n@attribute x string\n@data\n"), "x")


# ----------------------------------------------------------------------------- networks

EDGES = "source,target\na,b\nb,c\nc,d\nd,a\n"
LABELS = "node,label\na,1\nb,1\nc,0\nd,0\n"


def test_edge_list_and_labels(tmp_path):
    net = userdata.load_network(edges=_write(tmp_path, "e.csv", EDGES), labels=_write(tmp_path, "l.csv", LABELS))
    assert net.node_ids == ("a", "b", "c", "d") and net.n_edges == 4
    np.testing.assert_array_equal(net.tasks["label"], [1, 1, 0, 0])
    assert userdata.network_problem(net, "x") is None


def test_edge_list_without_header_and_a_named_positive(tmp_path):
    net = userdata.load_network(
        edges=_write(tmp_path, "e.csv", "a,b\nb,c\n"),
        labels=_write(tmp_path, "l.csv", "id,smokes\na,no\nb,yes\nc,no\n"),
        label="smokes",
        positive="no",
    )
    assert net.n_edges == 2
    np.testing.assert_array_equal(net.tasks["label"], [1, 0, 1])


def test_default_positive_is_1_for_01_labels_else_the_rarer(tmp_path):
    e = _write(tmp_path, "e.csv", "a,b\nb,c\n")
    net = userdata.load_network(edges=e, labels=_write(tmp_path, "l.csv", "n,label\na,x\nb,y\nc,y\n"))
    np.testing.assert_array_equal(net.tasks["label"], [1, 0, 0])
    net = userdata.load_network(edges=e, labels=_write(tmp_path, "m.csv", "n,label\na,0\nb,1\nc,1\n"))
    np.testing.assert_array_equal(net.tasks["label"], [0, 1, 1])


def test_gml(tmp_path):
    graph = nx.path_graph(4)
    nx.set_node_attributes(graph, {0: "s", 1: "s", 2: "n", 3: "n"}, "smoker")
    path = tmp_path / "g.gml"
    nx.write_gml(graph, path)
    net = userdata.load_network(gml=path, label="smoker", positive="s")
    assert net.n_nodes == 4 and net.n_edges == 3
    np.testing.assert_array_equal(net.tasks["label"], [1, 1, 0, 0])
    graph.nodes[3].pop("smoker")
    nx.write_gml(graph, path)
    with pytest.raises(UserDataError, match=r"1 node\(s\) of .* have no 'smoker' attribute"):
        userdata.load_network(gml=path, label="smoker")


@pytest.mark.parametrize(
    "edges, labels, label, positive, field, pattern",
    [
        (
            EDGES + "d,e\n",
            LABELS,
            "label",
            None,
            None,
            "node 'e' of edge list .* has no label .* \\(an unlabelled node\\)",
        ),
        (EDGES, "node,label\na,1\nb,\nc,0\nd,0\n", "label", None, None, r"1 node\(s\) .* have no value in the label"),
        (EDGES, LABELS, "smokes", None, "label", "label column 'smokes' is not in the node-label file"),
        (EDGES, "node,label\na,1\nb,2\nc,0\nd,0\n", "label", None, "label", "has 3 label value"),
        (EDGES, "node,label\na,1\nb,1\nc,1\nd,1\n", "label", None, "label", "has 1 label value"),
        (EDGES, LABELS, "label", "7", "positive", "positive label '7' is not a label"),
        (EDGES, "node,label\na,1\na,0\n", "label", None, None, "lists node 'a' twice"),
        ("a,b,c\n", LABELS, "label", None, None, "must hold two node ids"),
    ],
)
def test_bad_network_is_one_sentence(tmp_path, edges, labels, label, positive, field, pattern):
    with pytest.raises(UserDataError, match=pattern) as info:
        userdata.load_network(
            edges=_write(tmp_path, "e.csv", edges),
            labels=_write(tmp_path, "l.csv", labels),
            label=label,
            positive=positive,
        )
    assert info.value.field == field


def test_disconnected_network_is_named(tmp_path):
    net = userdata.load_network(edges=_write(tmp_path, "e.csv", "a,b\nc,d\n"), labels=_write(tmp_path, "l.csv", LABELS))
    problem = userdata.network_problem(net, "l.csv")
    assert "disconnected: 2 connected components (the largest has 2 of 4 nodes)" in problem
    with pytest.raises(UserDataError, match="does not exist") as info:
        userdata.load_network(edges=tmp_path / "none.csv", labels=tmp_path / "l.csv")
    assert info.value.field == "edges"


TYPO_CSV = "age,y\n" + "".join(f"{20 + i},{'a' if i % 2 else 'b'}\n" for i in range(18)) + 'twelve,a\n"3,5",b\n'


def test_a_numeric_column_with_a_few_typos_is_refused_with_the_cell_and_the_fix(tmp_path):
    path = _write(tmp_path, "d.csv", TYPO_CSV)
    with pytest.raises(
        userdata.UserDataError, match=r"column 'age' .* 2 of 20 cells, e.g. 'twelve' in data row 19"
    ) as err:
        userdata.load_table(path, "y")
    assert err.value.field == "non_numeric" and "non_numeric: missing" in str(err.value)
    data = userdata.load_table(path, "y", non_numeric="missing")
    assert data.spec.n_values == (0,) and np.isnan(data.X[18:, 0]).all() and not np.isnan(data.X[:18, 0]).any()


def test_a_column_mostly_of_words_stays_nominal(tmp_path):
    # 3 numbers among 10 cells: a nominal attribute whose values happen to look like numbers
    text = "colour,y\n" + "".join(
        f"{v},a\n" for v in ["red", "1", "blue", "2", "red", "3", "green", "red", "blue", "x"]
    )
    data = userdata.load_table(_write(tmp_path, "d.csv", text), "y")
    assert data.spec.n_values == (7,)


def test_self_loops_and_repeated_links_are_left_out_and_counted(tmp_path):
    edges = _write(tmp_path, "e.csv", "a,b\nb,a\na,a\nb,c\nc,c\na,b\n")
    net = userdata.load_network(edges=edges, labels=_write(tmp_path, "l.csv", "n,label\na,0\nb,1\nc,1\n"))
    assert net.n_edges == 2 and net.adjacency.diagonal().sum() == 0
    assert net.dropped == {"self_loops": 2, "duplicate_edges": 2}

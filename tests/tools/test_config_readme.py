"""config/README.md is generated from the config schema by scripts/tools/config_readme.py: it must be
current, every key it shows must have a description, and the rendering says what is allowed."""

from __future__ import annotations

import yaml

from tools import config_readme  # scripts/ is on pytest's pythonpath


def test_config_readme_is_current():
    assert config_readme.README.read_text() == config_readme.readme_text(), (
        "config/README.md is out of date: run .venv/bin/python scripts/tools/config_readme.py --write"
    )


def test_every_key_has_a_description():
    assert config_readme.undescribed() == [], "add a `description:` to these keys of the config schema"


def test_no_description_is_cut_by_an_unquoted_comma():
    # `{description: a, b, type: x}` parses as a description "a" and a key "b": quote such text
    def keys(node):
        if isinstance(node, dict):
            for key, value in node.items():
                yield key
                yield from keys(value)
        elif isinstance(node, list):
            for value in node:
                yield from keys(value)

    schema = yaml.safe_load(config_readme.SCHEMA.read_text())
    assert [k for k in keys(schema) if " " in str(k)] == []


SCHEMA = {
    "required": ["a"],
    "properties": {
        "a": {"description": "section a", "type": "object", "required": ["n"], "properties": {
            "n": {"description": "a count", "type": "integer", "minimum": 2, "maximum": 9},
            "p": {"description": "a share", "type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
            "e": {"description": "a choice", "enum": ["x", "y"]},
            "l": {"$ref": "#/$defs/shares"},
            "m": {"description": "per name", "type": "object",
                  "additionalProperties": {"type": "integer", "minimum": 1}},
            "s": {"description": "named things", "type": "object", "additionalProperties": {
                "type": "object", "properties": {"k": {"description": "a key", "type": ["string", "null"]}}}},
        }},
        "seed": {"description": "the seed", "type": "integer", "minimum": 0},
    },
    "$defs": {"shares": {"description": "shares", "type": "array", "minItems": 2,
                         "items": {"type": "number", "minimum": 0, "maximum": 1}}},
}  # fmt: skip


def test_rows_say_what_is_allowed():
    rows = {key: (kind, text, optional) for key, kind, text, optional in config_readme.rows(
        SCHEMA["properties"]["a"], "a", False, SCHEMA)}  # fmt: skip
    assert rows["a.n"] == ("integer in [2, 9]", "a count", False)
    assert rows["a.p"] == ("number in (0, 1)", "a share", True)
    assert rows["a.e"][0] == "one of `x`, `y`"
    assert rows["a.l"] == ("list of number in [0, 1] (at least 2)", "shares", True)
    assert rows["a.m"][0] == "mapping `<name>` -> integer >= 1"
    assert rows["a.s.<name>"][1] == "one entry of `a.s`, with the keys below"
    assert rows["a.s.<name>.k"] == ("string or null", "a key", True)


def test_readme_has_a_section_per_mapping_and_a_top_level_table():
    text = config_readme.readme_text(SCHEMA)
    assert "## `a`\n\nSection a.\n" in text
    assert "| *`seed`* | integer >= 0 | the seed |" in text.split("## `a`")[0]
    assert config_readme.undescribed(SCHEMA) == []
    assert config_readme.undescribed({**SCHEMA, "required": [], "properties": {"x": {"type": "integer"}}}) == ["x"]

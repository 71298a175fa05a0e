"""schema_check: the schema is well formed, editor-friendly, and its errors read well."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from jsonschema import Draft202012Validator

from fuba_rules.diagnostics import Pos
from fuba_rules.resources import schema_text
from fuba_rules.schema_check import schema, validate
from fuba_rules.yamlpos import load_yaml


def problems(text: str) -> list[str]:
    data = load_yaml(Path("f.yaml"), textwrap.dedent(text))
    return [d.format() for d in validate(data, "f.yaml")]


def test_schema_is_valid_draft_2020_12_with_an_id():
    raw = json.loads(schema_text())
    Draft202012Validator.check_schema(raw)
    assert raw["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert raw["$id"]
    assert raw["properties"]["schema_version"]["const"] == 1


def _properties(node, path=""):
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            yield f"{path}.{name}", sub
        for key, sub in node.items():
            yield from _properties(sub, f"{path}/{key}")
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            yield from _properties(sub, f"{path}[{i}]")


def test_every_property_has_a_description_for_editor_completion():
    missing = [path for path, sub in _properties(schema()) if not sub.get("description")]
    assert missing == []


def test_every_entry_refuses_unknown_keys():
    loose = [
        name
        for name, d in schema()["$defs"].items()
        if d.get("type") == "object" and d.get("additionalProperties") is not False
    ]
    assert loose == []


def test_a_full_edition_file_is_valid():
    assert (
        problems(
            """\
        schema_version: 1
        id: x
        title: X
        date: 2024-05-26
        description: a test
        extends: base
        include: [../board.yaml]
        remove: [skills.dribble]
        interpretations:
          i1: {ref: "4.7", reading: r, reason: why}
        board: {ref: "1.4", areas: [], length: 100, halfway: 50, anything: else}
        constants: {max: 6, name: x, on: true, ratio: 0.5}
        state:
          ball: {type: int, default: 0, min: 0, max: 6, index: [team], reset: turn, ref: "1", doc: d}
        tables:
          r: {domain: {range: [2, 12]}, rows: {"2-6": miss, "7": {name: hit, do: "go()", extra: 1}}}
          p: {domain: {pairs: [[1, 6], [1, 6]]}, rows: {}}
          k: {domain: {keys: [home, away]}, rows: {home: 1}}
        functions:
          f: {params: [a], expr: "a + 1"}
        procedures:
          pass: {params: [t], do: "x()", doc: d, ref: "4.7"}
        triggers:
          t: {params: [a], doc: d}
        hooks:
          h: {at: t, when: "true", team: home, optional: true, cost: 1, rule: A6, do: "x()"}
        skills:
          s: {group: g, at: t, cost: "n", auto: false, choices: 2, once_per_match: true, timing: t, note: n, do: "x()"}
        modifiers:
          pass_near: {group: pass, text: near, when: "true", value: -2}
        formations:
          "4-4-2": [4, 4, 2]
        rules:
          A6: {title: Pressing, default: false, requires: [A1]}
        stats:
          goals: {text: goals, count: goal}
          turns: {text: turns, value: "turn // 2"}
        match:
          entry: match
          clock: minute
          turn: turn
          score: score
          phasing: phasing
          teams: {home: {name: Blue}, away: {name: Yellow}}
        """
        )
        == []
    )


def test_unknown_key_with_did_you_mean(snapshot):
    assert (
        problems(
            """\
        schema_version: 1
        procedure: {}
        procedures:
          pass:
            parms: [t]
            do: "x()"
        """
        )
        == snapshot
    )


def test_wrong_type(snapshot):
    assert (
        problems(
            """\
        schema_version: abc
        procedures:
          pass: {do: 3, params: t}
        formations:
          "4-4-2": [4, 4]
        """
        )
        == snapshot
    )


def test_missing_required_key(snapshot):
    assert (
        problems(
            """\
        title: no version
        procedures:
          pass: {doc: "no do"}
        hooks:
          h: {do: "x()"}
        """
        )
        == snapshot
    )


def test_bad_schema_version(snapshot):
    assert problems("schema_version: 2\n") == snapshot


def test_enum_and_choice_errors(snapshot):
    assert (
        problems(
            """\
        state:
          s: {type: integer, reset: turns}
        tables:
          t: {domain: {rnge: [1, 6]}}
          u: {domain: {range: [1]}, rows: {"1": [x]}}
        stats:
          both: {text: b, count: goal, value: "x"}
          none: {text: n}
        """
        )
        == snapshot
    )


def test_positions_fall_back_to_the_file_hint():
    (d,) = validate(None, "given.yaml")
    assert d.pos == Pos("given.yaml", 1, 1) and d.message == "expected a mapping, got nothing"


def test_the_editor_schema_comments_in_editions_point_at_this_schema():
    repo = Path(__file__).resolve().parent.parent
    marker = "# yaml-language-server: $schema="
    for path in sorted((repo / "editions").rglob("*.yaml")):
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        if first.startswith(marker) and path.parent.name != "teams":  # team files: tests/lsp/test_schema_lines.py
            target = (path.parent / first.removeprefix(marker).strip()).resolve()
            assert target == repo / "fuba_rules" / "schema" / "edition.schema.json", path

"""yamlpos: positions survive loading, and no input escapes as anything but FubaError."""

from __future__ import annotations

import copy
import pickle
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuba_rules import yamlpos
from fuba_rules.diagnostics import FubaError, Pos
from fuba_rules.yamlpos import LDict, LList, LStr, load_yaml, pos_of

F = Path("f.yaml")


def load(text: str) -> object:
    return load_yaml(F, textwrap.dedent(text))


def error_of(text: str | bytes) -> str:
    with pytest.raises(FubaError) as info:
        load_yaml(F, text)
    (d,) = info.value.diagnostics
    return d.format()


# --- containers and positions ----------------------------------------------------


def test_containers_remember_key_and_value_positions():
    data = load(
        """\
        procedures:
          pass:
            params: [a, b]
            n: 3
        """
    )
    assert isinstance(data, LDict) and data.pos == Pos("f.yaml", 1, 1)
    entry = data["procedures"]["pass"]
    assert entry.key_pos["n"] == Pos("f.yaml", 4, 5)
    assert entry.value_pos["n"] == Pos("f.yaml", 4, 8)
    params = entry["params"]
    assert isinstance(params, LList) and params == ["a", "b"]
    assert params.pos == Pos("f.yaml", 3, 13)
    assert params.item_pos == [Pos("f.yaml", 3, 14), Pos("f.yaml", 3, 17)]
    assert params[1].pos == Pos("f.yaml", 3, 17)


def test_scalars_stay_plain_python_values():
    data = load("i: 3\nf: 1.5\nb: true\nn: null\ns: x\nd: 2024-05-26\n")
    assert data == {"i": 3, "f": 1.5, "b": True, "n": None, "s": "x", "d": "2024-05-26"}
    assert type(data["i"]) is int and type(data["b"]) is bool and type(data["f"]) is float
    assert isinstance(data["s"], LStr) and isinstance(data["d"], LStr)  # timestamps stay text


def test_non_string_keys_become_their_source_text():
    data = load("1: a\ntrue: b\n4-4-2: c\n")
    assert list(data) == ["1", "true", "4-4-2"]
    assert data.key_pos["true"] == Pos("f.yaml", 2, 1)


def test_merge_keys_fill_in_what_is_not_written():
    data = load("base: &b {x: 1, y: 2}\nthis:\n  <<: *b\n  y: 3\n")
    assert data["this"] == {"x": 1, "y": 3}


def test_pos_of_returns_the_deepest_known_position():
    data = load("tables:\n  t:\n    rows: {'1': a}\n")
    assert pos_of(data, ["tables", "t", "rows", "1"]) == Pos("f.yaml", 3, 17)
    assert pos_of(data, ["tables", "t", "missing", "deeper"]) == Pos("f.yaml", 3, 5)
    assert pos_of(data, []) == Pos("f.yaml", 1, 1)
    assert pos_of(None, ["x"]) is None
    lst = load("a: [x, [y, z]]\n")
    assert pos_of(lst, ["a", 1, 0]) == Pos("f.yaml", 1, 9)


def test_lstr_survives_copy_and_pickle():
    s = load("a: 'hello'\n")["a"]
    for clone in (copy.deepcopy(s), pickle.loads(pickle.dumps(s))):
        assert clone == "hello" and clone.pos == s.pos and clone.locate(0, 2) == s.locate(0, 2)


# --- mapping positions inside strings ----------------------------------------------


EFFECT = """\
procedures:
  pass:
    do: |
      let t = choose(CT, "target", targets)
      set ball.value = ball.value + 1
"""


def test_literal_block_maps_inner_line_and_column_to_the_file():
    do = load_yaml(F, EFFECT)["procedures"]["pass"]["do"]
    assert do.pos == Pos("f.yaml", 4, 7)
    assert do.locate(0, 8) == Pos("f.yaml", 4, 15)  # the `c` of choose
    assert do.locate(1, 4) == Pos("f.yaml", 5, 11)  # the `b` of ball
    assert do.splitlines()[1][4:8] == "ball"


def test_literal_block_keeps_deeper_indents_and_leading_blank_lines():
    text = "do: |-\n\n    if x:\n        y\n"
    do = load_yaml(F, text)["do"]
    assert do == "\nif x:\n    y"
    assert do.locate(1, 0) == Pos("f.yaml", 3, 5)
    assert do.locate(2, 4) == Pos("f.yaml", 4, 9)


def test_literal_block_with_explicit_indentation_indicator():
    do = load_yaml(F, "do: |2\n    indented\n  flush\n")["do"]
    assert do == "  indented\nflush\n"
    assert do.locate(0, 2) == Pos("f.yaml", 2, 5)
    assert do.locate(1, 0) == Pos("f.yaml", 3, 3)


@pytest.mark.parametrize(
    ("text", "at"),
    [
        ("a: hello world\n", Pos("f.yaml", 1, 10)),
        ("a: 'hello world'\n", Pos("f.yaml", 1, 11)),
        ('a: "hello world"\n', Pos("f.yaml", 1, 11)),
        ("- [x, 'hello world']\n", Pos("f.yaml", 1, 14)),
    ],
)
def test_single_line_scalars_count_from_their_first_character(text, at):
    data = load_yaml(F, text)
    s = data["a"] if isinstance(data, dict) else data[0][1]
    assert s.locate(0, 6) == at  # the `w` of world


def test_folded_and_plain_multiline_are_best_effort():
    data = load_yaml(F, "f: >\n  one two\n  three\np: foo\n  bar baz\n")
    assert data["f"] == "one two three\n"
    assert data["f"].locate(0, 8) == Pos("f.yaml", 3, 3)  # `three`
    assert data["p"] == "foo bar baz"
    assert data["p"].locate(0, 4) == Pos("f.yaml", 5, 3)  # `bar`


def test_empty_string_points_at_the_scalar():
    data = load_yaml(F, "a: ''\nb: |\nc: 1\n")
    assert data["a"].pos == Pos("f.yaml", 1, 4)
    assert data["b"] == "" and data["b"].pos == Pos("f.yaml", 2, 4)


# --- errors ------------------------------------------------------------------------


def test_duplicate_keys_point_at_the_second():
    assert error_of("a: 1\nb: 2\na: 3\n") == "f.yaml:3:1: error: duplicate key 'a' (first defined at line 1, column 1)"


def test_scanner_errors_carry_the_mark_without_python_noise():
    message = error_of("a: b: c\n")
    assert message == "f.yaml:1:5: error: mapping values are not allowed here"
    message = error_of("a:\n  - x\n b: 2\n")
    assert message.startswith("f.yaml:3:2: error: expected the end of the block")
    assert "<unicode string>" not in message and "^" not in message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (b"a: \xff\n", "f.yaml:1:4: error: file is not valid UTF-8 (byte 0xff)"),
        ("a: 1\n\x00", "f.yaml:2:1: error: unacceptable character #x0000 in YAML"),
        ("a: !!python/object:os.system x", "f.yaml:1:4: error: unsupported tag '!!python/object:os.system'"),
        ("a: !custom x", "f.yaml:1:4: error: unsupported tag '!custom'"),
        ("a: &x [*x]", "f.yaml:1:4: error: an alias refers to the collection that contains it"),
        ("a: *nowhere", "f.yaml:1:4: error: found undefined alias 'nowhere'"),
        ("? [a]\n: 1", "f.yaml:1:3: error: a key must be a name, not a list or mapping"),
        ("a: 1\n---\nb: 2\n", "f.yaml:2:1: error: found a second document ('---'); a file holds only one"),
        ("x: !!int abc", "f.yaml:1:4: error: 'abc' is not a valid int"),
        ("x: !!int ", "f.yaml:1:4: error: '' is not a valid int"),
        ("x: !!bool maybe", "f.yaml:1:4: error: 'maybe' is not a valid bool"),
        ("\t- a", "f.yaml:1:1: error: found a tab that cannot start any token (YAML indents with spaces)"),
    ],
)
def test_bad_input_is_a_positioned_error(text, expected):
    assert error_of(text) == expected


def test_deep_nesting_is_refused_before_recursion_runs_out():
    assert "nesting is deeper than" in error_of("[" * 5000 + "]" * 5000)
    assert "nesting is deeper than" in error_of("a:\n" + "".join("  " * i + "- \n" for i in range(1, 400)))
    chain = "a0: &a0 [1]\n" + "".join(f"a{i}: &a{i} [*a{i - 1}]\n" for i in range(1, 300))
    assert "(through aliases)" in error_of(chain)


def test_alias_bomb_is_capped():
    levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for i in range(1, 9):
        prev, name = chr(96 + i), chr(97 + i)
        levels.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    assert "once aliases are expanded" in error_of("\n".join(levels))


def test_oversized_input_is_refused(monkeypatch):
    monkeypatch.setattr(yamlpos, "MAX_BYTES", 10)
    assert error_of("a: 12345678901\n") == "f.yaml:1:1: error: file is too large (the limit is 10 bytes)"


def test_a_huge_file_is_not_read_whole(tmp_path, monkeypatch):
    monkeypatch.setattr(yamlpos, "MAX_BYTES", 10)
    (tmp_path / "big.yaml").write_text("a: " + "x" * 100)
    with pytest.raises(FubaError, match="file is too large"):
        load_yaml(tmp_path / "big.yaml")


def test_a_folder_is_not_a_file(tmp_path):
    with pytest.raises(FubaError, match=r"cannot read .*: is a directory"):
        load_yaml(tmp_path)


def test_missing_file_has_no_line():
    with pytest.raises(FubaError) as info:
        load_yaml(Path("nowhere/x.yaml"))
    (d,) = info.value.diagnostics
    assert d.pos is None and d.message == "cannot read nowhere/x.yaml: no such file or directory"


def test_reads_files_and_skips_a_bom(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_bytes("\ufeffa: 'ü'\n".encode())
    data = load_yaml(path)
    assert data == {"a": "ü"} and data["a"].pos == Pos(str(path), 1, 5)


# --- never anything but FubaError ---------------------------------------------------

_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_SEED = """\
# yaml-language-server: $schema=x
schema_version: 1
extends: base
include: [../board.yaml]
procedures:
  pass:
    params: [t, "x"]
    do: |
      let t = 1
      set x = 'y'
tables:
  t: {domain: {range: [1, 6]}, rows: {"1-3": a, 4: {name: b, do: "go()"}}}
anchors: &a {k: [1, 2.5, true, null, ~]}
again: *a
folded: >
  some text
"""
_YAML_CHARS = st.sampled_from(
    [
        *":-?[]{},&*!|>'\"%@`#\n\t \\",
        "  ",
        "- ",
        ": ",
        "<<",
        "---",
        "...",
        "\ufeff",
        "\x00",
        "é",
        "&a ",
        "*a",
        "!!int ",
        "!!bool ",
        "|2",
        ">+",
    ]
)


def _expect_only_fuba_errors(data: str | bytes) -> None:
    try:
        load_yaml(F, data)
    except FubaError as e:
        assert e.diagnostics and all(d.format() for d in e.diagnostics)


@_SETTINGS
@given(st.binary(max_size=400))
def test_random_bytes_never_raise_anything_else(data):
    _expect_only_fuba_errors(data)


@_SETTINGS
@given(st.text(max_size=300))
def test_random_text_never_raises_anything_else(text):
    _expect_only_fuba_errors(text)


@_SETTINGS
@given(st.lists(st.tuples(st.integers(0, len(_SEED)), st.integers(0, 3), _YAML_CHARS), max_size=6))
def test_near_valid_yaml_never_raises_anything_else(edits):
    text = _SEED
    for at, cut, insert in edits:
        text = text[:at] + insert + text[at + cut :]
    _expect_only_fuba_errors(text)
    _expect_only_fuba_errors(text.encode("utf-8", errors="surrogatepass"))

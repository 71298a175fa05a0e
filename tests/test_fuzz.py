"""Fuzzing: mutated editions and random command lines never end in an internal error.

A modder's file and a designer's command line are untrusted input, so whatever
hypothesis makes of them, `fuba` must answer with a positioned error (exit 1), a usage
message (exit 2 from argparse) or a result; never `fuba: internal error` or a traceback.
A tiny edition (every kind of section, real rule text) is mutated at the YAML level
(lines dropped, doubled, swapped, cut; hostile tokens inserted) and at the rule-text
level (names, operators and indentation changed). Under CI=true the examples are the
same every run (tests/conftest.py); the long runs are marked `soak`.
"""

from __future__ import annotations

import io
import os
import shutil
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuba_rules.cli import main

REPO = Path(__file__).resolve().parents[1]

TINY = """\
schema_version: 1
title: Tiny
include: [../board.yaml]
match:
  entry: match
  clock: minute
state:
  ball.value: {type: int, default: 2, min: 1, max: 6, ref: "1.3.1"}
  ball.area: {type: area, default: centre, ref: "1.1"}
  control: {type: team, default: home, ref: "1.3"}
  score: {type: int, default: 0, min: 0, index: [team], ref: "3.1"}
  minute: {type: int, default: 1, ref: "3.1"}
constants:
  max_counted: 6
functions:
  CT: {expr: control, ref: "1.3"}
  DT: {expr: other(control), ref: "1.3"}
  high: {params: [n], expr: "n >= 4 and n <= max_counted", ref: "2"}
triggers:
  goal: {params: [team], ref: "3"}
hooks:
  cheer:
    at: goal
    ref: "3"
    do: |
      log("{team} scores")
procedures:
  match:
    ref: "3"
    do: |
      repeat 3:
        press(DT)
        set minute += 1
  press:
    params: [t]
    ref: "4.7"
    do: |
      let d = roll(2)
      let hits = len([x for x in d if high(x)])
      if hits >= 2:
        set control = t
        set score[t] += 1
        trigger goal(team=t)
      elif hits == 1:
        set ball.value = clamp(ball.value + 1, 1, 6)
      else:
        apply swing[d[0]]
tables:
  swing:
    ref: "4.8"
    domain: {range: [1, 6]}
    rows:
      "1-3": {do: "set ball.value = 1"}
      "4-6": {do: "set ball.value = 6"}
stats:
  goals: {text: "goals", value: "score[home] + score[away]"}
  cheers: {text: "goal lines", count: goal}
"""

YAML_TOKENS = [
    "&a", "*a", "<<: *a", "!!python/object/apply:os.system [ls]", "!!binary", "{", "}", "[", "]", ": ", "- ",
    "\t", "---", "...", "|", ">", "'", '"', "#", "%YAML 1.1", "? ", "~", "null", "1e400", "0x1F", "9" * 60,
    "\u2028", "\x00", "\ufeff", "include: [/etc/passwd]", "extends: ../../x", "index: [area, area, area, area]",
    "domain: {range: [1, 1000000000000]}", "'1-1000/1-1000': x",
]
RULE_TOKENS = [
    "x", "ball.value", "score", "score[home]", "__class__", "__import__", "roll(2)", "prefer=1", "1 // 0", "10 % 0",
    "(", ")", "[", "]", "{", "}", ",", ":", "=", "+=", "..", "-", "*", "not", "and", "if", "else", "elif", "let",
    "set", "repeat 10000:", "while true:", "return", "leave x", "trigger goal(team=home)", "choose(home, \"a\", prefer=1)",
    "may_choose(home, \"p\")", "rule(\"A1\")", "modifiers(\"g\")", "'{'", "\"{x\"", "9" * 40, "-" * 3, "    ", "\n",
    "[x for x in 1..99999]", "len", "other(", "CT", "DT()", "high(1, 2)", "swing[7]", "apply 3",
]

_line = st.integers(min_value=0, max_value=200)
_yaml_edit = st.one_of(
    st.tuples(st.just("drop"), _line),
    st.tuples(st.just("double"), _line),
    st.tuples(st.just("swap"), _line, _line),
    st.tuples(st.just("cut"), st.integers(min_value=0, max_value=3000)),
    st.tuples(st.just("insert"), st.integers(min_value=0, max_value=3000), st.sampled_from(YAML_TOKENS)),
    st.tuples(st.just("char"), st.integers(min_value=0, max_value=3000), st.characters(codec="utf-8")),
)
_rule_edit = st.tuples(
    st.sampled_from(["replace", "insert", "delete", "indent"]), _line, st.integers(0, 20), st.sampled_from(RULE_TOKENS)
)


def _apply_yaml(text: str, edit: tuple) -> str:
    lines = text.split("\n")
    kind, *args = edit
    if kind in ("drop", "double") and lines:
        i = args[0] % len(lines)
        return "\n".join(lines[:i] + lines[i + 1 :] if kind == "drop" else lines[: i + 1] + lines[i:])
    if kind == "swap" and lines:
        i, j = args[0] % len(lines), args[1] % len(lines)
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    at = args[0] % (len(text) + 1)
    if kind == "cut":
        return text[:at]
    return text[:at] + args[1] + text[at + (1 if kind == "char" else 0) :]


def _apply_rule(text: str, edit: tuple) -> str:
    """Change one word of a line of rule text (the lines indented under `do: |`)."""
    kind, line, word, token = edit
    lines = text.split("\n")
    code = [i for i, line_text in enumerate(lines) if line_text.startswith("      ")]
    i = code[line % len(code)]
    indent = len(lines[i]) - len(lines[i].lstrip(" "))
    words = lines[i].split() or ["pass"]
    w = word % len(words)
    if kind == "replace":
        words[w] = token
    elif kind == "insert":
        words.insert(w, token)
    elif kind == "delete":
        del words[w]
    else:
        indent = max(indent + (2 if word % 2 else -2), 0)
    lines[i] = " " * indent + " ".join(words)
    return "\n".join(lines)


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("fuzz") / "editions"
    (base / "tiny").mkdir(parents=True)
    shutil.copy(REPO / "editions" / "board.yaml", base)
    (base / "tiny" / "edition.yaml").write_text(TINY, encoding="utf-8")
    (base / "mods").mkdir()
    return base


def _fuba(capsys, argv: list[str]) -> tuple[int, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.err + captured.out


def _assert_clean(code: int, out: str) -> None:
    assert "internal error" not in out and "Traceback" not in out, out[-2000:]
    assert code in (0, 1, 2)


def _check_mutant(root: Path, capsys, text: str | bytes) -> None:
    path = root / "mods" / "mutant.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", errors="surrogatepass"))
    _assert_clean(*_fuba(capsys, ["--root", str(root), "check", str(path)]))


def test_the_tiny_edition_is_valid(root, capsys):
    assert _fuba(capsys, ["--root", str(root), "check", str(root / "tiny")])[0] == 0


FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
SOAK = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _yaml_mutants(root, capsys, edits) -> None:
    text = TINY
    for edit in edits:
        text = _apply_yaml(text, edit)
    _check_mutant(root, capsys, text)


def _rule_mutants(root, capsys, edits) -> None:
    text = TINY
    for edit in edits:
        text = _apply_rule(text, edit)
    _check_mutant(root, capsys, text)


@FUZZ
@given(edits=st.lists(_yaml_edit, min_size=1, max_size=4))
def test_yaml_mutations_of_an_edition_never_crash_fuba_check(root, capsys, edits):
    _yaml_mutants(root, capsys, edits)


@FUZZ
@given(edits=st.lists(_rule_edit, min_size=1, max_size=4))
def test_rule_text_mutations_never_crash_fuba_check(root, capsys, edits):
    _rule_mutants(root, capsys, edits)


@pytest.mark.soak
@SOAK
@given(edits=st.lists(_yaml_edit, min_size=1, max_size=8))
def test_soak_yaml_mutations(root, capsys, edits):
    _yaml_mutants(root, capsys, edits)


@pytest.mark.soak
@SOAK
@given(edits=st.lists(_rule_edit, min_size=1, max_size=8))
def test_soak_rule_text_mutations(root, capsys, edits):
    _rule_mutants(root, capsys, edits)


# ---- random command lines ---------------------------------------------------------------

COMMANDS = ["check", "show", "diff", "editions", "odds", "play", "rules", "replay", "schema", "simulate", "sweep", "compare", "ladder", "balance"]
WORDS = [
    "tiny", "nowhere", "mods/mutant", "press", "home", "away", "match", "--state", "--home", "--away", "--keepers",
    "--measure", "--answer", "--with", "--mod", "--seed", "--section", "--human", "--full", "ball.value=3",
    "ball.value=abc", "ball.area=centre", "ball.area=away_corner", "control=centre", "score=3", "score[home]=2",
    "score[x]=1", "centre=2", "centre=11", "centre=-5", "nowhere=2", "mars,venus", "1 // 0", "score[home]",
    "[control, ball.value]", "x" * 300, "9" * 5000, "", "=", ",", "[", "-", "--", "../../etc/passwd", "/proc/self/environ",
    "A1", "both", "-1", "0", "\x00", "é", "--root", "/nonexistent",
    # issue 38: files that are not files, outputs that cannot be written, work that cannot finish
    "-n", "1", "2", "--cup", "--log", "--out", "--resume", "--report", "-o", "--teams", "--reference", "--set", "--json",
    "pipe", "dangling", "/dev/zero", "/dev/urandom", "/dev/full", "/proc/nowhere/x", str(10**12), str(10**21),
    "constants.max_counted=1,2", "constants.max_counted=!!python/object/apply:os.system [ls]", "constants.max_counted=" + "9" * 5000,
    "\x1b]52;c;aGk=\x07", "--agents", "random,random,random",
]
MATCH_COMMANDS = {"simulate", "sweep", "compare", "ladder", "balance"}


@pytest.fixture
def quiet_stdin(monkeypatch, root):
    """No input, and a folder holding a FIFO and a dangling link, where a command that
    opened them the usual way would wait for good or create the link's target."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    here = root.parent / "cwd"
    if not here.exists():
        here.mkdir()
        os.mkfifo(here / "pipe")
        (here / "dangling").symlink_to(here / "created")
    monkeypatch.chdir(here)
    yield
    assert not (here / "created").exists(), "a write through a dangling link created its target"


def _command_line(root: Path, command: str, words: list[str]) -> list[str]:
    """A command line; one that plays matches plays one, on the tiny edition (a fuzz
    case must stay quick), unless it says otherwise."""
    if command in MATCH_COMMANDS and "-n" not in words:
        words = [*words, "-n", "1"]
    if command == "sweep" and "--set" not in words:
        words = [*words, "--set", "constants.max_counted=5,6"]
    return ["--root", str(root), command, *words]


@FUZZ
@given(command=st.sampled_from(COMMANDS), words=st.lists(st.one_of(st.sampled_from(WORDS), st.text(string.printable, max_size=12)), max_size=6))
def test_random_command_lines_never_end_in_an_internal_error(root, capsys, quiet_stdin, command, words):
    _assert_clean(*_fuba(capsys, _command_line(root, command, words)))


@FUZZ
@given(command=st.sampled_from(COMMANDS), words=st.lists(st.sampled_from(WORDS), max_size=5))
def test_random_options_of_every_command_on_an_edition_never_end_in_an_internal_error(root, capsys, quiet_stdin, command, words):
    _assert_clean(*_fuba(capsys, _command_line(root, command, ["tiny", *words])))


@pytest.mark.soak
@SOAK
@given(command=st.sampled_from(COMMANDS), words=st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=20)), max_size=10))
def test_soak_random_command_lines(root, capsys, quiet_stdin, command, words):
    _assert_clean(*_fuba(capsys, _command_line(root, command, words)))


# ---- every file a command names -------------------------------------------------------------

READS = {
    "check": ["check", "{}"],
    "replay": ["replay", "{}"],
    "simulate --resume": ["simulate", "tiny", "-n", "1", "--resume", "{}"],
    "simulate --teams": ["simulate", "tiny", "-n", "1", "--teams", "{}"],
    "simulate --mod": ["simulate", "tiny", "-n", "1", "--mod", "{}"],
    "show --mod": ["show", "tiny", "--mod", "{}"],
    "rules --mod": ["rules", "tiny", "--mod", "{}"],
    "compare --teams": ["compare", "tiny", "tiny", "-n", "1", "--teams", "{}"],
}
WRITES = {
    "simulate --log": ["simulate", "tiny", "-n", "1", "--log", "{}"],
    "simulate --out": ["simulate", "tiny", "-n", "1", "--out", "{}"],
    "simulate --report": ["simulate", "tiny", "-n", "1", "--report", "{}"],
    "rules -o": ["rules", "tiny", "-o", "{}"],
    "sweep --report": ["sweep", "tiny", "--set", "constants.max_counted=5,6", "-n", "1", "--report", "{}"],
}
NOT_FILES = ["pipe", "dangling", "/dev/zero", "/dev/urandom", "/dev/full", "/proc/nowhere/x", "."]


@pytest.mark.parametrize("path", NOT_FILES)
@pytest.mark.parametrize("use", sorted(READS) + sorted(WRITES))
def test_every_file_a_command_names_is_read_or_written_safely(root, capsys, quiet_stdin, use, path):
    # a FIFO must not block, a device must not be read to its end, a dangling link must
    # not create its target, and whatever cannot be written is said in words
    argv = [path if word == "{}" else word for word in {**READS, **WRITES}[use]]
    _assert_clean(*_fuba(capsys, ["--root", str(root), *argv]))

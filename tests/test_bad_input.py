"""Bad input from mods and the command line: confinement, check-time caps, clean errors.

Each test is one item of issue 13 that got through before: a mod reading files outside
its root, a size that passed `fuba check` and filled memory later, or a command line
that ended in `fuba: internal error`.
"""

from __future__ import annotations

import errno
import io
import json
import os
from pathlib import Path

import pytest
from test_layering import write

from fuba_rules import diagnostics
from fuba_rules.cli import main
from fuba_rules.cli import odds as odds_command
from fuba_rules.diagnostics import FubaError, Suggestions, did_you_mean
from fuba_rules.edition import load_edition
from fuba_rules.engine.match import MAX_LOG_EVENTS
from fuba_rules.lang import parser
from fuba_rules.lang.parser import default_locate, parse_block
from fuba_rules.layering import resolve
from fuba_rules.limits import MAX_BLOCK_NESTING, MAX_EXTENDS_DEPTH, MAX_SUGGESTION_NAME, MAX_YAML_CHARS

REPO = Path(__file__).resolve().parents[1]
EDITIONS = REPO / "editions"
MATCH = 'procedures:\n  match: {do: pass, ref: "1"}\n'


def errors(target, root: Path) -> list[str]:
    with pytest.raises(FubaError) as info:
        resolve(target, root)
    return [d.message for d in info.value.diagnostics]


def check(capsys, *argv: str) -> tuple[int, str]:
    code = main([*argv])
    return code, capsys.readouterr().err


# ---- confinement ----------------------------------------------------------------------------


def test_the_shipped_editions_still_include_their_shared_files():
    r = resolve("2024-draft", EDITIONS)
    assert "board" in r.data and "formations" in r.data
    assert any(f.endswith("board.yaml") for f in r.files)


def test_a_folder_edition_may_include_and_extend_inside_the_editions_folder(tmp_path):
    root = write(tmp_path / "editions", {
        "board.yaml": "board: {}\n",
        "base/edition.yaml": "schema_version: 1\ninclude: [../board.yaml]\n",
        "child/edition.yaml": "schema_version: 1\nextends: ../base\ninclude: [../board.yaml]\n",
    })
    assert resolve("child", root).chain == ["base", "child"]


def test_a_data_file_of_an_edition_that_is_a_symlink_out_is_not_read(tmp_path):
    root = write(tmp_path / "editions", {"base/edition.yaml": "schema_version: 1\n"})
    write(tmp_path, {"secret.yaml": "password: {x: swordfish}\n"})
    (root / "base" / "more.yaml").symlink_to(tmp_path / "secret.yaml")
    found = errors("base", root)
    assert found == [f"more.yaml is a symbolic link leading outside '{root}'; it is not read"]


def test_a_mod_kept_elsewhere_reads_its_own_folder_and_the_editions_but_nothing_else(tmp_path):
    root = write(tmp_path / "editions", {"board.yaml": "board: {}\n"})
    write(tmp_path, {
        "mods/parts/shared.yaml": "constants: {a: 1}\n",
        "mods/mine.yaml": "schema_version: 1\ninclude: [parts/shared.yaml, ../editions/board.yaml]\n",
        "mods/nosy.yaml": "schema_version: 1\ninclude: [../home.yaml]\n",
        "home.yaml": "constants: {secret: 1}\n",
    })
    assert resolve(tmp_path / "mods" / "mine.yaml", root).data["constants"] == {"a": 1}
    (message,) = errors(tmp_path / "mods" / "nosy.yaml", root)
    assert message.startswith("cannot include '../home.yaml': it is outside ")


def test_fuba_check_never_prints_what_an_outside_file_holds(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, {
        "secret/keys.yaml": "token: {swordfish: 1}\n",
        "editions/board.yaml": "board: {}\n",
        "editions/mods/thief.yaml": "schema_version: 1\nextends: ../../secret/keys.yaml\n",
    })
    code, err = check(capsys, "--root", "editions", "check", "editions/mods/thief.yaml")
    assert code == 1 and "swordfish" not in err
    assert err == "editions/mods/thief.yaml:2:10: error: cannot extend '../../secret/keys.yaml': it is outside 'editions'\n"


@pytest.mark.parametrize("name", ["x" * 300, "a\x00b"])
@pytest.mark.parametrize("command", ["check", "show"])
def test_a_name_the_system_refuses_is_a_clean_error(capsys, command, name):
    code, err = check(capsys, "--root", str(EDITIONS), command, name)
    assert code == 1 and err.startswith("fuba: error: ") and "internal error" not in err


# ---- check-time caps --------------------------------------------------------------------------


def test_a_board_in_one_file_and_state_indexed_by_its_areas_in_another_are_capped_together(tmp_path, capsys):
    areas = "\n".join(f"    - {{id: a{i}}}" for i in range(100))
    write(tmp_path, {
        "editions/board.yaml": EDITIONS.joinpath("board.yaml").read_text(encoding="utf-8"),
        "editions/big/edition.yaml": f"schema_version: 1\ninclude: [../board.yaml]\n{MATCH}",
        "editions/big/state.yaml": 'state:\n  grid: {type: int, default: 0, index: [area, area], ref: "1"}\n',
    })
    from fuba_rules.schema_check import check_limits
    from fuba_rules.yamlpos import load_yaml

    merged = load_yaml(Path("x.yaml"), f"board:\n  areas:\n{areas}\nstate:\n  grid: {{index: [area, area]}}\n")
    (d,) = check_limits(merged, "x.yaml")
    assert d.message == "state 'grid' indexed by [area, area] holds more than 5,000 values"


def test_did_you_mean_keeps_its_quality_on_normal_sizes():
    names = ["ball.value", "ball.area", "control", "score", "phasing", "actions", "minute"]
    assert did_you_mean("ball.valu", names) == " (did you mean 'ball.value'?)"
    assert did_you_mean("contrl", names) == " (did you mean 'control'?)"
    assert did_you_mean("zzz", names) == ""


def test_did_you_mean_compares_only_names_of_a_similar_length_and_skips_long_ones():
    many = [f"value_{i:05d}" for i in range(20_000)]
    assert did_you_mean("valeu_12345", many) == " (did you mean 'value_12345'?)"
    assert did_you_mean("v" * (MAX_SUGGESTION_NAME + 1), ["v" * (MAX_SUGGESTION_NAME + 1)]) == ""


def test_suggestions_stop_when_their_budget_is_spent():
    suggest = Suggestions(work=10)
    assert suggest("contrl", ["control"] * 10) == " (did you mean 'control'?)"
    assert suggest("contrl", lambda: pytest.fail("not asked for the candidates once the budget is spent")) == ""


def test_prefer_never_fills_a_positional_argument_of_choose(tmp_path, capsys):
    write(tmp_path, {
        "editions/board.yaml": EDITIONS.joinpath("board.yaml").read_text(encoding="utf-8"),
        "editions/mods/m.yaml": """\
            schema_version: 1
            include: [../board.yaml]
            procedures:
              match:
                ref: "1"
                do: |
                  let x = may_choose(home, "pick", ["a", "b"], prefer=1)
                  let y = choose(away, "pick", prefer=1)
            """,
    })
    code, err = check(capsys, "--root", str(tmp_path / "editions"), "check", str(tmp_path / "editions/mods/m.yaml"))
    assert code == 1
    assert err.splitlines()[0].endswith(":8:15: error: 'choose' takes 3 argument(s), got 2")
    assert len(err.splitlines()) == 1


def test_a_team_or_area_state_naming_neither_is_a_positioned_error(tmp_path, capsys):
    mod = tmp_path / "mods" / "holder.yaml"
    write(tmp_path, {"mods/holder.yaml": """\
        schema_version: 1
        extends: 2024-draft
        state:
          holder: {type: team, default: homme, ref: "X"}
        """})
    code, err = check(capsys, "--root", str(EDITIONS), "check", str(mod))
    assert code == 1
    assert err == f"{mod}:4:33: error: state 'holder' is a team: its default \"homme\" is no team (home or away) (did you mean 'home'?)\n"
    mod.write_text(mod.read_text(encoding="utf-8").replace("homme", "home") + 'hooks:\n  flip: {ref: "X", at: turn_end, do: \'set holder = text("homme")\'}\n', encoding="utf-8")
    code, err = check(capsys, "--root", str(EDITIONS), "simulate", "2024-draft", "--mod", str(mod), "-n", "1")
    assert code != 0 and "internal error" not in err
    assert f"{mod}:6:43: error: rule fault: state 'holder' is a team: it cannot hold 'homme' (did you mean 'home'?)" in err


# ---- interrupts -------------------------------------------------------------------------------


def test_an_interrupt_while_rule_text_is_read_is_never_a_syntax_error(monkeypatch):
    def interrupted(self, items):  # Python wraps an interrupt in __set_name__ as a RuntimeError
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as e:
            raise RuntimeError("Error calling __set_name__") from e

    monkeypatch.setattr(parser._Builder, "call", interrupted)
    with pytest.raises(KeyboardInterrupt):
        parse_block("let x = f(1)\n", default_locate("rules.yaml"))


def test_a_fault_of_the_tree_builder_is_a_bug_not_a_syntax_error(monkeypatch):
    def broken(self, items):
        raise TypeError("cannot unpack non-iterable Tree object")

    monkeypatch.setattr(parser._Builder, "call", broken)
    with pytest.raises(TypeError):
        parse_block("let x = f(1)\n", default_locate("rules.yaml"))


# ---- fuba play ---------------------------------------------------------------------------------


def test_fuba_play_stops_cleanly_when_standard_input_ends(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, err = check(capsys, "--root", str(EDITIONS), "play", "2024-draft")
    assert code == 1
    assert err.strip().endswith("fuba: standard input ended; the match stops here")


# ---- fuba odds ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def draft():
    return load_edition("2024-draft", root=EDITIONS)


@pytest.fixture
def odds(draft, capsys, monkeypatch):
    monkeypatch.setattr(odds_command, "_load", lambda args: draft)
    pieces = ["--home", "centre=2,home_front=8", "--away", "centre=2,away_front=8"]

    def run(*argv: str, position: bool = True) -> tuple[int, str]:
        code = main(["odds", "2024-draft", "pressing", "away", *argv, *(pieces if position else [])])
        captured = capsys.readouterr()
        return code, captured.err + captured.out

    return run


BAD_POSITIONS = {
    "not-a-number": ["--state", "ball.value=abc"],
    "unknown-area": ["--state", "ball.area=nowhere"],
    "corner-spot-is-not-an-area": ["--state", "ball.area=away_corner"],
    "huge-number": ["--state", "ball.value=" + "9" * 5000],
    "out-of-bounds": ["--state", "ball.value=99"],
    "area-for-a-team": ["--state", "control=centre"],
    "whole-indexed-entry": ["--state", "score=3"],
    "unknown-index": ["--state", "score[hme]=3"],
    "unknown-state": ["--state", "bal.value=3"],
    "measure-divides-by-zero": ["--measure", "1 // 0"],
    "keepers-not-areas": ["--keepers", "mars,venus"],
    "argument-too-long": ["--answer", "9" * 5000],
}
BAD_PIECES = {
    "pieces-not-a-number": ["--home", "centre=abc"],
    "too-many-pieces": ["--home", "centre=11"],
    "negative-pieces": ["--home", "centre=-5"],
    "unknown-area-for-pieces": ["--home", "nowhere=2"],
    "misspelt-area-for-pieces": ["--home", "centr=2"],
}


@pytest.mark.parametrize("case", sorted(BAD_POSITIONS))
def test_odds_rejects_a_bad_position_with_a_clean_error(odds, case, snapshot):
    code, out = odds(*BAD_POSITIONS[case])
    assert code == 1 and "internal error" not in out
    assert out == snapshot


@pytest.mark.parametrize("case", sorted(BAD_PIECES))
def test_odds_rejects_bad_pieces_with_a_clean_error(odds, case, snapshot):
    code, out = odds(*BAD_PIECES[case], position=False)
    assert code == 1 and "internal error" not in out
    assert out == snapshot


def test_odds_sets_one_value_of_an_indexed_state(odds):
    code, out = odds("--state", "score[home]=3", "--measure", "score[home]")
    assert code == 0 and out.splitlines()[1].split() == ["3", "1", "100.00%"]


def test_odds_without_the_away_pieces_says_what_is_missing_in_words(odds):
    _code, out = odds("--home", "centre=2,home_front=8", position=False)
    assert "list index out of range" not in out and "internal error" not in out


def test_suggestion_budget_is_one_per_checker():
    from fuba_rules.engine.primitives import ENGINE
    from fuba_rules.lang.checker import Checker, Symbols

    first, second = Checker(Symbols(ENGINE)), Checker(Symbols(ENGINE))
    assert first.suggest is not second.suggest and first.suggest.left == diagnostics.MAX_SUGGESTION_WORK


def test_every_cap_is_on_the_limits_page_with_its_value():
    from fuba_rules import limits

    page = (REPO / "docs" / "limits.md").read_text(encoding="utf-8")
    caps = {k: v for k, v in vars(limits).items() if k.isupper()}
    assert len(caps) >= 10
    for name, value in caps.items():
        assert f"| `{name}` | {value:,} " in page, f"docs/limits.md: no row for {name} = {value:,}"


# ---- issue 38: hostile files and command lines ------------------------------------------


def _fifo(tmp_path: Path) -> str:
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    return str(path)


class _Full(io.StringIO):
    """Standard output on a full disk."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")


def _sweep_grid(points: int) -> list[str]:
    values = ",".join(str(v) for v in range(1, points + 1))
    return ["--set", f"constants.half_length={values}", "--set", f"constants.half_length={values}"]


BAD_COMMAND_LINES = {
    # what cannot be written
    "rules-output-in-a-missing-folder": lambda tmp: ["rules", "2024-draft", "-o", str(tmp / "missing" / "rules.md")],
    "rules-output-is-a-folder": lambda tmp: ["rules", "2024-draft", "-o", str(tmp)],
    "simulate-report-in-a-missing-folder": lambda tmp: ["simulate", "2024-draft", "-n", "1", "--report", str(tmp / "missing" / "r.html")],
    # work that cannot finish
    "simulate-a-trillion-matches": lambda tmp: ["simulate", "2024-draft", "-n", str(10**12)],
    "simulate-a-number-of-matches-too-long-to-read": lambda tmp: ["simulate", "2024-draft", "-n", "9" * 5000],
    "simulate-a-cup-of-a-sextillion-teams": lambda tmp: ["simulate", "2024-draft", "-n", "1", "--cup", str(10**21)],
    "simulate-cups-adding-up-past-the-cap": lambda tmp: ["simulate", "2024-draft", "-n", "2000", "--cup", "1000"],
    "ladder-past-the-cap": lambda tmp: ["ladder", "2024-draft", "-n", "900000"],
    "compare-past-the-cap": lambda tmp: ["compare", "2024-draft", "2024-draft", "-n", "600000"],
    "sweep-a-million-grid-points": lambda tmp: ["sweep", "2024-draft", *_sweep_grid(1000), "-n", "1"],
    "sweep-points-times-matches-past-the-cap": lambda tmp: ["sweep", "2024-draft", "--set", "constants.half_length=30,40", "-n", "900000"],
    # values that are not values
    "odds-with-too-many-arguments": lambda tmp: ["odds", "2024-draft", "pressing", "away", "home", "away", "home"],
    "sweep-value-with-a-python-tag": lambda tmp: ["sweep", "2024-draft", "--set", "constants.half_length=!!python/object/apply:os.system [ls]", "-n", "1"],
    "sweep-value-of-100000-digits": lambda tmp: ["sweep", "2024-draft", "--set", "constants.half_length=" + "9" * 100_000, "-n", "1"],
    # files that are not files
    "replay-dev-zero": lambda tmp: ["replay", "/dev/zero"],
    "replay-dev-urandom": lambda tmp: ["replay", "/dev/urandom"],
    "resume-dev-zero": lambda tmp: ["simulate", "2024-draft", "-n", "1", "--resume", "/dev/zero"],
    "check-a-fifo": lambda tmp: ["check", _fifo(tmp)],
    "replay-a-fifo": lambda tmp: ["replay", _fifo(tmp)],
    "resume-a-fifo": lambda tmp: ["simulate", "2024-draft", "-n", "1", "--resume", _fifo(tmp)],
    "mod-a-fifo": lambda tmp: ["simulate", "2024-draft", "-n", "1", "--mod", _fifo(tmp)],
    "teams-a-fifo": lambda tmp: ["simulate", "2024-draft", "-n", "1", "--teams", _fifo(tmp)],
    "show-with-a-fifo-mod": lambda tmp: ["show", "2024-draft", "--mod", _fifo(tmp)],
}


@pytest.mark.parametrize("case", sorted(BAD_COMMAND_LINES))
def test_a_bad_command_line_is_a_clean_error_never_an_internal_one(case, tmp_path, capsys, snapshot):
    code, err = check(capsys, "--root", str(EDITIONS), *BAD_COMMAND_LINES[case](tmp_path))
    assert code in (1, 2), err
    assert "internal error" not in err and "Traceback" not in err
    assert err.replace(str(tmp_path), "<tmp>") == snapshot


def test_a_full_disk_under_standard_output_is_a_clean_error(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdout", _Full())
    code = main(["schema"])
    monkeypatch.undo()
    assert (code, capsys.readouterr().err) == (1, "fuba: error: cannot read or write the output: no space left on device\n")


def test_a_hard_link_to_an_outside_file_is_never_read(tmp_path, capsys):
    write(tmp_path, {"secret/keys.yaml": "token: {swordfish: 1}\n", "editions/board.yaml": "board: {}\n"})
    mods = tmp_path / "editions" / "mods"
    mods.mkdir()
    os.link(tmp_path / "secret" / "keys.yaml", mods / "keys.yaml")
    write(mods, {"thief.yaml": "schema_version: 1\ninclude: [keys.yaml]\n", "heir.yaml": "schema_version: 1\nextends: keys.yaml\n"})
    for mod, verb in (("thief", "include"), ("heir", "extend")):
        code, err = check(capsys, "--root", str(tmp_path / "editions"), "check", str(mods / f"{mod}.yaml"))
        assert code == 1 and "swordfish" not in err
        assert err.endswith(f"error: cannot {verb} 'keys.yaml': it is a hard link (2 names for one file; one may be outside '{tmp_path / 'editions'}')\n")


def test_an_extends_chain_deeper_than_the_cap_is_a_positioned_error(tmp_path):
    files = {"editions/board.yaml": "board: {}\n", "editions/mods/m0.yaml": "schema_version: 1\ninclude: [../board.yaml]\n"}
    for i in range(1, 1200):
        files[f"editions/mods/m{i}.yaml"] = f"schema_version: 1\nextends: m{i - 1}.yaml\n"
    root = write(tmp_path, files) / "editions"
    assert resolve(root / "mods" / f"m{MAX_EXTENDS_DEPTH - 1}.yaml", root).chain[0] == "mods/m0"
    (message,) = errors(root / "mods" / "m1199.yaml", root)
    assert message == f"extends chain is longer than {MAX_EXTENDS_DEPTH} editions"


NESTED_IFS = "".join(" " * i + "if true:\n" for i in range(190)) + " " * 190 + "pass\n"


@pytest.mark.parametrize("cache", ["on", "off"])
def test_190_nested_ifs_are_refused_at_the_rule_alike_with_the_parse_cache_on_and_off(tmp_path, capsys, monkeypatch, cache):
    """A rule compiles to Python, which takes at most 100 levels of indentation: blocks
    nested past MAX_BLOCK_NESTING are refused where the rule text starts, by `fuba check`
    and with the parse cache on or off, never a fault when the match plays."""
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FUBA_CACHE", cache)
    mod = tmp_path / "deep.yaml"
    mod.write_text('schema_version: 1\nextends: 2024-draft\nprocedures:\n  deep:\n    ref: "1"\n    do: |\n' + "".join(f"      {line}\n" for line in NESTED_IFS.splitlines()))
    for _ in range(2):  # the second time reads what the first stored
        code, err = check(capsys, "--root", str(EDITIONS), "check", str(mod))
        assert (code, err) == (1, f"{mod}:7:7: error: rule text nests its blocks too deeply (more than {MAX_BLOCK_NESTING} levels of if, for, while, repeat, scope or choose)\n")


def test_a_value_of_many_characters_aliased_many_times_is_refused_at_the_text(tmp_path):
    from fuba_rules.yamlpos import load_yaml

    text = 'big: &s "' + "x" * 100_000 + '"\nmany: [' + ", ".join(["*s"] * 100) + "]\n"
    with pytest.raises(FubaError) as info:
        load_yaml(tmp_path / "bomb.yaml", text)
    assert info.value.diagnostics[0].format() == f"{tmp_path / 'bomb.yaml'}:1:6: error: more than {MAX_YAML_CHARS:,} characters of text once aliases are expanded"


FLOOD = """\
schema_version: 1
extends: 2024-draft
hooks:
  flood:
    ref: "9.9"
    at: match_start
    do: |
      repeat 10000:
        repeat 100:
          log("x")
"""


def test_a_hook_logging_in_a_loop_stops_at_the_event_cap_at_its_statement(tmp_path, capsys):
    mod, log = tmp_path / "flood.yaml", tmp_path / "match.jsonl"
    mod.write_text(FLOOD)
    code, err = check(capsys, "--root", str(EDITIONS), "simulate", str(mod), "-n", "1", "--log", str(log))
    assert code == 1
    assert err.endswith(f"{mod}:10:11: error: rule fault: the match log grew beyond {MAX_LOG_EVENTS:,} events: a rule logs too often (9.9) (in match seed 0, minute 1)\n")
    assert len(log.read_text().splitlines()) <= MAX_LOG_EVENTS + 1


ESCAPES = """\
schema_version: 1
extends: 2024-draft
title: "Evil \\e]52;c;aGVsbG8=\\a"
procedures:
  trap:
    ref: "9.9\\e[2J"
    doc: "clears the screen \\e]0;owned\\a"
    do: |
      decide_winner(home, how="shoot-out\\x9b31m")
"""


def test_control_characters_from_a_mod_reach_the_terminal_escaped(tmp_path, capsys):
    mod = tmp_path / "escapes.yaml"
    mod.write_text(ESCAPES)
    code = main(["--root", str(EDITIONS), "rules", str(mod)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "\x1b" not in out and "\x07" not in out and "\x9b" not in out
    assert "Evil \\x1b]52;c;aGVsbG8=\\x07" in out and "9.9\\x1b[2J" in out and "owned\\x07" in out


def test_control_characters_in_a_log_reach_the_terminal_escaped(tmp_path, capsys):
    log = tmp_path / "match.jsonl"
    header = {"kind": "header", "edition": "\x1b]52;c;aGk=\x07", "seed": 0, "agents": ["coach", "coach"]}
    event = {"kind": "log", "text": "\x1b[2Jgone", "clock": 1, "ref": "\x9b1"}
    log.write_text(json.dumps(header) + "\n" + json.dumps(event) + "\n" + json.dumps({"kind": "end", "score": {}}) + "\n")
    code = main(["replay", str(log)])
    out = capsys.readouterr().out
    assert code == 0
    assert not any(c in out for c in "\x1b\x07\x9b")
    assert out.startswith("\\x1b]52;c;aGk=\\x07 seed 0")

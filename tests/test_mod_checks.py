"""A modder's silent mistakes (issue 11, "Loading and checking"): what `fuba check` finds.

Each test is one thing a modder saw pass quietly, or fail for the wrong reason: a mod
kept in their own folder, a team file checked as an edition, a literal name that names
nothing, a skill that can never be paid or fired, a fault pointing at the wrong file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fuba_rules.cli import main

REPO = Path(__file__).resolve().parents[1]
EDITIONS = REPO / "editions"
SKILLS_MOD = (EDITIONS / "mods" / "example-skills.yaml").read_text().replace("id: mods/example-skills", "id: my-skills")


def check(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["check", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def modder(tmp_path, monkeypatch):
    """A modder's own folder: mods/ beside another draft of theirs, no editions folder."""
    (tmp_path / "mods").mkdir()
    (tmp_path / "mods" / "my-skills.yaml").write_text(SKILLS_MOD)
    (tmp_path / "2025-draft").mkdir()
    (tmp_path / "2025-draft" / "edition.yaml").write_text("schema_version: 1\nextends: 2024-draft\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FUBA_EDITIONS", str(EDITIONS))
    return tmp_path


# ---- where a mod finds its base edition ------------------------------------------------------


def test_a_mod_in_the_modders_own_folder_extends_the_editions_of_fuba_editions(modder, capsys):
    code, out, err = check(capsys, "mods/my-skills.yaml")
    assert code == 0 and "error" not in err
    assert "mods/my-skills.yaml: ok (my-skills extends 2024-draft" in out


def test_an_unknown_base_is_suggested_from_the_editions_that_commands_use(modder, capsys):
    (modder / "mods" / "typo.yaml").write_text(SKILLS_MOD.replace("extends: 2024-draft", "extends: 2024-dratf"))
    code, _, err = check(capsys, "mods/typo.yaml")
    assert code == 1
    assert "unknown edition '2024-dratf' (did you mean '2024-draft'?)" in err


def test_a_mod_beside_the_edition_it_extends_still_finds_it_there(tmp_path, capsys, monkeypatch):
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "edition.yaml").write_text("schema_version: 1\ninclude: [../board.yaml]\n")
    (tmp_path / "board.yaml").write_text((EDITIONS / "board.yaml").read_text())
    (tmp_path / "mods").mkdir()
    (tmp_path / "mods" / "m.yaml").write_text("schema_version: 1\nid: mods/m\nextends: base\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FUBA_EDITIONS", str(EDITIONS))
    _code, out, err = check(capsys, "mods/m.yaml")
    assert "unknown edition" not in err
    assert "mods/m (extends base" in out or "match.entry" in err  # found: the rules are checked


def test_a_mod_of_the_modders_own_edition_which_extends_an_installed_one_loads(modder, capsys):
    """mods/my-twist extends 2025-draft (the modder's own), which extends 2024-draft (installed)."""
    (modder / "mods" / "my-twist.yaml").write_text("schema_version: 1\nid: mods/my-twist\nextends: 2025-draft\n")
    code, out, err = check(capsys, "mods/my-twist.yaml")
    assert (code, err) == (0, "")
    assert "mods/my-twist.yaml: ok (mods/my-twist extends 2025-draft" in out
    assert main(["simulate", "2025-draft", "--root", str(modder), "--mod", "mods/my-twist.yaml", "-n", "1", "--json"]) == 0


# ---- team files --------------------------------------------------------------------------------


def test_a_team_file_is_checked_as_a_team_file(capsys):
    code, out, err = check(capsys, str(EDITIONS / "teams" / "example.yaml"))
    assert (code, err) == (0, "")
    assert "ok (team file, 7 skills)" in out


def test_a_team_file_names_skills_that_some_edition_has(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("FUBA_EDITIONS", str(EDITIONS))
    team = tmp_path / "team.yaml"
    team.write_text("home:\n  skills: [Regista, Target mna]\naway:\n  skill: [Crossing]\n")
    code, _, err = check(capsys, str(team))
    assert code == 1
    assert "team.yaml:2:21: error: no edition here has a skill 'Target mna' (did you mean 'Target man'?)" in err
    assert "away: expected `skills:` with a list of skill names" in err
    assert "unknown top-level key" not in err


def test_checking_an_editions_folder_checks_its_team_files_too(modder, capsys):
    """`fuba check FOLDER` checks the team files in its teams/ folder, against the skills
    of the folder's editions and mods and of the editions the commands use."""
    (modder / "teams").mkdir()
    (modder / "teams" / "ours.yaml").write_text("home:\n  skills: [Regista]\naway:\n  skills: [Target mna]\n")
    code, out, err = check(capsys, str(modder))
    assert code == 1
    assert "teams/ours.yaml:4:12: error: no edition here has a skill 'Target mna' (did you mean 'Target man'?)" in err
    (modder / "teams" / "ours.yaml").write_text("home:\n  skills: [Regista]\naway:\n  skills: [Target man]\n")
    code, out, err = check(capsys, str(modder))
    assert code == 0 and "error" not in err and "teams/ours.yaml: ok (team file, 2 skills)" in out


# ---- quoted names are checked like names -------------------------------------------------------

import langkit as kit  # noqa: E402
from langkit import body_pos, program  # noqa: E402


def messages(body: str, extra: str = "") -> list[str]:
    return kit.messages(program(body, extra))


def test_an_area_compared_with_the_balls_area_must_exist():
    assert messages('if ball.area == "away_wing_left":\n    set actions = 1') == [
        "unknown area 'away_wing_left' (did you mean 'away_left_wing'?)"
    ]


def test_the_message_points_at_the_quoted_name():
    errs = kit.errors(program('if ball.area != "centr":\n    pass'))
    assert errs == [f"{body_pos(1, 17)}: error: unknown area 'centr' (did you mean 'centre'?)"]


def test_an_area_passed_to_a_primitive_taking_an_area_must_exist():
    assert messages('set actions = pieces(home, "home_frnt")') == ["unknown area 'home_frnt' (did you mean 'home_front'?)"]
    assert messages('set actions = pieces("hme", "centre")') == ["unknown team 'hme' (did you mean 'home'?)"]


def test_a_team_written_as_text_where_the_rules_hold_a_team_must_be_one():
    assert messages('if control == "awya":\n    pass') == ["unknown team 'awya' (did you mean 'away'?)"]


def test_a_state_declared_as_an_area_takes_only_areas():
    assert messages('set ball.area = "away_penalty_area"') == [
        "unknown area 'away_penalty_area' (did you mean 'away_penalty'?)"
    ]


def test_membership_in_a_list_of_areas_checks_both_sides():
    assert messages('if "centre_circle" in neighbours(ball.area):\n    pass') == ["unknown area 'centre_circle' (did you mean 'centre'?)"]
    assert messages('if ball.area in ["centre", "home_frnt"]:\n    pass') == ["unknown area 'home_frnt' (did you mean 'home_front'?)"]


def test_a_local_remembers_what_kind_of_name_it_holds():
    body = """
    let where = forward_of(ball.area, home)
    for a in neighbours(where):
        if a == "away_wing":
            pass
    """
    assert messages(body) == ["unknown area 'away_wing' (did you mean 'away_left_wing'?)"]


def test_a_decision_among_quoted_options_takes_only_those_options():
    body = """
    let kick = choose(home, "penalty kick", ["left", "middle", "right"], prefer=2 if it == "midle" else 1)
    if kick == "rigth":
        pass
    """
    assert messages(body) == [
        "'midle' is not an option of 'penalty kick' (did you mean 'middle'?)",
        "'rigth' is not an option of 'penalty kick' (did you mean 'right'?)",
    ]


def test_a_hook_parameter_is_what_every_trigger_passes_it():
    extra = """
    triggers:
      shot: {params: [area]}
    hooks:
      wide_shot: {at: shot, when: 'area == "away_left_wng"', do: pass, ref: "x"}
    """
    body = "trigger shot(area=ball.area)"
    assert messages(body, extra) == ["unknown area 'away_left_wng' (did you mean 'away_left_wing'?)"]


def test_a_skills_owner_is_a_team():
    extra = """
    triggers:
      turn_start: {}
    skills:
      Lucky: {at: turn_start, when: 'owner == "hone"', do: pass, prefer: "1", ref: "x"}
    """
    assert messages("trigger turn_start()", extra) == ["unknown team 'hone' (did you mean 'home'?)"]


def test_a_rule_that_hands_its_parameter_to_a_primitive_taking_an_area_takes_an_area():
    extra = """
    functions:
      crowded: {params: [where], expr: "pieces(home, where) + pieces(away, where) > 4"}
      busy: {params: [place], expr: "crowded(place)"}
    """
    body = 'set actions = 1 if busy("centre") or busy("center") else 0'
    assert messages(body, extra) == ["unknown area 'center' (did you mean 'centre'?)"]


def test_a_parameter_handed_to_two_kinds_takes_neither():
    extra = """
    functions:
      odd: {params: [x], expr: "pieces(home, x) + len(skills_of(x))"}
    """
    assert messages('set actions = odd("anything")', extra) == []


def test_texts_the_rules_cannot_know_are_left_alone():
    body = """
    let x = "anything"
    if x == "whatever" and text(ball.area) == "not an area":
        pass
    """
    assert messages(body) == []


# ---- warnings: rules that load but can never do what they say -----------------------------------


def warned(extra: str, body: str = "pass") -> list[str]:
    return [w.split(": warning: ", 1)[1] for w in kit.warnings(program(body, extra))]


def test_a_skill_on_a_trigger_no_rule_fires_is_a_warning():
    extra = """
    triggers:
      penalty_awarded: {params: [team]}
    skills:
      Cool head: {at: penalty_awarded, do: pass, prefer: "1", ref: "x"}
    """
    assert warned(extra) == [
        "skill 'Cool head' waits on trigger 'penalty_awarded', which no rule fires (no `trigger penalty_awarded(...)` anywhere): it never runs"
    ]
    assert warned(extra, "trigger penalty_awarded(team=home)") == []


def test_a_modifier_group_no_rule_sums_suggests_the_group_that_is_summed():
    extra = """
    modifiers:
      long_ball: {group: passing, value: -1, ref: "x"}
      short_ball: {group: pass, value: 1, ref: "x"}
    """
    assert warned(extra, 'set actions = modifier_total("pass")') == [
        "modifier 'long_ball' is in group 'passing', which no rule uses: no rule calls modifiers(\"passing\") (did you mean 'pass'?)"
    ]


def test_a_table_no_rule_reads_is_a_warning_naming_the_table_that_is_read():
    extra = """
    tables:
      passes: {rows: {"1": 1}, ref: "x"}
      pass: {rows: {"1": 1}, ref: "x"}
    """
    assert warned(extra, "set actions = pass[1]") == ["table 'passes' is read by no rule (did you mean 'pass'?)"]


def test_a_mods_skill_with_a_cost_warns_when_costs_need_a_rule_that_is_off(modder, capsys):
    code, _out, err = check(capsys, "mods/my-skills.yaml")
    assert code == 0
    assert err.count("warning: skill") == 2
    assert "skill 'Quick counter' has a cost, which can be paid only with rule A1 (Team condition and tiredness), off by default: without --with A1 it never runs" in err


def test_the_skills_of_the_edition_that_says_how_costs_are_paid_do_not_warn(capsys):
    code, _out, err = check(capsys, str(EDITIONS / "2024-draft"))
    assert (code, err) == (0, "")


def test_pay_rule_must_name_a_rule():
    src = program("pass", 'match:\n  pay_rule: A11\nrules:\n  A1: {title: "Condition", default: false}\n')
    assert kit.messages(src) == ["match.pay_rule names unknown rule 'A11' (did you mean 'A1'?)"]


# ---- a fault a mod causes points at the mod ----------------------------------------------------

CARELESS_REFEREE = """\
schema_version: 1
id: careless
extends: 2024-draft
hooks:
  careless_ref:
    ref: "mod"
    at: turn_start
    when: minute > 60 and score[home] >= 1
    do: |
      log("a careless referee")
      yellow_card_test(home, text("nowhere"))
"""


def test_a_fault_in_a_base_rule_points_at_the_mods_line_that_called_it(modder, capsys):
    (modder / "mods" / "careless.yaml").write_text(CARELESS_REFEREE)
    code = main(["simulate", "2024-draft", "--mod", "mods/careless.yaml", "--seed", "13", "-n", "6", "-j", "1", "--home", "random", "--away", "random"])
    out, err = capsys.readouterr()
    assert code == 1
    assert "2024-draft: 5 matches, seed 13" in out  # the finished matches' summary comes first
    lines = err.splitlines()
    assert "fuba: stopped by a rule fault after 5 of 6 matches" in lines
    assert "mods/careless.yaml:11:7: error: rule fault: unknown area 'nowhere', in a rule this line calls (in match seed 18, minute 75)" in lines
    assert lines[-1].endswith("editions/2024-draft/cards.yaml:21:10: note: the fault happened here")


def test_a_fault_pickles_with_the_mods_line():
    import pickle

    from fuba_rules.diagnostics import Pos
    from fuba_rules.sim.play import MatchFault

    fault = MatchFault(Pos("base.yaml", 3, 4), "boom", 7, 12, Pos("mod.yaml", 1, 2))
    again = pickle.loads(pickle.dumps(fault))
    assert [d.format() for d in again.to_error().diagnostics] == [
        "mod.yaml:1:2: error: rule fault: boom, in a rule this line calls (in match seed 7, minute 12)",
        "base.yaml:3:4: note: the fault happened here",
    ]


def test_inside_a_rule_a_parameter_that_takes_an_area_is_compared_with_areas():
    extra = """
    functions:
      central: {params: [where], expr: 'pieces(home, where) > 0 and where == "center"'}
    """
    assert messages("set actions = 1 if central(ball.area) else 0", extra) == ["unknown area 'center' (did you mean 'centre'?)"]


# ---- names the language already uses ------------------------------------------------------------


def test_a_rule_named_like_a_primitive_or_parent_is_one_error_at_its_name(modder, capsys):
    """A function named `len` would hide the primitive from every rule (the base's own calls
    then fail far away); `parent` would be read as parent(...). Each is one error, here."""
    (modder / "mods" / "names.yaml").write_text(
        "schema_version: 1\nid: mods/names\nextends: 2024-draft\nfunctions:\n"
        "  len: {ref: 'x', expr: '2'}\nprocedures:\n  parent: {ref: 'x', do: pass}\n"
    )
    code, _, err = check(capsys, "mods/names.yaml")
    assert code == 1
    assert err.splitlines() == [
        (
            "mods/names.yaml:5:3: error: a function cannot be named 'len': 'len(...)' is a primitive of the "
            "language, which the rule would hide from every other rule; name it otherwise"
        ),
        (
            "mods/names.yaml:7:3: error: a procedure cannot be named 'parent': parent(...) calls the definition "
            "an override replaces; name it otherwise"
        ),
    ]


# ---- values whose kind the rules fix (issue 37, item 4) ----------------------------------------


def _mod(tmp_path, body: str, base: str = "2024-draft") -> str:
    path = tmp_path / "mistake.yaml"
    path.write_text(f'schema_version: 1\nid: mods/mistake\nextends: "{base}"\n' + body)
    return str(path)


def test_a_hooks_target_chosen_from_pass_targets_is_an_area(tmp_path, capsys):
    """4.7: the pass target is chosen among pass_targets(...), areas; the hook at pass_dice
    that compares it with a misspelt area never fires, so it is an error."""
    mod = _mod(tmp_path, 'hooks:\n  box:\n    ref: "mod"\n    at: pass_dice\n    when: target == "away_penalti"\n    do: log("into the box")\n')
    code, _, err = check(capsys, "--root", str(EDITIONS), mod)
    assert code == 1
    assert err.strip().endswith("mistake.yaml:8:21: error: unknown area 'away_penalti' (did you mean 'away_penalty'?)")


def test_a_text_state_holds_only_the_texts_the_rules_write(tmp_path, capsys):
    """4.7.3: pass.outcome is only ever set to creative, supportive or failed: comparing it
    with "Supportive" is an error; comparing it with "supportive" is fine."""
    hook = 'hooks:\n  watch:\n    ref: "mod"\n    at: pass_outcome\n    when: pass.outcome == "{}"\n    do: log("seen")\n'
    code, _, err = check(capsys, "--root", str(EDITIONS), _mod(tmp_path, hook.format("Supportive")))
    assert code == 1
    assert err.strip().endswith(
        "mistake.yaml:8:27: error: 'pass.outcome' is never 'Supportive': the rules give it only '', 'creative', "
        "'failed', 'supportive' (did you mean 'supportive'?)"
    )
    assert check(capsys, "--root", str(EDITIONS), _mod(tmp_path, hook.format("supportive")))[0] == 0


def test_a_text_state_a_mod_writes_a_new_text_to_takes_it(tmp_path, capsys):
    """The texts come from every write of the edition and its mods: a mod's own new value is one."""
    body = ('hooks:\n  lucky:\n    ref: "mod"\n    at: pass_outcome\n    when: outcome == "failed"\n    do: set pass.outcome = "lucky"\n'
            '  seen:\n    ref: "mod"\n    at: action_done\n    when: pass.outcome == "lucky"\n    do: log("lucky")\n')
    code, _, err = check(capsys, "--root", str(EDITIONS), _mod(tmp_path, body))
    assert (code, "error" in err) == (0, False)


@pytest.mark.parametrize(("value", "message"), [
    ('"40"', "constant 'half_length' is the text \"40\", not a number: write 40 without quotes"),
    ("forty", "constant 'half_length' replaces the number 45, but \"forty\" is no number"),
])
def test_a_constant_that_should_be_a_number_is_an_error_at_its_line(tmp_path, capsys, value, message):
    """3.3: the half has 45 minutes; a quoted "40" would be text, which the turn's arithmetic
    faults on in the base edition's file. The error names the constant, at its line."""
    code, _, err = check(capsys, "--root", str(EDITIONS), _mod(tmp_path, f"constants:\n  half_length: {value}\n", "2.0"))
    assert code == 1
    assert err.strip().endswith(f"mistake.yaml:5:16: error: {message}")


def test_a_hooks_parameter_that_every_trigger_passes_a_text_takes_only_those_texts(tmp_path, capsys):
    """card_shown's colour is "yellow" or "red" wherever a card is shown: "yelow" is an error."""
    hook = 'hooks:\n  bin:\n    ref: "mod"\n    at: card_shown\n    when: colour == "yelow"\n    do: log("sin bin")\n'
    code, _, err = check(capsys, "--root", str(EDITIONS), _mod(tmp_path, hook))
    assert code == 1
    assert err.strip().endswith("mistake.yaml:8:21: error: card_shown's 'colour' is never 'yelow': the rules give it only 'red', 'yellow' (did you mean 'yellow'?)")

"""A sweep over a formula (issue 37, item 5): a plain value replaces the formula with a
constant, which the sweep says, with the rule as written as a row of its own; `+k` shifts
the formula instead."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from fuba_rules.cli import main
from fuba_rules.workbench.sweep import mod_text, parse_setting, resolved_data

EDITIONS = Path(__file__).resolve().parents[2] / "editions"


def _data():
    return resolved_data("2024-draft", [], EDITIONS)[1]


def test_a_shift_adds_to_the_formula_and_to_a_number():
    """4.8's distance row is `goal_distance(area, team)`: +1 plays that formula plus one;
    3.3's half (a number) +-5 plays 40 minutes."""
    data = _data()
    distance = parse_setting("modifiers.shot_distance.value=+1,+-2", data)
    assert [str(v) for v in distance.values] == ["rule+1", "rule-2"]  # shifts only: no constant replaces the rule
    mod = yaml.safe_load(mod_text("2024-draft", data, [(distance, distance.values[0])]))
    assert mod["modifiers"]["shot_distance"]["value"] == "(goal_distance(area, team)) + 1"
    half = parse_setting("constants.half_length=+-5", data)
    assert yaml.safe_load(mod_text("2024-draft", data, [(half, half.values[0])]))["constants"]["half_length"] == 40


def test_constants_over_a_formula_are_said_and_the_rule_is_a_row_of_its_own(capsys):
    """`=0,+0`: the note says 0 replaces the formula; the first row plays the rule as
    written, and `rule+0` (the formula plus nothing) gives the very same figures."""
    argv = ["--root", str(EDITIONS), "sweep", "2024-draft", "--set", "modifiers.shot_distance.value=0,+0", "-n", "2", "-j", "1"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = {p["values"]["modifiers.shot_distance.value"]: p["metrics"] for p in data["points"]}
    assert list(rows) == ["rule", "0", "rule+0"]
    assert rows["rule"] == rows["rule+0"]
    assert data["settings"][0]["written"] == "goal_distance(area, team)"
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "note: modifiers.shot_distance.value is the formula goal_distance(area, team) in the rules: each plain value replaces it" in out


def test_a_shift_that_is_no_number_is_an_error(capsys):
    code = main(["--root", str(EDITIONS), "sweep", "2024-draft", "--set", "modifiers.shot_distance.value=+x", "-n", "1"])
    assert code == 1 and "'+x' shifts by a number: write +1 or +-1" in capsys.readouterr().err

"""Modifiers in the narrated log (`fuba replay`, the web board): every part of a sum is
named where the sum is written, so `4 + (12) = 16` never reaches a reader unexplained."""

from __future__ import annotations

from pathlib import Path

import pytest

from fuba_rules import Scenario, load_edition
from fuba_rules.sim.narrate import narrate

EDITIONS = Path(__file__).resolve().parents[1] / "editions"


def modifier(text: str, value: int, ref: str = "4.8") -> dict:
    return {"kind": "modifier", "group": "goal_attempt", "id": text, "value": value, "text": text, "ref": ref}


def line(text: str, ref: str = "4.8") -> dict:
    return {"kind": "log", "clock": 36, "text": text, "ref": ref}


def test_a_sum_in_a_line_is_written_with_the_label_of_each_part():
    events = [modifier("distance", -2), modifier("more attackers in the shooting area", 1), line("3 + (-1) = 2 against ball 3: a miss")]
    assert list(narrate(events)) == ["36' 3 - 1 (distance -2, more attackers in the shooting area +1) = 2 against ball 3: a miss [4.8]"]


def test_a_part_of_a_sum_that_no_modifier_explains_shows_as_other():
    assert list(narrate([line("4 + (12) = 16: goal")])) == ["36' 4 + 12 (other +12) = 16: goal [4.8]"]
    events = [modifier("home advantage", 1), line("4 + (3) = 7: goal")]
    assert list(narrate(events)) == ["36' 4 + 3 (home advantage +1, other +2) = 7: goal [4.8]"]


def test_a_line_without_a_sum_lists_the_modifiers_at_its_end_with_their_own_chapter():
    events = [modifier("long pass", 2, "4.7.2"), modifier("target area: defenders outnumber", 1, "4.7.2"), line("Blue passes: ball 2 -> 5", "4.7")]
    assert list(narrate(events)) == ["36' Blue passes: ball 2 -> 5 (long pass +2, target area: defenders outnumber +1; 4.7.2) [4.7]"]


def test_a_zero_sum_without_modifiers_is_left_as_the_rules_wrote_it():
    assert list(narrate([line("difficult attempt: 5 + (0) = 5: rebound")])) == ["36' difficult attempt: 5 + (0) = 5: rebound [4.8]"]


def test_the_modifiers_of_one_line_do_not_run_on_into_the_next():
    events = [modifier("distance", -2), line("3 + (-2) = 1: a miss"), line("Goal kick")]
    assert list(narrate(events))[1] == "36' Goal kick [4.8]"


@pytest.fixture(scope="module")
def draft():
    return load_edition("2024-draft", root=EDITIONS)


def test_a_goal_attempt_bonus_kept_in_state_is_named_in_the_sum(draft):
    """4.8 example with a +2 bonus this turn (e.g. A13's out-of-position goalkeeper, state goal_mod): 4 + 0 = 4 beats 3."""
    s = Scenario(draft, dice=[4], until=["goal_scored"])
    s.pieces("home", {"away_front": 3, "away_penalty": 1, "centre": 6}, "home_penalty")
    s.pieces("away", {"away_front": 2, "away_penalty": 3, "centre": 5}, "away_penalty")
    s.state(control="home", phasing="home", ball__area="away_front", ball__value=3, goal_mod=2)
    s.run("goal_attempt", "home", False)
    (shot,) = [text for text in narrate(s.match.events) if "beats ball" in text]
    assert "4 + 0 (distance -2, more attackers in the shooting area +1, more defenders in the penalty area -1, " \
           "goal-attempt bonus this turn (skills, events) +2) = 4 beats ball 3: goal" in shot
    assert "other" not in shot


def test_a_huge_number_in_a_logged_line_is_left_alone():
    """A log may come from anywhere (`fuba replay`): a number too long to be a sum is text."""
    text = "4 + (" + "9" * 5000 + ") = 16"
    assert list(narrate([modifier("distance", -2), line(text)])) == [f"36' {text} (distance -2) [4.8]"]


def test_the_secondary_action_penalty_of_2_0_is_a_named_part_of_the_shot():
    """2.0 4.7: a goal attempt as the secondary action is -1; the shot's sum names it beside the table's rows."""
    ed = load_edition("2.0", root=EDITIONS)
    s = Scenario(ed, dice=[6], until_decision=True)
    s.pieces("home", {"away_front": 3, "away_penalty": 1, "centre": 6}, "home_penalty")
    s.pieces("away", {"away_front": 2, "away_penalty": 3, "centre": 5}, "away_penalty")
    s.state(control="home", ball__area="away_front", ball__value=2)
    s.run("goal_attempt", t="home", secondary=True, free_kick=False)
    assert ("secondary action", -1) in s.modifiers()
    (shot,) = s.events(tag="shot")
    assert shot["data"] == {"shot": 6, "modifier": -3, "total": 3, "outcome": "goal"}
    assert any(", secondary action -1) = 3 beats ball 2: goal" in text for text in narrate(s.match.events))


def test_a_hook_is_told_as_its_teams_choice_or_as_a_rule_of_the_match():
    events = [
        {"kind": "hook", "team": "home", "text": "Regista", "ref": "A12", "clock": 5},
        {"kind": "hook", "team": None, "text": "the Boskov rule", "ref": "SG", "clock": 74},
    ]
    assert list(narrate(events, {"home": "Blue", "away": "Yellow"})) == [
        " 5' Blue uses Regista [A12]",
        "74' the Boskov rule applies [SG]",
    ]

"""FUBA 2.0, 4.4.2: the special events table, one test per row (difference of two dice, -5 to +5)."""

from pathlib import Path

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.scenario import Scenario

EDITIONS = Path(__file__).resolve().parents[2] / "editions"
QUIET = {"set piece move": None, "free kick goal attempt": None, "setup adjustment": None, "free movement": None}


@pytest.fixture(scope="module")
def ed():
    return load_edition("2.0", root=EDITIONS)


def position(ed, dice, target="centre", **kw):
    s = Scenario(ed, dice=dice, **kw)
    s.pieces("home", {"centre": 2, "home_front": 3, "home_left_wing": 2, "home_right_wing": 2, "away_front": 1}, "home_penalty")
    s.pieces("away", {"centre": 2, "away_front": 3, "away_left_wing": 2, "away_right_wing": 2, "home_front": 1}, "away_penalty")
    s.state(control="home", phasing="home", ball__area=target, ball__value=3, minute=30, turn__start="home_front", turn__target=target)
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    return s


def test_minus_five_two_free_movements_for_the_passive_team(ed):
    s = position(ed, [1, 6], answers=[{"from": "away_front", "to": "centre", "keeper": False, "ball": False}] * 2)
    s.run("special_event")
    assert s.count("away", "centre") == 4 and len(s["moved"]["away"]) == 2


def test_minus_four_failed_control_check_ball_stays_in_the_start_area(ed):
    s = position(ed, [2, 6])
    s.run("special_event")
    assert s["event.failed"] is True and s["ball.area"] == "home_front"


def test_minus_three_one_free_movement_for_the_passive_team(ed):
    s = position(ed, [1, 4], answers=[{"from": "away_front", "to": "centre", "keeper": False, "ball": False}])
    s.run("special_event")
    assert s.count("away", "centre") == 3


def test_minus_two_plus_one_for_the_new_ball_value(ed):
    # the controlling die 3 equals the ball value 3: the special event 1 - 3 = -2
    s = position(ed, [1, 3]).set("dice", {"home": 3, "away": 4})
    s.run("control_stage")
    assert s["control"] == "home" and s["ball.value"] == 5


def test_minus_one_free_kick_for_the_controlling_team_passive_rolls_for_a_card(ed):
    s = position(ed, [3, 4, 5], defaults=QUIET)
    s.run("special_event")
    assert s["yellow"]["away"] == 1
    assert s["control"] == "home" and s["restart"] == "free_kick" and s["ball.value"] == 1 and s.left == "turn"


def test_zero_skips_both_action_stages_and_gives_condition_points_on_ones(ed):
    s = position(ed, [1, 1], rules=["A2"])
    s.set("condition", {"home": {"defence": 4, "midfield": 4, "attack": 2}, "away": {"defence": 4, "midfield": 4, "attack": 2}})
    s.run("special_event")
    assert s["event.skip"] is True
    assert s["condition"]["home"]["midfield"] == 5 and s["condition"]["away"]["midfield"] == 5
    s.run("action_stages")
    assert "both action stages are skipped" in s.logs()


def test_zero_in_a_corner_area_is_a_corner_kick_for_the_attacking_team(ed):
    s = position(ed, [4, 4], target="away_left_corner", defaults={"set piece setup": "away_front", "setup adjustment": None, "corner spot": "away_left_spot"})
    s.run("special_event")
    assert s["restart"] == "corner" and s["control"] == "home" and s["ball.area"] in ("away_left_spot", "away_right_spot")


def test_zero_with_sixes_injures_both_teams(ed):
    s = position(ed, [6, 6, 5, 5], rules=["A4"], answers=["home_front", "away_front"])
    s.run("special_event")
    assert s["injuries"] == {"home": 1, "away": 1}
    assert sum(s.match.pieces["home"].values()) == 9 and sum(s.match.pieces["away"].values()) == 9


def test_plus_one_free_kick_for_the_passive_team_controlling_rolls_for_a_card(ed):
    s = position(ed, [4, 3, 1], defaults=QUIET)
    s.run("special_event")
    assert s["yellow"]["home"] == 0 and s["control"] == "away" and s["restart"] == "free_kick"
    assert "free_kick" in s.match.tally


def test_plus_two_minus_one_for_the_new_ball_value(ed):
    s = position(ed, [5, 3]).set("dice", {"home": 3, "away": 4})
    s.run("control_stage")
    assert s["ball.value"] == 3


def test_plus_three_one_free_movement_for_the_controlling_team(ed):
    s = position(ed, [4, 1], answers=[{"from": "home_front", "to": "centre", "keeper": False, "ball": False}])
    s.run("special_event")
    assert s.count("home", "centre") == 3


def test_plus_four_minus_two_for_the_new_ball_value(ed):
    s = position(ed, [6, 2]).set("dice", {"home": 3, "away": 5})
    s.run("control_stage")
    assert s["ball.value"] == 3


def test_plus_five_passive_team_may_not_choose_defence_movement(ed):
    s = position(ed, [6, 1])
    s.run("special_event")
    assert s["event.no_defence"] == "away"
    s2 = position(ed, [], answers=["midfield"], defaults={"move": None, "condition point: an extra move": None})
    s2.state(event__no_defence="away", control="home")
    s2.run("movement", "away", False)
    kinds = next(d for d in s2.agent.asked if d.label == "movement type").options
    assert "defence" not in kinds


def test_yellow_card_test_six_gives_a_red_card_test_with_plus_one(ed):
    """4.4.2, 5.4: a 6 on the card test is a yellow card and a red card test with +1 (here 1: red, one yellow discarded)."""
    s = position(ed, [6, 1], answers=["home_front"])
    s.run("yellow_card_test", "home", "centre")
    assert s["red"]["home"] == 1 and s["yellow"]["home"] == 0
    assert sum(s.match.pieces["home"].values()) == 9


def test_second_yellow_rolls_for_red(ed):
    """5.4: a second yellow card: a die below 2 (the yellows) is red; 2 or more is not."""
    s = position(ed, [4, 2]).set("yellow", {"home": 1, "away": 0})
    s.run("yellow_card_test", "home", "centre")
    assert s["yellow"]["home"] == 2 and s["red"]["home"] == 0


def test_card_three_only_in_the_own_half(ed):
    s = position(ed, [3])
    assert s.run("yellow_card_test", "home", "away_front") is False
    s = position(ed, [3])
    assert s.run("yellow_card_test", "home", "home_front") is True


def test_minus_four_at_a_corner_kick_leaves_the_ball_in_the_corner_area(ed):
    """4.4.2, 5.2: the corner spot is an area for the kick only; a failed check keeps the ball in the corner area."""
    s = position(ed, [2, 6]).state(turn__start="away_left_spot", turn__kind="corner")
    s.run("special_event")
    assert s["ball.area"] == "away_left_corner"

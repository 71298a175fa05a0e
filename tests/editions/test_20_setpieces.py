"""FUBA 2.0, chapter 5: free kick, corner kick, goal kick, cards and the penalty kick."""

from pathlib import Path

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.scenario import Scenario

EDITIONS = Path(__file__).resolve().parents[2] / "editions"
QUIET = {"kick-off setup": "centre", "setup adjustment": None, "set piece move": None, "free goal-line move": None,
         "set piece setup": "centre", "free kick goal attempt": None, "slow goal kick": None}


@pytest.fixture(scope="module")
def ed():
    return load_edition("2.0", root=EDITIONS)


def position(ed, **kw):
    s = Scenario(ed, **kw)
    s.pieces("home", {"centre": 3, "home_front": 3, "home_left_wing": 2, "away_front": 2}, "home_penalty")
    s.pieces("away", {"centre": 1, "away_front": 4, "away_left_wing": 2, "away_right_wing": 2, "home_front": 1}, "away_penalty")
    s.state(control="away", phasing="away", ball__area="away_front", ball__value=4, minute=20, turn__target="away_front", turn__start="centre")
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    return s


# ---- 5.1 free kick
def test_free_kick_in_the_opponents_half_new_setup_ball_one(ed):
    s = position(ed, defaults=QUIET)
    s.run("free_kick", "home")
    assert s["control"] == "home" and s["ball.area"] == "away_front" and s["ball.value"] == 1
    assert s.count("home", "away_front") >= 1 and s["restart"] == "free_kick" and s.left == "turn"
    assert s.logs("free_kick")


def test_quick_free_kick_in_the_own_half_no_new_setup(ed):
    s = position(ed, defaults=QUIET).state(turn__target="home_front", ball__area="home_front")
    s.run("free_kick", "home")
    assert s.count("home", "home_front") == 3 and s.count("away", "away_front") == 4
    assert "a quick free kick" in s.logs()


def test_free_kick_in_the_penalty_area_is_a_penalty(ed):
    s = position(ed, dice=[6], answers=["away_front", "none", "right"], defaults=QUIET).state(turn__target="away_penalty")
    s.run("free_kick", "home")
    assert s.logs("penalty") and s["score"]["home"] == 1


def test_free_kick_goal_attempt_continues_from_stage_six(ed):
    """5.1: the team may attempt a goal as its first action, with -1 for the free kick."""
    s = position(ed, dice=[6], defaults={**QUIET, "free kick goal attempt": "shoot"})
    s.run("free_kick", "home")
    assert s.logs("goal_attempt")
    assert s["score"]["home"] == 1  # 6 - 2 (front) - 1 (free kick) + more players? = above ball 1


def test_free_kick_start_area_as_target_needs_two_players(ed):
    s = position(ed).state(control="home", ball__area="away_front", ball__value=1, turn__kind="free_kick")
    s.pieces("home", {"centre": 3, "home_front": 4, "home_left_wing": 2, "away_front": 1}, "home_penalty")
    assert "away_front" not in s.value("target_options", "home", "away_front")


# ---- 5.2 corner kick
def test_corner_kick_setup_one_player_in_the_corner_ball_one(ed):
    s = position(ed, answers=["away_right_spot"], defaults=QUIET)
    s.run("corner_kick", "home")
    assert s.count("home", "away_right_spot") == 1 and s["ball.area"] == "away_right_spot"
    assert s["ball.value"] == 1 and s["restart"] == "corner" and s.left == "turn"


def test_corner_setup_ignores_offside(ed):
    """5.2.1: "All other players can be setup without restriction"; 4.1: offside "does not apply when ... a corner kick is taken"."""
    s = position(ed, answers=["away_right_spot"], defaults={**QUIET, "set piece setup": "away_penalty"})
    assert s.value("offside", "home", "away_penalty") is True  # against the defenders' positions before the setup
    s.run("corner_kick", "home")
    assert s.count("home", "away_penalty") == 9
    moves = s.value("setup_adjust_moves", "home", "corner", "away_right_spot", [])
    assert {"from": "away_penalty", "to": "away_left_corner"} in moves


def test_corner_taker_leaves_the_spot_when_the_ball_moves(ed):
    s = position(ed).state(control="home", ball__area="away_right_spot", turn__kind="corner", turn__start="away_right_spot", turn__target="away_penalty")
    s.pieces("home", {"away_right_spot": 1, "away_penalty": 3, "centre": 6}, "home_penalty")
    s.run("ball_value_stage")
    assert s.count("home", "away_right_spot") == 0 and s.count("home", "away_right_corner") == 1


def test_corner_is_one_area_from_the_penalty_area(ed):
    """5.2: the corner counts as a separate area: one area lies between it and the penalty area (+1 long pass)."""
    s = position(ed).state(control="home", ball__area="away_right_spot", ball__value=1, turn__kind="corner")
    s.pieces("home", {"away_right_spot": 1, "away_penalty": 3, "centre": 6}, "home_penalty")
    assert s.value("value_for", "home", "away_right_spot", "away_penalty") == 2


# ---- 5.3 goal kick
def test_goal_kick_no_offside_no_start_area_reduction(ed):
    s = position(ed).state(control="home", ball__area="home_penalty", ball__value=1, turn__kind="goal_kick")
    assert s.value("offside_applies") is False
    assert s.value("value_for", "home", "home_penalty", "home_front") >= 1


def test_slow_goal_kick_lets_both_teams_move(ed):
    mv = {"from": "home_front", "to": "centre", "keeper": False, "ball": False}
    s = position(ed, answers=["slow", mv, None, None], defaults={"free goal-line move": None}).state(control="home", ball__area="home_penalty")
    s.run("slow_goal_kick", "home")
    assert s.count("home", "centre") == 4


def test_goal_kick_team_cannot_move_with_the_ball(ed):
    s = position(ed).state(control="home", ball__area="home_penalty", restart="goal_kick")
    s.pieces("home", {"home_penalty": 2, "centre": 8}, "home_penalty")
    assert not [m for m in s.value("movement_moves", "home", "forward", False) if m["ball"]]


# ---- the setup rules hold after the setup adjustment, and the ball is never left alone (audit 2.0-D5, D6)
def adjustments(s):
    (d,) = s.asked("setup adjustment")
    return [m for m in d.options if m is not None]


def test_setup_adjustment_keeps_the_corner_taker_on_the_spot(ed):
    """3.2: after the adjustment "the player's new position must still fill the setup rules";
    5.2.1: "One player from the controlling team must be placed in the corner"."""
    s = position(ed, answers=["away_right_spot"], defaults=QUIET)
    s.run("corner_kick", "home")
    assert adjustments(s) and not [m for m in adjustments(s) if m["from"] == "away_right_spot"]
    assert s.count("home", "away_right_spot") == 1


def test_setup_adjustment_keeps_a_player_in_the_free_kick_area(ed):
    """5.1.1: "The controlling teams must place at least one player in the area where the free
    kick is awarded"; 3.2: the adjustment keeps the setup rules. One home player in away_front:
    it may not leave; with a second there, one of them may."""
    s = position(ed, defaults={**QUIET, "set piece setup": "home_front"}).state(control="home")
    s.run("free_kick", "home")
    assert s.count("home", "away_front") == 1
    assert adjustments(s) and not [m for m in adjustments(s) if m["from"] == "away_front"]
    setup = {"home": ["away_front"] + ["home_front"] * 8, "away": ["centre"] * 10}
    s = position(ed, answers=setup, defaults={k: v for k, v in QUIET.items() if k != "set piece setup"}).state(control="home")
    s.run("free_kick", "home")
    assert s.count("home", "away_front") == 2 and [m for m in adjustments(s) if m["from"] == "away_front"]


def test_quick_free_kick_brings_a_player_to_the_ball(ed):
    """4.8: "The controlling team must always have at least one player in the same area as the
    ball after the team has finished its moves"; 5.1.2: a quick free kick has no setup. Away
    gets a quick free kick in away_front where it has no player: its closest player joins."""
    joins = {"player to the ball": {**Scenario.move("centre", "away_front"), "d": 1}}
    s = position(ed, defaults={**QUIET, **joins}).state(control="home", turn__target="away_front")
    s.pieces("away", {"centre": 1, "away_penalty": 3, "away_left_wing": 3, "away_right_wing": 3}, "away_penalty")
    s.run("free_kick", "away")
    assert "a quick free kick" in s.logs()
    assert s["control"] == "away" and s["ball.area"] == "away_front" and s.count("away", "away_front") == 1


def test_goal_kick_is_taken_by_the_goalkeeper_in_its_penalty_area(ed):
    """5.3: "A goal kick takes place from the penalty area ... The passive team's players are not
    allowed to disturb or inhibit the goalkeeper"; 4.8: a player with the ball. Away's keeper
    had stepped out to away_front: it goes back to take the kick."""
    s = position(ed).state(control="home")
    s.pieces("away", {"centre": 1, "away_front": 4, "away_left_wing": 2, "away_right_wing": 2, "home_front": 1}, "away_front")
    s.run("goal_kick", "away")
    assert s["control"] == "away" and s["ball.area"] == "away_penalty" and s.count("away", "away_penalty") == 1


# ---- 5.4 cards
def test_red_card_removes_a_player_and_two_yellows(ed):
    """5.4: a second yellow and a die of 1 (lower than 2): red card; on a 1 only one yellow is discarded."""
    s = position(ed, dice=[4, 1], answers=["centre"]).set("yellow", {"home": 1, "away": 0})
    s.run("yellow_card_test", "home", "centre")
    assert s["red"]["home"] == 1 and s["yellow"]["home"] == 1
    assert sum(s.match.pieces["home"].values()) == 9


# ---- 5.5 penalty kick
def test_penalty_example_otto_dives_left_heidi_shoots_left_rolls_one(ed):
    """5.5 example: Otto's keeper dives left (1), Heidi shoots left and needs 2+; she rolls 1: no goal, Otto's team takes a goal kick."""
    s = position(ed, dice=[1], answers=["away_front", "left", "left"], defaults=QUIET)
    s.run("penalty_kick", "home")
    assert s["score"]["home"] == 0
    assert s["control"] == "away" and s["ball.area"] == "away_penalty" and s["restart"] == "goal_kick"


def test_penalty_left_against_left_scores_with_two(ed):
    s = position(ed, dice=[2], answers=["away_front", "left", "left"], defaults=QUIET)
    s.run("penalty_kick", "home")
    assert s["score"]["home"] == 1

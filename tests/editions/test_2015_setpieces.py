"""World Cup 2015, chapter 5: free kick, corner kick, goal kick, cards, penalty kick, injuries."""

from pathlib import Path

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.scenario import Scenario

EDITIONS = Path(__file__).resolve().parents[2] / "editions"
F442 = [4, 4, 2]
SETUP = {"set piece setup": "centre", "free kick setup behind": "away_penalty", "setup adjustment": None}
KICK_OFF = {"kick-off setup": "centre", "setup adjustment": None}
PLAY = {"goal attempt": None, "movement": "midfield", "midfield move": None, "forward move": None, "defence move": None,
        "free movement": None, "substitution": "none", "use a condition point": None}


@pytest.fixture(scope="module")
def wc2015():
    return load_edition("world-cup-2015", root=EDITIONS)


def position(ed, **kw):
    s = Scenario(ed, **kw)
    s.pieces("home", {"away_penalty": 1, "away_front": 2, "centre": 4, "home_front": 3}, "home_penalty")
    s.pieces("away", {"away_penalty": 2, "away_front": 3, "centre": 3, "away_left_wing": 2}, "away_penalty")
    s.state(control="home", ball__area="away_front", ball__value=3, start="centre", target="away_front", minute=30, turn=10)
    s.set("formation", {"home": list(F442), "away": list(F442)})
    s.set("condition", {"home": {"defence": 4, "midfield": 4, "attack": 2}, "away": {"defence": 4, "midfield": 4, "attack": 2}})
    return s


# ---- 5.1 free kick
def test_free_kick_new_setup_value_one_and_a_new_turn(wc2015):
    """5.1 / 5.1.1: the ball in the target area with value 1; one kicker there; a passive player nearer its goal line."""
    s = position(wc2015, defaults=dict(SETUP, **{"free kick: goal attempt": None}))
    s.run("free_kick", "home")
    assert s["control"] == "home" and s["ball.area"] == "away_front" and s["ball.value"] == 1
    assert s.count("home", "away_front") == 1 and s.count("away", "away_penalty") == 2  # keeper + one placed behind
    assert s["restart"] == "free_kick" and s.left == "turn"
    assert s.logs("free_kick")


def test_free_kick_goal_attempt_continues_from_stage_6(wc2015):
    """5.1: the kicking team may attempt at once, continuing the turn at stage 6 (with -1 for the free kick)."""
    s = position(wc2015, dice=[6], defaults=dict(SETUP, **PLAY, **KICK_OFF, **{"free kick: goal attempt": "shoot"}))
    s.set("dice", {"home": 5, "away": 2})
    s.run("free_kick", "home")
    attempts = s.logs("goal_attempt")
    assert len(attempts) == 1
    assert ("shot_free_kick", -1) in s.modifiers()
    assert not [m for m in s.modifiers() if m[0].startswith("shot_ball_area")]


def test_a_missed_free_kick_shot_is_the_only_free_kick_shot_of_the_turn(wc2015):
    """5.1: "The controlling team can choose to continue the turn from stage 6 if the team decides to attempt to
    score a goal"; 4.7: it may attempt only with the ball "in any of the areas that are fully on the passive team's
    side"; 5.3: after the miss "the turn continues normally". The goal-kick team plays its stage without a shot
    from its own penalty area."""
    s = position(wc2015, dice=[1, 5], defaults=dict(SETUP, **PLAY, **KICK_OFF, **{"free kick: goal attempt": "shoot", "goal kick": "quick"}))
    s.set("dice", {"home": 2, "away": 5})  # Heidi's die is lower: her stage, with the free kick shot, comes first
    s.run("free_kick", "home")
    assert s.events(tag="shot", outcome="miss") and s.logs("goal_kick")
    assert [e["team"] for e in s.events(tag="goal_attempt")] == ["home"]
    assert s["score"] == {"home": 0, "away": 0} and s["control"] == "away"
    assert s["free_kick_shot"] is False


def test_free_kick_in_the_opponents_penalty_area_is_a_penalty_kick(wc2015):
    """5.1: a free kick in the opposing team's penalty area is a penalty kick (5.5)."""
    s = position(wc2015, dice=[4], answers=["none", "left"], defaults=dict(SETUP, **KICK_OFF)).state(target="away_penalty")
    s.run("free_kick", "home")
    assert s.logs("penalty") and not s.logs("free_kick")
    assert s["score"]["home"] == 1


def test_free_kick_target_may_be_its_own_area_only_with_two_players(wc2015):
    """5.1: the start area as a target needs two controlling players there."""
    s = position(wc2015).state(set_piece="free_kick", ball__area="away_front")
    assert "away_front" in s.value("targets", "home")
    s.pieces("home", {"away_penalty": 1, "away_front": 1, "centre": 5, "home_front": 3}, "home_penalty")
    assert "away_front" not in s.value("targets", "home")


# ---- 5.2 corner kick
def test_corner_kick_kicker_steps_into_the_corner_area_at_ball_movement(wc2015):
    """5.2 / 5.2.1: one player on the corner; at the ball movement stage it is placed in the corner area; one area lies between corner and penalty area."""
    s = position(wc2015, defaults={"corner spot": "away_left_spot", "set piece setup": "away_penalty", "setup adjustment": None})
    s.run("corner_kick", "home")
    assert s["ball.area"] == "away_left_spot" and s["ball.value"] == 1 and s["restart"] == "corner"
    s.state(set_piece="corner", start="away_left_spot", target="away_penalty")
    s.set("dice", {"home": 5, "away": 2})
    s.run("ball_movement", True)
    assert s.count("home", "away_left_spot") == 0 and s.count("home", "away_left_corner") == 1
    assert s["ball.value"] == 3  # Otto's 2, +1 for the corner area between, no start area reduction


def test_special_event_4_at_a_corner_leaves_the_ball_in_the_corner_area(wc2015):
    """5.2: the corner "is counted as a separate area" for the corner kick; 5.2.1: once the kick is given (ball
    movement stage) the kicker "is placed inside the pitch, in the area where the kick was given"; event 4: "Failed
    control check, ball remains in the start area". The ball stays in the corner area, and nobody on the spot."""
    s = position(wc2015, dice=[1, 3], defaults={"closest player": "away_penalty"})
    s.pieces("home", {"away_left_spot": 1, "away_penalty": 4, "away_front": 2, "centre": 3}, "home_penalty")
    s.state(set_piece="corner", ball__area="away_left_spot", ball__value=1, start="away_left_spot", target="away_penalty")
    s.set("dice", {"home": 1, "away": 4})  # Heidi's 1 equals the ball value: special event 1 + 3 = 4
    kept = s.run("control_check")
    s.run("ball_movement", kept)
    assert kept is False and s["control"] == "away"
    assert s["ball.area"] == "away_left_corner"
    assert s.count("home", "away_left_spot") == 0 and s.count("away", "away_left_spot") == 0
    assert s.count("away", "away_left_corner") == 1  # Otto's closest player joins the ball (4.4.2)


# ---- 5.3 goal kick
def test_slow_goal_kick_gives_both_teams_an_extra_movement_stage(wc2015):
    """5.3: a slow goal kick: one extra movement stage for both teams at the beginning of the turn, the controlling team first."""
    s = position(wc2015, answers=["slow"])
    s.run("goal_kick", "away")
    assert s["restart"] == "goal_kick_slow" and s["control"] == "away" and s["ball.area"] == "away_penalty"
    s2 = position(wc2015, dice=[3, 3, 1, 6], defaults=dict(PLAY, **{"target area": "away_penalty", "kick-off setup": "centre"}))
    s2.state(control="away", ball__area="away_penalty", ball__value=1, restart="goal_kick_slow")
    s2.run("play_turn")
    moves = [line for line in s2.logs() if "movement: up to" in line]
    assert moves[0].startswith("away") and moves[1].startswith("home")
    assert len(moves) == 4  # the extra stage, then the two team stages


# ---- 5.4 cards
def test_second_yellow_card_below_the_yellow_count_is_a_red_card(wc2015):
    """5.4: with a second yellow the team rolls; a 1 is lower than 2: one of the yellows becomes a red card, a player leaves."""
    s = position(wc2015, dice=[1], defaults={"player sent off": "home_front"})
    s.set("yellow", {"home": 1, "away": 0})
    s.run("give_yellow", "home")
    assert s["red"]["home"] == 1 and s["yellow"]["home"] == 1
    assert sum(s.match.pieces["home"].values()) == 9
    assert s.logs("yellow") and s.logs("red")


def test_cards_cite_the_2015_chapters_and_carry_no_2024_card_test(wc2015):
    """5.4 "YELLOW AND RED CARDS" (5.6 is Injuries in 2015): every card rule cites 5.4; the 2024 yellow card test roll is not here."""
    procedures = wc2015.resolved.data["procedures"]
    assert {procedures[p]["ref"] for p in ["give_yellow", "red_card_test", "send_off_one"]} == {"5.4"}
    assert "yellow_card_test" not in wc2015.procs and "yellow_card_test" not in wc2015.tables


def test_second_yellow_card_high_roll_no_red(wc2015):
    s = position(wc2015, dice=[2])
    s.set("yellow", {"home": 1, "away": 0})
    s.run("give_yellow", "home")
    assert s["red"]["home"] == 0 and s["yellow"]["home"] == 2


def test_first_yellow_card_rolls_nothing(wc2015):
    s = position(wc2015)
    s.run("give_yellow", "home")
    assert s["yellow"]["home"] == 1 and s.dice_left == 0


# ---- 5.5 penalty kick
def test_penalty_example_otto_guesses_left_heidi_shoots_left_rolls_1(wc2015):
    """5.5.2 example: Otto's keeper guesses left (die 1); Heidi shoots left and needs 2+; she rolls 1: Otto's team controls and the game continues with a goal kick."""
    s = position(wc2015, dice=[1], answers=["left", "left", "quick"], defaults=SETUP)
    s.run("penalty_kick", "home")
    assert s["score"]["home"] == 0
    assert s["control"] == "away" and s.logs("goal_kick") and s["ball.area"] == "away_penalty"
    assert "Kick left, keeper left: 1 against 2+, no goal" in s.logs()


def test_penalty_setup_keeps_everyone_else_out_of_the_penalty_area(wc2015):
    """5.5.1: the taker and the ball on the spot, the keeper on the goal line, nobody else in the penalty area."""
    s = position(wc2015, dice=[6], answers=["none", "middle"], defaults=dict(SETUP, **KICK_OFF))
    s.run("penalty_kick", "home")
    setups = [d for d in s.agent.asked if d.label == "set piece setup"]
    assert all("away_penalty" not in d.options for d in setups)
    assert s["score"]["home"] == 1  # middle against no guess needs 6, and 6 scores


def test_penalty_matrix_middle_against_no_guess_needs_six(wc2015):
    s = position(wc2015, dice=[5], answers=["none", "middle", "quick"], defaults=SETUP)
    s.run("penalty_kick", "home")
    assert s["score"]["home"] == 0 and s.logs("goal_kick")


# ---- 5.6 injuries
def test_injury_roll_1_returns_next_turn_in_the_centre_area(wc2015):
    """5.6 roll 1: the player returns at the beginning of the next turn's movement stage, in the area with the centre circle."""
    s = position(wc2015, dice=[1], answers=["home_front"])
    s.run("injury", "home")
    assert s["injured"]["home"] == [11] and s.count("home", "home_front") == 2
    s.state(turn=11)
    s2 = s
    s2.agent.defaults.update(PLAY)
    s2.run("movement", "home", False)
    assert s2.count("home", "centre") == 5 and s2["injured"]["home"] == []


def test_injury_roll_3_off_two_turns(wc2015):
    s = position(wc2015, dice=[3], answers=["home_front"])
    s.run("injury", "home")
    assert s["injured"]["home"] == [13]


def test_injured_players_are_not_set_up_while_off(wc2015):
    """5.6: a kick-off during the absence places the other nine outfield players only."""
    s = position(wc2015, dice=[2], answers=["home_front"], defaults=KICK_OFF)
    s.run("injury", "home")
    s.run("kick_off", "away")
    assert sum(s.match.pieces["home"].values()) == 9 and sum(s.match.pieces["away"].values()) == 10


def test_injury_roll_4_to_6_cannot_return_but_may_be_substituted(wc2015):
    """5.6 roll 4-6: the player cannot return; the team may make a substitution at once."""
    s = position(wc2015, dice=[5], answers=["home_front", None])
    s.run("injury", "home")
    assert sum(s.match.pieces["home"].values()) == 9 and s["injured"]["home"] == []
    s = position(wc2015, dice=[6], answers=["home_front", "substitute"])
    s.run("injury", "home")
    assert s["injured"]["home"] == [11] and s["subs"]["home"] == 2

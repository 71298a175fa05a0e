"""FUBA 2.0, chapters 2-4.5: preparations, target area and offside, ball value, dice, time, control check."""

from pathlib import Path

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.scenario import Scenario

EDITIONS = Path(__file__).resolve().parents[2] / "editions"


@pytest.fixture(scope="module")
def ed():
    return load_edition("2.0", root=EDITIONS)


def midfield(ed, **kw):
    """Home (4-4-2) has the ball in the centre; both teams spread over their halves."""
    s = Scenario(ed, **kw)
    s.pieces("home", {"centre": 2, "home_front": 3, "home_left_wing": 2, "home_right_wing": 2, "away_front": 1}, "home_penalty")
    s.pieces("away", {"centre": 2, "away_front": 3, "away_left_wing": 2, "away_right_wing": 2, "home_front": 1}, "away_penalty")
    s.state(control="home", phasing="home", ball__area="centre", ball__value=3, minute=10)
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    return s


# ---- 2, 3: preparations
def test_formation_example_heidi_selects_four_four_two(ed):
    """2.1 example: Heidi selects 4-4-2: four defenders, four midfielders and two forwards."""
    s = Scenario(ed).set("formation", {"home": [4, 4, 2], "away": [4, 5, 1]})
    assert [s.value("line_size", "home", z) for z in ("defence", "midfield", "attack")] == [4, 4, 2]


def test_a_team_may_choose_a_formation_of_its_own(ed):
    """2.1: "Teams can use any formation they want, but the ones defined in formation cards are
    recommended ... (The total number of outfield players must still be 10.)" Three lines of
    one to six players (formation_lines)."""
    s = Scenario(ed, dice=[5, 3], answers={"home": [[3, 3, 4]], "away": ["4-4-2"]}, until_decision=True)
    s.run("match")
    assert s["formation"] == {"home": [3, 3, 4], "away": [4, 4, 2]}
    (offered,) = s.asked("formation")[:1]
    custom = [f for f in offered.options if isinstance(f, list)]
    assert [6, 3, 1] in custom and all(sum(f) == 10 and min(f) >= 1 and max(f) <= 6 for f in custom)
    assert [4, 4, 2] not in custom  # a card is offered as the card


def test_a_formation_change_keeps_three_lines_of_one_to_six(ed):
    """2.1 "three line formations" (formation_lines): a half-time change moves one player, but
    never empties a line or makes one of seven."""
    s = Scenario(ed).set("formation", {"home": [4, 5, 1], "away": [3, 6, 1]})
    assert [4, 6, 0] not in s.value("formation_changes", "home") and [5, 4, 1] in s.value("formation_changes", "home")
    assert [3, 7, 0] not in s.value("formation_changes", "away") and [2, 7, 1] not in s.value("formation_changes", "away")


def test_match_preparations_example_heidi_rolls_5_otto_3_and_starts(ed):
    """3 example: Heidi rolls 5, Otto 3; Heidi chooses to start as the controlling team."""
    s = Scenario(ed, dice=[5, 3], answers=["home"])
    assert s.run("kick_off_choice") == "home"
    assert s.dice_left == 0


def test_match_preparations_example_setup_and_two_adjustments(ed):
    """3.2 example: Heidi sets up four players in the middle area, Otto sets up, then Heidi moves two players from the centre to strengthen the side."""
    answers = ["centre", "centre"] + ["home_front"] * 6 + ["away_front"] * 10
    answers += [{"from": "centre", "to": "home_left_wing"}, {"from": "centre", "to": "home_left_wing"}]
    s = Scenario(ed, answers=answers)
    s.run("kick_off", "home")
    assert s.count("home", "centre") == 2
    assert s.count("home", "home_left_wing") == 2
    assert s["ball.value"] == 1 and s["ball.area"] == "centre" and s["control"] == "home"
    assert sum(s.match.pieces["home"].values()) == 10 and sum(s.match.pieces["away"].values()) == 10


def test_kick_off_adjustment_stays_in_the_own_half(ed):
    """3.2: the adjusted players must still fill the setup rules: no move into the opponent's half."""
    s = Scenario(ed, answers=["home_front"] * 8 + ["away_front"] * 10, defaults={"setup adjustment": None})
    s.run("kick_off", "home")
    moves = s.value("setup_adjust_moves", "home", "kick_off", "centre", [])
    assert moves and all(ed.board.partly_in_half(m["to"], "home") for m in moves)
    # the two required centre players stay
    assert not any(m["from"] == "centre" for m in moves)


# ---- 4.1 target area, offside, difficult situation
def test_target_can_be_any_area_with_or_next_to_a_player(ed):
    s = midfield(ed)
    targets = s.value("target_options", "home", "centre")
    assert "centre" in targets and "away_front" in targets
    assert "home_left_corner" in targets  # next to the left wing players


def test_offside_target_is_illegal(ed):
    """4.1.1: a home player beyond the second last away player is offside; that area cannot be the target."""
    s = Scenario(ed)
    s.pieces("home", {"centre": 5, "home_front": 4, "away_penalty": 1}, "home_penalty")
    s.pieces("away", {"away_front": 6, "centre": 4}, "away_penalty")
    s.state(control="home", ball__area="centre", ball__value=2)
    assert s.value("offside", "home", "away_penalty") is True
    assert "away_penalty" not in s.value("target_options", "home", "centre")


def test_no_offside_level_with_the_second_last_defender(ed):
    s = Scenario(ed)
    s.pieces("home", {"centre": 5, "home_front": 4, "away_front": 1}, "home_penalty")
    s.pieces("away", {"away_front": 6, "centre": 4}, "away_penalty")
    s.state(control="home", ball__area="centre", ball__value=2)
    assert s.value("offside", "home", "away_front") is False


def test_no_offside_at_a_corner_kick(ed):
    s = Scenario(ed)
    s.pieces("home", {"centre": 5, "home_front": 4, "away_penalty": 1}, "home_penalty")
    s.pieces("away", {"away_front": 6, "centre": 4}, "away_penalty")
    s.state(control="home", ball__area="away_left_spot", ball__value=1, turn__kind="corner")
    assert s.value("offside_target", "home", "away_penalty") is False


def test_difficult_situation_ball_six_keeps_the_ball_close(ed):
    """4.1.2: with the ball value 6 the target is the ball's area or an adjacent one."""
    s = midfield(ed).state(ball__value=6)
    targets = s.value("target_options", "home", "centre")
    assert targets and all(t == "centre" or ed.board.adjacent(t, "centre") for t in targets)


# ---- 4.1.3 ball value modifications
def test_target_without_passive_player_sets_the_ball_to_one(ed):
    s = midfield(ed).state(ball__value=4, turn__start="centre", turn__target="home_left_wing")
    s.run("ball_value_stage")
    assert s["ball.value"] == 1


def test_start_area_without_passive_player_reduces_one(ed):
    s = Scenario(ed)
    s.pieces("home", {"centre": 3, "away_front": 2, "home_front": 5}, "home_penalty")
    s.pieces("away", {"away_front": 3, "away_penalty": 4, "away_left_wing": 3}, "away_penalty")
    s.state(control="home", ball__area="centre", ball__value=4, turn__start="centre", turn__target="away_front")
    s.run("ball_value_stage")
    assert s["ball.value"] == 3
    assert ("start_area_empty", -1) in s.modifiers()


def test_long_pass_adds_one_per_area_between(ed):
    s = midfield(ed).state(ball__area="home_front", ball__value=2, turn__start="home_front", turn__target="away_front")
    s.run("ball_value_stage")
    # away_front holds away players (no reset to 1); one area between: +1; home_front holds an away player
    assert s["ball.value"] == 3
    assert ("long_pass", 1) in s.modifiers()


def test_long_pass_through_an_area_with_double_numbers_is_ignored(ed):
    s = midfield(ed)
    s.pieces("home", {"centre": 4, "home_front": 3, "home_left_wing": 2, "away_front": 1}, "home_penalty")
    s.state(ball__area="home_front", ball__value=2, turn__start="home_front", turn__target="away_front")
    s.run("ball_value_stage")
    assert s["ball.value"] == 2
    assert not [m for m in s.modifiers() if m[0] == "long_pass"]


def test_long_pass_above_six_is_illegal(ed):
    s = midfield(ed).state(ball__area="home_front", ball__value=5)
    assert "away_penalty" not in s.value("target_options", "home", "home_front")


# ---- 4.2, 4.3 dice and time
def test_time_example_heidi_4_otto_2_moves_two_minutes(ed):
    """4.3 example: Heidi rolls 4 and Otto rolls 2: the time marker moves 2 minutes."""
    s = midfield(ed, dice=[4, 2])
    s.run("dice_stage")
    s.run("time_stage")
    assert s["dice"] == {"home": 4, "away": 2}
    assert s["minute"] == 12


def test_time_equal_dice_move_the_die_score(ed):
    """4.3: on 3-3 the marker moves three squares."""
    s = midfield(ed, dice=[3, 3])
    s.run("dice_stage")
    s.run("time_stage")
    assert s["minute"] == 13


def test_time_stops_on_the_first_stoppage_square(ed):
    s = midfield(ed, dice=[6, 1]).state(minute=43)
    s.run("dice_stage")
    s.run("time_stage")
    assert (s["minute"], s["stoppage"]) == (45, 1)


def test_stoppage_example_on_plus_two_heidi_3_otto_2_ends_the_half(ed):
    """4.3.1 example: on +2, Heidi 3 and Otto 2: the difference 1 is less than 2, the half ends immediately."""
    s = midfield(ed, dice=[3, 2]).state(minute=45, stoppage=2)
    s.run("dice_stage")
    s.run("time_stage")
    assert s["half_ends"] is True and s.left == "turn"


def test_stoppage_moves_one_square_and_ends_on_plus_five(ed):
    s = midfield(ed, dice=[6, 1]).state(minute=45, stoppage=4)
    s.run("dice_stage")
    s.run("time_stage")
    assert s["stoppage"] == 5 and s["half_ends"] is True and s.left is None


# ---- 4.4, 4.5 control check and new ball value
def test_control_kept_when_the_die_beats_the_ball(ed):
    s = midfield(ed).state(ball__value=3, turn__target="centre").set("dice", {"home": 5, "away": 2})
    s.run("control_stage")
    assert s["control"] == "home" and s["ball.value"] == 2


def test_control_lost_when_the_die_is_lower_new_value_is_the_new_passive_die(ed):
    """4.4, 4.5: 2 against ball 4 loses the ball; the new value is the old controlling team's die."""
    s = midfield(ed).state(ball__value=4, turn__target="centre").set("dice", {"home": 2, "away": 5})
    s.run("control_stage")
    assert s["control"] == "away" and s["ball.value"] == 2


def test_equal_die_rolls_a_special_event_before_the_check(ed):
    """4.4: die = ball value: special event (here 4 - 2 = +2: -1 for the new ball value); control kept."""
    s = midfield(ed, dice=[4, 2]).state(ball__value=3, turn__target="centre").set("dice", {"home": 3, "away": 5})
    s.run("control_stage")
    assert s["control"] == "home"
    assert s["ball.value"] == 4  # passive die 5, then -1
    assert s.logs("special_event")


def test_team_with_the_ball_brings_its_closest_player(ed):
    """4.4.1: no controlling player in the target area: the closest one moves there."""
    s = midfield(ed, answers=[{"from": "home_left_wing", "to": "home_left_corner", "keeper": False, "ball": False, "d": 1}])
    s.state(ball__area="home_left_corner", turn__target="home_left_corner", ball__value=2).set("dice", {"home": 5, "away": 3})
    s.run("control_stage")
    assert s.count("home", "home_left_corner") == 1


def test_action_order_more_players_in_target_first_else_passive(ed):
    """4.6: more players in the target area play first; equal numbers: the passive team."""
    s = midfield(ed).state(turn__target="centre", ball__value=1).set("dice", {"home": 5, "away": 3})
    s.run("control_stage")
    assert s["order.first"] == "away"  # 2 against 2
    s = midfield(ed).state(turn__target="home_front", ball__area="home_front", ball__value=1).set("dice", {"home": 5, "away": 3})
    s.run("control_stage")
    assert s["order.first"] == "home"  # 3 against 1


# ---- 1 terms
def test_terms_zones_and_the_controlling_and_passive_team(ed):
    """1.2, 1.3: the midfield zone touches the halfway line; the attack zone is the opponent's defence zone; roles swap at once."""
    s = midfield(ed)
    assert ed.board.zone("centre", "home") == "midfield" and ed.board.zone("away_front", "home") == "attack"
    assert ed.board.zone("away_front", "away") == "defence"
    assert (s.value("CT"), s.value("PT")) == ("home", "away")
    s.run("gain_control", "away", True)
    assert (s.value("CT"), s.value("PT")) == ("away", "home") and s.logs("possession")


# ---- 4.8.5 movement restrictions for offside
def test_no_move_into_offside_unless_straight_back(ed):
    s = Scenario(ed)
    s.pieces("home", {"centre": 5, "home_front": 4, "away_penalty": 1}, "home_penalty")
    s.pieces("away", {"away_front": 6, "centre": 4}, "away_penalty")
    s.state(control="home", ball__area="centre", ball__value=2)
    assert s.value("move_allowed", "home", "away_front", "away_penalty") is False
    assert s.value("move_allowed", "home", "away_left_corner", "away_penalty") is False
    assert s.value("move_allowed", "home", "centre", "away_front") is True


# ---- 4: a whole turn, the seven stages in order
def test_a_whole_turn_runs_the_seven_stages_in_order(ed):
    """4: target area, ball value, dice (5 and 2), time (+3), control check (kept, new value 2), then the stages:
    home (3 v 1 in the target) adjusts the ball and moves; away moves and adjusts."""
    s = Scenario(ed, dice=[5, 2], answers=["ball value adjustment", "movement"],
                 defaults={"target area": "centre", "movement type": "midfield", "move": None, "free goal-line move": None})
    s.pieces("home", {"centre": 3, "home_front": 3, "home_left_wing": 2, "home_right_wing": 1, "away_front": 1}, "home_penalty")
    s.pieces("away", {"centre": 1, "away_front": 4, "away_left_wing": 2, "away_right_wing": 2, "home_front": 1}, "away_penalty")
    s.state(control="home", ball__area="centre", ball__value=3, minute=20)
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    s.run("play_turn")
    assert s["turn"] == 1 and s["minute"] == 23 and s["control"] == "home"
    assert s["ball.value"] == 1
    texts = s.logs()
    order = [next(i for i, t in enumerate(texts) if key in t) for key in
             ["plays Centre area -> Centre area", "rolls 5", "control kept", "new ball value 2", "home adjusts", "home: midfield movement", "away: midfield movement", "away adjusts"]]
    assert order == sorted(order)


def test_player_joining_the_ball_may_still_move(ed):
    """4.4: the closest player joins the ball; "The move does not otherwise limit movement options": he is not marked as moved."""
    s = midfield(ed, defaults={"player to the ball": {"from": "centre", "to": "away_left_wing", "keeper": False, "ball": False, "d": 1}})
    s.state(ball__area="away_left_wing")
    s.set("moved", {"home": [], "away": []})
    s.run("join_ball", "home")
    assert s.count("home", "away_left_wing") == 1
    assert s["moved"]["home"] == []

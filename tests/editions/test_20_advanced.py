"""FUBA 2.0, advanced rules A1-A7: player roles, condition points and tiredness, substitutions, injuries, the advanced goalkeeper, aggressive pressing, advanced offside."""

from pathlib import Path

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.scenario import Scenario

EDITIONS = Path(__file__).resolve().parents[2] / "editions"
QUIET = {"kick-off setup": "centre", "setup adjustment": None, "set piece move": None, "free goal-line move": None,
         "set piece setup": "centre", "free kick goal attempt": None}


@pytest.fixture(scope="module")
def ed():
    return load_edition("2.0", root=EDITIONS)


def position(ed, rules=("A2",), **kw):
    s = Scenario(ed, rules=rules, **kw)
    s.pieces("home", {"centre": 3, "home_front": 3, "home_left_wing": 2, "away_front": 2}, "home_penalty")
    s.pieces("away", {"centre": 1, "away_front": 4, "away_left_wing": 2, "away_right_wing": 2, "home_front": 1}, "away_penalty")
    s.state(control="home", phasing="home", ball__area="centre", ball__value=3, minute=20, turn__target="centre", turn__start="centre")
    s.set("formation", {"home": [4, 4, 2], "away": [4, 5, 1]})
    s.set("condition", {"home": {"defence": 4, "midfield": 4, "attack": 2}, "away": {"defence": 4, "midfield": 5, "attack": 1}})
    return s


def points(s, t):
    c = s["condition"][t]
    return [c["defence"], c["midfield"], c["attack"]]


# ---- A1, A2 condition points
def test_condition_points_example_heidi_four_four_two(ed):
    """A2 example: Heidi's 4-4-2 has four defence, four midfield and two forward condition points."""
    s = position(ed, rules=("A2",))
    s.set("condition", {"home": {"defence": 0, "midfield": 0, "attack": 0}, "away": {"defence": 0, "midfield": 0, "attack": 0}})
    s.match.fire("match_start", {})
    assert points(s, "home") == [4, 4, 2]
    assert points(s, "away") == [4, 5, 1]


def test_advanced_formations_example_otto_three_attacking_midfielders(ed):
    """A1 example: Otto's 4-5-1 with three attacking midfielders has 4 defence, 2 midfield and 4 forward points."""
    s = position(ed, rules=("A1", "A2"), answers=[None, "attacking_midfielder", "attacking_midfielder", "attacking_midfielder", None])
    s.match.fire("match_start", {})
    assert points(s, "home") == [4, 4, 2]
    assert points(s, "away") == [4, 2, 4]


def test_condition_point_gives_an_extra_move(ed):
    """A2.1: a condition point from the target area's zone: +1 move of any type."""
    mv = {"from": "home_front", "to": "home_left_wing", "keeper": False, "ball": False}
    extra = {"from": "away_front", "to": "centre", "keeper": False, "ball": False}
    s = position(ed, answers=["midfield", "use", mv, mv, mv, None, extra], defaults={"goalkeeper position": "inside"})
    s.run("movement", "home", False)
    assert points(s, "home") == [4, 3, 2]
    assert s.count("home", "centre") == 4


def test_condition_point_lowers_the_pressing_die(ed):
    """A2.1: -1 for the pressing die (not for the new ball value): 4 - 1 = 3 beats ball 4, new value 4."""
    s = position(ed, dice=[4], answers=["use"]).state(control="away", ball__area="centre", ball__value=4)
    s.pieces("away", {"centre": 3, "away_front": 4, "away_left_wing": 3}, "away_penalty")
    s.run("pressing", "home", False, False)
    assert s["control"] == "home" and s["ball.value"] == 4


def test_tiredness_test_example_78th_minute_five_then_three(ed):
    """A2.2 example: 78th minute; 5 (50) fails and costs a point, 5 + 3 = 8 (80) passes: one point lost."""
    s = position(ed, dice=[5, 3]).state(minute=78)
    s.run("tiredness_test", "home")
    assert points(s, "home") == [4, 3, 2]  # the target area (centre) is in the midfield zone


def test_tiredness_test_is_made_when_the_marker_moves_five(ed):
    s = position(ed, dice=[6, 1, 6, 6]).state(minute=20)
    s.run("dice_stage")
    s.run("time_stage")
    assert s["minute"] == 25 and len(s.logs("tiredness_test")) == 2


def test_no_tiredness_test_when_stoppage_time_stops_the_marker_short_of_five(ed):
    """A2.2: "If the time marker is moved 5 or more squares": at 43 a difference of 5 moves it 44, 45, +1: three squares."""
    s = position(ed, dice=[6, 1]).state(minute=43)
    s.run("dice_stage")
    s.run("time_stage")
    assert (s["minute"], s["stoppage"]) == (45, 1)
    assert not s.logs("tiredness_test") and s.dice_left == 0


def test_tiredness_test_counts_only_points_that_exist(ed):
    """A2.2: each failed test "loses a point"; a team with none left loses none. Minute 70, dice
    1, 1, 6: 10 and 20 fail, 80 passes; no point was there to lose."""
    s = position(ed, dice=[1, 1, 6]).state(minute=70)
    s.set("condition", {"home": {"defence": 0, "midfield": 0, "attack": 0}, "away": {"defence": 4, "midfield": 5, "attack": 1}})
    s.run("tiredness_test", "home")
    (test,) = s.events(tag="tiredness_test")
    assert test["data"] == {"result": 80, "game_time": 70, "lost": 0} and points(s, "home") == [0, 0, 0]


def test_tiredness_example_one_player_less_in_each_line(ed):
    """A2.3 example: a 4-4-2 team that suffers tiredness moves as a 3-3-1."""
    s = position(ed)
    s.set("condition", {"home": {"defence": 0, "midfield": 1, "attack": 0}, "away": {"defence": 4, "midfield": 5, "attack": 1}})
    s.run("pay_cost", "home", 1)
    assert s["tired"]["home"] is True
    assert [s.value("line_size", "home", z) for z in ("defence", "midfield", "attack")] == [3, 3, 1]


# ---- A3 substitutions
def test_fresh_player_gives_one_point_when_the_dice_beat_the_time(ed):
    s = position(ed, rules=("A2", "A3"), dice=[3, 4], answers=[1, "fresh player", "attack"]).state(minute=60)
    s.run("substitution_action", "home")
    assert points(s, "home") == [4, 4, 3] and s["subs_used"]["home"] == 1


def test_fresh_player_gives_two_points_late_in_the_game(ed):
    s = position(ed, rules=("A2", "A3"), dice=[1, 2], answers=[1, "fresh player", "attack", "attack"]).state(minute=60)
    s.run("substitution_action", "home")
    assert points(s, "home") == [4, 4, 4]


def test_substitution_removes_a_yellow_card(ed):
    s = position(ed, rules=("A3",), answers=[1, "remove a yellow card"]).set("yellow", {"home": 1, "away": 0})
    s.run("substitution_action", "home")
    assert s["yellow"]["home"] == 0


def test_formation_change_takes_effect_next_turn(ed):
    s = position(ed, rules=("A3",), answers=[1, "formation change", [3, 5, 2]])
    s.run("substitution_action", "home")
    assert s["formation"]["home"] == [4, 4, 2] and s["formation_next"]["home"] == [3, 5, 2]
    s.match.fire("turn_start", {})
    assert s["formation"]["home"] == [3, 5, 2]


def test_two_formation_changes_in_one_action_build_on_each_other(ed):
    """A3: "In a same action team can perform more than one player substitutions"; each formation
    change takes effect at the beginning of the next turn, +1 condition point to the strengthened
    line in the second half. 4-4-2 -> 4-3-3 -> 4-2-4: two forwards more, two attack points."""
    s = position(ed, rules=("A2", "A3"), answers=[2, "formation change", [4, 3, 3], "formation change", [4, 2, 4]]).state(half=2, minute=60)
    s.run("substitution_action", "home")
    assert s["formation_next"]["home"] == [4, 2, 4] and s["subs_used"]["home"] == 2
    assert points(s, "home") == [4, 4, 4]


# ---- A4 injuries
def test_injury_one_returns_next_turn_in_the_centre(ed):
    s = position(ed, rules=("A4",), dice=[1], answers=["home_front"]).state(turn=5)
    s.run("suffer_injury", "home")
    assert s.count("home", "home_front") == 2 and s["injured"]["home"] == [6]
    s.state(turn=6)
    s.match.fire("action_stage_start", {"team": "home"})
    assert s.count("home", "centre") == 4


def test_injured_player_stays_out_through_a_new_setup(ed):
    """A4: 3: "The player is out of the game for the following two turns": a corner setup in between does not bring him back."""
    s = position(ed, rules=("A4",), dice=[3], answers=["home_front", "away_right_spot"], defaults=QUIET).state(turn=5)
    s.run("suffer_injury", "home")
    s.run("corner_kick", "home")
    assert sum(s.match.pieces["home"].values()) == 9 and s["injured"]["home"] == [8]
    s.state(turn=8)
    s.match.fire("action_stage_start", {"team": "home"})
    assert sum(s.match.pieces["home"].values()) == 10


def test_injury_four_is_for_good(ed):
    s = position(ed, rules=("A4",), dice=[4], answers=["home_front"])
    s.run("suffer_injury", "home")
    assert sum(s.match.pieces["home"].values()) == 9 and s["injured"]["home"] == []


# ---- A5 advanced goalkeeper
def test_keeper_outside_the_goal_area_helps_pressing_and_the_opponent_shoots_better(ed):
    s = position(ed, rules=("A5",)).set("keeper_out", {"home": False, "away": True})
    s.state(ball__area="away_penalty")
    s.pieces("home", {"away_penalty": 1, "centre": 9}, "home_penalty")
    assert s.value("shot_mod", "home", False, False) == 1  # keeper off the line +1; box 1 v 1 (the keeper counts): nothing
    s2 = position(ed, rules=("A5",), dice=[4]).set("keeper_out", {"home": True, "away": False}).state(control="away", ball__value=4)
    s2.pieces("away", {"centre": 3, "away_front": 4, "away_left_wing": 3}, "away_penalty")
    s2.run("pressing", "home", False, False)
    assert s2["control"] == "home"  # 4 - 1 = 3 < 4


def test_keeper_out_of_its_penalty_area_gives_no_pressing_modifier(ed):
    """A5: "Goal keepers can have two positions in their own penalty area"; the -1 for pressing is
    the position outside the goalkeeper's area, not a keeper that has left the penalty area: 4 against ball 4, nothing."""
    s = position(ed, rules=("A5",), dice=[4]).set("keeper_out", {"home": True, "away": False}).state(control="away", ball__value=4)
    s.pieces("home", {"centre": 3, "home_front": 3, "home_left_wing": 2, "away_front": 2}, "home_front")
    s.pieces("away", {"centre": 3, "away_front": 4, "away_left_wing": 3}, "away_penalty")
    s.run("pressing", "home", False, False)
    assert s["control"] == "away" and s["ball.value"] == 4


# ---- A6 aggressive pressing
def test_aggressive_pressing_without_condition_points_costs_nothing(ed):
    """A6 is a rule of its own; without A2 "there are no condition points and skills cost nothing"
    (condition_points_zone), so the aggressive pressing is offered and played for free."""
    s = position(ed, rules=("A6",), dice=[5, 2]).state(control="away", ball__value=3)
    s.set("condition", {"home": {"defence": 0, "midfield": 0, "attack": 0}, "away": {"defence": 0, "midfield": 0, "attack": 0}})
    s.pieces("away", {"centre": 3, "away_front": 4, "away_left_wing": 3}, "away_penalty")
    assert s.value("can_press_aggressively", "home") is True
    s.run("pressing", "home", False, True)
    assert s["control"] == "home" and s["ball.value"] == 2  # two dice, the lower kept


def test_aggressive_pressing_two_dice_lower_kept_and_costs_a_point(ed):
    s = position(ed, rules=("A2", "A6"), dice=[5, 2], defaults={"condition point: -1 for the pressing die": None}).state(control="away", ball__value=3)
    s.pieces("away", {"centre": 3, "away_front": 4, "away_left_wing": 3}, "away_penalty")
    s.run("pressing", "home", False, True)
    assert s["control"] == "home" and s["ball.value"] == 2 and points(s, "home") == [4, 3, 2]


def test_aggressive_pressing_pays_from_the_zone_where_the_ball_is(ed):
    """A6: "spend one condition point from the zone where the ball exists": ball in home's defence, target in midfield."""
    s = position(ed, rules=("A2", "A6"), dice=[5, 2], defaults={"condition point: -1 for the pressing die": None})
    s.state(control="away", ball__value=3, ball__area="home_front", turn__target="centre")
    s.run("pressing", "home", False, True)
    assert s["control"] == "home" and points(s, "home") == [3, 4, 2]


def test_failed_aggressive_pressing_gives_a_free_kick_and_a_card_roll(ed):
    s = position(ed, rules=("A2", "A6"), dice=[6, 5, 4], defaults={**QUIET, "condition point: -1 for the pressing die": None}).state(control="away", ball__value=3)
    s.pieces("away", {"centre": 3, "away_front": 4, "away_left_wing": 3}, "away_penalty")
    s.run("pressing", "home", False, True)
    assert s["yellow"]["home"] == 1 and s["control"] == "away" and s["restart"] == "free_kick"


# ---- A7 advanced offside
def test_advanced_offside_raises_the_ball_to_the_defenders_there(ed):
    """A7: a target reaching beyond the second lowest defender's area: the ball value is at least the defenders there."""
    s = position(ed, rules=("A7",))
    s.pieces("home", {"centre": 5, "away_left_wing": 1, "home_front": 4}, "home_penalty")
    s.pieces("away", {"centre": 5, "home_front": 5}, "away_penalty")
    s.state(ball__area="centre", ball__value=1, turn__start="centre", turn__target="away_left_wing")
    # the away second lowest piece: an outfield player in the centre (the keeper is the lowest)
    assert s.value("second_last", "away") == "centre"
    assert s.value("advanced_offside_value", "home", "away_left_wing") == 4  # 5 there, capped at four defenders
    s.run("ball_value_stage")
    assert s["ball.value"] >= 4

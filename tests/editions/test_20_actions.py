"""FUBA 2.0, 4.6-4.10: the action stages, movement, ball value adjustment, pressing and the goal attempt."""

from pathlib import Path

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.scenario import Scenario

EDITIONS = Path(__file__).resolve().parents[2] / "editions"
QUIET = {"kick-off setup": "centre", "setup adjustment": None, "free goal-line move": None, "condition point: an extra move": None}


@pytest.fixture(scope="module")
def ed():
    return load_edition("2.0", root=EDITIONS)


def midfield(ed, **kw):
    s = Scenario(ed, **kw)
    s.pieces("home", {"centre": 3, "home_front": 3, "home_left_wing": 2, "home_right_wing": 1, "away_front": 1}, "home_penalty")
    s.pieces("away", {"centre": 1, "away_front": 4, "away_left_wing": 2, "away_right_wing": 2, "home_front": 1}, "away_penalty")
    s.state(control="home", phasing="home", ball__area="centre", ball__value=3, minute=20, turn__target="centre", turn__start="centre")
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    return s


def box(ed, **kw):
    """Home attacks the away penalty area: two attackers against one defender and the keeper."""
    s = Scenario(ed, **kw)
    s.pieces("home", {"away_penalty": 2, "away_front": 2, "centre": 3, "home_front": 3}, "home_penalty")
    s.pieces("away", {"away_penalty": 1, "away_front": 3, "centre": 3, "home_front": 3}, "away_penalty")
    s.state(control="home", phasing="home", ball__area="away_penalty", ball__value=3, minute=20, turn__target="away_penalty")
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    return s


# ---- 4.6 two different actions, the secondary disadvantage
def test_a_stage_has_exactly_two_different_actions(ed):
    """4.6: after a ball value adjustment the second action must be another one: here only movement is left."""
    s = midfield(ed, answers=["ball value adjustment", "midfield"], defaults={**QUIET, "move": None})
    s.run("team_stage", "home", False)
    labels = [d.label for d in s.agent.asked]
    assert labels.count("action") == 1 and "movement type" in labels


def test_secondary_ball_value_adjustment_counts_one_player_less(ed):
    """4.6: 3 against 1 lowers the ball by two; as the secondary action 2 against 1 lowers it by one."""
    s = midfield(ed)
    s.run("ball_value_adjustment", "home", False)
    assert s["ball.value"] == 1
    s = midfield(ed)
    s.run("ball_value_adjustment", "home", True)
    assert s["ball.value"] == 2


def test_team_stage_runs_two_actions_and_ends(ed):
    s = midfield(ed, answers=["ball value adjustment", "midfield"], defaults={**QUIET, "move": None})
    s.run("team_stage", "home", False)
    assert s["ball.value"] == 1
    assert "movement type" in [d.label for d in s.agent.asked]


# ---- 4.8 movement
def test_midfield_movement_only_sideways_or_diagonal(ed):
    s = midfield(ed)
    moves = s.value("movement_moves", "home", "midfield", False)
    assert moves
    for m in moves:
        assert ed.board.adjacency_kind(m["from"], m["to"], "home") in ("sideways", "diagonal")


def test_forward_movement_goes_straight_and_stops_where_the_opponent_has_more(ed):
    s = midfield(ed)
    moves = s.value("movement_moves", "home", "forward", False)
    from_front = {m["to"] for m in moves if m["from"] == "home_front" and not m["keeper"]}
    # home_front -> centre (3 home v 1 away: go on) -> away_front (1 v 4: stop there)
    assert from_front == {"centre", "away_front"}
    for m in moves:
        assert ed.board.adjacency_kind(m["from"], m["to"], "home") in ("forward", None)


def test_defence_movement_goes_straight_back(ed):
    s = midfield(ed)
    moves = s.value("movement_moves", "home", "defence", False)
    assert {m["to"] for m in moves if m["from"] == "away_front"} == {"centre", "home_front", "home_penalty"}


def test_goalkeeper_moves_at_most_two_areas(ed):
    s = midfield(ed)
    keeper = {m["to"] for m in s.value("movement_moves", "home", "forward", False) if m["keeper"]}
    assert keeper == {"home_front", "centre"}


def test_movement_count_is_the_line_minus_one_as_secondary(ed):
    """4.8, 4.6: four midfielders give four moves; three as the secondary action."""
    mv = {"from": "home_front", "to": "home_left_wing", "keeper": False, "ball": False}
    s = midfield(ed, answers=["midfield"] + [mv] * 3, defaults=QUIET)
    s.run("movement", "home", True)
    assert [d.label for d in s.agent.asked].count("move") == 3


def test_moving_with_the_ball_only_from_an_area_without_passive_players(ed):
    s = midfield(ed)
    assert not [m for m in s.value("movement_moves", "home", "forward", False) if m["ball"]]
    s.pieces("away", {"away_front": 5, "away_left_wing": 2, "away_right_wing": 2, "home_front": 1}, "away_penalty")
    dribbles = [m for m in s.value("movement_moves", "home", "forward", False) if m["ball"]]
    assert dribbles and all(m["from"] == "centre" and m["to"] == "away_front" for m in dribbles)


def test_the_controlling_team_keeps_a_player_with_the_ball(ed):
    s = midfield(ed)
    s.pieces("home", {"centre": 1, "home_front": 5, "home_left_wing": 2, "home_right_wing": 2}, "home_penalty")
    assert not [m for m in s.value("movement_moves", "home", "midfield", False) if m["from"] == "centre" and not m["ball"]]


def test_free_goal_line_moves_step_away_from_the_goal_line(ed):
    s = midfield(ed)
    s.pieces("home", {"centre": 3, "home_left_corner": 2, "home_front": 5}, "home_front")
    moves = s.value("free_goal_line_moves", "home")
    assert {(m["from"], m["to"]) for m in moves} == {("home_left_corner", "home_left_wing"), ("home_front", "home_penalty")}


# ---- 4.9 ball value adjustment
def test_ball_value_rises_when_the_passive_team_has_more_players(ed):
    s = midfield(ed).state(ball__area="away_front", ball__value=2)
    s.run("ball_value_adjustment", "away", False)
    assert s["ball.value"] == 4  # 1 against 4: +2 at most


# ---- 4.10 pressing
def test_pressing_needs_at_least_equal_numbers(ed):
    s = midfield(ed)
    assert s.value("can_press", "away") is False
    s.state(ball__area="away_front")
    assert s.value("can_press", "away") is True


def test_pressing_below_the_ball_value_wins_the_ball_at_the_die(ed):
    s = midfield(ed, dice=[2]).state(ball__area="away_front", ball__value=4)
    s.run("pressing", "away", False, False)
    assert s["control"] == "away" and s["ball.value"] == 2


def test_pressing_above_the_ball_value_fails_and_lowers_it_by_two(ed):
    s = midfield(ed, dice=[5]).state(ball__area="away_front", ball__value=4)
    s.run("pressing", "away", False, False)
    assert s["control"] == "home" and s["ball.value"] == 2


def test_secondary_pressing_adds_one_to_the_die_but_not_to_the_new_value(ed):
    s = midfield(ed, dice=[3]).state(ball__area="away_front", ball__value=4)
    s.run("pressing", "away", True, False)
    assert s["control"] == "home"  # 3 + 1 = 4: not below 4
    s = midfield(ed, dice=[2]).state(ball__area="away_front", ball__value=4)
    s.run("pressing", "away", True, False)
    assert s["control"] == "away" and s["ball.value"] == 2


# ---- 4.7 goal attempt
def test_goal_attempt_above_the_ball_value_scores(ed):
    s = box(ed, dice=[4], defaults=QUIET)
    s.run("goal_attempt", "home", False, False)
    assert s["score"]["home"] == 1 and s["control"] == "away" and s.left == "turn"


def test_goal_attempt_equal_is_a_corner(ed):
    s = box(ed, dice=[3], defaults={**QUIET, "corner spot": "away_left_spot", "set piece setup": "centre"})
    s.run("goal_attempt", "home", False, False)
    assert s["restart"] == "corner" and s["score"]["home"] == 0


def test_goal_attempt_one_less_with_a_player_in_the_box_is_a_rebound(ed):
    """4.7.3: 2 against ball 3: rebound; 4+2 against 2+1 scores."""
    s = box(ed, dice=[2, 4, 2], defaults=QUIET)
    s.run("goal_attempt", "home", False, False)
    assert s["score"]["home"] == 1


def test_lost_rebound_gives_the_ball_at_the_attackers_die(ed):
    s = box(ed, dice=[2, 1, 6])
    s.run("goal_attempt", "home", False, False)
    assert s["control"] == "away" and s["ball.value"] == 1 and s["ball.area"] == "away_penalty"


def test_a_rebound_won_with_nobody_in_the_box_brings_the_closest_player_to_the_ball(ed):
    """4.7.3: "the passive team regains possession of the ball control and immediately becomes the new
    controlling team"; 4.8.8: "The controlling team must always have at least one player in the same area as
    the ball". Away has only its keeper near its box, out in the away front area: 1+2 against 6+0, away wins
    the ball in its penalty area and, as after a control check (4.4.1), its closest player (here the keeper,
    of away's choice) comes to the ball."""
    s = box(ed, dice=[1, 6], defaults={"player to the ball": {**Scenario.move("away_front", "away_penalty", keeper=True), "d": 1}})
    s.pieces("away", {"away_front": 4, "centre": 3, "home_front": 3}, "away_front")
    s.run("rebound", "home")
    assert s["control"] == "away" and s["ball.area"] == "away_penalty" and s["ball.value"] == 1
    assert s.count("away", "away_penalty") == 1 and s.match.keeper["away"] == "away_penalty"


def test_miss_is_a_goal_kick_and_the_turn_goes_on(ed):
    s = box(ed, dice=[1])
    s.run("goal_attempt", "home", False, False)
    assert s["control"] == "away" and s["ball.area"] == "away_penalty" and s["ball.value"] == 1
    assert s["restart"] == "goal_kick" and s.left is None
    assert s.value("can_press", "home") is False


def test_secondary_goal_attempt_has_minus_one(ed):
    s = box(ed, dice=[4], defaults={**QUIET, "corner spot": "away_left_spot", "set piece setup": "centre"})
    s.run("goal_attempt", "home", True, False)
    assert s["restart"] == "corner"


def test_goal_attempt_modifiers(ed):
    s = box(ed)
    s.pieces("home", {"away_front": 3, "away_penalty": 1, "centre": 3, "home_front": 3}, "home_penalty")
    s.state(ball__area="away_front")
    assert s.value("shot_mod", "home", False, False) == -2 - 1  # distance -2; 3 v 3 in the area: nothing; box 1 v 2 (keeper counts): -1
    s.state(ball__area="away_front")
    assert s.value("may_shoot", "home") is True
    s.state(ball__area="centre")
    assert s.value("may_shoot", "home") is False


def test_keeper_out_of_the_box_allows_halfway_attempts_with_plus_four(ed):
    s = box(ed).state(ball__area="centre")
    s.pieces("away", {"away_penalty": 1, "away_front": 3, "centre": 3, "home_front": 3}, "away_front")
    assert s.value("may_shoot", "home") is True
    # centre -5, keeper out +4, 3 v 3 in the centre: nothing; the two attackers in the box
    # are offside (beyond the keeper in the front area), so they do not count: 0 v 1, -1
    assert s.value("shot_mod", "home", False, False) == -5 + 4 - 1


def test_difficult_goal_attempt_six_then_above_the_area_modifier(ed):
    """4.7.1: ball 6 from the front area (-2): a 6, then 3 beats 2: goal."""
    s = box(ed, dice=[6, 3], defaults=QUIET)
    s.pieces("home", {"away_front": 1, "centre": 6, "home_front": 3}, "home_penalty")
    s.pieces("away", {"away_penalty": 4, "away_front": 3, "centre": 3}, "away_penalty")
    s.state(ball__area="away_front", ball__value=6)
    s.run("goal_attempt", "home", False, False)
    assert s["score"]["home"] == 1


def test_difficult_goal_attempt_without_a_six_misses(ed):
    s = box(ed, dice=[5])
    s.pieces("home", {"away_front": 1, "centre": 6, "home_front": 3}, "home_penalty")
    s.pieces("away", {"away_penalty": 4, "away_front": 3, "centre": 3}, "away_penalty")
    s.state(ball__area="away_front", ball__value=6)
    s.run("goal_attempt", "home", False, False)
    assert s["restart"] == "goal_kick" and s["control"] == "away"


def test_goal_line_free_movements_do_not_block_straight_moves(ed):
    """4.8.7: players moved by the free movement do not block the opponent's forward or defence moves that turn."""
    s = midfield(ed)
    assert s.value("line_stops", "home", "home_front", "forward", 4) == ["centre", "away_front"]
    s.set("free_moved", {"home": [], "away": ["away_front"] * 4})
    assert s.value("line_stops", "home", "home_front", "forward", 4) == ["centre", "away_front", "away_penalty"]


def test_tackle_aggressive_equal_dice_is_a_foul(ed):
    """A8 Tackle: aggressive pressing with two equal dice: free kick for the opponent and a card roll."""
    s = Scenario(ed, rules=["A2", "A6", "A8"], skills={"home": [], "away": ["Tackle"]}, dice=[3, 3, 1],
                 defaults={**QUIET, "use Tackle": "use", "condition point: -1 for the pressing die": None,
                           "set piece move": None, "free kick goal attempt": None,
                           "set piece setup": "centre"})
    s.pieces("home", {"away_front": 2, "centre": 8}, "home_penalty")
    s.pieces("away", {"away_front": 1, "centre": 9}, "away_penalty")
    s.state(control="home", ball__area="away_front", ball__value=5, turn__target="away_front")
    s.set("condition", {"home": {"defence": 4, "midfield": 4, "attack": 2}, "away": {"defence": 4, "midfield": 4, "attack": 2}})
    s.run("pressing", "away", False, True)
    assert s["control"] == "home" and s["restart"] == "free_kick"

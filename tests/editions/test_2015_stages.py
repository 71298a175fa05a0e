"""World Cup 2015, chapters 4.6-4.11: team stages, goal attempt, movement, ball value, substitutions, tiredness."""

from pathlib import Path

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.scenario import Scenario

EDITIONS = Path(__file__).resolve().parents[2] / "editions"
F442 = [4, 4, 2]
KICK_OFF = {"kick-off setup": "centre", "setup adjustment": None}


@pytest.fixture(scope="module")
def wc2015():
    return load_edition("world-cup-2015", root=EDITIONS)


def attack_position(ed, **kw):
    """Heidi (home) attacks with the ball in Otto's penalty area."""
    s = Scenario(ed, **kw)
    s.pieces("home", {"away_penalty": 2, "away_front": 2, "centre": 3, "home_front": 3}, "home_penalty")
    s.pieces("away", {"away_penalty": 1, "away_front": 3, "centre": 3, "away_left_wing": 3}, "away_penalty")
    s.state(control="home", ball__area="away_penalty", ball__value=3, start="away_front", target="away_penalty", minute=30)
    s.set("formation", {"home": list(F442), "away": list(F442)})
    s.set("condition", {"home": {"defence": 4, "midfield": 4, "attack": 2}, "away": {"defence": 4, "midfield": 4, "attack": 2}})
    return s


def destinations(decisions):
    """the areas the move questions offered (declining, None, aside)"""
    return [m["to"] for d in decisions for m in d.options if m is not None]


def moves_allowed(s):
    return [line for line in s.logs() if "move(s)" in line]


# ---- 4.6 order of the team stages
def test_lower_die_plays_its_stage_first(wc2015):
    """4.6: the team whose die was smaller plays its action stage first."""
    s = attack_position(wc2015, defaults={"goal attempt": None, "movement": "midfield", "midfield move": None,
                                          "free movement": None, "substitution": "none", "use a condition point": None})
    s.set("dice", {"home": 2, "away": 5})
    s.run("team_stages")
    assert moves_allowed(s)[0].startswith("home") and moves_allowed(s)[1].startswith("away")


def test_equal_dice_passive_team_plays_first(wc2015):
    """4.6: on equal dice the passive team plays first."""
    s = attack_position(wc2015, defaults={"goal attempt": None, "movement": "midfield", "midfield move": None,
                                          "free movement": None, "substitution": "none", "use a condition point": None})
    s.set("dice", {"home": 4, "away": 4})
    s.run("team_stages")
    assert moves_allowed(s)[0].startswith("away")


# ---- 4.7 goal attempt
def test_goal_attempt_beats_the_ball_value_scores(wc2015):
    """4.7: die + modifiers above the ball value is a goal; the scoring team becomes passive at the kick-off."""
    s = attack_position(wc2015, dice=[3], defaults=KICK_OFF)
    s.run("goal_attempt", "home", False)
    # modifiers: distance 0, +1 more attackers (2) than outfield defenders (1) in the penalty area
    assert s.modifiers() == [("shot_box_more", 1)]
    assert s["score"]["home"] == 1 and s.logs("goal")
    assert s["control"] == "away" and s["ball.area"] == "centre" and s["ball.value"] == 1
    assert s.left == "turn"


def test_goal_attempt_equal_gives_a_corner(wc2015):
    """4.7: equal to the ball value: a corner kick for the controlling team."""
    s = attack_position(wc2015, dice=[2], defaults={"corner spot": "away_left_spot", "set piece setup": "away_penalty", "setup adjustment": None})
    s.run("goal_attempt", "home", False)
    assert s.logs("corner") and s["ball.area"] == "away_left_spot" and s["ball.value"] == 1
    assert s.count("home", "away_left_spot") == 1 and s["restart"] == "corner"


def test_goal_attempt_miss_gives_a_goal_kick(wc2015):
    """4.7 / 5.3: lower: a miss, a goal kick to the passive team, which becomes the controlling team."""
    s = attack_position(wc2015, dice=[1], answers=["quick"])
    s.run("goal_attempt", "home", False)
    assert s.logs("goal_kick") and s["control"] == "away"
    assert s["ball.area"] == "away_penalty" and s["ball.value"] == 1 and s["restart"] == "goal_kick"
    assert s.count("home", "away_penalty") == 0  # 5.3: nobody disturbs the goalkeeper


def test_goal_kick_lets_the_turn_continue(wc2015):
    """5.3: "After this the turn continues normally" (unlike the corner of 5.2, after which "a new turn starts")."""
    s = attack_position(wc2015, dice=[1], answers=["quick"])
    s.run("goal_attempt", "home", False)
    assert s.logs("goal_kick") and s.left is None
    s = attack_position(wc2015, dice=[5], answers=["quick"]).state(ball__area="away_left_wing", ball__value=4)
    s.run("goal_attempt", "home", False)  # a difficult attempt (4.7.1) without a six
    assert s.logs("goal_kick") and s.left is None and s.dice_left == 0


def test_after_a_goal_kick_the_shooting_team_stays_out_of_the_goalkeepers_area(wc2015):
    """5.3: "After this the turn continues normally ... The opposing team's players are not allowed to disturb the
    goalkeeper." Heidi misses from the front area, then plays forward movement: no move takes her players back
    into Otto's penalty area, where they would raise the goal kick's ball value (4.9)."""
    quiet = {"goal attempt": "shoot", "goal kick": "quick", "movement": "forward", "forward move": None,
             "free movement": None, "substitution": "none", "use a condition point": None}
    s = attack_position(wc2015, dice=[1], defaults=quiet).state(ball__area="away_front", ball__value=3)
    s.pieces("home", {"away_front": 3, "away_left_wing": 2, "centre": 3, "home_front": 2}, "home_penalty")
    s.set("dice", {"home": 2, "away": 5})  # Heidi's stage first: her shot misses, then her movement
    s.run("team_stage", "home", False)
    assert s.logs("goal_kick") and s["control"] == "away"
    offered = destinations(s.asked("forward move") + s.asked("free movement"))
    assert offered and "away_penalty" not in offered
    assert s.count("home", "away_penalty") == 0 and s["ball.value"] == 1


def test_a_slow_goal_kick_keeps_the_opponents_out_until_it_is_taken(wc2015):
    """5.3: the slow goal kick's extra movement stage comes "at the beginning of the turn", before the kick: the
    opposing team still may not enter the penalty area. Once the kick is taken (ball movement) it may."""
    quiet = {"movement": "forward", "forward move": None, "free movement": None, "use a condition point": None,
             "substitution": "none", "goal attempt": None, "target area": "away_front"}
    s = attack_position(wc2015, dice=[4, 2], answers=["slow"], defaults=quiet).state(ball__area="away_front")
    s.pieces("home", {"away_front": 3, "away_left_wing": 2, "centre": 3, "home_front": 2}, "home_penalty")
    s.run("goal_kick", "away")
    s.run("play_turn")  # Otto's 4 keeps the ball: it goes to his front area; Heidi's 2 plays her stage first
    heidi = [d for d in s.asked("forward move") if d.team == "home"]
    extra_stage, team_stage = heidi[0], heidi[-1]
    assert extra_stage is not team_stage
    assert "away_penalty" not in destinations([extra_stage])
    assert "away_penalty" in destinations([team_stage])


def test_goal_attempt_modifiers_outside_the_box(wc2015):
    """4.7 table: -2 from the front area, -1 when the passive team has more players there (its goalkeeper not counted)."""
    s = attack_position(wc2015).state(ball__area="away_front")
    # ball 3: distance -2, -1 (Otto 3 outfield against Heidi 2 in the front area), +1 (2 against 1 in the box): a 6 is needed
    assert s.value("shot_need", "home", False) == 3 + 1 + 2 + 1 - 1


def test_goal_attempt_keeper_out_of_the_box_plus_four_and_from_the_halfway_areas(wc2015):
    """4.7 table +4 and 4.7.2: with the keeper out the attempt may also come from an area touching the halfway line."""
    s = attack_position(wc2015).state(ball__area="centre")
    assert s.value("may_shoot", "home") is False
    s.pieces("away", {"away_penalty": 1, "away_front": 3, "centre": 3, "away_left_wing": 3}, "away_front")
    assert s.value("may_shoot", "home") is True
    assert s.value("shot_need", "home", False) == 3 + 1 + 5 - 4  # centre -5, keeper out +4; 3 against 3 in the centre; Heidi's two in the box are offside (note 3) and not counted


def test_free_kick_attempt_minus_one_and_no_ball_area_modifiers(wc2015):
    """4.7 table -1 for a free kick; 5.1: the free kick area is not counted."""
    s = attack_position(wc2015).state(ball__area="away_front")
    # distance -2, free kick -1, +1 in the box; the front area itself is not counted
    assert s.value("shot_need", "home", True) == 3 + 1 + 2 + 1 - 1
    s.pieces("away", {"away_penalty": 1, "away_front": 1, "centre": 5, "away_left_wing": 3}, "away_penalty")
    assert s.value("shot_need", "home", False) == 3 + 1 + 2 - 1 - 1  # in open play +1 for 2 against 1 in the front area
    assert s.value("shot_need", "home", True) == 3 + 1 + 2 + 1 - 1


def test_difficult_goal_attempt_six_then_higher_than_the_area_modifier_scores(wc2015):
    """4.7.1: from the wing (-5) against ball 4 a 10 is needed: a 6, then a 6 beats 5."""
    s = attack_position(wc2015, dice=[6, 6], defaults=KICK_OFF).state(ball__area="away_left_wing", ball__value=4)
    s.run("goal_attempt", "home", False)
    assert s["score"]["home"] == 1


def test_difficult_goal_attempt_six_then_lower_is_a_corner(wc2015):
    """4.7.1: the first die was 6, so the attempt gives a corner even when the second die does not beat the modifier."""
    s = attack_position(wc2015, dice=[6, 2], defaults={"corner spot": "away_left_spot", "set piece setup": "away_penalty", "setup adjustment": None}).state(ball__area="away_left_wing", ball__value=4)
    s.run("goal_attempt", "home", False)
    assert s.logs("corner") and s["score"]["home"] == 0


def test_difficult_goal_attempt_without_a_six_misses(wc2015):
    s = attack_position(wc2015, dice=[5], answers=["slow"]).state(ball__area="away_left_wing", ball__value=4)
    s.run("goal_attempt", "home", False)
    assert s.logs("goal_kick") and s["restart"] == "goal_kick_slow"


# ---- 4.8 movement
def test_midfield_movement_only_sideways_or_diagonal(wc2015):
    """4.8.1: as many players as midfielders, each one area sideways or diagonally."""
    s = attack_position(wc2015)
    moves = s.value("formation_moves", "home", "midfield", [], False)
    pairs = {(m["from"], m["to"]) for m in moves}
    assert ("centre", "away_left_wing") in pairs and ("home_front", "home_left_wing") in pairs
    assert not [p for p in pairs if p in {("centre", "away_front"), ("home_front", "centre"), ("centre", "home_front")}]


def test_forward_movement_stops_where_the_opponent_has_more_players(wc2015):
    """4.8.2: straight forward, several areas, stopping in an area where the opponent has more players."""
    s = attack_position(wc2015)
    reach = s.value("run", "home", "home_front", True, 4)
    assert reach == ["centre", "away_front"]  # Otto has 3 against 2 in the away front area: Heidi stops there
    s.pieces("away", {"away_penalty": 1, "centre": 6, "away_left_wing": 3}, "away_penalty")
    assert s.value("run", "home", "home_front", True, 4) == ["centre"]


def test_goalkeeper_moves_at_most_two_areas(wc2015):
    """4.8.2 / 4.8.3: a goalkeeper cannot move more than two areas."""
    s = attack_position(wc2015)
    s.pieces("away", {"away_left_wing": 10}, "away_penalty")
    keeper = [m for m in s.value("formation_moves", "home", "forward", [], False) if m["keeper"]]
    assert [m["to"] for m in keeper] == ["home_front", "centre"]


def test_defence_movement_is_straight_back_and_ignores_offside(wc2015):
    """4.8.3 / 4.8.4: straight backward only; the offside restriction does not apply."""
    s = attack_position(wc2015)
    moves = s.value("formation_moves", "home", "defence", [], False)
    assert all(m["to"] in ("away_front", "centre", "home_front", "home_penalty") for m in moves)


def test_controlling_team_keeps_a_player_at_the_ball(wc2015):
    """4.8.8: the last controlling player at the ball may only leave carrying the ball."""
    s = attack_position(wc2015).state(ball__area="centre")
    s.pieces("home", {"centre": 1, "home_front": 9}, "home_penalty")
    s.pieces("away", {"away_front": 10}, "away_penalty")
    moves = s.value("formation_moves", "home", "midfield", [], False)
    assert all(m["ball"] for m in moves if m["from"] == "centre")
    assert any(m["ball"] for m in moves)  # 4.8.7: no opponent in the centre, so the ball may move with the player


def test_the_last_player_at_the_ball_may_leave_once_another_has_joined_it(wc2015):
    """4.8.8: "The controlling team must always have at least one player in the same area with ball after the team
    has finished its moves." Played as an order (reading ball_holder_order): a new player joins first, then the
    old one may leave without the ball."""
    joins, leaves = Scenario.move("home_left_wing", "centre"), Scenario.move("centre", "away_left_wing")
    s = attack_position(wc2015, answers=["midfield", joins, leaves, None], defaults={"free movement": None, "use a condition point": None})
    s.state(ball__area="centre")
    s.pieces("home", {"centre": 1, "home_left_wing": 1, "home_front": 8}, "home_penalty")
    s.pieces("away", {"away_front": 10}, "away_penalty")
    assert all(m["ball"] for m in s.value("formation_moves", "home", "midfield", [], False) if m["from"] == "centre")
    s.run("movement", "home", False)
    assert s.count("home", "centre") == 1 and s.count("home", "away_left_wing") == 1 and s["ball.area"] == "centre"


def test_last_team_moves_no_more_than_the_first(wc2015):
    """4.8.5: the team moving last moves at most as many players as the first; at least one."""
    s = attack_position(wc2015, defaults={"movement": "midfield", "midfield move": None, "free movement": None, "use a condition point": None})
    s.state(first_moves=0)
    s.run("movement", "away", True)
    assert moves_allowed(s)[-1] == "away chooses midfield movement: up to 1 move(s)"


def test_condition_example_last_team_with_a_condition_point_and_a_six_moves_six(wc2015):
    """4.8.9 example: the first team made one move; the other uses a condition point and rolls 6: up to 6 moves."""
    s = attack_position(wc2015, dice=[6], defaults={"movement": "midfield", "midfield move": None, "free movement": None}, answers=["defence"])
    s.state(first_moves=1)
    s.run("movement", "away", True)
    assert moves_allowed(s)[-1] == "away chooses midfield movement: up to 6 move(s)"
    assert s["condition"]["away"]["defence"] == 3  # the ball is in Otto's penalty area: his defence zone, the green die


def test_condition_point_low_die_still_moves_the_formation_number(wc2015):
    """4.8.9: the minimum is the number in the formation even when the die is lower."""
    s = attack_position(wc2015, dice=[1], defaults={"movement": "forward", "forward move": None, "free movement": None}, answers=["attack"])
    s.run("movement", "home", False)
    assert moves_allowed(s)[-1] == "home chooses forward movement: up to 2 move(s)"


def test_free_movements_step_away_from_the_end_of_the_pitch(wc2015):
    """4.8.6: unmoved outfield players in an area touching an end move one area straight away from it, not to the ball."""
    s = attack_position(wc2015).state(ball__area="centre")
    moves = s.value("free_moves", "home", [])
    assert {(m["from"], m["to"]) for m in moves} == {("away_penalty", "away_front")}
    s.state(ball__area="away_front")
    assert s.value("free_moves", "home", []) == []


def test_closest_player_move_is_taken_from_the_allowance(wc2015):
    """4.4.2: the ball-movement move is reduced from the moves of the movement stage."""
    s = attack_position(wc2015, defaults={"movement": "forward", "forward move": None, "free movement": None, "use a condition point": None})
    s.set("pre_moves", {"home": ["away_penalty"], "away": []})
    s.run("movement", "home", False)
    assert moves_allowed(s)[-1] == "home chooses forward movement: up to 1 move(s)"
    assert s["first_moves"] == 1


def wing_position(ed, **kw):
    """Heidi passes from Otto's left wing into his empty left corner area; her closest player must join the ball."""
    s = attack_position(ed, **kw).state(ball__area="away_left_wing", start="away_left_wing", target="away_left_corner")
    s.pieces("home", {"away_left_wing": 2, "away_front": 2, "centre": 3, "home_front": 3}, "home_penalty")
    s.pieces("away", {"away_penalty": 3, "away_front": 3, "centre": 4}, "away_penalty")
    s.set("dice", {"home": 5, "away": 2})
    return s


def test_the_closest_player_has_made_its_move(wc2015):
    """4.4.2: the closest player's move "is reduced from the number of moves the team is allowed to make at the
    player movement stage": it is that player's move of the turn (each player moves once, reading moves_optional).
    It is not moved again, with the ball or without it."""
    s = wing_position(wc2015, answers=["away_left_wing"], defaults={"movement": "midfield", "midfield move": None, "free movement": None, "use a condition point": None})
    s.run("ball_movement", True)
    assert s.count("home", "away_left_corner") == 1 and s["pre_moves"]["home"] == ["away_left_corner"]
    s.run("movement", "home", False)
    (asked,) = s.asked("midfield move")
    assert [m for m in asked.options if m is not None and m["from"] == "away_left_corner"] == []


def test_the_closest_player_takes_no_free_movement(wc2015):
    """4.8.6: "All players, except goalkeepers, that have not yet moved and are in an area touching either end of
    the pitch, can be moved one area straight away from that edge." Heidi's closest player has moved (4.4.2); a
    second player joins it in the corner area with her one forward move; neither may step back."""
    s = wing_position(wc2015, answers=["away_left_wing", Scenario.move("away_left_wing", "away_left_corner")],
                      defaults={"movement": "forward", "free movement": None, "use a condition point": None})
    s.run("ball_movement", True)
    s.run("movement", "home", False)
    assert s.count("home", "away_left_corner") == 2
    assert [m for d in s.asked("free movement") for m in d.options if m is not None and m["from"] == "away_left_corner"] == []


# ---- 4.9 ball value adjustment
def test_ball_value_adjustment_at_most_two(wc2015):
    """4.9: more controlling players lower the value by the difference, at most 2."""
    s = attack_position(wc2015).state(ball__area="centre", ball__value=5)
    s.pieces("home", {"centre": 5, "home_front": 5}, "home_penalty")
    s.pieces("away", {"centre": 1, "away_front": 9}, "away_penalty")
    s.run("adjust_ball_value", "home")
    assert s["ball.value"] == 3


def test_pressing_over_six_wins_the_ball(wc2015):
    """4.9.1: over 6 the passive team presses the ball; the new value is the new passive team's players there, at most 4."""
    s = attack_position(wc2015).state(ball__area="centre", ball__value=6)
    s.pieces("home", {"centre": 1, "home_front": 9}, "home_penalty")
    s.pieces("away", {"centre": 4, "away_front": 6}, "away_penalty")
    s.run("adjust_ball_value", "away")
    assert s["control"] == "away" and s["ball.value"] == 1


# ---- 4.10 substitutions
def test_fresh_player_adds_two_points_when_the_roll_beats_the_minute(wc2015):
    """4.10: two dice x 10 above the current minute: two points to one condition die."""
    s = attack_position(wc2015, dice=[4, 3], answers=["fresh player", "midfield"]).state(minute=60)
    s.run("substitution", "home")
    assert s["condition"]["home"]["midfield"] == 6 and s["subs"]["home"] == 2


def test_fresh_player_adds_one_point_otherwise_never_over_six(wc2015):
    s = attack_position(wc2015, dice=[2, 3], answers=["fresh player", "attack"]).state(minute=60)
    s.run("substitution", "home")
    assert s["condition"]["home"]["attack"] == 3


def test_formation_change_takes_effect_next_turn(wc2015):
    """4.10: a formation change works from the beginning of the next turn, without condition points."""
    s = attack_position(wc2015, answers=["formation change", [3, 5, 2]])
    s.run("substitution", "home")
    assert s["formation"]["home"] == F442 and s["formation_next"]["home"] == [3, 5, 2]


def test_remove_a_yellow_card(wc2015):
    s = attack_position(wc2015, answers=["remove a yellow card"])
    s.set("yellow", {"home": 1, "away": 0})
    s.run("substitution", "home")
    assert s["yellow"]["home"] == 0 and s["subs"]["home"] == 2


def test_no_substitution_after_three(wc2015):
    s = attack_position(wc2015)
    s.set("subs", {"home": 0, "away": 3})
    s.run("substitution", "home")
    assert not [d for d in s.agent.asked if d.label == "substitution"]


# ---- 4.11 tiredness
def test_tiredness_example_minute_78_five_then_three_passes_with_one_point_lost(wc2015):
    """4.11 example: minute 78; 5 (50) is not enough, one point is lost; then 3: 80 passes."""
    s = attack_position(wc2015, dice=[5, 3], answers=["midfield"]).state(minute=78)
    s.run("tiredness_test", "home")
    assert sum(s["condition"]["home"].values()) == 9
    assert s["tired"]["home"] == 0
    assert "home passes the tiredness test with 80, losing 1 condition point(s)" in s.logs()


def test_tiredness_example_442_becomes_331(wc2015):
    """4.11.1 example: a 4-4-2 team suffering tiredness moves as 3-3-1."""
    s = attack_position(wc2015, dice=[5, 3]).state(minute=78)
    s.set("condition", {"home": {"defence": 0, "midfield": 0, "attack": 0}, "away": {"defence": 4, "midfield": 4, "attack": 2}})
    s.run("tiredness_test", "home")
    assert s["tired"]["home"] == 1
    assert [s.value("line_size", "home", i) for i in range(3)] == [3, 3, 1]


def test_second_failed_tiredness_test_doubles_later_ones_do_not(wc2015):
    """4.11.1 (second): a second failed test takes two from each line; later failed tests have no effect."""
    s = attack_position(wc2015, dice=[1, 6, 1, 6]).state(minute=60)
    s.set("condition", {"home": {"defence": 0, "midfield": 0, "attack": 0}, "away": {"defence": 4, "midfield": 4, "attack": 2}})
    s.set("tired", {"home": 1, "away": 0})
    s.run("tiredness_test", "home")
    assert s["tired"]["home"] == 2
    assert [s.value("line_size", "home", i) for i in range(3)] == [2, 2, 0]
    s.run("tiredness_test", "home")
    assert s["tired"]["home"] == 2


def test_moving_with_the_ball_once_carries_it_one_area(wc2015):
    """4.8.7: a player leaving an area without opponents may take the ball one area, once, by the chosen option."""
    mv = {"from": "centre", "to": "away_left_wing", "keeper": False, "ball": True}
    s = attack_position(wc2015, answers=[mv, None], defaults={"movement": "midfield", "use a condition point": None, "free movement": None}).state(ball__area="centre")
    s.pieces("away", {"away_front": 7, "away_right_wing": 3}, "away_penalty")
    s.run("movement", "home", False)
    assert s["ball.area"] == "away_left_wing" and s.count("home", "away_left_wing") == 1
    later = [d for d in s.agent.asked if d.label == "midfield move"][1]
    assert not any(o and o["ball"] for o in later.options)


def test_no_move_into_an_offside_position(wc2015):
    """4.8.4: a player cannot move to an offside position (beyond the second lowest opponent, not level with it or the ball)."""
    s = attack_position(wc2015).state(ball__area="home_front")
    s.pieces("away", {"centre": 5, "away_left_wing": 5}, "away_penalty")
    s.pieces("home", {"home_front": 5, "away_front": 1, "centre": 4}, "home_penalty")
    targets = {m["to"] for m in s.value("formation_moves", "home", "forward", [], False) if m["from"] == "away_front"}
    assert "away_penalty" not in targets
    assert s.value("move_allowed", "home", "away_front", "away_penalty", False) is False

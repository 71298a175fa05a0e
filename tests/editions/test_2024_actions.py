"""2024 draft, chapters 4.4-4.8: sprint, positioning, pressing, passing and the goal attempt."""

import pytest

from fuba_rules.scenario import Scenario


def position(ed, home, away, ball="centre", value=3, control="home", keepers=("home_penalty", "away_penalty"), **kw):
    s = Scenario(ed, **kw)
    s.pieces("home", home, keepers[0]).pieces("away", away, keepers[1])
    s.state(control=control, phasing=control, ball__area=ball, ball__value=value)
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    return s


SPREAD_HOME = {"home_front": 3, "centre": 3, "home_left_wing": 2, "home_right_wing": 2}
SPREAD_AWAY = {"away_front": 3, "centre": 3, "away_left_wing": 2, "away_right_wing": 2}


# ---- 4.4 sprint
def test_sprint_keeps_the_lower_die_as_the_number_of_moves(draft2024):
    """4.4: two dice, the higher discarded: 5 and 2 give two moves."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, dice=[5, 2],
                 answers={"home": [Scenario.move("home_front", "home_left_wing"), Scenario.move("home_front", "home_right_wing")]})
    s.run("sprint", "home")
    assert s.count("home", "home_front") == 1
    assert [d.label for d in s.asked()] == ["sprint move", "sprint move"]
    assert [(e["from"], e["to"]) for e in s.events("move", team="home")] == [("home_front", "home_left_wing"), ("home_front", "home_right_wing")]


def test_sprint_moves_each_player_only_once(draft2024):
    """4.4: a player that moved into an area cannot move again in the same sprint."""
    s = position(draft2024, {"home_front": 1, "centre": 9}, SPREAD_AWAY)
    moves = s.value("sprint_moves", "home", ["away_front"], False)
    assert not any(m["from"] == "away_front" for m in moves)


def test_sprint_dribbles_only_from_an_area_without_defenders(draft2024):
    """4.4.2: the ball moves with a player only from an area with no defending players."""
    s = position(draft2024, {"centre": 2, "home_front": 8}, {"away_front": 10}, ball="centre")
    assert any(m["ball"] for m in s.value("sprint_moves", "home", [], False))
    s.pieces("away", {"centre": 1, "away_front": 9}, "away_penalty")
    assert not any(m["ball"] for m in s.value("sprint_moves", "home", [], False))


def test_sprint_dribble_carries_the_ball(draft2024):
    """4.4.2: a dribble moves the ball with the player, once per sprint."""
    dribble = {"from": "centre", "to": "away_front", "keeper": False, "ball": True}
    s = position(draft2024, {"centre": 2, "home_front": 8}, {"away_penalty": 5, "away_left_wing": 5}, dice=[6, 1], answers=[dribble])
    s.run("sprint", "home")
    assert s["ball.area"] == "away_front"


def test_the_last_player_cannot_leave_the_ball_behind(draft2024):
    """4.4.3: the controlling team must keep a player in the ball's area."""
    s = position(draft2024, {"centre": 1, "home_front": 9}, {"away_front": 10})
    moves = s.value("sprint_moves", "home", [], False)
    assert all(m["ball"] for m in moves if m["from"] == "centre")


def test_no_sprint_move_into_an_offside_position_except_straight_back(draft2024):
    """4.4.1: no move into an offside position, unless straight backwards."""
    s = position(draft2024, {"centre": 5, "away_front": 5}, {"away_front": 5, "centre": 5}, ball="centre")
    targets = {(m["from"], m["to"]) for m in s.value("sprint_moves", "home", [], False)}
    assert ("away_front", "away_penalty") not in targets
    assert ("away_front", "centre") in targets


# ---- 4.5 positioning
def test_positioning_example_three_and_four_against_three(draft2024):
    """4.5 example: ball 3, Santeri rolls 3 and 4; one die is higher, the ball value becomes 4."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, value=3, dice=[3, 4])
    s.run("positioning", "away")
    assert s["ball.value"] == 4


def test_positioning_without_a_player_at_the_ball_is_one_step_less(draft2024):
    """4.5: with no defender in the ball's area, one step less than the dice give."""
    s = position(draft2024, SPREAD_HOME, {"away_front": 10}, value=3, dice=[5, 6])
    s.run("positioning", "away")
    assert s["ball.value"] == 4


def test_positioning_cannot_raise_the_ball_above_six(draft2024):
    """1.3.1: the ball is a die: its value stays within 1..6."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, value=5, dice=[6, 6])
    s.run("positioning", "away")
    assert s["ball.value"] == 6


# ---- 4.6 pressing
def test_pressing_example_two_and_five_win_the_ball_with_the_higher_die(draft2024):
    """4.6 example: 2 and 5, only one die lower than the ball value: the ball is won at 5.

    The example gives the ball value as 2, which no die of 2 is lower than; we read it as
    a ball value of 2 raised by one because the pressing team outnumbers (see interpretations).
    """
    s = position(draft2024, {"centre": 2, "home_front": 8}, {"centre": 3, "away_front": 7}, value=2, dice=[2, 5])
    s.run("pressing", "away")
    assert (s["control"], s["ball.value"]) == ("away", 5)


def test_pressing_both_dice_lower_gives_the_lower_die(draft2024):
    """4.6: both dice lower than the ball value: the lower die is the new value."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, value=5, dice=[4, 2])
    s.run("pressing", "away")
    assert (s["control"], s["ball.value"]) == ("away", 2)


def test_failed_pressing_lowers_the_ball_value(draft2024):
    """4.6: otherwise the pressing fails and the ball value is reduced by one."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, value=3, dice=[3, 6])
    s.run("pressing", "away")
    assert (s["control"], s["ball.value"]) == ("home", 2)


def test_pressing_needs_at_least_as_many_players_at_the_ball(draft2024):
    """4.6: pressing only with at least an equal number of players in the ball's area."""
    s = position(draft2024, {"centre": 3, "home_front": 7}, {"centre": 2, "away_front": 8}, dice=[2, 2], defaults={"action": "pressing"})
    with pytest.raises(LookupError, match="not an option"):
        s.run("one_action", "away")


# ---- 4.7 passing
def test_choosing_target_area_example(draft2024):
    """4.7 example: areas with a player (A) or next to one (B) are targets, others (C) are not."""
    s = position(draft2024, {"home_penalty": 0, "home_front": 10}, {"away_penalty": 10}, ball="home_front", value=2)
    targets = set(s.value("pass_targets", "home", "home_front"))
    assert "home_front" in targets  # A: a player is there
    assert "centre" in targets  # B: adjacent to a player
    assert "away_front" not in targets  # C: no player there or next to it


def test_long_pass_example_two_areas_between_raise_the_ball_by_two(draft2024):
    """4.7.2 example: into the opponent's penalty area with two areas between: 4 becomes 6."""
    assert draft2024.board.areas_between("home_front", "away_penalty") == 2
    s = position(draft2024, {"home_front": 3, "away_penalty": 2, "away_front": 5},
                 {"home_front": 2, "away_penalty": 1, "centre": 7}, ball="home_front", value=4,
                 dice=[1, 1], answers=["away_penalty"])
    s.run("pass_action", "home")
    assert s.modifiers() == [("pass_long", 2)]
    assert any("ball 4 -> 6" in line for line in s.logs("pass"))


def test_passing_procedure_example_supportive_pass_to_an_adjacent_area(draft2024):
    """4.7 example: start area even, opponent outnumbers in target A: 3 -> 4; dice 2 and 6 are
    supportive, a player moves into A, and the new ball value is the lower die, 2."""
    s = position(draft2024, {"centre": 2, "away_front": 1, "away_left_wing": 7}, {"centre": 2, "away_front": 2, "away_penalty": 6},
                 ball="centre", value=3, dice=[2, 6], answers=["away_front", {"from": "away_left_wing", "to": "away_front", "keeper": False, "ball": False}])
    s.run("pass_action", "home")
    assert s.modifiers() == [("pass_target_outnumbered", 1)]
    assert s.logs("supportive")
    assert s.count("home", "away_front") == 2
    assert (s["control"], s["ball.area"], s["ball.value"]) == ("home", "away_front", 2)
    assert not s.logs("goal_attempt")


def test_failed_pass_hands_the_ball_over(draft2024):
    """4.7.3: both dice lower than the ball value: the defending team takes control at once."""
    s = position(draft2024, {"centre": 2, "away_front": 1, "away_left_wing": 7}, {"centre": 2, "away_front": 2, "away_penalty": 6},
                 ball="centre", value=4, dice=[1, 3], answers=["away_front"])
    s.run("pass_action", "home")
    assert s["control"] == "away"
    assert s["ball.value"] == 1  # adjacent, and home had a player there at the start: the lower die


def test_creative_pass_allows_a_free_move_and_a_goal_attempt(draft2024):
    """4.7.3: both dice at least the ball value: a free move and the option of a goal attempt."""
    free = {"from": "centre", "to": "away_left_wing", "keeper": False, "ball": False}
    s = position(draft2024, {"centre": 3, "away_front": 3, "away_left_wing": 4}, {"away_front": 1, "away_penalty": 3, "centre": 6},
                 ball="centre", value=3, dice=[5, 6, 6, 6], answers=["away_front", free, "shoot"],
                 defaults={"kick-off setup": "centre", "corner spot": "away_left_spot", "set piece setup": "centre", "set piece move": None})
    s.run("pass_action", "home")
    assert s.logs("creative") and s.logs("goal_attempt")


def test_easy_situation_turns_a_failed_pass_supportive_with_ball_value_six(draft2024):
    """4.7.3.1: failed, but no defender in or next to the target: supportive, and the ball value is 6."""
    s = position(draft2024, {"home_front": 3, "home_left_wing": 7}, {"away_penalty": 10}, ball="home_front", value=5,
                 dice=[1, 2], answers=["home_left_wing", {"from": "home_front", "to": "home_left_wing", "keeper": False, "ball": False}],
                 defaults={"easy situation move": None})
    s.run("pass_action", "home")
    assert (s["control"], s["ball.value"]) == ("home", 6)


def test_pass_cannot_target_an_area_whose_value_would_pass_six(draft2024):
    """4.7.2: no target where the ball value would be modified over 6."""
    s = position(draft2024, {"home_front": 5, "away_front": 5}, {"home_front": 6, "away_front": 4}, ball="home_front", value=5)
    assert "away_front" not in s.value("pass_targets", "home", "home_front")


def test_pass_is_cancelled_when_every_target_is_over_six(draft2024):
    """4.7.2: a pass action is cancelled if the ball value would pass 6 in all options."""
    s = position(draft2024, {"home_front": 1, "away_penalty": 9}, {"home_front": 2, "home_penalty": 8}, ball="home_front", value=6)
    s.run("pass_action", "home")
    assert s.events(tag="pass_cancelled") and not s.events("move")


# ---- 4.8 goal attempt
def goal_example(ed, die):
    """4.8 example: ball 3, area -2, more attackers in the shooting area (+1), more defenders in the box (-1)."""
    s = position(ed, {"away_front": 3, "away_penalty": 1, "centre": 6}, {"away_front": 2, "away_penalty": 3, "centre": 5},
                 ball="away_front", value=3, dice=[die], answers=[])
    s.agent.defaults.update({"corner spot": "away_left_spot", "set piece setup": "centre", "set piece move": None, "kick-off setup": "centre"})
    s.run("goal_attempt", "home", False)
    return s


def test_goal_attempt_example_needs_a_six(draft2024):
    """4.8 example: overall -2, so a 6 scores (6 - 2 = 4 > 3)."""
    s = goal_example(draft2024, 6)
    assert sorted(s.modifiers()) == [("shot_ball_area_more", 1), ("shot_box_fewer", -1), ("shot_distance", -2)]
    assert s["score"]["home"] == 1


def test_goal_attempt_example_five_is_a_corner(draft2024):
    """4.8 example: a 5 would cause a corner kick."""
    assert goal_example(draft2024, 5).logs("corner")


def test_goal_attempt_example_four_is_a_rebound(draft2024):
    """4.8 example: a 4 is a rebound (one less than the ball value, an attacker in the box)."""
    s = position(draft2024, {"away_front": 3, "away_penalty": 1, "centre": 6}, {"away_front": 2, "away_penalty": 3, "centre": 5},
                 ball="away_front", value=3, dice=[4, 1, 6])
    s.run("goal_attempt", "home", False)
    assert [(e["data"]["shot"], e["data"]["total"]) for e in s.events(tag="shot", outcome="rebound")] == [(4, 2)]
    assert (s["control"], s["ball.value"]) == ("away", 1)  # 4.8.1: the die of the new defending team (home rolled 1)


def test_goal_attempt_example_one_to_three_miss(draft2024):
    """4.8 example: 1-3 will be a miss, and the game goes on with a goal kick."""
    s = position(draft2024, {"away_front": 3, "away_penalty": 1, "centre": 6}, {"away_front": 2, "away_penalty": 3, "centre": 5},
                 ball="away_front", value=3, dice=[2], defaults={"set piece move": None})
    s.run("goal_attempt", "home", False)
    assert s.logs("goal_kick") and s["control"] == "away" and s["ball.area"] == "away_penalty"


def test_rebound_won_by_the_defenders_leaves_the_ball_in_their_penalty_area(draft2024):
    """4.8.1: "The new ball value is the die score that the new defending team rolled": home (the shooters) rolled 1."""
    s = position(draft2024, {"away_left_wing": 2, "away_penalty": 1, "centre": 7}, {"away_penalty": 1, "away_left_wing": 9},
                 ball="away_left_wing", value=3, dice=[1, 5], keepers=("home_penalty", "away_front"))
    s.run("rebound", "home")
    assert (s["control"], s["ball.area"], s["ball.value"]) == ("away", "away_penalty", 1)


def test_lost_rebound_does_not_end_the_turn(draft2024):
    """4.8.1: the defending team "immediately becomes the new controlling team"; nothing ends the turn."""
    s = position(draft2024, {"away_penalty": 1, "centre": 9}, {"away_penalty": 3, "centre": 7}, ball="away_penalty", value=3, dice=[2, 4])
    s.run("rebound", "home")
    assert s["control"] == "away" and s["ball.value"] == 2
    assert s.left is None


def test_rebound_higher_attacker_roll_scores(draft2024):
    """4.8.1: both roll and add their players in the box (not the keeper): higher attacker scores."""
    s = position(draft2024, {"away_penalty": 2, "centre": 8}, {"away_penalty": 1, "centre": 9}, ball="away_penalty", value=3,
                 dice=[4, 4], defaults={"kick-off setup": "centre"})
    s.run("rebound", "home")
    assert s["score"]["home"] == 1


def test_rebound_counts_at_most_six_players(draft2024):
    """4.8.1 with 1.4.1 ("at most six players of a team are taken into account"): seven attackers count six: 1 + 6 = 6 + 1, a corner."""
    s = position(draft2024, {"away_penalty": 7, "centre": 3}, {"away_penalty": 1, "centre": 9}, ball="away_penalty", value=3,
                 dice=[1, 6], answers=["away_left_spot"], defaults={"set piece setup": "centre", "set piece move": None})
    s.run("rebound", "home")
    assert s["score"]["home"] == 0 and s.logs("corner")


def test_creative_move_may_move_the_goalkeeper(draft2024):
    """4.7.3 creative outcome: "it may move a player from any area into an adjacent area"; 1.2: a goalkeeper counts as a player."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY)
    assert {"from": "home_penalty", "to": "home_front", "keeper": True, "ball": False} in s.value("free_moves", "home")


def test_difficult_goal_attempt_judges_the_first_die_by_the_goal_attempt_rules(draft2024):
    """4.8.2: "The team rolls a die according to the goal attempt rules": needing 7, a 5 is one less than the ball value: a rebound (4.8.1)."""
    s = position(draft2024, {"away_front": 2, "away_penalty": 2, "centre": 6}, {"away_front": 2, "away_penalty": 1, "centre": 7},
                 ball="away_front", value=4, dice=[5, 6, 1], defaults={"kick-off setup": "centre"})
    s.run("goal_attempt", "home", False)
    assert sum(v for _, v in s.modifiers()) == -2  # the area -2; equal numbers elsewhere
    assert s.events(tag="shot", outcome="rebound", shot=5, total=3) and s["score"]["home"] == 1


def test_difficult_goal_attempt_six_then_beat_the_distance(draft2024):
    """4.8.2: when more than six is needed, a 6 and then a roll above the area modifier scores."""
    s = position(draft2024, {"away_left_wing": 2, "centre": 8}, {"away_penalty": 5, "away_left_wing": 5}, ball="away_left_wing", value=5,
                 dice=[6, 6], defaults={"kick-off setup": "centre"})
    s.run("goal_attempt", "home", False)
    assert s["score"]["home"] == 1


def test_no_goal_attempt_from_own_half_while_the_keeper_is_home(draft2024):
    """4.8 and 4.8.3: the centre area counts only when the keeper is out of its penalty area."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, ball="centre")
    assert s.value("may_shoot", "home") is False
    s.pieces("away", SPREAD_AWAY, "away_front")
    assert s.value("may_shoot", "home") is True


def test_new_ball_value_after_a_failed_pass_reads_the_new_controlling_team(draft2024):
    """4.7.4: the lowest die "if the target area is same or adjacent to the start area AND the current controlling
    team had a player in the target area at the beginning of the action". After a failed pass the current
    controlling team is the interceptor, away, who had nobody in the away front area: the highest die, 3."""
    s = position(draft2024, {"centre": 5, "away_front": 1, "home_front": 4}, {"centre": 5, "away_penalty": 3, "away_left_wing": 2},
                 value=5, dice=[2, 3], defaults={"pass target": "away_front", "supporting player": Scenario.move("away_penalty", "away_front")})
    s.run("pass_action", "home")
    assert s.logs("failed") and s["control"] == "away"
    assert s["ball.value"] == 3

"""2024 draft, chapter 5: offside, free kick, corner kick, goal kick, penalty kick and cards."""

import pytest

from fuba_rules.scenario import Scenario

STAY = {"set piece move": None, "kick-off setup": "centre"}


def position(ed, home, away, ball="centre", value=3, control="home", keepers=("home_penalty", "away_penalty"), **kw):
    s = Scenario(ed, **kw)
    s.pieces("home", home, keepers[0]).pieces("away", away, keepers[1])
    s.state(control=control, phasing=control, ball__area=ball, ball__value=value, minute=20)
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    return s


# ---- 5.1 offside
def test_offside_beyond_the_second_last_defender(draft2024):
    """5.1: entirely in the defending half and closer to its goal line than the second closest defender."""
    s = position(draft2024, {"centre": 9, "away_penalty": 1}, {"away_front": 5, "centre": 5}, ball="centre")
    assert s.value("offside", "home", "away_penalty") is True


def test_not_offside_level_with_the_second_last_defender(draft2024):
    """5.1: not offside in an area at least partly at the same level as the second closest defender's."""
    s = position(draft2024, {"centre": 9, "away_front": 1}, {"away_front": 5, "centre": 5}, ball="centre")
    assert s.value("offside", "home", "away_front") is False


def test_goalkeeper_counts_as_a_defender_for_offside(draft2024):
    """5.1: the goalkeeper is taken into account: keeper and one defender in the box keep the box onside."""
    s = position(draft2024, {"centre": 9, "away_penalty": 1}, {"away_penalty": 1, "centre": 9}, ball="centre")
    assert s.value("offside", "home", "away_penalty") is False


def test_never_offside_in_the_centre_area(draft2024):
    """5.1: a player in the centre area with the centre circle is never offside."""
    s = position(draft2024, {"centre": 10}, {"home_front": 10}, ball="home_front", keepers=("home_penalty", "home_penalty"))
    assert s.value("offside", "home", "centre") is False


def test_not_offside_level_with_the_ball(draft2024):
    """5.1: not offside at least partly level with the ball's area."""
    s = position(draft2024, {"away_front": 5, "away_penalty": 5}, {"centre": 10}, ball="away_penalty", keepers=("home_penalty", "centre"))
    assert s.value("offside", "home", "away_penalty") is False


def test_pass_cannot_target_an_offside_player(draft2024):
    """4.7.1: no pass into an area where the controlling team has a player offside."""
    s = position(draft2024, {"centre": 9, "away_penalty": 1}, {"away_front": 5, "centre": 5}, ball="centre")
    assert "away_penalty" not in s.value("pass_targets", "home", "centre")


def test_backward_pass_ignores_offside(draft2024):
    """5.1: offside has no effect when passing backwards towards your own goal line."""
    s = position(draft2024, {"away_front": 9, "away_penalty": 1}, {"centre": 10}, ball="away_front", keepers=("home_penalty", "centre"))
    assert s.value("offside_target", "home", "away_penalty", "away_front") is False


# ---- 5.2 free kick
def test_quick_free_kick_in_own_half_keeps_the_position(draft2024):
    """5.2.3: a free kick at least partly on the controlling team's side: no new setup, ball value 2."""
    s = position(draft2024, {"home_front": 5, "centre": 5}, {"home_front": 5, "centre": 5}, ball="home_front", control="away", defaults=STAY)
    s.run("free_kick", "home")
    assert (s["control"], s["ball.value"], s["restart"], s["minute"]) == ("home", 2, "free_kick", 21)
    assert s.count("home", "home_front") == 5 and s.left == "turn"


def free_kick_setup(ed, setup_area):
    """Home's free kick in the away front area; every other player set up in setup_area."""
    s = position(ed, {"away_front": 3, "centre": 7}, {"away_front": 5, "centre": 5}, ball="away_front",
                 defaults={**STAY, "set piece setup": setup_area})
    s.run("free_kick", "home")
    return s


def test_free_kick_in_the_opponents_half_is_a_new_setup(draft2024):
    """5.2.1: a new setup with at least one controlling player in the free kick area."""
    s = free_kick_setup(draft2024, "centre")
    assert s.count("home", "away_front") == 1 and s.count("home", "centre") == 9


def test_free_kick_in_the_penalty_area_is_a_penalty_kick(draft2024):
    """5.2: if the area was the defending team's penalty area, a penalty kick is taken instead."""
    s = position(draft2024, {"away_penalty": 3, "centre": 7}, {"away_penalty": 5, "centre": 5}, ball="away_penalty",
                 dice=[6], answers=["away_front", "left", "middle"], defaults=STAY)
    s.run("free_kick", "home")
    assert s.logs("penalty") and not s.logs("free_kick")


def test_free_kick_turn_offers_a_pass_or_a_direct_shot(draft2024):
    """5.2.2: "The momentum stage is skipped and the controlling team chooses": one pass or a goal attempt."""
    s = position(draft2024, {"away_front": 3, "centre": 7}, {"away_penalty": 5, "centre": 5}, ball="away_front", value=2,
                 dice=[6, 6], answers=["shoot"], defaults={**STAY, "reaction move": None})
    s.state(restart="free_kick")
    s.run("play_turn")
    assert s.logs("goal_attempt")
    assert [d.options for d in s.agent.asked if d.label == "free kick"] == [("pass", "shoot")]


def test_set_piece_turns_keep_the_reaction_stage(draft2024):
    """5.2.2, 5.3.2, 5.4: a set piece turn skips "the momentum stage", not the reaction stage (4.1) before it."""
    for restart in ["free_kick", "corner", "goal_kick"]:
        s = position(draft2024, {"away_front": 3, "centre": 7}, {"away_penalty": 5, "centre": 5}, ball="away_front", value=2)
        s.state(restart=restart)
        with pytest.raises(LookupError):  # the script stops at the first decision of the turn
            s.run("play_turn")
        assert [d.label for d in s.agent.asked] == ["reaction move"], restart


def test_set_piece_setup_ignores_offside(draft2024):
    """5.2.1: "All other players can be set up without restriction": the kicking team may set up beyond the defenders."""
    s = free_kick_setup(draft2024, "away_penalty")
    assert s.count("home", "away_front") == 1 and s.count("home", "away_penalty") == 9


def test_corner_setup_ignores_offside(draft2024):
    """5.1: "The offside rule does not apply when ... a corner kick is taken"; 5.3.1: the others set up without restriction."""
    s = position(draft2024, {"away_front": 3, "centre": 7}, {"away_front": 5, "centre": 5}, ball="away_front",
                 answers=["away_left_spot"], defaults={**STAY, "set piece setup": "away_penalty"})
    s.run("corner_kick", "home")
    assert s.count("home", "away_penalty") == 9


def test_free_kick_pass_not_into_the_start_area_without_two_players(draft2024):
    """5.2.2: the pass cannot go into the start area unless the team has two players there."""
    s = position(draft2024, {"home_front": 1, "centre": 9}, {"away_front": 10}, ball="home_front", value=2)
    s.state(set_piece="free_kick")
    assert "home_front" not in s.value("pass_targets", "home", "home_front")


# ---- 5.3 corner kick
def test_corner_kick_from_the_corner_spot(draft2024):
    """5.3: the kicker and the ball stand on the corner spot; ball value 2; one area lies between it and the box."""
    s = position(draft2024, {"away_front": 3, "centre": 7}, {"away_penalty": 5, "centre": 5}, ball="away_front",
                 answers=["away_left_spot"], defaults={**STAY, "set piece setup": "away_penalty"})
    s.run("corner_kick", "home")
    assert (s["ball.area"], s["ball.value"], s["restart"]) == ("away_left_spot", 2, "corner")
    assert s.count("home", "away_left_spot") == 1
    assert draft2024.board.areas_between("away_left_spot", "away_penalty") == 1


def test_corner_taker_leaves_the_spot_after_the_kick(draft2024):
    """5.3.2: after the first action the kicker is no longer in the corner kick area."""
    s = position(draft2024, {"away_left_spot": 1, "away_penalty": 5, "centre": 4}, {"away_penalty": 5, "centre": 5}, ball="away_left_spot", value=2,
                 dice=[1, 1], answers=[None, "away_penalty"], defaults=STAY)
    s.state(restart="corner")
    s.run("play_turn")
    assert s.count("home", "away_left_spot") == 0 and s.count("home", "away_left_corner") == 1


# ---- 5.4 goal kick
def test_goal_kick_clears_the_penalty_area_and_lets_the_opponent_move_at_least_four(draft2024):
    """5.4: players in that penalty area move one area towards the centre; ball value 2."""
    s = position(draft2024, {"away_penalty": 3, "centre": 7}, {"away_penalty": 2, "centre": 8}, ball="away_penalty", defaults=STAY)
    s.run("goal_kick", "away")
    assert (s["control"], s["ball.area"], s["ball.value"]) == ("away", "away_penalty", 2)
    assert s.count("home", "away_penalty") == 0 and s.count("away", "away_penalty") == 1  # the keeper stays
    assert s.count("home", "away_front") == 3
    assert s.left == "turn"


# ---- 5.5 penalty kick
def penalty(ed, kick, guess, die):
    s = position(ed, {"away_front": 3, "centre": 7}, {"away_penalty": 3, "centre": 7}, ball="away_penalty",
                 dice=[die], answers=["away_front", guess, kick], defaults=STAY)
    s.run("penalty_kick", "home")
    return s


def test_penalty_kick_to_the_left_with_no_guess_needs_two(draft2024):
    """5.5.2 matrix: kick left, no guess: 2+ scores."""
    assert penalty(draft2024, "left", "none", 2)["score"]["home"] == 1


def test_penalty_kick_middle_against_no_guess_needs_six(draft2024):
    """5.5.2 matrix: kick to the middle against a standing keeper needs a 6."""
    s = penalty(draft2024, "middle", "none", 5)
    assert s["score"]["home"] == 0 and s["control"] == "away" and s.logs("goal_kick")


def test_penalty_kick_setup_empties_the_box(draft2024):
    """5.5.1: only the shooter and the goalkeeper stand in the penalty area."""
    s = penalty(draft2024, "right", "left", 6)
    assert s.logs("goal")


# ---- 5.6 cards
def test_yellow_and_red_card_example(draft2024):
    """5.6 example: third yellow card, the red card die shows 2 (< 3): two yellows become a red."""
    s = position(draft2024, {"centre": 10}, {"centre": 10}, dice=[4, 2], answers=["centre"])
    s.set("yellow", {"home": 2, "away": 0})
    s.run("yellow_card_test", "home", "centre")
    assert (s["yellow"]["home"], s["red"]["home"]) == (1, 1)
    assert sum(s.match.pieces["home"].values()) == 9


def test_yellow_card_three_only_on_own_side(draft2024):
    """5.6.1: a 3 is a yellow card only if the area is at least partly on that team's side."""
    s = position(draft2024, {"centre": 10}, {"centre": 10}, dice=[3])
    s.run("yellow_card_test", "home", "away_front")
    assert s["yellow"]["home"] == 0
    s2 = position(draft2024, {"centre": 10}, {"centre": 10}, dice=[3])
    s2.run("yellow_card_test", "home", "home_front")
    assert s2["yellow"]["home"] == 1


def test_first_yellow_card_needs_no_red_card_test(draft2024):
    """5.6.1: a first yellow card (4-5) has no red card test."""
    s = position(draft2024, {"centre": 10}, {"centre": 10}, dice=[5])
    s.run("yellow_card_test", "home", "centre")
    assert (s["yellow"]["home"], s.dice_left) == (1, 0)


def test_yellow_six_tests_for_red_with_one_more_yellow(draft2024):
    """5.6.1: a 6 is a yellow card and a red card test with +1: a 1 against 1+1 is a direct red."""
    s = position(draft2024, {"centre": 10}, {"centre": 10}, dice=[6, 1], answers=["centre"])
    s.run("yellow_card_test", "home", "centre")
    assert (s["yellow"]["home"], s["red"]["home"]) == (0, 1)


# ---- 4.4.3 a controlling player at the ball when a set piece is taken
def test_quick_free_kick_brings_a_player_to_the_ball(draft2024):
    """4.4.3: "The controlling team must have at least one player in the same area as the ball"; 5.2.1: a free
    kick needs one "in the area from where the free kick is awarded". A quick free kick (5.2.3) makes no setup,
    so away, fouled in the away front area where it has nobody, brings a player there with its quick free kick
    moves, not only when the next turn begins: 4.4.3 names no moment, so it holds between turns too."""
    s = position(draft2024, {"centre": 4, "away_front": 3, "home_front": 3}, {"centre": 4, "away_left_wing": 3, "away_right_wing": 3},
                 ball="away_front", until=["pass_target_chosen"],
                 defaults={**STAY, "reaction move": None, "free kick": "pass", "pass target": "centre", "supporting player": Scenario.move("centre", "away_front")})
    s.run("free_kick", "away")
    assert (s["control"], s["restart"], s.count("away", "away_front")) == ("away", "free_kick", 1)
    assert s.logs("player_to_the_ball")


def test_goal_kick_with_the_keeper_out_brings_a_player_to_the_ball(draft2024):
    """4.4.3 and 5.4: a goal kick "takes place from the penalty area"; away's keeper stands in the away front
    area, so after the box is cleared away has nobody there, and a player comes back into it with the goal kick's
    moves, before the turn that awarded it ends (4.4.3 holds between turns too)."""
    s = position(draft2024, {"away_front": 3, "away_penalty": 1, "centre": 6}, {"away_front": 2, "away_penalty": 2, "centre": 6},
                 ball="away_penalty", keepers=("home_penalty", "away_front"),
                 defaults={**STAY, "reaction move": None, "pass target": "centre", "supporting player": Scenario.move("away_front", "away_penalty")},
                 until=["pass_target_chosen"])
    s.run("goal_kick", "away")
    assert (s["control"], s["ball.area"], s.count("away", "away_penalty")) == ("away", "away_penalty", 1)


# ---- 5.1 offside is a controlling team's
def test_defending_players_are_never_offside(draft2024):
    """5.1: "A controlling team's player is in an offside position if ...": away, defending, may sprint from
    the centre into the home front area, though a home player there would be offside for away's attack."""
    s = position(draft2024, {"centre": 10}, {"centre": 9, "away_front": 1}, ball="centre", keepers=("home_penalty", "away_penalty"))
    assert s.value("offside", "away", "home_front") is False
    assert "home_front" in s.value("move_targets", "away", "centre")
    s.state(control="away")
    assert s.value("offside", "away", "home_front") is True


# ---- 5.3.2 the corner taker leaves the spot
def test_corner_taker_leaves_the_spot_when_the_corner_pass_ends_the_turn(draft2024):
    """5.3.2: "Once the first action is done the player who took the corner is no longer considered to be in
    the separate corner kick area", also when the pass ends the turn: a creative pass, a missed shot, a goal kick."""
    s = position(draft2024, {"away_left_spot": 1, "away_penalty": 3, "away_front": 3, "centre": 3},
                 {"away_penalty": 4, "away_front": 3, "centre": 3}, ball="away_left_spot", value=2,
                 dice=[6, 6, 1], answers={"home": [None, "away_penalty", None, "shoot"]}, defaults=STAY)
    s.state(restart="corner")
    s.run("play_turn")
    assert s["restart"] == "goal_kick" and s.logs("goal_kick")
    assert s.count("home", "away_left_spot") == 0 and s.count("home", "away_left_corner") == 1

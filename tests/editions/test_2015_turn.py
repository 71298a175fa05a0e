"""World Cup 2015, chapters 3 and 4.1-4.5: setup, target and offside, dice, time, control check, ball movement."""

from pathlib import Path

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.scenario import Scenario

EDITIONS = Path(__file__).resolve().parents[2] / "editions"
F442 = [4, 4, 2]
NO_SPECS = {
    "specified attacking midfielders": 0,
    "specified defending midfielders": 0,
    "specified attacking centre backs": 0,
    "specified withdrawn strikers": 0,
    "specified offensive wing backs": 0,
}


@pytest.fixture(scope="module")
def wc2015():
    return load_edition("world-cup-2015", root=EDITIONS)


def midfield_position(ed, **kw):
    """Heidi (home) has the ball in the centre area; Otto (away) mirrors her."""
    s = Scenario(ed, **kw)
    s.pieces("home", {"centre": 2, "home_front": 3, "home_left_wing": 2, "home_right_wing": 2, "away_front": 1}, "home_penalty")
    s.pieces("away", {"centre": 2, "away_front": 3, "away_left_wing": 2, "away_right_wing": 2, "home_front": 1}, "away_penalty")
    s.state(control="home", ball__area="centre", ball__value=3, start="centre", target="centre", minute=10)
    s.set("formation", {"home": list(F442), "away": list(F442)})
    return s


def dice(s, home, away):
    s.set("dice", {"home": home, "away": away})
    return s


# ---- 3.1 formations and condition dice
def test_formation_example_heidi_442_sets_condition_dice_green_4_blue_4_red_2(wc2015):
    """3.1 / 3.1.1 examples: Heidi selects 4-4-2: 4 defenders, 4 midfielders, 2 forwards; green 4, blue 4, red 2."""
    s = Scenario(wc2015, answers=["4-4-2"], defaults=NO_SPECS)
    s.run("choose_formation", "home")
    assert s["formation"]["home"] == [4, 4, 2]
    assert s["condition"]["home"] == {"defence": 4, "midfield": 4, "attack": 2}


def test_specified_formation_moves_condition_points(wc2015):
    """3.1.2: two attacking midfielders and one offensive wing back: green 3, blue 2, red 5."""
    specs = dict(NO_SPECS, **{"specified attacking midfielders": 2, "specified offensive wing backs": 1})
    s = Scenario(wc2015, answers=["4-4-2"], defaults=specs)
    s.run("choose_formation", "home")
    assert s["condition"]["home"] == {"defence": 3, "midfield": 2, "attack": 5}


def test_any_formation_of_ten_may_be_written_down(wc2015):
    """3.1: a team may use a formation that is not on a card (10 players in all)."""
    s = Scenario(wc2015, answers=[[5, 2, 3]], defaults=NO_SPECS)
    s.run("choose_formation", "home")
    assert s["formation"]["home"] == [5, 2, 3]
    assert s["condition"]["home"] == {"defence": 5, "midfield": 2, "attack": 3}
    offered = next(d for d in s.agent.asked if d.label == "formation").options
    assert all(sum(f) == 10 for f in offered if isinstance(f, list))


def test_specified_formation_never_lifts_a_die_over_six(wc2015):
    """3.1.2 with 4.10: 4-2-4 may turn at most two midfielders into attacking ones (red 4 -> 6)."""
    s = Scenario(wc2015, answers=["4-2-4"], defaults=dict(NO_SPECS, **{"specified attacking midfielders": 2}))
    s.run("choose_formation", "home")
    decision = next(d for d in s.agent.asked if d.label == "specified attacking midfielders")
    assert list(decision.options) == [0, 1, 2]


# ---- 3.2, 3.3 kick-off and setup
def test_higher_kick_off_roll_chooses_who_kicks_off(wc2015):
    """3.2: both teams roll; the higher result chooses; equal rolls are rolled again."""
    s = Scenario(wc2015, dice=[3, 3, 2, 5], answers=["away"])
    assert s.run("kick_off_choice") == "away"
    assert s.dice_left == 0


def test_kick_off_setup_two_in_the_centre_ball_value_one(wc2015):
    """3.3.1: two controlling players in the centre circle, the rest in their own half, ball value 1."""
    s = Scenario(wc2015, answers=["home_front"] * 8 + ["away_front"] * 10 + [None])
    s.run("kick_off", "home")
    assert s.count("home", "centre") == 2 and s.count("home", "home_front") == 8
    assert s["ball.value"] == 1 and s["ball.area"] == "centre" and s["control"] == "home"
    assert s["restart"] == "kick_off"
    for team in ("home", "away"):
        assert all(wc2015.board.partly_in_half(a, team) for a in s.match.pieces[team])


def test_setup_process_controlling_team_adjusts_two_players_after_the_passive_team(wc2015):
    """3.3 step 3: after the passive setup the controlling team moves up to two players one area, within the setup rules."""
    mv1 = {"from": "home_front", "to": "home_left_wing", "keeper": False, "ball": False}
    mv2 = {"from": "home_front", "to": "home_right_wing", "keeper": False, "ball": False}
    s = Scenario(wc2015, answers=["home_front"] * 8 + ["away_front"] * 10 + [mv1, mv2])
    s.run("kick_off", "home")
    assert s.count("home", "home_front") == 6
    assert s.count("home", "home_left_wing") == 1 and s.count("home", "home_right_wing") == 1
    asked = [d for d in s.agent.asked if d.label == "setup adjustment"]
    assert len(asked) == 2
    # the centre pair must stay, and nobody may cross into the opponent's half entirely
    options = [o for o in asked[0].options if o is not None]
    assert all(o["from"] != "centre" for o in options)
    assert all(o["to"] not in ("away_front", "away_left_wing", "away_right_wing") for o in options)


# ---- 4.1 target area and offside
def test_target_areas_are_areas_with_or_next_to_own_players(wc2015):
    """4.1: any area where the team has a player or an adjacent one; the ball's own area too."""
    s = midfield_position(wc2015)
    targets = s.value("targets", "home")
    assert "centre" in targets and "home_left_corner" in targets
    assert "away_penalty" in targets  # next to Heidi's player in the away front area, who is level with Otto's second lowest


def test_offside_target_is_not_offered(wc2015):
    """4.1.1: a player beyond the opponent's second lowest player (not level with it or the start area) is offside."""
    s = midfield_position(wc2015)
    # Otto pulls everything up: keeper in the penalty area, all outfield players in the centre and wings
    s.pieces("away", {"centre": 4, "away_left_wing": 3, "away_right_wing": 3}, "away_penalty")
    s.pieces("home", {"centre": 4, "home_front": 5, "away_penalty": 1}, "home_penalty")
    assert s.value("offside", "home", "away_penalty", "centre") is True
    assert "away_penalty" not in s.value("targets", "home")
    # a corner kick or goal kick ignores offside
    s.state(set_piece="corner")
    assert "away_penalty" in s.value("targets", "home")


def test_empty_target_next_only_to_offside_players_is_not_offered(wc2015):
    """4.1: no target where the team has no player and all its players in adjacent areas are offside."""
    s = midfield_position(wc2015)
    s.pieces("away", {"centre": 10}, "away_penalty")
    s.pieces("home", {"centre": 4, "home_front": 5, "away_front": 1}, "home_penalty")
    assert s.value("offside", "home", "away_front", "centre") is True
    assert "away_penalty" not in s.value("targets", "home") and "away_front" not in s.value("targets", "home")
    assert "away_left_wing" in s.value("targets", "home")  # next to the centre players, partly level with Otto's second lowest


def test_offside_never_in_own_half_target(wc2015):
    """4.1.1: the offside rule does not apply when the target area is fully in the controlling team's half."""
    s = midfield_position(wc2015)
    assert s.value("offside_target", "home", "home_front") is False


# ---- 4.2, 4.3 dice and time
def test_time_example_heidi_4_otto_2_moves_two_minutes(wc2015):
    """4.3 example: Heidi rolls 4 and Otto rolls 2: the time marker moves 2 minutes."""
    s = midfield_position(wc2015, dice=[4, 2])
    s.run("roll_dice")
    assert s["dice"] == {"home": 4, "away": 2}
    s.run("time_stage")
    assert s["minute"] == 12


def test_zero_difference_carries_a_minute_to_the_next_turn(wc2015):
    """4.3: a difference of 0 does not move time; the next non-zero difference moves one extra minute per zero."""
    s = midfield_position(wc2015)
    for h, a in [(3, 3), (5, 5)]:
        dice(s, h, a).run("time_stage")
    assert s["minute"] == 10 and s["carry"] == 2
    dice(s, 2, 3).run("time_stage")
    assert s["minute"] == 13 and s["carry"] == 0


def test_five_minutes_cause_tiredness_tests_for_both_teams(wc2015):
    """4.3 / 4.11: a move of 5 squares makes both teams test; each rolls until the sum reaches the minute."""
    s = midfield_position(wc2015, dice=[6, 6, 2, 6], defaults={"condition point lost": "midfield"}).state(minute=70, half=2)
    s.set("condition", {"home": {"defence": 4, "midfield": 4, "attack": 2}, "away": {"defence": 4, "midfield": 4, "attack": 2}})
    dice(s, 6, 1).run("time_stage")
    assert s["minute"] == 75
    assert len(s.logs("tiredness_test")) == 2
    # Heidi: 60 < 75, one point lost, then 60 more: 120. Otto: 20, one lost, 80.
    assert s["condition"]["home"]["midfield"] == 3 and s["condition"]["away"]["midfield"] == 3
    assert s.dice_left == 0


def test_time_marker_stops_on_the_first_stoppage_square(wc2015):
    """4.3: the marker stops on the first stoppage square even with minutes to spare."""
    s = midfield_position(wc2015).state(minute=44)
    dice(s, 1, 5).run("time_stage")
    assert (s["minute"], s["stoppage"]) == (45, 1)


def test_stoppage_example_on_plus_2_heidi_3_otto_2_ends_the_half(wc2015):
    """4.3.1 example: on +2, Heidi rolls 3 and Otto 2; the difference 1 is less than 2 and the half ends immediately."""
    s = midfield_position(wc2015).state(minute=45, stoppage=2)
    dice(s, 3, 2).run("time_stage")
    assert s["half_ends"] is True and s.left == "turn"


def test_stoppage_moves_one_square_and_plus_five_ends_the_half_at_the_end_of_the_turn(wc2015):
    """4.3.1: otherwise the marker moves one square; reaching +5 ends the half after the turn."""
    s = midfield_position(wc2015).state(minute=45, stoppage=2)
    dice(s, 6, 1).run("time_stage")
    assert (s["stoppage"], s["half_ends"], s.left) == (3, False, None)
    s.state(stoppage=4)
    dice(s, 6, 1).run("time_stage")
    assert (s["stoppage"], s["half_ends"], s.left) == (5, True, None)


# ---- 4.4 control check
def test_control_check_higher_die_keeps_the_ball(wc2015):
    s = midfield_position(wc2015).state(ball__value=3)
    assert dice(s, 4, 1).run("control_check") is True and s["control"] == "home"


def test_control_check_lower_die_loses_the_ball(wc2015):
    """4.4: the passive team becomes the controlling team at once."""
    s = midfield_position(wc2015).state(ball__value=3)
    assert dice(s, 2, 1).run("control_check") is False and s["control"] == "away"
    assert s.logs("possession")


def test_target_without_passive_players_is_passed_automatically(wc2015):
    """4.4.1: no passive player in the target and a controlling one: the check is passed, even with a low die."""
    s = midfield_position(wc2015).state(ball__value=6, target="home_left_wing")
    assert dice(s, 1, 1).run("control_check") is True


def test_equal_value_rolls_a_special_event_first(wc2015):
    """4.4 / 4.4.4: die equals the ball value: two dice on the special events table; 7 skips both action stages."""
    s = midfield_position(wc2015, dice=[3, 4]).state(ball__value=3)
    assert dice(s, 3, 1).run("control_check") is True
    assert s["event.skip_stages"] is True and s.logs("special_event")


def test_special_event_4_fails_the_check_and_the_ball_stays_in_the_start_area(wc2015):
    """4.4.4 event 4: failed control check, the ball remains in the start area."""
    s = midfield_position(wc2015, dice=[1, 3]).state(ball__value=3, start="centre", target="away_front")
    kept = dice(s, 3, 5).run("control_check")
    assert kept is False and s["control"] == "away"
    s.run("ball_movement", kept)
    assert s["ball.area"] == "centre"
    assert s["ball.value"] == 3  # the new passive team (Heidi) rolled 3


def test_special_event_6_free_kick_and_yellow_card_needs_both_teams_in_the_target(wc2015):
    """4.4.4 event 6 and footnote *: ignored when a team has no player in the target area."""
    s = midfield_position(wc2015, dice=[3, 3]).state(ball__value=3, target="away_penalty")
    s.pieces("home", {"centre": 4, "home_front": 6}, "home_penalty")
    assert dice(s, 3, 1).run("control_check") is True
    assert s["yellow"]["home"] == 0 and not s.logs("free_kick")


def test_special_event_8_free_kick_and_yellow_card_for_the_passive_team(wc2015):
    """4.4.4 event 8: free kick for CT, yellow card for PT; a new setup with ball value 1."""
    defaults = {"set piece setup": "centre", "free kick setup behind": "away_front", "setup adjustment": None, "free kick: goal attempt": None}
    s = midfield_position(wc2015, dice=[4, 4], defaults=defaults).state(ball__value=3, target="centre")
    dice(s, 3, 1).run("control_check")
    assert s["yellow"]["away"] == 1 and s.logs("free_kick")
    assert s["control"] == "home" and s["ball.value"] == 1 and s["ball.area"] == "centre"
    assert s["restart"] == "free_kick" and s.left == "turn"
    assert s.count("away", "away_front") >= 1  # 5.1.1: one passive player closer to its own goal line


def test_special_event_3_no_moves_for_the_controlling_team(wc2015):
    s = midfield_position(wc2015, dice=[1, 2]).state(ball__value=3)
    dice(s, 3, 1).run("control_check")
    assert s["no_moves"] == {"home": True, "away": False}


def test_no_moves_event_still_brings_the_closest_player_to_the_ball(wc2015):
    """4.4.4 event 3 "No moves for controlling team" takes the team's player movement stage, but 4.4.2 "must move
    one player to the area" at the ball movement stage still holds: the ball is "placed next to a controlling team
    player" (4.5) and 4.8.8 wants one there always (reading no_moves_events_free_movements)."""
    s = midfield_position(wc2015, dice=[1, 2], answers=["centre"]).state(ball__value=3, target="away_left_wing")
    kept = dice(s, 3, 1).run("control_check")
    s.run("ball_movement", kept)
    assert s["no_moves"]["home"] is True and s["control"] == "home"
    assert s.count("home", "away_left_wing") == 1 and s["pre_moves"]["home"] == ["away_left_wing"]
    s.run("movement", "home", False)
    assert not s.asked("movement") and not s.asked("free movement")
    assert s.count("home", "away_left_wing") == 1


def test_special_event_10_lowers_the_new_ball_value(wc2015):
    s = midfield_position(wc2015, dice=[5, 5]).state(ball__value=3, target="home_front")
    kept = dice(s, 3, 4).run("control_check")
    s.run("ball_movement", kept)
    assert s["ball.value"] == 3  # Otto's 4, -1 for the event


def test_special_event_12_injury_to_ct_and_red_card_test_for_pt(wc2015):
    """4.4.4 event 12: injury roll for CT; red card test for PT with +2: a 1 is below 0 + 2, red card and free kick for CT."""
    defaults = {"injured player": "home_front", "player sent off": "centre",
                "set piece setup": "centre", "free kick setup behind": "away_front", "setup adjustment": None, "free kick: goal attempt": None}
    s = midfield_position(wc2015, dice=[6, 6, 2, 1], defaults=defaults).state(ball__value=3, target="centre", turn=5)
    dice(s, 3, 1).run("control_check")
    assert s.logs("injury") and s["injured"]["home"] == [7]  # roll 2: off next turn, back in turn 7
    assert s["red"]["away"] == 1 and s.logs("free_kick")
    assert sum(s.match.pieces["home"].values()) == 9 and sum(s.match.pieces["away"].values()) == 9


# ---- 4.4.2, 4.5 ball movement
def test_new_ball_value_is_the_passive_die_with_a_long_pass(wc2015):
    """4.5.1 / 4.5.2: the new value is the passive team's die, +1 for each area between start and target."""
    s = midfield_position(wc2015).state(start="home_front", target="away_front", ball__area="home_front")
    s.pieces("away", {"centre": 2, "away_front": 3, "away_left_wing": 2, "away_right_wing": 2, "home_front": 1}, "away_penalty")
    dice(s, 5, 2).run("ball_movement", True)
    assert s["ball.area"] == "away_front" and s["ball.value"] == 3


def test_start_area_without_passive_players_lowers_the_value(wc2015):
    """4.5.3: -1 after a successful check when the passive team has no player in the start area."""
    s = midfield_position(wc2015).state(start="home_left_wing", target="centre", ball__area="home_left_wing")
    dice(s, 5, 4).run("ball_movement", True)
    assert s["ball.value"] == 3


def test_start_area_reduction_is_not_used_at_a_set_piece(wc2015):
    """4.5.3: not used in a free kick, corner kick or goal kick."""
    s = midfield_position(wc2015).state(start="home_left_wing", target="centre", ball__area="home_left_wing", set_piece="goal_kick")
    dice(s, 5, 4).run("ball_movement", True)
    assert s["ball.value"] == 4


def test_failed_check_value_is_the_new_passive_teams_die_without_long_pass(wc2015):
    """4.5.1 note / 4.5.2: after a failed check the value is the new passive team's die, no long pass."""
    s = midfield_position(wc2015).state(start="home_front", target="away_front", control="away")
    dice(s, 2, 5).run("ball_movement", False)
    assert s["ball.value"] == 2


def test_ball_value_over_six_goes_to_the_passive_team(wc2015):
    """4.5.4: 6 + 1 (long pass) is over 6: Otto wins the ball, value = Heidi's players in the area (max 4)."""
    s = midfield_position(wc2015).state(start="home_front", target="away_front", ball__area="home_front")
    dice(s, 5, 6).run("ball_movement", True)
    assert s["control"] == "away" and s["ball.value"] == 1  # Heidi has 1 player in the away front area


def test_playing_to_an_empty_area_moves_the_closest_player(wc2015):
    """4.4.2: the team with the ball moves its closest player to the empty target at the ball movement stage; it counts as a move."""
    s = midfield_position(wc2015, answers=["centre"]).state(start="centre", target="away_left_corner")
    s.pieces("home", {"centre": 3, "home_front": 3, "home_left_wing": 2, "home_right_wing": 2}, "home_penalty")
    dice(s, 5, 2).run("ball_movement", True)
    # the closest players are in the away left wing? no: Heidi has none there; centre is two steps away
    assert s.count("home", "away_left_corner") == 1
    assert s["pre_moves"]["home"] == ["away_left_corner"]


def test_passive_team_winning_the_ball_may_skip_its_goalkeeper(wc2015):
    """4.4.2: a team that started the turn passive may move its second closest player when the goalkeeper is closest."""
    s = midfield_position(wc2015, answers=["centre"]).state(control="home")
    s.pieces("home", {"centre": 10}, "home_penalty")
    s.run("bring_closest", "home", "home_left_corner", True)
    asked = next(d for d in s.agent.asked if d.label == "closest player")
    assert list(asked.options) == ["keeper", "centre"]
    assert s.count("home", "home_left_corner") == 1 and s.match.keeper["home"] == "home_penalty"


def test_controlling_team_must_move_its_goalkeeper_when_closest(wc2015):
    s = midfield_position(wc2015).state(control="home")
    s.pieces("home", {"centre": 10}, "home_penalty")
    s.run("bring_closest", "home", "home_left_corner", False)
    assert s.match.keeper["home"] == "home_left_corner"


def test_goalkeeper_as_close_as_a_player_is_offered_on_a_tie(wc2015):
    """4.4.2: "The team must choose to move its closest player"; the goalkeeper counts as a player, and on a tie
    the team chooses (reading closest_player_counts): keeper and wing player, each one area away, are both offered."""
    s = midfield_position(wc2015, answers=["keeper"]).state(control="home")
    s.pieces("home", {"home_left_wing": 1, "centre": 9}, "home_penalty")
    assert s.value("closest", "home", "home_left_corner", False) == ["home_left_wing", "keeper"]
    s.run("bring_closest", "home", "home_left_corner", False)
    (asked,) = s.asked("closest player")
    assert list(asked.options) == ["home_left_wing", "keeper"]
    assert s.match.keeper["home"] == "home_left_corner" and s["pre_moves"]["home"] == ["keeper"]


# ---- 4 the whole turn
def test_a_whole_turn_runs_the_eight_stages_in_order(wc2015):
    """4: target, dice, time, control check, ball movement, then the team stages (lower die first)."""
    quiet = {"movement": "midfield", "midfield move": None, "free movement": None, "use a condition point": None,
             "substitution": "none", "goal attempt": None}
    s = midfield_position(wc2015, dice=[5, 2], answers=["away_front"], defaults=quiet)
    s.run("play_turn")
    assert s["turn"] == 1 and s["minute"] == 13
    assert s["ball.area"] == "away_front" and s["control"] == "home"
    # new value: Otto's 2; no long pass; Otto has players in the start area. Then +2 in each team stage (1 against 3), capped at 6.
    assert s["ball.value"] == 6
    texts = s.logs()
    order = [i for i, t in enumerate(texts) if t.startswith(("home plays from", "home rolls", "3 minute", "home keeps", "new ball value", "away chooses", "home chooses"))]
    assert [texts[i].split(" ")[0:2] for i in order] == [["home", "plays"], ["home", "rolls"], ["3", "minute(s):"], ["home", "keeps"], ["new", "ball"], ["away", "chooses"], ["home", "chooses"]]


def test_formation_change_applies_at_the_beginning_of_the_next_turn(wc2015):
    """4.10: the substitution's formation change is in force from the next turn."""
    quiet = {"movement": "midfield", "midfield move": None, "free movement": None, "use a condition point": None,
             "substitution": "none", "goal attempt": None, "target area": "centre"}
    s = midfield_position(wc2015, dice=[5, 2], defaults=quiet)
    s.set("formation_next", {"home": [3, 5, 2], "away": []})
    s.run("play_turn")
    assert s["formation"]["home"] == [3, 5, 2] and s["formation_next"]["home"] == []

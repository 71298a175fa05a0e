"""FUBA 2.0, advanced rule A8: the 2.0 skills (their own, not the 2024 skills of the same names)."""

from pathlib import Path

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.scenario import Scenario

EDITIONS = Path(__file__).resolve().parents[2] / "editions"
QUIET = {"kick-off setup": "centre", "setup adjustment": None, "set piece move": None, "free goal-line move": None,
         "set piece setup": "centre", "free kick goal attempt": None, "goalkeeper position": "inside",
         "condition point: -1 for the pressing die": None, "condition point: an extra move": None,
         "condition point: one more player in the area": None}


@pytest.fixture(scope="module")
def ed():
    return load_edition("2.0", root=EDITIONS)


def position(ed, home=(), away=(), rules=("A2", "A8"), use=(), **kw):
    defaults = {**QUIET, **{f"use {n}": "use" for n in use}, **kw.pop("defaults", {})}
    s = Scenario(ed, rules=rules, skills={"home": list(home), "away": list(away)}, defaults=defaults, **kw)
    s.pieces("home", {"centre": 3, "home_front": 3, "home_left_wing": 2, "away_front": 2}, "home_penalty")
    s.pieces("away", {"centre": 1, "away_front": 4, "away_left_wing": 2, "away_right_wing": 2, "home_front": 1}, "away_penalty")
    s.state(control="home", phasing="home", ball__area="away_front", ball__value=4, minute=20, turn__target="away_front", turn__start="centre")
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    s.set("condition", {"home": {"defence": 4, "midfield": 4, "attack": 2}, "away": {"defence": 4, "midfield": 4, "attack": 2}})
    return s


def points(s, t):
    c = s["condition"][t]
    return [c["defence"], c["midfield"], c["attack"]]


def test_tackle_two_dice_in_the_defence_zone_first_use_free_then_one_point(ed):
    s = position(ed, away=["Tackle"], use=["Tackle"], dice=[6, 2])
    s.run("pressing", "away", False, False)
    assert s["control"] == "away" and s["ball.value"] == 2
    assert points(s, "away") == [4, 4, 2] and "Tackle" in s["skill_revealed"]["away"]


def test_revealed_skill_costs_a_condition_point(ed):
    s = position(ed, away=["Tackle"], use=["Tackle"], dice=[6, 2]).set("skill_revealed", {"home": [], "away": ["Tackle"]})
    s.run("pressing", "away", False, False)
    assert s["control"] == "away" and points(s, "away") == [3, 4, 2]


def test_midfield_pressing_only_in_the_midfield_zone(ed):
    s = position(ed, away=["Midfield pressing"], use=["Midfield pressing"], dice=[6])
    s.run("pressing", "away", False, False)
    assert s["control"] == "home"  # one die, 6: the skill does not apply in the defence zone


def test_skilled_goal_keeper_two_dice_highest_ignored(ed):
    s = position(ed, away=["Skilled goal keeper"], use=["Skilled goal keeper"], dice=[6, 1]).state(ball__area="away_penalty", ball__value=4)
    s.pieces("home", {"away_penalty": 2, "centre": 8}, "home_penalty")
    s.run("goal_attempt", "home", False, False)
    assert s["score"]["home"] == 0 and s["restart"] == "goal_kick"


def test_clinical_finisher_plus_one_in_the_penalty_area(ed):
    s = position(ed, home=["Clinical finisher"], use=["Clinical finisher"], dice=[3]).state(ball__area="away_penalty", ball__value=3)
    s.pieces("home", {"away_penalty": 1, "centre": 9}, "home_penalty")
    s.run("goal_attempt", "home", False, False)
    assert s["score"]["home"] == 1


def test_fanatic_fans_three_gives_three_actions(ed):
    s = position(ed, home=["Fanatic fans"], use=["Fanatic fans"], dice=[3])
    s.match.fire("action_stage_start", {"team": "home"})
    assert s["stage.actions"]["home"] == 3


def test_fanatic_fans_five_gives_two_moves_of_any_type(ed):
    """A8 Fanatic fans 5: "+2 moves (any type)": after a forward movement, two more moves of any type (here sideways)."""
    sideways = {"from": "home_front", "to": "home_left_wing", "keeper": False, "ball": False}
    s = position(ed, home=["Fanatic fans"], use=["Fanatic fans"], dice=[5],
                 defaults={"movement type": "forward", "move": None, "bonus move (any type)": sideways})
    s.match.fire("action_stage_start", {"team": "home"})
    s.run("movement", "home", False)
    assert s.count("home", "home_left_wing") == 4 and s.count("home", "home_front") == 1


def test_fanatic_fans_one_raises_the_ball_only_for_the_passive_team(ed):
    s = position(ed, away=["Fanatic fans"], use=["Fanatic fans"], dice=[1])
    s.match.fire("action_stage_start", {"team": "away"})
    assert s["ball.value"] == 5


def test_stopper_counts_one_player_as_three_in_the_defence_zone(ed):
    s = position(ed, away=["Stopper"], use=["Stopper"]).state(ball__area="away_front", turn__target="away_front")
    s.pieces("away", {"away_front": 1, "centre": 9}, "away_penalty")
    s.match.fire("action_stage_start", {"team": "home"})
    assert s.value("players", "away", "away_front") == 3
    s.match.fire("action_stage_end", {"team": "home"})
    assert s.value("players", "away", "away_front") == 1


def test_stopper_counts_as_three_in_the_goal_attempt_modifiers(ed):
    """A8 Stopper: "counted as three players ... during the opponent actions", so in the goal attempt's penalty-area
    modifier too (4.7): keeper and stopper (4) against two attackers gives -1."""
    s = position(ed, away=["Stopper"], use=["Stopper"], dice=[6]).state(ball__area="away_penalty", turn__target="away_penalty")
    s.pieces("home", {"away_penalty": 2, "centre": 8}, "home_penalty")
    s.pieces("away", {"away_penalty": 1, "centre": 9}, "away_penalty")
    s.match.fire("action_stage_start", {"team": "home"})
    s.run("goal_attempt", "home", False, False)
    assert ("shot_box_fewer", -1) in s.modifiers()


def test_stopper_stops_a_straight_move_as_three_players(ed):
    """A8 Stopper counts as three; 4.8.2: a straight move stops in an area where the opponent has more players."""
    s = position(ed, away=["Stopper"], use=["Stopper"]).state(turn__target="away_front")
    s.pieces("home", {"away_front": 1, "centre": 9}, "home_penalty")
    s.pieces("away", {"away_front": 1, "centre": 9}, "away_penalty")
    s.match.fire("action_stage_start", {"team": "home"})
    assert s.value("line_stops", "home", "centre", "forward", 4) == ["away_front"]


def test_target_man_counts_one_player_as_three_in_the_attack_zone(ed):
    s = position(ed, home=["Target man"], use=["Target man"]).state(ball__area="away_penalty", turn__target="away_penalty")
    s.pieces("home", {"away_penalty": 1, "centre": 9}, "home_penalty")
    s.match.fire("action_stage_start", {"team": "away"})
    assert s.value("players", "home", "away_penalty") == 3


def test_doubling_raises_the_ball_by_two_in_the_defence_zone(ed):
    s = position(ed, away=["Doubling"], use=["Doubling"]).state(ball__value=3)
    s.match.fire("movement_done", {"team": "away", "kind": "defence"})
    assert s["ball.value"] == 5


def test_dribbling_moves_the_ball_with_a_player(ed):
    s = position(ed, home=["Dribbling"], use=["Dribbling"], answers=["away_left_wing"]).state(ball__area="centre", turn__target="centre")
    s.pieces("away", {"away_front": 4, "away_right_wing": 2, "home_front": 4}, "away_penalty")
    s.pieces("home", {"centre": 3, "home_front": 3, "home_left_wing": 2, "home_right_wing": 2}, "home_penalty")
    s.match.fire("control_done", {"team": "home"})
    assert s["ball.area"] == "away_left_wing" and s.count("home", "away_left_wing") == 1
    assert s.count("home", "centre") == 2


def test_crossing_ignores_the_long_pass(ed):
    s = position(ed, home=["Crossing"], use=["Crossing"]).state(ball__area="centre", turn__start="centre", turn__target="away_penalty")
    s.pieces("home", {"centre": 3, "away_penalty": 1, "home_front": 6}, "home_penalty")
    s.match.fire("target_chosen", {"team": "home", "start": "centre", "target": "away_penalty"})
    assert s["pass.no_long"] is True
    assert s.value("value_for", "home", "centre", "away_penalty") == 4


def test_short_passes_lower_the_ball_after_a_midfield_movement(ed):
    s = position(ed, home=["Short passes"], use=["Short passes"]).state(ball__area="centre", turn__target="centre", ball__value=3)
    s.match.fire("movement_done", {"team": "home", "kind": "midfield"})
    assert s["ball.value"] == 2


def test_goal_poacher_plays_first_with_a_goal_attempt(ed):
    s = position(ed, home=["Goal poacher"], use=["Goal poacher"]).state(ball__area="away_penalty", turn__target="away_penalty", order__first="away")
    s.pieces("home", {"away_penalty": 1, "centre": 9}, "home_penalty")
    s.match.fire("control_done", {"team": "home"})
    assert s["order.swap"] is True and s["order.forced_shot"] == "home"


def test_midfield_general_changes_the_order_of_the_action_stages(ed):
    s = position(ed, home=["Midfield general"], use=["Midfield general"]).state(turn__target="centre")
    s.match.fire("control_done", {"team": "home"})
    assert s["order.swap"] is True


def test_actor_equal_dice_reverse_the_card_and_the_free_kick(ed):
    """A8 Actor: the opponent rolls two dice; equal dice: the Actor gets the yellow card and the offender continues with a free kick."""
    s = position(ed, home=["Actor"], use=["Actor"], dice=[4, 4]).state(turn__target="centre")
    s.run("foul", "away")
    assert s["yellow"] == {"home": 1, "away": 0}
    assert s["control"] == "away" and s["restart"] == "free_kick"


def test_actor_chooses_the_die_the_opponent_keeps(ed):
    s = position(ed, home=["Actor"], use=["Actor"], dice=[1, 5], answers=[5])
    s.run("yellow_card_test", "away", "centre")
    assert s["yellow"]["away"] == 1


def test_the_actor_works_on_one_card_roll_only(ed):
    """A8 Actor: "When an opponent must roll for yellow or red card, they must roll two dice instead of one":
    the Actor's hold is on that roll; once away keeps the 5 nothing of it is pending (invariant
    turn_flags_cleared_when_the_turn_ends, 5.1 and A8, would see it at the end of the turn)."""
    s = position(ed, home=["Actor"], use=["Actor"], dice=[1, 5], answers=[5])
    s.run("yellow_card_test", "away", "centre")
    assert s["yellow"]["away"] == 1
    assert s["card.actor"] == "" and s["card.reversed"] is False


def test_off_side_trap_checks_the_target_with_the_second_lowest_defender(ed):
    s = position(ed, away=["Off side trap"], use=["Off side trap"]).state(ball__area="centre", turn__target="away_front", ball__value=1)
    s.pieces("away", {"away_front": 3, "centre": 7}, "away_penalty")
    s.pieces("home", {"away_front": 1, "centre": 9}, "home_penalty")
    assert s.value("second_last", "away") == "away_front"
    s.match.fire("target_chosen", {"team": "home", "start": "centre", "target": "away_front"})
    assert s.value("advanced_offside_value", "home", "away_front") == 3


def test_sweeper_keeper_steps_out_and_presses_better(ed):
    s = position(ed, away=["Sweeper keeper"], use=["Sweeper keeper"]).state(turn__target="away_front", turn__ct_had_target=False, control="home")
    s.match.fire("action_stage_start", {"team": "away"})
    assert s.match.keeper["away"] == "away_front" and s["stage.press_mod"]["away"] == -2


def test_creative_goal_keeper_takes_two_moves_from_the_opponent(ed):
    s = position(ed, home=["Creative goal keeper"], use=["Creative goal keeper"]).state(ball__area="home_penalty")
    s.match.fire("turn_start", {})
    assert s["stage.move_malus"]["away"] == 2


def test_high_condition_moves_as_many_as_a_die(ed):
    s = position(ed, home=["High condition"], use=["High condition"], dice=[6], answers=["midfield"], defaults={"move": None})
    s.run("movement", "home", False)
    assert "home: any movement, 6 move(s)" in s.logs()


def test_skilled_fullbacks_carry_the_ball_after_winning_it(ed):
    s = position(ed, away=["Skilled fullbacks"], use=["Skilled fullbacks"], dice=[1], answers=["centre", None]).state(ball__value=4)
    s.run("pressing", "away", False, False)
    assert s["control"] == "away" and s["ball.area"] == "centre" and s["ball.value"] == 2


def test_wide_player_material_takes_two_from_the_fresh_player_dice(ed):
    s = position(ed, home=["Wide player material"], rules=("A2", "A3", "A8"), dice=[4, 4], answers=["attack", "attack"]).state(minute=70)
    s.run("fresh_player", "home")
    assert points(s, "home") == [4, 4, 4]  # (8 - 2) x 10 = 60, not above 70: two points


def test_trained_formation_change_once_per_match(ed):
    s = position(ed, home=["Trained formation change"], use=["Trained formation change"], answers=[[3, 5, 2], [3, 4, 3]])
    s.match.fire("action_stage_end", {"team": "home"})
    assert s["formation"]["home"] == [3, 4, 3]
    s.match.fire("action_stage_end", {"team": "home"})
    assert s["formation"]["home"] == [3, 4, 3]


def test_creative_midfielder_moves_the_ball_from_the_centre_as_an_action(ed):
    s = position(ed, home=["Creative midfielder"], answers=["away_front"]).state(ball__area="centre", turn__target="centre")
    assert s.value("creative_midfielder_ok", "home") is True
    s.run("creative_midfielder", "home")
    assert s["ball.area"] == "away_front"


# ---- the skills' effects last as long as their text says (audit 2026-11-28, 2.0-D1..D4)
def test_tackle_two_dice_are_for_the_tacklers_pressing_only(ed):
    """A8 Tackle: "The passive team may roll two dice for pressing ... in its defence zone";
    4.10: "In a pressing action the team roll a die". Away tackles (2,5: wins, ball 2); home,
    without a skill, presses back in the same turn with one die: 3 against ball 2 fails."""
    s = position(ed, away=["Tackle"], use=["Tackle"], dice=[2, 5, 3, 1])
    s.run("pressing", "away", False, False)
    assert s["control"] == "away" and s["ball.value"] == 2
    s.run("pressing", "home", False, False)
    assert s["control"] == "away" and s.dice_left == 1
    assert [e["dice"] for e in s.events("roll")][-1] == [3]


def test_aggressive_pressing_after_a_tackle_is_no_foul_on_equal_dice_without_a_skill(ed):
    """A8 Tackle/Midfield pressing: "If the pressing is aggressive and the dice equals the opponent
    will get a free kick" is the skill owner's; home, without the skill, presses aggressively
    later in the turn (A6: two dice, 1,1 below ball 2) and wins the ball, no foul."""
    s = position(ed, away=["Tackle"], use=["Tackle"], rules=("A2", "A6", "A8"), dice=[2, 5, 1, 1])
    s.run("pressing", "away", False, False)
    s.pieces("home", {"away_front": 2, "centre": 8}, "home_penalty")
    s.run("pressing", "home", False, True)
    assert s["control"] == "home" and not s.logs("yellow") and not s.logs("free_kick")


def test_actor_equal_dice_on_the_red_card_test_give_the_offender_the_free_kick(ed):
    """A8 Actor: "If the dice equals, the original event will be ignored and the actor will get
    yellow card instead and the opponent will continue with a free kick" (skill_readings: the
    offender takes the free kick), on the red card test (5.4) as on the yellow one. Home (one
    yellow) fouls: yellow test 4,5 (the Actor keeps 4: yellow), red test 3,3: ignored."""
    s = position(ed, away=["Actor"], use=["Actor"], dice=[4, 5, 3, 3], answers={"away": [4]}).state(turn__target="centre")
    s.set("yellow", {"home": 1, "away": 0})
    s.run("foul", "home")
    assert s["yellow"] == {"home": 2, "away": 1} and s["red"] == {"home": 0, "away": 0}
    assert s["control"] == "home" and s.events(tag="free_kick", team="home") and not s.events(tag="free_kick", team="away")


def test_stopper_counts_as_three_in_the_rebound(ed):
    """A8 Stopper: "counted as three players in a target area in a defence zone during the
    opponent actions"; 4.7.3: the rebound adds "the number of their players in the penalty
    area". Two attackers against two defenders, one a Stopper: 3+2 against 3+4, away wins the ball."""
    s = position(ed, away=["Stopper"], use=["Stopper"], dice=[3, 3]).state(ball__area="away_penalty", turn__target="away_penalty")
    s.pieces("home", {"away_penalty": 2, "centre": 8}, "home_penalty")
    s.pieces("away", {"away_penalty": 2, "centre": 8}, "away_penalty")
    s.match.fire("action_stage_start", {"team": "home"})
    s.run("rebound", "home")
    assert s["control"] == "away" and s["ball.area"] == "away_penalty" and s["ball.value"] == 3
    assert not s.logs("corner")


def test_wide_player_material_takes_two_from_its_owners_roll_only(ed):
    """A8 Wide player material: "Each time a team makes a player substitution to change fresh
    player ..., reduce 2 from dice result". Minute 60, A3: home (the skill) rolls 4+4 (60, not
    above: two points) and 5+4 (70: one point, not 50); away, without it, 4+4 = 80: one point."""
    s = position(ed, home=["Wide player material"], rules=("A2", "A3", "A8"), dice=[4, 4, 5, 4, 4, 4],
                 defaults={"condition point to": "attack"}).state(minute=60)
    s.run("fresh_player", "home")
    assert points(s, "home") == [4, 4, 4]
    s.run("fresh_player", "home")
    assert points(s, "home") == [4, 4, 5]
    s.run("fresh_player", "away")
    assert points(s, "away") == [4, 4, 3]

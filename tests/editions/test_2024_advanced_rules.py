"""2024 draft, advanced rules A1-A11: condition-point boosts, roles, substitutions, injuries,
goalkeeper charge, aggressive pressing, offside risk, challenge, slowing down, weather, V.A.R.

Each test scripts the dice and the answers. Where a rule costs a condition point, the test
also shows the point leaving the zone of the ball (A1.2).
"""

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.scenario import Scenario

STAY = {"set piece move": None, "kick-off setup": "centre", "set piece setup": "centre"}
FULL = {"defence": 4, "midfield": 4, "attack": 2}


def position(ed, home, away, ball="centre", value=3, control="home", keepers=("home_penalty", "away_penalty"),
             condition=None, minute=20, **kw):
    """A position with condition points (A1) for both teams: 4-4-2's 4/4/2 unless given."""
    s = Scenario(ed, **kw)
    s.pieces("home", home, keepers[0]).pieces("away", away, keepers[1])
    s.state(control=control, phasing=control, ball__area=ball, ball__value=value, minute=minute)
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    cond = condition or {}
    s.set("condition", {t: dict(cond.get(t, FULL)) for t in ("home", "away")})
    return s


def asked(s, label):
    return [d for d in s.agent.asked if d.label == label]


SPREAD_HOME = {"home_front": 3, "centre": 3, "home_left_wing": 2, "home_right_wing": 2}
SPREAD_AWAY = {"away_front": 3, "centre": 3, "away_left_wing": 2, "away_right_wing": 2}


# ---- A1.2 condition points boost actions
def test_a1_sprint_condition_point_takes_the_higher_die(draft2024):
    """A1.2: after rolling 5 and 2 the team pays a point from the ball's zone (midfield) for 5 moves."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, dice=[5, 2], answers=["use", None], rules=["A1"])
    s.run("sprint", "home")
    assert s["sprint.moves"] == 5
    assert s["condition"]["home"] == {"defence": 4, "midfield": 3, "attack": 2}
    assert s.logs("condition_sprint") and s.logs("condition_spent")


def test_a1_sprint_declined_keeps_the_lower_die_and_the_point(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, dice=[5, 2], answers=[None, None], rules=["A1"])
    s.run("sprint", "home")
    assert s["sprint.moves"] == 2 and s["condition"]["home"]["midfield"] == 4


def test_a1_boosts_are_off_without_the_rule(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, dice=[5, 2], answers=[None])
    s.run("sprint", "home")
    assert s["sprint.moves"] == 2 and not asked(s, "use condition_sprint")


def test_a1_positioning_condition_point_adds_a_step(draft2024):
    """A1.2: 3 and 4 against ball 3 give one step; the condition point a second: 3 -> 5."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, value=3, dice=[3, 4], answers=["use"], rules=["A1"])
    s.run("positioning", "away")
    assert s["ball.value"] == 5
    assert s["condition"]["away"]["midfield"] == 3


def test_a1_positioning_boost_not_when_the_controlling_team_has_more_players(draft2024):
    """A1.2: if the controlling team has more players in the area, a condition point cannot be used."""
    s = position(draft2024, {"centre": 4, "home_front": 6}, {"centre": 3, "away_front": 7}, value=3, dice=[3, 4], rules=["A1"])
    s.run("positioning", "away")
    assert s["ball.value"] == 4 and not asked(s, "use condition_positioning")
    assert s["condition"]["away"]["midfield"] == 4


def test_a1_two_points_from_an_adjacent_zone_when_the_ball_zone_is_empty(draft2024):
    """A1.2: no point left in the midfield: two points from an adjacent zone (here only attack has two)."""
    cond = {"home": {"defence": 1, "midfield": 0, "attack": 2}}
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, dice=[6, 1], answers=["use", None], rules=["A1"], condition=cond)
    s.run("sprint", "home")
    assert s["sprint.moves"] == 6
    assert s["condition"]["home"] == {"defence": 1, "midfield": 0, "attack": 0}


def test_a1_no_boost_without_points(draft2024):
    cond = {"home": {"defence": 1, "midfield": 0, "attack": 1}}
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, dice=[6, 1], answers=[None], rules=["A1"], condition=cond)
    s.run("sprint", "home")
    assert s["sprint.moves"] == 1 and not asked(s, "use condition_sprint")


# ---- A2 advanced formations
def kick_off_condition(ed, home_formation, away_formation, answers):
    s = Scenario(ed, answers=answers, rules=["A1", "A2"])
    s.set("formation", {"home": home_formation, "away": away_formation})
    s.match.fire("match_start", {})
    return s


def test_a2_otto_451_with_three_attacking_midfielders(draft2024):
    """A2 example: Otto's 4-5-1 with three attacking midfielders has 4 defence, 2 midfield and
    4 forward condition points; Santeri's 4-4-2 without roles keeps 4, 4 and 2. A1 sets the points
    first (a01-condition.yaml), A2 moves them after."""
    s = kick_off_condition(draft2024, [4, 4, 2], [4, 5, 1],
                           [None] + ["attacking_midfielder"] * 3 + [None])
    assert s["condition"]["home"] == {"defence": 4, "midfield": 4, "attack": 2}
    assert s["condition"]["away"] == {"defence": 4, "midfield": 2, "attack": 4}
    assert s["roles"]["away"] == ["attacking_midfielder"] * 3
    assert len(s.logs("role")) == 3


def test_a2_santeri_442_without_roles(draft2024):
    """A2 example: Santeri's 4-4-2 has four defence, four midfield and two forward points."""
    s = kick_off_condition(draft2024, [4, 4, 2], [4, 4, 2], [None, None])
    assert s["condition"]["home"] == {"defence": 4, "midfield": 4, "attack": 2}


def test_a2_every_role_moves_one_point(draft2024):
    """A2: defending midfielder midfield -> defence, attacking centre-back defence -> midfield,
    withdrawn striker forwards -> midfield, offensive wing back defence -> forwards."""
    s = kick_off_condition(draft2024, [4, 4, 2], [4, 4, 2],
                           ["defending_midfielder", "attacking_centre_back", "withdrawn_striker", "offensive_wing_back", None, None])
    assert s["condition"]["home"] == {"defence": 4 + 1 - 1 - 1, "midfield": 4 - 1 + 1 + 1, "attack": 2 - 1 + 1}


def test_a2_role_limits(draft2024):
    """A2: one attacking centre-back, one withdrawn striker, up to two offensive wing backs."""
    s = kick_off_condition(draft2024, [4, 4, 2], [4, 4, 2],
                           ["attacking_centre_back", "withdrawn_striker", "offensive_wing_back", "offensive_wing_back", None, None])
    assert s.value("role_options", "home") == ["attacking_midfielder", "defending_midfielder"]


def test_a2_needs_a1(draft2024):
    s = Scenario(draft2024, rules=["A2"])
    s.match.fire("match_start", {})
    assert not asked(s, "player role")


# ---- A3 substitutions
def test_a3_substitutions_roll_against_the_clock(draft2024):
    """A3: 3+2 = 50 is not higher than minute 60: two points; 6+5 = 110 is higher: one point.
    The first substitution also takes off a player with a yellow card."""
    cond = {"home": {"defence": 2, "midfield": 1, "attack": 1}}
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, minute=60, condition=cond, rules=["A1", "A3"], dice=[3, 2, 6, 5],
                 answers=[2, "midfield", "midfield", "yellow card removal", "attack", None])
    s.set("yellow", {"home": 1, "away": 0})
    s.match.fire("turn_end", {"team": "home"})
    assert s["condition"]["home"] == {"defence": 2, "midfield": 3, "attack": 2}
    assert s["subs_used"]["home"] == 2 and s["yellow"]["home"] == 0
    assert len(s.logs("substitution")) == 2


def test_a3_condition_caps_six_per_zone_and_ten_in_all(draft2024):
    """A3: no zone above six, no total above ten: two points at 6/2/1 give only one, not to defence."""
    cond = {"home": {"defence": 6, "midfield": 2, "attack": 1}}
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, minute=80, condition=cond, rules=["A1", "A3"], dice=[1, 1],
                 answers=[1, "midfield", None])
    s.match.fire("turn_end", {"team": "home"})
    assert s["condition"]["home"] == {"defence": 6, "midfield": 3, "attack": 1}
    assert asked(s, "condition point to")[0].options == ("midfield", "attack")


def test_a3_at_most_three_substitutions(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, rules=["A1", "A3"], dice=[6, 6], answers=[None])
    s.set("subs_used", {"home": 2, "away": 3})
    s.match.fire("turn_end", {"team": "home"})
    assert asked(s, "substitutions")[0].options == (1, None)
    s.match.fire("turn_end", {"team": "away"})
    assert len(asked(s, "substitutions")) == 1


def test_a3_formation_change_takes_effect_next_turn(draft2024):
    """A3: a formation change with a substitution counts from the beginning of the next turn."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, minute=30, rules=["A1", "A3"], dice=[6, 6],
                 answers=[1, "midfield", "formation change", [3, 5, 2]],
                 condition={"home": {"defence": 3, "midfield": 4, "attack": 2}})
    s.match.fire("turn_end", {"team": "home"})
    assert s["formation"]["home"] == [4, 4, 2] and s["formation_next"]["home"] == [3, 5, 2]
    s.match.fire("turn_start", {})
    assert s["formation"]["home"] == [3, 5, 2] and s["formation_next"]["home"] == []
    assert s["condition"]["home"] == {"defence": 3, "midfield": 5, "attack": 2}  # the point, not the formation


def test_a3_both_teams_may_substitute_at_a_new_setup_controlling_team_first(draft2024):
    """A3: at a set piece's new setup both teams may substitute; the controlling team decides first."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, control="away", rules=["A1", "A3"], answers=[None, None])
    s.match.fire("restart_turn", {"kind": "corner"})
    assert [d.team for d in asked(s, "substitutions")] == ["away", "home"]
    s.match.fire("restart_turn", {"kind": ""})
    assert len(asked(s, "substitutions")) == 2


def test_a3_game_plan_change_swaps_a_skill_from_the_reserve(draft2024, editions_dir, tmp_path):
    """A3: a game plan change puts a reserve skill in play and the played one in the reserve."""
    mod = tmp_path / "two-skills.yaml"
    mod.write_text(
        "schema_version: 1\nid: mods/two-skills\ntitle: two skills\nextends: 2024-draft\n"
        "skills:\n"
        "  plan_a: {ref: test, at: turn_start, auto: true, do: pass}\n"
        "  plan_b: {ref: test, at: turn_start, auto: true, do: pass}\n"
    )
    ed = load_edition("2024-draft", mods=[mod], root=editions_dir)
    s = position(ed, SPREAD_HOME, SPREAD_AWAY, rules=["A1", "A3"], dice=[6, 6], skills={"home": ["plan_a"]},
                 answers=[1, "midfield", "game plan change"], condition={"home": {"defence": 4, "midfield": 3, "attack": 2}})
    s.match.reserve["home"] = ["plan_b"]
    s.match.fire("turn_end", {"team": "home"})
    assert s.match.skills["home"] == ["plan_b"] and s.match.reserve["home"] == ["plan_a"]


def test_a3_substitutions_are_offered_at_the_end_of_a_played_turn(draft2024):
    """A3: play_turn fires turn_end for the phasing team (the trigger added to turn.yaml)."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, rules=["A3"], dice=[3, 3, 1, 2, 6, 6] + [1, 1] * 5,
                 answers=[None] * 10, defaults={"action": "sprint", "reaction move": None, "sprint move": None, "substitutions": None})
    s.state(turn=5, restart="")
    s.run("play_turn")
    assert asked(s, "substitutions") and asked(s, "substitutions")[0].team == "home"


# ---- A4 injuries
def test_a4_short_injury_returns_into_the_centre_after_its_minutes(draft2024):
    """A4: a 3 keeps the player from the ball's area out for three minutes; he returns at the end
    of the turn in the centre area once the clock has passed."""
    s = position(draft2024, {"away_front": 3, "centre": 7}, {"away_front": 4, "away_penalty": 2, "centre": 4},
                 ball="away_front", minute=30, rules=["A4"], dice=[3])
    s.run("suffer_injury", "away")
    assert s.count("away", "away_front") == 3 and s.match.unplaced["away"] == 1
    assert s["injured"]["away"] == [{"back": 33, "half": 1}]
    s.state(minute=32)
    s.match.fire("turn_end", {"team": "home"})
    assert s.count("away", "centre") == 4
    s.state(minute=33)
    s.match.fire("turn_end", {"team": "home"})
    assert s.count("away", "centre") == 5 and s["injured"]["away"] == [] and s.match.unplaced["away"] == 0


def test_a4_a_yellow_card_test_six_injures_the_opponent(draft2024):
    """5.6.1 and A4: a 6 at the yellow card test injures the opponent (die 2: two minutes), then the red card test."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, minute=30, rules=["A4"], dice=[6, 2, 6])
    s.run("yellow_card_test", "home", "centre")
    assert s.logs("injury") and s["injured"]["away"] == [{"back": 32, "half": 1}]
    assert s.count("away", "centre") == 2


def test_a4_long_injury_with_a_substitution_in_the_second_half_gives_a_point(draft2024):
    """A4: a 5 keeps the player out; a substitution in the second half gives one condition point,
    and the substitute comes on in the centre area."""
    s = position(draft2024, {"away_front": 3, "centre": 7}, {"away_front": 4, "centre": 6}, ball="away_front",
                 minute=60, rules=["A1", "A4"], dice=[5], answers=["substitute", "attack"],
                 condition={"away": {"defence": 3, "midfield": 3, "attack": 1}})
    s.state(half=2)
    s.run("suffer_injury", "away")
    assert s.count("away", "away_front") == 3 and s.count("away", "centre") == 7
    assert s["subs_used"]["away"] == 1 and s["condition"]["away"]["attack"] == 2


def test_a4_long_injury_without_substitution_is_for_good(draft2024):
    s = position(draft2024, {"away_front": 3, "centre": 7}, {"away_front": 4, "centre": 6}, ball="away_front",
                 rules=["A4"], dice=[6], answers=[None])
    s.run("suffer_injury", "away")
    assert s.count("away", "away_front") == 3 and s.match.unplaced["away"] == 0 and s.match.sent_off["away"] == 1


def test_a4_closest_player_when_none_at_the_ball(draft2024):
    """A4: no player of the team in the ball's area: the closest player is injured."""
    s = position(draft2024, {"centre": 10}, {"away_front": 2, "away_left_wing": 8}, ball="centre",
                 rules=["A4"], dice=[1], answers=["away_front"], keepers=("home_penalty", "away_penalty"))
    s.run("suffer_injury", "away")
    assert s.count("away", "away_front") == 1


def test_a4_goalkeeper_injury_gives_the_opponent_plus_one_for_the_match(draft2024):
    """A4: the keeper alone at the ball would be injured: another player goes instead and the
    opponent gets +1 to every later goal attempt."""
    s = position(draft2024, {"away_front": 4, "centre": 6}, {"away_front": 3, "centre": 7}, ball="away_penalty",
                 rules=["A4"], dice=[2, 6], defaults=STAY)
    s.run("suffer_injury", "away")
    assert s.count("away", "away_front") == 2 and s.count("away", "away_penalty") == 1
    assert s["injury_goal_bonus"]["home"] == 1
    s.state(ball__area="away_front", ball__value=2)
    s.run("goal_attempt", "home", False)
    assert ("shot_keeper_injury", 1) in s.modifiers() and s["score"]["home"] == 1


def test_a4_injured_player_stays_off_after_a_new_setup(draft2024):
    """A4: a setup places every piece; a player still injured is taken off again as the turn starts."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, rules=["A4"], answers=["away_front"])
    s.set("injured", {"home": [], "away": [{"back": 40, "half": 1}]})
    s.match.fire("turn_start", {})
    assert s.count("away", "away_front") == 2 and s.match.unplaced["away"] == 1


def test_a4_cold_adds_one_to_the_injury_roll(draft2024):
    """A10 cold: the injury roll +1, so a 4 keeps the player out for good."""
    s = position(draft2024, {"away_front": 3, "centre": 7}, {"away_front": 4, "centre": 6}, ball="away_front",
                 rules=["A4", "A10"], dice=[4], answers=[None])
    s.state(weather="cold")
    s.run("suffer_injury", "away")
    assert s.match.sent_off["away"] == 1 and s["injured"]["away"] == []


# ---- A5 goalkeeper charge
def charge_position(ed, **kw):
    """Santeri (home) passes from Otto's front area into Otto's (away) penalty area: ball 3, +1
    because Otto's defenders and goalkeeper outnumber the one attacker in the box."""
    return position(ed, {"away_front": 3, "away_penalty": 1, "centre": 6}, {"away_front": 2, "away_penalty": 2, "centre": 6},
                    ball="away_front", value=3, **kw)


def test_a5_worked_example_otto_charges_ball_plus_one(draft2024):
    """A5 example: Santeri plays the ball into Otto's penalty area; before the dice Otto's
    goalkeeper charges and the ball value rises one step (4 -> 5). Dice 4 and 6 are then only
    supportive, and Santeri gets +1 for goal attempts this turn. A charge costs no condition point."""
    s = charge_position(draft2024, rules=["A1", "A5"], dice=[4, 6], answers=["away_penalty", "use"])
    s.run("pass_action", "home")
    assert [d.team for d in asked(s, "use goalkeeper_charge")] == ["away"]
    assert s.logs("keeper_charge") and s.logs("supportive")
    assert s["goal_mod"] == 1
    assert s["condition"] == {"home": FULL, "away": FULL}


def test_a5_without_the_charge_the_same_dice_are_creative(draft2024):
    s = charge_position(draft2024, rules=["A5"], dice=[4, 6], answers=["away_penalty", None, None, None])
    s.run("pass_action", "home")
    assert s.logs("creative") and s["goal_mod"] == 0


def test_a5_no_charge_from_the_same_penalty_area_nor_above_six(draft2024):
    s = charge_position(draft2024, rules=["A5"], dice=[6, 6], answers=["away_penalty", None, None])
    s.state(ball__area="away_penalty")
    s.run("pass_action", "home")
    assert not asked(s, "use goalkeeper_charge")
    s = charge_position(draft2024, rules=["A5"], dice=[6, 6], answers=["away_penalty", None, None])
    s.state(ball__value=5)
    s.run("pass_action", "home")
    assert not asked(s, "use goalkeeper_charge")


def test_a10_sunshine_no_charge_for_the_first_half_controlling_team(draft2024):
    """A10 sunshine: the team that started as controlling team cannot charge in the first half."""
    s = charge_position(draft2024, rules=["A5", "A10"], dice=[6, 6], answers=["away_penalty", None, None])
    s.state(weather="sunshine", first_half_ct="away")
    s.run("pass_action", "home")
    assert not asked(s, "use goalkeeper_charge")
    s = charge_position(draft2024, rules=["A5", "A10"], dice=[6, 6], answers=["away_penalty", None, None, None])
    s.state(weather="sunshine", first_half_ct="away", half=2)
    s.run("pass_action", "home")
    assert asked(s, "use goalkeeper_charge")


# ---- A6 aggressive pressing
def test_a6_aggressive_pressing_raises_the_ball_value_and_costs_a_point(draft2024):
    """A6: ball 3 +1 for aggressive pressing: 3 and 5 now win the ball (one die below 4: the higher, 5)."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, value=3, dice=[3, 5], rules=["A1", "A6"], answers=["use"],
                 control="home", defaults={"action": "pressing"})
    s.state(phasing="away")
    s.run("one_action", "away")
    assert (s["control"], s["ball.value"]) == ("away", 5)
    assert s["condition"]["away"]["midfield"] == 3 and s.logs("aggressive_pressing")


def test_a6_ordinary_pressing_with_the_same_dice_fails(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, value=3, dice=[3, 5], rules=["A1", "A6"], answers=[None],
                 defaults={"action": "pressing"})
    s.run("one_action", "away")
    assert (s["control"], s["ball.value"]) == ("home", 2) and s["condition"]["away"]["midfield"] == 4


def test_a6_aggressive_pressing_with_one_player_fewer(draft2024):
    """A6: with one player fewer in the ball's area only aggressive pressing is possible, and it is paid."""
    home, away = {"centre": 3, "home_front": 7}, {"centre": 2, "away_front": 8}
    s = position(draft2024, home, away, value=3, dice=[2, 6], rules=["A1", "A6"], defaults={"action": "pressing"})
    s.run("one_action", "away")
    assert not asked(s, "use aggressive_pressing_one_short")
    assert (s["control"], s["ball.value"]) == ("away", 6)
    assert s["condition"]["away"]["midfield"] == 3
    s = position(draft2024, home, away, value=3, dice=[2, 6], rules=["A1"], defaults={"action": "pressing"})
    with pytest.raises(LookupError, match="not an option"):
        s.run("one_action", "away")


def test_a6_failed_aggressive_pressing_free_kick_and_yellow_card_test(draft2024):
    """A6: a failed aggressive pressing gives the opponent a free kick and the pressing team rolls for a yellow card (4: yellow)."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, value=3, dice=[5, 6, 4], rules=["A1", "A6"], answers=["use"],
                 defaults={"action": "pressing", **STAY})
    s.run("one_action", "away")
    assert s.left == "turn"
    assert s["yellow"]["away"] == 1 and s.logs("free_kick")
    assert (s["control"], s["ball.value"], s["restart"]) == ("home", 2, "free_kick")
    assert s["condition"]["away"]["midfield"] == 3


# ---- A7 offside risk
RISK_HOME = {"centre": 5, "away_front": 2, "home_front": 3}
RISK_AWAY = {"away_front": 1, "centre": 9}


def test_a7_offside_risk_plus_one_and_no_target_modifier(draft2024):
    """A7: a player in the away front area, closer to the goal line than the ball (centre) and
    the defending team's second lowest outfield player (centre): +1, and the target area's
    'at least twice as many attackers' -1 is ignored."""
    s = position(draft2024, RISK_HOME, RISK_AWAY, value=3, rules=["A7"], dice=[6, 6], answers=["away_front", None, None])
    assert s.value("offside_risk", "home", "centre", "away_front") is True
    s.run("pass_action", "home")
    assert sorted(s.modifiers()) == [("pass_offside_risk", 1), ("pass_start_outnumbered", 1)]


def test_a7_without_the_rule_the_target_modifier_counts(draft2024):
    s = position(draft2024, RISK_HOME, RISK_AWAY, value=3, dice=[6, 6], answers=["away_front", None, None])
    assert s.value("offside_risk", "home", "centre", "away_front") is False
    s.run("pass_action", "home")
    assert sorted(s.modifiers()) == [("pass_start_outnumbered", 1), ("pass_target_double", -1)]


def test_a7_not_at_goal_kicks_corners_or_after_failed_man_marking(draft2024):
    s = position(draft2024, RISK_HOME, RISK_AWAY, rules=["A7"])
    s.state(set_piece="corner")
    assert s.value("offside_risk", "home", "centre", "away_front") is False
    s.state(set_piece="goal_kick")
    assert s.value("offside_risk", "home", "centre", "away_front") is False
    s.state(set_piece="free_kick")
    assert s.value("offside_risk", "home", "centre", "away_front") is True
    s.set("offside_risk.off", True)
    assert s.value("offside_risk", "home", "centre", "away_front") is False


def test_a7_no_risk_level_with_the_second_lowest_outfield_player(draft2024):
    s = position(draft2024, RISK_HOME, {"away_front": 2, "centre": 8}, rules=["A7"])
    assert s.value("offside_risk", "home", "centre", "away_front") is False


# ---- A8 challenge
def test_a8_challenge_keeps_the_ball_needs_more_than_the_value_and_may_dribble(draft2024):
    """A8: declared at the start of the pass action (a condition point): the ball stays, 5 and 4
    beat ball 3 (creative), and the player dribbles into an adjacent area."""
    s = position(draft2024, {"centre": 3, "home_front": 7}, {"centre": 2, "away_front": 8}, value=3, rules=["A1", "A8"],
                 dice=[5, 4], answers=["use", "away_right_wing", None], defaults={"action": "pass"})
    s.run("one_action", "home")
    assert s["pass.challenge"] is True and s.logs("challenge") and s.logs("creative")
    assert s["ball.area"] == "away_right_wing" and s.count("home", "away_right_wing") == 1
    assert s["condition"]["home"]["midfield"] == 3


def test_a8_challenge_creative_outcome_may_still_make_the_normal_move(draft2024):
    """A8: the dribble comes "instead of the normal creative outcome move": a team that does not dribble makes that move."""
    creative = {"from": "home_front", "to": "home_left_wing", "keeper": False, "ball": False}
    s = position(draft2024, {"centre": 3, "home_front": 7}, {"centre": 2, "away_front": 8}, value=3, rules=["A1", "A8"],
                 dice=[5, 4], answers=["use", None, creative, None], defaults={"action": "pass"})
    s.run("one_action", "home")
    assert s.logs("creative") and s["ball.area"] == "centre"
    assert s.count("home", "home_left_wing") == 1


def test_a8_equal_is_not_enough_in_a_challenge(draft2024):
    """A8: a die equal to the ball value does not count: 3 and 6 against 3 are only supportive."""
    s = position(draft2024, {"centre": 3, "home_front": 7}, {"centre": 2, "away_front": 8}, value=3, rules=["A1", "A8"],
                 dice=[3, 6], answers=["use", {"from": "home_front", "to": "centre", "keeper": False, "ball": False}],
                 defaults={"action": "pass"})
    s.run("one_action", "home")
    assert s.logs("supportive") and s["ball.area"] == "centre"
    assert s["condition"]["home"]["midfield"] == 3


# ---- A9 slowing down game play
def test_a9_slowing_down_adds_a_minute_and_risks_a_yellow_card(draft2024):
    """A9: at a free kick's extra minute (80 -> 81) the controlling team slows down: 82; 2+3 x 10 = 50
    is below 82: a yellow card and a red card test (3: no red card)."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, minute=80, rules=["A9"], dice=[2, 3, 3], answers=["use"], defaults=STAY)
    s.state(half=2)
    s.run("free_kick", "home")
    assert s["minute"] == 82 and s["yellow"]["home"] == 1 and s["red"]["home"] == 0
    assert s.logs("slow_down") and s.logs("yellow")


def test_a9_high_roll_no_card_and_not_in_stoppage_time(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, minute=30, rules=["A9"], dice=[4, 5], answers=["use"],
                 defaults={**STAY, "corner spot": "away_left_spot"})
    s.run("corner_kick", "home")
    assert s["minute"] == 32 and s["yellow"]["home"] == 0
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, minute=45, rules=["A9"], defaults=STAY)
    s.state(stoppage=2)
    s.run("free_kick", "home")
    assert not asked(s, "use slow_down_play")


# ---- A10 weather
@pytest.mark.parametrize("die,weather", [(1, "heat"), (2, "sunshine"), (3, "sunshine"), (4, "wind"), (5, "rain"), (6, "cold")])
def test_a10_weather_from_equal_kick_off_dice(draft2024, die, weather):
    """A10: equal dice at the kick-off roll (3.2) give the weather; the roll is then repeated."""
    s = Scenario(draft2024, dice=[die, die, 5, 3], answers=["home"], rules=["A10"])
    s.run("kick_off_choice")
    assert s["weather"] == weather and s.logs("weather")


def test_a10_no_weather_from_unequal_dice_or_without_the_rule(draft2024):
    """3 example: Santeri 5, Otto 3: no weather."""
    s = Scenario(draft2024, dice=[5, 3], answers=["home"], rules=["A10"])
    s.run("kick_off_choice")
    assert s["weather"] == ""
    s = Scenario(draft2024, dice=[4, 4, 5, 3], answers=["home"])
    s.run("kick_off_choice")
    assert s["weather"] == ""


def test_a10_heat_a_one_loses_another_condition_point(draft2024):
    """A10 heat: spending a point, the team rolls a die; a 1 costs another point."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, dice=[5, 2, 1], answers=["use", None], rules=["A1", "A10"])
    s.state(weather="heat")
    s.run("sprint", "home")
    assert s["condition"]["home"]["midfield"] == 2 and s.logs("heat_loss")
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, dice=[5, 2, 2], answers=["use", None], rules=["A1", "A10"])
    s.state(weather="heat")
    s.run("sprint", "home")
    assert s["condition"]["home"]["midfield"] == 3


def test_a10_wind_long_pass_two_per_area(draft2024):
    """A10 wind: the long pass modifier is +2 per area between: centre -> away penalty area +2."""
    home, away = {"centre": 5, "away_front": 1, "away_penalty": 1, "home_front": 3}, {"centre": 5, "away_penalty": 1, "away_left_wing": 4}
    s = position(draft2024, home, away, value=2, rules=["A10"], dice=[6, 6], answers=["away_penalty", None, None])
    s.state(weather="wind")
    s.run("pass_action", "home")
    assert ("pass_long", 1) in s.modifiers() and ("pass_long_wind", 1) in s.modifiers()


def test_a10_rain_new_ball_value_plus_one(draft2024):
    """A10 rain: each pass action's new ball value +1 (here the lower die 2 becomes 3)."""
    s = position(draft2024, {"centre": 2, "away_front": 1, "away_left_wing": 7}, {"centre": 2, "away_front": 2, "away_penalty": 6},
                 value=3, rules=["A10"], dice=[2, 6], answers=["away_front", {"from": "away_left_wing", "to": "away_front", "keeper": False, "ball": False}])
    s.state(weather="rain")
    s.run("pass_action", "home")
    assert s["ball.value"] == 3 and s.logs("rain")


@pytest.mark.parametrize("weather,die,after", [("wind", 1, ""), ("rain", 2, ""), ("rain", 6, "storm"), ("wind", 6, "storm"), ("rain", 4, "rain")])
def test_a10_second_half_weather_change(draft2024, weather, die, after):
    """A10: at the beginning of the second half a 1-2 ends wind or rain, a 6 makes it a storm."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, rules=["A10"], dice=[die])
    s.state(weather=weather, half=2)
    s.match.fire("turn_start", {})
    s.match.fire("turn_start", {})
    assert s["weather"] == after and s.dice_left == 0


def test_a10_storm_is_rain_wind_and_cold(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, rules=["A10"])
    s.state(weather="storm")
    assert s.value("rainy") and s.value("windy") and s.value("injury_roll_modifier") == 1


# ---- A11 V.A.R.
def test_a11_double_six_denies_the_goal_free_kick_to_the_defenders(draft2024):
    s = position(draft2024, {"away_penalty": 3, "centre": 7}, {"away_penalty": 3, "centre": 7}, ball="away_penalty",
                 rules=["A11"], dice=[6, 6], defaults=STAY)
    s.run("score_goal", "home")
    assert s["score"]["home"] == 0 and s["goal.denied"] is True
    assert s.logs("var_denied") and (s["control"], s["restart"]) == ("away", "free_kick")


def test_a11_goal_stands_otherwise(draft2024):
    s = position(draft2024, {"away_penalty": 3, "centre": 7}, {"away_penalty": 3, "centre": 7}, ball="away_penalty",
                 rules=["A11"], dice=[6, 5], defaults=STAY)
    s.run("score_goal", "home")
    assert s["score"]["home"] == 1 and not s.logs("var_denied")


def test_a11_pressing_in_a_penalty_area_double_six_free_kick_and_yellow_test(draft2024):
    """A11: after winning the ball in a penalty area, a double 6: the opponent gets a free kick
    (here in its own box) and the pressing team rolls for a yellow card (5: yellow)."""
    s = position(draft2024, {"home_penalty": 2, "home_front": 8}, {"home_penalty": 3, "centre": 7}, ball="home_penalty",
                 value=3, rules=["A11"], dice=[1, 2, 6, 6, 5], defaults=STAY)
    s.run("pressing", "away")
    assert s["yellow"]["away"] == 1 and s.logs("var_foul")
    assert (s["control"], s["restart"], s["ball.value"]) == ("home", "free_kick", 2) and s.left == "turn"


def test_a11_pressing_outside_a_penalty_area_no_check(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, value=5, rules=["A11"], dice=[4, 2])
    s.run("pressing", "away")
    assert s["control"] == "away" and s.dice_left == 0

"""2024 draft, advanced rule A12: every skill with scripted dice, the footnotes, the choice
of the skills in play, and the example mod's two skills."""

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.lang.runtime import LeaveScope
from fuba_rules.scenario import Scenario

RULEBOOK_SKILLS = {
    "team": ["Trained formation change", "Strength in depth", "Great condition", "Fanatical fans",
             "Trained special event", "Gegenpressing", "Angry coach"],
    "goalkeeper": ["Sweeper keeper", "Creative goalkeeper", "Shot stopper", "Penalty saver",
                   "Leading goalkeeper", "Advancing goalkeeper"],
    "defender": ["Tackler", "Stopper", "Skilled full back", "Doubling up", "Offside trap",
                 "Skilled wing back", "Fast defender", "Catenaccio"],
    "midfielder": ["Midfield general", "Creative midfielder", "Midfield pressing", "Crossing", "Regista",
                   "Dribbler", "Short passes", "Box to box midfielder", "Il mediano", "Mezzala"],
    "forward": ["Target man", "Clinical finisher", "Aggressive striker", "Goal poacher", "Actor", "Runner",
                "Seconda punta", "Long range shooter", "Loose cannon"],
}
COSTS_ZERO = {"Trained formation change", "Strength in depth", "Great condition", "Angry coach",
              "Penalty saver", "Tackler", "Dribbler"}

FULL = {"defence": 4, "midfield": 4, "attack": 2}
STAY = {"set piece move": None, "kick-off setup": "centre", "set piece setup": "centre", "sprint move": None,
        "creative move": None, "goal attempt": None, "easy situation move": None,
        "use condition_sprint": None, "use condition_positioning": None}


def mv(a, b):
    return {"from": a, "to": b, "keeper": False, "ball": False}


def position(ed, home, away, skills, ball="centre", value=3, control="home", phasing=None, rules=("A1", "A12"),
             keepers=("home_penalty", "away_penalty"), dice=(), answers=(), use=None, defaults=None):
    """A position with the given skills; `use` answers "use NAME" with yes (True) or no (False)."""
    d = dict(STAY)
    d.update({f"use {k}": ("use" if v else None) for k, v in (use or {}).items()})
    d.update(defaults or {})
    s = Scenario(ed, dice=dice, answers=answers, defaults=d, rules=list(rules), skills=skills)
    s.pieces("home", home, keepers[0]).pieces("away", away, keepers[1])
    s.state(control=control, phasing=phasing or control, acting=phasing or control, ball__area=ball, ball__value=value, minute=20)
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    s.set("condition", {"home": dict(FULL), "away": dict(FULL)})
    return s


def fire(s, trigger, **params):
    """Fire a trigger as a rule would; a `leave` out of it is recorded in s.left."""
    try:
        s.match.fire(trigger, params)
    except LeaveScope as e:
        s.left = e.name
    return s


def cp(s, team, zone):
    return s["condition"][team][zone]


def asked(s, label):
    return [d for d in s.agent.asked if d.label == label]


def used(s, name):
    return s.match.tally[f"skill:{name}"]


SPREAD_HOME = {"home_front": 3, "centre": 3, "home_left_wing": 2, "home_right_wing": 2}
SPREAD_AWAY = {"away_front": 3, "centre": 3, "away_left_wing": 2, "away_right_wing": 2}


# ---- the skill list itself
def test_every_rulebook_skill_is_defined_with_its_group_cost_and_timing(draft2024):
    """A12 tables: each skill by its rulebook name, ref A12, its group, its CP cost and the 'can be played' text."""
    skills = draft2024.skills
    for group, names in RULEBOOK_SKILLS.items():
        for name in names:
            info = skills[name].info
            assert skills[name].ref == "A12" and info["group"] == group, name
            assert skills[name].cost == (0 if name in COSTS_ZERO else 1), name
            assert info["timing"].startswith("This skill can be played") or name == "Loose cannon", name
    assert len(skills) == sum(len(v) for v in RULEBOOK_SKILLS.values())


# ---- footnotes
def test_footnote_one_shot_stopper_counts_as_two_choices(draft2024):
    """Footnote 1: Shot stopper counts as two skill choices; every other skill as one."""
    assert draft2024.skills["Shot stopper"].info["choices"] == 2
    assert all(h.info.get("choices", 1) == 1 for n, h in draft2024.skills.items() if n != "Shot stopper")


def test_footnote_two_not_when_the_keeper_is_alone_at_the_ball(draft2024):
    """Footnote 2: Doubling up is not offered when the goalkeeper is the defending team's only player at the ball."""
    s = position(draft2024, {"away_penalty": 0, "centre": 10}, {"centre": 10}, {"away": ["Doubling up"]},
                 ball="away_penalty", control="home", phasing="away", use={"Doubling up": True})
    fire(s, "after_reaction")
    assert used(s, "Doubling up") == 0 and s["ball.value"] == 3


def test_footnote_automatic_loose_cannon_is_not_asked(draft2024):
    """Footnote !: Loose cannon shoots at once after a successful pass into the attack zone with equal dice: +2, nobody asked."""
    s = position(draft2024, {"away_front": 2, "centre": 8}, {"away_penalty": 3, "away_left_wing": 7},
                 {"home": ["Loose cannon"]}, ball="away_front", value=3, dice=[4])
    s.set("pass.target", "away_front")
    fire(s, "pass_done", start="centre", target="away_front", outcome="supportive", dice=[5, 5])
    assert not asked(s, "use Loose cannon") and used(s, "Loose cannon") == 1
    assert s["score"]["home"] == 1 and s.left == "turn"
    assert cp(s, "home", "attack") == 1


def test_loose_cannon_needs_an_attack_zone_point(draft2024):
    """Footnote !: not triggered when the team has no attacking zone condition point left (even with midfield points)."""
    s = position(draft2024, {"away_front": 2, "centre": 8}, {"away_penalty": 3, "away_left_wing": 7},
                 {"home": ["Loose cannon"]}, ball="away_front")
    s.set("condition", {"home": {"defence": 4, "midfield": 4, "attack": 0}, "away": dict(FULL)})
    fire(s, "pass_done", start="centre", target="away_front", outcome="supportive", dice=[5, 5])
    assert used(s, "Loose cannon") == 0 and s["score"]["home"] == 0


# ---- choosing the skills in play
def test_half_of_the_skills_rounded_up_are_chosen_for_the_match(draft2024):
    """A12: three skills, two in play (chosen by the team), one on reserve; a single skill stays."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Regista", "Crossing", "Runner"], "away": ["Actor"]},
                 rules=["A12"], answers=[["Regista", "Runner"]])
    fire(s, "match_start")
    assert s.match.skills["home"] == ["Regista", "Runner"] and s.match.reserve["home"] == ["Crossing"]
    assert s.match.skills["away"] == ["Actor"] and s.match.reserve["away"] == []
    options = asked(s, "skills in play")[0].options
    assert len(options) == 3 and all(len(o) == 2 for o in options)


def test_no_choice_of_skills_without_a12(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Regista", "Crossing"]}, rules=["A1"])
    fire(s, "match_start")
    assert s.match.skills["home"] == ["Regista", "Crossing"] and not asked(s, "skills in play")


def test_a_reserve_skill_does_not_run(draft2024):
    """Only skills in play run: after the choice, the reserve skill is not offered."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Clinical finisher", "Long range shooter"]},
                 rules=["A1", "A12"], answers=[["Long range shooter"]], use={"Clinical finisher": True})
    fire(s, "match_start")
    fire(s, "goal_attempt_announced", area="away_penalty")
    assert s["goal_mod"] == 0 and used(s, "Clinical finisher") == 0


# ---- TEAM SKILLS
def test_trained_formation_change_only_at_the_end_of_the_owners_action_stage(draft2024):
    """A12 Trained formation change: "at the end of the action stage": the team's own (phasing) stage, not the opponent's."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Trained formation change"]}, phasing="away",
                 use={"Trained formation change": True}, answers=[[3, 4, 3]])
    fire(s, "action_stage_end")
    assert used(s, "Trained formation change") == 0 and s["formation"]["home"] == [4, 4, 2]


def test_trained_formation_change_moves_two_players_once_per_match(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Trained formation change"]},
                 use={"Trained formation change": True}, answers=[[3, 4, 3]])
    fire(s, "action_stage_end")
    assert s["formation"]["home"] == [3, 4, 3]
    assert [4, 4, 2] not in asked(s, "trained formation change")[0].options
    fire(s, "action_stage_end")
    assert used(s, "Trained formation change") == 1 and cp(s, "home", "midfield") == 4


def test_strength_in_depth_reduces_the_substitution_dice_by_two(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Strength in depth"]}, use={"Strength in depth": True})
    s.set("substitution.roll_mod", 0)
    fire(s, "substitution_roll", team="home")
    assert s["substitution.roll_mod"] == -2
    fire(s, "substitution_roll", team="away")
    assert s["substitution.roll_mod"] == -2


def test_great_condition_one_more_move_after_a_condition_point(draft2024):
    """Sprint 5 and 2; a condition point chooses the 5 (A1.2) and Great condition adds a sixth move."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Great condition"]}, dice=[5, 2],
                 use={"condition_sprint": True, "Great condition": True})
    s.run("sprint", "home")
    assert s["sprint.moves"] == 6 and cp(s, "home", "midfield") == 3
    assert any("6 move(s)" in line for line in s.logs())


def test_great_condition_not_without_the_condition_point(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Great condition"]}, dice=[5, 2],
                 use={"condition_sprint": False, "Great condition": True})
    s.run("sprint", "home")
    assert s["sprint.moves"] == 2 and used(s, "Great condition") == 0


def test_fanatical_fans_reroll_the_action_dice(draft2024):
    """Sprint 2 and 1 rerolled to 6 and 4: four moves; one condition point."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Fanatical fans"]}, dice=[2, 1, 6, 4],
                 use={"Fanatical fans": True})
    s.run("sprint", "home")
    assert s["sprint.moves"] == 4 and cp(s, "home", "midfield") == 3


def test_fanatical_fans_equal_reroll_is_a_yellow_card_and_a_free_kick(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Fanatical fans"]}, dice=[2, 1, 3, 3],
                 use={"Fanatical fans": True})
    s.run("sprint", "home")
    assert s["yellow"]["home"] == 1 and s["control"] == "away" and s.left == "turn"
    assert s.logs("free_kick")


def test_trained_special_event_two_actions_at_a_free_kick(draft2024):
    """A free kick turn: the pass, then a second action (a sprint) of the same team."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Trained special event"]}, value=2,
                 dice=[6, 6, 1, 2], use={"Trained special event": True},
                 defaults={"free kick": "pass", "pass target": "home_front", "action": "sprint", "reaction move": None})
    s.set("restart", "free_kick")
    s.run("play_turn")
    assert used(s, "Trained special event") == 1 and cp(s, "home", "midfield") == 3
    assert len(asked(s, "action")) == 1 and any("sprints: 1 and 2" in line for line in s.logs())


def test_gegenpressing_counter_presses_at_once(draft2024):
    """Away wins the ball by pressing in its own half; home presses straight back and wins it."""
    s = position(draft2024, {"away_front": 3, "centre": 7}, {"away_front": 2, "away_penalty": 4, "centre": 4},
                 {"home": ["Gegenpressing"]}, ball="away_front", value=3, phasing="away",
                 dice=[1, 5, 6, 2], use={"Gegenpressing": True})
    s.run("pressing", "away")
    assert s["control"] == "home" and s["ball.value"] == 6
    assert cp(s, "home", "attack") == 1 and used(s, "Gegenpressing") == 1


def test_gegenpressing_not_in_the_pressing_teams_half_only(draft2024):
    """The opponent's pressing must be in an area fully on its side of the pitch: not in the centre."""
    s = position(draft2024, {"centre": 3, "home_front": 7}, {"centre": 3, "away_front": 7},
                 {"home": ["Gegenpressing"]}, ball="centre", phasing="away", dice=[1, 5], use={"Gegenpressing": True})
    s.run("pressing", "away")
    assert s["control"] == "away" and used(s, "Gegenpressing") == 0


def test_angry_coach_keeps_the_condition_point_on_four_to_six(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Angry coach"]}, dice=[5, 2, 5],
                 use={"condition_sprint": True, "Angry coach": True})
    s.run("sprint", "home")
    assert s["sprint.moves"] == 5 and cp(s, "home", "midfield") == 4


def test_angry_coach_sent_off_on_a_one(draft2024):
    """A 1: the point is spent, the coach goes, substitutions get +2 and the skill is gone."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Angry coach", "Trained formation change"]},
                 dice=[5, 2, 1], use={"condition_sprint": True, "Angry coach": True, "Trained formation change": True})
    s.run("sprint", "home")
    assert cp(s, "home", "midfield") == 3 and s["coach_sent_off"]["home"] is True
    s.set("substitution.roll_mod", 0)
    fire(s, "substitution_roll", team="home")
    assert s["substitution.roll_mod"] == 2
    fire(s, "action_stage_end")
    assert used(s, "Trained formation change") == 0


# ---- GOALKEEPERS
def charge_position(ed, skills, **kw):
    s = position(ed, {"away_front": 3, "centre": 7}, {"away_penalty": 3, "away_front": 2, "centre": 5}, skills,
                 ball="away_front", value=3, rules=("A1", "A5", "A12"), **kw)
    return s


def test_sweeper_keeper_charges_two_steps(draft2024):
    """A5 charge: the ball value +1; Sweeper keeper makes it +2. The charge then blocks Shot stopper."""
    s = charge_position(draft2024, {"away": ["Sweeper keeper", "Shot stopper"]},
                        use={"goalkeeper_charge": True, "Sweeper keeper": True, "Shot stopper": True})
    fire(s, "pass_target_chosen", start="away_front", target="away_penalty")
    s.set("ball.area", "away_penalty")
    fire(s, "pass_dice", start="away_front", target="away_penalty")
    assert s["ball.value"] == 5 and s["keeper_charged"]["away"] is True
    assert cp(s, "away", "defence") == 3
    fire(s, "goal_attempt_announced", area="away_penalty")
    assert s["shot.dice"] == 1 and used(s, "Shot stopper") == 0


def test_creative_goalkeeper_two_actions_and_no_goal_kick_into_the_attack_zone(draft2024):
    s = position(draft2024, {"home_penalty": 1, "home_front": 5, "centre": 4}, {"centre": 5, "home_front": 5},
                 {"home": ["Creative goalkeeper"]}, ball="home_penalty", value=2, use={"Creative goalkeeper": True})
    s.set("set_piece", "goal_kick")
    fire(s, "restart_turn", kind="goal_kick")
    assert s["set_piece.extra_actions"] == 1 and cp(s, "home", "defence") == 3
    targets = s.value("pass_targets", "home", "home_penalty")
    assert targets and all(draft2024.board.zone(a, "home") != "attack" for a in targets)


def test_creative_goalkeeper_forbids_a_goal_kick_the_draft_would_allow(draft2024):
    s = position(draft2024, {"home_penalty": 1, "away_front": 5, "centre": 4}, {"centre": 5, "home_front": 5},
                 {"home": ["Creative goalkeeper"]}, ball="home_penalty", value=1, use={"Creative goalkeeper": True})
    s.set("set_piece", "goal_kick")
    assert "away_front" in s.value("pass_targets", "home", "home_penalty")
    fire(s, "restart_turn", kind="goal_kick")
    assert "away_front" not in s.value("pass_targets", "home", "home_penalty")


def shot_position(ed, skills, dice, **kw):
    return position(ed, {"away_penalty": 2, "centre": 8}, {"away_penalty": 1, "centre": 9}, skills,
                    ball="away_penalty", value=3, dice=dice, **kw)


def test_shot_stopper_two_dice_the_highest_discarded(draft2024):
    """Without the skill a 6 scores; with it, 6 and 1 count as 1: a miss. One condition point (defence)."""
    s = shot_position(draft2024, {"away": ["Shot stopper"]}, [6, 1], use={"Shot stopper": True})
    s.run("goal_attempt", "home", False)
    assert s["score"]["home"] == 0 and cp(s, "away", "defence") == 3
    plain = shot_position(draft2024, {}, [6])
    plain.run("goal_attempt", "home", False)
    assert plain["score"]["home"] == 1


def test_shot_stopper_two_dice_for_the_first_roll_of_a_difficult_attempt(draft2024):
    """4.8.2 with Shot stopper: the first roll is two dice, the lower counts: 6 and 5 is not a 6."""
    s = position(draft2024, {"away_left_wing": 2, "centre": 8}, {"away_penalty": 4, "centre": 6}, {"away": ["Shot stopper"]},
                 ball="away_left_wing", value=6, dice=[6, 5], use={"Shot stopper": True})
    s.run("goal_attempt", "home", False)
    assert s["score"]["home"] == 0 and [e["data"]["shot"] for e in s.events(tag="shot", outcome="miss")] == [5]


def test_penalty_saver_two_dice_for_the_penalty(draft2024):
    s = position(draft2024, {"away_front": 2, "centre": 8}, {"away_penalty": 3, "centre": 7}, {"away": ["Penalty saver"]},
                 ball="away_penalty", dice=[6, 1], use={"Penalty saver": True},
                 defaults={"penalty taker from": "centre", "keeper guess": "left", "penalty kick": "right"})
    s.run("penalty_kick", "home")
    assert s["score"]["home"] == 0 and used(s, "Penalty saver") == 1
    assert cp(s, "away", "defence") == 4


def test_leading_goalkeeper_two_dice_in_a_turn_begun_by_a_corner(draft2024):
    s = shot_position(draft2024, {"away": ["Leading goalkeeper"]}, [], use={"Leading goalkeeper": True})
    fire(s, "goal_attempt_announced", area="away_penalty")
    assert s["shot.dice"] == 1
    s.set("turn_began_with", "corner")
    fire(s, "goal_attempt_announced", area="away_penalty")
    assert s["shot.dice"] == 2 and cp(s, "away", "defence") == 3


def test_advancing_goalkeeper_charges_into_an_adjacent_area(draft2024):
    s = position(draft2024, {"centre": 6, "away_front": 1, "home_front": 3}, {"centre": 5, "away_front": 1, "away_penalty": 4},
                 {"away": ["Advancing goalkeeper"]}, ball="centre", value=3, rules=("A1", "A5", "A12"),
                 use={"Advancing goalkeeper": True})
    fire(s, "pass_target_chosen", start="centre", target="away_front")
    assert s.match.keeper["away"] == "away_front" and s["ball.value"] == 4
    assert s["keeper_charged"]["away"] is True and s["goal_mod"] == 0
    assert cp(s, "away", "midfield") == 3


def test_advancing_goalkeeper_needs_a5(draft2024):
    s = position(draft2024, {"centre": 6, "away_front": 1, "home_front": 3}, {"centre": 5, "away_front": 1, "away_penalty": 4},
                 {"away": ["Advancing goalkeeper"]}, use={"Advancing goalkeeper": True})
    fire(s, "pass_target_chosen", start="centre", target="away_front")
    assert s.match.keeper["away"] == "away_penalty"


# ---- DEFENDERS
def tackle_position(ed, dice):
    return position(ed, {"away_front": 2, "centre": 8}, {"away_front": 2, "away_penalty": 3, "centre": 5},
                    {"away": ["Tackler"]}, ball="away_front", value=3, control="home", phasing="away",
                    rules=("A1", "A6", "A12"), dice=dice, use={"aggressive_pressing": True, "Tackler": True},
                    defaults={"action": "pressing"})


def test_tackler_failed_aggressive_pressing_without_equal_dice_is_no_foul(draft2024):
    """Aggressive pressing at 3+1 fails with 5 and 6: no free kick, no card, the ball stays at 4."""
    s = tackle_position(draft2024, [5, 6])
    s.run("one_action", "away")
    assert s["control"] == "home" and s["ball.value"] == 4 and s.left is None
    assert s["yellow"]["away"] == 0 and not s.logs("free_kick")
    assert cp(s, "away", "defence") == 3


def test_tackler_failed_aggressive_pressing_with_equal_dice_is_a_foul(draft2024):
    s = tackle_position(draft2024, [5, 5, 1])
    s.run("one_action", "away")
    assert s.left == "turn" and s.logs("free_kick") and s["control"] == "home"


def test_stopper_highest_die_for_the_new_ball_value(draft2024):
    """A creative pass into the defender's front area with 4 and 5: 5, not 4."""
    s = position(draft2024, {"centre": 4, "away_front": 2, "home_front": 4}, {"away_front": 2, "centre": 2, "away_left_wing": 3, "away_right_wing": 3},
                 {"away": ["Stopper"]}, value=2, dice=[4, 5], use={"Stopper": True}, defaults={"pass target": "away_front"})
    s.run("pass_action", "home")
    assert s["ball.value"] == 5 and cp(s, "away", "defence") == 3


def test_skilled_full_back_one_more_action(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"away": ["Skilled full back"]}, ball="away_front", phasing="away",
                 use={"Skilled full back": True})
    s.set("actions", 2)
    fire(s, "action_stage_start")
    assert s["actions"] == 3 and cp(s, "away", "defence") == 3


def test_doubling_up_two_more_on_the_ball_value(draft2024):
    s = position(draft2024, {"away_front": 1, "centre": 9}, {"away_front": 3, "centre": 7}, {"away": ["Doubling up"]},
                 ball="away_front", phasing="away", use={"Doubling up": True})
    fire(s, "after_reaction")
    assert s["ball.value"] == 5 and cp(s, "away", "defence") == 3


def test_offside_trap_free_kick_after_a_supportive_pass_into_offside_risk(draft2024):
    s = position(draft2024, {"centre": 9, "away_penalty": 1}, {"centre": 5, "away_front": 4, "away_penalty": 1},
                 {"away": ["Offside trap"]}, rules=("A1", "A7", "A12"), use={"Offside trap": True})
    fire(s, "pass_target_chosen", start="centre", target="away_penalty")
    assert s["pass.into_offside_risk"] is True
    s.set("ball.area", "away_penalty")
    fire(s, "pass_done", start="centre", target="away_penalty", outcome="supportive", dice=[2, 5])
    assert s["control"] == "away" and s.left == "turn" and s.logs("free_kick")
    assert s["yellow"]["home"] == 0 and cp(s, "away", "defence") == 3


def test_skilled_wing_back_dribbles_forward_past_a_defender(draft2024):
    s = position(draft2024, {"home_left_wing": 2, "centre": 8}, {"home_left_wing": 1, "away_front": 9},
                 {"home": ["Skilled wing back"]}, ball="home_left_wing", value=3, dice=[3, 4], use={"Skilled wing back": True})
    s.run("sprint", "home")
    assert s["ball.area"] == "away_left_wing" and s["ball.value"] == 4 and s.count("home", "away_left_wing") == 1
    assert s["sprint.moves"] == 2 and cp(s, "home", "midfield") == 3


def test_skilled_wing_back_dribbler_moves_once_and_no_second_dribble(draft2024):
    """4.4: a player "can be moved only once in the same sprint action"; 4.4.2 allows one dribble: after the wing back's
    dribble the dribbler does not move again and nobody dribbles."""
    s = position(draft2024, {"home_left_wing": 2, "centre": 8}, {"home_left_wing": 1, "away_front": 9},
                 {"home": ["Skilled wing back"]}, ball="home_left_wing", value=3, dice=[3, 4], use={"Skilled wing back": True})
    s.run("sprint", "home")
    options = asked(s, "sprint move")[0].options
    assert not any(o["from"] == "away_left_wing" for o in options if o is not None)
    assert not any(o["ball"] for o in options if o is not None)


def test_fast_defender_moves_into_the_target_first(draft2024):
    s = position(draft2024, {"centre": 8, "away_front": 2}, {"centre": 5, "away_front": 1, "away_penalty": 4},
                 {"away": ["Fast defender"]}, use={"Fast defender": True}, answers=[mv("centre", "away_front")])
    fire(s, "pass_target_chosen", start="centre", target="away_front")
    assert s.count("away", "away_front") == 2 and s.count("away", "centre") == 4
    assert cp(s, "away", "midfield") == 3


def test_catenaccio_moves_the_second_lowest_player(draft2024):
    s = position(draft2024, SPREAD_HOME, {"away_front": 3, "centre": 7}, {"away": ["Catenaccio"]},
                 use={"Catenaccio": True}, answers=[mv("away_front", "away_penalty")])
    fire(s, "pass_done", start="home_front", target="centre", outcome="supportive", dice=[3, 4])
    assert s.count("away", "away_front") == 2 and s.count("away", "away_penalty") == 2
    assert cp(s, "away", "midfield") == 3


# ---- MIDFIELDERS
def test_midfield_general_one_action_less_for_the_opponent(draft2024):
    """Midfield general, "played at the opponent's momentum stage after it has rolled the dice": 1 and 4 in midfield give
    three actions, two after the skill, and the time marker moves two minutes (4.2.2)."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"away": ["Midfield general"]}, use={"Midfield general": True}, dice=[1, 4])
    s.run("momentum_stage")
    assert s["actions"] == 2 and s["minute"] == 22 and cp(s, "away", "midfield") == 3


def test_midfield_general_leaves_at_least_one_action(draft2024):
    """4.1.1: "The team can perform always at least one action": with one action rolled the skill is not played."""
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"away": ["Midfield general"]}, use={"Midfield general": True}, dice=[6, 5])
    s.run("momentum_stage")
    assert s["actions"] == 1 and used(s, "Midfield general") == 0


def test_creative_midfielder_supportive_becomes_creative(draft2024):
    s = position(draft2024, {"centre": 2, "home_left_wing": 1, "home_front": 7}, {"centre": 2, "home_left_wing": 1, "away_front": 7},
                 {"home": ["Creative midfielder"]}, value=3, dice=[1, 5], use={"Creative midfielder": True},
                 defaults={"pass target": "home_left_wing"})
    s.run("pass_action", "home")
    assert s["pass.outcome"] == "creative" and cp(s, "home", "midfield") == 3
    assert s["ball.value"] == 1


def test_midfield_pressing_brings_a_player_to_the_ball(draft2024):
    s = position(draft2024, {"centre": 3, "home_front": 7}, {"centre": 2, "away_front": 8}, {"away": ["Midfield pressing"]},
                 phasing="away", use={"Midfield pressing": True})
    fire(s, "action_start", team="away", kind="pressing")
    assert s.count("away", "centre") == 3 and cp(s, "away", "midfield") == 3


def test_crossing_minus_one_on_a_long_pass_from_a_side_area(draft2024):
    """Crossing, "played when pass modifiers are applied", paid "in the area where the ball is located when the skill is
    used": the wing's zone (midfield), not the target's; -1 among the pass modifiers."""
    s = position(draft2024, {"home_left_wing": 3, "centre": 4, "away_front": 3}, {"away_penalty": 4, "centre": 6},
                 {"home": ["Crossing"]}, ball="home_left_wing", value=2, use={"Crossing": True}, dice=[6, 6],
                 defaults={"pass target": "away_front"})
    s.run("pass_action", "home")
    assert ("skill_crossing", -1) in s.modifiers() and used(s, "Crossing") == 1
    assert cp(s, "home", "midfield") == 3 and cp(s, "home", "attack") == 2
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Crossing"]}, use={"Crossing": True})
    fire(s, "pass_target_chosen", start="centre", target="away_penalty")
    assert used(s, "Crossing") == 0


def test_regista_lowest_die_after_a_creative_long_pass(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Regista"]}, ball="away_penalty", use={"Regista": True})
    s.set("pass.value_from", "highest")
    fire(s, "pass_new_value", start="centre", target="away_penalty", outcome="creative", dice=[2, 6])
    assert s["pass.value_from"] == "lowest" and cp(s, "home", "attack") == 1


def test_dribbler_counts_as_two_in_a_challenge(draft2024):
    """One attacker against one defender: as two, the target area gives -1."""
    s = position(draft2024, {"away_front": 1, "centre": 9}, {"away_front": 1, "away_penalty": 9}, {"home": ["Dribbler"]},
                 ball="away_front", value=4, use={"Dribbler": True})
    s.set("pass.challenge", True)
    fire(s, "pass_dice", start="away_front", target="away_front")
    assert s["ball.value"] == 3 and cp(s, "home", "attack") == 2


def test_short_passes_an_extra_pass_to_an_adjacent_area(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Short passes"]}, dice=[6, 6],
                 use={"Short passes": True}, defaults={"pass target": "home_front"})
    s.set("action.kind", "pass").set("pass.outcome", "supportive")
    fire(s, "action_done", team="home")
    targets = asked(s, "pass target")[0].options
    assert all(draft2024.board.adjacent("centre", a) for a in targets)
    assert s["ball.area"] == "home_front" and s["pass.adjacent_only"] is False
    assert cp(s, "home", "midfield") == 3


def test_box_to_box_midfielder_extra_move_from_the_centre(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"home": ["Box to box midfielder"]},
                 use={"Box to box midfielder": True}, answers=[mv("centre", "away_front")])
    fire(s, "after_reaction")
    assert s.count("home", "away_front") == 1 and cp(s, "home", "midfield") == 3


def test_il_mediano_free_positioning_in_midfield(draft2024):
    s = position(draft2024, SPREAD_HOME, SPREAD_AWAY, {"away": ["Il mediano"]}, phasing="away", value=3,
                 dice=[5, 6], use={"Il mediano": True})
    s.set("actions", 2)
    fire(s, "action_stage_start")
    assert s["ball.value"] == 5 and s["actions"] == 2 and cp(s, "away", "midfield") == 3


def test_mezzala_into_an_empty_attacking_area(draft2024):
    s = position(draft2024, {"away_left_wing": 2, "centre": 8}, {"away_penalty": 5, "centre": 5}, {"home": ["Mezzala"]},
                 ball="away_left_wing", value=5, use={"Mezzala": True})
    fire(s, "pass_target_chosen", start="away_left_wing", target="away_left_corner")
    s.match.move_piece("home", "away_left_wing", "away_left_corner")
    s.set("ball.area", "away_left_corner")
    fire(s, "pass_done", start="away_left_wing", target="away_left_corner", outcome="creative", dice=[5, 6])
    assert s["ball.value"] == 3 and cp(s, "home", "attack") == 1


# ---- FORWARDS
def test_target_man_counts_as_three_for_the_opponents_turn(draft2024):
    """A12 Target man: the opponent (2 players) can no longer press the target man (counted as 3)."""
    s = position(draft2024, {"away_front": 1, "centre": 9}, {"away_front": 2, "centre": 8}, {"home": ["Target man"]},
                 ball="away_front", phasing="away", use={"Target man": True})
    s.set("pass.target", "away_front")
    assert s.value("players", "home", "away_front") == 1
    fire(s, "turn_start")
    assert s.value("players", "home", "away_front") == 3 and cp(s, "home", "attack") == 1
    assert s.value("outnumbers", "home", "away_front") is True


def test_clinical_finisher_plus_one_from_the_penalty_area(draft2024):
    s = shot_position(draft2024, {"home": ["Clinical finisher"]}, [], use={"Clinical finisher": True})
    fire(s, "goal_attempt_announced", area="away_front")
    assert s["goal_mod"] == 0
    fire(s, "goal_attempt_announced", area="away_penalty")
    assert s["goal_mod"] == 1 and cp(s, "home", "attack") == 1


def test_aggressive_striker_moves_in_after_a_failed_pass(draft2024):
    s = position(draft2024, {"centre": 10}, {"away_front": 3, "away_penalty": 7}, {"home": ["Aggressive striker"]},
                 ball="away_front", control="away", phasing="home", use={"Aggressive striker": True},
                 defaults={"supporting player": mv("centre", "away_front")})
    fire(s, "pass_done", start="centre", target="away_front", outcome="failed", dice=[1, 2])
    assert s.count("home", "away_front") == 1 and cp(s, "home", "attack") == 1


def test_goal_poacher_difficult_attempt_after_a_supportive_pass(draft2024):
    """A difficult attempt from the penalty area: a 6, then more than 0: goal."""
    s = shot_position(draft2024, {"home": ["Goal poacher"]}, [6, 3], use={"Goal poacher": True})
    fire(s, "pass_done", start="away_front", target="away_penalty", outcome="supportive", dice=[2, 5])
    assert s["score"]["home"] == 1 and s.left == "turn" and cp(s, "home", "attack") == 1


def test_no_goal_poacher_or_loose_cannon_after_a_blocked_supportive_pass(draft2024):
    """4.7.3: no supporting player can come: "the turn is finished and it cannot make more actions or a goal attempt"."""
    s = position(draft2024, {"centre": 1, "away_penalty": 1, "home_front": 8}, {"away_penalty": 3, "home_front": 7}, {"home": ["Goal poacher"]},
                 ball="centre", value=1, use={"Goal poacher": True}, dice=[6, 1, 6, 6], defaults={"pass target": "away_penalty"})
    s.run("pass_action", "home")
    assert s.logs()[-1] == "home cannot bring a supporting player: the turn ends" and s.left == "turn"
    assert used(s, "Goal poacher") == 0 and not s.logs("goal_attempt")
    # Loose cannon's equal dice give a supportive outcome only through an easy situation (4.7.3.1): fire the trigger directly
    s = position(draft2024, {"away_front": 2, "centre": 8}, {"away_penalty": 3, "away_left_wing": 7},
                 {"home": ["Loose cannon"]}, ball="away_front", value=3, dice=[4])
    s.set("pass.stuck", True)
    fire(s, "pass_done", start="centre", target="away_front", outcome="supportive", dice=[5, 5])
    assert used(s, "Loose cannon") == 0 and s["score"]["home"] == 0


def test_actor_free_kick_instead_of_a_special_event(draft2024):
    """Actor rolls 4: no event; the opponent rolls for a yellow card with +1 (3+1: yellow) and the actor's team gets a free kick."""
    s = position(draft2024, {"away_front": 2, "centre": 8}, {"away_front": 2, "away_penalty": 3, "centre": 5}, {"home": ["Actor"]},
                 ball="away_front", rules=("A1", "A12", "A13"), dice=[4, 3], use={"Actor": True})
    fire(s, "special_event_roll", ct_die=2, other_die=5)
    assert s["event.cancelled"] is True and s["yellow"]["away"] == 1
    assert s["control"] == "home" and s.logs("free_kick") and s.left == "turn"
    assert cp(s, "home", "attack") == 1


def test_actor_two_lets_the_event_happen(draft2024):
    s = position(draft2024, {"away_front": 2, "centre": 8}, {"away_front": 2, "away_penalty": 3, "centre": 5}, {"home": ["Actor"]},
                 ball="away_front", rules=("A1", "A12", "A13"), dice=[2], use={"Actor": True})
    fire(s, "special_event_roll", ct_die=2, other_die=5)
    assert s["event.cancelled"] is False and s.left is None


def test_actor_one_is_a_yellow_card_for_the_actor(draft2024):
    s = position(draft2024, {"away_front": 2, "centre": 8}, {"away_front": 2, "away_penalty": 3, "centre": 5}, {"home": ["Actor"]},
                 ball="away_front", rules=("A1", "A12", "A13"), dice=[1], use={"Actor": True})
    fire(s, "special_event_roll", ct_die=2, other_die=5)
    assert s["yellow"]["home"] == 1 and s["control"] == "away" and s.left == "turn"


def test_runner_extra_move_into_the_attack_zone(draft2024):
    s = position(draft2024, {"centre": 5, "away_left_wing": 5}, {"away_penalty": 5, "centre": 5}, {"home": ["Runner"]},
                 use={"Runner": True}, answers=[mv("away_left_wing", "away_left_corner")])
    fire(s, "after_reaction")
    options = asked(s, "runner move")[0].options
    assert all(draft2024.board.zone(o["to"], "home") == "attack" for o in options)
    assert s.count("home", "away_left_corner") == 1 and cp(s, "home", "midfield") == 3


def test_seconda_punta_extra_move_after_a_creative_pass(draft2024):
    s = position(draft2024, {"centre": 5, "away_left_wing": 5}, {"away_penalty": 5, "centre": 5}, {"home": ["Seconda punta"]},
                 ball="away_left_wing", use={"Seconda punta": True}, answers=[mv("away_left_wing", "away_front")])
    fire(s, "pass_new_value", start="centre", target="away_left_wing", outcome="creative", dice=[5, 6])
    assert s.count("home", "away_front") == 1 and cp(s, "home", "midfield") == 3


def test_seconda_punta_may_move_the_goalkeeper_as_a_goalkeeper(draft2024):
    """A12: the extra move is a pass reaction move, which the goalkeeper may make too
    (free_moves, 1.2); it moves as the goalkeeper, not as an outfield piece."""
    keeper = {"from": "centre", "to": "away_front", "keeper": True, "ball": False}
    s = position(draft2024, {"centre": 5, "away_left_wing": 5}, {"away_penalty": 5, "centre": 5}, {"home": ["Seconda punta"]},
                 ball="away_left_wing", keepers=("centre", "away_penalty"), use={"Seconda punta": True}, answers=[keeper])
    fire(s, "pass_new_value", start="centre", target="away_left_wing", outcome="creative", dice=[5, 6])
    assert keeper in asked(s, "seconda punta move")[0].options
    assert s.match.keeper["home"] == "away_front" and s.match.pieces["home"]["centre"] == 5


def test_long_range_shooter_plus_one_outside_the_penalty_area(draft2024):
    s = shot_position(draft2024, {"home": ["Long range shooter"]}, [], use={"Long range shooter": True})
    fire(s, "goal_attempt_announced", area="away_penalty")
    assert s["goal_mod"] == 0
    fire(s, "goal_attempt_announced", area="away_front")
    assert s["goal_mod"] == 1 and cp(s, "home", "attack") == 1


# ---- the example mod
@pytest.fixture(scope="module")
def example_mod(editions_dir):
    return load_edition("2024-draft", mods=[editions_dir / "mods" / "example-skills.yaml"], root=editions_dir)


def test_mod_free_kick_specialist_plus_two_on_a_direct_free_kick(example_mod):
    s = position(example_mod, {"away_front": 2, "centre": 8}, {"away_penalty": 5, "centre": 5}, {"home": ["Free kick specialist"]},
                 ball="away_front", use={"Free kick specialist": True})
    fire(s, "goal_attempt_announced", area="away_front")
    assert s["goal_mod"] == 0
    s.set("set_piece", "free_kick")
    fire(s, "goal_attempt_announced", area="away_front")
    assert s["goal_mod"] == 2 and cp(s, "home", "attack") == 1


def test_mod_quick_counter_one_more_action_after_winning_the_ball(example_mod):
    s = position(example_mod, {"home_front": 2, "centre": 8}, {"home_front": 1, "centre": 9}, {"home": ["Quick counter"]},
                 ball="home_front", control="away", phasing="home", value=4, dice=[1, 3], use={"Quick counter": True})
    s.set("actions", 1)
    s.run("pressing", "home")
    assert s["control"] == "home" and s["actions"] == 2 and cp(s, "home", "defence") == 3


def test_sweeper_keeper_once_when_the_charge_fires_keeper_charge_itself(editions_dir, tmp_path):
    """When A5's goalkeeper_charge fires keeper_charge (as asked), the bridge hook stays silent: still +2 in all."""
    mod = tmp_path / "charge-trigger.yaml"
    mod.write_text(
        "schema_version: 1\nid: mods/charge-trigger\nextends: 2024-draft\n"
        "hooks:\n  goalkeeper_charge:\n    rule: A5\n    at: pass_dice\n    team: DT\n    optional: true\n"
        "    when: target == penalty_area(DT) and keeper_area(DT) == target and start != target and ball.value < 6\n"
        "    do: |\n      set ball.value += 1\n      set goal_mod += 1\n      trigger keeper_charge(team=DT)\n"
    )
    ed = load_edition("2024-draft", mods=[mod], root=editions_dir)
    s = charge_position(ed, {"away": ["Sweeper keeper"]}, use={"goalkeeper_charge": True, "Sweeper keeper": True})
    fire(s, "pass_target_chosen", start="away_front", target="away_penalty")
    s.set("ball.area", "away_penalty")
    fire(s, "pass_dice", start="away_front", target="away_penalty")
    assert s["ball.value"] == 5 and used(s, "Sweeper keeper") == 1


def test_goal_poachers_attempt_offers_no_modifier_skill(draft2024):
    """A12 Goal poacher: "a difficult goal attempt" (4.8.2), whose first die counts no modifiers (reading
    difficult_attempt_first_die); Clinical finisher's "+1 die roll modifier" would change nothing, so it is
    neither offered nor paid for that attempt."""
    s = shot_position(draft2024, {"home": ["Goal poacher", "Clinical finisher"]}, [6, 3],
                      use={"Goal poacher": True, "Clinical finisher": True})
    fire(s, "pass_done", start="away_front", target="away_penalty", outcome="supportive", dice=[2, 5])
    assert s["score"]["home"] == 1 and used(s, "Clinical finisher") == 0 and not asked(s, "use Clinical finisher")
    assert cp(s, "home", "attack") == 1  # Goal poacher's point only


def test_the_controlling_team_decides_first_across_skills(draft2024):
    """A12: "If both teams have skills which can be played exactly same time, the controlling team makes the
    decisions first". After home's supportive pass into an offside risk area, home's Goal poacher is asked
    before away's Offside trap (written earlier in the edition), and its goal ends the turn."""
    s = shot_position(draft2024, {"home": ["Goal poacher"], "away": ["Offside trap"]}, [6, 3], rules=("A1", "A7", "A12"),
                      use={"Goal poacher": True, "Offside trap": True})
    s.set("pass.into_offside_risk", True)
    fire(s, "pass_done", start="away_front", target="away_penalty", outcome="supportive", dice=[2, 5])
    assert [d.label for d in s.agent.asked if d.label.startswith("use ")] == ["use Goal poacher"]
    assert s["score"]["home"] == 1 and used(s, "Offside trap") == 0


def test_the_defending_teams_skill_follows_the_controlling_teams(draft2024):
    """A12: the controlling team decides first; the defending team's skill comes after it at the same moment
    (here Offside trap, once home declines Goal poacher)."""
    s = shot_position(draft2024, {"home": ["Goal poacher"], "away": ["Offside trap"]}, [], rules=("A1", "A7", "A12"),
                      use={"Goal poacher": False, "Offside trap": True})
    s.set("pass.into_offside_risk", True)
    fire(s, "pass_done", start="away_front", target="away_penalty", outcome="supportive", dice=[2, 5])
    assert [d.label for d in s.agent.asked if d.label.startswith("use ")] == ["use Goal poacher", "use Offside trap"]
    assert s["control"] == "away" and s.logs("free_kick")


def test_trained_formation_change_is_offered_at_the_end_of_a_set_piece_turn(draft2024):
    """A12 Trained formation change is played "at the end of the action stage"; a free kick turn has one
    (5.2.2: "the controlling team chooses one of the following options for the action stage")."""
    s = position(draft2024, {"centre": 5, "home_front": 5}, {"centre": 5, "away_front": 5}, {"home": ["Trained formation change"]},
                 rules=("A12",), dice=[6, 6], use={"Trained formation change": False},
                 defaults={"free kick": "pass", "pass target": "home_front"})
    s.run("set_piece_turn", "free_kick")
    assert s.logs("creative") and asked(s, "use Trained formation change")


def test_skill_order_is_the_editions_choice(editions_dir, tmp_path):
    """match.skill_order is data: a mod that sets it back to `skill` runs the skills of a moment in written
    order again (Offside trap, a defender's skill, before Goal poacher, a forward's), whoever controls the ball."""
    mod = tmp_path / "skill-order.yaml"
    mod.write_text("schema_version: 1\nid: mods/skill-order\nextends: 2024-draft\nmatch:\n  skill_order: skill\n")
    ed = load_edition("2024-draft", mods=[mod], root=editions_dir)
    s = shot_position(ed, {"home": ["Goal poacher"], "away": ["Offside trap"]}, [], rules=("A1", "A7", "A12"),
                      use={"Goal poacher": True, "Offside trap": True})
    s.set("pass.into_offside_risk", True)
    fire(s, "pass_done", start="away_front", target="away_penalty", outcome="supportive", dice=[2, 5])
    assert [d.label for d in s.agent.asked if d.label.startswith("use ")] == ["use Offside trap"]
    assert s["control"] == "away" and s["score"]["home"] == 0

"""2024 draft, advanced rule A13: the 36 special events, the Actor pre-emption point, and
the tournament carry of Injured star player and New talent.

Each scenario rolls equal momentum dice (5 and 5: one action, one minute) and then the two
special event dice, the controlling team's first; the dice after them belong to the event.
"""

import pytest
import yaml

from fuba_rules.edition import load_edition
from fuba_rules.lang.tables import expand_key
from fuba_rules.scenario import Scenario
from fuba_rules.sim.play import play_match

STAY = {"set piece move": None, "kick-off setup": "centre", "set piece setup": "centre", "corner spot": "away_left_spot"}
HOME = {"centre": 3, "home_front": 3, "home_left_wing": 2, "away_front": 2}
AWAY = {"centre": 2, "away_front": 4, "away_left_wing": 2, "home_front": 2}
SKILLS = ["Test skill A", "Test skill B", "Test skill C", "Test skill D"]

# A test mod: skills that never act (so that the tests do not depend on the A12 skills), a
# watcher of the injury trigger (A4 is another rule), and an Actor-like hook that sees the
# event dice and may cancel the event.
WATCH_MOD = """\
schema_version: 1
id: events-watch
extends: 2024-draft
state:
  seen_injuries: {type: list, default: [], ref: "test"}
  seen_event_roll: {type: list, default: [], ref: "test"}
  actor_cancels: {type: bool, default: false, ref: "test"}
hooks:
  watch_injury:
    ref: "test"
    at: injury
    do: |
      set seen_injuries = seen_injuries + [team]
  actor_like:
    ref: "test"
    at: special_event_roll
    do: |
      set seen_event_roll = [ct_die, other_die]
      if actor_cancels:
          set event.cancelled = true
skills:
""" + "".join(f'  "{name}": {{ref: "test", at: turn_start, auto: true, when: "false", do: "pass"}}\n' for name in SKILLS)

# The rulebook's A13 table: (controlling team's die, other die) -> event.
EXPECTED = {}
for key, name in {
    "1/1-2": "Excellent attack move", "1/3-4": "Excellent defence move", "1/5": "Fast situation (NT)",
    "1/6": "Fast situation (PT)", "2/1-2": "Ball bounces (DT)", "2/3-4": "Ball bounces (CT)", "2/5": "Lost momentum",
    "2/6": "Failed man-marking", "3/1-2": "Defender's foul", "3/3-4": "Attacker's foul", "3/5": "Defender's rude foul",
    "3/6": "Attacker's rude foul", "4/1-3": "Fatigue", "4/4": "Ball over the goal-line", "4/5": "Momentum",
    "4/6": "Aggressive defence", "5/1": "High ball - head collision", "5/2": "Failed pass", "5/3": "Perfect pass",
    "5/4": "Behind the referee's back", "5/5": "Streaker", "5/6": "Out of position goalkeeper", "6/1-2": "Terrace chant",
    "6/3": "Injured star player (DT)", "6/4": "Injured star player (CT)", "6/5": "New talent (DT)", "6/6": "New talent (CT)",
}.items():
    for outcome in expand_key(key):
        EXPECTED[outcome] = name


@pytest.fixture(scope="module")
def events_ed(tmp_path_factory, editions_dir):
    path = tmp_path_factory.mktemp("mods") / "events-watch.yaml"
    path.write_text(WATCH_MOD)
    return load_edition("2024-draft", mods=[path], root=editions_dir)


def event(ed, ct_die, other_die, dice=(), answers=(), rules=("A13",), defaults=None, control="home", phasing=None,
          ball="centre", value=3, home=None, away=None, skills=None, minute=20, momentum=(5, 5)):
    s = Scenario(ed, dice=[*momentum, ct_die, other_die, *dice], answers=answers, defaults={**STAY, **(defaults or {})},
                 rules=rules, skills=skills)
    s.pieces("home", HOME if home is None else home, "home_penalty").pieces("away", AWAY if away is None else away, "away_penalty")
    s.state(control=control, phasing=phasing or control, acting=phasing or control, ball__area=ball, ball__value=value, minute=minute)
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    return s


def conditions(s, home, away):
    s.set("condition", {"home": dict(zip(["defence", "midfield", "attack"], home)),
                        "away": dict(zip(["defence", "midfield", "attack"], away))})


# ---- the table
def test_table_covers_each_outcome_exactly_once(draft2024, editions_dir):
    """A13: 36 outcomes of the controlling team's die and the other die, each in one row."""
    table = draft2024.tables["special_events"]
    assert set(table.exact) == {(a, b) for a in range(1, 7) for b in range(1, 7)}
    rows = yaml.safe_load((editions_dir / "2024-draft" / "a13-special-events.yaml").read_text())["tables"]["special_events"]["rows"]
    covered = [o for key in rows for o in expand_key(str(key))]
    assert len(covered) == 36 and len(set(covered)) == 36
    assert {r.key for r in table.exact.values()} == set(rows)


def test_each_outcome_names_the_rulebook_event(draft2024):
    """A13: every row carries the rulebook's name, ref A13 and an effect."""
    for outcome, row in draft2024.tables["special_events"].exact.items():
        assert row["name"] == EXPECTED[outcome], outcome
        assert row["ref"] == "A13" and row.run is not None and row["tag"].startswith("event_")


# ---- the hook
def test_no_event_without_the_rule(draft2024):
    """A13 is an advanced rule: without it equal momentum dice roll nothing more."""
    s = event(draft2024, 2, 1, rules=())
    s.run("momentum_stage")
    assert s.dice_left == 2 and s["ball.value"] == 3 and s["event.name"] == ""


def test_event_is_logged_by_name_and_by_its_own_tag(draft2024):
    """A13: the event name is logged (tag special_event_name), and counted under the event's tag."""
    s = event(draft2024, 2, 1)
    s.run("momentum_stage")
    assert s.logs("special_event_name") == ["Special event 2-1: Ball bounces (DT)"]
    assert s.match.tally["event_bounce_dt"] == 1
    assert s["event.dice"] == [2, 1]


def test_actor_can_pre_empt_the_event(events_ed):
    """A12 Actor: a hook at special_event_roll sees both dice and may cancel the event."""
    s = event(events_ed, 2, 1).set("actor_cancels", True)
    s.run("momentum_stage")
    assert s["seen_event_roll"] == [2, 1]
    assert s["ball.value"] == 3 and s["event.name"] == "" and not s.logs("special_event_name")
    assert s["event.cancelled"] is True


# ---- the simple events
SIMPLE = [
    ((1, 6), "actions", 2),
    ((2, 1), "ball.value", 5),
    ((2, 2), "ball.value", 5),
    ((2, 3), "ball.value", 1),
    ((2, 4), "ball.value", 1),
    ((2, 5), "actions", 0),
    ((5, 6), "goal_mod", 2),
]


@pytest.mark.parametrize("dice,var,expected", SIMPLE, ids=[f"{a}-{b}" for (a, b), _, _ in SIMPLE])
def test_simple_events(draft2024, dice, var, expected):
    """A13: +1 action, ball bounces +2/-2, lost momentum -1 action, out of position goalkeeper +2 for goal attempts."""
    s = event(draft2024, *dice)
    s.run("momentum_stage")
    assert s[var] == expected
    assert s["event.name"] == EXPECTED[dice] and s.dice_left == 0


def test_ball_bounces_stays_within_one_to_six(draft2024):
    """1.3.1: the ball value is 1..6, so +2 from 5 gives 6."""
    s = event(draft2024, 2, 2, value=5)
    s.run("momentum_stage")
    assert s["ball.value"] == 6


def test_lost_momentum_can_leave_no_action(draft2024):
    """A13 and 4.3: -1 action from one leaves zero actions; the action stage does nothing."""
    s = event(draft2024, 2, 5)
    s.run("momentum_stage")
    s.run("action_stage")
    assert s["actions"] == 0 and not s.agent.asked


def test_out_of_position_goalkeeper_adds_two_to_a_goal_attempt(draft2024):
    """A13: +2 die roll modifier for goal attempts in this turn: 4 + 2 - 2 (distance) beats ball 3."""
    s = event(draft2024, 5, 6, dice=[4], ball="away_front", home={"away_front": 5, "centre": 5}, away={"away_penalty": 3, "centre": 7})
    s.run("momentum_stage")
    s.run("goal_attempt", "home", False)
    assert s["score"]["home"] == 1


def test_failed_man_marking_ignores_offside_risk(draft2024):
    """A13: the offside risk rule (A7) is ignored this turn."""
    s = event(draft2024, 2, 6, rules=("A7", "A13"), home={"centre": 3, "home_front": 3, "home_left_wing": 2, "away_front": 1, "away_penalty": 1})
    assert s.value("offside_risk", "home", "centre", "away_penalty") is True
    s.run("momentum_stage")
    assert s["event.name"] == "Failed man-marking"
    assert s["offside_risk.off"] is True
    assert s.value("offside_risk", "home", "centre", "away_penalty") is False


# ---- moves
def test_excellent_attack_move_moves_one_player(draft2024):
    """A13 1/1-2: the controlling team moves one player into an adjacent area."""
    mv = {"from": "home_front", "to": "centre", "keeper": False, "ball": False}
    s = event(draft2024, 1, 2, answers=[mv])
    s.run("momentum_stage")
    assert s.count("home", "centre") == 4 and s.count("home", "home_front") == 2


def test_excellent_attack_move_may_dribble_from_an_area_without_opponents(draft2024):
    """A13 1/1-2: also dribble, if no opponent is in the ball's area (4.4.2)."""
    mv = {"from": "centre", "to": "away_front", "keeper": False, "ball": True}
    s = event(draft2024, 1, 1, answers=[mv], away={"away_front": 6, "away_left_wing": 2, "home_front": 2})
    s.run("momentum_stage")
    assert s["ball.area"] == "away_front" and s.count("home", "away_front") == 3
    options = s.agent.asked[0].options
    assert mv in options


def test_excellent_attack_move_offers_no_dribble_past_an_opponent(draft2024):
    """A13 1/1-2: with an opponent in the ball's area, only moves without the ball."""
    s = event(draft2024, 1, 2, answers=[None])
    s.run("momentum_stage")
    assert not [o for o in s.agent.asked[0].options if o and o["ball"]]


@pytest.mark.parametrize("other_die", [3, 4])
def test_excellent_defence_move_moves_one_defender(draft2024, other_die):
    """A13 1/3-4: the defending team moves one player into an adjacent area."""
    mv = {"from": "away_front", "to": "centre", "keeper": False, "ball": False}
    s = event(draft2024, 1, other_die, answers=[mv])
    s.run("momentum_stage")
    assert s.count("away", "centre") == 3 and s.agent.asked[0].team == "away"


def test_momentum_dribbles_past_defenders(draft2024):
    """A13 4/5: the controlling team dribbles regardless of the defenders in the ball's area."""
    mv = {"from": "centre", "to": "away_front", "keeper": False, "ball": True}
    s = event(draft2024, 4, 5, answers=[mv])
    s.run("momentum_stage")
    assert s.count("away", "centre") == 2
    assert s["ball.area"] == "away_front" and s.count("home", "centre") == 2


def test_perfect_pass_moves_the_ball_to_an_adjacent_area_with_a_player(draft2024):
    """A13 5/3: the ball moves to an adjacent area where the controlling team has a player; its value stays."""
    s = event(draft2024, 5, 3, answers=["away_front"])
    s.run("momentum_stage")
    assert (s["ball.area"], s["ball.value"], s["control"]) == ("away_front", 3, "home")
    assert set(s.agent.asked[0].options) - {None} == {"home_front", "away_front", "home_left_wing"}


# ---- actions
def test_fast_situation_nt_gives_the_other_team_one_action_first(draft2024):
    """A13 1/5: the non-phasing team performs one action before the phasing team's action stage."""
    s = event(draft2024, 1, 5, dice=[6, 6], answers=["positioning"])
    s.run("momentum_stage")
    assert s.agent.asked[0].team == "away"
    assert s["ball.value"] == 5 and s["actions"] == 1


def test_fast_situation_nt_action_is_the_acting_teams_for_skills(draft2024):
    """A13 1/5 with A12: the non-phasing team's action is its own: its Crossing (played "when pass modifiers are applied"
    in its passing action) is offered, though it is not the phasing team."""
    s = event(draft2024, 1, 5, dice=[6, 6], control="away", phasing="home", ball="away_left_wing", rules=("A1", "A12", "A13"),
              skills={"home": [], "away": ["Crossing"]},
              answers=["pass"], defaults={"pass target": "home_front", "use Crossing": "use", "creative move": None, "goal attempt": None})
    s.pieces("away", {"away_left_wing": 2, "centre": 2, "home_front": 6}, "away_penalty")
    conditions(s, [4, 4, 2], [4, 4, 2])
    s.run("momentum_stage")
    assert s.match.tally["skill:Crossing"] == 1 and s["phasing"] == "home"


def test_fast_situation_pt_gives_one_more_action(draft2024):
    """A13 1/6: +1 action for the phasing team, also when it is the defending team."""
    s = event(draft2024, 1, 6, control="away", phasing="home")
    s.run("momentum_stage")
    assert s["actions"] == 2


# ---- fouls and cards
def test_defenders_foul_free_kick_and_yellow_card_test(draft2024):
    """A13 3/1-2: free kick to the controlling team; the defending team rolls for a yellow card (4: yellow)."""
    s = event(draft2024, 3, 2, dice=[4])
    s.run("momentum_stage")
    assert s["yellow"] == {"home": 0, "away": 1}
    assert (s["control"], s["restart"], s["ball.value"]) == ("home", "free_kick", 2) and s.left == "turn"


def test_defenders_foul_can_pass_without_a_card(draft2024):
    """A13 3/1-2 and 5.6.1: a yellow card test of 1 gives no card."""
    s = event(draft2024, 3, 1, dice=[1])
    s.run("momentum_stage")
    assert s["yellow"] == {"home": 0, "away": 0} and s["restart"] == "free_kick"


@pytest.mark.parametrize("other_die", [3, 4])
def test_attackers_foul_gives_the_defending_team_the_free_kick(draft2024, other_die):
    """A13 3/3-4: free kick to the defending team, which becomes the controlling team; the attackers roll for a yellow card."""
    s = event(draft2024, 3, other_die, dice=[5])
    s.run("momentum_stage")
    assert s["yellow"] == {"home": 1, "away": 0}
    assert (s["control"], s["restart"]) == ("away", "free_kick") and s.left == "turn"


def test_defenders_rude_foul(events_ed):
    """A13 3/5: free kick to CT; DT gets a yellow card and a red card test with +1 (3 is not below 1 + 1); CT is injured."""
    s = event(events_ed, 3, 5, dice=[3])
    s.run("momentum_stage")
    assert s["yellow"] == {"home": 0, "away": 1} and s["red"] == {"home": 0, "away": 0}
    assert s["seen_injuries"] == ["home"]
    assert (s["control"], s["restart"]) == ("home", "free_kick")


def test_defenders_rude_foul_red_card_on_a_one(events_ed):
    """A13 3/5 and 5.6.2: a red card test of 1 is below one yellow + 1: a direct red card, one player off."""
    s = event(events_ed, 3, 5, dice=[1], defaults={"player sent off": "away_front"})
    s.run("momentum_stage")
    assert s["red"] == {"home": 0, "away": 1} and s["yellow"]["away"] == 0
    assert s.match.sent_off["away"] == 1


def test_attackers_rude_foul(events_ed):
    """A13 3/6: free kick to DT; CT gets a yellow card and a red card test with +1; DT is injured."""
    s = event(events_ed, 3, 6, dice=[4])
    s.run("momentum_stage")
    assert s["yellow"] == {"home": 1, "away": 0}
    assert s["seen_injuries"] == ["away"]
    assert (s["control"], s["restart"]) == ("away", "free_kick")


# ---- condition points
def test_fatigue_takes_a_point_from_the_balls_zone(draft2024):
    """A13 4/1-3: both teams lose a point in the ball's zone; with none there, two from the other zones."""
    s = event(draft2024, 4, 2, answers=["defence", "attack"], rules=("A1", "A13"))
    conditions(s, [4, 4, 2], [4, 0, 2])
    s.run("momentum_stage")
    assert s["condition"]["home"] == {"defence": 4, "midfield": 3, "attack": 2}
    assert s["condition"]["away"] == {"defence": 3, "midfield": 0, "attack": 1}
    assert len(s.logs("condition_lost")) == 3 and not s.logs("condition_spent")


def test_fatigue_zone_is_each_teams_own(draft2024):
    """A13 4/1-3: the zone of the ball from each team's view: the away front is home's attack and away's defence."""
    s = event(draft2024, 4, 3, rules=("A1", "A13"), ball="away_front")
    conditions(s, [4, 4, 2], [4, 4, 2])
    s.run("momentum_stage")
    assert s["condition"]["home"]["attack"] == 1 and s["condition"]["away"]["defence"] == 3


def test_fatigue_without_condition_points_rule_does_nothing(draft2024):
    """A13 4/1-3: without A1 there are no condition points to lose."""
    s = event(draft2024, 4, 1)
    s.run("momentum_stage")
    assert not s.logs("condition_lost") and s.dice_left == 0


def test_aggressive_defence_presses_whatever_the_numbers(draft2024):
    """A13 4/6: DT (2 against 3) pays a point and presses aggressively: ball 3 + 1; 2 is below 4, one die: new value 5."""
    s = event(draft2024, 4, 6, dice=[2, 5], rules=("A1", "A13"))
    conditions(s, [4, 4, 2], [4, 4, 2])
    s.run("momentum_stage")
    assert (s["control"], s["ball.value"]) == ("away", 5)
    assert s["condition"]["away"]["midfield"] == 3 and s.logs("condition_spent")


def test_aggressive_defence_failure_gives_a_free_kick_and_a_card_test(draft2024):
    """A13 4/6 and A6: a failed aggressive pressing gives the opponent a free kick; the pressing team rolls for a yellow card."""
    s = event(draft2024, 4, 6, dice=[5, 6, 4], rules=("A1", "A13"))
    conditions(s, [4, 4, 2], [4, 4, 2])
    s.run("momentum_stage")
    assert (s["control"], s["restart"], s["yellow"]["away"]) == ("home", "free_kick", 1)


def test_aggressive_defence_failure_with_a6_tests_for_a_card_once(draft2024):
    """A13 4/6 with A6 on: the A6 rule gives the free kick and the card test; the event does not repeat them."""
    s = event(draft2024, 4, 6, dice=[5, 6, 4], rules=("A1", "A6", "A13"))
    conditions(s, [4, 4, 2], [4, 4, 2])
    s.run("momentum_stage")
    assert (s["control"], s["restart"], s["yellow"]["away"]) == ("home", "free_kick", 1)
    assert s.dice_left == 0 and len(s.logs("free_kick")) == 1


def test_aggressive_defence_needs_a_condition_point(draft2024):
    """A13 4/6: no pressing without a point (midfield 0, one point in each adjacent zone)."""
    s = event(draft2024, 4, 6, rules=("A1", "A13"))
    conditions(s, [4, 4, 2], [1, 0, 1])
    s.run("momentum_stage")
    assert s["control"] == "home" and s.dice_left == 0


def test_aggressive_defence_needs_a_player_at_the_ball(draft2024):
    """A13 4/6: no pressing without a defending player in the ball's area."""
    s = event(draft2024, 4, 6, rules=("A1", "A13"), away={"away_front": 6, "away_left_wing": 2, "home_front": 2})
    conditions(s, [4, 4, 2], [4, 4, 2])
    s.run("momentum_stage")
    assert s["control"] == "home" and s["condition"]["away"]["midfield"] == 4


def test_terrace_chant_lends_a_free_point_for_the_first_action(events_ed):
    """A13 6/1-2: with no point to pay, the phasing team still boosts its first action, for free."""
    s = event(events_ed, 6, 1, dice=[3, 4], answers=["sprint", "use"], rules=("A1", "A13"), defaults={"sprint move": None})
    conditions(s, [1, 0, 1], [4, 4, 2])
    s.run("momentum_stage")
    s.run("action_stage")
    assert s.match.tally["condition_spent"] == 1
    assert s["condition"]["home"] == {"defence": 1, "midfield": 0, "attack": 1}
    assert s["event.chant_grant"] is None


def test_terrace_chant_pays_for_an_aggressive_pressing(events_ed):
    """A13 6/1-2 with A6: a boost bought at the start of the action (aggressive pressing) can use the free point."""
    s = event(events_ed, 6, 2, dice=[2, 2], answers=["pressing", "use"], rules=("A1", "A6", "A13"), control="away", phasing="home",
              home={"centre": 3, "home_front": 3, "home_left_wing": 2, "away_front": 2},
              away={"centre": 3, "away_front": 3, "away_left_wing": 2, "home_front": 2})
    conditions(s, [1, 0, 1], [4, 4, 2])
    s.run("momentum_stage")
    s.run("action_stage")
    assert s.logs("aggressive_pressing") and s["control"] == "home"
    assert s["condition"]["home"] == {"defence": 1, "midfield": 0, "attack": 1}


def test_terrace_chant_point_not_used_is_taken_back(events_ed):
    """A13 6/1-2: a free point left unused does not stay with the team."""
    s = event(events_ed, 6, 2, dice=[3, 4], answers=["sprint", None], rules=("A1", "A13"), defaults={"sprint move": None})
    conditions(s, [1, 2, 1], [4, 4, 2])
    s.run("momentum_stage")
    s.run("action_stage")
    assert s["condition"]["home"] == {"defence": 1, "midfield": 2, "attack": 1}
    assert any("did not use" in line for line in s.logs())


def test_terrace_chant_only_for_the_first_action(events_ed):
    """A13 6/1-2: the second action pays as usual (two actions: 4 and 5 against four midfielders)."""
    s = event(events_ed, 6, 1, dice=[3, 4, 3, 4], answers=["sprint", "use", "sprint", "use"], rules=("A1", "A13"),
              defaults={"sprint move": None})
    conditions(s, [1, 1, 1], [4, 4, 2])
    s.run("momentum_stage")
    s.set("actions", 2)
    s.run("action_stage")
    assert s.match.tally["condition_spent"] == 2
    assert s["condition"]["home"]["midfield"] == 0


def test_terrace_chant_at_the_zones_maximum_refunds_the_point(events_ed):
    """A13 6/1-2: a zone already at six cannot hold a lent point; the spent point is given back instead."""
    s = event(events_ed, 6, 1, dice=[3, 4], answers=["sprint", "use"], rules=("A1", "A13"), defaults={"sprint move": None})
    conditions(s, [2, 6, 2], [4, 4, 2])
    s.run("momentum_stage")
    s.run("action_stage")
    assert s["condition"]["home"]["midfield"] == 6 and s.match.tally["condition_spent"] == 1


def test_terrace_chant_without_condition_points_rule(draft2024):
    """A13 6/1-2: without A1 there is no point to use."""
    s = event(draft2024, 6, 2)
    s.run("momentum_stage")
    assert s["event.chant_grant"] is None and s["condition"]["home"]["midfield"] == 0


# ---- ball and control
def test_ball_over_the_goal_line_in_the_attacked_area_is_a_corner(draft2024):
    """A13 4/4: the ball's area touches the defending team's goal line: corner kick to the controlling team."""
    s = event(draft2024, 4, 4, ball="away_penalty", home={"away_penalty": 2, "centre": 8}, away={"away_penalty": 4, "centre": 6})
    s.run("momentum_stage")
    assert (s["restart"], s["control"], s["ball.area"]) == ("corner", "home", "away_left_spot")


def test_ball_over_the_own_goal_line_is_a_corner_for_the_opponent(draft2024):
    """A13 4/4: in an area touching the controlling team's own goal line the corner goes to the other team."""
    s = event(draft2024, 4, 4, ball="home_left_corner", defaults={"corner spot": "home_left_spot"},
              home={"home_left_corner": 2, "centre": 8}, away={"home_left_corner": 1, "centre": 9})
    s.run("momentum_stage")
    assert (s["restart"], s["control"], s["ball.area"]) == ("corner", "away", "home_left_spot")


def test_ball_over_the_goal_line_needs_a_goal_line_area(draft2024):
    """A13 4/4: the centre touches no goal line: nothing happens."""
    s = event(draft2024, 4, 4)
    s.run("momentum_stage")
    assert s["restart"] == "" and s.left is None


def test_head_collision_rerolls_ties_and_injures_both(events_ed):
    """A13 5/1: 2-2 is rolled again; 3 against 5: the defending team wins the ball at 5; both roll for an injury."""
    s = event(events_ed, 5, 1, dice=[2, 2, 3, 5])
    s.run("momentum_stage")
    assert (s["control"], s["ball.value"]) == ("away", 5)
    assert s["seen_injuries"] == ["home", "away"]


def test_head_collision_winner_brings_its_closest_player_to_the_ball(events_ed):
    """A13 5/1 and 4.4.3: a winner with no player at the ball moves its closest player there, from any distance."""
    away = {"away_penalty": 4, "away_left_corner": 4, "away_right_corner": 2}
    s = event(events_ed, 5, 1, dice=[1, 6], away=away, answers=["away_left_corner"])
    s.run("momentum_stage")
    assert (s["control"], s["ball.value"]) == ("away", 6)
    assert s.count("away", "centre") == 1 and s.count("away", "away_left_corner") == 3
    assert set(s.agent.asked[0].options) == {"away_penalty", "away_left_corner", "away_right_corner"}


def test_failed_pass_gives_the_ball_to_the_defenders_at_the_ball(draft2024):
    """A13 5/2: the defending team has players at the ball: it gains control with a rolled value."""
    s = event(draft2024, 5, 2, dice=[4])
    s.run("momentum_stage")
    assert (s["control"], s["ball.value"]) == ("away", 4)


def test_failed_pass_needs_a_defender_at_the_ball(draft2024):
    """A13 5/2: no defending player in the ball's area: no effect, no die."""
    s = event(draft2024, 5, 2, away={"away_front": 6, "away_left_wing": 2, "home_front": 2})
    s.run("momentum_stage")
    assert s["control"] == "home" and s.dice_left == 0


def test_behind_the_referees_back_injures_the_controlling_team(events_ed):
    """A13 5/4: the controlling team must roll for an injury (advanced rule A4, fired as the injury trigger)."""
    s = event(events_ed, 5, 4, control="away", phasing="home")
    s.run("momentum_stage")
    assert s["seen_injuries"] == ["away"]


def test_streaker_moves_the_time_d6_plus_one(draft2024):
    """A13 5/5: one minute for the action, then 4 + 1 minutes."""
    s = event(draft2024, 5, 5, dice=[4])
    s.run("momentum_stage")
    assert s["minute"] == 26 and s["half_ends"] is False


def test_streaker_can_reach_stoppage_time(draft2024):
    """A13 5/5 and 4.2.2.2: the marker stops on the first stoppage square."""
    s = event(draft2024, 5, 5, dice=[6], minute=40)
    s.run("momentum_stage")
    assert (s["minute"], s["stoppage"], s["half_ends"]) == (45, 1, False)


# ---- skills
def test_injured_star_player_dt_loses_a_random_skill(events_ed):
    """A13 6/3: the defending team's skill drawn at random is gone, and carried as removed for the next match."""
    s = event(events_ed, 6, 3, dice=[2], skills={"home": ["Test skill A"], "away": ["Test skill B", "Test skill C"]})
    s.run("momentum_stage")
    assert s.match.skills == {"home": ["Test skill A"], "away": ["Test skill B"]}
    assert s.match.carry_out["removed_skills"] == {"home": [], "away": ["Test skill C"]}


def test_injured_star_player_ct_loses_a_random_skill(events_ed):
    """A13 6/4: the controlling team's skill drawn at random is gone."""
    s = event(events_ed, 6, 4, dice=[1], skills={"home": ["Test skill A", "Test skill D"], "away": []})
    s.run("momentum_stage")
    assert s.match.skills["home"] == ["Test skill D"]
    assert s.match.carry_out["removed_skills"] == {"home": ["Test skill A"], "away": []}


def test_injured_star_player_without_skills(events_ed):
    """A13 6/3: a team without skills loses nothing (and no die is drawn)."""
    s = event(events_ed, 6, 3)
    s.run("momentum_stage")
    assert s.dice_left == 0 and s.match.carry_out == {}


@pytest.mark.parametrize("dice,team", [((6, 5), "away"), ((6, 6), "home")], ids=["DT", "CT"])
def test_new_talent_gains_a_random_skill(events_ed, dice, team):
    """A13 6/5-6: a random skill the team does not have joins it, and is carried for the remaining matches."""
    have = {"home": ["Test skill A"], "away": ["Test skill B"]}
    s = event(events_ed, *dice, dice=[2], rules=("A12", "A13"), skills=have)
    pool = [k for k in events_ed.skills if k not in have[team]]
    s.run("momentum_stage")
    assert s.match.skills[team] == have[team] + [pool[1]]
    assert s.match.carry_out["new_skills"][team] == [pool[1]]


def test_new_talent_needs_the_skills_rule(events_ed):
    """A13 6/5: without A12 no skills are in play: nothing happens."""
    s = event(events_ed, 6, 5)
    s.run("momentum_stage")
    assert s.match.skills == {"home": [], "away": []} and s.dice_left == 0


# ---- tournaments and leagues
def test_injured_star_misses_the_next_match_only(events_ed):
    """A13 6/4 and tournament.yaml: the skill removed in one match is taken out at the start of the next."""
    first = event(events_ed, 6, 4, dice=[2], skills={"home": ["Test skill A", "Test skill B"], "away": []})
    first.run("momentum_stage")
    carry = first.match.carry_out
    assert carry["removed_skills"]["home"] == ["Test skill B"]
    second = play_match(events_ed, seed=3, rules_on=["A13"], skills={"home": ["Test skill A", "Test skill B"], "away": []}, carry=carry)
    start = next(e for e in second.events if e["kind"] == "skills" and e["team"] == "home")
    assert start["to"] == ["Test skill A"]
    removed_again = [e for e in second.events if e["kind"] == "log" and e.get("tag") == "skill_removed" and e["team"] == "home"]
    if not removed_again:
        assert second.carry["removed_skills"]["home"] == []


def test_injured_star_is_not_chosen_by_the_skill_selection(events_ed):
    """A13 6/3-4 with A12: the injured skill is out before the next match's skill selection, and New talent cannot bring it back."""
    carry = {"removed_skills": {"home": ["Test skill B"], "away": []}}
    skills = {"home": ["Test skill A", "Test skill B", "Test skill C"], "away": []}
    for seed in range(3):
        r = play_match(events_ed, seed=seed, rules_on=["A12", "A13"], skills=skills, carry=carry)
        home = [e for e in r.events if e["kind"] in ("skills", "reserve") and e["team"] == "home"]
        assert home and all("Test skill B" not in e["to"] for e in home)


def test_new_talent_stays_for_the_remaining_matches(events_ed):
    """A13 6/5-6 and tournament.yaml: a gained skill is added at the start of each later match and carried on."""
    carry = {"new_skills": {"home": ["Test skill C"], "away": []}}
    second = play_match(events_ed, seed=4, rules_on=["A12", "A13"], skills={"home": ["Test skill A"], "away": []}, carry=carry)
    start = next(e for e in second.events if e["kind"] == "skills" and e["team"] == "home")
    assert start["to"] == ["Test skill A", "Test skill C"]
    assert "Test skill C" in second.carry["new_skills"]["home"]
    third = play_match(events_ed, seed=5, rules_on=["A12", "A13"], skills={"home": ["Test skill A"], "away": []}, carry=second.carry)
    start = next(e for e in third.events if e["kind"] == "skills" and e["team"] == "home")
    assert "Test skill C" in start["to"]


def test_two_matches_in_a_row_pass_the_carry_along(events_ed):
    """Tournament: play a match, hand its carry to the next; what the first lost or gained shapes the second's start."""
    skills = {"home": ["Test skill A", "Test skill B"], "away": ["Test skill C", "Test skill D"]}
    for seed in range(40):
        first = play_match(events_ed, seed=seed, rules_on=["A1", "A12", "A13"], skills=skills)
        if first.carry:
            break
    else:
        pytest.fail("no match of 40 had an Injured star player or New talent event")
    second = play_match(events_ed, seed=100, rules_on=["A1", "A12", "A13"], skills=skills, carry=first.carry)
    for team in ("home", "away"):
        gained = first.carry["new_skills"][team]
        lost = first.carry["removed_skills"][team]
        starts = [e for e in second.events if e["kind"] == "skills" and e["team"] == team]
        expected = [k for k in dict.fromkeys(skills[team] + gained) if k not in lost]
        if starts:
            assert starts[0]["to"] == expected
        else:
            assert expected == skills[team]
        assert set(gained) <= set(second.carry["new_skills"][team])


# ---- whole matches
@pytest.mark.parametrize("agents", [("random", "random"), ("coach", "coach")], ids=["random", "coach"])
def test_matches_with_special_events_keep_the_invariants(editions_dir, agents):
    """Whole matches with A1, A6, A7, A12 and A13: no rule fault, no broken invariant (invariants.yaml)."""
    ed = load_edition("2024-draft", root=editions_dir)
    events = 0
    for seed in range(5):
        r = play_match(ed, seed, agents, rules_on=["A1", "A6", "A7", "A12", "A13"], check_invariants=True)
        assert any(e.get("tag") == "full_time" for e in r.events)
        clocks = [e["clock"] for e in r.events if e["clock"] is not None]
        assert clocks == sorted(clocks)
        events += r.tally.get("special_event_name", 0)
    assert events > 15


def test_fatigue_loss_is_not_optional(draft2024):
    """A13 4/1-3: "The point lost must be reduced from the zone in which the ball is located, unless there are
    no points available in that zone, in which case two points are reduced from other zones": away has points
    only in its attack zone, so both come from there; the team has nothing to decline."""
    s = event(draft2024, 4, 2, rules=("A1", "A13"), defaults={"condition point lost from": None})
    conditions(s, [4, 4, 2], [0, 0, 2])
    s.run("momentum_stage")
    assert s["condition"]["away"] == {"defence": 0, "midfield": 0, "attack": 0}

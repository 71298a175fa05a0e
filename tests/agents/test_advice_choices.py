"""The coach's advice where it used to play at random: substitutions, the penalty guess, the
corner spot and the skills a team plays (2024 draft)."""

from __future__ import annotations

import pytest

from fuba_rules.agents import CoachAgent
from fuba_rules.edition import load_edition
from fuba_rules.engine.decisions import NeedDecision
from fuba_rules.scenario import Scenario

from agentkit import ROOT

FULL = {"defence": 4, "midfield": 4, "attack": 2}  # a 4-4-2's ten condition points
TIRED = {"defence": 1, "midfield": 1, "attack": 1}


@pytest.fixture(scope="module")
def draft():
    return load_edition("2024-draft", root=ROOT)


def team_state(draft, rules=("A1", "A3", "A4"), minute=60, condition=FULL, yellow=0, score=(0, 0), **kw):
    s = Scenario(draft, rules=list(rules), **kw)
    s.state(minute=minute)
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    s.set("condition", {"home": dict(condition), "away": dict(FULL)})
    s.set("yellow", {"home": yellow, "away": 0})
    s.set("score", {"home": score[0], "away": score[1]})
    return s


class Stop(NeedDecision):
    """Ends a scenario at the decision a test wants to look at."""


class Watcher:
    """Records the advice of the decision labelled `label` as the coach sees it, then stops."""

    name = "watcher"

    def __init__(self, label: str):
        self.label, self.scores, self.options = label, None, None
        self.coach = CoachAgent(0)

    def choose(self, decision, match):
        if decision.label == self.label:
            self.options, self.scores = decision.labels, decision.scores
            raise Stop(decision)
        return self.coach.choose(decision, match)


def advice_at(s: Scenario, label: str, procedure: str, *args) -> dict[str, float]:
    w = Watcher(label)
    s.match.agents = {"home": w, "away": w}
    with pytest.raises(Stop):
        s.run(procedure, *args)
    return dict(zip(w.options, w.scores))


# ---- A3 substitutions
def subs_advice(s: Scenario, n: int = 1) -> float:
    return s.value("substitution_advice", "home", n)


def test_a_tired_team_substitutes_and_a_fresh_one_does_not(draft):
    assert subs_advice(team_state(draft, condition=TIRED)) > 0
    assert subs_advice(team_state(draft, condition=FULL)) < 0


def test_no_substitution_in_the_last_minutes_when_its_points_come_too_late(draft):
    assert subs_advice(team_state(draft, condition=TIRED, minute=89)) < 0


def test_without_condition_points_a_player_on_a_yellow_card_is_the_reason_to_substitute(draft):
    """With A3 but not A1 a substitution brings no points; it can still save a booked player."""
    assert subs_advice(team_state(draft, rules=("A3",), yellow=0)) < 0
    assert subs_advice(team_state(draft, rules=("A3",), yellow=1)) > 0


def test_a_team_behind_in_the_second_half_wants_fresh_legs_more(draft):
    behind = subs_advice(team_state(draft, condition={"defence": 3, "midfield": 3, "attack": 2}, score=(0, 1)))
    level = subs_advice(team_state(draft, condition={"defence": 3, "midfield": 3, "attack": 2}))
    assert behind > level
    # without condition points (A3 alone) it is the formation change that a team behind comes for
    assert subs_advice(team_state(draft, rules=("A3",), score=(0, 1))) > 0
    assert subs_advice(team_state(draft, rules=("A3",), score=(1, 1))) < 0


def test_with_injuries_in_play_the_last_substitution_waits_for_the_final_quarter_hour(draft):
    def last_one(rules, minute):
        s = team_state(draft, rules=rules, minute=minute, condition=TIRED)
        s.set("subs_used", {"home": 2, "away": 0})
        return subs_advice(s)

    assert last_one(("A1", "A3", "A4"), 60) < last_one(("A1", "A3"), 60)
    assert last_one(("A1", "A3", "A4"), 80) == last_one(("A1", "A3"), 80)


# ---- penalties and corners
def test_the_keeper_guess_is_advised_even_so_no_kick_can_read_it(draft):
    """Any guess the kicker could predict is beaten; an even mix concedes at most 26 in 36."""
    s = Scenario(draft)
    s.pieces("home", {"away_front": 2, "centre": 3}, "home_penalty").pieces("away", {"away_front": 2}, "away_penalty")
    scores = advice_at(s, "keeper guess", "penalty_kick", "home")
    assert len(set(scores.values())) == 1 and set(scores) == {"left", "none", "right"}


def test_a_corner_is_taken_on_the_side_the_ball_went_out(draft):
    s = Scenario(draft)
    s.pieces("home", {"away_left_wing": 2}, "home_penalty").pieces("away", {"away_front": 2}, "away_penalty")
    s.state(ball__area="away_left_corner")
    scores = advice_at(s, "corner spot", "corner_kick", "home")
    assert max(scores, key=scores.get) == "away_left_spot"


# ---- A12 which skills to play
def test_a_skill_fits_the_line_the_formation_fills(draft):
    s = team_state(draft, rules=("A1", "A12"))
    s.set("formation", {"home": [3, 4, 3], "away": [5, 4, 1]})
    assert s.value("skill_fit", "home", "Target man") == 3  # forwards
    assert s.value("skill_fit", "away", "Target man") == 1
    assert s.value("skill_fit", "away", "Catenaccio") == 5  # defenders


def test_without_condition_points_a_skill_that_costs_one_is_of_no_use(draft):
    s = team_state(draft, rules=("A12",))
    assert s.value("skill_fit", "home", "Target man") == 0
    assert s.value("skill_fit", "home", "Penalty saver") > 0  # it costs nothing


def test_the_coach_keeps_the_skills_its_formation_can_use(draft):
    s = Scenario(draft, rules=["A1", "A12"], skills={"home": ["Target man", "Catenaccio"], "away": []})
    s.set("formation", {"home": [5, 4, 1], "away": [4, 4, 2]})
    s.match.agents = {t: CoachAgent(1) for t in ("home", "away")}
    s.fire("match_start")
    assert s.match.skills["home"] == ["Catenaccio"] and s.match.reserve["home"] == ["Target man"]


def test_in_2_0_no_substitution_action_in_the_last_minutes():
    """2.0 A3: a substitution costs an action; in the last three minutes its points come too late."""
    ed = load_edition("2.0", root=ROOT)
    s = Scenario(ed, rules=["A2", "A3"])
    s.set("condition", {"home": {"defence": 1, "midfield": 1, "attack": 1}, "away": dict(FULL)})
    s.state(minute=60, half=2)
    assert s.value("substitution_advice", "home") > 0
    s.state(minute=89)
    assert s.value("substitution_advice", "home") < 0

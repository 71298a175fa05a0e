"""The coach's advice where it used to play at random: substitutions, the penalty guess, the
corner spot and the skills a team plays (2024 draft)."""

from __future__ import annotations

import pytest

from fuba_rules.agents import CoachAgent
from fuba_rules.edition import load_edition
from fuba_rules.engine.decisions import Decision, NeedDecision
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


def test_with_injuries_in_play_a_tired_team_keeps_its_last_substitution_for_an_injury(draft):
    """A3/A4: a team that has made two substitutions, one at a time, declines the third
    before the final quarter hour (advice below 0, declining's score) when injuries are in
    play: an injured player who cannot return is replaced only with a substitution left."""

    def third(rules, minute=60):
        s = team_state(draft, rules=rules, minute=minute, condition=TIRED)
        s.set("subs_used", {"home": 2, "away": 0})
        return subs_advice(s)

    assert third(("A1", "A3", "A4")) < 0
    assert third(("A1", "A3")) > 0
    assert third(("A1", "A3", "A4"), minute=80) > 0
    s = team_state(draft, minute=60, condition=TIRED)
    s.set("subs_used", {"home": 1, "away": 0})
    assert subs_advice(s, 1) > 0 and subs_advice(s, 2) < 0  # the second, not the second and third at once


# ---- A3 formation changes and A2 roles
def test_a_formation_change_never_leaves_a_team_without_a_forward_or_a_defender(draft):
    """A3: one player changes position. A team ahead with a 4-5-1 likes defenders, and
    a change of its forward to defence (5-5-0) used to score best; the coach keeps a forward
    and a defender while the rules offer such a formation."""
    s = team_state(draft, score=(1, 0))
    s.set("formation", {"home": [4, 5, 1], "away": [4, 4, 2]})
    changes = s.value("changes_of", [4, 5, 1])
    assert [5, 5, 0] in changes and [4, 6, 0] in changes
    scores = [s.value("formation_advice", "home", f) for f in changes]
    chosen = changes[CoachAgent(0).choose(Decision("home", "formation change", tuple(changes), tuple(scores)), s.match)]
    assert chosen[0] > 0 and chosen[2] > 0
    assert all(x < min(scores[i] for i, f in enumerate(changes) if f[2] > 0) for x, f in zip(scores, changes) if f[2] == 0)


def test_a_role_is_named_when_it_evens_out_the_zones_condition_points(draft):
    """A2: each role moves a condition point between zones; a 4-4-2 (4, 4, 2 points) gains
    from an attacking midfielder (midfield to attack), not from a withdrawn striker (attack
    to midfield) or a role that only swaps two zones' counts."""
    s = team_state(draft, rules=("A1", "A2"))
    assert s.value("role_advice", "home", "attacking_midfielder") >= 0
    assert s.value("role_advice", "home", "offensive_wing_back") >= 0
    assert s.value("role_advice", "home", "withdrawn_striker") < 0
    assert s.value("role_advice", "home", "attacking_centre_back") < 0


# ---- penalties and corners
@pytest.mark.parametrize("edition,label", [("2024-draft", "keeper guess"), ("2.0", "keeper dive"), ("world-cup-2015", "keeper hidden die")])
def test_the_keeper_guess_is_advised_as_an_even_mix_so_no_kick_can_read_it(edition, label):
    """5.5.2: any guess the kicker could predict is beaten; an even mix concedes at most
    26 in 36. The advice "mix" is the one place the coach draws at random."""
    s = Scenario(load_edition(edition, root=ROOT))
    s.pieces("home", {"away_front": 2, "centre": 3}, "home_penalty").pieces("away", {"away_front": 2}, "away_penalty")
    scores = advice_at(s, label, "penalty_kick", "home")
    assert scores == {"left": "mix", "none": "mix", "right": "mix"}


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


# ---- World Cup 2015 movement (4.4)
@pytest.mark.parametrize("team,liked", [("home", "forward"), ("away", "defence")])
def test_in_2015_a_4_4_2_moves_the_line_its_role_likes_when_all_three_would_move_as_many(team, liked):
    """4.4: a team moves its defence, midfield or forwards. A 4-4-2 controlling the ball
    scored all three alike (four moves, or two forward moves and the liking); the tie went
    to a coin, and to the defence under the first-listed rule, which stopped the attack.
    The controlling team now moves forward and the passive team defends."""
    s = Scenario(load_edition("world-cup-2015", root=ROOT))
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    s.state(control="home")
    scores = {o: s.value("option_advice", team, o) for o in ("defence", "midfield", "forward")}
    assert max(scores, key=scores.get) == liked and len(set(scores.values())) == 3



# ---- 5.2.1 a set piece's new setup, the same for both teams
def _mirror(area: str) -> str:
    """The same area seen from the other end: home and away swapped, and left and right."""
    swap = {"home": "away", "away": "home", "left": "right", "right": "left"}
    return "_".join(swap.get(w, w) for w in area.split("_"))


def test_a_new_setup_anywhere_is_the_same_for_both_teams_mirrored(draft):
    """5.2.1: at a set piece a team sets up anywhere. The advice likes every area of a
    zone alike until the zone is full, and the board lists areas from the home end, so
    the first listed put the away team's forwards in the home penalty area and the home
    team's in the away front area. The advice now fills a zone from the front, for both."""
    placed = {}
    for t in ("home", "away"):
        s = Scenario(draft)
        s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
        s.match.agents = {x: CoachAgent(0) for x in ("home", "away")}
        s.run("setup_anywhere", t, None)
        placed[t] = dict(s.match.pieces[t])
    assert {_mirror(a): n for a, n in placed["home"].items()} == placed["away"]


def test_in_2015_a_set_piece_setup_is_the_same_for_both_teams_mirrored():
    """World Cup 2015, 3.3: at a set piece each team places its players anywhere (the
    controlling team first). As in the 2024 draft, the first listed of the areas the advice
    liked alike was the home team's deepest and the away team's most forward; the advice
    now fills a zone from the front, for both."""
    ed = load_edition("world-cup-2015", root=ROOT)
    placed = {}
    for ct, required in (("home", "centre"), ("away", "centre")):
        s = Scenario(ed)
        s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
        s.state(control=ct)
        s.match.agents = {x: CoachAgent(0) for x in ("home", "away")}
        s.run("setup", ct, "throw_in", required)
        placed[ct] = {t: dict(s.match.pieces[t]) for t in ("home", "away")}
    assert {_mirror(a): n for a, n in placed["home"]["home"].items()} == placed["away"]["away"]
    assert {_mirror(a): n for a, n in placed["home"]["away"].items()} == placed["away"]["home"]

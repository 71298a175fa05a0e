"""Super Goal!'s champion die and Boskov rule as mods, and the penalty_awarded trigger they use.

Rulebook: ../shared/rulebooks/super-goal-dice-football.md ("SG" in the refs). Every test
scripts the dice: the die a test names is the die the rule rolls.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from fuba_rules.edition import load_edition
from fuba_rules.scenario import Scenario

EDITIONS = Path(__file__).resolve().parents[2] / "editions"
CHAMPION = EDITIONS / "mods" / "super-goal-champion.yaml"
BOSKOV = EDITIONS / "mods" / "super-goal-boskov.yaml"
PENALTY_2024 = {"penalty taker from": "centre", "keeper guess": "none", "penalty kick": "left", "kick-off setup": "centre",
                "set piece move": None, "set piece setup": "centre"}


@pytest.fixture(scope="module")
def boskov():
    return load_edition("2024-draft", mods=[BOSKOV], root=EDITIONS)


@pytest.fixture(scope="module")
def champion():
    return load_edition("2024-draft", mods=[CHAMPION], root=EDITIONS)


@pytest.fixture(scope="module")
def both():
    return load_edition("2024-draft", mods=[CHAMPION, BOSKOV], root=EDITIONS)


def foul_in_the_box(ed, dice, **kw):
    """Home is fouled in the away penalty area (2024 draft, 5.2: a free kick there is a penalty kick)."""
    s = Scenario(ed, dice=dice, defaults=PENALTY_2024, **kw)
    s.pieces("home", {"away_penalty": 2, "away_front": 3, "centre": 5}, "home_penalty")
    s.pieces("away", {"away_penalty": 3, "away_front": 2, "centre": 5}, "away_penalty")
    s.state(control="away", phasing="away", ball__area="away_penalty", ball__value=4)
    return s


# ---- the trigger: between the foul in the box and the penalty kick
def test_without_a_hook_a_foul_in_the_box_is_still_a_penalty_kick(draft2024):
    """5.2: the new trigger changes nothing by itself."""
    s = foul_in_the_box(draft2024, dice=[5])
    s.run("free_kick", "home")
    assert s.logs("penalty") and s["score"]["home"] == 1


# ---- the Boskov rule
def test_boskov_question_mark_no_penalty_and_the_attacker_keeps_the_ball(boskov):
    """SG Boskov rule: on the question mark (a 1) 'it is not a penalty, but the ball remains with the attacker'."""
    s = foul_in_the_box(boskov, dice=[1])
    s.run("free_kick", "home")
    assert s.logs("boskov_no_whistle") and not s.logs("penalty")
    assert (s["control"], s["ball.area"], s["ball.value"]) == ("home", "away_penalty", 4)
    assert s.left == "turn" and s["phasing"] == "away"  # the turn ends; home plays the next one
    assert s.logs("penalty_cancelled") == ["No penalty kick: home keeps the ball in Away penalty area"]


@pytest.mark.parametrize("whistle", [2, 3, 4, 5, 6])
def test_boskov_five_times_in_six_the_referee_blows_the_whistle(boskov, whistle):
    s = foul_in_the_box(boskov, dice=[whistle, 5])
    s.run("free_kick", "home")
    assert s.logs("penalty") and not s.logs("penalty_cancelled")
    assert s["score"]["home"] == 1  # the draft's own penalty kick: 5 against the 2 needed (left, keeper stays)


def test_boskov_is_not_rolled_for_a_free_kick_outside_the_box(boskov):
    s = foul_in_the_box(boskov, dice=[]).state(ball__area="away_front")
    s.run("free_kick", "home")
    assert s.logs("free_kick") and not s.logs("boskov_no_whistle")


def test_boskov_applies_to_world_cup_2015_and_2_0_through_the_same_trigger():
    """The trigger is declared in every edition with penalties, so one mod fits all three."""
    for edition, setup in (("world-cup-2015", {"target": "away_penalty"}), ("2.0", {"turn__target": "away_penalty"})):
        ed = load_edition(edition, mods=[BOSKOV], root=EDITIONS)
        s = Scenario(ed, dice=[1], defaults={"set piece setup": "centre"})
        s.pieces("home", {"away_penalty": 2, "away_front": 3, "centre": 5}, "home_penalty")
        s.pieces("away", {"away_penalty": 3, "away_front": 2, "centre": 5}, "away_penalty")
        s.state(control="away", ball__area="away_front", **setup)
        s.run("free_kick", "home")
        assert s.logs("boskov_no_whistle") and not s.logs("penalty"), edition
        assert (s["control"], s["ball.area"], s.left) == ("home", "away_penalty", "turn"), edition


# ---- the champion die
def test_the_team_that_does_not_kick_off_holds_the_champion_die(champion):
    """SG Preparation: the toss winner rolls the champion die; the other team starts in attack.
    The draft's kick-off roll (parent) is 5-2 for home; away rolls the champion die: 4."""
    s = Scenario(champion, dice=[5, 2, 4], answers=["home"])
    first = s.run("kick_off_choice")
    assert first == "home"
    assert (s["champion.holder"], s["champion.face"]) == ("away", "extraordinary save")


def champion_position(ed, holder, face, dice, answers=(), **kw):
    s = foul_in_the_box(ed, dice, answers=list(answers), **kw)
    s.state(control="home", phasing="home", champion__holder=holder, champion__face=face)
    return s


def test_unstoppable_shot_from_the_box_is_a_goal_and_the_die_changes_hands(champion):
    """SG: 'the attacker scores a goal when playing this champion die'; away rolls the die at once (5: recovery)."""
    s = champion_position(champion, "home", "unstoppable shot", dice=[5], answers=["unstoppable shot"])
    s.run("goal_attempt", "home", False)
    assert s["score"]["home"] == 1
    assert (s["champion.holder"], s["champion.face"]) == ("away", "miraculous recovery")
    assert s.dice_left == 0  # no goal attempt die was rolled


def test_unstoppable_shot_stopped_by_the_extraordinary_save_just_rolled(champion):
    """SG: 'the goal can be avoided if the strike by the opponent is an extraordinary save':
    away rolls 4 (save) and plays it; the keeper has the ball (goal kick); home rolls the die again (3)."""
    s = champion_position(champion, "home", "unstoppable shot", dice=[4, 3], answers=["unstoppable shot", "use"])
    s.run("goal_attempt", "home", False)
    assert s["score"]["home"] == 0 and s.logs("goal_kick")
    assert (s["champion.holder"], s["champion.face"]) == ("home", "unstoppable shot")


def test_declining_the_champion_move_is_the_drafts_own_goal_attempt(champion, draft2024):
    """The override calls parent(): the same dice give the same attempt as the draft's."""
    s = champion_position(champion, "home", "unstoppable shot", dice=[6], answers=[None])
    s.run("goal_attempt", "home", False)
    plain = foul_in_the_box(draft2024, dice=[6]).state(control="home", phasing="home")
    plain.run("goal_attempt", "home", False)
    assert s["score"] == plain["score"] and s.logs() == plain.logs()
    assert s["champion.holder"] == "home"


def test_unstoppable_shot_is_not_offered_outside_the_box(champion):
    s = champion_position(champion, "home", "unstoppable shot", dice=[6]).state(ball__area="away_front", ball__value=3)
    s.run("goal_attempt", "home", False)
    assert not [d for d in s.agent.asked if d.label == "champion die"]


def test_foul_in_attack_in_the_box_is_a_penalty_and_boskov_may_wave_it_on(both):
    """SG: the foul played in attack inside the box 'allows a penalty kick'; with the Boskov rule
    the whistle is rolled for: away rolls the die it receives (2: assist), then the Boskov die (1)."""
    s = champion_position(both, "home", "foul", dice=[2, 1], answers=["use"])
    s.fire("action_stage_start")
    assert s.logs("boskov_no_whistle") and not s.logs("penalty")
    assert (s["control"], s["champion.holder"], s["champion.face"]) == ("home", "away", "assist")


def test_foul_in_defence_gives_the_defence_a_free_kick_never_a_penalty(champion):
    """SG special case: the defence's whistle in its own box 'is not a penalty but a direct free kick'."""
    s = champion_position(champion, "away", "foul", dice=[6], answers=["use"])  # the ball in away's penalty area
    s.fire("action_stage_start")
    assert s["control"] == "away" and s.logs("free_kick") and not s.logs("penalty")


# ---- written without copying
def _lines(text: str) -> list[str]:
    return [" ".join(line.split("#")[0].split()) for line in text.splitlines() if line.split("#")[0].strip()]


def _runs(text: str, size: int = 3) -> set[tuple[str, ...]]:
    lines = _lines(text)
    return {tuple(lines[i : i + size]) for i in range(len(lines) - size + 1)}


@pytest.mark.parametrize("mod", [CHAMPION, BOSKOV], ids=lambda p: p.stem)
def test_no_procedure_body_of_the_mod_repeats_the_base(mod):
    """A mod changes a rule by calling parent(...), never by pasting it: no three lines in a row
    of any procedure or hook of the mod appear in any procedure or hook of the 2024 draft."""
    base = set()
    for f in (EDITIONS / "2024-draft").glob("*.yaml"):
        data = yaml.safe_load(f.read_text(encoding="utf-8")) or {}
        for section in ("procedures", "hooks", "skills"):
            for entry in (data.get(section) or {}).values():
                base |= _runs(str(entry.get("do", "")))
    data = yaml.safe_load(mod.read_text(encoding="utf-8"))
    for section in ("procedures", "hooks"):
        for name, entry in (data.get(section) or {}).items():
            assert not _runs(str(entry.get("do", ""))) & base, f"{mod.name}: {section}.{name} repeats the draft's lines"

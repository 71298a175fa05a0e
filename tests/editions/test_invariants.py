"""Rulebook invariants as data: each edition declares the states its rulebook forbids, with
their chapters, and the engine checks them where the edition says (docs/invariants.md).

Positions are set by hand (Scenario) so that these tests do not depend on how the rules
reach them; the soak (test_invariants_soak.py) plays whole matches."""

from __future__ import annotations

import textwrap

import pytest

from fuba_rules.cli import main
from fuba_rules.diagnostics import FubaError
from fuba_rules.edition import load_edition
from fuba_rules.engine.invariants import InvariantBroken
from fuba_rules.scenario import Scenario
from fuba_rules.sim.play import MatchFault, play_match

# The examples issue 36 asks every edition to cover, by the name each edition gives them.
COVERED = {
    "2024-draft": ["ct_has_a_player_at_the_ball", "ball_value_within_its_bounds", "no_piece_on_a_corner_spot_in_play",
                   "set_piece_marker_lasts_its_first_action", "condition_points_within_their_bounds", "eleven_a_side_less_sent_off_and_injured"],
    "world-cup-2015": ["ct_has_a_player_at_the_ball", "ball_value_within_its_bounds", "no_piece_on_a_corner_spot_in_play",
                       "turn_flags_cleared_when_the_turn_ends", "condition_dice_within_their_bounds", "eleven_a_side_less_sent_off_and_injured"],
    "2.0": ["ct_has_a_player_at_the_ball", "ball_value_within_its_bounds", "no_piece_on_a_corner_spot_in_play",
            "a_pressing_rolls_its_own_dice", "condition_points_within_their_bounds", "eleven_a_side_less_sent_off_and_injured"],
}
# Where each edition checks between turns: its own turn_end trigger, or just before the turn's reset.
TURN_END = {"2024-draft": ("turn_end", {"team": "home"}), "world-cup-2015": ("turn_end", {}), "2.0": ("reset:turn", {})}


@pytest.fixture(scope="module")
def editions(editions_dir):
    return {e: load_edition(e, root=editions_dir) for e in COVERED}


def kick_off(ed, **params) -> Scenario:
    """The kick-off position (3.3): home has the ball in the centre with two players there."""
    s = Scenario(ed, **params)
    s.pieces("home", {"centre": 2, "home_front": 4, "home_left_wing": 2, "home_right_wing": 2}, keeper="home_penalty")
    s.pieces("away", {"away_front": 4, "away_left_wing": 3, "away_right_wing": 3}, keeper="away_penalty")
    s.state(control="home", ball__area="centre", ball__value=1)
    return s


@pytest.mark.parametrize("edition", COVERED)
def test_every_edition_declares_the_rulebook_invariants_with_their_chapters(editions, edition):
    invariants = editions[edition].invariants
    for name in COVERED[edition]:
        assert name in invariants, name
        assert invariants[name].ref and invariants[name].message and invariants[name].at, name


@pytest.mark.parametrize("edition", COVERED)
def test_the_kick_off_position_keeps_every_invariant(editions, edition):
    point, params = TURN_END[edition]
    assert kick_off(editions[edition]).broken(point, **params) == []


@pytest.mark.parametrize("edition", COVERED)
def test_a_controlling_team_with_no_player_at_the_ball_breaks_4_4_3(editions, edition):
    """2024 4.4.3, 2015 and 2.0 4.8.8: "The controlling team must always have at least one
    player in the same area as the ball"."""
    s = kick_off(editions[edition]).state(ball__area="away_left_wing")
    point, params = TURN_END[edition]
    assert s.broken(point, **params) == ["ct_has_a_player_at_the_ball"]


@pytest.mark.parametrize("edition", COVERED)
def test_a_piece_left_on_a_corner_spot_breaks_the_corner_rule_unless_the_corner_is_next(editions, edition):
    """2024 5.3.2, 2015 5.2.1, 2.0 5.2: the corner spot is an area for the corner kick only."""
    s = kick_off(editions[edition])
    s.pieces("away", {"away_front": 4, "away_left_wing": 2, "away_right_wing": 3, "away_left_spot": 1}, keeper="away_penalty")
    point, params = TURN_END[edition]
    assert s.broken(point, **params) == ["no_piece_on_a_corner_spot_in_play"]
    s.state(restart="corner")  # the next turn begins with that corner: its taker stands there
    assert s.broken(point, **params) == []


@pytest.mark.parametrize("edition", COVERED)
def test_a_team_with_a_piece_too_many_breaks_eleven_a_side(editions, edition):
    """Eleven pieces a side, less those sent off or injured (2024 1.1, 2015 2.1, 2.0 2.1)."""
    ed = editions[edition]
    s = kick_off(ed)
    s.match.sent_off["away"] = 1  # away had a player sent off, yet still has eleven on the pitch
    point = "after_reaction" if edition == "2024-draft" else TURN_END[edition][0]
    params = {} if point != "turn_end" or edition != "2024-draft" else {"team": "home"}
    assert s.broken(point, **params) == ["eleven_a_side_less_sent_off_and_injured"]


def test_world_cup_2015_free_kick_shot_pending_at_the_end_of_a_turn_is_broken(editions):
    """5.1: the free kick's goal attempt belongs to the turn it was awarded in, and is
    one attempt: once the turn ends it is no longer pending."""
    s = kick_off(editions["world-cup-2015"]).state(free_kick_shot=True)
    assert s.broken("turn_end") == ["turn_flags_cleared_when_the_turn_ends"]


def test_world_cup_2015_a_shot_from_the_own_half_is_broken(editions):
    """4.7: "The controlling team can attempt to score if it has the ball in any of the
    areas that are fully on the passive team's side"; 4.7.2 adds the areas touching the
    halfway line when the passive keeper is out of its penalty area."""
    s = kick_off(editions["world-cup-2015"])
    assert s.broken("goal_attempt_announced", area="home_penalty") == ["shots_only_from_the_opponents_side"]
    assert s.broken("goal_attempt_announced", area="away_front") == []
    assert s.broken("goal_attempt_announced", area="centre") == ["shots_only_from_the_opponents_side"]
    s.pieces("away", {"away_front": 4, "away_left_wing": 3, "away_right_wing": 3}, keeper="away_front")
    assert s.broken("goal_attempt_announced", area="centre") == []


def test_2_0_a_pressing_starting_with_an_earlier_pressings_two_dice_is_broken(editions):
    """4.10: "In a pressing action the team roll a die"; two only for this pressing's A6
    (or, after this check, its own Tackle or Midfield pressing)."""
    s = kick_off(editions["2.0"], rules=["A6"])
    assert s.broken("pressing_start", team="away", aggressive=False) == []
    s.state(press__dice=2, press__skill=True)  # left by the other team's Tackle earlier in the turn
    assert s.broken("pressing_start", team="away", aggressive=False) == ["a_pressing_rolls_its_own_dice"]


def test_2024_set_piece_marker_after_an_action_is_broken(editions):
    """4.7.2 and 5: a set piece's own pass rules hold for its first action only."""
    s = kick_off(editions["2024-draft"]).state(set_piece="free_kick")
    assert s.broken("action_done", team="home") == ["set_piece_marker_lasts_its_first_action"]


def test_condition_points_are_checked_only_with_their_advanced_rule(editions):
    """A1.2: condition points exist only with A1; an invariant of an advanced rule is not
    asked when the rule is off."""
    s = kick_off(editions["2024-draft"])
    s.match.S["condition"]["home"]["midfield"] = -1  # a state no declared write can reach (writes are clamped)
    assert s.broken("action_done", team="home") == []
    s.match.rules_on = frozenset({"A1"})
    assert s.broken("action_done", team="home") == ["condition_points_within_their_bounds"]


def test_an_unknown_point_is_an_error_not_an_empty_answer(editions):
    with pytest.raises(ValueError, match="did you mean 'turn_end'"):
        kick_off(editions["world-cup-2015"]).broken("turn_ned")


def test_a_scenario_checking_invariants_stops_at_the_first_broken_one(editions):
    """The 4.6 pressing of the README, played with the invariants checked: a legal run
    passes; the same run from a position that breaks 4.4.3 stops at the action."""
    ed = editions["2024-draft"]
    s = Scenario(ed, dice=[2, 5], check_invariants=True)
    s.pieces("home", {"centre": 2, "home_front": 8}, keeper="home_penalty")
    s.pieces("away", {"centre": 2, "away_front": 8}, keeper="away_penalty")
    s.state(control="home", ball__area="centre", ball__value=3)
    s.run("pressing", t="away")
    assert s["control"] == "away"
    s.state(ball__area="home_front")  # away has the ball now, but no player in the home front area
    with pytest.raises(InvariantBroken, match=r"invariant 'ct_has_a_player_at_the_ball' \[4.4.3\] broken at action_done\(team=away\)"):
        s.fire("action_done", team="away")


PLANTED = """\
    schema_version: 1
    id: planted
    extends: 2024-draft
    description: "A faulty house rule: the ball jumps to an area where the controlling team has no player."
    hooks:
      ball_jumps_away:
        ref: "house rule"
        at: action_stage_start
        when: len([a for a in areas() if pieces(CT, a) == 0]) > 0
        do: |
          set ball.area = first([a for a in areas() if pieces(CT, a) == 0])
    """


@pytest.fixture
def planted(tmp_path, monkeypatch, editions_dir):
    monkeypatch.chdir(editions_dir.parent)  # the invariant's file is shown relative to here
    path = tmp_path / "planted.yaml"
    path.write_text(textwrap.dedent(PLANTED), encoding="utf-8")
    return path


def test_a_planted_mod_that_breaks_4_4_3_is_reported_with_the_chapter_seed_and_minute(planted, capsys, snapshot):
    code = main(["simulate", "2024-draft", "--mod", str(planted), "-n", "3", "-j", "1", "--check-invariants"])
    _out, err = capsys.readouterr()
    assert code == 1
    assert err == snapshot


def test_without_the_flag_the_planted_mod_plays_on(planted, editions_dir):
    ed = load_edition("2024-draft", mods=[planted], root=editions_dir)
    assert play_match(ed, 0, ("coach", "coach")).score is not None
    with pytest.raises(MatchFault) as broken:
        play_match(ed, 0, ("coach", "coach"), check_invariants=True)
    assert broken.value.invariant == "ct_has_a_player_at_the_ball" and broken.value.seed == 0


def test_a_mod_can_remove_an_invariant_and_add_its_own(planted, tmp_path, editions_dir):
    mod = tmp_path / "lenient.yaml"
    mod.write_text(textwrap.dedent("""\
        schema_version: 1
        id: lenient
        extends: 2024-draft
        remove: [invariants.ct_has_a_player_at_the_ball]
        invariants:
          at_most_five_goals:
            ref: "house rule"
            at: turn_end
            holds: score[home] + score[away] <= 5
            message: "more than five goals"
        """), encoding="utf-8")
    ed = load_edition("2024-draft", mods=[planted, mod], root=editions_dir)
    assert "ct_has_a_player_at_the_ball" not in ed.invariants
    assert ed.invariants["at_most_five_goals"].at == ("turn_end",)


def test_an_invariant_with_unknown_names_is_a_positioned_error(tmp_path, editions_dir, monkeypatch, snapshot):
    monkeypatch.chdir(tmp_path)
    mod = tmp_path / "typo.yaml"
    mod.write_text(textwrap.dedent("""\
        schema_version: 1
        id: typo
        extends: 2024-draft
        invariants:
          ball_in_play:
            ref: "1.1"
            at: [action_dnoe, reset:tunr]
            holds: ball.valeu <= 6
            message: "the ball value is above 6"
          may_not_roll:
            ref: "1.1"
            rule: A99
            at: turn_end
            holds: roll(1) != [7]
            message: "a condition cannot roll"
        """), encoding="utf-8")
    with pytest.raises(FubaError) as e:
        load_edition("2024-draft", mods=[mod], root=editions_dir)
    assert str(e.value) == snapshot


def test_a_search_agents_match_checks_them_too(planted, editions_dir):
    """A search agent's match runs the resumable form of the rules (engine/frames.py): its
    triggers check the same invariants."""
    ed = load_edition("2024-draft", mods=[planted], root=editions_dir)
    with pytest.raises(MatchFault) as broken:
        play_match(ed, 0, ("search:2", "coach"), check_invariants=True)
    assert broken.value.invariant == "ct_has_a_player_at_the_ball"


def test_checking_changes_nothing_in_a_match_that_keeps_them(editions):
    """Determinism: a match played with its invariants checked is the same match, event
    for event, as without."""
    ed = editions["2024-draft"]
    assert play_match(ed, 0, ("coach", "coach"), check_invariants=True).events == play_match(ed, 0, ("coach", "coach")).events

"""Simple Soccer's overtime shoot-out as a mod of the 2024 draft (and the other editions), issue 11.

"The goalie will choose 1 of the 7 spots in the uncertainty area to stand in. The penalty
kicker rolls 1 die and then counts the number of empty spaces from the left to the right
of the uncertainty area. The goalie's space is skipped when counting." One space from
the goalie, an odd number or a 6 saves; two spaces, a 6; three, a double 6; further, it
is a goal. Five kicks each, then one more each until the tie is broken.
"""

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.lang.runtime import RuleFault
from fuba_rules.scenario import Scenario
from fuba_rules.sim.narrate import narrate
from fuba_rules.sim.play import play_match

GOALIE = "shoot-out goalie position"


@pytest.fixture(scope="module")
def shoot_out(editions_dir):
    return load_edition("2024-draft", mods=[editions_dir / "mods" / "simple-soccer-shoot-out.yaml"], root=editions_dir)


def kick(ed, dice, goalie=4):
    s = Scenario(ed, dice=dice, defaults={GOALIE: goalie})
    s.run("shoot_out_kick", "home")
    return s


@pytest.mark.parametrize(
    ("dice", "goalie", "scored"),
    [
        ([3, 1], 4, False),  # space 3, one from the goalie: an odd number saves
        ([3, 6], 4, False),  # ... and so does a 6 (a deflection)
        ([3, 4], 4, True),  # ... an even number below 6 does not
        ([5, 6], 4, False),  # a 5 counts past the goalie's space to space 6: two away, a 6 saves
        ([5, 5], 4, True),
        ([6, 6, 6], 4, False),  # space 7, three away: only a double 6 saves
        ([6, 6, 5], 4, True),
        ([6, 4], 7, True),  # "a roll of 6 ... would be placed in the 6th space" when the goalie stands in the 7th
        ([6], 1, True),  # space 7, six away: no chance of a save, no save roll
    ],
)
def test_a_shoot_out_kick_counts_past_the_goalie_and_the_gap_sets_the_save_roll(shoot_out, dice, goalie, scored):
    s = kick(shoot_out, dice, goalie)
    assert s["shoot_out_goals"]["home"] == (1 if scored else 0)
    assert s.dice_left == 0
    assert ("goal" if scored else "saved") in s.logs("shoot_out_kick")[0]


HOME_SCORES = [6, 1, 2]  # space 7, three from a goalie in the middle, no double 6: a goal
AWAY_SAVED = [3, 1]  # space 3, next to the goalie, an odd number: saved


def test_a_level_match_goes_to_five_kicks_each_and_the_winner_of_them_wins_the_match(shoot_out):
    s = Scenario(shoot_out, dice=[5, 2] + (HOME_SCORES + AWAY_SAVED) * 5, defaults={GOALIE: 4})
    s.state(score={"home": 1, "away": 1})
    s.fire("match_end")
    assert s["score"] == {"home": 1, "away": 1}  # the shoot-out's goals are not match goals
    assert s["shoot_out_goals"] == {"home": 5, "away": 0}  # all five taken though away cannot catch up
    assert s.logs("shoot_out")[0] == "Level at full time: a penalty shoot-out; home kicks first"
    assert s.logs("shoot_out_won") == ["home wins the shoot-out 5-0 after 5 kicks each"]
    assert s.match.decided == ("home", "penalties")
    assert s.dice_left == 0


def test_still_level_after_five_each_one_more_each_until_the_second_team_has_kicked(shoot_out):
    both_score = HOME_SCORES + HOME_SCORES
    s = Scenario(shoot_out, dice=[2, 5] + both_score * 5 + AWAY_SAVED + HOME_SCORES, defaults={GOALIE: 4})
    s.state(score={"home": 0, "away": 0})
    s.fire("match_end")
    assert s.logs("shoot_out")[0].endswith("away kicks first")
    assert s.logs("shoot_out_won") == ["home wins the shoot-out 6-5 after 6 kicks each"]
    assert s.match.decided == ("home", "penalties")


def test_a_match_won_in_normal_time_has_no_shoot_out(shoot_out):
    s = Scenario(shoot_out, dice=[])
    s.state(score={"home": 2, "away": 1})
    s.fire("match_end")
    assert s.logs() == [] and s.match.decided is None


def test_the_coach_keeps_the_goalie_in_the_middle_as_the_rulebook_advises(shoot_out):
    cover = [Scenario(shoot_out).value("goalie_cover", g) for g in range(1, 8)]
    assert cover == [31, 55, 61, 62, 61, 55, 31]  # in 36ths of a kick
    assert max(range(1, 8), key=lambda g: cover[g - 1]) == 4


@pytest.mark.parametrize(("edition", "mod"), [("2024-draft", ""), ("world-cup-2015", "-2015"), ("2.0", "-2.0")])
def test_a_seeded_match_level_at_full_time_is_won_on_penalties(editions_dir, edition, mod):
    plain_ed = load_edition(edition, root=editions_dir)
    modded_ed = load_edition(edition, mods=[editions_dir / "mods" / f"simple-soccer-shoot-out{mod}.yaml"], root=editions_dir)
    plain = next(r for r in (play_match(plain_ed, s, record=False) for s in range(40)) if r.score["home"] == r.score["away"])
    modded = play_match(modded_ed, plain.seed)
    assert plain.winner is None and plain.decided is None
    assert modded.score == plain.score  # the 90 minutes are the same match
    assert modded.decided is not None and modded.decided[1] == "penalties"
    assert modded.winner == modded.decided[0]
    assert [(e["team"], e["how"]) for e in modded.events if e["kind"] == "winner"] == [(modded.winner, "penalties")]
    assert list(narrate(modded.events))[-1].endswith(f"{modded.winner} wins the match (penalties)")  # replay and play say so


DECIDE = """\
schema_version: 1
id: mods/decide
extends: 2024-draft
procedures:
  decide:
    ref: "mod"
    params: [t, how]
    do: decide_winner(t, how=how)
"""


@pytest.fixture(scope="module")
def decide(editions_dir, tmp_path_factory):
    path = tmp_path_factory.mktemp("mods") / "decide.yaml"
    path.write_text(DECIDE)
    return load_edition("2024-draft", mods=[path], root=editions_dir)


def test_decide_winner_is_for_a_level_score_only(decide):
    s = Scenario(decide).state(score={"home": 2, "away": 1})
    with pytest.raises(RuleFault, match="the score 2-1 already decides the match"):
        s.match.run("decide", ["away", "coin"])


def test_decide_winner_decides_once(decide):
    s = Scenario(decide).state(score={"home": 0, "away": 0})
    s.match.run("decide", ["away", "coin"])
    assert s.match.decided == ("away", "coin")
    with pytest.raises(RuleFault, match=r"already decided \(away, coin\)"):
        s.match.run("decide", ["home", "coin"])


@pytest.mark.parametrize(("team", "how", "message"), [("nobody", "coin", "expected a team"), ("home", 3, "how must be a text")])
def test_decide_winner_needs_a_team_and_a_text(decide, team, how, message):
    with pytest.raises(RuleFault, match=message):
        Scenario(decide).match.run("decide", [team, how])

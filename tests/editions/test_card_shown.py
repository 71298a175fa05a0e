"""Every card shown fires `card_shown(team, colour)` (issue 37, item 6), in every edition:
a sin-bin style house rule hooks there once instead of overriding each rule that shows a
card (the 2024 yellow card test, A9's slowing down, A12's skills, A13's rude fouls that
set yellow[team] directly)."""

from __future__ import annotations

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.sim.play import play_match

SIN_BIN = """\
schema_version: 1
id: mods/sin-bin-watch
extends: "{edition}"
state:
  binned.yellow: {{type: int, default: 0, index: [team], ref: "test"}}
  binned.red: {{type: int, default: 0, index: [team], ref: "test"}}
hooks:
  sin_bin:
    ref: "test"
    at: card_shown
    do: |
      if colour == "yellow":
          set binned.yellow[team] += 1
      else:
          set binned.red[team] += 1
stats:
  binned_yellow: {{text: "yellow cards the hook saw", value: "binned.yellow[home] + binned.yellow[away]", ref: "test"}}
  binned_red: {{text: "red cards the hook saw", value: "binned.red[home] + binned.red[away]", ref: "test"}}
"""


@pytest.fixture(scope="module", params=["2024-draft", "world-cup-2015", "2.0"])
def watched(request, tmp_path_factory, editions_dir):
    path = tmp_path_factory.mktemp("mods") / "sin-bin-watch.yaml"
    path.write_text(SIN_BIN.format(edition=request.param))
    return load_edition(request.param, mods=[path], root=editions_dir)


def test_the_hook_sees_every_card_the_match_tallies(watched):
    """5.6 (2024) and 5.4 (2015, 2.0): in matches with every advanced rule, the cards the
    hook counted equal the yellow and red cards the match tallied, match by match."""
    rules = [k for k, v in watched.rules.items() if v.get("kind") != "competition"]
    seen = {"yellow": 0, "red": 0}
    for seed in range(24):
        m = play_match(watched, seed, ("coach", "coach"), rules).metrics
        assert (m["binned_yellow"], m["binned_red"]) == (m["yellow_cards"], m["red_cards"]), seed
        seen["yellow"] += m["yellow_cards"]
        seen["red"] += m["red_cards"]
    assert seen["yellow"] > 0, "no card in these matches: the test would prove nothing"


def test_an_a13_rude_foul_is_a_card_shown(tmp_path, editions_dir):
    """A13 3/5 (defender's rude foul): the yellow card is given without a test and is shown
    like any other; a red card test of 1 then shows the red card too."""
    from fuba_rules.scenario import Scenario

    path = tmp_path / "sin-bin-watch.yaml"
    path.write_text(SIN_BIN.format(edition="2024-draft"))
    ed = load_edition("2024-draft", mods=[path], root=editions_dir)
    s = Scenario(ed, dice=[5, 5, 3, 5, 1], rules=("A13",), defaults={
        "set piece move": None, "kick-off setup": "centre", "set piece setup": "centre",
        "corner spot": "away_left_spot", "player sent off": "away_front"})
    s.pieces("home", {"centre": 3, "home_front": 3, "home_left_wing": 2, "away_front": 2}, "home_penalty")
    s.pieces("away", {"centre": 2, "away_front": 4, "away_left_wing": 2, "home_front": 2}, "away_penalty")
    s.state(control="home", phasing="home", acting="home", ball__area="centre", ball__value=3, minute=20)
    s.run("momentum_stage")
    assert s["event.name"] == "Defender's rude foul"
    assert s["binned.yellow"] == {"home": 0, "away": 1} and s["binned.red"] == {"home": 0, "away": 1}

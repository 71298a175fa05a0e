"""A hook appears in the match log by its display name (`text:`), not by its id."""

from fuba_rules import load_edition, play_match
from fuba_rules.sim.narrate import narrate

MOD = """\
schema_version: 1
id: mods/coin
extends: 2024-draft
hooks:
  coin_of_fate:
    text: "the coin of fate"
    ref: "mod"
    at: match_start
    team: home
    do: |
      log("the coin spins")
  plain_hook:
    ref: "mod"
    at: match_start
    team: away
    do: |
      log("nothing spins")
"""


def test_a_hook_is_narrated_by_its_text_and_one_without_text_by_its_id(tmp_path):
    mod = tmp_path / "coin.yaml"
    mod.write_text(MOD)
    result = play_match(load_edition("2024-draft", [mod]), seed=1, agents=("coach", "coach"))
    lines = list(narrate(result.events))
    assert any(line.endswith("home uses the coin of fate [mod]") for line in lines)
    assert any(line.endswith("away uses plain_hook [mod]") for line in lines)
    assert not any("coin_of_fate" in line for line in lines)

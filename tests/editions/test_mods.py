"""Mods: a small file extends an edition and changes one rule, without any Python."""

from fuba_rules.edition import load_edition
from fuba_rules.scenario import Scenario


def test_long_range_mod_adds_one_to_shots_from_outside_the_box(draft2024, editions_dir):
    """The 4.8 example needs a 6 in the 2024 draft; with the mod, a 5 scores."""
    modded = load_edition("2024-draft", mods=[editions_dir / "mods" / "long-range-shooting.yaml"], root=editions_dir)

    def shoot(ed):
        s = Scenario(ed, dice=[5], defaults={"kick-off setup": "centre", "corner spot": "away_left_spot", "set piece setup": "centre", "set piece move": None})
        s.pieces("home", {"away_front": 3, "away_penalty": 1, "centre": 6}, "home_penalty")
        s.pieces("away", {"away_front": 2, "away_penalty": 3, "centre": 5}, "away_penalty")
        s.state(control="home", phasing="home", ball__area="away_front", ball__value=3)
        s.run("goal_attempt", "home", False)
        return s

    assert shoot(draft2024)["score"]["home"] == 0
    s = shoot(modded)
    assert s["score"]["home"] == 1
    assert ("shot_long_range", 1) in s.modifiers()

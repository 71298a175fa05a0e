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


# ---- a table override says only what differs (issue 37, item 1)
ONE_ROW = """\
schema_version: 1
id: mods/gentle-keeper
extends: 2024-draft
tables:
  special_events:
    rows:
      "5/6":
        name: "Out of position goalkeeper"
        ref: "mod"
        tag: event_keeper_out_of_position
        text: "+1 die roll modifier for goal attempts in this turn."
        do: |
          set goal_mod += 1
"""


def _rolled(ed, ct_die, other_die):
    s = Scenario(ed, dice=[5, 5, ct_die, other_die], rules=("A13",),
                 defaults={"kick-off setup": "centre", "corner spot": "away_left_spot", "set piece setup": "centre", "set piece move": None})
    s.pieces("home", {"centre": 3, "home_front": 3, "home_left_wing": 2, "away_front": 2}, "home_penalty")
    s.pieces("away", {"centre": 2, "away_front": 4, "away_left_wing": 2, "home_front": 2}, "away_penalty")
    s.state(control="home", phasing="home", acting="home", ball__area="centre", ball__value=3, minute=20)
    s.run("momentum_stage")
    return s


def test_a_one_row_override_of_the_special_events_keeps_the_other_35_rows(draft2024, editions_dir, tmp_path):
    """A13 with a mod that rewrites only "5/6" (out of position goalkeeper +1 instead of +2): the
    table keeps its domain and the other rows, so 1/6 still gives an action more and 5/6 gives +1."""
    mod = tmp_path / "gentle-keeper.yaml"
    mod.write_text(ONE_ROW)
    modded = load_edition("2024-draft", mods=[mod], root=editions_dir)
    table, base = modded.tables["special_events"], draft2024.tables["special_events"]
    assert set(table.exact) == set(base.exact) and len(table.exact) == 36
    assert {o for o in base.exact if table.exact[o]["text"] != base.exact[o]["text"]} == {(5, 6)}
    assert _rolled(modded, 5, 6)["goal_mod"] == 1
    assert _rolled(modded, 1, 6)["actions"] == 2
    assert _rolled(modded, 2, 1)["ball.value"] == 5


def test_the_coverage_check_runs_on_the_merged_table(editions_dir, tmp_path):
    """A13's domain is every pair of two dice: a mod removing the streaker (5/5) without a
    row in its place leaves 5/5 uncovered, which `fuba check` reports at the mod's table."""
    import pytest

    from fuba_rules.diagnostics import FubaError

    mod = tmp_path / "no-streaker.yaml"
    mod.write_text("schema_version: 1\nid: mods/no-streaker\nextends: 2024-draft\ntables:\n  special_events:\n    remove: ['5/5']\n")
    with pytest.raises(FubaError) as info:
        load_edition("2024-draft", mods=[mod], root=editions_dir)
    assert [d.message for d in info.value.diagnostics] == ["table 'special_events' misses outcome(s) 5/5"]

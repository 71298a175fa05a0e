"""Sides as written on the command line, and the mods a sweep generates (no matches played)."""

from pathlib import Path

import pytest
import yaml

from fuba_rules.diagnostics import FubaError
from fuba_rules.workbench.sample import SideSpec
from fuba_rules.workbench.sweep import mod_text, parse_setting, resolved_data

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "text, edition, mods, rules",
    [
        ("2024-draft", "2024-draft", (), ()),
        ("2.0", "2.0", (), ()),
        ("2024-draft+mods/x.yaml", "2024-draft", ("mods/x.yaml",), ()),
        ("2024-draft:A1,A6", "2024-draft", (), ("A1", "A6")),
        ("2024-draft+mods/x.yaml+../mine.yaml:A6", "2024-draft", ("mods/x.yaml", "../mine.yaml"), ("A6",)),
    ],
)
def test_a_side_is_an_edition_with_mods_and_rule_switches(text, edition, mods, rules):
    assert SideSpec.parse(text) == SideSpec(text, edition, mods, rules)


@pytest.mark.parametrize("text", ["+mods/x.yaml", "2024-draft+", "2024-draft++x.yaml"])
def test_a_malformed_side_says_what_is_expected(text):
    with pytest.raises(FubaError, match=r"expected EDITION\[\+MOD.yaml...\]\[:RULE,...\]"):
        SideSpec.parse(text)


@pytest.fixture(scope="module")
def draft():
    return resolved_data("2024-draft", [], REPO / "editions")


def test_a_sweep_point_overrides_the_whole_entry_with_one_field_changed(draft):
    base, data = draft
    s = parse_setting("board.goal_attempt.distance.opp_front.modifier=-1,-3", data)
    mod = yaml.safe_load(mod_text(base, data, [(s, -1)]))
    assert mod["extends"] == "2024-draft"
    entry = mod["board"]["goal_attempt"]
    assert entry["distance"]["opp_front"]["modifier"] == -1
    assert entry["distance"]["opp_corner"] == data["board"]["goal_attempt"]["distance"]["opp_corner"]
    assert data["board"]["goal_attempt"]["distance"]["opp_front"]["modifier"] == -2  # the edition is untouched


def test_a_grid_point_sets_every_value_and_removed_removes_the_entry(draft):
    base, data = draft
    half = parse_setting("constants.half_length=40", data)
    row = parse_setting("modifiers.shot_keeper_out=removed", data)
    mod = yaml.safe_load(mod_text(base, data, [(half, 40), (row, "removed")]))
    assert mod["constants"] == {"half_length": 40}
    assert mod["remove"] == ["modifiers.shot_keeper_out"]
    assert "modifiers" not in mod


def test_a_list_item_is_addressed_by_its_index(draft):
    _, data = draft
    s = parse_setting("formations.4-4-2.2=3", data)
    assert (s.section, s.entry, s.fields, s.values) == ("formations", "4-4-2", (2,), (3,))
    with pytest.raises(FubaError, match=r"is a list of 3; expected an index 0\.\.2"):
        parse_setting("formations.4-4-2.5=3", data)


def test_advanced_switches_on_every_advanced_rule_but_no_competition_rule():
    """2.0 C1-C4 are a tournament's choice (`kind: competition`): `--advanced` leaves them
    off in the workbench as in `fuba simulate`; naming one still switches it on."""
    from fuba_rules.resources import default_editions_root
    from fuba_rules.workbench.sample import load_side

    root = default_editions_root()
    side = load_side(SideSpec.parse("2.0"), root, advanced=True)
    kinds = {side.edition.rules[r].get("kind", "advanced") for r in side.rules}
    assert kinds == {"advanced"} and "A1" in side.rules
    assert "C3" in load_side(SideSpec.parse("2.0:C3"), root).rules

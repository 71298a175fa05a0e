"""`fuba compare BASE DRAFT --attribute`: which of the draft's changes moved which metric."""

import json
from pathlib import Path

import yaml

from fuba_rules.cli import main
from fuba_rules.workbench.attribute import changes_between
from fuba_rules.workbench.comparison import analyse
from fuba_rules.workbench.sample import SideSpec, load_side, play_sample
from fuba_rules.workbench.sweep import resolved_data

REPO = Path(__file__).resolve().parents[2]
EDITIONS = REPO / "editions"
N = 30
DRAFT = REPO / "tests/workbench/data/four-changes.yaml"

# The four changes of the draft, each written as the mod a designer would write for it alone.
CHANGES = {
    "constants.half_length changed": {"constants": {"half_length": 30}},
    "modifiers.shot_distance changed": {"modifiers": {"shot_distance": {
        "group": "goal_attempt", "ref": "4.8", "text": "distance", "value": "goal_distance(area, team) + 2"}}},
    "modifiers.shot_box_fewer removed": {"remove": ["modifiers.shot_box_fewer"]},
    "modifiers.shot_keeper_out changed": {"modifiers": {"shot_keeper_out": {
        "group": "goal_attempt", "ref": "4.8", "text": "the goalkeeper is out of the penalty area",
        "when": "not keeper_in_box(other(team))", "value": 3}}},
}


def write_mod(path: Path, change: dict) -> Path:
    path.write_text(yaml.safe_dump({"schema_version": 1, "id": f"mods/{path.stem}", "title": path.stem, "extends": "2024-draft", **change}, sort_keys=False))
    return path


def test_the_draft_splits_into_one_change_per_entry_it_overrides_adds_or_removes():
    _, base = resolved_data("2024-draft", [], EDITIONS)
    _, data = resolved_data("2024-draft", [DRAFT], EDITIONS)
    assert sorted(c.label for c in changes_between(base, data)) == sorted(CHANGES)


def test_attribute_names_the_change_behind_each_significant_metric_as_four_separate_compares_do(capsys, tmp_path):
    """Four changes, one of them (the keeper-out modifier, 4.8) too rare to matter in a
    few matches: every metric the draft moves is put down to the changes that, compared
    alone with the base on the same seeds, move it, and to no other."""
    code = main(["--root", str(EDITIONS), "compare", "2024-draft", f"2024-draft+{DRAFT}", "--attribute", "-n", str(N), "-j", "1", "--json"])
    out, _ = capsys.readouterr()
    assert code == 0
    result = json.loads(out)
    assert sorted(result["changes"]) == sorted(CHANGES)

    base = load_side(SideSpec.parse("2024-draft"), EDITIONS)
    base_sample = play_sample(base, range(N))
    separate = {}
    for label, change in CHANGES.items():
        alone = load_side(SideSpec.parse(f"2024-draft+{write_mod(tmp_path / (label.split()[0] + '.yaml'), change)}"), EDITIONS)
        c = analyse(["base", label], [base_sample, play_sample(alone, range(N))])
        separate[label] = {d.name: d for _, d in c.diffs}

    moved = [k for k, m in result["metrics"].items() if m["draft"]["significant"]]
    assert {"goal_attempts", "turns_per_half"} <= set(moved)  # goals: not significant in 30 matches of today's coach
    for k in moved:
        expected = {label for label, diffs in separate.items() if diffs[k].significant}
        assert set(result["metrics"][k]["behind"]) == expected, k
        for label in CHANGES:  # the same seeds: each change alone moves each metric exactly as its own compare says
            assert result["metrics"][k]["changes"][label]["diff"] == separate[label][k].as_json()["diff"]
    assert not any("shot_keeper_out" in label for k in moved for label in result["metrics"][k]["behind"])


def test_on_top_of_a_mod_the_changes_are_the_draft_s_own_and_an_entry_it_adds_is_one():
    """The base may itself be a mod (long-range shooting): the changes are those of the
    draft on top of it; and against the edition alone, the mod's new modifier row and its
    reading are changes too (added)."""
    shooting = EDITIONS / "mods/long-range-shooting.yaml"
    _, base = resolved_data("2024-draft", [shooting], EDITIONS)
    _, data = resolved_data("2024-draft", [shooting, DRAFT], EDITIONS)
    assert sorted(c.label for c in changes_between(base, data)) == sorted(CHANGES)
    _, edition = resolved_data("2024-draft", [], EDITIONS)
    assert sorted(c.label for c in changes_between(edition, data)) == sorted(
        [*CHANGES, "modifiers.shot_long_range added", "interpretations.long_range_free_kicks added"])


def test_attribute_needs_a_base_and_a_draft_that_differ(capsys, snapshot):
    messages = []
    for sides in (["2024-draft"], ["2024-draft", "2024-draft", "2024-draft:A6"], ["2024-draft", "2024-draft"]):
        code = main(["--root", str(EDITIONS), "compare", *sides, "--attribute", "-n", "2", "-j", "1"])
        out, err = capsys.readouterr()
        assert code == 1 and not out
        messages.append(err)
    assert messages == snapshot

"""`fuba diff`: what a mod or a new edition changes, entry by entry."""

from pathlib import Path

from fuba_rules.cli import main
from fuba_rules.compare import changed_fields, changed_paths, compare

ROOT = Path(__file__).resolve().parents[1]


def test_compare_finds_added_removed_and_changed_entries():
    a = {"procedures": {"pass": {"ref": "4.7", "do": "x"}, "old": {"do": "y"}}, "constants": {"max": 6}}
    b = {"procedures": {"pass": {"ref": "4.7", "do": "z"}, "new": {"do": "w"}}, "constants": {"max": 6}}
    kinds = {(d.section, d.key, d.kind) for d in compare(a, b)}
    assert kinds == {("procedures", "pass", "changed"), ("procedures", "old", "only in A"), ("procedures", "new", "only in B")}
    assert changed_fields(a["procedures"]["pass"], b["procedures"]["pass"]) == ["do"]


def test_diff_of_an_edition_and_its_mod(tmp_path, capsys):
    mod = tmp_path / "tweak.yaml"
    mod.write_text("schema_version: 1\nid: mods/tweak\nextends: 2024-draft\nremove: [modifiers.shot_keeper_out]\nconstants:\n  max_counted: 5\n")
    assert main(["--root", str(ROOT / "editions"), "diff", "2024-draft", "2024-draft", "--mod", str(mod)]) == 0
    out = capsys.readouterr().out
    assert "2 difference(s)" in out
    assert "  ~ max_counted" in out and "  - shot_keeper_out [4.8]" in out


def test_full_diff_prints_each_nested_change_by_its_path(tmp_path, capsys):
    """`--full` names every changed leaf as section.key.field: old -> new, not two dicts."""
    mod = tmp_path / "tweak.yaml"
    mod.write_text(
        "schema_version: 1\nid: mods/tweak\nextends: 2024-draft\n"
        "modifiers:\n  shot_keeper_out:\n    group: goal_attempt\n    ref: '4.8'\n"
        "    text: the goalkeeper is out of the penalty area\n    when: not keeper_in_box(other(team))\n    value: 3\n"
    )
    assert main(["--root", str(ROOT / "editions"), "diff", "2024-draft", "2024-draft", "--mod", str(mod), "--full"]) == 0
    lines = capsys.readouterr().out.splitlines()
    changed = [line.strip() for line in lines if "->" in line]
    assert len(changed) == 1 and changed[0].startswith("modifiers.shot_keeper_out.value: ") and changed[0].endswith(" -> 3")


def test_changed_paths_walk_mappings_and_equal_length_lists():
    a = {"goal_attempt": {"opp_front": -2, "box": 0}, "dice": [1, 2, 3], "text": "x"}
    b = {"goal_attempt": {"opp_front": 1, "box": 0}, "dice": [1, 5, 3], "extra": True, "text": "x"}
    assert changed_paths(a, b, "board") == [
        ("board.goal_attempt.opp_front", -2, 1),
        ("board.dice[1]", 2, 5),
        ("board.extra", "(absent)", True),
    ]


ONE_ROW = (
    "schema_version: 1\nid: mods/gentle-keeper\nextends: 2024-draft\ntables:\n  special_events:\n    remove: ['5/5']\n"
    "    rows:\n      '5/6': {name: Out of position goalkeeper, ref: mod, tag: event_keeper_out_of_position,\n"
    "              text: '+1 for goal attempts in this turn.', do: 'set goal_mod += 1'}\n"
)


def test_diff_compares_a_table_row_by_row(tmp_path, capsys):
    """A mod that rewrites one row of the A13 table and removes another: the diff names those
    two rows, each with its chapter, not the whole table."""
    mod = tmp_path / "gentle-keeper.yaml"
    mod.write_text(ONE_ROW)
    assert main(["--root", str(ROOT / "editions"), "diff", "2024-draft", "2024-draft", "--mod", str(mod), "--full"]) == 0
    out = capsys.readouterr().out
    assert "2 difference(s)" in out
    assert "  ~ special_events.5/6 [mod] (ref, text, do)" in out and "  - special_events.5/5 [A13]" in out
    assert "tables.special_events.5/6.do: 'set goal_mod += 2' -> 'set goal_mod += 1'" in out


def test_rule_cards_mark_only_the_rows_a_mod_changes(tmp_path, capsys):
    """The cards of the A13 events: the rewritten one is changed, the removed one is listed
    as removed, and the other 34 event cards are unmarked."""
    mod = tmp_path / "gentle-keeper.yaml"
    mod.write_text(ONE_ROW)
    assert main(["--root", str(ROOT / "editions"), "rules", "2024-draft", "2024-draft", "--mod", str(mod), "--changed"]) == 0
    out = capsys.readouterr().out
    marked = [line for line in out.splitlines() if line.startswith("### ")]
    assert marked == ["### Special event: Out of position goalkeeper [mod] **changed**"]
    assert "- special event Streaker (special_events.5/5) [A13]" in out.split("## Removed")[1]


def test_full_diff_shows_changed_rule_text_as_a_line_diff(tmp_path, capsys):
    """Rule text that changed reads as lines taken out (-) and put in (+), not as two
    folded paragraphs."""
    mod = tmp_path / "no-pass.yaml"
    mod.write_text(
        "schema_version: 1\nid: mods/no-pass\nextends: 2024-draft\nprocedures:\n  pass_action:\n    ref: '4.7'\n    params: [t]\n"
        "    do: |\n      let start = ball.area\n      log(\"no pass today\", ref=\"4.7.2\")\n"
    )
    assert main(["--root", str(ROOT / "editions"), "diff", "2024-draft", "2024-draft", "--mod", str(mod), "--full"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("    procedures.pass_action.do:")
    body = lines[at + 1 :]
    assert "       let start = ball.area" in body  # unchanged context
    assert "      -let targets = [start] if pass.challenge else pass_targets(t, start)" in body
    assert '      +log("no pass today", ref="4.7.2")' in body
    assert not any(" -> " in line and "pass_action.do" in line for line in lines)

"""What the language server offers where: read from the text around the cursor and the
names of the resolved edition (a mod of the shipped editions, resolved once)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fuba_rules import layering
from fuba_rules.lsp.completion import offer
from fuba_rules.lsp.names import Names
from fuba_rules.lsp.navigation import definition, entry_at, hover_text

REPO = Path(__file__).resolve().parents[2]
EDITIONS = REPO / "editions"
MOD = EDITIONS / "mods" / "long-range-shooting.yaml"


@pytest.fixture(scope="module")
def names() -> Names:
    return Names.of(layering.resolve(MOD, EDITIONS), EDITIONS)


def offered(names: Names, text: str, cursor: str = "@") -> tuple[set[str], set[str], str]:
    """(labels, kinds, the text each replaces) at the cursor marked @ in `text`."""
    lines = text.splitlines()
    line = next(i for i, t in enumerate(lines) if cursor in t)
    col = lines[line].index(cursor)
    lines[line] = lines[line].replace(cursor, "")
    found = offer(names, lines, line, col)
    assert found is not None, f"nothing offered at {text!r}"
    return {e.name for e in found.entries}, {e.kind for e in found.entries}, lines[line][found.start : col]


def test_extends_offers_the_edition_ids(names):
    labels, kinds, typed = offered(names, "schema_version: 1\nextends: 20@\n")
    assert set(layering.discover(EDITIONS)) == labels and kinds == {"edition"} and typed == "20"


def test_at_offers_the_triggers_of_the_edition(names):
    labels, kinds, typed = offered(names, "hooks:\n  mine:\n    at: goal_@\n")
    assert kinds == {"trigger"} and "goal_attempt_announced" in labels and typed == "goal_"


def test_group_offers_the_groups_of_its_own_section(names):
    modifier_groups, kinds, _ = offered(names, "modifiers:\n  x:\n    group: @\n")
    assert kinds == {"modifier group"} and "goal_attempt" in modifier_groups
    skill_groups, kinds, _ = offered(names, "skills:\n  x:\n    group: @\n")
    assert kinds == {"skill group"} and "goal_attempt" not in skill_groups


def test_remove_offers_inherited_entries_as_section_dot_key(names):
    labels, _, typed = offered(names, "extends: 2024-draft\nremove:\n  - modifiers.@\n")
    assert typed == "modifiers."
    assert all("." in label for label in labels)
    assert "shot_long_range" not in {label.split(".", 1)[1] for label in labels}, "the mod's own entry is not inherited"
    assert any(label.startswith("procedures.") for label in labels)


def test_rule_text_offers_names_and_the_rules_parameters(names):
    text = "skills:\n  x:\n    at: pressing_done\n    do: |\n      set actions += 1\n      if ball.@\n"
    labels, kinds, typed = offered(names, text)
    assert typed == "ball."
    assert {"ball.area", "ball.value", "team", "won", "owner", "home", "log"} <= labels
    assert {"state", "function", "procedure", "primitive", "parameter", "team"} <= kinds
    assert "area" not in kinds, "areas are quoted text in rules"


def test_quoted_text_in_rules_offers_areas_and_groups(names):
    labels, kinds, typed = offered(names, 'modifiers:\n  x:\n    when: area == "cen@"\n')
    assert typed == "cen" and "centre" in labels and "goal_attempt" in labels
    assert {"area", "modifier group"} <= kinds


def test_after_trigger_in_a_block_only_triggers(names):
    _, kinds, _ = offered(names, "procedures:\n  p:\n    do: |\n      trigger pre@\n")
    assert kinds == {"trigger"}


def test_no_offer_outside_values_that_name_things(names):
    assert offer(names, ["title: Lon"], 0, 10) is None


def test_hover_says_what_it_is_its_doc_chapter_and_where_it_is_defined(names):
    text = hover_text(entry_at(names, "    when: area != penalty_area(other(team))", 20))
    assert text.splitlines()[0] == "**primitive** `penalty_area(team)`"
    assert "The penalty area team defends." in text
    edition = hover_text(entry_at(names, "extends: 2024-draft", 12))
    assert edition.startswith("**edition** `2024-draft`") and "at editions/2024-draft/edition.yaml:1:1" in edition
    state = hover_text(entry_at(names, "if ball.value > 2", 6))
    assert state.startswith("**state** `ball.value`")
    assert "chapter 1.3.1 · defined in 2024-draft (editions/2024-draft/state.yaml:" in state


def test_definition_follows_extends_and_include(names):
    lines = ["include:", "  - ../board.yaml"]
    pos = definition(names, EDITIONS / "2024-draft" / "edition.yaml", lines, 1, 6)
    assert Path(pos.file).resolve() == (EDITIONS / "board.yaml").resolve()
    pos = definition(names, MOD, ["extends: 2024-draft"], 0, 12)
    assert Path(pos.file).resolve() == (EDITIONS / "2024-draft" / "edition.yaml").resolve()


def test_remove_items_may_sit_at_the_indentation_of_their_key(names):
    labels, _, typed = offered(names, "extends: 2024-draft\nremove:\n- hooks.x\n- skills.@\n")
    assert typed == "skills." and any(label.startswith("skills.") for label in labels)


def test_rule_text_completes_inside_an_else_branch(names):
    text = "procedures:\n  p:\n    do: |\n      if true:\n          pass\n      else:\n          set act@\n"
    labels, _, typed = offered(names, text)
    assert typed == "act" and "actions" in labels


def test_rule_text_in_a_flow_mapping(names):
    labels, kinds, typed = offered(names, 'functions:\n  f: {ref: "1.3", expr: max(ball.value, 1) if other(cont@)}\n')
    assert typed == "cont" and "control" in labels and "function" in kinds

"""Rule cards read as a rulebook (issue 37, item 9): no card is a title alone, the
book opens with its contents, a changed card says what changed (old -> new), chapters
come from the chapter number in `ref`, and `fuba rules -o` says what it wrote."""

from pathlib import Path

import pytest

from fuba_rules import layering
from fuba_rules.cli import main
from fuba_rules.workbench.cards import markdown, rule_book

REPO = Path(__file__).resolve().parents[2]
EDITIONS = REPO / "editions"


def book(target: str, mods=(), other: str | None = None):
    data = layering.resolve(target, EDITIONS, list(mods)).data
    against = layering.resolve(other, EDITIONS).data if other else None
    return rule_book(data, target, against, other or "")


@pytest.mark.parametrize("edition", ["2024-draft", "world-cup-2015", "2.0"])
def test_no_card_is_a_title_alone(edition):
    empty = [f"{c.kind}: {c.title}" for ch in book(edition).chapters for c in ch.cards if not (c.text or c.facts or c.rows)]
    assert empty == []


def test_a_rule_without_doc_is_told_from_its_text():
    """4.7 Pass action has no `doc:`: its card names the choice it offers, what it says
    happens and where other rules act."""
    cards = {c.title: c for ch in book("2024-draft").chapters for c in ch.cards}
    text = " ".join(cards["Pass action"].text)
    assert "Choices: pass target" in text
    assert "What happens: [t] has no legal pass: the action is cancelled" in text
    assert "Other rules and skills may act at: pass_target_chosen" in text
    a1 = cards["Team condition and tiredness"]
    assert ("switched on", "with --with A1 or --advanced") in a1.facts and a1.text[0].endswith("more cards of this chapter belong to it.")


def test_the_book_opens_with_its_contents():
    text = markdown(book("2024-draft"))
    contents = text.split("## Contents", 1)[1].split("\n## ", 1)[0]
    assert "- [Chapter 4](#ch-4) (" in contents and "- [Chapter A13](#ch-a13) (" in contents
    assert '<a id="ch-a13"></a>' in text


def test_a_changed_card_shows_old_and_new(tmp_path):
    mod = tmp_path / "long.yaml"
    mod.write_text("schema_version: 1\nid: mods/long\nextends: 2024-draft\nconstants:\n  half_length: 30\n")
    changed = [c for ch in book("2024-draft", [mod], "2024-draft").chapters for c in ch.cards if c.status == "changed"]
    assert [(c.key, c.was) for c in changed] == [("half_length", [("value", "45", "30")])]
    assert "- changed value: 45 -> 30" in markdown(book("2024-draft", [mod], "2024-draft"))


def test_the_chapter_is_the_number_in_ref_not_its_first_word():
    """The Boskov rule's ref "SG Penalty kick (Boskov rule), 5.2" belongs to chapter 5;
    a ref without a number keeps its own words, capitals and all."""
    chapters = {ch.heading: ch for ch in book("mods/super-goal-boskov").chapters}
    assert "Chapter SG Penalty kick (Boskov rule), 5.2" not in chapters and "Sg penalty kick (boskov rule)" not in chapters
    assert any(c.ref.endswith(", 5.2") for c in chapters["Chapter 5"].cards)
    assert "SG Penalty kick (Boskov rule)" in chapters


def test_rules_says_what_it_wrote(tmp_path, capsys):
    page = tmp_path / "cards.html"
    assert main(["--root", str(EDITIONS), "rules", "2024-draft", "--format", "html", "-o", str(page)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("wrote ") and "cards in " in err and str(page) in err
    html = page.read_text()
    assert "<h2>Contents</h2>" in html and 'href="#ch-4"' in html and 'id="ch-4"' in html

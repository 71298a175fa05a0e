"""`fuba show EDITION --procedures`: the entry points a designer's test or `fuba odds`
calls, listed from the data, so nobody reads YAML to learn what `pressing` takes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fuba_rules.cli import main
from fuba_rules.edition import load_edition

REPO = Path(__file__).resolve().parents[1]
EDITIONS = REPO / "editions"


@pytest.fixture(scope="module")
def listing():
    def run(capsys, *argv: str) -> str:
        assert main(["show", *argv, "--root", str(EDITIONS), "--procedures"]) == 0
        return capsys.readouterr().out

    return run


def entries(out: str) -> dict[str, str]:
    """Each listed entry point's head line by name."""
    return {line.split("(")[0]: line for line in out.splitlines() if re.match(r"^\w+\(", line)}


@pytest.mark.parametrize("edition", ["2024-draft", "world-cup-2015", "2.0"])
def test_every_procedure_and_function_is_listed_with_its_parameters(listing, capsys, edition):
    ed = load_edition(edition, root=EDITIONS)
    listed = entries(listing(capsys, edition))
    for name, rule in {**ed.procs, **ed.funcs}.items():
        shown = re.match(rf"^{name}\((.*?)\)", listed[name]).group(1)
        assert [p.split(":")[0] for p in shown.split(", ") if p] == list(rule.params), name


def test_an_entry_shows_its_chapter_doc_line_and_a_call_from_the_rules(listing, capsys):
    """2.0 4.10 pressing: the bare booleans the issue complained of get their names and kind."""
    out = listing(capsys, "2.0")
    head = entries(out)["pressing"]
    assert head.startswith("pressing(t, secondary, aggressive: bool)  [4.10]  2.0")
    block = out.split(head + "\n", 1)[1].splitlines()
    assert block[0].startswith("    One die: below the ball value wins the ball")
    assert block[1].startswith("    called as pressing(t, secondary, false)")


def test_a_mod_that_overrides_a_procedure_is_named_as_its_origin(listing, capsys, tmp_path):
    mod = tmp_path / "quiet-press.yaml"
    mod.write_text(
        "id: quiet-press\nextends: 2024-draft\nprocedures:\n"
        "  pressing:\n    ref: \"4.6\"\n    params: [t]\n    doc: \"A quieter press.\"\n    do: |\n      log(\"{t} presses quietly\")\n",
        encoding="utf-8",
    )
    head = entries(listing(capsys, "2024-draft", "--mod", str(mod)))["pressing"]
    assert head.endswith("quiet-press (overrides 2024-draft)")

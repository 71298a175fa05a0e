"""docs/scenarios.md and docs/odds.md say what the Scenario API and `fuba odds` do: their
examples run, and the figures they quote are the ones the engine computes."""

from __future__ import annotations

from pathlib import Path

import pytest

from fuba_rules.cli import main
from fuba_rules.cli import odds as odds_command
from fuba_rules.edition import load_edition

DOCS = Path(__file__).resolve().parents[1] / "docs"
EDITIONS = DOCS.parent / "editions"


def blocks(page: str, language: str) -> list[str]:
    """The fenced blocks of a page written in `language` ("" for a plain block)."""
    out, current, fence = [], [], None
    for line in (DOCS / page).read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith("```"):
            if fence is None:
                fence, current = line[3:].strip(), []
            else:
                if fence == language:
                    out.append("".join(current))
                fence = None
        elif fence is not None:
            current.append(line)
    return out


def test_every_python_example_of_the_scenario_guide_runs_as_written():
    """The examples build on each other, as a reader types them one after the other."""
    names: dict = {}
    examples = blocks("scenarios.md", "python")
    assert len(examples) >= 4
    for code in examples:
        exec(compile(code, "docs/scenarios.md", "exec"), names)


def test_the_scenario_guide_quotes_the_procedure_listing_as_it_is(capsys):
    quoted = next(b for b in blocks("scenarios.md", "") if b.startswith("pressing("))
    assert main(["show", "2.0", "--root", str(EDITIONS), "--procedures"]) == 0
    assert quoted in capsys.readouterr().out


@pytest.fixture(scope="module")
def draft():
    return load_edition("2024-draft", root=EDITIONS)


def test_the_odds_guide_quotes_the_goal_attempt_output_as_it_is(draft, capsys, monkeypatch):
    command = next(b for b in blocks("odds.md", "") if "--until-decision" in b)
    quoted = next(b for b in blocks("odds.md", "") if b.startswith("goal_attempt(home, false)"))
    argv = command.replace("\\\n", " ").split()[1:]
    monkeypatch.setattr(odds_command, "_load", lambda args: draft)
    assert main([a.strip('"') for a in argv]) == 0
    assert capsys.readouterr().out == quoted


def test_every_public_method_of_a_scenario_is_documented_in_the_guide():
    from fuba_rules.scenario import Scenario

    guide = (DOCS / "scenarios.md").read_text(encoding="utf-8")
    public = [name for name in vars(Scenario) if not name.startswith("_")]
    assert "fire" in public
    assert [name for name in public if f"{name}(" not in guide and f".{name}" not in guide] == []

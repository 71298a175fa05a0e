"""The file an editor shows is checked as `fuba check` would check it once saved: the
unsaved buffer is read instead of the file (`yamlpos.overlaid`), with its edition."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fuba_rules.diagnostics import FubaError
from fuba_rules.lsp.analysis import analyse, diagnostics_of
from fuba_rules.yamlpos import load_yaml, overlaid

REPO = Path(__file__).resolve().parents[2]
EDITIONS = REPO / "editions"


@pytest.fixture
def editions(tmp_path) -> Path:
    """A copy of the shipped editions, so a test may break one of its files."""
    root = tmp_path / "editions"
    shutil.copytree(EDITIONS, root)
    return root


def test_overlaid_text_is_read_instead_of_the_file(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_text("title: on disk\n")
    with overlaid({str(path): "title: in the editor\n"}):
        assert load_yaml(path) == {"title": "in the editor"}
    assert load_yaml(path) == {"title": "on disk"}


def test_an_overlaid_buffer_is_checked_by_the_real_checker(editions):
    mod = editions / "mods" / "long-range-shooting.yaml"
    unsaved = mod.read_text().replace("when: area != penalty_area(other(team))", "when: area != penalty_aera(other(team))")
    line = next(i for i, text in enumerate(unsaved.splitlines(), 1) if "penalty_aera" in text)
    found = diagnostics_of(analyse(mod, {str(mod): unsaved}), mod)
    assert [(d.pos.line, d.message) for d in found] == [
        (line, "unknown function 'penalty_aera' (did you mean 'penalty_area'?)"),
    ]
    assert diagnostics_of(analyse(mod, {}), mod) == [], "the file on disk is fine"


def test_a_shared_data_file_is_checked_inside_an_edition_that_includes_it(editions):
    shared = editions / "common" / "formations.yaml"
    text = shared.read_text()
    assert "expr: >-\n" in text
    broken = text.replace("expr: >-\n", "expr: >-\n      nothing_declared +\n", 1)
    result = analyse(shared, {str(shared): broken})
    assert result.names is not None, "the names of the including edition complete in the shared file"
    messages = [d.message for d in diagnostics_of(result, shared)]
    assert any("nothing_declared" in m for m in messages)


def test_broken_yaml_is_a_positioned_diagnostic_not_an_exception(editions):
    mod = editions / "mods" / "long-range-shooting.yaml"
    found = diagnostics_of(analyse(mod, {str(mod): "schema_version: 1\nextends: [\n"}), mod)
    assert len(found) == 1 and found[0].pos.line == 3 and found[0].severity == "error"


def test_a_missing_file_is_reported_not_raised(tmp_path):
    try:
        result = analyse(tmp_path / "gone.yaml", {})
    except FubaError:  # pragma: no cover - the test fails here
        pytest.fail("analyse raised")
    assert result.diagnostics and result.names is None


def test_a_team_file_is_not_checked_as_an_edition_file():
    team = EDITIONS / "teams" / "example.yaml"
    assert analyse(team, {}).diagnostics == []

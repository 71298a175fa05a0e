"""The `display:` section (issue 42): how a board shows an edition, checked like rules."""

from __future__ import annotations

from pathlib import Path

from fuba_rules.cli import main
from fuba_rules.display import display_of, status, words
from fuba_rules.edition import load_edition
from fuba_rules.engine.driver import Match

EDITIONS = Path(__file__).resolve().parents[1] / "editions"
BAD = """schema_version: 1
id: mods/bad-display
extends: 2024-draft
display:
  status:
    - {label: "minute", expr: minnute}
  markers:
    pass.targett: {label: "pass target"}
    half: {label: "half"}
"""


def test_a_mistake_in_display_is_an_error_at_its_line_with_did_you_mean(tmp_path, monkeypatch, capsys):
    (tmp_path / "mods").mkdir()
    (tmp_path / "mods" / "bad-display.yaml").write_text(BAD)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FUBA_EDITIONS", str(EDITIONS))
    assert main(["check", "mods/bad-display.yaml"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert "mods/bad-display.yaml:6:31: error: display: unknown name 'minnute' (did you mean 'minute'?)" in err
    assert "mods/bad-display.yaml:8:5: error: display: unknown state 'pass.targett' (did you mean 'pass.target'?)" in err
    assert "mods/bad-display.yaml:9:5: error: display: 'half' holds an int, not an area" in err


def test_every_edition_says_its_status_in_words():
    for edition, first in (("2024-draft", "Blue"), ("world-cup-2015", "Heidi"), ("2.0", "Heidi")):
        ed = load_edition(edition, root=EDITIONS)
        d = display_of(ed)
        assert d.ball == {"area": "ball.area", "value": "ball.value", "control": "control"}
        assert [i.label for i in d.odds][:2] == ["ball with", "ball value"]
        said = {s["label"]: s["value"] for s in status(ed, Match(ed, 1).state)}
        assert said["minute"] == "1" and said[""] == "first half" and said["score"].startswith(f"{first} 0, ")
        assert words({"home": 2, "away": 0}, ed.team_names()).startswith(f"{first} 2, ")

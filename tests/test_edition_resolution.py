"""One way to find editions for every command (issue 37, item 2): a designer's folder holds
`2026-draft/` (extending the installed 2024 draft) beside `mods/` (extending 2026-draft),
the layout docs/checking.md recommends, and every command finds both without `--root`."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from fuba_rules.cli import main
from fuba_rules.lsp.analysis import analyse, diagnostics_of

DRAFT = """\
schema_version: 1
title: "2026 draft"
extends: 2024-draft
constants:
  max_counted: 5
"""
MOD = """\
schema_version: 1
extends: 2026-draft
constants:
  max_counted: 4
"""


@pytest.fixture
def designer(tmp_path, monkeypatch) -> Path:
    """The designer's folder, as the current folder, with no ./editions and no $FUBA_EDITIONS."""
    (tmp_path / "2026-draft").mkdir()
    (tmp_path / "2026-draft" / "edition.yaml").write_text(DRAFT)
    (tmp_path / "mods").mkdir()
    (tmp_path / "mods" / "x.yaml").write_text(MOD)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("FUBA_EDITIONS", raising=False)
    return tmp_path


ODDS = ["odds", "2026-draft", "pressing", "away", "--state", "ball.value=3,ball.area=centre,control=home",
        "--home", "centre=2,home_front=8", "--away", "centre=2,away_front=8", "--measure", "control"]
COMMANDS = {
    "check": (["check", "mods/x.yaml"], "mods/x extends 2026-draft"),
    "simulate": (["simulate", "2026-draft", "--mod", "mods/x.yaml", "-n", "1"], "goals per match"),
    "compare": (["compare", "2026-draft", "2026-draft+mods/x.yaml", "-n", "1"], "2026-draft+mods/x.yaml"),
    "sweep": (["sweep", "2026-draft", "--set", "constants.max_counted=4,5", "-n", "1"], "constants.max_counted"),
    "balance": (["balance", "2026-draft+mods/x.yaml", "-n", "1", "--no-skills", "--no-matrix"], "4-4-2"),
    "diff": (["diff", "2026-draft", "2026-draft", "--mod", "mods/x.yaml"], "~ max_counted"),
    "rules": (["rules", "2026-draft", "2026-draft", "--mod", "mods/x.yaml", "--changed"], "- value: 4"),
    "show": (["show", "2026-draft", "--mod", "mods/x.yaml", "--section", "constants"], "max_counted"),
    "odds": (ODDS, "away"),
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_finds_the_edition_beside_mods_without_root(designer, capsys, name):
    argv, expected = COMMANDS[name]
    code = main(argv)
    out, err = capsys.readouterr()
    assert "unknown edition" not in err
    assert code == 0, err
    assert expected in out


def test_play_finds_them(designer, capsys, monkeypatch):
    """`fuba play` loads the mod on its edition and asks the first question: the input ends there."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = main(["play", "2026-draft", "--mod", "mods/x.yaml"])
    out, err = capsys.readouterr()
    assert "unknown edition" not in err and code == 1 and "formation" in out


def test_serve_finds_them(designer, capsys):
    """`fuba serve` loads the edition before it listens: a port it cannot take is the only complaint."""
    pytest.importorskip("starlette")
    assert main(["serve", "2026-draft", "--mod", "mods/x.yaml", "--port", "99999"]) == 1
    err = capsys.readouterr().err
    assert "unknown edition" not in err and "cannot listen on 127.0.0.1:99999" in err


def test_the_language_server_finds_them(designer):
    """The editor's buffer of mods/x.yaml is checked on 2026-draft; a misspelt base is
    suggested from the designer's folder."""
    mod = Path("mods/x.yaml").resolve()
    assert diagnostics_of(analyse(mod, {}), mod) == []
    found = diagnostics_of(analyse(mod, {str(mod): MOD.replace("2026-draft", "2026-draf")}), mod)
    assert [d.message for d in found] == ["unknown edition '2026-draf' (did you mean '2026-draft'?)"]

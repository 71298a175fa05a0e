"""Editors find the schema: every shipped file's first line points at it from a checkout,
and `fuba schema --path` says where the installed one is for every other folder."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from fuba_rules import cli
from fuba_rules.cli.schema import schema_path

REPO = Path(__file__).resolve().parents[2]
EDITIONS = REPO / "editions"
PREFIX = "# yaml-language-server: $schema="


def expected_schema(path: Path) -> str:
    """Team files follow the team schema; every other file is part of an edition."""
    return "team" if path.parent.name == "teams" else "edition"


@pytest.mark.parametrize("path", sorted(EDITIONS.rglob("*.yaml")), ids=lambda p: str(p.relative_to(EDITIONS)))
def test_every_shipped_yaml_file_starts_with_a_schema_line_that_resolves(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(PREFIX), f"{path.relative_to(REPO)} must start with {PREFIX}<relative path>"
    target = (path.parent / first.removeprefix(PREFIX)).resolve()
    assert target == schema_path(expected_schema(path))
    assert target.is_file()


def test_the_schema_line_is_relative_so_it_works_in_any_checkout():
    for path in EDITIONS.rglob("*.yaml"):
        reference = path.read_text(encoding="utf-8").splitlines()[0].removeprefix(PREFIX)
        assert not os.path.isabs(reference) and "://" not in reference


def test_fuba_schema_path_prints_the_installed_schema(capsys):
    assert cli.main(["schema", "--path"]) == 0
    printed = Path(capsys.readouterr().out.strip())
    assert printed.is_absolute() and printed == schema_path("edition")
    assert json.loads(printed.read_text(encoding="utf-8"))["title"] == "FUBA edition file"


def test_fuba_schema_prints_the_schema_itself(capsys):
    assert cli.main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(schema_path("edition").read_text(encoding="utf-8"))
    assert cli.main(["schema", "team"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "FUBA team file"


def test_the_shipped_team_file_follows_the_team_schema():
    import jsonschema
    import yaml

    team = yaml.safe_load((EDITIONS / "teams" / "example.yaml").read_text(encoding="utf-8"))
    jsonschema.validate(team, json.loads(schema_path("team").read_text(encoding="utf-8")))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"home": {"skils": []}}, json.loads(schema_path("team").read_text(encoding="utf-8")))

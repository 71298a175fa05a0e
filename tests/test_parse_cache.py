"""Parsed rule text is cached between runs by content hash; the cache is safe to delete,
can be turned off, and a damaged cache file is ignored, never trusted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.lang import parse_cache
from fuba_rules.sim.play import play_match

ROOT = Path(__file__).resolve().parents[1] / "editions"


def _log(ed) -> list:
    return play_match(ed, 3, ("coach", "coach"), record=True).events


def test_a_warm_load_plays_the_same_match_as_a_cold_one(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FUBA_CACHE", "off")
    cold = _log(load_edition("world-cup-2015", root=ROOT))
    monkeypatch.delenv("FUBA_CACHE")
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    load_edition("world-cup-2015", root=ROOT)  # fills the cache
    assert list(tmp_path.rglob("*.json"))
    assert _log(load_edition("world-cup-2015", root=ROOT)) == cold


def test_the_cache_can_be_turned_off(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("FUBA_CACHE", "off")
    assert parse_cache.cache_dir() is None
    load_edition("world-cup-2015", root=ROOT)
    assert not list(tmp_path.rglob("*.json"))


def test_the_cache_lives_in_the_users_cache_folder(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("FUBA_CACHE_DIR", raising=False)
    monkeypatch.delenv("FUBA_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert parse_cache.cache_dir() == tmp_path / "fuba-rules"


@pytest.mark.parametrize("damage", ["not json at all", json.dumps({"version": "x", "entries": {}}), "corrupt-entries"])
def test_a_damaged_cache_file_is_ignored(tmp_path, monkeypatch, damage: str) -> None:
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    cold = _log(load_edition("world-cup-2015", root=ROOT))
    for f in tmp_path.rglob("*.json"):
        if damage == "corrupt-entries":
            data = json.loads(f.read_text())
            data["entries"] = {k: {"@": "Import", "name": "os"} for k in data["entries"]}
            f.write_text(json.dumps(data))
        else:
            f.write_text(damage)
    assert _log(load_edition("world-cup-2015", root=ROOT)) == cold

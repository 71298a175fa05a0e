"""What the agent tests share: the editions, and mods that make a match three minutes a half."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[2] / "editions"
EDITIONS = ["2024-draft", "world-cup-2015", "2.0"]


def short_mod(edition: str) -> Path:
    """A mod of `edition` with halves of three minutes, so search and OpenSpiel tests stay quick."""
    return DATA / f"short-{edition}.yaml"

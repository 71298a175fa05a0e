"""Editions are loaded once per test session: loading compiles every rule."""

from pathlib import Path

import pytest

from fuba_rules.edition import load_edition

EDITIONS = Path(__file__).resolve().parents[2] / "editions"


@pytest.fixture(scope="session")
def draft2024():
    return load_edition("2024-draft", root=EDITIONS)


@pytest.fixture(scope="session")
def editions_dir():
    return EDITIONS

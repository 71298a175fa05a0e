"""Short matches (three minutes a half) keep search tests quick."""

from __future__ import annotations

import pytest

from fuba_rules import load_edition

from agentkit import ROOT, short_mod


@pytest.fixture(scope="session")
def short2024():
    return load_edition("2024-draft", [short_mod("2024-draft")], ROOT)

"""Advice: every optional decision and skill of the shipped editions tells the coach when to act."""

from __future__ import annotations

import pytest

from fuba_rules.edition import check_resolved
from fuba_rules.layering import resolve

from agentkit import EDITIONS, ROOT


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_shipped_editions_advise_every_optional_decision_and_skill(edition):
    warnings = [d.format() for d in check_resolved(resolve(edition, ROOT)) if "advice" in d.message]
    assert warnings == []


def test_a_skill_or_optional_decision_without_advice_gets_a_warning(tmp_path):
    mod = tmp_path / "no-advice.yaml"
    mod.write_text(
        "schema_version: 1\nid: mods/no-advice\ntitle: no advice\nextends: 2024-draft\n"
        "skills:\n  Lucky:\n    ref: mod\n    group: team\n    at: turn_start\n    when: owner == CT\n"
        "    do: |\n      let x = may_choose(owner, \"lucky move\", [1, 2])\n"
    )
    found = [(d.severity, d.message) for d in check_resolved(resolve(mod, ROOT)) if "advice" in d.message]
    assert ("warning", "optional skill 'Lucky' has no prefer: advice: the coach agent always uses it (no advice: its first option)") in found
    assert ("warning", "optional decision without prefer= advice: the coach agent always takes its first option") in found

"""The CI soak (issue 36): whole matches of every edition and rule set, random and coach
agents, with the edition's invariants checked at their points: no match may break one.

FUBA_INVARIANT_SOAK sets the matches per edition (default 200, shared by its rule sets:
about a minute and a half for all three on two loaded cores); bench/invariants.py plays
10,000 per edition and rule set."""

from __future__ import annotations

import os

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.sim.soak import soak_cells

MATCHES = int(os.environ.get("FUBA_INVARIANT_SOAK", "200"))
JOBS = 2


@pytest.mark.parametrize("edition", ["2024-draft", "world-cup-2015", "2.0"])
def test_no_match_breaks_an_invariant(editions_dir, edition):
    ed = load_edition(edition, root=editions_dir)
    broken = []
    sets = 2 if ed.advanced_rules() else 1
    for cell in soak_cells(ed, MATCHES // sets):
        result = cell.play(ed, jobs=JOBS, root=editions_dir)
        assert result.matches == cell.n
        if result.violations:
            broken.append(f"{cell.name}:\n{result.report()}")
    assert not broken, "\n".join(broken)

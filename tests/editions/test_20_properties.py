"""FUBA 2.0: properties of whole matches over a few seeds, both agents, basic and advanced rules."""

from pathlib import Path

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.sim.play import play_match

from invariants import assert_match_invariants

EDITIONS = Path(__file__).resolve().parents[2] / "editions"
ADVANCED = {"A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"}
SKILLS = {"home": ["Tackle", "Fanatic fans", "Actor", "Dribbling"], "away": ["Skilled goal keeper", "Clinical finisher", "Stopper", "Goal poacher"]}


@pytest.fixture(scope="module")
def ed():
    return load_edition("2.0", root=EDITIONS)


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("agents", [("coach", "coach"), ("random", "random")])
@pytest.mark.parametrize("advanced", [False, True])
def test_ball_value_score_and_full_time(ed, seed, agents, advanced):
    r = play_match(ed, seed, agents=agents, rules_on=ADVANCED if advanced else (), skills=SKILLS if advanced else None, check_invariants=True)
    assert_match_invariants(r)
    assert 10 <= r.metrics["turns_per_half"] <= 40, "about 20 turns a half"

"""FUBA 2.0: properties of whole matches over a few seeds, both agents, basic and advanced rules."""

from pathlib import Path

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.sim.play import play_match

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
    r = play_match(ed, seed, agents=agents, rules_on=ADVANCED if advanced else (), skills=SKILLS if advanced else None)
    values = [e["to"] for e in r.events if e["kind"] == "set" and e.get("var") == "ball.value"]
    assert values and all(1 <= v <= 6 for v in values)
    goals = [e for e in r.events if e["kind"] == "log" and e.get("tag") == "goal"]
    assert r.score["home"] + r.score["away"] == len(goals)
    for t in ("home", "away"):
        assert r.score[t] == len([g for g in goals if g.get("team") == t])
    assert [e for e in r.events if e["kind"] == "log" and e.get("tag") == "full_time"]
    halves = [e for e in r.events if e["kind"] == "log" and e.get("tag") == "half_end"]
    assert len(halves) == 2
    assert 10 <= r.stats["turns_per_half"] <= 40 if hasattr(r, "stats") else True

"""Invariants over many random matches (2024 draft): the edition's own `invariants:`
checked as the matches play, and what every match log shows (invariants.py).

CI plays a few dozen seeds; `pytest -m soak` (or bench/soak.py) plays 1,000 per pairing.
"""

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuba_rules.edition import load_edition
from fuba_rules.sim.play import play_match

from invariants import assert_match_invariants

ROOT = Path(__file__).resolve().parents[2]
PAIRINGS = [("random", "random"), ("coach", "coach"), ("coach", "random")]
EXAMPLES = int(os.environ.get("FUBA_PROPERTY_EXAMPLES", "12"))


@pytest.fixture(scope="module")
def watched():
    return load_edition("2024-draft", root=ROOT / "editions")


def check_match(ed, seed, agents, rules_on=(), skills=None):
    r = play_match(ed, seed, agents, rules_on, skills, check_invariants=True)
    goals = assert_match_invariants(r)
    for g in goals:  # 4.8 and 3.3.1: after a goal the team that conceded takes the kick-off turn
        nxt = next((e for e in r.events[g["seq"]:] if (e["kind"] == "set" and e["var"] == "actions") or e.get("tag") == "half"), None)
        if nxt is not None and nxt.get("tag") != "half":  # a new half has its own kick-off (4.2.2.3)
            assert nxt["phasing"] != g["team"], "the team that conceded plays the kick-off turn"
    return r


@pytest.mark.parametrize("agents", PAIRINGS, ids=["-".join(p) for p in PAIRINGS])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_invariants_hold_in_random_matches(watched, agents, seed):
    check_match(watched, seed, agents)


@pytest.mark.soak
@pytest.mark.parametrize("agents", PAIRINGS, ids=["-".join(p) for p in PAIRINGS])
def test_a_thousand_matches_per_pairing_without_a_fault(watched, agents):
    for seed in range(int(os.environ.get("FUBA_SOAK_MATCHES", "1000"))):
        check_match(watched, seed, agents)


def test_same_seed_same_match(watched):
    """Determinism: the same edition, seed and agents give the same events."""
    a = play_match(watched, 7, ("coach", "random"))
    b = play_match(watched, 7, ("coach", "random"))
    assert a.events == b.events


def check_advanced(ed, seed, agents, skills):
    r = check_match(ed, seed, agents, sorted(ed.rules), skills)
    last_use = 0  # each paid skill use needs a payment by its team since the previous one
    for i, e in enumerate(r.events):
        if e["kind"] == "hook" and e.get("skill") and e.get("cost"):
            paid = [x for x in r.events[last_use:i] if x["kind"] == "log" and x.get("tag") == "condition_spent" and x.get("team") == e["team"]]
            assert paid, f"{e['name']} was used by {e['team']} without paying its cost"
            last_use = i
    return r


@pytest.mark.parametrize("agents", PAIRINGS, ids=["-".join(p) for p in PAIRINGS])
@settings(max_examples=max(EXAMPLES // 3, 3), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**31), pick=st.randoms(use_true_random=False))
def test_invariants_hold_with_every_advanced_rule_and_skills(watched, agents, seed, pick):
    """A1-A13 on, random skills: the edition's invariants (condition points among them),
    at most three substitutions, no skill used without its cost paid."""
    names = sorted(watched.skills)
    skills = {"home": pick.sample(names, 4), "away": pick.sample(names, 4)}
    check_advanced(watched, seed, agents, skills)


def test_a_skill_paid_for_before_a_weather_roll_counts_as_paid(watched):
    """Found by the property test: heat (A10) rolls between paying and using a skill."""
    skills = ["Actor", "Advancing goalkeeper", "Aggressive striker", "Angry coach"]
    check_advanced(watched, 51562, ("coach", "random"), {"home": skills, "away": skills})

"""The ladder: pairings both ways round, Wilson intervals and Bradley-Terry ratings."""

from __future__ import annotations

import json

import pytest

from fuba_rules.cli import main
from fuba_rules.workbench.ladder import Pairing, ratings, wilson

from agentkit import short_mod


def test_the_wilson_interval_stays_inside_0_and_1_and_holds_the_share():
    lo, hi = wilson(10, 10)
    assert 0.69 < lo < 0.73 and hi == pytest.approx(1.0)
    lo, hi = wilson(5, 10)
    assert lo < 0.5 < hi
    assert wilson(0, 0) == (0.0, 1.0)


def test_ratings_put_the_agent_that_wins_more_above():
    r = ratings(["random", "coach", "search"], [
        Pairing("random", "coach", 1, 2, 17),
        Pairing("random", "search", 0, 2, 18),
        Pairing("coach", "search", 6, 4, 10),
    ])
    assert r["random"] == 0
    assert 0 < r["coach"] < r["search"]


def test_an_even_pairing_rates_both_agents_alike():
    r = ratings(["a", "b"], [Pairing("a", "b", 7, 6, 7)])
    assert r["b"] == pytest.approx(0, abs=1e-6)


def test_a_tiny_ladder_from_the_command_line(capsys):
    assert main(["ladder", "2024-draft", "--mod", str(short_mod("2024-draft")), "--agents", "random,coach", "-n", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (pairing,) = out["pairings"]
    assert pairing["matches"] == 2 and (pairing["first"], pairing["second"]) == ("random", "coach")
    assert sum(pairing[k]["count"] for k in ("wins", "draws", "losses")) == 2
    assert set(out["ratings"]) == {"random", "coach"}
    assert "cpu_seconds_per_match" in pairing, "a budget like issue 9's is read from the ladder"


def test_the_ladder_needs_two_different_agents(capsys):
    assert main(["ladder", "2024-draft", "--agents", "coach"]) == 2
    assert "at least two different agents" in capsys.readouterr().err

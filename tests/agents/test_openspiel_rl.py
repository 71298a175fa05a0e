"""OpenSpiel's own learner trains on python_fuba (bench/openspiel_rl.py, kept tiny here).

The full run (a few CPU-minutes, its learning curve in docs/openspiel.md) is the bench
script; this test plays its loop for two short training matches and checks that the
tabular Q-learner of open_spiel.python learned values for the decisions it met and was
evaluated greedily against the random player.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

BENCH = Path(__file__).resolve().parents[2] / "bench" / "openspiel_rl.py"


def test_the_q_learner_trains_against_random_and_is_evaluated_after_each_round():
    spec = importlib.util.spec_from_file_location("openspiel_rl", BENCH)
    rl = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rl)
    result = rl.train("2024-draft", seconds=60, every=1, n_eval=2, max_clock=4, how="board", seed=0, max_matches=2)
    assert [p["matches"] for p in result["curve"]] == [0, 1, 2]
    assert all(p["wins"] + p["draws"] + p["losses"] == 2 for p in result["curve"])
    assert result["states"] > 5  # it learned values for the decisions it met

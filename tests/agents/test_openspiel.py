"""python_fuba: FUBA through OpenSpiel's Python game API, dice as chance nodes.

A state replays its actions from the kick-off, so the tests stop matches early with the
`max_clock` parameter or play the three-minute halves of a test mod.
"""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import fuba_rules.openspiel  # noqa: E402,F401 - registers python_fuba
from open_spiel.python.algorithms import mcts  # noqa: E402

from agentkit import EDITIONS, short_mod  # noqa: E402


@pytest.mark.parametrize("edition", EDITIONS)
def test_openspiels_random_simulation_test_passes(edition):
    game = pyspiel.load_game("python_fuba", {"edition": edition, "max_clock": 2})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_a_die_is_a_chance_node_with_six_equal_outcomes():
    state = pyspiel.load_game("python_fuba", {"edition": "2024-draft"}).new_initial_state()
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.chance_outcomes() == [(a, pytest.approx(1 / 6)) for a in range(6)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 5) == "die 6"


def test_decisions_belong_to_home_and_away_with_their_options():
    state = pyspiel.load_game("python_fuba", {"edition": "2024-draft"}).new_initial_state()
    assert state.current_player() == 0
    assert "home formation: 4-4-2" in state.action_to_string(0, state.legal_actions()[0])


def test_mcts_bot_plays_a_match_to_the_end():
    game = pyspiel.load_game("python_fuba", {"edition": "2024-draft", "mods": str(short_mod("2024-draft")), "max_clock": 1})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=2, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bot.step(state))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_an_unknown_rule_is_named():
    with pytest.raises(Exception, match="unknown rule"):
        pyspiel.load_game("python_fuba", {"edition": "2024-draft", "rules": "A99"})

"""python_fuba: FUBA through OpenSpiel's Python game API, dice as chance nodes.

A state continues from a copy of its last decision (no replay from the kick-off), so
OpenSpiel's own random simulation test and an MCTS bot play whole matches; the bot with
random rollouts plays the three-minute halves of a test mod, since every rollout is a
match of its own.
"""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import fuba_rules.openspiel  # noqa: E402,F401 - registers python_fuba
from open_spiel.python.algorithms import mcts  # noqa: E402

from agentkit import EDITIONS, short_mod  # noqa: E402


@pytest.mark.parametrize("edition", EDITIONS)
def test_openspiels_random_simulation_test_passes_over_a_whole_match(edition):
    game = pyspiel.load_game("python_fuba", {"edition": edition})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_random_simulation_test_passes_on_matches_stopped_by_max_clock():
    game = pyspiel.load_game("python_fuba", {"edition": "2024-draft", "max_clock": 2})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


class _Flat(mcts.Evaluator):
    """No rollouts: every leaf is worth nothing yet, every option equally likely. The bot
    still searches (cloning and applying actions at every step) over a whole match."""

    def evaluate(self, state):
        return np.zeros(2)

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


def _play_out(game, bot, rng) -> tuple:
    """Play a match to its end: the dice drawn by their exact odds, every decision by `bot`.
    Returns the final state and how many decisions the bot took."""
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bot.step(state))
            moves += 1
    return state, moves


def test_mcts_bot_plays_a_whole_match_of_the_2024_draft():
    game = pyspiel.load_game("python_fuba", {"edition": "2024-draft"})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=4, evaluator=_Flat(), random_state=rng)
    state, moves = _play_out(game, bot, rng)
    assert moves > 100  # a whole match, not a stopped one
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


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


def test_mcts_bot_with_random_rollouts_plays_a_short_match_to_the_end():
    game = pyspiel.load_game("python_fuba", {"edition": "2024-draft", "mods": str(short_mod("2024-draft")), "max_clock": 1})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=2, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state, _ = _play_out(game, bot, rng)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_an_unknown_rule_is_named():
    with pytest.raises(Exception, match="unknown rule"):
        pyspiel.load_game("python_fuba", {"edition": "2024-draft", "rules": "A99"})


def _replayed(state) -> tuple:
    """The node the state's actions lead to, found the slow way: every action replayed
    from the kick-off by the fast form."""
    from fuba_rules.board import TEAMS
    from fuba_rules.engine.decisions import NeedDecision
    from fuba_rules.engine.match import MatchState
    from fuba_rules.openspiel import NeedChance, _ChanceDice, _Script, _setup

    g = _setup(state._key)
    agent = _Script([a for chance, a in state._history if not chance])
    m = MatchState(g.edition, _ChanceDice([a for chance, a in state._history if chance]), {t: agent for t in TEAMS}, g.rules_on, record=False)
    try:
        m.run()
    except NeedChance as c:
        return ("chance", c.size)
    except NeedDecision as d:
        return (d.decision.team, d.decision.label, d.decision.options)
    return ("over",)


def _node(state) -> tuple:
    if state.is_chance_node():
        return ("chance", len(state.chance_outcomes()))
    if state.is_terminal():
        return ("over",)
    d = state._decision
    return (d.team, d.label, d.options)


def test_a_state_continues_from_its_last_pause_to_the_node_a_replay_finds():
    """States copy the match paused at their last decision instead of replaying it; the
    nodes are the replay's, and a clone goes its own way without moving the original."""
    import random

    game = pyspiel.load_game("python_fuba", {"edition": "2.0", "mods": str(short_mod("2.0"))})
    state, rng = game.new_initial_state(), random.Random(4)
    for step in range(400):
        if state.is_terminal():
            break
        assert _node(state) == _replayed(state)
        if step % 25 == 0:
            before, clone = _node(state), state.clone()
            clone.apply_action((clone.chance_outcomes() and clone.chance_outcomes()[-1][0]) if clone.is_chance_node() else clone.legal_actions()[-1])
            assert _node(state) == before and _node(clone) == _replayed(clone)
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(actions))
    assert step > 50

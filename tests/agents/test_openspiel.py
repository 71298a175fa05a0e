"""python_fuba: FUBA through OpenSpiel's Python game API, dice as chance nodes.

A state continues from a copy of its last decision (no replay from the kick-off), so
OpenSpiel's own random simulation test (serializing every state) and an MCTS bot play
whole matches; the bot with random rollouts plays the three-minute halves of a test mod,
since every rollout is a match of its own. The game is one of imperfect information:
the formation cards (2.1) and the keeper's penalty guess (5.5.2) are secret until the
other team has chosen, in the information states and observations alike.
"""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts  # noqa: E402

import fuba_rules.openspiel  # noqa: E402,F401 - registers python_fuba

from agentkit import EDITIONS, short_mod  # noqa: E402


@pytest.mark.parametrize("edition", EDITIONS)
def test_openspiels_random_simulation_test_passes_over_a_whole_match_serializing_every_state(edition):
    game = pyspiel.load_game("python_fuba", {"edition": edition})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_says_it_has_imperfect_information_with_tensors_of_both_kinds():
    game = pyspiel.load_game("python_fuba", {"edition": "2024-draft"})
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.provides_observation_tensor and kind.provides_information_state_tensor
    state = game.new_initial_state()
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    assert len(state.information_state_tensor(1)) == game.information_state_tensor_size()


def _formation_chosen(game, action):
    """Home's formation card, and what home specifies with it (World Cup 2015, 3.1.2)."""
    state = game.new_initial_state()
    state.apply_action(action)
    while state.current_player() == 0:
        state.apply_action(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_other_teams_formation_card_stays_hidden_until_it_has_chosen_its_own(edition):
    """2.1/3.1: both teams choose secretly, the cards are revealed together. Away, asked
    second, sees the same information state and observation whichever card home chose;
    home, and away once it has chosen, see the difference."""
    game = pyspiel.load_game("python_fuba", {"edition": edition})
    first = game.new_initial_state().legal_actions()
    a, b = _formation_chosen(game, first[0]), _formation_chosen(game, first[1])
    assert a.current_player() == b.current_player() == 1
    assert a.information_state_string(1) == b.information_state_string(1)
    assert a.information_state_tensor(1) == b.information_state_tensor(1)
    assert a.observation_tensor(1) == b.observation_tensor(1) and a.observation_string(1) == b.observation_string(1)
    assert a.information_state_string(0) != b.information_state_string(0)
    reply = a.legal_actions()[0]
    a.apply_action(reply)
    b.apply_action(reply)
    assert a.information_state_string(1) != b.information_state_string(1)


def test_an_action_means_the_same_answer_wherever_it_is_legal():
    """A fixed list of options (the penalty kick) has ids of its own; options that are
    areas are the area's id; a computed list uses option slots; declining has one id."""
    from fuba_rules.engine.decisions import Decision
    from fuba_rules.openspiel import _setup

    game = pyspiel.load_game("python_fuba", {"edition": "2.0"})
    space = _setup(game.key).space
    kick = space.ids(Decision("home", "penalty kick", ("left", "middle", "right"), None))
    assert [space.names[a] for a in kick] == ["penalty kick: left", "penalty kick: middle", "penalty kick: right"]
    assert space.ids(Decision("away", "penalty kick", ("right",), None)) == kick[2:]
    areas = space.ids(Decision("home", "pass target", ("centre", "away_front", None), None))
    assert [space.names[a] for a in areas] == ["area centre", "area away_front", "(none)"]
    assert space.ids(Decision("away", "some move", ({"from": "centre"}, {"from": "away_front"}), None)) == [0, 1]
    assert game.num_distinct_actions() == space.size


def test_a_serialized_state_is_the_same_state_again():
    import random

    game = pyspiel.load_game("python_fuba", {"edition": "world-cup-2015", "mods": str(short_mod("world-cup-2015"))})
    state, rng = game.new_initial_state(), random.Random(3)
    for _ in range(150):
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()))
    _, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(again) == str(state) and again.history() == state.history()
    if not state.is_chance_node():
        assert again.legal_actions() == state.legal_actions()
    assert again.information_state_string(0) == state.information_state_string(0)
    assert again.observation_tensor(1) == state.observation_tensor(1)


def test_no_match_is_longer_than_max_game_length():
    game = pyspiel.load_game("python_fuba", {"edition": "2024-draft", "max_game_length": 60})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
    assert len(state.history()) == 60 == game.max_game_length()


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
    assert state.legal_actions(1) == []


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

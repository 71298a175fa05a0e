"""OpenSpiel's DQN trains on python_fuba against random (bench/openspiel_rl.py, kept tiny here).

The full run (a few CPU-minutes, its learning curve in docs/openspiel.md) is the bench
script; these tests train for a few matches stopped at minute 4, with updates from the
first transitions on, and check what must hold at any size: the learner updates its
network, answers only legal actions in either seat, is evaluated on whole matches after
each round, and a run is the same for the same seed.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import attrs
import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("torch")

BENCH = Path(__file__).resolve().parents[2] / "bench" / "openspiel_rl.py"


def _bench():
    spec = importlib.util.spec_from_file_location("openspiel_rl", BENCH)
    rl = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rl)
    return rl


rl = _bench()
TINY = rl.Settings(train_clock=4, hidden=(16,), batch=8, learn_every=4, replay=500, min_replay=8, epsilon_steps=200, seed=3)


def _weights(learner) -> list[list[float]]:
    return [p.detach().flatten().tolist() for p in learner._q_network.parameters()]


def _trained(matches: int):
    rl.seed_everything(TINY.seed)
    arena = rl.Arena.of(TINY, whole=False)
    learner = rl.make_learner(arena, TINY)
    rng = random.Random(TINY.seed)
    for i in range(matches):
        rl.play(arena, learner, i % 2, rng, train=True)
    return arena, learner


def test_training_against_random_updates_the_network():
    rl.seed_everything(TINY.seed)
    untrained = _weights(rl.make_learner(rl.Arena.of(TINY, whole=False), TINY))
    _, learner = _trained(2)
    assert learner.loss is not None  # it learned from its replay buffer
    assert _weights(learner) != untrained


@pytest.mark.parametrize("seat", [0, 1])
def test_the_trained_learner_answers_only_legal_actions_in_either_seat(seat):
    arena, learner = _trained(2)
    answered: list[tuple[int, list[int]]] = []
    step = learner.step

    def spy(time_step, is_evaluation=False):
        out = step(time_step, is_evaluation)
        if out is not None and out.action is not None:
            answered.append((int(out.action), list(time_step.observations["legal_actions"][seat])))
        return out

    learner.step = spy
    answers = rl.Answers(int(arena.game.get_parameters()["max_actions"]))
    result = rl.play(arena, learner, seat, random.Random(7), False, answers)
    assert answered, "the learner was asked nothing"
    assert all(action in legal for action, legal in answered)
    assert result.ret in (1.0, 0.0, -1.0)
    # the answers tallied name areas from the deciding team's side, the same in either seat
    options = {option for counts in answers.counts.values() for _, option in counts}
    assert any(o.startswith(("own_", "their_")) for o in options)
    assert not any(o.startswith(("home_", "away_")) for o in options)


def test_the_learner_is_evaluated_on_whole_matches_in_both_seats_after_each_round():
    result = rl.train(TINY, seconds=0, every=1, n_eval=1, max_matches=2)
    assert [p["matches"] for p in result["curve"]] == [0, 1, 2]
    assert all(p["wins"] + p["draws"] + p["losses"] == 2 for p in result["curve"])  # one match in each seat


def test_the_same_seed_trains_the_same_network():
    assert _weights(_trained(2)[1]) == _weights(_trained(2)[1])


@pytest.mark.parametrize("tensor", ["observation", "information"])
def test_the_learner_sees_the_games_own_tensor(tensor):
    arena = rl.Arena.of(attrs.evolve(TINY, tensor=tensor), whole=False)
    state, rng = arena.game.new_initial_state(), random.Random(1)
    for _ in range(40):
        if not state.is_chance_node():
            for seat in (0, 1):
                own = state.observation_tensor(seat) if tensor == "observation" else state.information_state_tensor(seat)
                assert arena.tensor(state, seat).tolist() == pytest.approx(own)
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])

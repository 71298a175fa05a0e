"""The search agent: plays the match on from its decisions, with new dice, and answers legally.

Each playout plays the rest of the match from a copy of the pause, so these tests use a
match of three minutes a half and a budget of a few playouts.
"""

from __future__ import annotations

import pytest

from fuba_rules.agents import SearchAgent
from fuba_rules.agents.search import Budget
from fuba_rules.dice import DiceExhausted
from fuba_rules.sim.play import new_match


class _Stop(DiceExhausted):  # the engine lets it through, like a scripted test out of dice
    pass


class _FirstDecisionOnly:
    """Lets the search agent answer the first decision it is asked, then stops the match."""

    def __init__(self, agent):
        self.agent, self.name, self.needs_history = agent, agent.name, True
        self.answers = []

    def choose(self, decision, match):
        if self.answers:
            raise _Stop
        rolled = len(match.dice.history.dice)
        self.answers.append((decision, self.agent.choose(decision, match)))
        self.rolled_while_thinking = len(match.dice.history.dice) - rolled
        return self.answers[-1][1]


def first_answer(short2024, search: SearchAgent, seed: int) -> tuple:
    """The search agent's (probe, decision, pick) for the first decision it is asked."""
    probe = _FirstDecisionOnly(search)
    m = new_match(short2024, seed, (probe, "coach"), record=False)
    with pytest.raises(_Stop):
        m.run()
    return probe, *probe.answers[0]


def test_search_answers_a_decision_after_its_budget_of_playouts(short2024):
    search = SearchAgent(1, Budget(playouts=3))
    probe, decision, pick = first_answer(short2024, search, 5)
    assert 0 <= pick < len(decision.options)
    assert search.playouts == 3
    assert probe.rolled_while_thinking == 0, "playouts roll their own dice, never the real match's"


def test_a_time_budget_still_tries_every_option_once(short2024):
    search = SearchAgent(2, Budget(seconds=0.001))
    _, decision, _ = first_answer(short2024, search, 6)
    assert search.playouts >= len(decision.options)


def test_a_playout_continues_a_copy_of_the_pause_and_plays_what_a_replay_plays(short2024):
    """At a searching agent's decision the match is copied, not replayed from the kick-off;
    with the same dice seed and policy a playout ends exactly as a replay of the recorded
    history would."""
    from fuba_rules.agents.coach import CoachAgent
    from fuba_rules.agents.history import Continuation, History, history_of

    class _Compare:
        name, needs_history = "compare", True

        def __init__(self):
            self.seen = 0
            self.same: list[bool] = []

        def choose(self, decision, match):
            self.seen += 1
            if self.seen in (3, 12):
                copy = Continuation.of(match)
                h = history_of(match)
                replay = Continuation(match.ed, match.rules_on, h.skills, History(list(h.dice), list(h.answers)), h.carry)
                assert copy.snapshot is not None and replay.snapshot is None
                for seed in range(3):
                    a, b = CoachAgent(seed), CoachAgent(seed)
                    x = copy.play(lambda d, m: a.choose(d, m), seed)
                    y = replay.play(lambda d, m: b.choose(d, m), seed)
                    self.same.append(x.S == y.S and dict(x.tally) == dict(y.tally))
            if self.seen == 12:
                raise _Stop
            return 0

    probe = _Compare()
    with pytest.raises(_Stop):
        new_match(short2024, 2, (probe, "coach")).run()
    assert probe.same == [True] * 6

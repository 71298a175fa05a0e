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
                    x = copy.play(lambda d, m, a=a: a.choose(d, m), seed)
                    y = replay.play(lambda d, m, b=b: b.choose(d, m), seed)
                    self.same.append(x.S == y.S and dict(x.tally) == dict(y.tally))
            if self.seen == 12:
                raise _Stop
            return 0

    probe = _Compare()
    with pytest.raises(_Stop):
        new_match(short2024, 2, (probe, "coach")).run()
    assert probe.same == [True] * 6


def test_a_budget_says_playouts_horizon_and_margin():
    assert Budget.parse("200@10~5") == Budget(playouts=200, horizon=10, margin=5.0)
    assert Budget.parse("2s@4") == Budget(seconds=2.0, horizon=4)
    assert str(Budget.parse("200@10~5")) == "200@10~5" and str(Budget.parse("50")) == "50"
    for bad in ("0", "10@x", "10@-1", "10~-2", "@3", "10~nan", "10@", "10~"):
        with pytest.raises(ValueError, match="search budget"):
            Budget.parse(bad)


def test_a_playout_stops_at_its_horizon_of_the_searching_teams_decisions(short2024, monkeypatch):
    """With a horizon of two, each playout answers at most two more decisions of the
    searching team and then stops, well before the end of the match."""
    from fuba_rules.agents import search as search_module

    ended: list[tuple[int, bool]] = []
    real_gain = search_module._gain

    def spy(m, team, start_diff):
        ended.append((m.S.get(m.ed.match["clock"]), real_gain(m, team, start_diff) in (-1.0, 0.0, 1.0)))
        return real_gain(m, team, start_diff)

    monkeypatch.setattr(search_module, "_gain", spy)
    search = SearchAgent(3, Budget(playouts=4, horizon=2))
    first_answer(short2024, search, 7)
    assert len(ended) == 4 and all(ok for _, ok in ended)
    assert all(minute < 3 for minute, _ in ended), "a playout of two decisions ends in the first half"


def test_a_decision_whose_advice_leads_by_the_margin_is_answered_as_the_coach_without_search(short2024):
    """A small margin skips every decision whose advice has one best option: nothing is played out for it."""
    search = SearchAgent(4, Budget(playouts=3, horizon=2, margin=0.5))
    r = new_match(short2024, 8, (search, "coach"), record=False)
    r.run()
    assert search.skipped > 0
    assert search.playouts == 3 * search.searched, "only the decisions without a clear favourite are searched"

"""Agents: the factory's names and budgets, the coach's use of advice, and replays of a history."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuba_rules.agents import CoachAgent, RandomAgent, make_agent
from fuba_rules.agents.coach import best_options
from fuba_rules.agents.history import (
    Continuation,
    History,
    ReplayAgent,
    ReplayDice,
    recorded,
)
from fuba_rules.agents.search import Budget
from fuba_rules.board import TEAMS
from fuba_rules.cli import main
from fuba_rules.dice import SeededDice
from fuba_rules.edition import load_edition
from fuba_rules.engine.decisions import Decision, IllegalChoice
from fuba_rules.engine.match import MatchState


def test_the_factory_knows_each_agent_and_the_search_budgets():
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert isinstance(make_agent("coach", 1), CoachAgent)
    assert make_agent("search", 1).budget == Budget(playouts=50)
    assert make_agent("search:400", 1).budget == Budget(playouts=400)
    assert make_agent("search:0.5s", 1).budget == Budget(seconds=0.5)
    assert make_agent("search:7", 1).name == "search:7"


@pytest.mark.parametrize("spec,message", [
    ("serch", "did you mean 'search'"),
    ("search:lots", "a search budget is a number of playouts"),
    ("search:0", "must be positive"),
    ("coach:5", "takes no budget"),
])
def test_a_bad_agent_name_or_budget_is_explained(spec, message):
    with pytest.raises(ValueError, match=message):
        make_agent(spec, 0)


def test_the_command_line_rejects_a_bad_budget_without_a_traceback(capsys):
    assert main(["simulate", "2024-draft", "--home", "search:lots", "-n", "1"]) == 2
    assert "a search budget is a number of playouts" in capsys.readouterr().err


def test_the_coach_takes_the_option_the_advice_scores_highest():
    d = Decision("home", "goal attempt", ("shoot", None), (5, 0))
    assert all(CoachAgent(s).choose(d, None) == 0 for s in range(20))
    declined = Decision("home", "goal attempt", ("shoot", None), (-3, 0))
    assert all(CoachAgent(s).choose(declined, None) == 1 for s in range(20))


SCORE = st.one_of(st.integers(-3, 3), st.booleans(), st.none(), st.sampled_from(["", "x", "y"]), st.integers(-10**12, 10**12))


@given(st.lists(SCORE, min_size=2, max_size=8), st.integers(0, 50))
@settings(max_examples=300, deadline=None)
def test_the_coach_picks_as_if_every_score_were_read_as_a_number(scores, seed):
    # whole numbers compared as they are, anything else as its number (a text or none as
    # its truth): the same best options either way, and the first of them taken
    d = Decision("home", "pick", tuple(range(len(scores))), tuple(scores))
    numbers = [float(s) if type(s) is int else (1.0 if s else 0.0) for s in scores]
    tied = [i for i, s in enumerate(numbers) if s == max(numbers)]
    assert best_options(d) == tied
    assert CoachAgent(seed).choose(d, None) == tied[0]


def test_the_coach_breaks_a_tie_by_a_stated_rule_not_by_a_coin():
    """docs/agents.md: options that name no place go in the order listed (the tie rule for
    places is in test_coach_ties.py); declining an optional decision is listed last, so a
    tie between doing and declining does it."""
    tie = Decision("home", "formation", ("4-4-2", "4-3-3", "3-5-2"), (1, 3, 3))
    at_four = Decision("home", "goal attempt", ("shoot", None), (0, 0))  # exactly 4/36: advice 0, as declining
    unadvised = Decision("home", "corner spot", ("left", "right"), None)
    coaches = [CoachAgent(seed) for seed in range(30)]
    assert {c.choose(tie, None) for c in coaches} == {1}
    assert {c.choose(at_four, None) for c in coaches} == {0}
    assert {c.choose(unadvised, None) for c in coaches} == {0}
    assert all(c.tosses == 0 for c in coaches)


def test_advice_mix_is_the_coachs_only_coin_an_even_draw_it_counts():
    """A hidden choice whose advice is "mix" (a keeper's penalty guess) is drawn evenly."""
    guess = Decision("away", "keeper guess", ("left", "none", "right"), ("mix", "mix", "mix"))
    coach = CoachAgent(3)
    picks = [coach.choose(guess, None) for _ in range(300)]
    assert coach.tosses == 300
    assert all(80 <= picks.count(i) <= 120 for i in range(3))


class _ChooseOnly:
    """An agent offering only `choose`: the engine asks it with a whole `Decision`."""

    def __init__(self, inner):
        self.inner, self.name = inner, inner.name

    def choose(self, decision, match):
        return self.inner.choose(decision, match)


@pytest.mark.parametrize("agent", [RandomAgent])  # the coach has no `pick`: its tie rule reads the options
def test_an_agent_asked_by_pick_plays_the_match_it_plays_when_asked_by_choose(short2024, agent):
    def play(wrap):
        m = MatchState(short2024, SeededDice(3), {t: wrap(agent(i)) for i, t in enumerate(TEAMS)}, frozenset(), None)
        m.run()
        return m.events

    assert play(lambda a: a) == play(_ChooseOnly)


class _Picker:
    name, reads_advice = "picker", False

    def __init__(self, answer):
        self.answer, self.asked = answer, []

    def pick(self, n, scores):
        self.asked.append((n, scores))
        return self.answer


def test_an_agent_that_reads_no_advice_is_asked_by_count_alone_and_its_answer_is_checked():
    ed = load_edition("2024-draft")
    for answer, ok in ((0, True), (99, False)):
        picker = _Picker(answer)
        m = MatchState(ed, SeededDice(1), {t: picker for t in TEAMS}, frozenset(), None)
        if ok:
            assert m.decide("home", "pass target", ["a", "b"], lambda: pytest.fail("advice computed"), True) == "a"
            assert picker.asked == [(3, None)]  # two options and declining
        else:
            with pytest.raises(IllegalChoice, match="picked 99 for 'x' with 2 options"):
                m.decide("home", "x", ["a", "b"], None, False)


def test_a_recorded_history_replays_the_same_match(short2024):
    """The dice outcomes and answers of a match, replayed, give the same match event for event."""

    dice, agents = recorded(SeededDice(11), {t: CoachAgent(5 + i) for i, t in enumerate(TEAMS)})
    original = MatchState(short2024, dice, agents, frozenset(), None)
    original.run()
    h = dice.history
    replay = ReplayAgent(h.answers, lambda d, m: pytest.fail("the replay ran out of answers"))
    again = MatchState(short2024, ReplayDice(h.dice, SeededDice(999)), {t: replay for t in TEAMS}, frozenset(), None)
    again.run()
    assert again.events == original.events


def test_a_continuation_plays_on_with_new_dice_and_the_given_policy(short2024):
    dice, agents = recorded(SeededDice(4), {t: CoachAgent(i) for i, t in enumerate(TEAMS)})
    m = MatchState(short2024, dice, agents, frozenset(), None)
    m.run()
    half = History(dice.history.dice[:10], dice.history.answers[:3])
    cont = Continuation(short2024, frozenset(), None, half)
    asked = []
    end = cont.play(lambda d, mm: asked.append(d.label) or 0, dice_seed=1)
    assert asked, "the policy answers every decision after the pause"
    assert end.S["minute"] >= 2 * short2024.constants["half_length"]

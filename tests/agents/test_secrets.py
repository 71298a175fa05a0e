"""Secret and simultaneous choices (issue 40, item 1): what a team may not see, no agent sees.

The keeper's penalty guess is secret until the kick is chosen (5.5.2 in every edition:
"secretly chooses ... then reveals"); the formation cards are chosen secretly and
revealed together (2.1 / 3.1). Each edition marks them in `secrets:`. A copy of the
match made for the kicking team, as a search's playout is, holds a guess drawn anew,
never the keeper's; the search agent therefore kicks no better than the honest rate.
"""

from __future__ import annotations

import importlib.util
import math
from collections import Counter
from pathlib import Path

import pytest

from fuba_rules import load_edition
from fuba_rules.agents import CoachAgent
from fuba_rules.agents import history as history_mod
from fuba_rules.agents.search import Budget
from fuba_rules.cli import main
from fuba_rules.dice import SeededDice
from fuba_rules.engine.frames import Trampoline, forms_of
from fuba_rules.engine.secrets import hidden_from, visible_events
from fuba_rules.scenario import Scenario

from agentkit import EDITIONS, ROOT

BENCH = Path(__file__).resolve().parents[2] / "bench"
GUESS = {"2024-draft": "keeper guess", "world-cup-2015": "keeper hidden die", "2.0": "keeper dive"}


def _bench():
    spec = importlib.util.spec_from_file_location("penalty_honesty", BENCH / "penalty_honesty.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench():
    return _bench()


def _at_the_kick(edition, seed: int) -> Trampoline:
    """A penalty to home, paused at the kick: the keeper (coach) has guessed."""
    sc = Scenario(edition, dice=SeededDice(seed))
    sc.pieces("home", {"centre": 4, "away_front": 4, "home_front": 2}, keeper="home_penalty")
    sc.pieces("away", {"centre": 4, "home_front": 2, "away_front": 4}, keeper="away_penalty")
    coach = CoachAgent(seed)
    t = Trampoline(sc.match, forms_of(edition), pause=True, entry="penalty_turn", args=["home"])
    t.run()
    while t.pending.label != "penalty kick":
        t.answer(coach.choose(t.pending, t.m))
    return t


def _guess(m, label: str) -> str:
    return next(e["choice"] for e in m.events if e["kind"] == "choice" and e["label"] == label)


@pytest.mark.parametrize("edition_id", EDITIONS)
def test_a_copy_for_the_kicking_team_never_holds_the_keepers_guess(edition_id, bench):
    """5.5.2: the keeper 'secretly chooses'; the guess is revealed only after the kick.
    Copies for the kicker draw the guess anew (all three answers appear, whatever the real
    one); the keeper's own copy, and an exact copy, keep it."""
    ed = load_edition(edition_id, [bench.PENALTY_TURN], ROOT)
    label = GUESS[edition_id]
    for seed in range(3):
        t = _at_the_kick(ed, seed)
        real = _guess(t.m, label)
        assert [h.label for h in hidden_from(t.m, "home")] == [label]
        drawn = Counter()
        for s in range(30):
            c = t.copy(viewer="home", rng=__import__("random").Random(s))
            drawn[_guess(c.m, label)] += 1
            assert c.pending.label == "penalty kick" and c.m.pieces == t.m.pieces  # the same position, the same question
            c.answer(1)  # the copy plays on with its own guess
            line = next(e["text"] for e in c.m.events if e["kind"] == "log" and e["text"].startswith("Kick "))
            assert f"keeper {_guess(c.m, label)}:" in line
        assert set(drawn) == {"left", "none", "right"}, f"real guess {real}: the copies drew {dict(drawn)}"
        assert _guess(t.copy(viewer="away").m, label) == real
        assert _guess(t.copy().m, label) == real


def test_the_guess_is_revealed_once_the_kick_is_chosen(bench):
    ed = load_edition("2.0", [bench.PENALTY_TURN], ROOT)
    t = _at_the_kick(ed, 4)
    t.pause = True
    t.answer(0)
    assert t.m.hidden == () and t.secret_base is None
    assert t.copy(viewer="home").m.events == t.copy().m.events


def test_a_person_is_not_shown_the_keepers_guess_before_kicking(bench):
    """`fuba play`: the narration stops before the other team's hidden answer."""
    ed = load_edition("2024-draft", [bench.PENALTY_TURN], ROOT)
    t = _at_the_kick(ed, 1)
    seen = visible_events(t.m, {"home"})
    assert not any(e["kind"] == "choice" and e["label"] == "keeper guess" for e in seen)
    assert visible_events(t.m, {"away"}) == t.m.events == visible_events(t.m, {"home", "away"})


def test_fuba_play_against_search_reads_no_guess_of_the_person(monkeypatch, capsys):
    """`fuba play --human away --home search`: the search kicks from copies for home, so
    every playout the search starts at the kick is a copy drawn for home."""
    seen = []
    of = history_mod.Continuation.of.__func__

    def spy(cls, match, viewer=None):
        if match.trampoline.pending.label == "penalty kick":
            seen.append(viewer)
        return of(cls, match, viewer)

    monkeypatch.setattr(history_mod.Continuation, "of", classmethod(spy))
    from fuba_rules.agents.search import SearchAgent

    assert SearchAgent.choose.__code__.co_names.count("Continuation")  # the search starts from a Continuation
    ed = load_edition("2.0", [_bench().PENALTY_TURN], ROOT)
    agent = SearchAgent(0, Budget.parse("4@1"))
    t = _at_the_kick(ed, 2)
    t.m.agents = {"home": agent, "away": CoachAgent(0)}
    t.pause = False
    agent.choose(t.pending, t.m)
    assert seen == ["home"]


def test_search_kicks_no_better_than_the_honest_rate(bench):
    """Over 60 penalties of 2.0 the search's mean chance of a goal stays within three
    standard errors of the honest ceiling (13 in 18, a kick to the middle against a
    keeper guessing each way alike). The bound is one a kicker reading the guess cannot
    meet (it scores about 0.94): the same measurement with the guess left in the copies
    lands above it."""
    ed = load_edition("2.0", [bench.PENALTY_TURN], ROOT)
    ceiling = bench.honest_ceiling(ed)
    assert ceiling == pytest.approx(13 / 18)
    sd = math.sqrt((2 / 3) * (1 - ceiling) ** 2 + (1 / 3) * (ceiling - 1 / 6) ** 2)  # a kick to the middle: 1, 1/6, 1
    n = 60
    bound = ceiling + 3 * sd / math.sqrt(n)
    honest, _, _ = bench.measure(ed, n, Budget.parse("30@1"))
    assert honest <= bound

    of = history_mod.Continuation.of.__func__
    history_mod.Continuation.of = classmethod(lambda cls, m, viewer=None: of(cls, m, None))  # copies that keep the guess
    try:
        reading, _, _ = bench.measure(ed, 30, Budget.parse("30@1"))
    finally:
        history_mod.Continuation.of = classmethod(of)
    assert reading > bound


def test_fuba_check_warns_of_a_simultaneous_choice_left_unmarked(tmp_path, capsys):
    """A mod that unmarks the keeper's guess: two teams asked back to back is a choice
    made at the same time, and `fuba check` says how to mark it; a secret naming no
    decision gets a near miss."""
    mod = tmp_path / "open-guess.yaml"
    mod.write_text(
        "schema_version: 1\nid: open-guess\nextends: 2024-draft\nremove: ['secrets.keeper guess']\n"
        "secrets:\n  keeper gues:\n    ref: '5.5.2'\n    simultaneous_with: penalty kick\n"
    )
    main(["check", str(mod)])
    err = capsys.readouterr()
    text = err.out + err.err
    assert "setpieces.yaml" in text and "decision 'keeper guess' is followed at once by the other team's 'penalty kick'" in text
    assert "secret 'keeper gues' is the label of no decision the rules ask (did you mean 'keeper guess'?)" in text


def test_a_copy_for_the_team_choosing_second_draws_the_first_teams_card_and_what_it_specified():
    """World Cup 2015, 3.1: the cards are chosen secretly and revealed together; what home
    specifies with its card (3.1.2) follows from it and stays hidden with it. Away's copies
    draw home's card again (and its specifications, however many the new card asks) and
    stop at away's own card, with away's options."""
    from fuba_rules.engine.driver import Match

    m = Match(load_edition("world-cup-2015"), seed=1)
    while m.decision.team == "home":
        m.choose(0)
    assert m.decision.label == "formation"
    real = m.state.S["formation"]["home"]
    cards = set()
    for s in range(12):
        c = m.copy(viewer="away", seed=s)
        assert (c.decision.team, c.decision.label, c.decision.options) == ("away", "formation", m.decision.options)
        cards.add(tuple(c.state.S["formation"]["home"]))
    assert len(cards) > 3, cards
    assert m.copy(viewer="home").state.S["formation"]["home"] == real

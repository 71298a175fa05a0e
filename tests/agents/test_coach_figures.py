"""bench/coach_figures.py counts every answer of the coach, the engine's fast path included."""

from __future__ import annotations

import importlib.util
import sys

from fuba_rules.dice import SeededDice
from fuba_rules.edition import load_edition
from fuba_rules.engine.match import MatchState

from agentkit import ROOT

_spec = importlib.util.spec_from_file_location("coach_figures", ROOT.parent / "bench" / "coach_figures.py")
coach_figures = importlib.util.module_from_spec(_spec)
sys.modules["coach_figures"] = coach_figures
_spec.loader.exec_module(coach_figures)


def test_a_coin_tossed_on_the_engines_fast_path_is_counted_with_its_decision():
    """`MatchState.decide`, the engine's fast path, asks the coach (which has no `pick`)
    with a `Decision`: the figures see the toss (advice "mix"), the tie and the plain
    answer, by label."""
    coach = coach_figures._Counting(1)
    m = MatchState(load_edition("2024-draft", root=ROOT), SeededDice(1), {"home": coach, "away": coach}, frozenset(), None)
    m.decide("home", "keeper guess", ["left", "none", "right"], lambda: ["mix"] * 3, False)
    m.decide("home", "corner spot", ["a", "b"], lambda: [2, 2], False)
    m.decide("home", "goal attempt", ["shoot"], lambda: [3], True)
    assert coach.tosses == 1
    assert coach_figures._labelled(coach.notes, m.events, "home") == [
        ("keeper guess", True, False), ("corner spot", False, True), ("goal attempt", False, False),
    ]


def test_the_figures_of_2_0_matches_count_the_keepers_mixed_guesses_and_nothing_else():
    f = coach_figures.figures("2.0", 3, 7, False, None)
    assert set(f["coins"]) <= {"keeper dive"}
    assert f["coins"].get("keeper dive", (0, 0))[0] == f["coins"].get("keeper dive", (0, 0))[1]

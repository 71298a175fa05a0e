"""What a copy of a match copies (issue 39): every attribute of a match is declared in
`MatchState.COPIES` (copied deeply, one level, made anew, or shared), and a copy played
on never changes the match it was copied from.

Search copies a paused match hundreds of times per decision and plays the copies out:
an attribute a copy shared by mistake would let a playout change the real match.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from fuba_rules import Match
from fuba_rules.agents import make_agent
from fuba_rules.board import TEAMS
from fuba_rules.dice import SeededDice
from fuba_rules.edition import load_edition
from fuba_rules.engine.copying import Copy
from fuba_rules.engine.match import MatchState

ROOT = Path(__file__).resolve().parents[1] / "editions"
SHORT = Path(__file__).resolve().parent / "agents" / "data"
EDITIONS = ("2024-draft", "world-cup-2015", "2.0")


@pytest.fixture(scope="module", params=EDITIONS)
def short(request: pytest.FixtureRequest) -> Any:
    """The edition with three minutes a half, its advanced rules and skills on."""
    return load_edition(request.param, [SHORT / f"short-{request.param}.yaml"], ROOT)


def _advanced(ed: Any) -> dict[str, Any]:
    skills = sorted(ed.skills)
    return {"rules_on": ed.advanced_rules(), "skills": {"home": skills, "away": skills[::-1]}}


def _played(ed: Any) -> list[MatchState]:
    """Matches played through, each way a match can be made: the fast form with the
    invariants checked and a carried state, and the step driver (whose match runs in the
    resumable form), so that attributes set while playing are there too."""
    setup = _advanced(ed)
    fast = MatchState(ed, SeededDice(1), {t: make_agent("coach", i) for i, t in enumerate(TEAMS)}, frozenset(setup["rules_on"]), setup["skills"], carry={"x": 1}, check_invariants=True)
    fast.run()
    driven = Match(ed, seed=2, **setup)
    while not driven.finished:
        driven.choose(len(driven.options()) - 1)
    return [fast, driven.state, driven.copy().state]


def test_every_attribute_of_a_match_is_declared_copied_or_shared(short: Any) -> None:
    """A new attribute of `MatchState` must say what a copy does with it: a copy taken
    while it is missing from `COPIES` would share it with the original."""
    for m in _played(short):
        assert sorted(set(vars(m)) - set(MatchState.COPIES)) == [], "declare them in MatchState.COPIES"
        assert sorted(set(MatchState.COPIES) - set(vars(m))) == [], "declared, but no match holds them"


def _snapshot(m: MatchState) -> dict[str, Any]:
    """Everything a copy must not change: the attributes it copies, and the values it shares."""
    out: dict[str, Any] = {}
    for key, how in MatchState.COPIES.items():
        value = getattr(m, key)
        if how in (Copy.DATA, Copy.SHALLOW) or key in ("events", "counts", "outfield_counts", "record"):
            out[key] = copy.deepcopy(value)
        elif how is Copy.SHARE and isinstance(value, (int, str, tuple, type(None))):
            out[key] = value
    out["dice"] = m.dice._rng.getstate()  # type: ignore[attr-defined]
    return out


@pytest.mark.parametrize("at", [0, 7, 40])
def test_a_copy_played_on_never_changes_the_original(short: Any, at: int) -> None:
    """Copied at a decision and played to the end with other answers, the copy leaves
    the original's state, log, dice and counters as they were; the original then plays
    on as a match never copied does."""
    setup = _advanced(short)
    m, twin = Match(short, seed=9, **setup), Match(short, seed=9, **setup)
    for _ in range(at):
        if not m.finished:
            m.choose(0)
            twin.choose(0)
    before = _snapshot(m.state)
    c = m.copy()
    for key, how in MatchState.COPIES.items():
        if how is not Copy.SHARE and isinstance(getattr(m.state, key), (dict, list, set)):
            assert getattr(c.state, key) is not getattr(m.state, key), key
    while not c.finished:
        c.choose(len(c.options()) - 1)
    assert _snapshot(m.state) == before
    while not m.finished:
        m.choose(0)
        twin.choose(0)
    assert m.events == twin.events and m.score == twin.score


def test_a_copy_shares_what_is_declared_shared(short: Any) -> None:
    """The edition and what the match derives from it once stay one object, so a copy
    costs a small fraction of a match (bench/bench_copy.py)."""
    m = Match(short, seed=3)
    c = m.copy()
    shared = [key for key, how in MatchState.COPIES.items() if how is Copy.SHARE and isinstance(getattr(m.state, key), (dict, list, set))]
    assert {"answers", "expires", "live_hooks"} <= set(shared)
    for key in shared:
        assert getattr(c.state, key) is getattr(m.state, key), key
    assert c.state.ed is m.state.ed

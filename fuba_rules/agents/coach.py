"""The coach: plays any edition by the advice its rules attach to their decisions."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..board import TEAMS, Board
from ..dice import below
from ..engine.decisions import Decision


def advice(decision: Decision) -> list[float] | None:
    """The rules' scores for each option as numbers (true is 1, false 0), or None without advice."""
    return _numbers(decision.scores) if decision.scores else None


def _numbers(scores: Sequence[Any]) -> list[float]:
    return [float(s) if isinstance(s, (int, float)) and not isinstance(s, bool) else (1.0 if s else 0.0) for s in scores]


def best_options(decision: Decision) -> list[int]:
    """The options the advice scores highest (every option when there is no advice)."""
    scores = decision.scores
    return _best(scores) if scores else list(range(len(decision.options)))


def _best(scores: Sequence[Any]) -> list[int]:
    """The indices of the highest of some scores (at least one)."""
    best, scores = _top(scores)
    return [i for i, s in enumerate(scores) if s == best]


def _top(scores: Sequence[Any]) -> tuple[Any, Sequence[Any]]:
    """The highest of some scores, and the scores to find it among: as they are when the
    highest is a whole number, else as numbers (`_numbers`: a text or none counts as its
    truth). Python compares whole numbers, truth values and decimals as their floats
    would (every number a rule holds is far below 2**53), and a text, none or record
    among numbers stops `max` with a TypeError, so a whole number found is the one the
    floats give, at the same places."""
    try:
        best = max(scores)
    except TypeError:
        best = None
    if type(best) is int:
        return best, scores
    numbers = _numbers(scores)
    return max(numbers), numbers


MIX = "mix"  # advice `prefer="mix"`: every option as likely, on purpose (see `CoachAgent`)

_Place = tuple[float, int, int]  # (how far from the opponent's goal line, lane: centre 0, the team's left 1, its right 2; a corner spot 1)


@functools.lru_cache(maxsize=16)
def _places(board: Board) -> Mapping[str, Mapping[str, _Place]]:
    """Each team's view of the board, for the tie rule: where each area and corner spot
    lies as the team sees it, attacking. A place is the distance of the area's middle
    from the opponent's goal line, then its lane: the centre, the team's left, its right
    (the board's lanes are named as the home team faces the away goal, so the away team's
    left is the board's right). A corner spot is placed at its corner area, after it. The two
    views are mirror images: an area and its mirror (the other end, the other side) have
    the same place for the other team."""
    spots = {board.corner_spot(a): a for a in board.areas if board.corner_spot(a)}
    views: dict[str, dict[str, _Place]] = {}
    for team in TEAMS:
        left = "left" if team == TEAMS[0] else "right"
        view = views[team] = {}
        for x in (*board.areas, *board.spots):
            area = spots.get(x, x)
            lo, hi = board.extent(area)
            middle = (lo + hi) / 2
            lane = board.lane(area)
            depth = board.length - middle if team == TEAMS[0] else middle
            view[x] = (depth, 0 if lane == "centre" else 1 if lane == left else 2, int(x != area))
    return views


def _seen(option: object, view: Mapping[str, _Place], team: str) -> tuple[_Place, ...]:
    """The places of what an option names, in its order, as the deciding team sees them:
    its areas and corner spots (inside a move's from and to, or a list), and a team
    (its own first)."""
    out: list[_Place] = []
    _collect(option, view, team, out)
    return tuple(out)


def _collect(option: object, view: Mapping[str, _Place], team: str, out: list[_Place]) -> None:
    """`_seen`'s walk, appending to `out` (the tie rule reads every tied option of most
    decisions: plain type tests and one list keep it a small part of a coach match)."""
    if isinstance(option, str):
        place = view.get(option)
        if place is not None:
            out.append(place)
        elif option in TEAMS:
            out.append((0.0 if option == team else 1.0, 0, 0))
    elif isinstance(option, dict):  # a record (rule values are plain dicts, or frozen ones)
        for v in option.values():
            _collect(v, view, team, out)
    elif isinstance(option, (list, tuple)):
        for v in option:
            _collect(v, view, team, out)


def first_in_view(decision: Decision, tied: Sequence[int], board: Board | None) -> int:
    """The coach's tie rule: of the tied options, the first as the deciding team sees the
    board (`_places`): the one whose places come first, nearest the opponent's goal line
    (a move by where the piece stands, then where it goes); options that name no place
    (declining, a formation, "shoot") after those that do, in the order listed. Both
    teams break a tie alike: the board's own order runs from the home end, and taking the
    first listed gave the away team its attacking option and the home team its
    defensive one."""
    if board is None:
        return tied[0]
    return first_in(decision, tied, _places(board)[decision.team])


def first_in(decision: Decision, tied: Sequence[int], view: Mapping[str, _Place]) -> int:
    """Of the tied options, the one whose places come first in `view` (`first_in_view`
    with the deciding team's own view; bench/tie_rules.py tries others)."""
    options, team = decision.options, decision.team

    def key(i: int) -> tuple[bool, tuple[_Place, ...], int]:
        seen = _seen(options[i], view, team)
        return (not seen, seen, i)

    return min(tied, key=key)


class CoachAgent:
    """Plays to win by the rules' own advice: the option the edition scores highest.

    Editions attach `prefer:` advice to their decisions (for example the chance that a
    pass succeeds, or the goal-attempt odds), so this agent plays every edition without
    edition-specific code. It tosses no coin where the advice ties: the tie rule
    (`first_in_view`) takes the tied option nearest the opponent's goal, as the deciding
    team sees the board, so it is the same rule for both teams; options that name no
    area go in the order the rules list them (declining an optional decision, scoring 0,
    is listed last, so a tie between doing and declining does it), and a decision without
    advice takes its first option. Its one coin is advice that asks for it: the options
    scored "mix" (`prefer="mix"`: a hidden choice the other team must not be able to
    predict, such as a keeper's penalty guess) are drawn evenly. `tosses` counts those
    draws. It has no `Agent.pick`: the tie rule reads the options.
    """

    name = "coach"

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)
        self.tosses = 0

    def choose(self, decision: Decision, match: Any) -> int:
        scores = decision.scores
        if not scores:
            return 0
        if MIX in scores:
            self.tosses += 1
            mixed = [i for i, s in enumerate(scores) if s == MIX]
            return mixed[below(self._rng, len(mixed))]
        best, values = _top(scores)
        tied = [i for i, s in enumerate(values) if s == best]
        return tied[0] if len(tied) == 1 else first_in_view(decision, tied, getattr(match, "board", None))

"""`simulate --sequence`: the league the matches make, beside the per-match figures.

The two teams meet match after match; the table counts their wins, draws, losses,
goals and points (3 a win, 1 a draw), and what the rules passed from one match to the
next (`carry(key, value)`: an injured star, a new talent, a suspension) is counted per
key: after how many matches something was passed on, and what the last match passed on.
Nothing here knows an edition: keys and values are shown as the rules wrote them.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..board import TEAMS
from ..lang.core import render
from .outcome import Outcome
from .play import Carried

POINTS = {"win": 3, "draw": 1, "loss": 0}


@attrs.frozen
class Standing:
    team: str
    name: str
    won: int
    drawn: int
    lost: int
    scored: int
    conceded: int

    @property
    def points(self) -> int:
        return POINTS["win"] * self.won + POINTS["draw"] * self.drawn

    def as_json(self) -> dict[str, object]:
        return {"team": self.team, "name": self.name, "won": self.won, "drawn": self.drawn, "lost": self.lost,
                "goals_for": self.scored, "goals_against": self.conceded, "points": self.points}


@attrs.frozen
class League:
    table: list[Standing]  # most points first
    passed_on: dict[str, int]  # carry key -> matches after which it held something
    last: Carried  # what the last match passed on

    def as_json(self) -> dict[str, object]:
        return {"table": [s.as_json() for s in self.table], "passed_on": self.passed_on, "last_passed_on": self.last}

    def lines(self, matches: int) -> list[str]:
        width = max(len(s.name) for s in self.table)
        out = ["", f"  the league ({matches} matches, 3 points a win, 1 a draw):",
               f"    {'team':<{width}}  won drawn lost  goals  points"]
        for s in self.table:
            out.append(f"    {s.name:<{width}}  {s.won:>3} {s.drawn:>5} {s.lost:>4}  {s.scored:>2}:{s.conceded:<3} {s.points:>6}")
        if not self.passed_on:
            out.append("  nothing was passed on from one match to the next")
        for key, count in self.passed_on.items():
            value = self.last.get(key)
            last = f"; after the last match: {_show(value)}" if not _empty(value) else ""
            out.append(f"  passed on ({key}) after {count} of {matches} matches{last}")
        return out


def league_of(outcomes: Sequence[Outcome], names: dict[str, str]) -> League:
    """The table and what was passed on, from a sequence's matches in order."""
    won = dict.fromkeys(TEAMS, 0)
    drawn = dict.fromkeys(TEAMS, 0)
    goals = {t: [0, 0] for t in TEAMS}
    passed: dict[str, int] = {}
    last: Carried = {}
    for o in outcomes:
        winner = o.winner
        if winner is None:
            for t in TEAMS:
                drawn[t] += 1
        else:
            won[winner] += 1
        home, away = o.score
        goals["home"][0] += home
        goals["home"][1] += away
        goals["away"][0] += away
        goals["away"][1] += home
        last = dict(o.carry or {})
        for key, value in last.items():
            passed.setdefault(key, 0)
            if not _empty(value):
                passed[key] += 1
    n = len(outcomes)
    table = [Standing(t, names.get(t, t), won[t], drawn[t], n - won[t] - drawn[t], goals[t][0], goals[t][1]) for t in TEAMS]
    table.sort(key=lambda s: (-s.points, -(s.scored - s.conceded), -s.scored, TEAMS.index(s.team)))
    return League(table, {k: v for k, v in sorted(passed.items())}, last)


def _empty(value: object) -> bool:
    """Nothing passed on: no value, or only empty lists, records and texts, zeros and false."""
    if isinstance(value, dict):
        return all(_empty(v) for v in value.values())
    if isinstance(value, (list, tuple, set)):
        return not value
    return value is None or value is False or value == 0 or value == ""


def _show(value: object) -> str:
    """A passed-on value as the rules hold it: records as `key: value`, lists in brackets."""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_show(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return render(value)

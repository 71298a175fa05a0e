"""Knockout cups: teams in a bracket, one match a tie, the winner goes through.

A cup of N teams plays N - 1 matches, round by round in bracket order: in round 1 team 1
meets team 2 (team 1 at home), team 3 meets team 4, and so on; the winners meet in the
same order in the next round. When N is not a power of two, the first teams get byes
into round 2 (see `first_round`). A batch of several cups plays them one
after another, each from scratch, and match i of the batch uses seed + i, so any cup
replays on its own.

A tie goes to the team that wins the match: the higher score or, for a level score, the
team the rules decided (`decide_winner`). A level tie the rules leave undecided stops the
batch with an error: a knockout needs a tie-break in the rules, not a guess by the program.

What a match passes on with `carry(...)` follows the teams: a carried record keyed by
side (`{home: ..., away: ...}`, as tournament rules that hand skills on write them) is split
so that each team gets its own side's value back in its next match, on whichever side it
then plays; any other carried value passes to the next match played, as in a league.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeGuard

import attrs

from ..board import TEAMS
from ..diagnostics import Diagnostic, FubaError
from ..edition import Edition
from ..lang.runtime import Value
from .outcome import Outcome
from .play import Carried, MatchFault, play
from .setup import MatchSetup


def valid_size(teams: int) -> bool:
    """Any cup of two teams or more: byes fill the bracket up to a power of two."""
    return teams >= 2


def first_round(teams: int) -> list[tuple[int, int | None]]:
    """Round 1's ties in bracket order; `None` is a bye. The bracket is the next power of
    two: the first teams get the byes (team 1 first), and each bye sits beside a tie that
    is played, so the teams given a bye meet those ties' winners in round 2, not each other
    (6 teams: 1 bye, 3 v 4, 2 bye, 5 v 6)."""
    byes = (1 << (teams - 1).bit_length()) - teams
    rest = list(range(byes + 1, teams + 1))
    free: list[tuple[int, int | None]] = [(k, None) for k in range(1, byes + 1)]
    played: list[tuple[int, int | None]] = [(rest[i], rest[i + 1]) for i in range(0, len(rest), 2)]
    out: list[tuple[int, int | None]] = []
    for i in range(max(len(free), len(played))):
        out += free[i : i + 1] + played[i : i + 1]
    return out


@attrs.define
class Bracket:
    """One cup's draw: who plays the next tie, and who is still in."""

    teams: int
    ties: list[tuple[int, int | None]] = attrs.field(init=False)  # this round's, in bracket order
    through: list[int] = attrs.field(init=False, factory=list)
    round: int = attrs.field(init=False, default=1)

    def __attrs_post_init__(self) -> None:
        self.ties = first_round(self.teams)
        self._advance()

    @property
    def finished(self) -> bool:
        return len(self.through) == 1 == len(self.ties)

    @property
    def champion(self) -> int:
        return self.through[0]

    def next_tie(self) -> tuple[int, int]:
        """The home and away team of the next tie."""
        home, away = self.ties[len(self.through)]
        assert away is not None  # byes are passed in _advance
        return home, away

    def won(self, team: int) -> None:
        self.through.append(team)
        self._advance()

    def _advance(self) -> None:
        """Pass the byes; when a round is over, pair its winners in order for the next."""
        while True:
            while len(self.through) < len(self.ties) and self.ties[len(self.through)][1] is None:
                self.through.append(self.ties[len(self.through)][0])
            if len(self.through) < len(self.ties) or len(self.through) == 1:
                return
            t = self.through
            self.ties, self.through = [(t[i], t[i + 1]) for i in range(0, len(t), 2)], []
            self.round += 1


@attrs.frozen
class CupFigures:
    """What a batch of cups shows beyond the match figures."""

    teams: int
    cups: int  # cups finished
    ties: int
    level: float  # share of ties level at full time
    decided: dict[str, float]  # how -> share of ties the rules decided that way
    champions: dict[int, float]  # bracket slot -> share of cups won

    def as_json(self) -> dict[str, object]:
        return {
            "teams": self.teams,
            "cups": self.cups,
            "ties": self.ties,
            "level_at_full_time": round(self.level, 4),
            "decided": {k: round(v, 4) for k, v in self.decided.items()},
            "champions": {str(k): round(v, 4) for k, v in self.champions.items()},
        }

    def lines(self) -> list[str]:
        decided = ", ".join(f"{how} {v:.1%}" for how, v in self.decided.items()) or "none"
        return [
            f"  cups: {self.cups} of {self.teams} teams ({self.ties} ties); ties level at full time {self.level:.1%}, decided by the rules: {decided}",
            "  cups won by bracket slot: " + "  ".join(f"{k}: {v:.1%}" for k, v in self.champions.items()),
        ]


class UndecidedTie(MatchFault):
    """A cup tie level at full time that the rules did not decide."""

    def to_error(self) -> FubaError:
        return FubaError(Diagnostic(None, self.message))


def cup_matches(
    edition: Edition, teams: int, todo: Iterable[int], finished: dict[int, Outcome], seed: int, setup: MatchSetup
) -> Iterator[Outcome | MatchFault]:
    """Play the cups' matches in order (the home side with `setup.agents[0]`); matches in
    `finished` (a resumed run) are not played again but still decide their ties and
    pass on what they carried. Stops at the first fault or undecided tie."""
    wanted = set(todo)
    per_cup = teams - 1
    last = max(wanted | set(finished), default=-1)
    for first in range(0, last + 1, per_cup):
        bracket = Bracket(teams)
        carried: dict[int, Carried] = {}  # team -> its own side's carried values
        shared: Carried = {}
        for i in range(first, first + per_cup):
            if i not in wanted and i not in finished:
                return
            home, away = bracket.next_tie()
            if i in finished:
                outcome = finished[i]
                if outcome.carry is None:
                    raise FubaError(Diagnostic(None, f"cannot continue this cup after match seed {outcome.seed}: what it passed on was not saved"))
            else:
                carry = {**shared, **_by_side(carried.get(home, {}), carried.get(away, {}))}
                try:
                    r = play(edition, setup, seed + i, record=False, carry=carry)
                except MatchFault as fault:
                    yield fault
                    return
                outcome = Outcome.of(i, r, keep_carry=True)
                yield outcome
            side = outcome.winner
            if side is None:
                yield UndecidedTie(None, _undecided(bracket, home, away, outcome, first // per_cup), outcome.seed)
                return
            shared = {k: v for k, v in (outcome.carry or {}).items() if not _is_by_side(v)}
            for team, s in ((home, "home"), (away, "away")):
                carried[team] = {k: v[s] for k, v in (outcome.carry or {}).items() if _is_by_side(v) and s in v}
            bracket.won(home if side == "home" else away)


def cup_figures(outcomes: Iterable[Outcome], teams: int) -> CupFigures:
    """The bracket walked again over the finished matches, in seed order."""
    ordered = sorted(outcomes, key=lambda o: o.index)
    ties = level = 0
    decided: dict[str, int] = {}
    champions = {t: 0 for t in range(1, teams + 1)}
    cups = 0
    expected = 0
    bracket = Bracket(teams)
    for o in ordered:
        if o.index != expected or o.winner is None:
            break  # a gap (a stopped run): the figures cover the matches before it
        expected += 1
        ties += 1
        level += o.score[0] == o.score[1]
        if o.decided:
            decided[o.decided[1]] = decided.get(o.decided[1], 0) + 1
        home, away = bracket.next_tie()
        bracket.won(home if o.winner == "home" else away)
        if bracket.finished:
            champions[bracket.champion] += 1
            cups += 1
            bracket = Bracket(teams)
    n = max(ties, 1)
    return CupFigures(
        teams, cups, ties, level / n, {k: v / n for k, v in sorted(decided.items())},
        {t: c / max(cups, 1) for t, c in champions.items()},
    )


def _is_by_side(value: Value) -> TypeGuard[dict[str, Value]]:
    return isinstance(value, dict) and bool(value) and all(k in TEAMS for k in value)


def _by_side(home: Carried, away: Carried) -> Carried:
    """The two teams' own carried values as records keyed by the sides they now play."""
    out: dict[str, dict[str, Value]] = {}
    for side, values in (("home", home), ("away", away)):
        for k, v in values.items():
            out.setdefault(k, {})[side] = v
    return dict(out)


def _undecided(bracket: Bracket, home: int, away: int, o: Outcome, cup: int) -> str:
    return (
        f"cup {cup + 1}, round {bracket.round}: team {home} v team {away} (match seed {o.seed}) ended "
        f"{o.score[0]}-{o.score[1]} and the rules decided no winner; a knockout tie needs a tie-break in the "
        "rules (a mod whose match_end hook calls decide_winner, e.g. the shoot-out in editions/mods/)"
    )

"""The exact odds of each option of a decision, to the end of the rule that asks it.

A person at the board asks "if I pass, how likely is it that we keep the ball?". The
paused match (`engine.driver.Match`) is copied once per option and dice sequence: the
copy answers the option, rolls the enumerated dice (as `fuba odds` does) and runs on
until the rule that asked the decision returns, the end of that action: a pass's
target, dice and outcome, a pressing's roll, a sprint's moves. Later decisions inside it
(the pass's target, a defender's reply, a skill's "use it?") are answered by an agent,
the coach for both teams unless told otherwise, each question answered as a fresh
coach would answer it (so an answer depends on the question, not on the path to it).
The edition's `display: odds:` says what is measured there (e.g. who has the ball and
its value). An edition whose rules cannot pause (`Unresumable`) gets no odds.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import cast

import attrs

from .agents import make_agent
from .board import TEAMS
from .dice import Dice, enumerate_outcomes
from .display import Read, display_of, words
from .edition import Edition
from .engine.decisions import Decision
from .engine.driver import Match
from .engine.frames import Frame, Trampoline
from .engine.types import MatchView

MAX_RUNS = 5000  # dice sequences per option; past it the option's odds are not given
MAX_DICE = 10  # dice in one sequence; a rule that rolls more runs on too long to enumerate
MAX_ASKED = 30  # agents' answers in one sequence; a rule asking more (a whole match) is too long too
CACHE_SIZE = 256


class ActionEnded(BaseException):  # as TooLong
    """The rule that asked the decision returned: the run is measured here."""


class TooLong(BaseException):  # not an Exception: the engine must not turn it into a rule fault
    """A run rolled more than `MAX_DICE` dice or asked more than `MAX_ASKED` answers:
    the rule runs on too long to enumerate (a decision asked before the kick-off)."""


class _Counting:
    """Answers as a fresh agent `spec` seeded `seed` would, every time: so an answer depends
    on the question alone, never on what was asked before it in the run (a coach breaks
    ties at random), and the odds of an option are those of the next question's answer.
    Only `most` times in one run."""

    name = "counting"

    def __init__(self, spec: str, seed: int, most: int):
        self.spec, self.seed, self.most, self.asked = spec, seed, most, 0

    def choose(self, decision: Decision, match: MatchView) -> int:
        self.asked += 1
        if self.asked > self.most:
            raise TooLong
        return make_agent(self.spec, self.seed).choose(decision, match)


class _Counted:
    """The enumerated dice, stopping a run that rolls more than `most` of them."""

    def __init__(self, dice: Dice, most: int):
        self.dice, self.most, self.rolled = dice, most, 0

    def _count(self) -> None:
        self.rolled += 1
        if self.rolled > self.most:
            raise TooLong

    def die(self) -> int:
        self._count()
        return self.dice.die()

    def pick(self, n: int) -> int:
        self._count()
        return self.dice.pick(n)


class _UntilReturn(Trampoline):
    """A copied trampoline that stops when the frame at `floor` (the asker) leaves the stack."""

    floor: int = 0

    def _epilogue(self, fr: Frame) -> None:
        super()._epilogue(fr)
        if len(self.stack) < self.floor:
            raise ActionEnded


@attrs.frozen
class OptionOdds:
    """One option's exact outcomes (measured values -> probability), or why there are none."""

    outcomes: dict[tuple[Hashable, ...], Fraction]  # one value per measure
    runs: int  # dice sequences walked
    note: str = ""


def option_odds(
    match: Match,
    measures: Sequence[Read],
    agent: str = "coach",
    limit: int = MAX_RUNS,
    tick: Callable[[], None] | None = None,
) -> list[OptionOdds]:
    """For each option of `match`'s pending decision, the exact distribution of the
    measures where the asking rule returns (or the match ends). `tick` is called once a
    run (the web board's time budget stops a long enumeration there)."""
    tramp = match._trampoline
    decision = match.decision
    if decision is None or tramp is None:
        return []
    floor = len(tramp.stack)
    out = []
    for i in range(len(decision.options)):
        runs = [0]

        def run(dice: Dice, i: int = i, runs: list[int] = runs) -> tuple:
            runs[0] += 1
            if tick:
                tick()
            counted = _Counted(dice, MAX_DICE)
            copy = cast(_UntilReturn, tramp.copy(agents={t: _Counting(agent, n, MAX_ASKED) for n, t in enumerate(TEAMS)}, dice=counted, record=False))
            copy.__class__ = _UntilReturn
            copy.floor, copy.pause = floor, False
            try:
                copy.answer(i)
            except ActionEnded:
                pass
            return tuple(_hashable(fn(copy.m)) for fn in measures)

        try:
            found = enumerate_outcomes(run, limit)
        except TooLong:
            out.append(OptionOdds({}, runs[0], f"more than {MAX_DICE} dice or {MAX_ASKED} answers to the end of this rule: too long to enumerate"))
            continue
        except ValueError as e:
            if "dice outcomes" not in str(e):
                raise
            out.append(OptionOdds({}, limit, f"more than {limit} dice sequences to the end of this rule: too many to enumerate"))
            continue
        out.append(OptionOdds(found, runs[0]))
    return out


def _hashable(value: object) -> Hashable:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    return value


class OddsCache:
    """Odds by position: the edition, rules, skills, seed and answers that reach it."""

    def __init__(self, size: int = CACHE_SIZE):
        self.size = size
        self._kept: OrderedDict[tuple, list[OptionOdds]] = OrderedDict()
        self._lock = threading.Lock()  # the web board's workers share it

    def get(self, key: tuple, compute: Callable[[], list[OptionOdds]]) -> list[OptionOdds]:
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                return found
        found = compute()
        with self._lock:
            self._kept[key] = found
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return found


def position_key(match: Match, measures: Sequence[str], agent: str) -> tuple:
    """What fixes a paused match's position: edition, seed, rules, skills and the answers."""
    skills = tuple((t, tuple((match.skills or {}).get(t, ()))) for t in TEAMS)
    return (id(match.edition), match.seed, tuple(sorted(match.rules_on)), skills, tuple(match.answers), tuple(measures), agent)


def marginal(outcomes: dict[tuple[Hashable, ...], Fraction], k: int) -> dict[Hashable, Fraction]:
    """The distribution of the k-th measure alone."""
    out: dict[Hashable, Fraction] = {}
    for values, p in outcomes.items():
        out[values[k]] = out.get(values[k], Fraction(0)) + p
    return out


_CACHE = OddsCache()
AGENT = "coach"  # who answers the decisions inside an option's rule, for both teams


def odds_rows(ed: Edition, match: Match, agent: str = AGENT, tick: Callable[[], None] | None = None) -> list[dict]:
    """The odds of each option of `match`'s pending decision, as the boards show them: per
    option, each measure of the edition's `display: odds:` alone (values in words, exact
    and decimal), and the likeliest joint outcomes. Cached by position."""
    items = display_of(ed).odds
    if not items or match.decision is None:
        return []
    key = position_key(match, [i.text for i in items], agent)
    found = _CACHE.get(key, lambda: option_odds(match, [i.read for i in items], agent, tick=tick))
    teams = ed.team_names()

    def shown(dist: Mapping[Hashable, Fraction]) -> list[dict[str, str | float]]:
        rows = sorted(dist.items(), key=lambda kv: (-kv[1], str(kv[0])))
        return [{"value": words(v, teams), "exact": str(p), "p": float(p)} for v, p in rows]

    out = []
    for i, o in enumerate(found):
        measures = [{"label": item.label, "odds": shown(marginal(o.outcomes, k))} for k, item in enumerate(items)]
        joint = shown({", ".join(f"{item.label} {words(v, teams)}" for item, v in zip(items, vals)): p for vals, p in o.outcomes.items()})
        out.append({"option": i, "note": o.note, "runs": o.runs, "measures": measures, "joint": joint[:6]})
    return out

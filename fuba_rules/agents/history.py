"""A paused match that a search can play on, many times, with other dice.

A match played by an agent that searches ahead runs in the rules' resumable form
(`engine/frames.py`): at the agent's decision, `Continuation.of` copies the paused
frames and state once, and each `play` copies that snapshot again and plays on with
new dice and the given policy, the fast form serving every call made after the pause.
A copy costs a fraction of a percent of a match.

When an edition's rules cannot pause (see `lang.resumable.Unresumable`), the match
runs in the fast form and a continuation replays it from the kick-off instead: the same
dice outcomes and answers, then new dice and agents. `History` records both as the
match is played (`recorded`); `ReplayDice` and the engine's `ReplayAgent` replay them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from ..board import TEAMS
from ..dice import SIDES, Dice, DiceExhausted, SeededDice
from ..engine.decisions import Decision
from ..engine.frames import Trampoline  # imported, it runs the matches of agents needing history resumable
from ..engine.replay import Policy, ReplayAgent
from ..engine.types import Agent, EditionView, MatchView
from ..lang.runtime import Value

if TYPE_CHECKING:
    from ..engine.match import MatchState

DIE = 0  # the size recorded for a die: pick(n) records n


@attrs.define
class History:
    """The dice outcomes (size, value) and the answers (option index) of one match, in order."""

    dice: list[tuple[int, int]] = attrs.Factory(list)
    answers: list[int] = attrs.Factory(list)
    skills: dict[str, list[str]] | None = None  # each team's skills at the kick-off
    carry: dict[str, Value] | None = None  # what earlier matches passed on


class RecordingDice:
    """Dice that write every outcome into a `History`."""

    def __init__(self, inner: Dice, history: History):
        self.inner, self.history = inner, history

    def die(self) -> int:
        v = self.inner.die()
        self.history.dice.append((DIE, v))
        return v

    def pick(self, n: int) -> int:
        v = self.inner.pick(n)
        self.history.dice.append((n, v))
        return v


class RecordingAgent:
    """An agent that writes its answers into a `History` (shared by both teams)."""

    def __init__(self, inner: Agent, history: History):
        self.inner, self.history = inner, history
        self.name = inner.name
        self.needs_history = getattr(inner, "needs_history", False)  # the match runs resumable for it

    def choose(self, decision: Decision, match: MatchView) -> int:
        pick = self.inner.choose(decision, match)
        self.history.answers.append(pick)
        return pick


def wants_history(agents: Mapping[str, object]) -> bool:
    """Some agent searches ahead (it says so with `needs_history = True`)."""
    return any(getattr(a, "needs_history", False) for a in agents.values())


def recorded(dice: Dice, agents: Mapping[str, Agent], skills: dict[str, list[str]] | None = None, carry: dict[str, Value] | None = None) -> tuple[RecordingDice, dict[str, RecordingAgent]]:
    """The match's dice and agents, recording into one new `History` (read it from `dice.history`)."""
    h = History(skills={t: list(v) for t, v in (skills or {}).items()}, carry=dict(carry) if carry else None)
    return RecordingDice(dice, h), {t: RecordingAgent(a, h) for t, a in agents.items()}


def history_of(match: object) -> History:
    """The history of a running match whose dice record it (see `recorded`)."""
    h = getattr(getattr(match, "dice", None), "history", None)
    if not isinstance(h, History):
        raise ValueError("this agent searches ahead and needs a match that records its history: start it with fuba_rules.sim.play.new_match")
    return h


class ReplayDice:
    """The recorded outcomes first, then `after` (fresh dice, or a signal that a roll is wanted)."""

    def __init__(self, recorded_dice: list[tuple[int, int]], after: Dice):
        self.recorded, self.after, self.i = recorded_dice, after, 0

    def _next(self, size: int) -> int | None:
        if self.i >= len(self.recorded):
            return None
        want, value = self.recorded[self.i]
        if want != size:
            raise RuntimeError(f"the replay diverged: a roll of {size or SIDES} was recorded as one of {want or SIDES}")
        self.i += 1
        return value

    def die(self) -> int:
        v = self._next(DIE)
        return self.after.die() if v is None else v

    def pick(self, n: int) -> int:
        v = self._next(n)
        return self.after.pick(n) if v is None else v


class Horizon(DiceExhausted):
    """Raised by a playout's policy to stop the match where it is (the engine lets it through)."""


@attrs.frozen
class Continuation:
    """A paused match that can be played on to the end: a copy of its frames (`snapshot`),
    or else its edition, rules, skills and history to replay.

    Each `play` goes on from the pause with new dice drawn from `dice_seed`, so a search
    never sees the dice the real match will roll.
    """

    edition: EditionView
    rules_on: frozenset[str]
    skills: dict[str, list[str]] | None
    history: History
    carry: dict[str, Value] | None = None
    snapshot: Trampoline | None = None  # a paused `engine.frames.Trampoline`, never run itself
    viewer: str | None = None  # the team playing on: the other team's hidden answers are drawn again at each play

    @classmethod
    def of(cls, match: MatchState, viewer: str | None = None) -> Continuation:
        """The match paused at its pending decision; each `play` for a `viewer` (a team)
        draws the other team's hidden answers again (engine/secrets.py): it plays on from
        what that team may know."""
        trampoline = getattr(match, "trampoline", None)
        if trampoline is not None and trampoline.pending is not None:
            snapshot = trampoline.copy({}, SeededDice(0), record=False)  # dice and agents come with each play
            return cls(match.ed, match.rules_on, None, History(), None, snapshot, viewer)
        h = history_of(match)
        return cls(match.ed, match.rules_on, h.skills, History(list(h.dice), list(h.answers)), h.carry)

    def play(self, policy: Policy, dice_seed: int) -> MatchState:
        """Play the match on to the end, or until `policy` raises `Horizon`: `policy` answers
        every decision after the pause. Returns the match where it stopped."""
        from ..engine.match import MatchState

        if self.snapshot is not None:
            agent = ReplayAgent([], policy)
            r = self.snapshot.copy({t: agent for t in TEAMS}, SeededDice(dice_seed), viewer=self.viewer, rng=random.Random(dice_seed))
            r.pause, r.fast = False, True  # nobody copies a playout: new calls run the fast form
            assert r.pending is not None  # a snapshot is taken at a pending decision (`of`)
            try:
                r.answer(r.m.ask(r.pending))
            except Horizon:
                pass
            return r.m

        dice = ReplayDice(self.history.dice, SeededDice(dice_seed))
        agent = ReplayAgent(self.history.answers, policy)
        m = MatchState(self.edition, dice, {t: agent for t in TEAMS}, self.rules_on, self.skills, record=False, carry=self.carry)
        try:
            m.run()
        except Horizon:
            pass
        return m


def fresh_seed(rng: random.Random) -> int:
    return rng.getrandbits(48)

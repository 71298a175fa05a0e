"""A match driven one decision at a time, for people, tests and search.

The match runs in the rules' resumable form (`engine/frames.py`): at a decision with
more than one option it stops, its procedures paused on an explicit frame stack, and
`choose(i)` resumes it where it stopped. `copy()` copies that stack, the match's state
and the dice generator, so a copy costs a small fraction of a match and continues
exactly as the original would, given the same answers. An edition whose rules the
resumable form cannot lower (see `lang.resumable.Unresumable`) is driven the old way:
the answers so far are replayed from the kick-off.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from ..board import TEAMS
from ..dice import SeededDice
from ..lang.resumable import Unresumable
from .decisions import Decision, IllegalChoice, NeedDecision
from .frames import Trampoline, start
from .match import MatchState
from .replay import ReplayAgent
from .types import Agent, EditionView, Event


class Match:
    """`options()` lists the pending decision's choices; `choose(i)` answers it."""

    def __init__(
        self,
        edition: EditionView,
        seed: int = 0,
        rules_on: Iterable[str] = (),
        skills: dict[str, list[str]] | None = None,
        answers: Sequence[int] = (),
    ):
        self.edition = edition
        self.seed = seed
        self.rules_on = frozenset(rules_on)
        self.skills = skills
        self.answers: list[int] = []
        self.decision: Decision | None = None
        self.state: MatchState
        self._trampoline: Trampoline | None = None
        try:
            self._trampoline = start(self._fresh(ReplayAgent(())))
            self.state, self.decision = self._trampoline.m, self._trampoline.pending
        except Unresumable:
            self._replay()
        for a in answers:
            self.choose(a)

    def _fresh(self, agent: Agent) -> MatchState:
        return MatchState(self.edition, SeededDice(self.seed), {t: agent for t in TEAMS}, self.rules_on, self.skills)

    def _replay(self) -> None:
        """Without a resumable form: play the answers again from the kick-off."""
        self.state = self._fresh(ReplayAgent(self.answers))
        try:
            self.state.run()
            self.decision = None
        except NeedDecision as pending:
            self.decision = pending.decision

    @property
    def finished(self) -> bool:
        return self.decision is None

    def options(self) -> list[str]:
        """The labels of the pending decision's options (empty when the match is over)."""
        return self.decision.labels if self.decision else []

    def choose(self, i: int) -> None:
        if self.decision is None:
            raise IllegalChoice("the match is over: there is nothing to choose")
        if not 0 <= i < len(self.decision.options):
            raise IllegalChoice(f"option {i} does not exist; choose 0..{len(self.decision.options) - 1}")
        self.answers.append(i)
        if self._trampoline is None:
            self._replay()
            return
        self._trampoline.answer(i)
        self.decision = self._trampoline.pending

    def copy(self, viewer: str | None = None, seed: int = 0) -> Match:
        """The same match at the same decision, independent of this one. A copy for a
        `viewer` (a team, e.g. for a playout) holds only what that team may know: the other
        team's hidden answers (engine/secrets.py) are drawn again, from `seed`."""
        new = Match.__new__(Match)
        new.__dict__.update(self.__dict__)
        new.answers = list(self.answers)
        if self._trampoline is None:
            new._replay()
        else:
            new._trampoline = self._trampoline.copy(viewer=viewer, rng=random.Random(seed))
            new.state = new._trampoline.m
            new.decision = new._trampoline.pending
        return new

    @property
    def events(self) -> list[Event]:
        return self.state.events

    @property
    def score(self) -> dict[str, int]:
        return dict(self.state.S.get(self.edition.match.get("score", "score"), {}))

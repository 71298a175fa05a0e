"""A match driven one decision at a time, for people, tests and search.

The state of a paused match is its seed and the answers given so far: the driver
replays them to reach the pending decision. Copying a mid-turn match is copying a list
(see docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..board import TEAMS
from ..dice import SeededDice
from .decisions import Decision, IllegalChoice, NeedDecision
from .match import MatchState


class _Replay:
    name = "replay"

    def __init__(self, answers: Sequence[int]):
        self.answers = answers
        self.i = 0

    def choose(self, decision: Decision, match: Any) -> int:
        if self.i < len(self.answers):
            self.i += 1
            return self.answers[self.i - 1]
        raise NeedDecision(decision)


class Match:
    """`options()` lists the pending decision's choices; `choose(i)` answers it."""

    def __init__(
        self,
        edition: Any,
        seed: int = 0,
        rules_on: Iterable[str] = (),
        skills: dict[str, list[str]] | None = None,
        answers: Sequence[int] = (),
    ):
        self.edition = edition
        self.seed = seed
        self.rules_on = frozenset(rules_on)
        self.skills = skills
        self.answers = list(answers)
        self.decision: Decision | None = None
        self.state: MatchState
        self._advance()

    def _advance(self) -> None:
        replay = _Replay(self.answers)
        self.state = MatchState(self.edition, SeededDice(self.seed), {t: replay for t in TEAMS}, self.rules_on, self.skills)
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
        self._advance()

    def copy(self) -> Match:
        return Match(self.edition, self.seed, self.rules_on, self.skills, self.answers)

    @property
    def events(self) -> list[dict]:
        return self.state.events

    @property
    def score(self) -> dict[str, int]:
        return dict(self.state.S.get(self.edition.match.get("score", "score"), {}))

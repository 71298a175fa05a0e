"""Decision points: a team chooses one of the legal options the rules offer.

The engine enumerates the options; an agent, a person or a test script only picks an
index. An optional decision ends with `None`, the choice to do nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..lang.core import render

Score = float | str
"""One option's advice: a number, or a text the rules give for a way of playing (the coach
reads `prefer="mix"`: options to be drawn evenly, docs/agents.md)."""

Scores = Sequence[Score] | Callable[[], Sequence[Score]] | None
"""The rules' advice on a decision: a score per option, a function giving them when first
asked (advice costs steps, and most agents never read it), or None without advice."""


class Decision:
    """One decision: `scores` is the rules' advice for each option (None: no advice).

    Advice is computed the first time an agent reads it, not before: agents that ignore
    it (random, scripted, a person) never pay for it. An agent reads it while the match
    waits for its answer, so the advice sees the state the decision was made in.
    """

    __slots__ = ("_scores", "label", "options", "ref", "team")

    def __init__(self, team: str, label: str, options: tuple[Any, ...], scores: Scores, ref: str = "") -> None:
        self.team = team
        self.label = label
        self.options = options
        self._scores = scores  # a tuple, None, or a function computing them
        self.ref = ref

    @property
    def scores(self) -> tuple[Score, ...] | None:
        scores = self._scores
        if callable(scores):
            scores = self._scores = tuple(scores())
        return None if scores is None else tuple(scores) if type(scores) is not tuple else scores

    @property
    def labels(self) -> list[str]:
        return ["(none)" if o is None else render(o) for o in self.options]

    def _key(self) -> tuple[object, ...]:  # compared whole, never taken apart
        return (self.team, self.label, self.options, self.scores, self.ref)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.team, self.label, self.options, self.ref))

    def __repr__(self) -> str:
        return f"Decision(team={self.team!r}, label={self.label!r}, options={self.options!r}, scores={self.scores!r}, ref={self.ref!r})"


class IllegalChoice(Exception):
    """An agent picked an index that is not among the options."""


class NeedDecision(Exception):
    """Raised by a replay agent that has no recorded answer: the driver waits here."""

    def __init__(self, decision: Decision):
        super().__init__(decision.label)
        self.decision = decision

"""Decision points: a team chooses one of the legal options the rules offer.

The engine enumerates the options; an agent, a person or a test script only picks an
index. An optional decision ends with `None`, the choice to do nothing.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..lang.core import render


class Decision:
    """One decision: `scores` is the rules' advice for each option (None: no advice).

    Advice is computed the first time an agent reads it, not before: agents that ignore
    it (random, scripted, a person) never pay for it. An agent reads it while the match
    waits for its answer, so the advice sees the state the decision was made in.
    """

    __slots__ = ("_scores", "label", "options", "ref", "team")

    def __init__(self, team: str, label: str, options: tuple[Any, ...], scores: Any, ref: str = ""):
        self.team = team
        self.label = label
        self.options = options
        self._scores = scores  # a tuple, None, or a function computing them
        self.ref = ref

    @property
    def scores(self) -> tuple[Any, ...] | None:
        if callable(self._scores):
            self._scores = tuple(self._scores())
        return self._scores

    @property
    def labels(self) -> list[str]:
        return ["(none)" if o is None else render(o) for o in self.options]

    def _key(self) -> tuple:
        return (self.team, self.label, self.options, self.scores, self.ref)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.team, self.label, self.options, self.ref))

    def __repr__(self) -> str:
        return f"Decision(team={self.team!r}, label={self.label!r}, options={self.options!r}, scores={self.scores!r}, ref={self.ref!r})"


class Agent(Protocol):
    """Anything that picks an option index for a decision.

    An agent that needs only the number of options and the advice may also offer
    `pick(n, scores) -> index`, with a class attribute `reads_advice`: the engine then
    asks it without building a `Decision` (a match decides about a thousand times), and
    computes the advice (`scores`: one per option, declining an optional decision
    scoring 0; None without advice) only when `reads_advice` is true. Its `choose` must
    answer as its `pick` does, for callers that hold a `Decision`. Such an agent that
    needs to see a few decisions whole (to count or force them, as the workbench does)
    names their labels in a `watches` attribute (a set, declared on the class): only
    those go to `choose`.
    """

    name: str

    def choose(self, decision: Decision, match: Any) -> int: ...


class IllegalChoice(Exception):
    """An agent picked an index that is not among the options."""


class NeedDecision(Exception):
    """Raised by a replay agent that has no recorded answer: the driver waits here."""

    def __init__(self, decision: Decision):
        super().__init__(decision.label)
        self.decision = decision

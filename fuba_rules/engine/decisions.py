"""Decision points: a team chooses one of the legal options the rules offer.

The engine enumerates the options; an agent, a person or a test script only picks an
index. An optional decision ends with `None`, the choice to do nothing.
"""

from __future__ import annotations

from typing import Any, Protocol

import attrs

from ..lang.core import render


@attrs.frozen
class Decision:
    team: str
    label: str
    options: tuple[Any, ...]  # ends with None when the decision is optional
    scores: tuple[Any, ...] | None  # the rules' advice for each option (None: no advice)
    ref: str = ""

    @property
    def labels(self) -> list[str]:
        return ["(none)" if o is None else render(o) for o in self.options]


class Agent(Protocol):
    """Anything that picks an option index for a decision."""

    name: str

    def choose(self, decision: Decision, match: Any) -> int: ...


class IllegalChoice(Exception):
    """An agent picked an index that is not among the options."""


class NeedDecision(Exception):
    """Raised by a replay agent that has no recorded answer: the driver waits here."""

    def __init__(self, decision: Decision):
        super().__init__(decision.label)
        self.decision = decision

"""The one agent that gives answers it was handed: a replay of recorded answers.

A match is (seed, answers): the step driver replays a person's answers to reach a
decision again, the web board re-runs a logged match, a search replays a history before
playing on, and scenario tests script their answers. All of them are a `ReplayAgent`:
the answers in turn, then `then(decision, match)` once they run out. By default it
raises `NeedDecision`, the signal at which the step driver waits for the next answer;
a search hands on to its playout policy; a scenario's script (`ScriptedAgent`, which
reads answers written as options or labels) reports that it has no answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NoReturn, cast

from .decisions import Decision, NeedDecision

Policy = Callable[[Decision, object], int]
"""What answers a decision (given it and the match): an agent's `choose`."""


def wait(decision: Decision, match: object) -> NoReturn:
    """No answer is left: stop the match at this decision (the step driver resumes it)."""
    raise NeedDecision(decision)


class ReplayAgent:
    """Gives `answers` in turn (both teams share one), then asks `then`.

    The answers are read, not copied: a driver appending to its list of answers extends
    what the agent replays."""

    name = "replay"

    def __init__(self, answers: Sequence[object] = (), then: Policy = wait):
        self.given = answers
        self.then = then
        self.i = 0

    @property
    def answers(self) -> Sequence[object]:
        """The answers not given yet."""
        return self.given[self.i:]

    def choose(self, decision: Decision, match: object) -> int:
        if self.i < len(self.given):
            self.i += 1
            return self.read(decision, self.given[self.i - 1])
        return self.then(decision, match)

    def read(self, decision: Decision, answer: object) -> int:
        """The option an answer names: a recorded answer is the option's index (the match
        checks that it is one)."""
        return cast(int, answer)


__all__ = ["Policy", "ReplayAgent", "wait"]

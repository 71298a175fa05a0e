"""The scripted agent: answers from a list, for scenario tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NoReturn

from ..engine.decisions import Decision, IllegalChoice
from ..engine.replay import ReplayAgent
from ..lang.core import render


class ScriptError(IllegalChoice, LookupError):
    """The script has no answer for a question, or its answer is not an option: a fault of
    the script, not of the rules (it is never reported as a rule fault)."""


class ScriptedAgent(ReplayAgent):
    """Answers decisions from a list, for scenario tests: each answer is an option or its label.

    A decision whose label is in `defaults` takes that answer without using the list.
    """

    name = "script"

    def __init__(self, answers: Sequence[object] = (), defaults: Mapping[str, object] | None = None):
        super().__init__(list(answers), self.no_answer)
        self.defaults = dict(defaults or {})
        self.asked: list[Decision] = []

    def choose(self, decision: Decision, match: object) -> int:
        self.asked.append(decision)
        if decision.label in self.defaults:
            return self.read(decision, self.defaults[decision.label])
        return super().choose(decision, match)

    def read(self, decision: Decision, answer: object) -> int:
        """The option that is `answer` or is rendered as it."""
        for i, o in enumerate(decision.options):
            if o == answer or render(o) == render(answer) or (answer is None and o is None):
                return i
        raise ScriptError(f"'{render(answer)}' is not an option of '{decision.label}' (options: {', '.join(decision.labels)})")

    def no_answer(self, decision: Decision, match: object) -> NoReturn:
        raise ScriptError(f"the script has no answer for {decision.team}'s '{decision.label}' (options: {', '.join(decision.labels)})")

"""The scripted agent: answers from a list, for scenario tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.decisions import Decision, IllegalChoice
from ..lang.core import render


class ScriptError(IllegalChoice, LookupError):
    """The script has no answer for a question, or its answer is not an option: a fault of
    the script, not of the rules (it is never reported as a rule fault)."""


class ScriptedAgent:
    """Answers decisions from a list, for scenario tests: each answer is an option or its label.

    A decision whose label is in `defaults` takes that answer without using the list.
    """

    name = "script"

    def __init__(self, answers: Sequence[Any] = (), defaults: dict[str, Any] | None = None):
        self.answers = list(answers)
        self.defaults = dict(defaults or {})
        self.asked: list[Decision] = []

    def choose(self, decision: Decision, match: Any) -> int:
        self.asked.append(decision)
        if decision.label in self.defaults:
            want = self.defaults[decision.label]
        elif self.answers:
            want = self.answers.pop(0)
        else:
            raise ScriptError(f"the script has no answer for {decision.team}'s '{decision.label}' (options: {', '.join(decision.labels)})")
        for i, o in enumerate(decision.options):
            if o == want or render(o) == render(want) or (want is None and o is None):
                return i
        raise ScriptError(f"'{render(want)}' is not an option of '{decision.label}' (options: {', '.join(decision.labels)})")

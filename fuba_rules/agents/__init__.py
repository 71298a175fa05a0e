"""Agents pick among the legal options of a decision; they never see a rule by name."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..engine.decisions import Decision
from ..lang.core import render


class RandomAgent:
    """Picks uniformly among the legal options."""

    name = "random"

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)

    def choose(self, decision: Decision, match: Any) -> int:
        return self._rng.randrange(len(decision.options))


class CoachAgent:
    """Plays to win by the rules' own advice: the option the edition scores highest.

    Editions attach `prefer:` advice to their decisions (for example the chance that a
    pass succeeds, or the goal-attempt odds), so this agent plays every edition without
    edition-specific code. Ties, and decisions without advice, are broken at random;
    declining an optional decision scores 0.
    """

    name = "coach"

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)

    def choose(self, decision: Decision, match: Any) -> int:
        n = len(decision.options)
        if not decision.scores:
            return self._rng.randrange(n)
        scores = [s if isinstance(s, (int, float)) and not isinstance(s, bool) else (1 if s else 0) for s in decision.scores]
        best = max(scores)
        return self._rng.choice([i for i, s in enumerate(scores) if s == best])


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
            raise LookupError(f"the script has no answer for {decision.team}'s '{decision.label}' (options: {', '.join(decision.labels)})")
        for i, o in enumerate(decision.options):
            if o == want or render(o) == render(want) or (want is None and o is None):
                return i
        raise LookupError(f"'{render(want)}' is not an option of '{decision.label}' (options: {', '.join(decision.labels)})")


AGENTS = {"random": RandomAgent, "coach": CoachAgent}


def make_agent(name: str, seed: int) -> Any:
    if name not in AGENTS:
        from ..diagnostics import did_you_mean

        raise ValueError(f"unknown agent '{name}'{did_you_mean(name, AGENTS)}; agents: {', '.join(AGENTS)}")
    return AGENTS[name](seed)

"""The coach: plays any edition by the advice its rules attach to their decisions."""

from __future__ import annotations

import random
from typing import Any

from ..dice import below
from ..engine.decisions import Decision

_INT = {int}


def advice(decision: Decision) -> list[float] | None:
    """The rules' scores for each option as numbers (true is 1, false 0), or None without advice."""
    return _numbers(decision.scores) if decision.scores else None


def _numbers(scores: Any) -> list[float]:
    return [float(s) if isinstance(s, (int, float)) and not isinstance(s, bool) else (1.0 if s else 0.0) for s in scores]


def best_options(decision: Decision) -> list[int]:
    """The options the advice scores highest (every option when there is no advice)."""
    scores = decision.scores
    return _best(scores) if scores else list(range(len(decision.options)))


def _best(scores: Any) -> list[int]:
    """The indices of the highest of some scores (at least one)."""
    if not set(map(type, scores)) <= _INT:  # plain numbers compare as their floats do
        scores = _numbers(scores)
    best = max(scores)
    ties = scores.count(best)
    if ties == 1:  # most decisions have one best option: found in C
        return [scores.index(best)]
    out, i = [], -1
    for _ in range(ties):  # a few ties among many options: each found in C
        i = scores.index(best, i + 1)
        out.append(i)
    return out


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
        scores = decision.scores
        if not scores:
            return below(self._rng, len(decision.options))
        best = _best(scores)
        return best[below(self._rng, len(best))]  # self._rng.choice(best)

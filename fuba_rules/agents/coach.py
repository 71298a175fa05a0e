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
    scores = _comparable(scores)
    best = max(scores)
    return [i for i, s in enumerate(scores) if s == best]


def _comparable(scores: Any) -> Any:
    """Scores that compare as numbers: as they are when all are whole numbers, else as floats."""
    return scores if set(map(type, scores)) <= _INT else _numbers(scores)


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
        scores = _comparable(scores)
        best = max(scores)
        k = below(self._rng, scores.count(best))  # which of the tied best, as self._rng.choice(_best(scores))
        i = scores.index(best)
        for _ in range(k):  # the k-th tie found in C, without listing them all
            i = scores.index(best, i + 1)
        return i

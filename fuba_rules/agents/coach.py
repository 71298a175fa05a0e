"""The coach: plays any edition by the advice its rules attach to their decisions."""

from __future__ import annotations

import random
from typing import Any

from ..dice import below
from ..engine.decisions import Decision


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
    best, scores = _top(scores)
    return [i for i, s in enumerate(scores) if s == best]


def _top(scores: Any) -> tuple[Any, Any]:
    """The highest of some scores, and the scores to find it among: as they are when the
    highest is a whole number, else as numbers (`_numbers`: a text or none counts as its
    truth). Python compares whole numbers, truth values and decimals as their floats
    would (every number a rule holds is far below 2**53), and a text, none or record
    among numbers stops `max` with a TypeError, so a whole number found is the one the
    floats give, at the same places."""
    try:
        best = max(scores)
    except TypeError:
        best = None
    if type(best) is int:
        return best, scores
    scores = _numbers(scores)
    return max(scores), scores


MIX = "mix"  # advice `prefer="mix"`: every option as likely, on purpose (see `CoachAgent`)


class CoachAgent:
    """Plays to win by the rules' own advice: the option the edition scores highest.

    Editions attach `prefer:` advice to their decisions (for example the chance that a
    pass succeeds, or the goal-attempt odds), so this agent plays every edition without
    edition-specific code. It tosses no coin where the advice ties: the tie-break rule is
    the first of the best options in the order the rules list them (declining an
    optional decision, scoring 0, is listed last, so a tie between doing and declining
    does it), and a decision without advice takes its first option. Its one coin is
    advice that asks for it: the options scored "mix" (`prefer="mix"`: a hidden choice the
    other team must not be able to predict, such as a keeper's penalty guess) are drawn
    evenly.
    `tosses` counts those draws.
    """

    name = "coach"

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)
        self.tosses = 0

    reads_advice = True

    def choose(self, decision: Decision, match: Any) -> int:
        return self.pick(len(decision.options), decision.scores)

    def pick(self, n: int, scores: Any) -> int:
        """`Agent.pick`: the first of the highest scored of n options; an even draw for "mix"."""
        if not scores:
            return 0
        if MIX in scores:
            self.tosses += 1
            mixed = [i for i, s in enumerate(scores) if s == MIX]
            return mixed[below(self._rng, len(mixed))]
        best, scores = _top(scores)
        return scores.index(best)

"""The random agent: a baseline that knows nothing about the rules."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..dice import below
from ..engine.decisions import Decision

if TYPE_CHECKING:
    from ..engine.match import MatchState


class RandomAgent:
    """Picks uniformly among the legal options."""

    name = "random"

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)

    reads_advice = False

    def choose(self, decision: Decision, match: MatchState) -> int:
        return below(self._rng, len(decision.options))

    def pick(self, n: int, scores: list[float] | None) -> int:
        """`Agent.pick`: any of n options."""
        return below(self._rng, n)

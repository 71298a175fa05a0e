"""The one source of dice, with three faces: seeded, scripted and enumerated.

Every roll in a match comes from a `Dice` object, so the same seed gives the same
match in any process (`random.Random` with an integer seed is stable across runs and
platforms), a test can say "the next rolls are 3, 5", and exact odds come from walking
every outcome instead of sampling.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Protocol, TypeVar

import attrs

T = TypeVar("T")
SIDES = 6


class Dice(Protocol):
    """Anything that can roll a six-sided die or pick an index below n."""

    def die(self) -> int: ...

    def pick(self, n: int) -> int: ...


def below(rng: random.Random, n: int) -> int:
    """A whole number from 0 to n - 1, drawn as `rng.randrange(n)` draws it (the bits of
    n's length, drawn again until below n: the same numbers from the same state) in one
    call instead of three: matches roll a die or pick an option a thousand times."""
    if n <= 0:
        return rng.randrange(n)  # its own error
    bits = rng.getrandbits
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


class SeededDice:
    """Reproducible random dice: the same seed gives the same rolls everywhere."""

    def __init__(self, seed: int):
        self._rng = random.Random(seed)

    def die(self) -> int:
        return 1 + below(self._rng, SIDES)  # rng.randint(1, SIDES)

    def pick(self, n: int) -> int:
        return below(self._rng, n)


class DiceExhausted(Exception):
    """A scripted test asked for more dice than it scripted."""


class ScriptedDice:
    """Dice that return exactly the given values, in order, for scenario tests."""

    def __init__(self, rolls: Iterable[int]):
        self._rolls = list(rolls)
        for r in self._rolls:
            if not 1 <= r <= SIDES:
                raise ValueError(f"a scripted die must be 1..{SIDES}, got {r}")
        self.used = 0

    def die(self) -> int:
        if self.used >= len(self._rolls):
            raise DiceExhausted(f"the script had {len(self._rolls)} dice and a further die was rolled")
        self.used += 1
        return self._rolls[self.used - 1]

    def pick(self, n: int) -> int:
        return (self.die() - 1) % n

    @property
    def remaining(self) -> int:
        return len(self._rolls) - self.used


@attrs.define
class _Branch:
    value: int
    size: int


class EnumeratedDice:
    """Walks every sequence of dice outcomes depth first, one sequence per run.

    Each run replays the current path and extends it with 1s where the path ends; after
    the run, `advance()` moves to the next unexplored sequence. Runs that roll different
    numbers of dice on different branches are handled, since the path grows as needed.
    """

    def __init__(self) -> None:
        self._path: list[_Branch] = []
        self._i = 0

    def _next(self, size: int) -> int:
        if self._i < len(self._path):
            value = self._path[self._i].value
        else:
            self._path.append(_Branch(0, size))
            value = 0
        self._i += 1
        return value

    def die(self) -> int:
        return self._next(SIDES) + 1

    def pick(self, n: int) -> int:
        return self._next(n)

    def probability(self) -> Fraction:
        p = Fraction(1)
        for b in self._path[: self._i]:
            p /= b.size
        return p

    def advance(self) -> bool:
        """Move to the next outcome sequence; False when every sequence was visited."""
        del self._path[self._i :]
        self._i = 0
        while self._path:
            last = self._path[-1]
            if last.value + 1 < last.size:
                last.value += 1
                return True
            self._path.pop()
        return False


MAX_OUTCOMES = 200_000


def enumerate_outcomes(run: Callable[[Dice], T], limit: int = MAX_OUTCOMES) -> dict[T, Fraction]:
    """Exact distribution of `run(dice)` over every dice outcome (a fresh run per outcome)."""
    dice = EnumeratedDice()
    odds: dict[T, Fraction] = {}
    for _ in range(limit):
        result = run(dice)
        odds[result] = odds.get(result, Fraction(0)) + dice.probability()
        if not dice.advance():
            return odds
    raise ValueError(f"more than {limit} dice outcomes: too many to enumerate exactly")

"""Seeded dice and agents draw exactly what Python's `random` would draw from the same state,
so a match's log depends only on its seeds, whichever helper draws the numbers."""

from __future__ import annotations

import random

import pytest

from fuba_rules.dice import SeededDice, below


@pytest.mark.parametrize("seed", [0, 1, 12345])
def test_below_draws_what_randrange_draws_from_the_same_state(seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in [1, 2, 3, 5, 6, 7, 8, 13, 64, 100, 1000] * 20:
        assert below(ours, n) == theirs.randrange(n)
    assert ours.getstate() == theirs.getstate()


def test_a_seeded_die_rolls_what_randint_rolls() -> None:
    dice, rng = SeededDice(7), random.Random(7)
    assert [dice.die() for _ in range(500)] == [rng.randint(1, 6) for _ in range(500)]
    assert [dice.pick(n) for n in range(1, 40)] == [rng.randrange(n) for n in range(1, 40)]


def test_below_nothing_is_randranges_own_error() -> None:
    with pytest.raises(ValueError, match="empty range"):
        below(random.Random(0), 0)

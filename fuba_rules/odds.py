"""Exact odds: run one rule from a position under every dice outcome.

A designer asks "with the ball on 3 and equal numbers, how often does pressing win?"
and gets 5/9, not a sampled 0.55: the enumerated dice walk every sequence of rolls,
each weighted by its probability, and a measure expression is read after each run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

from .dice import MAX_OUTCOMES, Dice, enumerate_outcomes
from .scenario import Scenario


def exact_odds(
    edition: Any,
    procedure: str,
    args: Iterable[Any] = (),
    measure: str = "ball.value",
    setup: Callable[[Scenario], None] | None = None,
    answers: Iterable[Any] = (),
    defaults: Mapping[str, Any] | None = None,
    rules: Iterable[str] = (),
    limit: int = MAX_OUTCOMES,
) -> dict[Any, Fraction]:
    """The exact distribution of `measure` after `procedure(*args)` runs from `setup`'s position."""
    read = edition.expression(measure, "--measure")
    args, answers, rules = list(args), list(answers), list(rules)

    def run(dice: Dice) -> Any:
        s = Scenario(edition, dice=dice, answers=answers, defaults=defaults, rules=rules)
        if setup:
            setup(s)
        s.run(procedure, *args)
        value = read(s.match)
        return tuple(value) if isinstance(value, list) else value

    return enumerate_outcomes(run, limit)

"""Primitives over plain values (lists, dice, numbers) that every host shares."""

from __future__ import annotations

from .registry import Registry
from .runtime import MAX_LIST, Host

CORE = Registry()
add = CORE.add


def _ints(h: Host, xs: object) -> list[int]:
    """`xs` if it is a list, charging a long one's length to the step budget. Typed as the
    dice the rules mostly hand these primitives; a list of texts (areas) works alike."""
    if not isinstance(xs, list):
        raise TypeError(f"expected a list, got {type_name(xs)}")
    if len(xs) > 50:  # work on long lists is charged to the step budget, element by element
        h.budget -= len(xs)
        if h.budget < 0:
            raise ValueError("step budget exhausted: a loop or call chain runs too long")
    return xs


def type_name(v: object) -> str:
    """How a fault message names the kind of a value."""
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, int):
        return "a number"
    if isinstance(v, float):  # a decimal constant (`constants: {half: 0.5}`)
        return "a decimal number"
    if isinstance(v, str):
        return "a text"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "a record"
    return type(v).__name__


@add("len", "xs", doc="Number of elements of a list.", bound=MAX_LIST, inline="(_len({xs}) if _type({xs}) is _list and _len({xs}) <= 50 else {call})")
def _len(h: Host, xs: object) -> int:
    return len(_ints(h, xs))


@add("sum", "xs", doc="Sum of a list of numbers, e.g. the total of rolled dice.", whole="xs",
     inline="(_total({xs}) if _type({xs}) is _list and _len({xs}) <= 50 else {call})")
def _sum(h: Host, xs: object) -> int:
    return sum(_ints(h, xs))


@add("highest", "xs", doc="Highest value of a list (dice: keep the highest).")
def _highest(h: Host, xs: object) -> int:
    return max(_ints(h, xs))


@add("lowest", "xs", doc="Lowest value of a list (dice: keep the lowest).")
def _lowest(h: Host, xs: object) -> int:
    return min(_ints(h, xs))


@add("keep_highest", "xs k", doc="The k highest values of a list, highest first.")
def _keep_highest(h: Host, xs: object, k: int) -> list[int]:
    return sorted(_ints(h, xs), reverse=True)[:k]


@add("keep_lowest", "xs k", doc="The k lowest values of a list, lowest first.")
def _keep_lowest(h: Host, xs: object, k: int) -> list[int]:
    return sorted(_ints(h, xs))[:k]


@add("sorted", "xs", doc="The list in ascending order.")
def _sorted(h: Host, xs: object) -> list[int]:
    return sorted(_ints(h, xs))


@add("doubles", "xs", doc="True when every die shows the same value (needs two or more dice).")
def _doubles(h: Host, xs: object) -> bool:
    dice = _ints(h, xs)
    return len(dice) >= 2 and all(x == dice[0] for x in dice)


@add("diff", "xs", doc="Difference between the highest and the lowest die.", whole="xs")
def _diff(h: Host, xs: object) -> int:
    dice = _ints(h, xs)
    return max(dice) - min(dice)


@add("count", "xs x", doc="How many elements of a list equal x.", bound=MAX_LIST, inline="({xs}.count({x}) if _type({xs}) is _list and _len({xs}) <= 50 else {call})")
def _count(h: Host, xs: object, x: int) -> int:
    return _ints(h, xs).count(x)


@add("any", "xs", doc="True when some element is true.")
def _any(h: Host, xs: object) -> bool:
    return any(_ints(h, xs))


@add("all", "xs", doc="True when every element is true.")
def _all(h: Host, xs: object) -> bool:
    return all(_ints(h, xs))


@add("min", "a b", doc="The smaller of two numbers.", bound_by="a b", inline="(({a} if {a} <= {b} else {b}) if _type({a}) is _int and _type({b}) is _int else {call})")
def _min(h: Host, a: int, b: int) -> int:
    return min(a, b)


@add("max", "a b", doc="The larger of two numbers.", bound_by="a b", inline="(({a} if {a} >= {b} else {b}) if _type({a}) is _int and _type({b}) is _int else {call})")
def _max(h: Host, a: int, b: int) -> int:
    return max(a, b)


@add("abs", "x", doc="Absolute value, e.g. the size of an area modifier.", bound_by="x")
def _abs(h: Host, x: int) -> int:
    return abs(x)


@add("clamp", "x low high", doc="x limited to low..high (low when high is below it); all three must be numbers.", bound_by="low high",
     inline="(({x} if {low} <= {x} <= {high} else {low} if {x} < {low} or {high} < {low} else {high}) if _type({x}) is _int and _type({low}) is _int and _type({high}) is _int else {call})")
def _clamp(h: Host, x: int, low: int, high: int) -> int:
    for v in (x, low, high):
        if type(v) is not int:
            raise TypeError(f"clamp needs numbers, got {type_name(v)}")
    return max(low, min(high, x))


@add("first", "xs", doc="The first element of a list, or none when it is empty.")
def _first(h: Host, xs: object) -> int | None:
    items = _ints(h, xs)
    return items[0] if items else None


@add("unique", "xs", doc="The list without repeated elements, in first-seen order.")
def _unique(h: Host, xs: object) -> list[int]:
    return list(dict.fromkeys(_ints(h, xs)))


@add("text", "x", doc="x as text, for log messages.")
def _text(h: Host, x: object) -> str:
    return render(x)


def render(v: object) -> str:
    """How a value reads in a log line."""
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list):
        return ",".join(render(x) for x in v)
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {render(x)}" for k, x in v.items()) + "}"
    return str(v)

"""How a match is copied: the kinds of copy an attribute can declare, and the copiers.

`MatchState.COPIES` declares, for every attribute of a match, one `Copy`; a copy of a
match (`MatchState.copy`) is derived from that declaration, and a test
(tests/test_match_copy.py) fails when a match holds an attribute it does not declare.
"""

from __future__ import annotations

import copy
import enum
import random
from typing import Any, TypeVar

from ..dice import Dice

T = TypeVar("T")


class Copy(enum.Enum):
    """What a copy of a match does with one attribute."""

    SHARE = "share"  # the same object: an immutable value, the edition's, or one replaced (never changed in place) when it changes
    DATA = "data"  # JSON-like data (dicts, lists, sets of plain values) copied deeply by `copy_data`, with the copy's memo
    SHALLOW = "shallow"  # a container of values never changed once in it (log events, marks, counts): copied one level
    REBUILD = "rebuild"  # derived from the copied state, a cache, or the copier's own: `MatchState._rebuild` makes it


def copy_data(v: Any, memo: dict[int, Any]) -> Any:
    """A copy of JSON-like data (dicts, lists, sets of plain values); anything else, a
    table row or an edition's hook included, is shared as it is. Objects shared within
    what one memo copies stay shared in the copy."""
    t = type(v)
    if t is dict:
        got = memo.get(id(v))
        if got is None:
            got = memo[id(v)] = {}
            for k, x in v.items():
                tx = type(x)
                got[k] = x if tx is int or tx is str or x is None or tx is bool else copy_data(x, memo)
        return got
    if t is list:
        got = memo.get(id(v))
        if got is None:
            got = memo[id(v)] = []
            got.extend(x if type(x) is int or type(x) is str else copy_data(x, memo) for x in v)
        return got
    if t is set:
        got = memo.get(id(v))
        if got is None:
            got = memo[id(v)] = set(v)
        return got
    return v


def copy_shallow(v: T) -> T:
    """A container of the same type holding the same elements (list, set, dict, Counter)."""
    return type(v)(v)  # type: ignore[call-arg]


def copy_dice(dice: Dice) -> Dice:
    """Dice in the same state: the generator's state copied, not replayed."""
    rng = getattr(dice, "_rng", None)
    if not isinstance(rng, random.Random):
        return copy.deepcopy(dice)  # scripted dice: a list and a position
    new = type(dice).__new__(type(dice))
    new.__dict__.update(dice.__dict__)
    fresh = random.Random()
    fresh.setstate(rng.getstate())
    new.__dict__["_rng"] = fresh  # the copy's own generator (every seeded dice keeps it as `_rng`)
    return new


__all__ = ["Copy", "copy_data", "copy_dice", "copy_shallow"]

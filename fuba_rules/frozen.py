"""Read-only dicts and lists: what every match of an edition shares, which none may change.

A compiled `Edition` is shared by every match, search copy and thread; a rule or a tool
that changed one of its tables would change every other match behind its back. So the
edition hands out `FrozenDict` and `FrozenList`: they read (and serialise to JSON,
pickle and copy) as the dict and list they hold, and raise `TypeError` on any change.
They subclass dict and list, so code that reads YAML data keeps working unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NoReturn, TypeVar

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


def _refuse(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise TypeError(f"a {type(self).__name__} is read-only: it is shared by every match of the edition (copy it to change it)")


class FrozenDict(dict[K, V]):
    """A dict that refuses every change."""

    __slots__ = ()

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type[FrozenDict[K, V]], tuple[dict[K, V]]]:
        return (type(self), (dict(self),))


class FrozenList(list[T]):
    """A list that refuses every change."""

    __slots__ = ()

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self) -> tuple[type[FrozenList[T]], tuple[list[T]]]:
        return (type(self), (list(self),))


def frozen_map(items: Mapping[K, V] | Iterable[tuple[K, V]]) -> FrozenDict[K, V]:
    """A read-only dict of `items` (the values as they are)."""
    return FrozenDict(items)


def frozen_data(value: object) -> object:
    """Plain data (YAML's dicts, lists and scalars) read-only all the way down."""
    if isinstance(value, dict):
        return FrozenDict({k: frozen_data(v) for k, v in value.items()})
    if isinstance(value, list):
        return FrozenList(frozen_data(v) for v in value)
    return value


__all__ = ["FrozenDict", "FrozenList", "frozen_data", "frozen_map"]

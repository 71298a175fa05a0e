"""Table row keys: "3", "1-2", "4,5", "1/1-2" name dice outcomes; anything else is a key.

Keys are expanded once, at load time, into exact outcomes, so a lookup is one dict
access, and `fuba check` can say which outcome a table misses or covers twice.
"""

from __future__ import annotations

import re
from typing import TypedDict

from ..limits import MAX_KEY_SPAN as MAX_SPAN
from ..limits import MAX_TABLE_OUTCOMES

Outcome = int | tuple[int, int] | str
"""One dice outcome a row stands for: a die's value, a pair of dice ("1/2"), or a text key."""



class Domain(TypedDict, total=False):
    """A table's `domain:` as its YAML writes it: one of the three keys."""

    range: list[int]  # [low, high]: one die
    pairs: list[list[int]]  # [[low, high], [low, high]]: two dice
    keys: list[str]  # text keys


_INT_PART = re.compile(r"^-?\d{1,15}(\s*-\s*-?\d{1,15})?$")


def _spans(text: str) -> list[tuple[int, int]] | None:
    """The (low, high) ranges of "1-2,4": None when `text` is not such a list."""
    out: list[tuple[int, int]] = []
    for part in text.split(","):
        part = part.strip()
        if not _INT_PART.match(part):
            return None
        m = re.match(r"^(-?\d+)(?:\s*-\s*(-?\d+))?$", part)
        assert m
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) is not None else lo
        if hi < lo or hi - lo > MAX_SPAN:
            return None
        out.append((lo, hi))
    return out


def _ints(text: str) -> list[int] | None:
    spans = _spans(text)
    if spans is None or sum(hi - lo + 1 for lo, hi in spans) > MAX_TABLE_OUTCOMES:
        return None
    return [x for lo, hi in spans for x in range(lo, hi + 1)]


def key_size(key: str) -> int:
    """How many outcomes a row key stands for, counted without expanding it."""
    key = str(key).strip()
    sides = key.partition("/")[::2] if "/" in key else (key,)
    size = 1
    for side in sides:
        spans = _spans(side)
        if spans is None:
            return 1  # a text key
        size *= sum(hi - lo + 1 for lo, hi in spans)
    return size


def expand_key(key: str) -> list[Outcome]:
    """The exact outcomes a row key stands for: ints, pairs of ints, or the key itself.

    A key standing for more than MAX_TABLE_OUTCOMES outcomes is kept as a text key
    (`fuba check` reports it).
    """
    key = str(key).strip()
    if key_size(key) > MAX_TABLE_OUTCOMES:
        return [key]
    if "/" in key:
        left, _, right = key.partition("/")
        a, b = _ints(left), _ints(right)
        if a is not None and b is not None:
            return [(x, y) for x in a for y in b]
        return [key]
    ints = _ints(key)
    return list(ints) if ints is not None else [key]


def domain_size(domain: Domain) -> int:
    """How many outcomes a `domain:` stands for, counted without listing them (0 if unreadable)."""
    try:
        if "range" in domain:
            lo, hi = domain["range"]
            return max(int(hi) - int(lo) + 1, 0)
        if "pairs" in domain:
            (a0, a1), (b0, b1) = domain["pairs"]
            return max(int(a1) - int(a0) + 1, 0) * max(int(b1) - int(b0) + 1, 0)
        if "keys" in domain:
            return len(domain["keys"])
    except (TypeError, ValueError, OverflowError):
        return 0
    return 0


def domain_outcomes(domain: Domain) -> list[Outcome] | None:
    """Every outcome a table's `domain:` says it must cover, or None for no domain.

    A domain past MAX_TABLE_OUTCOMES is refused by `fuba check` before this runs;
    here it gives no domain rather than filling memory.
    """
    if not domain or domain_size(domain) > MAX_TABLE_OUTCOMES:
        return None
    if "range" in domain:
        lo, hi = domain["range"]
        return list(range(int(lo), int(hi) + 1))
    if "pairs" in domain:
        (a0, a1), (b0, b1) = domain["pairs"]
        return [(x, y) for x in range(int(a0), int(a1) + 1) for y in range(int(b0), int(b1) + 1)]
    if "keys" in domain:
        return [str(k) for k in domain["keys"]]
    return None


def show_outcome(o: Outcome) -> str:
    return f"{o[0]}/{o[1]}" if isinstance(o, tuple) else str(o)

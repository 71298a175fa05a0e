"""Table row keys: "3", "1-2", "4,5", "1/1-2" name dice outcomes; anything else is a key.

Keys are expanded once, at load time, into exact outcomes, so a lookup is one dict
access, and `fuba check` can say which outcome a table misses or covers twice.
"""

from __future__ import annotations

import re
from typing import Any

_INT_PART = re.compile(r"^-?\d+(\s*-\s*-?\d+)?$")
MAX_SPAN = 1000


def _ints(text: str) -> list[int] | None:
    out: list[int] = []
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
        out.extend(range(lo, hi + 1))
    return out


def expand_key(key: str) -> list[Any]:
    """The exact outcomes a row key stands for: ints, pairs of ints, or the key itself."""
    key = str(key).strip()
    if "/" in key:
        left, _, right = key.partition("/")
        a, b = _ints(left), _ints(right)
        if a is not None and b is not None:
            return [(x, y) for x in a for y in b]
        return [key]
    ints = _ints(key)
    return ints if ints is not None else [key]


def domain_outcomes(domain: dict) -> list[Any] | None:
    """Every outcome a table's `domain:` says it must cover, or None for no domain."""
    if not domain:
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


def show_outcome(o: Any) -> str:
    return f"{o[0]}/{o[1]}" if isinstance(o, tuple) else str(o)

"""Summaries of many matches: means with 95% confidence intervals, and distributions."""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

Z95 = 1.959964


@attrs.frozen
class Metric:
    name: str
    text: str
    mean: float
    ci95: float | None  # half-width of the 95% interval of the mean; None for a single match
    floor: float | None = None  # the least the mean can be (0 for a count): the interval stops there
    ceiling: float | None = None  # the most it can be (1 for a share of matches)

    @property
    def low(self) -> float:
        low = self.mean - (self.ci95 or 0.0)
        return low if self.floor is None else max(low, self.floor)

    @property
    def high(self) -> float:
        high = self.mean + (self.ci95 or 0.0)
        return high if self.ceiling is None else min(high, self.ceiling)

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"mean": round(self.mean, 4), "ci95": None if self.ci95 is None else round(self.ci95, 4), "text": self.text}
        if self.ci95 is not None:
            out["interval"] = [round(self.low, 4), round(self.high, 4)]
        return out


def summarize(name: str, text: str, values: Sequence[float], share: bool = False) -> Metric:
    """Mean and normal-approximation 95% interval (the sample is thousands of matches);
    values that are never negative (counts, shares) get an interval that stops at 0, and
    a `share` of matches (0 or 1 each) one that stops at 1."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return Metric(name, text, mean, None)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    floor = 0.0 if min(values) >= 0 else None  # a count or a share is never below zero
    return Metric(name, text, mean, Z95 * math.sqrt(var / n), floor, 1.0 if share else None)


def distribution(values: Sequence[int], top: int = 7) -> dict[str, float]:
    """Share of matches with 0, 1, ... top-1 and `top+` (e.g. goals per match: 0..6, 7+)."""
    n = len(values) or 1
    out = {str(k): sum(1 for v in values if v == k) / n for k in range(top)}
    out[f"{top}+"] = sum(1 for v in values if v >= top) / n
    return out

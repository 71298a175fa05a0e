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

    def as_json(self) -> dict:
        return {"mean": round(self.mean, 4), "ci95": None if self.ci95 is None else round(self.ci95, 4), "text": self.text}


def summarize(name: str, text: str, values: Sequence[float]) -> Metric:
    """Mean and normal-approximation 95% interval (the sample is thousands of matches)."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return Metric(name, text, mean, None)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return Metric(name, text, mean, Z95 * math.sqrt(var / n))


def distribution(values: Sequence[int], top: int = 7) -> dict[str, float]:
    """Share of matches with 0, 1, ... top-1 and `top+` (e.g. goals per match: 0..6, 7+)."""
    n = len(values) or 1
    out = {str(k): sum(1 for v in values if v == k) / n for k in range(top)}
    out[f"{top}+"] = sum(1 for v in values if v >= top) / n
    return out

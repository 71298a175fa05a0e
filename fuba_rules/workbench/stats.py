"""Paired comparisons of per-match metrics: difference, 95% interval, p-value, effect size.

Sides are played on the same seeds (common random numbers), so the test is on the
per-seed differences (scipy.stats.ttest_rel); p-values are Holm-corrected across every
metric and comparison of a run, so a report of 25 metrics does not flag noise.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from .deps import need

ALPHA = 0.05


@attrs.frozen
class Interval:
    """A mean with its 95% interval (t distribution)."""

    mean: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def as_json(self) -> dict:
        return {"mean": _r(self.mean), "ci95": [_r(self.low), _r(self.high)]}


@attrs.define
class MetricDiff:
    """One metric, side B against side A, on paired seeds."""

    name: str
    text: str
    a: Interval
    b: Interval
    diff: Interval
    p: float
    effect: float  # Cohen's d_z: mean difference / standard deviation of the differences
    p_holm: float = 1.0
    only_in: str = ""
    """The side that has this metric when the other does not ("A" or "B"): a stat a mod
    adds or removes. The side without it counts 0 in every match."""

    @property
    def label(self) -> str:
        """The metric as a table names it: its text, and which side alone has it."""
        return f"{self.text} (only in {self.only_in})" if self.only_in else self.text

    @property
    def significant(self) -> bool:
        return self.p_holm < ALPHA

    @property
    def constant(self) -> bool:
        """The same value in every match of both sides (e.g. a rule that is switched off)."""
        return self.a.low == self.a.high == self.b.low == self.b.high == self.a.mean

    def as_json(self) -> dict:
        return {
            "text": self.text, "a": self.a.as_json(), "b": self.b.as_json(), "diff": self.diff.as_json(),
            "p": _r(self.p), "p_holm": _r(self.p_holm), "effect_size": _r(self.effect), "significant": self.significant,
            **({"only_in": self.only_in} if self.only_in else {}),
        }


@attrs.frozen
class DistributionTest:
    """A chi-square test that several sides share one distribution (results, goals)."""

    name: str
    categories: tuple[str, ...]
    counts: tuple[tuple[int, ...], ...]  # one row per side
    chi2: float
    dof: int
    p: float

    def as_json(self) -> dict:
        return {"categories": list(self.categories), "counts": [list(c) for c in self.counts], "chi2": _r(self.chi2), "dof": self.dof, "p": _r(self.p)}


def _r(x: float) -> float | None:
    return None if x is None or math.isnan(x) else round(float(x), 5)


def interval(values: Sequence[float], rate: bool = False) -> Interval:
    """Mean and 95% interval: Wilson's for a rate (each value 0 or 1: a win, a draw),
    else Student's t; a single value, or no spread, has a zero-width t interval."""
    st = need("scipy.stats")
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if rate and n:
        ci = st.binomtest(int(sum(values)), n).proportion_ci(0.95, method="wilson")
        return Interval(mean, float(ci.low), float(ci.high))
    if n < 2:
        return Interval(mean, mean, mean)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    h = float(st.t.ppf(0.975, n - 1)) * sd / math.sqrt(n)
    return Interval(mean, mean - h, mean + h)


def paired(name: str, text: str, a: Sequence[float], b: Sequence[float], rate: bool = False) -> MetricDiff:
    """B minus A on the same seeds: paired t test, interval of the mean difference, d_z."""
    st = need("scipy.stats")
    d = [y - x for x, y in zip(a, b)]
    di = interval(d)
    n = len(d)
    sd = math.sqrt(sum((v - di.mean) ** 2 for v in d) / (n - 1)) if n > 1 else 0.0
    if sd <= 1e-9 * max(1.0, abs(di.mean)):  # identical sides, a metric that never varies, or a constant shift
        p = 1.0 if di.mean == 0 else 0.0
        effect = 0.0 if di.mean == 0 else math.copysign(math.inf, di.mean)
    else:
        p = float(st.ttest_rel(b, a).pvalue)
        effect = di.mean / sd
    return MetricDiff(name, text, interval(a, rate), interval(b, rate), di, p, effect)


def holm(diffs: Sequence[MetricDiff]) -> None:
    """Holm's step-down correction across `diffs`, in place (controls the family-wise error)."""
    order = sorted(range(len(diffs)), key=lambda i: diffs[i].p)
    m, running = len(diffs), 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * diffs[i].p))
        diffs[i].p_holm = running


def distribution_test(name: str, rows: Sequence[Sequence[int]], categories: Sequence[str]) -> DistributionTest | None:
    """Chi-square test of homogeneity of a sides x categories table (empty columns dropped)."""
    st = need("scipy.stats")
    keep = [j for j in range(len(categories)) if any(r[j] for r in rows)]
    if len(keep) < 2 or any(sum(r) == 0 for r in rows):
        return None
    table = [[r[j] for j in keep] for r in rows]
    chi2, p, dof, _ = st.chi2_contingency(table)
    return DistributionTest(name, tuple(categories[j] for j in keep), tuple(tuple(r) for r in table), float(chi2), int(dof), float(p))


def goal_bins(goals: Sequence[int], top: int = 6) -> list[int]:
    """Matches with 0, 1, ... top-1 and top+ goals."""
    counts = [0] * (top + 1)
    for g in goals:
        counts[min(g, top)] += 1
    return counts

"""Compare sides on paired seeds, adding batches until the answer is clear enough.

Side 0 is the baseline; every other side is compared with it metric by metric (see
stats.paired), and all those comparisons form one Holm family. The result and goal
distributions get a chi-square test across all sides.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..sim.setup import BASIC_SETUP, MatchSetup
from .sample import RESULTS, Sample, Side, Tick, play_sample
from .stats import (
    DistributionTest,
    MetricDiff,
    distribution_test,
    goal_bins,
    holm,
    paired,
)

INDEPENDENT_STRIDE = 1_000_003  # side i's seeds start this far apart when not paired


@attrs.define
class Comparison:
    labels: list[str]
    samples: list[Sample]
    paired_seeds: bool
    seed: int
    diffs: list[tuple[int, MetricDiff]] = attrs.field(factory=list)  # (side index, B = that side vs side 0)
    tests: list[DistributionTest] = attrs.field(factory=list)
    stopped: str = ""

    @property
    def n(self) -> int:
        return self.samples[0].n

    def as_json(self) -> dict[str, object]:
        return {
            "sides": self.labels,
            "matches_per_side": self.n,
            "seed": self.seed,
            "paired_seeds": self.paired_seeds,
            "stopped": self.stopped,
            "comparisons": [
                {"a": self.labels[0], "b": self.labels[i], "metrics": {d.name: d.as_json() for d in ds}}
                for i, ds in self.by_side().items()
            ],
            "distribution_tests": {t.name: t.as_json() for t in self.tests},
        }

    def by_side(self) -> dict[int, list[MetricDiff]]:
        out: dict[int, list[MetricDiff]] = {}
        for i, d in self.diffs:
            out.setdefault(i, []).append(d)
        return out


def analyse(labels: Sequence[str], samples: Sequence[Sample], paired_seeds: bool = True, seed: int = 0) -> Comparison:
    """Every metric of either side, each later side against the first; Holm across all.

    A metric only one of the two sides has (a stat a mod adds or removes) is compared with
    0 in every match of the other side and marked `only_in`, never left out."""
    c = Comparison(list(labels), list(samples), paired_seeds, seed)
    base = samples[0]
    for i, s in enumerate(samples[1:], 1):
        for k in [*base.values, *(k for k in s.values if k not in base.values)]:
            a, b = base.values.get(k, [0.0] * base.n), s.values.get(k, [0.0] * s.n)
            only = "" if k in base.values and k in s.values else "A" if k in base.values else _letter(i)
            text = base.texts.get(k) or s.texts.get(k, k)
            c.diffs.append((i, attrs.evolve(paired(k, text, a, b, k in RESULTS), only_in=only)))
    holm([d for _, d in c.diffs])
    results = [[int(sum(s.values[k])) for k in RESULTS] for s in samples]
    goals = [goal_bins(s.goals) for s in samples]
    for t in (distribution_test("results", results, ["home win", "draw", "away win"]),
              distribution_test("goals", goals, [str(g) for g in range(6)] + ["6+"])):
        if t is not None:
            c.tests.append(t)
    return c


def _letter(i: int) -> str:
    """Side i's name in the text: A, B, C... (a number past Z)."""
    return chr(65 + i) if i < 26 else str(i)


def seeds_for(side: int, start: int, count: int, seed: int, paired_seeds: bool) -> range:
    base = seed if paired_seeds else seed + side * INDEPENDENT_STRIDE
    return range(base + start, base + start + count)


def run_comparison(
    sides: Sequence[Side],
    n: int,
    seed: int = 0,
    setup: MatchSetup = BASIC_SETUP,
    paired_seeds: bool = True,
    precision: float | None = None,
    until_significant: bool = False,
    max_n: int | None = None,
    tick: Tick | None = None,
) -> Comparison:
    """Play `n` matches per side, then more batches of `n` while the stopping rule asks.
    Every side's matches are set up as `setup` says (agents, skills), with its own rules.

    `precision`: stop when every difference's 95% interval is at most +-precision wide.
    `until_significant`: stop when some difference is significant after correction.
    Either way stop at `max_n` matches per side. (Looking again after each batch makes
    p-values optimistic; treat a result found this way as a lead to confirm with a
    fresh seed.)
    """
    samples = [Sample() for _ in sides]
    played = 0
    limit = max(max_n or n, n)
    while True:
        batch = min(n, limit - played)
        for i, side in enumerate(sides):
            play_sample(side, seeds_for(i, played, batch, seed, paired_seeds), setup, sample=samples[i], tick=tick)
        played += batch
        c = analyse([s.label for s in sides], samples, paired_seeds, seed)
        if precision is None and not until_significant:
            c.stopped = "fixed number of matches"
            return c
        if precision is not None and all(d.diff.half_width <= precision for _, d in c.diffs):
            c.stopped = f"every interval within +-{precision:g}"
            return c
        if until_significant and any(d.significant for _, d in c.diffs):
            c.stopped = "a difference is significant"
            return c
        if played >= limit:
            c.stopped = f"reached --max-n {limit}"
            return c


@attrs.frozen
class Verdict:
    """What one metric of side B against A says under each pairing of agents: "+" higher
    in B, "-" lower (significant after Holm), "=" no significant change. The verdict holds
    when every pairing says the same; otherwise the difference is the agents' as much as
    the rules'."""

    side: int
    name: str
    text: str
    signs: tuple[str, ...]

    @property
    def holds(self) -> bool:
        return len(set(self.signs)) == 1


def _sign(d: MetricDiff) -> str:
    return "=" if not d.significant else "+" if d.diff.mean > 0 else "-"


def verdicts(pairings: dict[str, Comparison]) -> list[Verdict]:
    """Each side against A, metric by metric, under every pairing (the metrics all share)."""
    found = [{(i, d.name): d for i, d in c.diffs} for c in pairings.values()]
    first = next(iter(pairings.values()))
    return [
        Verdict(i, d.name, d.text, tuple(_sign(f[(i, d.name)]) for f in found))
        for i, d in first.diffs
        if all((i, d.name) in f for f in found) and not all(f[(i, d.name)].constant for f in found)
    ]


def verdicts_json(pairings: dict[str, Comparison]) -> list[dict]:
    labels = next(iter(pairings.values())).labels
    out: dict[int, dict] = {}
    for v in verdicts(pairings):
        entry = out.setdefault(v.side, {"a": labels[0], "b": labels[v.side], "metrics": {}})
        entry["metrics"][v.name] = {"text": v.text, "under": dict(zip(pairings, v.signs)), "holds": v.holds}
    return list(out.values())


def format_verdicts(pairings: dict[str, Comparison]) -> str:
    """One line per metric: the verdict under each pairing, and whether it holds under all."""
    names = list(pairings)
    vs = verdicts(pairings)
    width = max([6, *(len(v.text) for v in vs)])
    cols = [max(len(p), 1) for p in names]
    lines = ["Does each verdict hold under every pairing? (+ higher in the side, - lower, = no significant change)"]
    for side in sorted({v.side for v in vs}):
        b = chr(65 + side) if side < 26 else str(side)
        lines.append("")
        lines.append(f"{b} against A")
        lines.append(f"  {'metric':<{width}}  " + "  ".join(f"{p:>{w}}" for p, w in zip(names, cols)) + "  holds")
        mine = [v for v in vs if v.side == side]
        for v in mine:
            lines.append(f"  {v.text:<{width}}  " + "  ".join(f"{s:>{w}}" for s, w in zip(v.signs, cols)) + f"  {'yes' if v.holds else 'no: the agents decide'}")
        split = sum(not v.holds for v in mine)
        lines.append(f"  {len(mine) - split} of {len(mine)} verdicts hold under every pairing" + (f"; {split} depend{'s' if split == 1 else ''} on the agents" if split else ""))
    return "\n".join(lines)


def format_comparison(c: Comparison, only_changed: bool = False) -> str:
    """The table a designer reads: both means, B-A with its interval, Holm p, effect size."""
    seeds = "the same seeds" if c.paired_seeds else "independent seeds"
    lines = [f"{c.n} matches per side on {seeds} (from {c.seed}); stopped: {c.stopped}"]
    for i, label in enumerate(c.labels):
        lines.append(f"  {chr(65 + i) if i < 26 else i}: {label}")
    for i, diffs in c.by_side().items():
        b = chr(65 + i) if i < 26 else str(i)
        lines.append("")
        lines.append(f"{b} against A   (* significant after Holm correction, p < 0.05)")
        width = max([6, *(len(d.label) for d in diffs)])
        lines.append(f"  {'metric':<{width}}  {'A':>8}  {b:>8}  {b + '-A [95% interval]':>28}  {'p (Holm)':>9}  {'d':>6}")
        for d in diffs:
            if not d.only_in and (d.constant or (only_changed and not d.significant)):
                continue
            ci = f"{d.diff.mean:+.3f} [{d.diff.low:+.3f}, {d.diff.high:+.3f}]"
            mark = "*" if d.significant else " "
            eff = f"{d.effect:+.2f}" if abs(d.effect) != float("inf") else "  inf"
            lines.append(f"{mark} {d.label:<{width}}  {d.a.mean:8.3f}  {d.b.mean:8.3f}  {ci:>28}  {d.p_holm:9.4f}  {eff:>6}")
        changed = sum(d.significant for d in diffs)
        lines.append(f"  {changed} of {len(diffs)} metrics changed")
        same = [f"{d.text} ({d.a.mean:g})" for d in diffs if d.constant and not d.only_in]
        if same:
            lines.append(f"  the same in every match of both sides: {', '.join(same)}")
    for t in c.tests:
        lines.append("")
        lines.append(f"{t.name} distribution, chi-square {t.chi2:.2f} on {t.dof} df, p = {t.p:.4f}{'  *' if t.p < 0.05 else ''}")
        for i, row in enumerate(t.counts):
            total = sum(row) or 1
            lines.append(f"  {chr(65 + i) if i < 26 else i}: " + "  ".join(f"{cat} {v / total:.1%}" for cat, v in zip(t.categories, row)))
    return "\n".join(lines)

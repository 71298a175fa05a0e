"""The report of `fuba simulate`: metrics with intervals, goals beside real football."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from . import plots
from .page import Figure, Page, Section, Table, write

if TYPE_CHECKING:
    from ..sim.batch import BatchResult


def write_simulate_report(path: Path, result: BatchResult, reference: Path | None = None, command: str = "") -> None:
    """A page for a `sim.batch.simulate` result; `reference` is a folder of real-match CSVs."""
    from ..sim.reference import load_reference
    from .sections import metrics_table

    means = load_reference(reference) if reference else None
    rows = []
    for m in result.metrics.values():
        h = m.ci95 or 0.0
        rows.append((m.text, m.mean, m.mean - h, m.mean + h))
    intro = Section("Run", [f"{result.matches} matches of {result.edition} from seed {result.seed}, {result.agents[0]} (home) against {result.agents[1]} (away)."])
    sections = [intro, metrics_table("Metrics with 95% intervals", rows, means, list(result.metrics))]
    bins = list(result.goals_distribution)
    series = {result.edition: list(result.goals_distribution.values())}
    goals = Section("Goals per match")
    if reference:
        from ..workbench.realism import load_real_matches

        real = load_real_matches(reference).values.get("goals_per_match", [])
        if real:
            top = len(bins) - 1
            shares = [sum(1 for g in real if min(g, top) == i) / len(real) for i in range(top + 1)]
            series["real football"] = shares
            tvd = 0.5 * sum(abs(a - b) for a, b in zip(series[result.edition], shares))
            goals.text.append(f"Total variation distance to {len(real)} real matches: {tvd:.3f} (0: the same distribution, 1: nothing in common). "
                              "`fuba compare` and `fuba sweep` give it with an interval.")
    goals.tables.append(Table(["goals", *bins], [[name, *(f"{v:.1%}" for v in vals)] for name, vals in series.items()]))
    goals.figures.append(Figure("share of matches by total goals", plots.grouped_bars("goals per match", bins, series)))
    sections.append(goals)
    write(path, Page(f"fuba simulate: {result.edition}", command, sections))

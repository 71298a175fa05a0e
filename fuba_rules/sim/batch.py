"""Play many seeded matches and summarize them with the edition's `stats:`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from .play import play_match
from .stats import Metric, distribution, summarize


@attrs.frozen
class BatchResult:
    edition: str
    matches: int
    seed: int
    agents: tuple[str, str]
    metrics: dict[str, Metric]
    goals_distribution: dict[str, float]
    outcomes: dict[str, float]
    skills_used: dict[str, float]

    def as_json(self) -> dict:
        return {
            "edition": self.edition,
            "matches": self.matches,
            "seed": self.seed,
            "agents": list(self.agents),
            "metrics": {k: m.as_json() for k, m in self.metrics.items()},
            "goals_distribution": {k: round(v, 4) for k, v in self.goals_distribution.items()},
            "outcomes": {k: round(v, 4) for k, v in self.outcomes.items()},
            "skills_used": {k: round(v, 4) for k, v in self.skills_used.items()},
        }


def simulate(
    edition: Any,
    n: int,
    seed: int = 0,
    agents: tuple[str, str] = ("coach", "coach"),
    rules_on: Iterable[str] = (),
    skills: dict[str, list[str]] | None = None,
    progress: Callable[[int], None] | None = None,
    sequence: bool = False,
) -> BatchResult:
    """Match i uses seed `seed + i`, so any single match can be replayed on its own.

    With `sequence`, the matches form one tournament or league: what a match passes on
    (the rules' `carry(...)`, e.g. an injured star player) reaches the next one.
    """
    rules_on = tuple(rules_on)
    per_metric: dict[str, list[float]] = {k: [] for k in edition.stats}
    goals: list[int] = []
    results = {"home_wins": [], "draws": [], "away_wins": []}
    skills_used: dict[str, int] = {}
    carry: dict = {}
    for i in range(n):
        r = play_match(edition, seed + i, agents, rules_on, skills, record=False, carry=carry if sequence else None)
        carry = r.carry
        for k, v in r.metrics.items():
            per_metric[k].append(v)
        home, away = r.score.get("home", 0), r.score.get("away", 0)
        goals.append(home + away)
        results["home_wins"].append(1.0 if home > away else 0.0)
        results["draws"].append(1.0 if home == away else 0.0)
        results["away_wins"].append(1.0 if home < away else 0.0)
        for tag, c in r.tally.items():
            if tag.startswith("skill:"):
                skills_used[tag[6:]] = skills_used.get(tag[6:], 0) + c
        if progress:
            progress(i + 1)
    metrics = {k: summarize(k, edition.stats[k].get("text", k), v) for k, v in per_metric.items()}
    for k, v in results.items():
        metrics[k] = summarize(k, k.replace("_", " "), v)
    return BatchResult(
        edition.id, n, seed, tuple(agents), metrics, distribution(goals),
        {k: sum(v) / max(n, 1) for k, v in results.items()},
        {k: c / max(n, 1) for k, c in sorted(skills_used.items())},
    )


def format_table(result: BatchResult, reference: dict[str, float] | None = None) -> str:
    """The summary a designer reads: one metric a line, mean ± 95% interval."""
    lines = [f"{result.edition}: {result.matches} matches, seed {result.seed}, {result.agents[0]} (home) vs {result.agents[1]} (away)", ""]
    width = max(len(m.text) for m in result.metrics.values())
    for m in result.metrics.values():
        ci = "" if m.ci95 is None else f" ± {m.ci95:.2f}"
        ref = f"   (real football {reference[m.name]:.2f})" if reference and m.name in reference else ""
        lines.append(f"  {m.text:<{width}}  {m.mean:7.2f}{ci}{ref}")
    lines.append("")
    lines.append("  goals per match: " + "  ".join(f"{k}: {v:.1%}" for k, v in result.goals_distribution.items()))
    if result.skills_used:
        lines.append("  skills used per match: " + ", ".join(f"{k} {v:.2f}" for k, v in result.skills_used.items()))
    return "\n".join(lines)

"""A ladder: every pair of agents plays both ways round; results, intervals and ratings.

How strong an agent is decides what a batch of simulated matches measures, so a
designer needs to see it: each pairing's wins, draws and losses with 95% intervals, and
one rating per agent fitted on every result (Bradley-Terry on the Elo scale).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from itertools import combinations

import attrs

from ..edition import Edition
from ..jsondata import JsonObject
from ..sim.play import play
from ..sim.setup import BASIC_SETUP, MatchSetup
from ..sim.stats import Z95
from . import parallel

ELO = 400 / math.log(10)  # Bradley-Terry strengths to Elo points
PRIOR_DRAWS = 1  # virtual drawn matches per pairing: keeps a rating finite after all wins


def wilson(k: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share k/n (sound near 0% and 100%, unlike the normal one)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    z2 = Z95 * Z95
    mid = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, mid - half), min(1.0, mid + half))


@attrs.frozen
class Pairing:
    """Results of `first` against `second`, over both home-and-away orders."""

    first: str
    second: str
    wins: int
    draws: int
    losses: int
    cpu_seconds: float = 0.0  # CPU time of all the pairing's matches (this process's), for budgets

    @property
    def matches(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def decided_share(self) -> tuple[float, tuple[float, float]]:
        """How often `first` won the matches somebody won, with its 95% interval."""
        decided = self.wins + self.losses
        return (self.wins / decided if decided else 0.5), wilson(self.wins, decided)

    def as_json(self) -> JsonObject:
        n = self.matches
        share, ci = self.decided_share
        out: JsonObject = {"first": self.first, "second": self.second, "matches": n}
        for key in ("wins", "draws", "losses"):
            k = getattr(self, key)
            out[key] = {"count": k, "share": round(k / n, 4) if n else 0.0, "ci95": [round(x, 4) for x in wilson(k, n)]}
        out["wins_of_decided"] = {"share": round(share, 4), "ci95": [round(x, 4) for x in ci]}
        out["cpu_seconds_per_match"] = round(self.cpu_seconds / n, 3) if n else 0.0
        return out


@attrs.frozen
class LadderResult:
    edition: str
    agents: tuple[str, ...]
    per_side: int
    seed: int
    pairings: tuple[Pairing, ...]
    ratings: dict[str, float]

    def as_json(self) -> dict:
        return {
            "edition": self.edition,
            "agents": list(self.agents),
            "matches_per_side": self.per_side,
            "seed": self.seed,
            "pairings": [p.as_json() for p in self.pairings],
            "ratings": {a: round(r, 1) for a, r in self.ratings.items()},
        }


def ladder(
    edition: Edition,
    agents: Sequence[str],
    n: int,
    seed: int = 0,
    setup: MatchSetup = BASIC_SETUP,
    progress: Callable[[int, int], None] | None = None,
) -> LadderResult:
    """Each pair plays n matches each way round; match i of both orders uses seed + i (the
    same dice), set up as `setup` says (its rules and skills; the agents are the pair's).
    Inside `workbench.parallel.workers(jobs)`, with the edition's `setup.source`, the
    matches are played on worker processes, with the same result."""
    source = setup.source
    pairs = list(combinations(agents, 2))
    total, done = 2 * n * len(pairs), 0

    def count(k: int) -> None:
        nonlocal done
        done += k
        if progress:
            progress(done, total)

    out = []
    seeds = range(seed, seed + n)
    for a, b in pairs:
        if parallel.can_split(source, seeds):
            assert source is not None
            parts = parallel.split_runs(source, seeds, _pairing_run, a, b, setup, done=lambda k: count(2 * k), edition=edition)
        else:
            parts = []
            for s in seeds:
                parts.append(_pairing_run(edition, [s], a, b, setup))
                count(2)
        w, d, lo, cpu = (sum(x) for x in zip(*parts, strict=True))
        out.append(Pairing(a, b, w, d, lo, cpu))
    return LadderResult(edition.id, tuple(agents), n, seed, tuple(out), ratings(agents, out))


def _pairing_run(edition: Edition, seeds: Sequence[int], a: str, b: str, setup: MatchSetup) -> tuple[int, int, int, float]:
    """`a`'s wins, draws and losses against `b` on `seeds`, each seed both ways round, and
    the CPU seconds they took (this process's: a worker's own when on workers)."""
    w = d = lo = 0
    began = time.process_time()
    for s in seeds:
        for home, away in ((a, b), (b, a)):
            r = play(edition, setup.playing((home, away)), s, record=False)
            won = r.winner  # a level score the rules decided counts for its winner
            mine = "home" if home == a else "away"
            w, d, lo = w + (won == mine), d + (won is None), lo + (won not in (None, mine))
    return w, d, lo, time.process_time() - began


def ratings(agents: Sequence[str], pairings: Sequence[Pairing], rounds: int = 500) -> dict[str, float]:
    """Bradley-Terry strengths fitted by minorization-maximization, on the Elo scale.

    A draw counts half a win for each side; every pairing also gets PRIOR_DRAWS virtual
    draws so that an agent that won everything still has a finite rating. The first
    agent is rated 0.
    """
    strength = {a: 1.0 for a in agents}
    score = {a: 0.0 for a in agents}
    games: dict[tuple[str, str], float] = {}
    for p in pairings:
        n = p.matches + PRIOR_DRAWS
        score[p.first] += p.wins + (p.draws + PRIOR_DRAWS) / 2
        score[p.second] += p.losses + (p.draws + PRIOR_DRAWS) / 2
        games[(p.first, p.second)] = games.get((p.first, p.second), 0) + n
    for _ in range(rounds):
        new = {}
        for a in agents:
            denom = sum(n / (strength[x] + strength[y]) for (x, y), n in games.items() if a in (x, y))
            new[a] = score[a] / denom if denom else strength[a]
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {a: v / mean for a, v in new.items()}
    base = math.log(strength[agents[0]])
    return {a: ELO * (math.log(strength[a]) - base) for a in agents}


def format_ladder(result: LadderResult) -> str:
    """The table a designer reads: one pairing a line, then the ratings."""
    lines = [
        (
            f"{result.edition}: {len(result.agents)} agents, {2 * result.per_side} matches per pairing "
            f"({result.per_side} each way round), seed {result.seed}"
        ),
        "",
        f"  {'pairing':<26} {'wins':>18} {'draws':>18} {'losses':>18}   first wins of decided   CPU-s a match",
    ]
    for p in result.pairings:
        n = p.matches
        cells = []
        for k in (p.wins, p.draws, p.losses):
            lo, hi = wilson(k, n)
            cells.append(f"{k:>4} {k / n:4.0%} [{lo:3.0%},{hi:4.0%}]")
        share, (lo, hi) = p.decided_share
        lines.append(f"  {p.first + ' vs ' + p.second:<26} {cells[0]:>18} {cells[1]:>18} {cells[2]:>18}   {share:4.0%} [{lo:.0%}, {hi:.0%}]   {p.cpu_seconds / n:13.2f}")
    lines.append("")
    order = sorted(result.ratings, key=lambda a: -result.ratings[a])
    lines.append("  rating (Bradley-Terry on the Elo scale, draws half, " + f"{result.agents[0]} = 0): " + ", ".join(f"{a} {result.ratings[a]:+.0f}" for a in order))
    return "\n".join(lines)

"""Sides and samples: what one variant of the rules measures, match by match.

A side is an edition with optional mods and rule switches, written on the command line
as `EDITION[+MOD...][:RULE,RULE]`. A sample keeps every match's value of every metric
(not only means), because paired comparisons need the per-seed values.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from ..agents import make_agent
from ..board import TEAMS
from ..diagnostics import Diagnostic, FubaError
from ..edition import Edition, load_edition
from ..lang.runtime import RuleFault
from ..sim.play import agent_seed, play_match, result_of
from ..sim.workers import EditionSource
from . import parallel

RESULTS = ("home_wins", "draws", "away_wins")


@attrs.frozen
class SideSpec:
    """A side as written: `EDITION[+MOD...][:RULE,...]`."""

    text: str
    edition: str
    mods: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> SideSpec:
        head, rules = text, ()
        base, colon, tail = text.rpartition(":")
        if colon and base and "/" not in tail and not tail.endswith(".yaml"):
            head, rules = base, tuple(r.strip() for r in tail.split(",") if r.strip())
        edition, *mods = head.split("+")
        if not edition or any(not m for m in mods):
            raise FubaError(Diagnostic(None, f"bad side {text!r}: expected EDITION[+MOD.yaml...][:RULE,...]"))
        return cls(text, edition, tuple(mods), rules)


@attrs.frozen
class Side:
    """A loaded side: the compiled edition and the rules switched on."""

    label: str
    edition: Edition
    rules: tuple[str, ...]
    mods: tuple[str, ...] = ()
    source: EditionSource | None = None  # how a worker process loads the edition again (see parallel)


def mod_path(ref: str, root: Path) -> Path:
    """A mod path relative to the working directory, else to the editions root."""
    for candidate in (Path(ref), root / ref, Path(f"{ref}.yaml"), root / f"{ref}.yaml"):
        if candidate.is_file():
            return candidate
    raise FubaError(Diagnostic(None, f"no mod file {ref!r} (looked in . and {root})"))


def load_side(spec: SideSpec, root: Path, extra_rules: Iterable[str] = (), advanced: bool = False) -> Side:
    """Load a side's edition and mods, and check its rule switches against the edition."""
    mods = [mod_path(m, root) for m in spec.mods]
    ed = load_edition(spec.edition, mods, root)
    rules = ed.rules_asked([*spec.rules, *extra_rules], advanced, f"{spec.text}: ")
    return Side(spec.text, ed, tuple(rules), tuple(str(m) for m in mods), EditionSource.of(spec.edition, mods, root))


class Recorder:
    """Wraps an agent: counts what it picks, and answers forced decisions itself.

    `force` maps a decision label to the option (as rendered) this team must take when
    it is offered; other decisions go to the wrapped agent, whose stream of random
    numbers is then the same as without the wrapper.
    """

    def __init__(self, inner: Any, force: dict[str, str] | None = None, counts: Counter | None = None):
        self.inner, self.force = inner, dict(force or {})
        self.name = getattr(inner, "name", "agent")
        self.needs_history = getattr(inner, "needs_history", False)  # a search agent plays on from the match's history
        self.counts: Counter = counts if counts is not None else Counter()
        self.offered: dict[str, dict[str, set[frozenset[str]]]] = {}

    def choose(self, decision: Any, match: Any) -> int:
        labels = decision.labels
        self.offered.setdefault(decision.label, {}).setdefault(decision.team, set()).add(frozenset(labels))
        want = self.force.get(decision.label)
        if want is not None and want in labels:
            return labels.index(want)
        i = self.inner.choose(decision, match)
        self.counts[decision.label, labels[i]] += 1
        return i


@attrs.define
class Sample:
    """Per-match values of every metric, in seed order, and what the agents chose."""

    values: dict[str, list[float]] = attrs.field(factory=dict)
    texts: dict[str, str] = attrs.field(factory=dict)
    scores: list[tuple[int, int]] = attrs.field(factory=list)
    choices: Counter = attrs.field(factory=Counter)
    offered: dict[str, dict[str, set[frozenset[str]]]] = attrs.field(factory=dict)  # label -> team -> option sets
    skills_used: Counter = attrs.field(factory=Counter)

    @property
    def n(self) -> int:
        return len(self.scores)

    def add(self, metrics: dict[str, float], score: tuple[int, int], decided: tuple[str, str] | None = None) -> None:
        """`decided` is the winner the rules chose for a level score (`decide_winner`), if any."""
        winner = result_of(score, decided)
        row = {**metrics, "home_wins": float(winner == "home"), "draws": float(winner is None), "away_wins": float(winner == "away")}
        for k, v in row.items():
            self.values.setdefault(k, []).append(float(v))
        self.scores.append(score)

    @property
    def goals(self) -> list[int]:
        return [h + a for h, a in self.scores]

    def merge(self, part: Sample) -> None:
        """Add `part`, the sample of the seeds that follow: values in seed order, counts summed."""
        for k, values in part.values.items():
            self.values.setdefault(k, []).extend(values)
        for k, text in part.texts.items():
            self.texts.setdefault(k, text)
        self.scores.extend(part.scores)
        self.choices.update(part.choices)
        self.skills_used.update(part.skills_used)
        self.add_offered(part.offered)

    def add_offered(self, offered: dict[str, dict[str, set[frozenset[str]]]]) -> None:
        """Add the option sets seen per decision label and team (a Recorder's, or a part's)."""
        for label, by_team in offered.items():
            for team, sets in by_team.items():
                self.offered.setdefault(label, {}).setdefault(team, set()).update(sets)


def play_sample(
    side: Side,
    seeds: Sequence[int],
    agents: tuple[str, str] = ("coach", "coach"),
    skills: dict[str, list[str]] | None = None,
    force: dict[str, dict[str, str]] | None = None,
    sample: Sample | None = None,
    tick: Callable[[], None] | None = None,
) -> Sample:
    """Play one match per seed and add each match's metrics to `sample`.

    `force` maps a team to the decisions it must take (see Recorder). Agents are seeded
    as `sim.play` seeds them, so a match here is the match `fuba simulate` plays. Inside
    `parallel.workers(jobs)` the matches are played on worker processes, with the same
    result.
    """
    sample = sample if sample is not None else Sample()
    if parallel.can_split(side.source, seeds):  # inside `parallel.workers(jobs)`
        assert side.source is not None

        def done(k: int, tick: Callable[[], None]) -> None:
            for _ in range(k):
                tick()

        ticks = None if tick is None else functools.partial(done, tick=tick)
        for part in parallel.split_runs(side.source, seeds, _sample_run, side.label, side.rules, agents, skills, force, done=ticks, edition=side.edition):
            sample.merge(part)
        return sample
    ed = side.edition
    for k, spec in ed.stats.items():
        sample.texts.setdefault(k, str(spec.get("text", k)))
    for k in RESULTS:
        sample.texts.setdefault(k, k.replace("_", " "))
    for seed in seeds:
        players = tuple(
            Recorder(make_agent(a, agent_seed(seed, t)), (force or {}).get(t), sample.choices)
            for t, a in zip(TEAMS, agents)
        )
        try:
            r = play_match(ed, seed, players, side.rules, skills, record=False)
        except RuleFault as e:
            raise e.to_error() from None
        sample.add(r.metrics, (r.score.get("home", 0), r.score.get("away", 0)), r.decided)
        for tag, c in r.tally.items():
            if tag.startswith("skill:"):
                sample.skills_used[tag[6:]] += c
        for p in players:
            sample.add_offered(p.offered)
        if tick:
            tick()
    return sample


def _sample_run(edition: Edition, seeds: list[int], label: str, rules: tuple[str, ...], agents: tuple[str, str], skills: Any, force: Any) -> Sample:
    """What a worker plays: one run of seeds (see parallel.split_runs)."""
    return play_sample(Side(label, edition, rules), seeds, agents, skills, force)


def progress_bar(total: int | None, desc: str, enabled: bool) -> Any:
    """A tqdm bar on stderr when `enabled` (a terminal, not --json); else a silent stand-in."""
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit="match", disable=not enabled, leave=False)

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
from types import TracebackType
from typing import Protocol, Self

import attrs

from ..agents import make_agent
from ..board import TEAMS
from ..diagnostics import Diagnostic, FubaError
from ..edition import Edition, load_edition
from ..engine.decisions import Decision
from ..engine.types import Agent, MatchView
from ..lang.runtime import RuleFault
from ..sim.play import agent_seed, play, result_of
from ..sim.setup import BASIC_SETUP, AgentSpec, EditionSource, MatchSetup
from . import parallel

RESULTS = ("home_wins", "draws", "away_wins")

Choices = Counter[tuple[str, str]]
"""(decision label, option) -> how often an agent, free to choose, took it."""

Forced = dict[str, dict[str, str]]
"""team -> decision label -> the option (as rendered) that team must take (see Recorder)."""

Tick = Callable[[], object]
"""Called once a match is played (a progress bar's `update`): what it returns is ignored."""


@attrs.frozen
class SideSpec:
    """A side as written: `EDITION[+MOD...][:RULE,...]`."""

    text: str
    edition: str
    mods: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> SideSpec:
        head = text
        rules: tuple[str, ...] = ()
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

    def setup(self, play: MatchSetup) -> MatchSetup:
        """`play` (the agents and skills every side plays with) with this side's rules and
        edition: how each of its matches is set up."""
        return attrs.evolve(play, rules=self.rules, source=self.source)


def mod_path(ref: str, root: Path) -> Path:
    """A mod path relative to the working directory, else to the editions root."""
    for candidate in (Path(ref), root / ref, Path(f"{ref}.yaml"), root / f"{ref}.yaml"):
        if candidate.is_file():
            return candidate
    raise FubaError(Diagnostic(None, f"no mod file {ref!r} (looked in . and {root})"))


def load_side(spec: SideSpec, root: Path, extra_rules: Iterable[str] = (), advanced: bool = False) -> Side:
    """Load a side's edition and mods, and check its rule switches against the edition.
    `extra_rules` are switched on besides the side's own (the command's --with, or the
    rules of the side a generated variant is made from)."""
    mods = [mod_path(m, root) for m in spec.mods]
    ed = load_edition(spec.edition, mods, root)
    rules = ed.rules_asked([*spec.rules, *extra_rules], advanced, f"{spec.text}: ")
    return Side(spec.text, ed, tuple(rules), tuple(str(m) for m in mods), EditionSource.of(spec.edition, mods, root))


class Recorder:
    """Wraps an agent: answers forced decisions itself and counts what it picks in the
    decisions it `watches` (the forced ones and those named in `watch`).

    `force` maps a decision label to the option (as rendered) this team must take when
    it is offered; other decisions go to the wrapped agent, whose stream of random
    numbers is then the same as without the wrapper. `recorder(...)` gives a wrapper
    that keeps the engine's fast `pick` path for every decision it does not watch.
    """

    watches: frozenset[str] = frozenset()  # declared on the class: the engine looks for it there

    def __init__(self, inner: Agent, force: dict[str, str] | None = None, counts: Choices | None = None, watch: Iterable[str] = ()):
        self.inner, self.force = inner, dict(force or {})
        self.name = getattr(inner, "name", "agent")
        self.needs_history = getattr(inner, "needs_history", False)  # a search agent plays on from the match's history
        self.counts: Choices = counts if counts is not None else Counter()
        self.watches = frozenset(watch) | frozenset(self.force)

    def choose(self, decision: Decision, match: MatchView) -> int:
        if decision.label not in self.watches:
            return self.inner.choose(decision, match)
        labels = decision.labels
        want = self.force.get(decision.label)
        if want is not None and want in labels:
            return labels.index(want)
        i = self.inner.choose(decision, match)
        self.counts[decision.label, labels[i]] += 1
        return i


_FAST: dict[type, type] = {}  # agent class -> its Recorder with `pick`


def recorder(inner: Agent, force: dict[str, str] | None = None, counts: Choices | None = None, watch: Iterable[str] = ()) -> Recorder:
    """A Recorder for `inner`; if `inner` offers `Agent.pick`, so does the Recorder (with
    the same `reads_advice`), so only the watched decisions leave the fast path."""
    cls = type(inner)
    if not callable(getattr(cls, "pick", None)):
        return Recorder(inner, force, counts, watch)
    fast = _FAST.get(cls)
    if fast is None:

        def pick(self: Recorder, n: int, scores: Sequence[float] | None) -> int:
            return self.inner.pick(n, scores)  # type: ignore[attr-defined]  # checked on its class above

        attributes = {"pick": pick, "reads_advice": bool(getattr(cls, "reads_advice", True)), "__doc__": Recorder.__doc__}
        fast = _FAST[cls] = type(f"Recorder_{cls.__name__}", (Recorder,), attributes)
    return fast(inner, force, counts, watch)


@attrs.define
class Sample:
    """Per-match values of every metric, in seed order, and what the agents chose."""

    values: dict[str, list[float]] = attrs.field(factory=dict)
    texts: dict[str, str] = attrs.field(factory=dict)
    scores: list[tuple[int, int]] = attrs.field(factory=list)
    choices: Choices = attrs.field(factory=Counter)  # (label, option) -> free picks, of the watched decisions
    skills_used: Counter[str] = attrs.field(factory=Counter)

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


def play_sample(
    side: Side,
    seeds: Sequence[int],
    setup: MatchSetup = BASIC_SETUP,
    force: Forced | None = None,
    sample: Sample | None = None,
    tick: Tick | None = None,
    watch: Iterable[str] = (),
) -> Sample:
    """Play one match per seed and add each match's metrics to `sample`.

    Each match is set up as `setup` says (its agents and skills), with the side's rules.
    `force` maps a team to the decisions it must take (see Recorder); the free picks
    of the decisions labelled in `watch` are counted in `sample.choices`. Without
    either, the agents play unwrapped, as in `fuba simulate`. Agents are seeded
    as `sim.play` seeds them, so a match here is the match `fuba simulate` plays. Inside
    `parallel.workers(jobs)` the matches are played on worker processes, with the same
    result.
    """
    sample = sample if sample is not None else Sample()
    if parallel.can_split(side.source, seeds):  # inside `parallel.workers(jobs)`
        assert side.source is not None

        def done(k: int, tick: Tick) -> None:
            for _ in range(k):
                tick()

        ticks = None if tick is None else functools.partial(done, tick=tick)
        for part in parallel.split_runs(side.source, seeds, _sample_run, side.label, side.setup(setup), force, tuple(watch), done=ticks, edition=side.edition):
            sample.merge(part)
        return sample
    ed = side.edition
    setup = side.setup(setup)
    for k, spec in ed.stats.items():
        sample.texts.setdefault(k, str(spec.get("text", k)))
    for k in RESULTS:
        sample.texts.setdefault(k, k.replace("_", " "))
    for seed in seeds:
        here = setup
        if force or watch:
            home, away = (recorder(_made(a, seed, t), (force or {}).get(t), sample.choices, watch) for t, a in zip(TEAMS, setup.agents))
            here = setup.playing((home, away))
        try:
            r = play(ed, here, seed, record=False)
        except RuleFault as e:
            raise e.to_error() from None
        sample.add(r.metrics, (r.score.get("home", 0), r.score.get("away", 0)), r.decided)
        for tag, c in r.tally.items():
            if tag.startswith("skill:"):
                sample.skills_used[tag[6:]] += c
        if tick:
            tick()
    return sample


def _made(agent: AgentSpec, seed: int, team: str) -> Agent:
    """The agent that plays `team` in match `seed`: made from its name, seeded as `sim.play` seeds it."""
    return make_agent(agent, agent_seed(seed, team)) if isinstance(agent, str) else agent


def _sample_run(edition: Edition, seeds: list[int], label: str, setup: MatchSetup, force: Forced | None, watch: tuple[str, ...]) -> Sample:
    """What a worker plays: one run of seeds (see parallel.split_runs)."""
    return play_sample(Side(label, edition, setup.rules), seeds, setup, force, watch=watch)


class Progress(Protocol):
    """A progress bar (tqdm's): `update()` after each match; used in a `with` block."""

    def update(self, n: float | None = 1) -> bool | None: ...

    def __enter__(self) -> Self: ...

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None, /) -> None: ...


def progress_bar(total: int | None, desc: str, enabled: bool) -> Progress:
    """A tqdm bar on stderr when `enabled` (a terminal, not --json); else a silent stand-in."""
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit="match", disable=not enabled, leave=False)

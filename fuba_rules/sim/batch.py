"""Play many seeded matches and summarize them with the edition's `stats:`.

Match i always uses seed `seed + i`, wherever it is played (this process, worker
processes with `jobs`, or a Dask cluster), and the summary is computed from the matches
in seed order, so every way of running a batch gives the same figures.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager

import attrs

from ..diagnostics import Diagnostic, FubaError
from ..edition import Edition
from ..tuning import tune
from .cluster import ClusterLost, DaskAddress
from .cup import CupFigures, cup_figures, cup_matches
from .league import League, league_of
from .outcome import Outcome
from .play import Carried, MatchFault, play
from .runinfo import RunConfig
from .setup import BASIC_SETUP, AgentSpec, MatchSetup
from .stats import Metric, distribution, summarize
from .workers import Chunk, LoadFailed, run_in_processes


@attrs.frozen
class BatchResult:
    edition: str
    matches: int
    seed: int
    agents: tuple[AgentSpec, AgentSpec]
    metrics: dict[str, Metric]
    goals_distribution: dict[str, float]
    outcomes: dict[str, float]
    skills_used: dict[str, float]
    decided: dict[str, float] = attrs.field(factory=dict)  # how -> share of matches whose winner the rules decided
    cup: CupFigures | None = None  # with --cup: ties, tie-breaks and champions
    league: League | None = None  # with --sequence: the table and what was passed on
    off: tuple[str, ...] = ()  # metrics of rules switched off that no match counted: left out of the table

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "edition": self.edition,
            "matches": self.matches,
            "seed": self.seed,
            "agents": list(self.agents),
            "metrics": {k: m.as_json() for k, m in self.metrics.items()},
            "goals_distribution": {k: round(v, 4) for k, v in self.goals_distribution.items()},
            "outcomes": {k: round(v, 4) for k, v in self.outcomes.items()},
            "skills_used": {k: round(v, 4) for k, v in self.skills_used.items()},
        }
        if self.decided:
            out["decided"] = {k: round(v, 4) for k, v in self.decided.items()}
        if self.cup is not None:
            out["cup"] = self.cup.as_json()
        if self.league is not None:
            out["league"] = self.league.as_json()
        if self.off:
            out["rules_off"] = list(self.off)
        return out


class BatchStopped(Exception):
    """The batch ended before its last match; `partial` summarizes the finished ones."""

    def __init__(self, partial: BatchResult, requested: int):
        super().__init__(f"{partial.matches} of {requested} matches finished")
        self.partial = partial
        self.requested = requested


class BatchFault(BatchStopped):
    """A rule fault in match `fault.seed`: `partial` holds the matches before it in seed
    order (the same with any number of workers)."""

    def __init__(self, partial: BatchResult, requested: int, fault: MatchFault):
        super().__init__(partial, requested)
        self.fault = fault


class BatchInterrupted(BatchStopped):
    """Ctrl-C or a signal: `partial` holds every match that had finished."""

    def __init__(self, partial: BatchResult, requested: int, signum: int):
        super().__init__(partial, requested)
        self.signum = signum


class BatchLost(BatchStopped):
    """The Dask cluster stopped answering: `partial` holds every match that had finished."""

    def __init__(self, partial: BatchResult, requested: int, reason: str):
        super().__init__(partial, requested)
        self.reason = reason


class Stop(KeyboardInterrupt):
    """Raised by a signal handler (e.g. for SIGTERM) to stop a batch like Ctrl-C does."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def simulate(
    edition: Edition,
    n: int,
    seed: int = 0,
    setup: MatchSetup = BASIC_SETUP,
    progress: Callable[[int], None] | None = None,
    sequence: bool = False,
    *,
    jobs: int = 1,
    dask: DaskAddress | None = None,
    done: Iterable[Outcome] = (),
    on_outcome: Callable[[Outcome], None] | None = None,
    cup: int | None = None,
) -> BatchResult:
    """Match i uses seed `seed + i`, so any single match can be replayed on its own.

    With `sequence`, the matches form one tournament or league: what a match passes on
    (the rules' `carry(...)`, e.g. an injured star player) reaches the next one, so they
    are played one after another in this process.

    Every match is set up as `setup` says (agents, rules, skills, invariants checked).
    `jobs` > 1 plays in that many worker processes and `dask` (a scheduler address or a
    `distributed.Client`) on a cluster; both need `setup.source`, which says how a worker
    loads the edition, and agents given by name (else the batch runs here). `done` are
    matches finished earlier (`--resume`): they are not played again. `on_outcome` sees
    every match as it finishes, in any order; `progress` gets the number finished so far.

    With `setup.check_invariants`, a match that breaks one of the edition's invariants is
    a fault like a rule fault (engine.invariants), found first in seed order.

    With `cup` (a number of teams), the matches are knockout cups of that many teams, one
    after another (see `cup.py`), played in this process; n is a whole number of cups.

    Raises `BatchFault` at a rule fault, `BatchInterrupted` on Ctrl-C or `Stop` and
    `BatchLost` when the cluster stops answering, each with the summary of the
    finished matches.
    """
    finished: dict[int, Outcome] = {}
    for o in done:
        if 0 <= o.index < n:
            finished.setdefault(o.index, o)
    todo = [i for i in range(n) if i not in finished]
    parallel = not sequence and cup is None and setup.named_agents and setup.source is not None and len(todo) > 1
    template = Chunk(setup, 0, 0, seed)
    items: Iterator[Outcome | MatchFault | LoadFailed]
    if parallel and dask is not None:
        from .cluster import run_on_dask

        items = run_on_dask(dask, template, todo)
    elif parallel and jobs > 1:
        tune(edition)  # once, here: forked workers start tuned
        items = run_in_processes(template, todo, min(jobs, len(todo)), edition=edition)
    elif cup is not None:
        items = cup_matches(edition, cup, todo, finished, seed, setup)
    else:
        carry = _carry_after(finished) if sequence else None
        items = _run_here(edition, todo, seed, setup, carry)
    summary = _Summary(edition, n, seed, setup, cup, sequence)
    fault: MatchFault | None = None
    try:
        for item in items:
            if isinstance(item, LoadFailed):
                raise FubaError(item.diagnostics)
            if isinstance(item, MatchFault):
                if fault is None or item.seed < fault.seed:
                    fault = item
                continue
            with _uninterrupted():  # written to the results file and counted together, or neither
                finished[item.index] = item
                if on_outcome:
                    on_outcome(item)
            if progress:
                progress(len(finished))
    except KeyboardInterrupt as e:
        raise BatchInterrupted(summary.of(finished.values()), n, getattr(e, "signum", signal.SIGINT)) from None
    except ClusterLost as e:
        raise BatchLost(summary.of(finished.values()), n, str(e)) from None
    finally:
        close = getattr(items, "close", None)
        if close:
            close()  # stops worker processes at once when interrupted
    if fault is not None:
        before = [o for o in finished.values() if o.seed < fault.seed]
        raise BatchFault(summary.of(before), n, fault)
    return summary.of(finished.values())


_HELD = tuple(s for s in (getattr(signal, "SIGINT", None), getattr(signal, "SIGTERM", None)) if s is not None)


@contextmanager
def _uninterrupted() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait until the block ends (noted, then delivered): an
    interrupted run's summary counts exactly the matches its results file holds.

    Python runs signal handlers in the main thread whichever thread the signal landed
    on, so a handler that only notes the signal holds it for the whole process, worker
    threads (a pool, a progress bar, Dask) included; a signal mask would hold it only in
    this thread. Outside the main thread no handler can be set: the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    noted: list[int] = []
    previous = {s: signal.getsignal(s) for s in _HELD}
    held = [s for s, h in previous.items() if h is not None]  # None: a handler set outside Python, left alone
    for s in held:
        signal.signal(s, lambda signum, frame: noted.append(signum))
    try:
        yield
    finally:
        for s in held:
            signal.signal(s, previous[s])
        for s in dict.fromkeys(noted):
            signal.raise_signal(s)  # its own handler runs now, after the block


def _carry_after(finished: dict[int, Outcome]) -> Carried:
    """What the last finished match of a resumed sequence passed on."""
    if not finished:
        return {}
    last = finished[max(finished)]
    if last.carry is None:
        raise FubaError(Diagnostic(None, f"cannot continue this sequence after match seed {last.seed}: what it passed on was not saved"))
    return dict(last.carry)


def _run_here(edition: Edition, todo: list[int], seed: int, setup: MatchSetup, carry: Carried | None) -> Iterator[Outcome | MatchFault]:
    """Play in this process, in seed order; stop at the first fault."""
    for i in todo:
        try:
            r = play(edition, setup, seed + i, record=False, carry=carry)
        except MatchFault as fault:
            yield fault
            return
        if carry is not None:
            carry = r.carry
        yield Outcome.of(i, r, keep_carry=carry is not None)


@attrs.frozen
class _Summary:
    """Turns outcomes, in any order, into the figures of the matches in seed order."""

    edition: Edition
    requested: int
    seed: int
    setup: MatchSetup
    cup: int | None = None
    sequence: bool = False

    def of(self, outcomes: Iterable[Outcome]) -> BatchResult:
        ordered = sorted(outcomes, key=lambda o: o.index)
        n = len(ordered)
        stats = self.edition.stats
        per_metric: dict[str, list[float]] = {k: [] for k in stats}
        goals: list[int] = []
        results: dict[str, list[float]] = {"home_wins": [], "draws": [], "away_wins": []}
        # the skills in play (--home-skills, --away-skills, a team file): each is counted,
        # 0 when no match used it, so an unused skill shows and is not left out
        skills_used: dict[str, int] = dict.fromkeys(self.setup.skill_names(), 0)
        decided: dict[str, int] = {}
        for o in ordered:
            for k, v in o.metrics.items():
                per_metric.setdefault(k, []).append(v)
            home, away = o.score
            goals.append(home + away)
            winner = o.winner
            results["home_wins"].append(1.0 if winner == "home" else 0.0)
            results["draws"].append(1.0 if winner is None else 0.0)
            results["away_wins"].append(1.0 if winner == "away" else 0.0)
            if o.decided:
                decided[o.decided[1]] = decided.get(o.decided[1], 0) + 1
            for name, c in o.skills.items():
                skills_used[name] = skills_used.get(name, 0) + c
        unknown: Mapping[str, object] = {}  # a measure without a `stats:` entry
        metrics = {k: summarize(k, str(stats.get(k, unknown).get("text", k)), v) for k, v in per_metric.items()}
        for k, shares in results.items():
            metrics[k] = summarize(k, k.replace("_", " "), shares, share=True)
        off = tuple(k for k, v in per_metric.items() if not any(v) and self.rule_is_off(stats.get(k, unknown).get("ref")))
        return BatchResult(
            self.edition.id, n, self.seed, self.setup.agents, metrics, distribution(goals),
            {k: sum(v) / max(n, 1) for k, v in results.items()},
            {k: c / max(n, 1) for k, c in sorted(skills_used.items())},
            {k: c / max(n, 1) for k, c in sorted(decided.items())},
            cup_figures(ordered, self.cup) if self.cup is not None else None,
            league_of(ordered, self.edition.team_names()) if self.sequence else None,
            off,
        )

    def rule_is_off(self, ref: object) -> bool:
        """Whether a statistic's chapter (`ref`) is a rule of the edition not switched on
        (an advanced rule "A3", or a part of one, "A3.2")."""
        ref = str(ref or "")
        for rule in self.edition.rules:
            if ref == rule or ref.startswith((rule + ".", rule + " ")):
                return rule not in self.setup.rules
        return False


def format_table(result: BatchResult, reference: dict[str, float] | None = None, run: RunConfig | None = None) -> str:
    """The summary a designer reads: what was run (`run`, when given), then one metric a
    line, mean ± 95% interval."""
    lines = [f"{result.edition}: {result.matches} matches, seed {result.seed}, {result.agents[0]} (home) vs {result.agents[1]} (away)"]
    if run is not None:
        lines.extend(f"  {line}" for line in run.lines())
    lines.append("")
    shown = [m for m in result.metrics.values() if m.name not in result.off]
    width = max(len(m.text) for m in shown)
    lines.append(f"  {'per match':<{width}}  {'mean':>7}  95% interval")
    for m in shown:
        ci = "" if m.ci95 is None else f"  [{m.low:.2f}, {m.high:.2f}]"
        ref = f"   (real football {reference[m.name]:.2f})" if reference and m.name in reference else ""
        lines.append(f"  {m.text:<{width}}  {m.mean:7.2f}{ci}{ref}")
    if result.off:
        lines.append(f"  (left out: {len(result.off)} figures of rules switched off, 0 in every match: {', '.join(result.metrics[k].text for k in result.off)})")
    lines.append("")
    lines.append("  goals per match: " + "  ".join(f"{k}: {v:.1%}" for k, v in result.goals_distribution.items()))
    if result.skills_used:
        lines.append("  skills used per match: " + ", ".join(f"{k} {v:.2f}" for k, v in result.skills_used.items()))
    if result.decided:
        lines.append("  level scores the rules decided: " + ", ".join(f"{k} {v:.1%} of matches" for k, v in result.decided.items()))
    if result.cup is not None:
        lines.extend(result.cup.lines())
    if result.league is not None:
        lines.extend(result.league.lines(result.matches))
    return "\n".join(lines)

"""Play one match from a seed: the same edition, seed and agents give the same events."""

from __future__ import annotations

import math
from collections.abc import Iterable

import attrs

from ..agents import make_agent
from ..agents.history import recorded, wants_history
from ..board import TEAMS
from ..diagnostics import Diagnostic, FubaError, Pos
from ..dice import Dice, SeededDice
from ..edition import Edition
from ..engine.invariants import InvariantBroken
from ..engine.match import MatchState
from ..engine.types import EditionView
from ..lang.runtime import RuleFault, Value, fault_trace
from .matchlog import Record
from .setup import AgentSpec, MatchSetup

Carried = dict[str, Value]
"""What a match passes on to the next (`carry(key, value)`): any value of the rules."""


@attrs.frozen
class MatchResult:
    seed: int
    score: dict[str, int]
    tally: dict[str, int]
    metrics: dict[str, float]
    events: list[Record]
    decisions: int
    carry: Carried = attrs.field(factory=dict)
    decided: tuple[str, str] | None = None  # (team, how) when the rules chose a winner of a level score

    @property
    def winner(self) -> str | None:
        """home, away, or None for a draw: the score, or for a level score what the rules decided."""
        return result_of((self.score.get("home", 0), self.score.get("away", 0)), self.decided)


class MatchFault(RuleFault):
    """A rule fault in a played match, with the seed that replays it and the minute.

    `called_from` is the line of a mod that called the rule which failed (a mod passing a
    bad value to its base edition's procedure): the line a modder has to fix.
    `invariant` names the rulebook invariant that broke, when that is the fault.
    It pickles (a worker process sends it back as it is) and is still a `RuleFault`, so
    callers that catch rule faults keep working.
    """

    def __init__(self, pos: Pos | None, message: str, seed: int, minute: object = None, called_from: Pos | None = None, invariant: str | None = None):
        super().__init__(pos, message)
        self.seed = seed
        self.minute = minute if isinstance(minute, int) and not isinstance(minute, bool) else None
        self.called_from = called_from
        self.invariant = invariant

    def __reduce__(self) -> tuple[type[MatchFault], tuple[Pos | None, str, int, int | None, Pos | None, str | None]]:
        return (MatchFault, (self.pos, self.message, self.seed, self.minute, self.called_from, self.invariant))

    @property
    def where(self) -> str:
        """`match seed 12, minute 37`: enough to play the faulty match again on its own."""
        return f"match seed {self.seed}" + (f", minute {self.minute}" if self.minute is not None else "")

    def to_error(self) -> FubaError:
        if self.invariant is not None:  # the rules reached a state their rulebook forbids
            return FubaError(Diagnostic(self.pos, f"{self.message} (in {self.where})"))
        if self.called_from is None:
            return FubaError(Diagnostic(self.pos, f"rule fault: {self.message} (in {self.where})"))
        return FubaError([
            Diagnostic(self.called_from, f"rule fault: {self.message}, in a rule this line calls (in {self.where})"),
            Diagnostic(self.pos, "the fault happened here", "note"),
        ])


def result_of(score: tuple[int, int], decided: tuple[str, str] | None = None) -> str | None:
    """Who won: the higher score, else the team the rules decided (`decide_winner`), else None."""
    home, away = score
    if home != away:
        return "home" if home > away else "away"
    return decided[0] if decided else None


def agent_seed(seed: int, team: str) -> int:
    """Agents draw from their own streams so that their choices never shift the dice."""
    return seed * 2 + (1 if team == "home" else 2)


def start(edition: Edition, setup: MatchSetup, seed: int, *, record: bool = True, carry: Carried | None = None) -> MatchState:
    """A match ready to run: agents named in `setup` are made and seeded for this seed."""
    players = {t: make_agent(a, agent_seed(seed, t)) if isinstance(a, str) else a for t, a in zip(TEAMS, setup.agents)}
    skills = setup.skills_by_team()
    dice: Dice = SeededDice(seed)
    if wants_history(players):  # a search agent replays the match so far with other dice
        dice, recording = recorded(dice, players, skills, carry)
        players = dict(recording)
    return MatchState(edition, dice, players, frozenset(setup.rules), skills, record, carry, setup.check_invariants)


def play(edition: Edition, setup: MatchSetup, seed: int, *, record: bool = True, carry: Carried | None = None) -> MatchResult:
    """Play a full match and measure it with the edition's `stats:`.

    `carry` is what earlier matches of a tournament passed on (`carry(...)` in the rules);
    the result's `carry` is what this match passes on to the next. A rule fault is raised
    as a `MatchFault` naming the seed and the minute it happened in; with
    `setup.check_invariants`, so is the first of the edition's invariants that breaks.
    """
    m = start(edition, setup, seed, record=record, carry=carry)
    run_match(m, seed)
    return MatchResult(seed, goals(m), dict(m.tally), measure(edition, m, seed), m.events, m.decisions, dict(m.carry_out), m.decided)


def new_match(
    edition: Edition,
    seed: int,
    agents: tuple[AgentSpec, AgentSpec] = ("coach", "coach"),
    rules_on: Iterable[str] = (),
    skills: dict[str, list[str]] | None = None,
    record: bool = True,
    carry: Carried | None = None,
    check_invariants: bool = False,
) -> MatchState:
    """`start` with the set-up given value by value, for a script or a test."""
    return start(edition, MatchSetup.of(agents, rules_on, skills, check_invariants), seed, record=record, carry=carry)


def play_match(
    edition: Edition,
    seed: int = 0,
    agents: tuple[AgentSpec, AgentSpec] = ("coach", "coach"),
    rules_on: Iterable[str] = (),
    skills: dict[str, list[str]] | None = None,
    record: bool = True,
    carry: Carried | None = None,
    check_invariants: bool = False,
) -> MatchResult:
    """`play` with the set-up given value by value, for a script or a test (README):
    `play_match(ed, seed=7, agents=("coach", "random"))`."""
    return play(edition, MatchSetup.of(agents, rules_on, skills, check_invariants), seed, record=record, carry=carry)


def run_match(m: MatchState, seed: int) -> None:
    """Run a match to the end; a rule fault says which seed and minute it happened in."""
    try:
        m.run()
    except MatchFault:
        raise
    except InvariantBroken as e:
        raise MatchFault(e.pos, e.message, seed, minute(m), invariant=e.invariant) from None
    except RuleFault as e:
        raise MatchFault(e.pos, e.message, seed, minute(m), mod_call_site(m.ed, e)) from None


def mod_call_site(edition: EditionView, fault: BaseException) -> Pos | None:
    """The innermost call, on the way to a fault, written in a later layer than the line
    that failed: a mod's line that passed its base edition's rule a bad value."""
    trace = fault_trace(fault.__traceback__)
    if fault.__context__ is not None:  # a Python error the match turned into a rule fault
        trace = fault_trace(fault.__context__.__traceback__) or trace
    failed = getattr(fault, "pos", None) or (trace[-1] if trace else None)
    layer = _layers(edition)
    if failed is None or failed.file not in layer:
        return None
    later = [p for p in trace if layer.get(p.file, -1) > layer[failed.file]]
    return later[-1] if later else None


def _layers(edition: EditionView) -> dict[str, int]:
    """File -> its place in the edition's chain (0 the root edition, then children, mods):
    read where the edition has one (`edition.Edition` does; the engine's view names none)."""
    resolved = getattr(edition, "resolved", None)
    origin, chain = getattr(resolved, "origin", None) or {}, list(getattr(edition, "chain", []) or [])
    data = getattr(resolved, "data", None) or {}
    out: dict[str, int] = {}
    for section, entries in data.items():
        for key, where in (getattr(entries, "key_pos", None) or {}).items():
            owner = origin.get((section, key))
            if owner in chain:
                out[where.file] = max(out.get(where.file, 0), chain.index(owner))
    return out


def minute(m: MatchState) -> Value:
    """The match clock as the edition declares it (`match: clock:`), if it has one."""
    clock = m.ed.match.get("clock")
    return m.S.get(clock) if clock else None


def goals(m: MatchState) -> dict[str, int]:
    """The goals of each team, in the state the edition declares as its score (`match: score:`)."""
    return dict(m.S.get(m.ed.match.get("score", "score"), {}))


def measure(edition: Edition, m: MatchState, seed: int = 0) -> dict[str, float]:
    """Each of the edition's `stats:` for one match: a count of tagged log lines, or the
    number a `value:` expression gives (a yes/no counts as 1/0). A value that fails or is
    not a finite number is a fault of that statistic, at its `value:`."""
    out: dict[str, float] = {}
    for name, spec in edition.stats.items():
        fn = spec.get("value_fn")  # the compiled `value:` (edition.py), None without one
        if not callable(fn):
            out[name] = m.tally.get(str(spec.get("count", name)), 0)  # the schema's count: a tag
            continue
        try:
            value = fn(m, {})
        except RuleFault as e:
            raise MatchFault(e.pos or _stat_pos(edition, name), f"statistic '{name}': {e.message}", seed) from None
        except RecursionError:
            raise MatchFault(_stat_pos(edition, name), f"statistic '{name}': the expression nests too deeply", seed) from None
        except ZeroDivisionError:
            raise MatchFault(_stat_pos(edition, name), f"statistic '{name}' divides by zero", seed) from None
        except Exception as e:  # a rule did something impossible: point at the statistic
            raise MatchFault(_stat_pos(edition, name), f"statistic '{name}' cannot be computed: {e}", seed) from None
        if isinstance(value, bool):
            value = int(value)
        if not isinstance(value, (int, float)) or not math.isfinite(value):
            raise MatchFault(_stat_pos(edition, name), f"statistic '{name}' must be a number, got {_kind(value)}", seed)
        out[name] = value
    return out


def _stat_pos(edition: Edition, name: str) -> Pos | None:
    """Where a statistic's `value:` is written, for its faults."""
    try:
        spec = edition.resolved.data["stats"][name]
        where = getattr(spec, "value_pos", {}) or {}
        return where.get("value") or getattr(spec, "pos", None)
    except (AttributeError, KeyError, TypeError):
        return None


def _kind(value: object) -> str:
    if isinstance(value, float):
        return f"{value} (not finite)"
    if isinstance(value, str):
        return f"a text ({value[:40]!r})"
    return {list: "a list", tuple: "a list", dict: "a record", type(None): "none"}.get(type(value), type(value).__name__)

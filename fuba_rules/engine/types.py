"""The shapes the engine works with, named for every layer: what it reads of an edition
and of a hook, and what agents, views and the kernel's helpers read of a match.

They are Protocols so that a module may name a shape without importing what has it:
`engine.compiled.Edition` (which imports the invariants, and names the match) is an
`EditionView`, `engine.match.MatchState` is a `MatchView`, and modules the match itself
imports (decisions, secrets, invariants) use `MatchView` instead of `MatchState`. Layers
above the engine may use either.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, Protocol

from ..board import Board
from ..dice import Dice
from ..lang import helpers
from ..lang.checker import StateSpec, Symbols
from ..lang.compiler import Callable_, Compiler
from .decisions import Decision
from .secrets import Hidden

Value = Any
"""A value of the effect language: a number, a text, a truth value, none, or a list or a
record of values. Rule text decides which, and the engine passes values on without
looking (generated code and the primitives check them where it matters), so here it is
left open: a precise union would cost a check or a cast at every hot read of the state."""

Params = dict[str, Value]
"""The named values a hook or a block piece runs with (a trigger's parameters, `owner`)."""

Event = dict[str, Value]
"""One entry of a match's log: `seq`, `kind`, `ref` and what its kind carries."""

RuleFn = helpers.Fn
"""A compiled piece of rule text run with named values: a condition, a team, a cost, a `do:`
(`f(match, params)`, the match as generated code reads it: `lang.helpers.MatchView`)."""


class Hook(Protocol):
    """A rule attached to a trigger point (`edition.Hook`): a hook of the edition or a skill."""

    @property
    def name(self) -> str: ...
    @property
    def ref(self) -> str: ...
    @property
    def rule(self) -> str: ...  # the optional rule it belongs to ("" for always)
    @property
    def skill(self) -> bool: ...
    @property
    def optional(self) -> bool: ...  # its team is asked whether to use it
    @property
    def quiet(self) -> bool: ...
    @property
    def info(self) -> Mapping[str, Value]: ...
    @property
    def when(self) -> RuleFn | None: ...
    @property
    def team(self) -> RuleFn | None: ...
    @property
    def cost(self) -> RuleFn | int | float | None: ...
    @property
    def prefer(self) -> RuleFn | None: ...
    @property
    def do(self) -> RuleFn | None: ...


class EditionView(Protocol):
    """What a match reads of its compiled edition (`engine.compiled.Edition`)."""

    @property
    def board(self) -> Board: ...
    @property
    def answers(self) -> dict[Hashable, Any]: ...  # the edition's cache, shared by its matches: keys and answers of every kind
    @property
    def state(self) -> Mapping[str, StateSpec]: ...
    @property
    def symbols(self) -> Symbols | None: ...  # what the rules declare (None for an edition built without rule text)
    @property
    def match(self) -> Mapping[str, Value]: ...  # the `match:` section: entry, clock, score...
    @property
    def hooks_at(self) -> Mapping[str, Sequence[Hook]]: ...
    @property
    def skills(self) -> Mapping[str, Hook]: ...
    @property
    def funcs(self) -> Mapping[str, Callable_]: ...
    @property
    def procs(self) -> Mapping[str, Callable_]: ...
    @property
    def compiler(self) -> Compiler | None: ...
    def before_match(self, match: helpers.MatchView) -> None: ...  # binds a starting match to the rules' code


class Paused(Protocol):
    """A match's trampoline (`engine.frames.Trampoline`) as the match and its readers see it."""

    pending: Decision | None  # the decision it waits at (or asks an agent now)
    finished: bool
    result: Value  # what the entry procedure returned, once finished

    def run(self) -> None: ...


class MatchView(Protocol):
    """What agents, views and the engine's helper modules read (and secrets write) of a
    match; `engine.match.MatchState` is the one match there is."""

    ed: EditionView
    S: dict[str, Value]  # the edition's declared state
    pieces: dict[str, dict[str, int]]  # team -> area -> outfield pieces (occupied areas only)
    keeper: dict[str, str | None]
    unplaced: dict[str, int]
    sent_off: dict[str, int]
    skills: dict[str, list[str]]
    rules_on: frozenset[str]
    dice: Dice
    events: list[Event]
    record: bool
    ref: str  # the chapter of the rule running
    budget: int
    hidden: tuple[Hidden, ...]  # answers the other team has not seen yet (engine/secrets.py)
    secret_labels: Mapping[str, str]
    secret_count: int

    trampoline: Paused | None  # set while the match runs in the resumable form

    def emit(self, kind: str, data: dict[str, Value]) -> None: ...


class Agent(Protocol):
    """Anything that picks an option index for a decision.

    An agent that needs only the number of options and the advice may also offer
    `pick(n, scores) -> index`, with a class attribute `reads_advice`: the engine then
    asks it without building a `Decision` (a match decides about a thousand times), and
    computes the advice (`scores`: one per option, declining an optional decision
    scoring 0; None without advice) only when `reads_advice` is true. Its `choose` must
    answer as its `pick` does, for callers that hold a `Decision`. Such an agent that
    needs to see a few decisions whole (to count or force them, as the workbench does)
    names their labels in a `watches` attribute (a set, declared on the class): only
    those go to `choose`.
    """

    name: str

    def choose(self, decision: Decision, match: MatchView) -> int: ...


class Watcher(Protocol):
    """An agent that must see some decisions whole (`Agent`): their labels."""

    watches: AbstractSet[str]


__all__ = ["Agent", "EditionView", "Event", "Hook", "MatchView", "Params", "Paused", "RuleFn", "Value", "Watcher"]

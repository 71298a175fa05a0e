"""Rulebook invariants: states an edition forbids, checked at the trigger points it names.

An edition declares them as data (`invariants:`, each with its chapter, a condition in
the effect language and the triggers where it must hold). A match checks them only when
asked (`MatchState(check_invariants=True)`): each watched trigger gets one extra check,
run before the trigger's hooks, so the state is judged as the rules reached that point.
A match that does not check pays nothing: its triggers' hook lists are what they were.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import ClassVar

import attrs

from ..diagnostics import Pos
from ..lang.core import render
from ..lang.helpers import MatchView
from ..lang.runtime import RuleFault
from .types import Params, RuleFn, Value


@attrs.define
class Invariant:
    """One rulebook invariant; `holds` is its compiled condition, `f(match, params)`."""

    name: str
    ref: str
    at: tuple[str, ...]
    message: str
    rule: str  # the optional rule it belongs to ("" for always)
    pos: Pos  # where its condition is written: a violation is reported there
    holds: RuleFn | None = None


class InvariantBroken(RuleFault):
    """An invariant did not hold at a trigger point: a fault of the rules, placed at the invariant."""

    def __init__(self, invariant: Invariant, trigger: str, params: Params, step: str = "") -> None:
        chapter = f" [{invariant.ref}]" if invariant.ref else ""
        point = trigger + (f"({', '.join(f'{k}={render(v)}' for k, v in params.items())})" if params else "")
        during = f", during the rules of {step}" if step else ""
        super().__init__(invariant.pos, f"invariant '{invariant.name}'{chapter} broken at {point}{during}: {invariant.message}")
        self.invariant = invariant.name
        self.trigger = trigger


@attrs.frozen
class Watch:
    """The check of one trigger's invariants, shaped as a hook whose condition never lets it
    run (`MatchState.fire` asks a hook's `when` first): it raises at the first broken one."""

    trigger: str
    invariants: tuple[Invariant, ...]
    skill: bool = False
    # the rest of a hook's shape (`engine.types.Hook`), never read: `when` stops it first
    name = "invariants"
    ref = ""
    rule = ""
    optional = False
    quiet = True
    info: ClassVar[Mapping[str, Value]] = MappingProxyType({})
    team = None
    cost = None
    prefer = None

    def do(self, m: MatchView, params: Params) -> None:
        """Never run: `when` never lets it."""

    def when(self, m: MatchView, params: Params) -> bool:
        for inv in self.invariants:
            assert inv.holds is not None
            if not inv.holds(m, params):
                raise InvariantBroken(inv, self.trigger, params, m.ref)
        return False


def watches(invariants: Iterable[Invariant], rules_on: frozenset[str]) -> dict[str, Watch]:
    """Trigger -> the check of the invariants watched there, for a match playing `rules_on`."""
    at: dict[str, list[Invariant]] = {}
    for inv in invariants:
        if inv.rule and inv.rule not in rules_on:
            continue
        for trigger in inv.at:
            at.setdefault(trigger, []).append(inv)
    return {t: Watch(t, tuple(invs)) for t, invs in at.items()}


__all__ = ["Invariant", "InvariantBroken", "Watch", "watches"]

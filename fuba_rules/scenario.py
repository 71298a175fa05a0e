"""Scenarios: set up a position, script the dice and the answers, run one rule.

This is how every chapter is tested, and how a designer checks a new rule: "with the
ball on 3 in the centre, Blue passes to the away front area and rolls 2 and 6".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .agents import ScriptedAgent
from .board import TEAMS
from .diagnostics import did_you_mean
from .dice import Dice, ScriptedDice
from .engine.match import MatchState
from .lang.runtime import LeaveScope


class Scenario:
    """A match stopped at a position of the designer's choosing."""

    def __init__(
        self,
        edition: Any,
        dice: Iterable[int] | Dice = (),
        answers: Iterable[Any] = (),
        defaults: Mapping[str, Any] | None = None,
        rules: Iterable[str] = (),
        skills: Mapping[str, list[str]] | None = None,
    ):
        self.dice = dice if hasattr(dice, "die") else ScriptedDice(dice)  # type: ignore[arg-type]
        self.agent = ScriptedAgent(list(answers), dict(defaults or {}))
        self.match = MatchState(edition, self.dice, {t: self.agent for t in TEAMS}, frozenset(rules), dict(skills or {}))
        self.left: str | None = None

    # ---- the position
    def pieces(self, team: str, areas: Mapping[str, int], keeper: str | None = None) -> Scenario:
        """Put exactly these outfield pieces (and the keeper) of a team on the pitch."""
        m = self.match
        _known("team", team, TEAMS)
        for area, count in areas.items():
            _known("area", area, m.board_areas)
            if not isinstance(count, int) or count < 0:
                raise ValueError(f"{team} pieces in {area!r}: expected a count of 0 or more, got {count!r}")
        if keeper is not None:
            _known("area", keeper, m.board_areas)
        m.pieces[team] = {a: n for a, n in areas.items() if n}
        placed = sum(m.pieces[team].values())
        if placed > 10:
            raise ValueError(f"{team} has only 10 outfield pieces, {placed} placed")
        m.unplaced[team] = 10 - placed
        m.keeper[team] = keeper
        m.keeper_unplaced[team] = keeper is None
        m.version += 1  # cached pure rules must not outlive a hand-made position
        return self

    def state(self, **values: Any) -> Scenario:
        """Set declared state; write dots as double underscores (ball__value=3)."""
        for key, v in values.items():
            name = key.replace("__", ".")
            _known("state", name, self.match.S)
            self.match.S[name] = v
        self.match.version += 1
        return self

    def set(self, name: str, value: Any) -> Scenario:
        _known("state", name, self.match.S)
        self.match.S[name] = value
        self.match.version += 1
        return self

    # ---- running
    def run(self, procedure: str, *args: Any, **named: Any) -> Any:
        """Run one procedure, its arguments given in order or by parameter name
        (`run("pressing", "away", aggressive=True)`); a `leave` that unwinds out of it is
        recorded in `self.left`."""
        procs = self.match.ed.procs
        _known("procedure", procedure, procs)
        rule = procs[procedure]
        values = list(args)
        for name in rule.params[len(values):]:
            if name not in named:
                raise TypeError(f"'{procedure}' needs its parameter '{name}' ({', '.join(rule.params)})")
            values.append(named.pop(name))
        if len(values) > len(rule.params) or named:
            extra = ", ".join(named) or f"{len(values)} arguments"
            raise TypeError(f"'{procedure}' takes ({', '.join(rule.params)}), not {extra}")
        try:
            return rule(self.match, values)
        except LeaveScope as e:
            self.left = e.name
            return None

    def fire(self, trigger: str, **params: Any) -> Scenario:
        """Fire a trigger as the rules would, e.g. s.fire("goal_attempt_announced", area="away_penalty")."""
        try:
            self.match.fire(trigger, params)
        except LeaveScope as e:
            self.left = e.name
        return self

    def value(self, function: str, *args: Any) -> Any:
        return self.match.ed.funcs[function](self.match, list(args))

    # ---- reading the outcome
    def __getitem__(self, name: str) -> Any:
        return self.match.S[name]

    def count(self, team: str, area: str) -> int:
        m = self.match
        return m.pieces[team].get(area, 0) + (1 if m.keeper[team] == area else 0)

    def logs(self, tag: str | None = None) -> list[str]:
        return [e["text"] for e in self.match.events if e["kind"] == "log" and (tag is None or e.get("tag") == tag)]

    def modifiers(self) -> list[tuple[str, int]]:
        return [(e["id"], e["value"]) for e in self.match.events if e["kind"] == "modifier"]

    @property
    def dice_left(self) -> int:
        return self.dice.remaining  # type: ignore[union-attr]


def _known(kind: str, name: Any, known: Iterable[str]) -> None:
    """A typo in a scenario must fail loudly, or the test quietly tests nothing."""
    if name not in known:
        raise ValueError(f"unknown {kind} {name!r}{did_you_mean(str(name), list(known))}")

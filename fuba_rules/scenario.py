"""Scenarios: set up a position, script the dice and the answers, run one rule.

This is how every chapter is tested, and how a designer checks a new rule: "with the
ball on 3 in the centre, Blue passes to the away front area and rolls 2 and 6".
A run may stop early, where a trigger fires or a question is asked that the script
does not answer, so a rule can be judged without scripting what follows it (the
restart after a goal attempt). docs/scenarios.md is the designer's guide.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import NoReturn, cast

from .agents import ScriptedAgent
from .board import TEAMS
from .diagnostics import did_you_mean
from .dice import Dice, ScriptedDice
from .edition import Edition
from .engine.decisions import Decision, Scores
from .engine.match import MatchState, as_rule_fault
from .lang.checker import NAMED_TYPES, StateSpec
from .lang.core import render
from .lang.runtime import LeaveScope, Value

Answers = Iterable[Value] | Mapping[str, Iterable[Value]]
"""A script of answers: one both teams read in turn, or one per team ("home", "away")."""


def _raise_as_fault(e: Exception) -> NoReturn:
    fault = as_rule_fault(e)
    if fault is None:
        raise e
    raise fault from e  # the cause says what went wrong in Python terms (fuba odds reads it)


class Stopped(Exception):
    """The run reached a stop point: `where` says which, e.g. "goal_scored(team=home)"."""

    def __init__(self, where: str):
        super().__init__(where)
        self.where = where


class _StoppingMatch(MatchState):
    """A match that stops where a scenario asked: at a trigger, or at an unanswered question."""

    until: frozenset[str] = frozenset()
    until_decision = False

    def fire(self, trigger: str, params: dict[str, Value]) -> None:
        if trigger in self.until:
            shown = ", ".join(f"{k}={render(v)}" for k, v in params.items())
            raise Stopped(f"{trigger}({shown})")
        super().fire(trigger, params)

    def decide(self, team: str, label: str, options: list[Value], scores: Scores, optional: bool) -> Value:
        if self.until_decision and len(options) + optional > 1 and team in self.agents:
            agent = self.agents[team]
            if isinstance(agent, ScriptedAgent) and label not in agent.defaults and not agent.answers:
                raise Stopped(f"{team}'s decision '{label}'")
        return super().decide(team, label, options, scores, optional)


class Scenario:
    """A match stopped at a position of the designer's choosing.

    `answers` is one script both teams read in turn, or one per team
    (`{"home": [...], "away": [...]}`). `until` names triggers at which a run stops
    before their hooks; `until_decision` stops it at the first question its script does
    not answer (a question with one possible answer is not asked). Where it stopped is
    in `self.stopped`. With `check_invariants`, the edition's invariants are checked at
    their points as the run passes them: the first broken one raises `InvariantBroken`
    (`broken(point)` asks them at any moment instead).
    """

    def __init__(
        self,
        edition: Edition,
        dice: Iterable[int] | Dice = (),
        answers: Answers = (),
        defaults: Mapping[str, Value] | None = None,
        rules: Iterable[str] = (),
        skills: Mapping[str, list[str]] | None = None,
        until: Iterable[str] = (),
        until_decision: bool = False,
        check_invariants: bool = False,
    ):
        self.dice = cast(Dice, dice) if hasattr(dice, "die") else ScriptedDice(dice)
        self.agents = _agents(answers, defaults)
        self.agent = self.agents["home"]  # with one shared script, the agent of both teams
        until = tuple(until)
        for trigger in until:
            _known("trigger", trigger, edition.triggers)
        self.edition = edition  # the match holds it as the engine's view, which names less of it
        self.match = _StoppingMatch(edition, self.dice, dict(self.agents), frozenset(rules), dict(skills or {}), check_invariants=check_invariants)
        self.match.until, self.match.until_decision = frozenset(until), until_decision
        self.left: str | None = None
        self.stopped: str | None = None

    @staticmethod
    def move(source: str, target: str, keeper: bool = False, ball: bool = False) -> dict[str, Value]:
        """An answer to a move question (`{from, to, keeper, ball}`), e.g. Scenario.move("centre", "away_front")."""
        return {"from": source, "to": target, "keeper": keeper, "ball": ball}

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
        m.recount(team)
        m.version += 1  # cached pure rules must not outlive a hand-made position
        return self

    def state(self, **values: Value) -> Scenario:
        """Set declared state; write dots as double underscores (ball__value=3)."""
        for key, v in values.items():
            name = key.replace("__", ".")
            self.set(name, v)
        return self

    def set(self, name: str, value: Value) -> Scenario:
        _known("state", name, self.match.S)
        symbols = self.edition.symbols
        assert symbols is not None, "a loaded edition declares its names"
        _holds(self.edition.state[name], value, symbols.domains)
        self.match.S[name] = value
        self.match.version += 1
        return self

    # ---- running
    def run(self, procedure: str, *args: Value, **named: Value) -> Value:
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
        except Stopped as e:
            self.stopped = e.where
        except Exception as e:  # noqa: BLE001 - as in a match: a rule that did something impossible is a rule fault at its line
            _raise_as_fault(e)
        return None

    def fire(self, trigger: str, **params: Value) -> Scenario:
        """Fire a trigger as the rules would, e.g. s.fire("goal_attempt_announced", area="away_penalty")."""
        _known("trigger", trigger, self.edition.triggers)
        try:
            MatchState.fire(self.match, trigger, params)  # the trigger asked for runs even if it is a stop point
        except LeaveScope as e:
            self.left = e.name
        except Stopped as e:
            self.stopped = e.where
        except Exception as e:  # noqa: BLE001 - the same as in run()
            _raise_as_fault(e)
        return self

    def value(self, function: str, *args: Value) -> Value:
        _known("function", function, self.match.ed.funcs)
        try:
            return self.match.ed.funcs[function](self.match, list(args))
        except Exception as e:  # noqa: BLE001 - the same as in run()
            _raise_as_fault(e)

    def broken(self, point: str, **params: Value) -> list[str]:
        """The invariants checked at `point` (a trigger, or `reset:turn`) that do not hold in
        the position now, by name, as if the rules reached that point with `params`;
        those of a rule that is off are not asked."""
        invariants = self.edition.invariants.values()
        _known("invariant point", point, {p for inv in invariants for p in inv.at})
        out: list[str] = []
        for inv in invariants:
            if point in inv.at and (not inv.rule or inv.rule in self.match.rules_on):
                assert inv.holds is not None  # a loaded edition's invariants are compiled
                try:
                    if not inv.holds(self.match, params):
                        out.append(inv.name)
                except Exception as e:  # noqa: BLE001 - the same as in run()
                    _raise_as_fault(e)
        return out

    # ---- reading the outcome
    def __getitem__(self, name: str) -> Value:
        return self.match.S[name]

    def count(self, team: str, area: str) -> int:
        m = self.match
        return m.pieces[team].get(area, 0) + (1 if m.keeper[team] == area else 0)

    def logs(self, tag: str | None = None) -> list[str]:
        """The text of the log lines (those tagged `tag`): for reading, not for asserting on."""
        return [e["text"] for e in self.match.events if e["kind"] == "log" and (tag is None or e.get("tag") == tag)]

    def events(self, kind: str | None = None, tag: str | None = None, **fields: Value) -> list[dict[str, Value]]:
        """The events of the run that match: `events(tag="corner")`, `events("move", team="home")`,
        `events("set", var="ball.value")`. A rule's `log(..., tag=T, data={...})` line is
        an event of kind "log" with that tag, and the record it passed is matched too
        (`events(tag="shot", outcome="rebound")`)."""
        out = []
        for e in self.match.events:
            if kind is not None and e["kind"] != kind:
                continue
            if tag is not None and e.get("tag") != tag:
                continue
            given = e.get("data")
            data = given if isinstance(given, dict) else {}
            if all(e.get(k, data.get(k, _ABSENT)) == v for k, v in fields.items()):
                out.append(e)
        return out

    def asked(self, label: str | None = None) -> list[Decision]:
        """The questions the script answered (those labelled `label`), in order."""
        return [d for d in self.agent.asked if label is None or d.label == label]

    def modifiers(self) -> list[tuple[str, int]]:
        return [(e["id"], e["value"]) for e in self.match.events if e["kind"] == "modifier"]

    @property
    def dice_left(self) -> int:
        return self.dice.remaining  # type: ignore[attr-defined]  # scripted dice, the scenario's own


_ABSENT = object()


def _agents(answers: Answers, defaults: Mapping[str, Value] | None) -> dict[str, ScriptedAgent]:
    """One agent for both teams reading one script, or one per team reading its own.

    Either way both record the questions in one list, so `asked` keeps their order."""
    if isinstance(answers, Mapping):
        for team in answers:
            _known("team", team, TEAMS)
        agents = {t: ScriptedAgent(list(answers.get(t, ())), dict(defaults or {})) for t in TEAMS}
        agents["away"].asked, agents["away"].defaults = agents["home"].asked, agents["home"].defaults
        return agents
    shared = ScriptedAgent(list(answers), dict(defaults or {}))
    return {t: shared for t in TEAMS}


def _holds(spec: StateSpec, value: Value, domains: Mapping[str, frozenset[str]], depth: int = 0) -> None:
    """A value for a whole-number entry is one, within its declared bounds, and one for a
    team or area entry names one, at every index, as a rule's own write must (`_set`);
    none only where it starts as none."""
    if (spec.type != "int" and spec.type not in NAMED_TYPES) or (value is None and spec.default is None):
        return
    if depth < len(spec.index):
        if not isinstance(value, dict):
            raise ValueError(f"state '{spec.name}' is indexed by [{', '.join(spec.index)}]: expected a mapping, got {value!r}")
        for v in value.values():
            _holds(spec, v, domains, depth + 1)
        return
    if spec.type != "int":
        names = domains[spec.type]
        if type(value) is not str or value not in names:
            raise ValueError(f"state '{spec.name}' holds {spec.type}s, got {value!r}{did_you_mean(str(value), sorted(names))}")
        return
    lo, hi = spec.whole_range()
    if type(value) is not int or not lo <= value <= hi:
        raise ValueError(f"state '{spec.name}' holds whole numbers from {lo:,} to {hi:,}, got {value!r}")


def _known(kind: str, name: object, known: Collection[str]) -> None:
    """A typo in a scenario must fail loudly, or the test quietly tests nothing."""
    if name not in known:
        raise ValueError(f"unknown {kind} {name!r}{did_you_mean(str(name), list(known))}")

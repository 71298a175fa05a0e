"""A logged match, step by step: each narrated line with the board as it was then.

Two ways to know the board at a step. Re-running the match from the log header (edition,
seed, agents or answers, rules, skills) and snapshotting the state at each narrated
event is exact, and it is checked: the re-run must give the logged events, event for
event. When it does not (a log of another version of the rules, a mod the header does
not name, no header), the board is rebuilt by applying the logged events to a fresh
state instead. That is exact for the pieces, but state that the rules reset by scope
(per turn, per action) emits no event and keeps its last value. A log is rebuilt that
way too when the board may not re-run it: an agent thinking longer than the board
allows, or a re-run past the time budget (fuba_rules/web/work.py).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import attrs

from ..agents import make_agent
from ..board import TEAMS
from ..dice import SeededDice
from ..engine.decisions import NeedDecision
from ..engine.match import OUTFIELD, MatchState, fresh_state
from ..engine.replay import ReplayAgent
from ..sim.narrate import narrate
from ..sim.play import agent_seed
from .views import plain, state_view
from .work import Overrun, agent_spec, check

if TYPE_CHECKING:
    from ..edition import Edition
    from ..engine.types import Agent

NARRATED = ("hook", "log", "winner")  # the events `narrate` turns into a line each
REBUILT = "so the board is rebuilt from the logged events: the pieces are exact, state the rules reset by scope may show an older value"


@attrs.frozen
class Replay:
    header: dict
    steps: list[dict]  # one per narrated line: line, ref, dice, clock, team, seq
    views: list[dict]  # the state at each step
    exact: bool
    note: str

    def as_json(self) -> dict:
        return {"header": self.header, "steps": self.steps, "views": self.views, "exact": self.exact, "note": self.note}


def watch(m: MatchState) -> list[dict]:
    """Snapshot `m` after every narrated event it emits; returns the growing list of views."""
    views: list[dict] = []
    emit = m.emit

    def emit_and_snapshot(kind: str, data: dict) -> None:
        check()  # a run past its time budget stops here
        emit(kind, data)
        if kind in NARRATED:
            views.append(state_view(m))

    m.emit = emit_and_snapshot  # type: ignore[method-assign]
    return views


def players(header: dict, seed: int) -> dict[str, Agent]:
    """The header's agents: recorded answers when there are any (a person played), else named agents."""
    if header.get("answers") is not None:
        script = ReplayAgent(list(header["answers"]))
        return {t: script for t in TEAMS}
    names = list(header.get("agents") or ["coach", "coach"])
    return {t: make_agent(str(a), agent_seed(seed, t)) for t, a in zip(TEAMS, names, strict=True)}


END = "the log ends here"


def with_end(steps: list[dict], views: list[dict], last: dict) -> tuple[list[dict], list[dict]]:
    """Add a last step when events after the last narrated line changed the board (an unfinished match)."""
    if views and views[-1] == last:
        return steps, views
    return [*steps, {"line": END, "ref": "", "dice": [], "clock": None, "team": None, "kind": "end", "seq": None}], [*views, last]


def rerun(ed: Edition, header: dict) -> tuple[list[dict], list[dict], dict]:
    """Play the header's match again: (events, views at each narrated event, the view at the end)."""
    seed = int(header.get("seed") or 0)
    m = MatchState(ed, SeededDice(seed), players(header, seed), frozenset(header.get("rules") or ()), header.get("skills") or None)
    views = watch(m)
    try:
        m.run()
    except NeedDecision:  # a log of a match left unfinished
        pass
    return m.events, views, json.loads(json.dumps(state_view(m)))


def steps_of(events: list[dict], teams: dict[str, str] | None) -> list[dict]:
    """One step per narrated event, with its line, chapter and dice."""
    lines = list(narrate(events, teams))
    narrated = [e for e in events if e.get("kind") in NARRATED]
    return [
        {"line": line.strip(), "ref": str(e.get("ref") or ""), "dice": plain(e.get("dice") or []), "clock": e.get("clock"), "team": e.get("team"), "kind": e["kind"], "seq": e.get("seq")}
        for line, e in zip(lines, narrated, strict=True)
    ]


def from_header(ed: Edition, header: dict, logged: list[dict] | None = None) -> Replay:
    """Re-run a match; with `logged` events, check the re-run against them."""
    events, views, last = rerun(ed, header)
    mine = json.loads(json.dumps(plain(events), sort_keys=True))
    header = {"edition": ed.id, **plain(header)}
    teams = header.get("teams")
    if logged is None:
        return Replay(header, *with_end(steps_of(mine, teams), views, last), True, "played again from the seed")
    if mine == logged:
        return Replay(header, *with_end(steps_of(logged, teams), views, last), True, "re-run from the log header: every event matches the log")
    first = next((i for i, (a, b) in enumerate(zip(mine, logged)) if a != b), min(len(mine), len(logged)))
    note = f"re-running the header's match differs from the log at event {first}, {REBUILT}"
    return from_events(ed, header, logged, note)


def from_log(ed: Edition, header: dict, logged: list[dict]) -> Replay:
    """A logged match: re-run and checked when the board may, else rebuilt from its events."""
    try:
        if header.get("answers") is None:
            for a in header.get("agents") or []:
                agent_spec(a)
    except ValueError as e:
        return from_events(ed, {"edition": ed.id, **plain(header)}, logged, f"the board does not re-run this log ({e.args[0]}), {REBUILT}")
    try:
        return from_header(ed, header, logged)
    except Overrun:
        return from_events(ed, {"edition": ed.id, **plain(header)}, logged, f"re-running the match took longer than the board allows, {REBUILT}")


def from_events(ed: Edition, header: dict, logged: list[dict], note: str) -> Replay:
    """Rebuild every step by applying the logged events to a fresh state."""
    board = _Board(ed)
    views = []
    for number, e in enumerate(logged, 1):
        try:
            board.apply(e)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            raise ValueError(f"the log's event {number} ({str(e.get('kind'))[:40]!r}) does not fit {ed.id}: it names a team, area or state the edition lacks") from None
        if e.get("kind") in NARRATED:
            views.append(board.view())
    try:
        steps = steps_of(logged, header.get("teams"))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        raise ValueError(f"the log's events cannot be narrated with {ed.id}: they are not events of its rules") from None
    return Replay(header, *with_end(steps, views, board.view()), False, note)


class _Board:
    """The state a log describes, built from its events alone."""

    def __init__(self, ed: Edition):
        self.S = plain(fresh_state(ed))
        self.pieces: dict[str, dict[str, int]] = {t: {} for t in TEAMS}
        self.keeper: dict[str, str | None] = {t: None for t in TEAMS}
        self.unplaced = {t: OUTFIELD for t in TEAMS}
        self.sent_off = {t: 0 for t in TEAMS}
        self.skills: dict[str, list[str]] = {t: [] for t in TEAMS}
        self.used: set[str] = set()

    def _add(self, team: str, area: str, n: int) -> None:
        here = self.pieces[team]
        here[area] = here.get(area, 0) + n
        if here[area] <= 0:
            del here[area]

    def apply(self, e: dict) -> None:
        kind, team = e.get("kind"), str(e.get("team"))  # every kind that moves pieces names its team
        if kind == "place":
            self.unplaced[team] -= 1
            self._add(team, e["to"], 1)
        elif kind == "move" and e.get("keeper"):
            self.keeper[team] = e["to"]
        elif kind == "move":
            self._add(team, e["from"], -1)
            self._add(team, e["to"], 1)
        elif kind == "lift":
            self.unplaced[team] += sum(self.pieces[team].values())
            self.pieces[team], self.keeper[team] = {}, None
        elif kind in ("send_off", "take_off"):
            self._add(team, e["from"], -1)
            if kind == "send_off":
                self.sent_off[team] += 1
            else:
                self.unplaced[team] += 1
        elif kind == "set":
            box, slot = self.S, e["var"]
            for k in e.get("index") or []:
                inner = box[slot]
                if not isinstance(inner, dict):  # as indexing a number would: not a log of these rules
                    raise TypeError(f"state '{e['var']}' is not indexed")
                box, slot = inner, str(k)
            box[slot] = e["to"]
        elif kind == "skills":
            self.skills[team] = list(e["to"])
        elif kind == "hook" and e.get("skill"):
            self.used.add(str(e.get("name")))

    def view(self) -> dict:
        return json.loads(json.dumps({
            "pieces": self.pieces, "keeper": self.keeper, "unplaced": self.unplaced, "sent_off": self.sent_off,
            "skills": self.skills, "used": sorted(self.used), "S": self.S,
        }))

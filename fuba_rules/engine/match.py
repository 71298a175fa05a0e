"""A match: the mutable state that an edition's rules run against.

The kernel owns only what every football dice game has: pieces in areas, a goalkeeper
per team, dice, decisions and the event log. Everything else (ball, clock, score,
cards, condition...) is state the edition declares in YAML.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, ClassVar, TypeGuard, cast

from ..board import TEAMS, ZONES
from ..diagnostics import Pos
from ..dice import Dice, DiceExhausted
from ..lang.checker import StateSpec
from ..lang.compiler import KEPT_CACHES, Callable_
from ..lang.core import render
from ..lang.runtime import LeaveScope, RuleFault, fault_pos
from .copying import Copy, copy_data, copy_dice, copy_shallow
from .decisions import Decision, IllegalChoice, NeedDecision, Scores
from .invariants import Watch, watches
from .secrets import Hidden, note
from .types import Agent, EditionView, Event, Hook, Params, Paused, Value, Watcher

OUTFIELD = 10  # outfield players a team places
MAX_STEPS = 5_000_000  # a whole match of loop iterations and calls
MAX_LOG_WEIGHT = 5_000_000  # list elements and text characters carried by one match's log
MAX_LOG_EVENTS = 200_000  # events in one match's log (a whole match logs a few thousand)


class MatchState:
    """The mutable state of one match, and host of the compiled rules: dice, agents, log.

    `COPIES` declares, for every attribute, what a copy (`copy`) does with it: a match
    that holds an attribute it does not declare fails tests/test_match_copy.py."""

    COPIES: ClassVar[dict[str, Copy]] = {
        # the edition and what the match derives from it once: shared by every match of it
        "ed": Copy.SHARE,
        "board": Copy.SHARE,
        "board_areas": Copy.SHARE,
        "area_order": Copy.SHARE,
        "answers": Copy.SHARE,  # the edition's cache of answers (and resumable forms)
        "expires": Copy.SHARE,
        "secret_labels": Copy.SHARE,
        "watching": Copy.SHARE,  # the invariants' checks: frozen
        "_clock": Copy.SHARE,
        "_turn": Copy.SHARE,
        "_phasing": Copy.SHARE,
        "_first": Copy.SHARE,
        "_by_owner": Copy.SHARE,
        "rules_on": Copy.SHARE,  # a frozenset
        "agents": Copy.SHARE,  # the copier may give the copy its own (`Trampoline.copy(agents=...)`)
        # the position and the declared state: the copy's own, deeply
        "S": Copy.DATA,
        "pieces": Copy.DATA,
        "keeper": Copy.DATA,
        "unplaced": Copy.DATA,
        "keeper_unplaced": Copy.DATA,
        "sent_off": Copy.DATA,
        "skills": Copy.DATA,
        "reserve": Copy.DATA,
        "carry_in": Copy.DATA,
        "carry_out": Copy.DATA,
        # containers of values that never change once in them
        "used_once": Copy.SHALLOW,  # a set of (hook, team)
        "tally": Copy.SHALLOW,  # a Counter
        "_step_dice": Copy.SHALLOW,
        "_step_changes": Copy.SHALLOW,
        "fixed": Copy.SHALLOW,  # its own: what it caches spends the copy's steps, not the original's
        # numbers, texts, tuples: a copy rebinds them, never changes them in place
        "budget": Copy.SHARE,
        "depth": Copy.SHARE,
        "at": Copy.SHARE,
        "log_weight": Copy.SHARE,
        "_version": Copy.SHARE,
        "ref": Copy.SHARE,
        "decisions": Copy.SHARE,
        "decided": Copy.SHARE,
        "hidden": Copy.SHARE,  # a tuple of frozen `Hidden`
        "secret_count": Copy.SHARE,
        # filled from the skills and rules on, both the same in the copy; a change of
        # skills replaces the dict (primitives), never changes it in place
        "live_hooks": Copy.SHARE,
        # made anew for the copy (`_rebuild`)
        "record": Copy.REBUILD,  # kept only if the copier keeps a log too
        "events": Copy.REBUILD,  # the list copied (events never change once logged), or empty without a log
        "dice": Copy.REBUILD,  # the generator's state copied, or the copier's dice
        "counts": Copy.REBUILD,  # counted again from the copied pieces
        "outfield_counts": Copy.REBUILD,
        "memo": Copy.REBUILD,  # caches start empty
        "smemo": Copy.REBUILD,
        "memo_home": Copy.REBUILD,
        "memo_away": Copy.REBUILD,
        "area_memo": Copy.REBUILD,
        "area_caches": Copy.REBUILD,
        "trampoline": Copy.REBUILD,  # None: the copier of the frames sets its own
    }

    # caches of pure rule functions kept across moves (see `fresh_caches`)
    smemo: dict[Hashable, Value]
    memo_home: dict[Hashable, Value]
    memo_away: dict[Hashable, Value]

    def __init__(
        self,
        edition: EditionView,
        dice: Dice,
        agents: dict[str, Agent],
        rules_on: frozenset[str] = frozenset(),
        skills: dict[str, list[str]] | None = None,
        record: bool = True,
        carry: dict[str, Value] | None = None,
        check_invariants: bool = False,
    ) -> None:
        self.ed = edition
        self.board = edition.board
        self.board_areas = frozenset(edition.board.areas) | frozenset(edition.board.spots)
        self.area_order = (*edition.board.areas, *edition.board.spots)  # the board's order, spots last
        self.answers: dict[Hashable, Any] = edition.answers  # the board's answers, shared by every match of the edition
        self.dice = dice
        self.agents = agents
        self.rules_on = frozenset(rules_on)
        self.skills = {t: list((skills or {}).get(t, [])) for t in TEAMS}
        self.reserve: dict[str, list[str]] = {t: [] for t in TEAMS}
        self.used_once: set[tuple[str, str]] = set()
        self.carry_in: dict[str, Value] = dict(carry or {})
        self.carry_out: dict[str, Value] = {}
        self.decided: tuple[str, str] | None = None  # (team, how): a winner the rules chose for a level score
        self.record = record
        self.S: dict[str, Value] = fresh_state(edition)
        self.pieces: dict[str, dict[str, int]] = {t: {} for t in TEAMS}
        self.keeper: dict[str, str | None] = {t: None for t in TEAMS}
        self.counts: dict[str, AreaCounts] = {}  # derived from pieces and keeper (see recount)
        self.outfield_counts: dict[str, AreaCounts] = {}
        self.unplaced = {t: OUTFIELD for t in TEAMS}
        self.keeper_unplaced = {t: True for t in TEAMS}
        self.sent_off = {t: 0 for t in TEAMS}
        for t in TEAMS:
            self.recount(t)
        self.budget = MAX_STEPS
        self.depth = 0
        self.at: Pos | None = None  # unused by generated rules: faults are placed from the traceback
        self.log_weight = 0  # see MAX_LOG_WEIGHT
        self.memo: dict[Hashable, Value] = {}  # results of pure rule functions in the current state version
        self.fresh_caches()
        self.fixed: dict[Hashable, Value] = {}  # results of rule functions reading no state, for the whole match
        self._version = 0
        self.ref = ""
        self.events: list[Event] = []
        self._step_dice: list[int] = []
        self._step_changes: list[Event] = []
        self.tally: Counter[str] = Counter()
        self.decisions = 0
        self.live_hooks: dict[str, tuple[Hook, ...]] = {}  # trigger -> hooks that can run (see fire); generated code skips a trigger with none; emptied when skills change
        self.trampoline: Paused | None = None  # the frames' trampoline when the match runs in the resumable form
        # trigger -> the check of its invariants (engine.invariants), only when asked for
        self.watching: dict[str, Watch] = watches(getattr(edition, "invariants", {}).values(), self.rules_on) if check_invariants else {}
        self.secret_labels: Mapping[str, str] = getattr(edition, "secrets", None) or {}  # see engine/secrets.py
        self.hidden: tuple[Hidden, ...] = ()  # answers the other team has not seen yet (`secrets.Hidden`)
        self.secret_count = 0
        cfg = edition.match
        self._clock, self._turn, self._phasing = cfg.get("clock"), cfg.get("turn"), cfg.get("phasing")
        self._first = cfg.get("decides_first")
        self._by_owner = cfg.get("skill_order") == "owner"  # see fire
        edition.before_match(self)  # binds the rules' code; before the first match, the loader's tuning
        # State entry -> the kept caches (`Compiler.kept_state`) a write to it empties; an
        # entry no kept answer reads empties only `memo`. Once per edition.
        self.expires: dict[str, tuple[str, ...]] = self.answers.get("expiry") or self.answers.setdefault("expiry", _expiry(edition))

    @property
    def version(self) -> int:
        """Changes on every move, placement and state write: cached pure results expire
        with it (setting it empties the cache, so generated rules read `memo` directly)."""
        return self._version

    @version.setter
    def version(self, v: int) -> None:
        self._version = v
        if self.memo:
            self.memo = {}
        self._expire(KEPT_CACHES)

    def wrote(self, name: str) -> None:
        """State entry `name` changed: cached answers expire, except those kept across
        moves whose functions do not read it (`Compiler.kept_state`)."""
        self._version += 1
        if self.memo:
            self.memo = {}
        caches = self.expires.get(name, KEPT_CACHES)
        if caches:  # most writes keep every kept answer
            self._expire(caches)

    def _expire(self, caches: tuple[str, ...]) -> None:
        for kind in caches:
            if kind == "areas":
                self._expire_areas()
            elif kind == "teams":
                if self.memo_home:
                    self.memo_home = {}
                if self.memo_away:
                    self.memo_away = {}
            elif self.smemo:
                self.smemo = {}

    def _expire_areas(self) -> None:
        if any(self.area_caches):
            for cache in self.area_caches:
                cache.clear()  # in place: nothing holds an answer while the state changes

    def fresh_caches(self) -> None:
        """Empty caches for pure rule functions that keep their answers across moves
        (`lang.reads`): `smemo` for those reading no pieces, `memo_home` and `memo_away`
        for those reading only that team's pieces, `area_memo` per area."""
        self.smemo = {}
        self.memo_home = {}
        self.memo_away = {}
        # Area -> answers of functions reading pieces only there (`lang.reads.area_read`):
        # a move empties the two areas it touches, not the others.
        self.area_memo: dict[str, dict[Hashable, Value]] = {a: {} for a in self.board_areas}
        self.area_caches = tuple(self.area_memo.values())

    # ---- copies
    def copy(self, memo: dict[int, Value] | None = None, dice: Dice | None = None, record: bool = True) -> MatchState:
        """A match in the same state, as `COPIES` declares: its own state, log and dice (a
        copy of this one's, or `dice`); without `record`, it keeps no log. Objects shared
        with other data copied with the same `memo` (a paused frame's locals) stay shared."""
        if memo is None:
            memo = {}
        new = MatchState.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)  # Copy.SHARE, and the others replaced below
        for key in _DATA:
            d[key] = copy_data(d[key], memo)
        for key in _SHALLOW:
            d[key] = copy_shallow(d[key])
        new._rebuild(self, dice, record)
        return new

    def _rebuild(self, original: MatchState, dice: Dice | None, record: bool) -> None:
        """The attributes declared `Copy.REBUILD`, made for this copy of `original`."""
        self.record = original.record and record
        self.events = list(original.events) if self.record else []  # events are never changed once logged
        self.dice = copy_dice(original.dice) if dice is None else dice
        self.trampoline = None
        self.counts, self.outfield_counts = {}, {}
        for team in self.pieces:
            self.recount(team)  # the copy's own counts, from its own pieces
        self.memo = {}
        self.fresh_caches()

    # ---- the log
    def emit(self, kind: str, data: dict[str, Value]) -> None:
        """Log an event, and expire what it changes. Kinds in `_KEEPS_STATE` change
        nothing a rule reads, so where no log is kept (`record` false) only a tagged log
        line does anything (its tally): hot callers skip building the others' events."""
        if kind == "move" or kind == "place":  # only its team's pieces changed (the mover emptied its areas' caches)
            self._pieces_moved(data["team"])
        elif kind not in _KEEPS_STATE:  # anything may have changed
            self.version = self._version + 1  # the setter empties every cache
        if kind == "log" and "tag" in data:
            self.tally[data["tag"]] += 1
        if not self.record:
            return
        if len(self.events) >= MAX_LOG_EVENTS:
            raise RuleFault(None, f"the match log grew beyond {MAX_LOG_EVENTS:,} events: a rule logs too often ({self.ref or 'no chapter'})")
        if kind == "log" or kind == "set":
            self.log_weight += _weight(data)
            if self.log_weight > MAX_LOG_WEIGHT:
                raise RuleFault(None, f"the match log grew beyond {MAX_LOG_WEIGHT:,} list elements and characters: a rule logs or stores too much")
        S = self.S
        event = {
            "seq": len(self.events),
            "turn": S.get(self._turn) if self._turn else None,
            "clock": S.get(self._clock) if self._clock else None,
            "phasing": S.get(self._phasing) if self._phasing else None,
            "kind": kind,
            **data,
        }
        event.setdefault("ref", self.ref)
        if kind == "roll":
            self._step_dice.extend(data["dice"])
        elif kind == "log":
            event["dice"], event["changes"] = self._step_dice, self._step_changes
            self._step_dice, self._step_changes = [], []
        elif kind not in ("choice", "modifier", "hook"):
            self._step_changes.append({k: v for k, v in event.items() if k not in ("seq", "turn", "clock", "phasing")})
        self.events.append(event)

    # ---- decisions
    def decide(self, team: str, label: str, options: list[Value], scores: Scores, optional: bool) -> Value:
        """`offer`, `ask` (unless one option is left) and `answer`, in line: a match
        decides some five hundred times, and the calls cost a few percent of it. A
        decision with one option is made without a `Decision`: no agent is asked."""
        if team not in TEAMS:
            raise ValueError(f"a decision needs a team, got {team!r}")
        n = len(options) + 1 if optional else len(options)
        pick = 0
        if n > 1:  # as `ask`
            agent = self.agents[team]
            protocol = _PICKS.get(type(agent))
            if protocol is None:
                protocol = _PICKS[type(agent)] = _pick_protocol(type(agent))
            reads, watching, picker = protocol
            if picker is None or (watching and label in cast(Watcher, agent).watches):  # the agent needs the whole decision
                opts = (*options, None) if optional else tuple(options)
                pick = agent.choose(Decision(team, label, opts, _scores(scores, optional), self.ref), self)
            else:  # `Agent.pick`: the count and, if it reads them, the scores (as `_scores` gives them)
                if reads and scores is not None:
                    if callable(scores):
                        scores = scores()
                    if optional:
                        scores = (*scores, 0)
                else:
                    scores = None
                pick = picker(agent, n, scores)
            if not isinstance(pick, int) or not 0 <= pick < n:
                raise IllegalChoice(f"agent {agent.name!r} picked {pick!r} for '{label}' with {n} options")
        self.decisions += 1  # as `answer`
        choice = options[pick] if pick < len(options) else None
        if self.record:
            self.emit("choice", {"team": team, "label": label, "choice": choice, "options": n})
        if self.hidden or label in self.secret_labels:  # else `note` has nothing to hide or reveal
            note(self, team, label, n)
        return choice

    def offer(self, team: str, label: str, options: list[Value], scores: Scores, optional: bool) -> Decision:
        """The decision the rules put to `team` (`decide` asks it at once; the step driver waits)."""
        if team not in TEAMS:
            raise ValueError(f"a decision needs a team, got {team!r}")
        opts = (*options, None) if optional else tuple(options)
        return Decision(team, label, opts, _scores(scores, optional), self.ref)

    def ask(self, decision: Decision) -> int:
        """The deciding team's agent's answer, checked."""
        agent = self.agents[decision.team]
        pick = agent.choose(decision, self)
        if not isinstance(pick, int) or not 0 <= pick < len(decision.options):
            raise IllegalChoice(f"agent {agent.name!r} picked {pick!r} for '{decision.label}' with {len(decision.options)} options")
        return pick

    def answer(self, decision: Decision, pick: int) -> Value:
        """Record the answer `pick` in the log; the chosen option."""
        self.decisions += 1
        choice = decision.options[pick]
        if self.record:  # a choice is logged, and nothing else happens at its event
            self.emit("choice", {"team": decision.team, "label": decision.label, "choice": choice, "options": len(decision.options)})
        if self.hidden or decision.label in self.secret_labels:
            note(self, decision.team, decision.label, len(decision.options))
        return choice

    # ---- hooks and skills
    def fire(self, trigger: str, params: Params) -> None:
        hooks = self.live_hooks.get(trigger)
        if hooks is None:  # once per trigger: the hooks whose rule is on, skills only when a team has them
            hooks = self.live_hooks[trigger] = tuple(
                h for h in self.ed.hooks_at.get(trigger, ())
                if (not h.rule or h.rule in self.rules_on) and (not h.skill or any(h.name in self.skills[t] for t in TEAMS))
            )
            if trigger in self.watching:  # its invariants first: the state as the rules reached it
                hooks = self.live_hooks[trigger] = (self.watching[trigger], *hooks)
        if self._by_owner:
            self._fire_by_owner(hooks, params)
            return
        for hook in hooks:
            if not hook.skill:  # its condition first: most hooks of a trigger stop there
                if hook.when is None or hook.when(self, params):  # a condition reads params, never writes them
                    self._run_hook(hook, params, None, True)
                continue
            first, second = TEAMS
            in_first, in_second = hook.name in self.skills[first], hook.name in self.skills[second]
            if not (in_first or in_second):
                continue
            # both teams have it: the one deciding first goes first
            owners = self._team_order() if in_first and in_second else (first,) if in_first else (second,)
            for owner in owners:
                self._run_hook(hook, params, owner)

    def _fire_by_owner(self, hooks: tuple[Hook, ...], params: Params) -> None:
        """`match: {skill_order: owner}`: the rules' hooks, then every skill of the team
        deciding first (`_team_order`, read once the skills begin), then the other team's."""
        for hook in hooks:
            if not hook.skill and (hook.when is None or hook.when(self, params)):
                self._run_hook(hook, params, None, True)
        for owner in self._team_order():
            for hook in hooks:
                if hook.skill and hook.name in self.skills[owner]:
                    self._run_hook(hook, params, owner)

    def watch(self, trigger: str, params: Params) -> None:
        """Check the invariants watched at `trigger` (the resumable form's `fire` asks here)."""
        watch = self.watching.get(trigger)
        if watch is not None:
            watch.when(self, params)

    def _team_order(self) -> tuple[str, ...]:
        """Teams in the order they decide when both could act at once (`match.decides_first`)."""
        first = self.S.get(self._first) if self._first else None
        return (first, "away" if first == "home" else "home") if first in TEAMS else TEAMS

    def _run_hook(self, hook: Hook, params: Params, owner: str | None, tested: bool = False) -> None:
        """Run a hook for `owner` (a skill's) or for the rules; `tested`: its condition held."""
        L = dict(params)
        if owner is not None:
            L["owner"] = owner
        if not tested and hook.when is not None and not hook.when(self, L):
            return
        team = owner if owner is not None else (hook.team(self, L) if hook.team is not None else None)
        cost = hook.cost(self, L) if callable(hook.cost) else (hook.cost or 0)
        if cost:
            can_pay = self.ed.match.get("can_pay")
            if team is None or (can_pay and not self._rule(can_pay, [team, cost])):
                return
        once = bool(hook.info.get("once_per_match"))
        if once and (hook.name, str(team)) in self.used_once:
            return
        if hook.optional and team is not None:
            prefer = hook.prefer
            advice = (lambda: [prefer(self, L)]) if prefer is not None else None  # scored if asked
            if self.decide(team, f"use {hook.name}", ["use"], advice, True) is None:
                return
        if once:
            self.used_once.add((hook.name, str(team)))
        old = self.ref
        self.ref = hook.ref or old
        try:
            if cost and self.ed.match.get("pay"):
                self._rule(self.ed.match["pay"], [team, cost])
            if not hook.quiet:
                shown = {"text": hook.info["text"]} if hook.info.get("text") else {}  # its display name
                self.emit("hook", {"name": hook.name, "team": team, "skill": hook.skill, "cost": cost, **shown})
            if hook.skill:
                self.tally[f"skill:{hook.name}"] += 1
            do = hook.do
            if do is not None:  # None only while the loader builds the hook, before it compiles its `do:`
                do(self, L)
        finally:
            self.ref = old

    def _rule(self, name: str, args: list[Value]) -> Value:
        f: Callable_ = self.ed.funcs.get(name) or self.ed.procs[name]
        return f(self, args)

    # ---- pieces (called by primitives)
    def recount(self, team: str) -> None:
        """Count team's pieces in every area again, from `pieces` and `keeper`: after a
        lift or a removal, and after a position is written by hand (a scenario, a copy).
        Moves and placements update the counts in place. Rules read a count as one
        subscript, `m.counts[team][area]`, where `pieces` has only occupied areas."""
        here, keeper = self.pieces[team], self.keeper[team]
        outfield = self.outfield_counts[team] = cast(AreaCounts, AreaCounts.fromkeys(self.area_order, 0))
        outfield.update(here)
        counts = self.counts[team] = AreaCounts(outfield)
        if keeper is not None:
            counts[keeper] += 1

    def _check_area(self, area: str) -> str:
        """`area`, a name from rule text, if it is an area of the board."""
        if area not in self.board_areas:
            raise ValueError(f"unknown area {area!r}")
        return area

    def move_piece(self, team: str, source: str, target: str) -> None:
        if target not in self.board_areas:
            self._check_area(target)
        here = self.pieces[team]
        left = here.get(source, 0)
        if left <= 0:
            raise ValueError(f"{team} has no outfield piece in {source!r} to move")
        if left == 1:
            del here[source]
        else:
            here[source] = left - 1
        here[target] = here.get(target, 0) + 1
        counts, outfield = self.counts[team], self.outfield_counts[team]
        counts[source] -= 1
        counts[target] += 1
        outfield[source] -= 1
        outfield[target] += 1
        at = self.area_memo  # a piece left one area and entered another: their answers expire
        at[source].clear()
        at[target].clear()
        if self.record:
            self.emit("move", {"team": team, "from": source, "to": target})
        else:
            self._pieces_moved(team)

    def _pieces_moved(self, team: str) -> None:
        """A move or a placement of `team`'s pieces: the answers that may read them
        expire (callers keeping no log call this without building an event)."""
        self._version += 1
        if self.memo:
            self.memo = {}
        if team == "home":
            if self.memo_home:
                self.memo_home = {}
        elif self.memo_away:
            self.memo_away = {}

    def move_keeper(self, team: str, target: str) -> None:
        self._check_area(target)
        source = self.keeper[team]
        if source is None:
            if not self.keeper_unplaced[team]:
                raise ValueError(f"{team} has no goalkeeper to move")
            self.keeper_unplaced[team] = False
        self.keeper[team] = target
        counts = self.counts[team]
        if source is not None:
            counts[source] -= 1
            self.area_memo[source].clear()
        counts[target] += 1
        self.area_memo[target].clear()
        if self.record:
            self.emit("move", {"team": team, "from": source, "to": target, "keeper": True})
        else:
            self._pieces_moved(team)

    def place_piece(self, team: str, area: str) -> None:
        self._check_area(area)
        if self.unplaced[team] <= 0:
            raise ValueError(f"{team} has no unplaced piece left")
        self.unplaced[team] -= 1
        self.pieces[team][area] = self.pieces[team].get(area, 0) + 1
        self.counts[team][area] += 1
        self.outfield_counts[team][area] += 1
        self.area_memo[area].clear()
        if self.record:
            self.emit("place", {"team": team, "to": area})
        else:
            self._pieces_moved(team)

    def lift_all(self, team: str) -> None:
        self.unplaced[team] += sum(self.pieces[team].values())
        self.pieces[team] = {}
        if self.keeper[team] is not None:
            self.keeper[team] = None
            self.keeper_unplaced[team] = True
        self.recount(team)
        self.emit("lift", {"team": team})

    def _remove(self, team: str, area: str) -> None:
        here = self.pieces[team]
        if here.get(area, 0) <= 0:
            raise ValueError(f"{team} has no outfield piece in {area!r}")
        here[area] -= 1
        if not here[area]:
            del here[area]
        self.recount(team)

    def send_off(self, team: str, area: str) -> None:
        self._remove(team, area)
        self.sent_off[team] += 1
        self.emit("send_off", {"team": team, "from": area})

    def take_off(self, team: str, area: str) -> None:
        self._remove(team, area)
        self.unplaced[team] += 1
        self.emit("take_off", {"team": team, "from": area})

    # ---- state
    def reset_scope(self, scope: str) -> None:
        if self.watching:  # the end of a scope: its invariants hold before its state is reset
            self.watch("reset:" + scope, {})
        key = ("reset", scope)
        plan = self.answers.get(key)
        if plan is None:  # once per edition and scope: which entries, and how to make them
            specs = {name: spec for name, spec in self.ed.state.items() if spec.reset == scope}
            plain = {name: spec.default for name, spec in specs.items() if not spec.index and isinstance(spec.default, _IMMUTABLE)}
            made = [(name, _maker(spec, self.ed)) for name, spec in specs.items() if name not in plain]
            plan = self.answers[key] = (plain, made, tuple(name for name in specs if self.expires[name]))
        plain, made, watched = plan  # watched: entries some kept answer reads
        S = self.S
        old = [S[name] for name in watched] if watched else ()
        S.update(plain)  # a number or a text is shared, not copied
        for name, make in made:
            S[name] = make()
        self._version += 1  # as `wrote` for each entry that changed
        if self.memo:
            self.memo = {}
        for name, value in zip(watched, old):
            if S[name] != value:
                self._expire(self.expires[name])

    # ---- running
    def run(self, entry: str | None = None, args: list[Value] | None = None) -> Value:
        """Run the edition's entry procedure (or another), turning faults into positions."""
        name = entry or self.ed.match.get("entry", "match")
        if entry is None and RESUMABLE and any(getattr(a, "needs_history", False) for a in self.agents.values()):
            trampoline = RESUMABLE[0](self)  # an agent that searches ahead continues copies of the pauses
            if trampoline is not None:
                trampoline.run()
                return trampoline.result
        try:
            return self.ed.procs[name](self, list(args or []))
        except Exception as e:
            fault = as_rule_fault(e)
            if fault is None:
                raise
            raise fault from None


RESUMABLE: list[Callable[[MatchState], Paused | None]] = []
"""What plays a match in the resumable form, for a match whose agent searches ahead:
engine/frames.py puts it here when imported (every agent that searches ahead imports it), since frames
builds on this module and this module cannot import it back."""


def as_rule_fault(e: Exception, where: Pos | None = None) -> RuleFault | None:
    """What a run reports for `e`: a positioned rule fault, or None to raise `e` as it is.

    The position is the innermost generated rule line of the traceback, else `where`."""
    if isinstance(e, RuleFault):
        if e.pos is None:
            e.pos = fault_pos(e.__traceback__) or where
        return None
    if isinstance(e, (IllegalChoice, NeedDecision, DiceExhausted)):
        return None
    pos = fault_pos(e.__traceback__) or where
    if isinstance(e, LeaveScope):
        return RuleFault(pos, f"leave {e.name} ran outside any 'scope {e.name}'")
    if isinstance(e, RecursionError):
        return RuleFault(pos, "rules nest too deeply")
    return RuleFault(pos, _describe(e))  # a rule did something impossible: point at the rule


_DATA = tuple(k for k, how in MatchState.COPIES.items() if how is Copy.DATA)
_SHALLOW = tuple(k for k, how in MatchState.COPIES.items() if how is Copy.SHALLOW)


# Events that change nothing a pure rule can read (state writes bump the version
# themselves): cached pure results survive them.
_KEEPS_STATE = frozenset({"log", "roll", "choice", "modifier", "hook", "set", "carry"})


def _weight(data: dict[str, Value]) -> int:
    """Roughly how much an event carries: the length of its texts and lists."""
    w = 0
    for v in data.values():
        if isinstance(v, (str, list)):
            w += len(v)
    return w


Pick = Callable[[Agent, int, "Sequence[Value] | None"], int]
_PICKS: dict[type, tuple[bool, bool, Pick | None]] = {}  # agent class -> its `_pick_protocol`


def _pick_protocol(cls: type) -> tuple[bool, bool, Pick | None]:
    """Whether an agent class reads the advice, whether it `watches` some decisions,
    which it is asked in full, and its `pick` function (`Agent`), if it has one."""
    pick = getattr(cls, "pick", None)
    return bool(getattr(cls, "reads_advice", True)), hasattr(cls, "watches"), pick if callable(pick) else None


def _scores(scores: Scores, optional: bool) -> Scores:
    """A decision's advice as `Decision` keeps it: a tuple, None, or a function giving the
    scores when first asked; declining an optional decision (its last option) scores 0."""
    if callable(scores):
        return (lambda: (*scores(), 0)) if optional else scores
    if scores is None:
        return None
    return (*scores, 0) if optional else tuple(scores)


_PY_TYPES = {"NoneType": "none", "int": "a number", "float": "a decimal number", "str": "a text", "list": "a list", "dict": "a record", "bool": "a boolean"}


def _describe(e: Exception) -> str:
    """Python's complaint in the language's words: no 'NoneType' reaches a modder."""
    if type(e) is KeyError and e.args:  # a dict read straight (indexed state) by a key it lacks
        return f"no entry {render(e.args[0])}"
    msg = str(e.args[0]) if isinstance(e, KeyError) and e.args else str(e)
    if isinstance(e, TypeError):
        for py, ours in _PY_TYPES.items():
            msg = msg.replace(f"'{py}'", ours)
        if "not supported between instances of" in msg:
            return "cannot compare these values (" + msg.replace("not supported between instances of", "between") + ")"
        if "unsupported operand" in msg:
            return "wrong kind of value for this operation (" + msg + ")"
        if msg.startswith("unhashable type"):
            return "a list or record cannot be used as a key here"
    if isinstance(e, ValueError) and "empty sequence" in msg:
        return "highest or lowest of an empty list"
    if isinstance(e, NameError):  # UnboundLocalError too: a local read before any let
        name = re.search(r"'v_(\w+)'", msg)
        if name:
            return f"'{name.group(1)}' has no value here: give it one with let on every path before reading it"
    if isinstance(e, IndexError):
        return "the list has no element at that index"
    return msg or type(e).__name__


def unknown_area(a: Value) -> ValueError:
    """The fault of a value that names no area of the board."""
    return ValueError(f"unknown area '{a}'" if isinstance(a, str) else f"expected an area, got {a!r}")


class AreaCounts(dict[str, int]):
    """A team's pieces per area, every area of the board present (0 where none). A name
    that is no area faults as the `pieces` primitive does, instead of counting 0."""

    __slots__ = ()

    def __missing__(self, area: Value) -> int:
        raise unknown_area(area)


def _expiry(edition: EditionView) -> dict[str, tuple[str, ...]]:
    """For each state entry, the kept caches whose functions read it (all of them where
    what a cache's functions read cannot be told)."""
    compiler = getattr(edition, "compiler", None)
    reads = {kind: compiler.kept_state(kind) if compiler is not None else None for kind in KEPT_CACHES}
    return {name: tuple(kind for kind, r in reads.items() if r is None or name in r) for name in edition.state}


_IMMUTABLE = (int, str, bool, float, type(None))


def _initial(spec: StateSpec, edition: EditionView) -> Value:
    """A declared value's default, one copy per index entry (reset runs every action)."""
    default = spec.default
    fresh = (lambda: default) if isinstance(default, _IMMUTABLE) else (lambda: copy.deepcopy(default))
    if not spec.index:
        return fresh()

    def level(dims: tuple[str, ...]) -> Value:
        if not dims:
            return fresh()
        keys = TEAMS if dims[0] == "team" else ZONES if dims[0] == "zone" else edition.board.areas
        return {k: level(dims[1:]) for k in keys}

    return level(tuple(spec.index))


def _maker(spec: StateSpec, edition: EditionView) -> Callable[[], Value]:
    """A function returning a fresh default of `spec`, as `_initial` would, without
    walking the index dimensions again: immutable defaults are copied dict by dict."""
    default = spec.default
    if isinstance(default, _IMMUTABLE):
        if not spec.index:
            return lambda: default
        template: dict[str, Value] = _initial(spec, edition)
        if len(spec.index) == 1:
            return template.copy
        if len(spec.index) == 2:
            return lambda: {k: v.copy() for k, v in template.items()}
    if not spec.index and _flat(default):
        return default.copy  # a list or record of numbers and texts: a shallow copy is a deep one
    return lambda: _initial(spec, edition)


def _flat(value: Value) -> TypeGuard[list[Value] | dict[str, Value]]:
    """A list, or a record, holding only numbers, texts, truth values and none."""
    items = value if type(value) is list else value.values() if type(value) is dict else None
    return items is not None and all(isinstance(v, _IMMUTABLE) for v in items)


def fresh_state(edition: EditionView) -> dict[str, Value]:
    return {name: _initial(spec, edition) for name, spec in edition.state.items()}

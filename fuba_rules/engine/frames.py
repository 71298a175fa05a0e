"""Run a match on an explicit frame stack, so that it can pause at a decision and be copied.

The rules' resumable form (`lang/resumable.py`) returns a request (`Req`) where the
fast form would call: a procedure, a trigger's hooks, a table row, a decision. The
`Trampoline` below is the trampoline that serves them: it pushes a frame, or asks an
agent, or stops with the decision pending (the step driver), and resumes the frame
with the answer. The kernel's own deciding code (`MatchState.fire` and `_run_hook`)
has a resumable counterpart here, written by hand as a small state machine.

Epilogues (call depth, the rulebook chapter `ref`) run as the fast form's `finally`
did: when a frame returns and when a fault or a `leave` unwinds through it. A
`leave` stops at the first frame whose static scope table covers its pc.

A copy (`Trampoline.copy`) copies the frames (pc and locals), the match's mutable state
and the dice generator's state with one memo, so objects shared between locals and
state stay shared. With `fast = True`, a trampoline serves new calls with the fast form:
a playout from a copy that nobody will copy again then costs what a match costs.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Protocol

from ..diagnostics import Pos
from ..dice import Dice, below
from ..lang.compiler import Row, _advice, _choose, _exhausted, _fault_deep_proc
from ..lang.compiler import _apply as apply_row
from ..lang.core import render
from ..lang.resumable import RCode, Req, Resumable, Unresumable
from ..lang.runtime import MAX_DEPTH, LeaveScope
from .copying import copy_data
from .decisions import Decision, Scores
from .match import RESUMABLE, MatchState, as_rule_fault
from .secrets import SecretChanged, hidden_from
from .types import Agent, EditionView, Params, RuleFn, Value


class Code(Protocol):
    """What a frame runs: a resumable rule (`RCode`) or a kernel step (`_Kernel`)."""

    @property
    def name(self) -> str: ...
    @property
    def fn(self) -> Callable[[MatchState, Frame], Value | Req]: ...
    @property
    def scopes(self) -> dict[tuple[int, str], int]: ...
    @property
    def resume_pos(self) -> dict[int, Pos]: ...


class Frame:
    """One running procedure, piece or kernel step: where it is and its locals; `old_ref`
    the chapter (`MatchState.ref`) to restore when it ends, None if it set none."""

    __slots__ = ("code", "pc", "L", "ret", "depth", "old_ref")

    def __init__(self, code: Code, L: Params, depth: bool = False, old_ref: str | None = None, pc: int = 0, ret: Value = None) -> None:
        self.code, self.L, self.depth, self.old_ref, self.pc, self.ret = code, L, depth, old_ref, pc, ret


class Forms:
    """An edition's resumable forms, built once on first use and kept with the edition."""

    def __init__(self, edition: EditionView) -> None:
        comp = edition.compiler
        if comp is None or not hasattr(comp, "bodies"):
            raise Unresumable("the edition was not compiled from rule text")
        G = comp.G
        G.update(_Req=Req, _save=_save, _locals=locals, _choose_req=_choose_req, _apply_req=_apply_req, _advice=_advice, _len=len)
        self.r = Resumable(comp, edition.hooks_at, edition.match)
        self.r.build()
        self.procs: dict[str, RCode] = self.r.codes
        self.pieces: dict[RuleFn, RCode] = self.r.piece_codes
        self.triggers = self.r.triggers


_FORMS_KEY = ("resumable forms",)
_NO_COMPILER = threading.Lock()  # an edition built without rule text: Forms says it cannot pause


def forms_of(edition: EditionView) -> Forms:
    """The edition's resumable forms (raises `Unresumable` if its rules cannot pause)."""
    cache = edition.answers  # the edition's own cache (board answers), shared by its matches
    forms = cache.get(_FORMS_KEY)
    if forms is None:
        with getattr(edition.compiler, "lock", _NO_COMPILER):  # built once, even when matches run in threads
            forms = cache.get(_FORMS_KEY)
            if forms is None:
                try:
                    forms = Forms(edition)
                except Unresumable as e:
                    forms = e
                except (SyntaxError, RecursionError) as e:  # rule text nested beyond what Python compiles twice
                    forms = Unresumable(f"the resumable form does not compile: {e}")
                cache[_FORMS_KEY] = forms
    if isinstance(forms, Unresumable):
        raise forms
    return forms


# ---- helpers the resumable form calls (in the compiled rules' globals) ------------------
_HOST = frozenset(("m", "f", "L", "pc"))


def _save(loc: dict[str, Value]) -> dict[str, Value]:
    """A function's locals, without the host names."""
    return {k: v for k, v in loc.items() if k not in _HOST}


def _choose_req(m: MatchState, opts: Value, team: Value, label: Value, prefer: Value, optional: bool, pos: Pos) -> Req:
    """`choose(...)` as a request: the fast form's checks here, at the rule's line."""
    r = _choose(_Asker, opts, team, label, prefer, optional, pos)
    return r if type(r) is Req else Req("v", r)  # an optional choice among nothing: None at once


class _Asker:
    """Stands in for the match in `_choose`: its decision becomes a request."""

    @staticmethod
    def decide(team: Value, label: Value, opts: Value, scores: Scores, optional: bool) -> Req:
        return Req("d", (team, label, opts, scores, optional))


def _apply_req(row: Value) -> Req:
    if not isinstance(row, Row) or row.run is None:
        raise TypeError(f"apply needs a table row with a do:, got {render(row)}")
    return Req("a", row)


# ---- the kernel's deciding code, resumable ------------------------------------------------
def _k_root(m: MatchState, f: Frame) -> Value | Req:
    """The bottom frame: calls the entry procedure and hands back its result."""
    if f.pc == 0:
        f.pc = 1
        return Req("r", f.L["entry"], f.L["args"])
    return f.ret


def _k_fire(m: MatchState, f: Frame) -> Value | Req:
    """`MatchState.fire`: each hook at the trigger, for each owner, in order."""
    L = f.L
    if f.pc == 0 and m.watching:  # its invariants first, as `fire` checks them
        m.watch(L["trigger"], L["params"])
    if m._by_owner:
        return _k_fire_by_owner(m, f)
    if f.pc == 0:
        L["i"] = 0
        f.pc = 1
    while True:
        if f.pc == 2:
            j = L["j"]
            if j < len(L["owners"]):
                L["j"] = j + 1
                return Req("h", L["hook"], L["params"], L["owners"][j])
            f.pc = 1
        hooks = m.ed.hooks_at.get(L["trigger"], ())
        i = L["i"]
        if i >= len(hooks):
            return None
        hook = hooks[i]
        L["i"] = i + 1
        if hook.rule and hook.rule not in m.rules_on:
            continue
        L["hook"] = hook
        L["owners"] = [t for t in m._team_order() if hook.name in m.skills[t]] if hook.skill else [None]
        L["j"] = 0
        f.pc = 2


def _k_fire_by_owner(m: MatchState, f: Frame) -> Value | Req:
    """`MatchState._fire_by_owner`: the rules' hooks, then each team's skills in turn."""
    L = f.L
    if f.pc == 0:
        hooks = [h for h in m.ed.hooks_at.get(L["trigger"], ()) if not h.rule or h.rule in m.rules_on]
        L["skills"] = [h for h in hooks if h.skill]
        L["runs"] = [(h, None) for h in hooks if not h.skill]
        L["i"] = 0
        f.pc = 1
    while True:
        i, runs = L["i"], L["runs"]
        if i >= len(runs):
            if f.pc == 2:
                return None
            f.pc = 2  # the skills: the team deciding first is read once the rules' hooks are done
            L["runs"] = runs + [(h, t) for t in m._team_order() for h in L["skills"]]
            continue
        L["i"] = i + 1
        hook, owner = runs[i]
        if owner is None or hook.name in m.skills[owner]:
            return Req("h", hook, L["params"], owner)


def _k_hook(m: MatchState, f: Frame) -> Value | Req:
    """`MatchState._run_hook`: condition, cost, "use X?", payment, the hook's do."""
    L = f.L
    hook = L["hook"]
    pc = f.pc
    if pc == 0:
        owner = L["owner"]
        H = L["H"] = dict(L["params"])
        if owner is not None:
            H["owner"] = owner
        if hook.when is not None and not hook.when(m, H):
            return None
        team = L["team"] = owner if owner is not None else (hook.team(m, H) if hook.team is not None else None)
        cost = L["cost"] = hook.cost(m, H) if callable(hook.cost) else (hook.cost or 0)
        f.pc = pc = 2
        if cost:
            can_pay = m.ed.match.get("can_pay")
            if team is None:
                return None
            if can_pay:
                f.pc = 1
                return Req("r", can_pay, [team, cost])
    if pc == 1:
        if not f.ret:
            return None
        pc = 2
    team, cost = L["team"], L["cost"]
    if pc == 2:
        once = bool(hook.info.get("once_per_match"))
        if once and (hook.name, str(team)) in m.used_once:
            return None
        f.pc = pc = 3
        if hook.optional and team is not None:
            H = L["H"]
            advice = (lambda: [hook.prefer(m, H)]) if hook.prefer is not None else None  # scored if asked
            return Req("d", (team, f"use {hook.name}", ["use"], advice, True))
        f.ret = "use"
    if pc == 3:
        if f.ret is None:
            return None
        if hook.info.get("once_per_match"):
            m.used_once.add((hook.name, str(team)))
        f.old_ref = m.ref
        m.ref = hook.ref or f.old_ref
        f.pc = 4
        if cost and m.ed.match.get("pay"):
            return Req("r", m.ed.match["pay"], [team, cost])
    if f.pc == 4:
        if not hook.quiet:
            shown = {"text": hook.info["text"]} if hook.info.get("text") else {}  # its display name
            m.emit("hook", {"name": hook.name, "team": team, "skill": hook.skill, "cost": cost, **shown})
        if hook.skill:
            m.tally[f"skill:{hook.name}"] += 1
        f.pc = 5
        return Req("x", hook.do, L["H"])
    return None


class _Kernel:
    """A hand-written resumable step: no scopes, no positions of its own."""

    def __init__(self, name: str, fn: Callable[[MatchState, Frame], Value | Req]) -> None:
        self.name, self.fn = name, fn
        self.scopes: dict[tuple[int, str], int] = {}
        self.resume_pos: dict[int, Pos] = {}


_ROOT, _FIRE, _HOOK = _Kernel("match", _k_root), _Kernel("fire", _k_fire), _Kernel("hook", _k_hook)


# ---- the trampoline -----------------------------------------------------------------------
class Trampoline:
    """Runs a match's frames: `run()` goes on until the match ends or, with `pause`, until
    a decision with more than one option waits in `pending` (answer it with `answer`)."""

    def __init__(self, m: MatchState, forms: Forms, pause: bool = True, entry: str | None = None, args: list[Value] | None = None) -> None:
        self.m = m
        self.forms = forms
        self.pause = pause
        self.fast = False
        self.pending: Decision | None = None
        self.finished = False
        self.result: Value = None
        m.trampoline = self
        name = entry or m.ed.match.get("entry", "match")
        self.stack: list[Frame] = [Frame(_ROOT, {"entry": name, "args": list(args or [])})]
        # While an answer is hidden from the other team (engine/secrets.py): the match at
        # the first such answer, before it, and every answer since (team, pick, hidden).
        self.secret_base: Trampoline | None = None
        self.secret_steps: list[tuple[str, int, bool]] = []

    # ---- answers
    def answer(self, pick: int) -> None:
        """Answer the pending decision with option `pick` and run on."""
        decision = self.pending
        assert decision is not None
        ret = self._give(decision, pick)
        self.pending = None
        self.stack[-1].ret = ret
        self.run()

    def _give(self, decision: Decision, pick: int) -> Value:
        """`MatchState.answer`, keeping what a copy needs to answer hidden decisions again."""
        m = self.m
        if not m.secret_labels:
            return m.answer(decision, pick)
        base = self.copy() if self.secret_base is None and decision.label in m.secret_labels else None
        count = m.secret_count
        choice = m.answer(decision, pick)
        opened = m.secret_count != count
        if opened and base is not None:
            self.secret_base, self.secret_steps = base, []
        if self.secret_base is not None:
            self.secret_steps.append((decision.team, pick, opened))
            if not m.hidden:
                self.secret_base, self.secret_steps = None, []
        return choice

    def run(self) -> None:
        """Run the top frame; serve its request (push a frame, ask, or stop at a decision)
        or hand its result to the frame below; until the match ends or pauses."""
        stack, m = self.stack, self.m
        while stack:
            fr = stack[-1]
            try:
                r = fr.code.fn(m, fr)
            except Exception as e:
                self._unwind(e, handled_by_top=True)
                continue
            if type(r) is not Req:
                stack.pop()
                self._epilogue(fr)
                if stack:
                    stack[-1].ret = r
                else:
                    self.finished, self.result = True, r
                continue
            try:
                if r.kind == "d":
                    decision = m.offer(*r.a)
                    if len(decision.options) == 1:
                        fr.ret = m.answer(decision, 0)
                    elif self.pause:
                        self.pending = decision
                        return
                    else:
                        self.pending = decision  # while the agent thinks: a search copies the pause
                        pick = m.ask(decision)
                        fr.ret = self._give(decision, pick)
                        self.pending = None
                elif r.kind == "v":
                    fr.ret = r.a
                elif self.fast:
                    fr.ret = self._now(r)
                else:
                    child = self._frame(r)
                    if child is None:
                        fr.ret = self._now(r)
                    else:
                        stack.append(child)
            except Exception as e:
                self._unwind(e, handled_by_top=False)

    def _frame(self, r: Req) -> Frame | None:
        """A frame serving `r`, its prologue run; None when the fast form serves it."""
        m, forms = self.m, self.forms
        k = r.kind
        if k == "r":
            code = forms.procs.get(r.a)
            if code is None:
                return None
            r = Req("p", code, r.b)
            k = "p"
        if k == "p":
            code = r.a
            if m.depth >= MAX_DEPTH:
                _fault_deep_proc(code.where, code.name)
            m.budget -= 1
            if m.budget < 0:
                _exhausted(code.where)
            m.depth += 1
            fr = Frame(code, {"v_" + p: a for p, a in zip(code.params, r.b)}, True)
            if code.ref:
                fr.old_ref, m.ref = m.ref, code.ref
            return fr
        if k == "f":
            return Frame(_FIRE, {"trigger": r.a, "params": r.b})
        if k == "h":
            return Frame(_HOOK, {"hook": r.a, "params": r.b, "owner": r.c})
        if k == "a":
            code = forms.pieces.get(r.a.run)
            if code is None:
                return None
            fr = Frame(code, {})
            fr.old_ref, m.ref = m.ref, r.a.get("ref", m.ref) or m.ref
            return fr
        if k == "x":
            code = forms.pieces.get(r.a)
            if code is None:
                return None
            return Frame(code, {"v_" + p: r.b[p] for p in code.params if p in r.b})
        raise AssertionError(k)  # pragma: no cover

    def _now(self, r: Req) -> Value:
        """Serve `r` with the fast form, at once."""
        m, k = self.m, r.kind
        if k == "p":
            return r.a.fast(m, r.b)
        if k == "r":
            return m._rule(r.a, r.b)
        if k == "f":
            return m.fire(r.a, r.b)
        if k == "h":
            return m._run_hook(r.a, r.b, r.c)
        if k == "a":
            return apply_row(m, r.a)
        if k == "x":
            return r.a(m, r.b)
        raise AssertionError(k)  # pragma: no cover

    def _epilogue(self, fr: Frame) -> None:
        if fr.depth:
            self.m.depth -= 1
        if fr.old_ref is not None:
            self.m.ref = fr.old_ref

    def _where(self) -> Pos | None:
        """The line of the innermost paused rule: where a fault in kernel code is reported."""
        for fr in reversed(self.stack):
            pos = fr.code.resume_pos.get(fr.pc)
            if pos is not None:
                return pos
        return None

    def _unwind(self, e: Exception, handled_by_top: bool) -> None:
        """Unwind `e` through the frames, running their epilogues; a `leave` resumes the
        first frame whose scope covers its pc. Anything else ends the run as a fault."""
        stack = self.stack
        where = self._where()
        if isinstance(e, LeaveScope):
            if handled_by_top:
                self._epilogue(stack.pop())
            while stack:
                fr = stack[-1]
                exit_pc = fr.code.scopes.get((fr.pc, e.name))
                if exit_pc is not None:
                    fr.pc = exit_pc
                    return
                self._epilogue(stack.pop())
        else:
            while stack:
                self._epilogue(stack.pop())
        self.finished = True
        fault = as_rule_fault(e, where)
        if fault is None:
            raise e
        raise fault from None

    # ---- copies
    def copy(self, agents: dict[str, Agent] | None = None, dice: Dice | None = None, record: bool = True, viewer: str | None = None, rng: random.Random | None = None) -> Trampoline:
        """An independent trampoline and match in the same state: it continues exactly as this
        one would, given the same answers (and the same dice, which are copied too).
        `agents` and `dice` replace the match's; without `record`, it keeps no log.

        A copy for a `viewer` (a team) holds only what that team may know: the other
        team's hidden answers are drawn again from `rng` (see `_redrawn`)."""
        if viewer is not None and self.secret_base is not None and hidden_from(self.m, viewer):
            return self._redrawn(viewer, rng or random.Random(0), agents, dice, record)
        if self.pending is not None and callable(self.pending._scores):
            budget = self.m.budget  # advice read now, for both, without spending steps
            self.pending.scores  # noqa: B018 - computes and keeps them
            self.m.budget = budget
        memo: dict[int, Value] = {}
        new = Trampoline.__new__(Trampoline)
        new.__dict__.update(self.__dict__)
        new.m = self.m.copy(memo, dice, record)
        new.m.trampoline = new
        if agents is not None:
            new.m.agents = agents
        new.stack = [Frame(fr.code, copy_data(fr.L, memo), fr.depth, fr.old_ref, fr.pc, fr.ret) for fr in self.stack]
        new.secret_steps = list(self.secret_steps)
        return new

    def _redrawn(self, viewer: str, rng: random.Random, agents: dict[str, Agent] | None, dice: Dice | None, record: bool) -> Trampoline:
        """A copy in which the other team's hidden answers are drawn uniformly among their
        options: the match at the first hidden answer, answered again, and every answer
        since replayed (with the dice as they were) but the other team's hidden ones, drawn
        again too (how many it gives may change with them), up to this decision."""
        r = self.secret_base.copy(record=record)  # type: ignore[union-attr]
        r.pause, r.fast = True, False
        mine = [pick for team, pick, _ in self.secret_steps if team == viewer]
        others = [(pick, hidden) for team, pick, hidden in self.secret_steps if team != viewer]
        want = self.pending
        while r.pending is not None:
            d = r.pending
            if d.team != viewer:
                if not mine and not others and want is not None and (d.team, d.label, d.options) == (want.team, want.label, want.options):
                    break  # copied at the other team's own decision
                pick, hidden = others.pop(0) if others else (0, True)
                if not hidden and pick >= len(d.options):
                    raise SecretChanged(f"'{d.label}' offered other options after a hidden answer was drawn again")
                r.answer(below(rng, len(d.options)) if hidden else pick)
            elif mine:
                pick = mine.pop(0)
                if pick >= len(d.options):
                    raise SecretChanged(f"'{d.label}' offered other options after a hidden answer was drawn again")
                r.answer(pick)
            else:
                break
        got = r.pending
        if (want is None) != (got is None) or (want is not None and got is not None and (want.team, want.label, want.options) != (got.team, got.label, got.options)):
            raise SecretChanged(f"another answer to a hidden decision changed what the rules asked before revealing it (now '{got.label if got else 'the end'}')")
        r.pause, r.fast = self.pause, self.fast
        if agents is not None:
            r.m.agents = agents
        if dice is not None:
            r.m.dice = dice
        return r


def resumable_trampoline(m: MatchState) -> Trampoline | None:
    """A trampoline that asks `m`'s agents at every decision, or None if its rules cannot pause."""
    try:
        return Trampoline(m, forms_of(m.ed), pause=False)
    except Unresumable:
        return None


RESUMABLE[:] = [resumable_trampoline]  # MatchState.run plays a searching agent's match with it


def start(m: MatchState, pause: bool = True) -> Trampoline:
    """A trampoline for `m` from the kick-off, run up to its first pause (or the end)."""
    r = Trampoline(m, forms_of(m.ed), pause)
    r.run()
    return r


__all__ = ["Forms", "Frame", "Trampoline", "forms_of", "resumable_trampoline", "start"]

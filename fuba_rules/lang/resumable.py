"""The resumable form of the rules that can pause at a decision: explicit frames.

The fast form (`codegen`) runs a match as nested Python calls, which cannot be paused
half-way and copied. This module writes a second form of every procedure and every
block piece (a hook's or a table row's `do:`) that can reach a decision: the
call-graph closure over `choose`/`may_choose`, `choose` blocks, `trigger` of a trigger
whose hooks may decide, `apply` of rows that may decide, and calls of such procedures.
Pure functions never can, and are shared with the fast form.

A resumable function `_R_x(m, f)` runs its frame `f` from `f.pc` with the locals
saved in `f.L`. Its body is lowered to blocks split at the suspension points; at one
it saves its locals and pc and *returns a request* (`Req`: call a procedure, fire a
trigger, apply a row, run a piece, decide) instead of calling; the trampoline in
`engine/frames.py` serves the request and resumes the frame with the answer in
`f.ret`. A suspension point inside an expression is hoisted out first (A-normal
form): the operands evaluated before it go to temporaries in the same left-to-right
order, and `and`/`or`/ternaries around one become jumps, so the order of evaluation,
and therefore every log, is the fast form's. `scope` regions are static: a `leave`
is caught by looking up `(pc, name)` in the function's scope table, both for leaves
raised in the function and for leaves coming up from the frames above it.

Statements without a suspension point are written by the fast form's own generator,
unchanged, so both forms share one definition of every operation. Faults still point
at the YAML line: the lines of the resumable function have the same line tables.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NoReturn, Protocol

import attrs

from ..diagnostics import Pos
from . import nodes as n
from .codegen import Generator, Source, local
from .compiler import Callable_, Compiler, locals_of
from .helpers import Fn
from .runtime import MAX_LOOP, Value

DECIDING = ("choose", "may_choose")


class Unresumable(Exception):
    """Rule text the resumable form cannot lower (a decision inside a comprehension, or
    deep in a chained comparison): the driver falls back to replaying (see driver.py)."""


@attrs.define(eq=False)
class Raw(n.Node):
    """A value already computed into a Python temporary (a hoisted suspension point)."""

    text: str


class _ExprGen(Generator):
    hoist = False  # its expressions are cut at suspension points; they read state in place
    inline_calls = False  # the same: a function read in place would be cut too

    def _e_Raw(self, src: Source, e: Raw) -> str:
        return e.text


class Req:
    """What a paused frame asks the trampoline to do, then resume it with the result.

    kind: 'p' call a resumable procedure (a: its `RCode`, b: arguments); 'r' call a rule
    by name; 'f' fire trigger a with parameters b; 'h' run hook a (b: parameters,
    c: owner); 'a' apply row a; 'x' run block piece a with values b; 'd' decide
    (a: the decision's arguments); 'v' no work, the result is a."""

    __slots__ = ("a", "b", "c", "kind")

    def __init__(self, kind: str, a: Any = None, b: Any = None, c: Any = None):
        self.kind, self.a, self.b, self.c = kind, a, b, c


@attrs.define(eq=False)
class RCode:
    """One resumable function and what the trampoline needs to run it."""

    name: str
    fn: Callable[..., Any]  # fn(m, frame) -> result or Req
    scopes: dict[tuple[int, str], int]  # (pc, scope name) -> the pc after that scope
    resume_pos: dict[int, Pos]  # pc -> the position of the line that paused there
    fast: Callable_ | Fn | None = None  # the fast form: a procedure's `Callable_`, a piece's f(m, L)
    params: tuple[str, ...] = ()
    ref: str = ""
    where: Pos | None = None
    source: str = ""


class _Fn:
    """The blocks of one resumable function being written."""

    def __init__(self) -> None:
        self.blocks: list[list[tuple[str, Pos]]] = [[]]
        self.block_scopes: list[tuple[tuple[str, int], ...]] = [()]
        self.scopes: tuple[tuple[str, int], ...] = ()
        self.cur = 0
        self.temps = itertools.count()
        self.names: set[str] = set()
        self.resume_pos: dict[int, Pos] = {}

    def new(self) -> int:
        self.blocks.append([])
        self.block_scopes.append(self.scopes)
        return len(self.blocks) - 1

    def emit(self, text: str, pos: Pos) -> None:
        self.blocks[self.cur].append((text, pos))

    def goto(self, k: int, pos: Pos) -> None:
        self.emit(f"pc = {k}; continue", pos)

    def temp(self) -> str:
        name = f"_h{next(self.temps)}"
        self.names.add(name)
        return name


def _is_simple(e: n.Node) -> bool:
    """Reading it later gives the same value: constants and locals (rules never change a
    local inside an expression)."""
    return isinstance(e, (n.Const, Raw)) or (isinstance(e, n.Name) and e.kind in ("local", "const", "builtin"))


class HookFacts(Protocol):
    """What the closure reads of a hook (`edition.Hook`): whether it may ask or run a rule that pauses."""

    @property
    def optional(self) -> bool: ...
    @property
    def do(self) -> Fn | None: ...
    @property
    def cost(self) -> object: ...  # a number or a rule: only whether there is one matters


class Resumable:
    """Writes and compiles the resumable forms of one compiled edition's rules."""

    def __init__(self, comp: Compiler, hooks_at: Mapping[str, Sequence[HookFacts]], match_cfg: Mapping[str, Value]) -> None:
        self.comp = comp
        self.gen = _ExprGen(comp)
        self.hooks_at = hooks_at
        self.match_cfg = match_cfg
        self.procs: set[str] = set()
        self.pieces: set[Fn] = set()
        self.triggers: set[str] = set()
        self.rows = False
        self._memo: dict[int, tuple[object, bool]] = {}  # id -> (the object, kept so its id stays its own; the answer)
        self._closure()
        self.codes: dict[str, RCode] = {}
        self.code_names: dict[str, str] = {}
        self.piece_codes: dict[Fn, RCode] = {}

    # ---- which rules can pause
    def _closure(self) -> None:
        """The least fixpoint: a rule pauses if it decides, or calls, fires or applies
        something that pauses. Each body is walked once; the fixpoint runs on its facts."""
        procs = {name: _facts(body) for name, body in self.comp.bodies.items()}
        pieces = {fn: _facts(body) for fn, (body, _) in self.comp.piece_bodies.items()}
        rows = [r.run for t in self.comp.tables.values() for r in t.exact.values() if getattr(r, "run", None) is not None]
        pay = [self.match_cfg.get("pay"), self.match_cfg.get("can_pay")]

        def pauses(f: tuple[bool, set[str], set[str], bool]) -> bool:
            decides, calls, fires, applies = f
            return decides or not calls.isdisjoint(self.procs) or not fires.isdisjoint(self.triggers) or (applies and self.rows)

        changed = True
        while changed:
            changed = False
            for name, f in procs.items():
                if name not in self.procs and pauses(f):
                    self.procs.add(name)
                    changed = True
            for fn, f in pieces.items():
                if fn not in self.pieces and pauses(f):
                    self.pieces.add(fn)
                    changed = True
            if not self.rows and any(r in self.pieces for r in rows):
                self.rows = changed = True
            pays = any(p in self.procs for p in pay)
            for trig, hooks in self.hooks_at.items():
                if trig not in self.triggers and any(h.optional or h.do in self.pieces or (h.cost and pays) for h in hooks):
                    self.triggers.add(trig)
                    changed = True

    def suspends(self, x: n.Node | list[n.Node]) -> bool:
        """Can running `x` (a node or a list of statements) reach a decision?"""
        hit = self._memo.get(id(x))
        if hit is None or hit[0] is not x:
            hit = self._memo[id(x)] = (x, any(self._pauses(y) for y in n.walk(x)))  # x kept: its id stays its own
        return hit[1]

    def _pauses(self, y: n.Node) -> bool:
        if isinstance(y, n.Call):
            return (y.kind == "procedure" and (y.target or y.name) in self.procs) or (y.kind == "special" and y.name in DECIDING)
        if isinstance(y, n.Trigger):
            return y.name in self.triggers
        if isinstance(y, n.Apply):
            return self.rows
        return isinstance(y, n.Choose)

    # ---- building
    def build(self) -> None:
        """Write every resumable procedure and piece (raises `Unresumable`)."""
        for name in sorted(self.procs):
            proc = self.comp.procs[name]
            gname = self.code_names[name] = f"_RP_{len(self.codes)}"
            self.comp.G[gname] = self.codes[name] = RCode(name, _unset, {}, {}, proc, proc.params, proc.ref, proc.pos)
        for name, code in self.codes.items():
            params = tuple(local(p) for p in code.params)
            self._write(code, self.comp.bodies[name], params, code.where or Pos("<rule>", 1, 1))
        for fn, (body, pos) in self.comp.piece_bodies.items():  # in the order they were compiled
            if fn not in self.pieces:
                continue
            names = locals_of(body)
            code = RCode(f"piece {pos}", _unset, {}, {}, fn, names)
            self._write(code, body, tuple(local(p) for p in names), pos)
            self.piece_codes[fn] = code

    def _write(self, code: RCode, body: n.Block, params: tuple[str, ...], pos: Pos) -> None:
        fn = _Fn()
        fn.names.update(params)
        for x in n.walk(body):
            if isinstance(x, n.Let):
                fn.names.add(local(x.name))
            elif isinstance(x, n.For):
                fn.names.add(local(x.var))
        self.block(fn, n.statements(body))
        fn.emit("return None", pos)
        src = Source(f"resumable {code.name}", pos)
        fname = self.comp.fresh("_R")
        src.emit(0, f"def {fname}(m, f):")
        src.emit(1, "L = f.L")
        for name in sorted(fn.names):
            src.emit(1, f"if {name!r} in L: {name} = L[{name!r}]")
        src.emit(1, "pc = f.pc")
        src.emit(1, "while True:")
        src.emit(2, "try:")
        self._dispatch(src, fn, 0, len(fn.blocks), 3)
        src.emit(2, "except _Leave as _le:")
        src.emit(3, f"pc = _SC_{fname}.get((pc, _le.name))")
        src.emit(3, "if pc is None: raise")
        scopes: dict[tuple[int, str], int] = {}
        for pc, active in enumerate(fn.block_scopes):
            for name, exit_pc in active:  # innermost first
                scopes.setdefault((pc, name), exit_pc)
        self.comp.G[f"_SC_{fname}"] = scopes
        code.fn = self.comp._exec(src, fname)
        code.scopes = scopes
        code.resume_pos = fn.resume_pos
        code.source = src.text()

    def _dispatch(self, src: Source, fn: _Fn, lo: int, hi: int, ind: int) -> None:
        """Blocks lo..hi-1 behind a binary search on pc: a jump costs log(blocks) tests."""
        if hi - lo == 1:
            lines = fn.blocks[lo] or [("pass", Pos("<rule>", 1, 1))]
            for text, pos in lines:
                src.emit(ind, text, pos)
            return
        mid = (lo + hi) // 2
        here = fn.blocks[lo][0][1] if fn.blocks[lo] else src.here
        src.emit(ind, f"if pc < {mid}:", here)
        self._dispatch(src, fn, lo, mid, ind + 1)
        src.emit(ind, "else:", here)
        self._dispatch(src, fn, mid, hi, ind + 1)

    # ---- statements
    def block(self, fn: _Fn, stmts: list[n.Node]) -> None:
        for s in stmts:
            if self.suspends(s):
                getattr(self, "_s_" + type(s).__name__)(fn, s)
            else:
                self.verbatim(fn, s)

    def verbatim(self, fn: _Fn, s: n.Node) -> None:
        """A statement with no suspension point, as the fast form writes it."""
        scratch = Source("scratch", s.pos)
        self.gen.block(scratch, [s], 0)
        for text, pos in zip(scratch.lines, scratch.pos):
            fn.emit(text, pos)

    def suspend(self, fn: _Fn, request: str, pos: Pos) -> None:
        """Save pc and locals and hand `request` to the trampoline; go on in a new block."""
        k = fn.new()
        fn.emit(f"f.pc = {k}; f.L = _save(_locals()); return {request}", pos)
        fn.resume_pos[k] = pos
        fn.cur = k

    def result(self, fn: _Fn, pos: Pos) -> Raw:
        t = fn.temp()
        fn.emit(f"{t} = f.ret", pos)
        return Raw(pos, t)

    def _s_Let(self, fn: _Fn, s: n.Let) -> None:
        self.verbatim(fn, attrs.evolve(s, value=self.value(fn, s.value)))

    def _s_Set(self, fn: _Fn, s: n.Set) -> None:
        *keys, value = self.in_order(fn, [*s.indices, s.value])
        self.verbatim(fn, attrs.evolve(s, indices=keys, value=value))

    def _s_ExprStmt(self, fn: _Fn, s: n.ExprStmt) -> None:
        v = self.value(fn, s.call)
        if isinstance(v, n.Call):  # else the call paused, and its result (`Raw`) is dropped
            self.verbatim(fn, attrs.evolve(s, call=v))

    def _s_Return(self, fn: _Fn, s: n.Return) -> None:
        self.verbatim(fn, attrs.evolve(s, value=self.value(fn, s.value) if s.value is not None else None))

    def _s_Trigger(self, fn: _Fn, s: n.Trigger) -> None:
        keys = list(s.kwargs)
        vals = self.in_order(fn, [s.kwargs[k] for k in keys])
        s = attrs.evolve(s, kwargs=dict(zip(keys, vals)))
        if s.name not in self.triggers:
            self.verbatim(fn, s)
            return
        self.suspend(fn, f"_Req('f', {s.name!r}, {self.gen._dict(_scratch(s), s.kwargs)})", s.pos)

    def _s_Apply(self, fn: _Fn, s: n.Apply) -> None:
        row = self.value(fn, s.row)
        self.suspend(fn, f"_apply_req({self.expr(row)})", s.pos)

    def _s_If(self, fn: _Fn, s: n.If) -> None:
        end = fn.new()
        for cond, body in s.branches:
            c = self.value(fn, cond)
            nxt = fn.new()
            fn.emit(f"if not ({self.expr(c)}): pc = {nxt}; continue", s.pos)
            self.block(fn, body)
            fn.goto(end, s.pos)
            fn.cur = nxt
        self.block(fn, s.orelse)
        fn.goto(end, s.pos)
        fn.cur = end

    def _loop(self, fn: _Fn, s: n.Repeat | n.For, setup: str, test: str, step: str) -> None:
        end, head = fn.new(), fn.new()
        fn.emit(setup, s.pos)
        fn.goto(head, s.pos)
        fn.cur = head
        fn.emit(f"if {test}: pc = {end}; continue", s.pos)
        fn.emit(step, s.pos)
        self.block(fn, s.body)
        fn.goto(head, s.pos)
        fn.cur = end

    def _s_Repeat(self, fn: _Fn, s: n.Repeat) -> None:
        count, i = fn.temp(), fn.temp()
        c = self.value(fn, s.count)
        self._loop(fn, s, f"{count} = _len(_times(m, {self.expr(c)}, {self.comp.position(s.pos)})); {i} = 0", f"{i} >= {count}", f"{i} += 1")

    def _s_For(self, fn: _Fn, s: n.For) -> None:
        seq, i = fn.temp(), fn.temp()
        it = self.value(fn, s.iterable)
        setup = f"{seq} = _each(m, {self.expr(it)}, {self.comp.position(s.pos)}); {i} = 0"
        self._loop(fn, s, setup, f"{i} >= _len({seq})", f"{local(s.var)} = {seq}[{i}]; {i} += 1")

    def _s_While(self, fn: _Fn, s: n.While) -> None:
        w = fn.temp()
        p = self.comp.position(s.pos)
        end, head = fn.new(), fn.new()
        fn.emit(f"{w} = 0", s.pos)
        fn.goto(head, s.pos)
        fn.cur = head
        fn.emit(f"if {w} == {MAX_LOOP}: _endless_while({p})", s.pos)
        fn.emit(f"{w} += 1", s.pos)
        c = self.value(fn, s.cond)
        fn.emit(f"if not ({self.expr(c)}): pc = {end}; continue", s.pos)
        fn.emit("m.budget -= 1", s.pos)
        fn.emit(f"if m.budget < 0: _exhausted({p})", s.pos)
        self.block(fn, s.body)
        fn.goto(head, s.pos)
        fn.cur = end

    def _s_Scope(self, fn: _Fn, s: n.Scope) -> None:
        end = fn.new()
        outer = fn.scopes
        fn.scopes = ((s.name, end), *outer)
        start = fn.new()
        fn.goto(start, s.pos)
        fn.cur = start
        self.block(fn, s.body)
        fn.goto(end, s.pos)
        fn.scopes = outer
        fn.cur = end

    def _s_Choose(self, fn: _Fn, s: n.Choose) -> None:
        """As the fast form: guards in order, the team, the decision, the chosen body."""
        legal, index, advice, pick = fn.temp(), fn.temp(), fn.temp(), fn.temp()
        scored = any(o.prefer is not None for o in s.options)
        end = fn.new()
        fn.emit(f"{legal} = []; {index} = []; {advice} = []", s.pos)
        for i, o in enumerate(s.options):
            add = f"{legal}.append({o.label!r}); {index}.append({i})"
            if scored:
                add += f"; {advice}.append(" + (f"lambda: {self.expr(o.prefer)}" if o.prefer is not None else "None") + ")"
            if o.guard is None:
                fn.emit(add, s.pos)
            else:
                fn.emit(f"if {self.expr(self.value(fn, o.guard))}: {add}", s.pos)
        fn.emit(f"if not {legal}: pc = {end}; continue", s.pos)
        team = self.value(fn, s.team)
        scores = f"_advice({advice})" if scored else "None"
        self.suspend(fn, f"_Req('d', ({self.expr(team)}, {s.label!r}, {legal}, {scores}, False))", s.pos)
        fn.emit(f"{pick} = {index}[{legal}.index(f.ret)]", s.pos)
        for i, o in enumerate(s.options):
            nxt = fn.new()
            fn.emit(f"if {pick} != {i}: pc = {nxt}; continue", s.pos)
            self.block(fn, o.body)
            fn.goto(end, s.pos)
            fn.cur = nxt
        fn.goto(end, s.pos)
        fn.cur = end

    # ---- expressions
    def expr(self, e: n.Node) -> str:
        return self.gen.expr(_scratch(e), e)

    def in_order(self, fn: _Fn, items: list[n.Node]) -> list[n.Node]:
        """`items` evaluated left to right, with every one evaluated before the last
        suspension point computed into a temporary first."""
        paused = [i for i, x in enumerate(items) if x is not None and self.suspends(x)]
        if not paused:
            return list(items)
        last = paused[-1]
        out = list(items)
        for i, x in enumerate(items[: last + 1]):
            if x is None:
                continue
            if i == last or self.suspends(x):
                out[i] = self.value(fn, x)
            elif not _is_simple(x):
                t = fn.temp()
                fn.emit(f"{t} = {self.expr(x)}", x.pos)
                out[i] = Raw(x.pos, t)
        return out

    def value(self, fn: _Fn, e: n.Node) -> n.Node:
        """`e` with its suspension points computed first: a node without any."""
        if not self.suspends(e):
            return e
        if type(e) is n.Call:
            return self._call(fn, e)
        if type(e) is n.BinOp and e.op in ("and", "or"):
            if not self.suspends(e.right):
                return attrs.evolve(e, left=self.value(fn, e.left))
            return self._branch(fn, e.pos, self.value(fn, e.left), e.right, None if e.op == "and" else "not ")
        if type(e) is n.Ternary:
            if not (self.suspends(e.then) or self.suspends(e.other)):
                return attrs.evolve(e, cond=self.value(fn, e.cond))
            return self._ternary(fn, e)
        if type(e) is n.Template:
            nodes = [p for p in e.parts if isinstance(p, n.Node)]
            vals = iter(self.in_order(fn, nodes))
            return attrs.evolve(e, parts=[next(vals) if isinstance(p, n.Node) else p for p in e.parts])
        if type(e) is n.Subscript:
            obj, index = self.in_order(fn, [e.obj, e.index])
            return attrs.evolve(e, obj=obj, index=index)
        if type(e) is n.Unary:
            return attrs.evolve(e, operand=self.value(fn, e.operand))
        if type(e) is n.BinOp:
            left, right = self.in_order(fn, [e.left, e.right])
            return attrs.evolve(e, left=left, right=right)
        if type(e) is n.Compare and all(not self.suspends(x) for _, x in e.rest[1:]):
            first, second = self.in_order(fn, [e.first, e.rest[0][1]])
            return attrs.evolve(e, first=first, rest=[(e.rest[0][0], second), *e.rest[1:]])
        if type(e) is n.Range:
            low, high = self.in_order(fn, [e.low, e.high])
            return attrs.evolve(e, low=low, high=high)
        if type(e) is n.ListLit:
            return attrs.evolve(e, items=self.in_order(fn, list(e.items)))
        if type(e) is n.Record:
            keys = list(e.fields)
            return attrs.evolve(e, fields=dict(zip(keys, self.in_order(fn, [e.fields[k] for k in keys]))))
        raise Unresumable(f"{e.pos}: a decision or a procedure that can decide inside a {type(e).__name__.lower()} cannot pause")

    def _branch(self, fn: _Fn, pos: Pos, left: n.Node, right: n.Node, negate: str | None) -> Raw:
        """`left and right` / `left or right` whose right side can pause: a jump."""
        t = fn.temp()
        fn.emit(f"{t} = {self.expr(left)}", pos)
        end, rhs = fn.new(), fn.new()
        fn.emit(f"if {negate or ''}{t}: pc = {rhs}; continue", pos)
        fn.goto(end, pos)
        fn.cur = rhs
        fn.emit(f"{t} = {self.expr(self.value(fn, right))}", pos)
        fn.goto(end, pos)
        fn.cur = end
        return Raw(pos, t)

    def _ternary(self, fn: _Fn, e: n.Ternary) -> Raw:
        t = fn.temp()
        c = self.value(fn, e.cond)
        end, other = fn.new(), fn.new()
        fn.emit(f"if not ({self.expr(c)}): pc = {other}; continue", e.pos)
        fn.emit(f"{t} = {self.expr(self.value(fn, e.then))}", e.pos)
        fn.goto(end, e.pos)
        fn.cur = other
        fn.emit(f"{t} = {self.expr(self.value(fn, e.other))}", e.pos)
        fn.goto(end, e.pos)
        fn.cur = end
        return Raw(e.pos, t)

    def _call(self, fn: _Fn, e: n.Call) -> n.Node:
        if e.kind == "special" and e.name in DECIDING:
            opts, team, label = self.in_order(fn, [e.args[2], e.args[0], e.args[1]])  # the fast form's order
            call = attrs.evolve(e, args=[team, label, opts])
            text = self.expr(call)
            assert text.startswith("_choose(")
            self.suspend(fn, "_choose_req(" + text[len("_choose(") :], e.pos)
            return self.result(fn, e.pos)
        if e.kind in ("procedure", "function"):
            name = e.target or e.name  # parent(...) is an ordinary call to the renamed base rule
            params = self.comp.param_table[e.kind][name]
            if e.pass_on:  # parent() without arguments: the caller's own values of the same names
                items: list[n.Node] = [Raw(e.pos, local(p)) for p in e.pass_on]
            else:
                items = list(e.args) + [e.kwargs[p] for p in params[len(e.args) :]]
            args = self.in_order(fn, items)
            if e.kind == "procedure" and name in self.procs:
                code = self.code_names[name]
                self.suspend(fn, f"_Req('p', {code}, [{', '.join(self.expr(a) for a in args)}])", e.pos)
                return self.result(fn, e.pos)
            return attrs.evolve(e, args=args, kwargs={})
        if e.kind == "primitive":
            prim = self.comp.registry.primitives[e.name]
            keys = [p for p in prim.params if p in e.kwargs] + [k for k in e.kwargs if k not in prim.params]
        elif e.name == "log":
            keys = [k for k in ("tag", "team", "ref", "data") if k in e.kwargs]  # codegen's _special_log order
        else:
            keys = list(e.kwargs)
        vals = self.in_order(fn, [*e.args, *(e.kwargs[k] for k in keys)])
        kwargs = dict(e.kwargs)
        kwargs.update(zip(keys, vals[len(e.args) :]))
        return attrs.evolve(e, args=vals[: len(e.args)], kwargs=kwargs)


def _facts(body: n.Block) -> tuple[bool, set[str], set[str], bool]:
    """What a rule does that may pause: decides itself, calls procedures, fires triggers, applies rows."""
    decides, calls, fires, applies = False, set(), set(), False
    for y in n.walk(body):
        if isinstance(y, n.Call):
            if y.kind == "procedure":
                calls.add(y.target or y.name)
            elif y.kind == "special" and y.name in DECIDING:
                decides = True
        elif isinstance(y, n.Choose):
            decides = True
        elif isinstance(y, n.Trigger):
            fires.add(y.name)
        elif isinstance(y, n.Apply):
            applies = True
    return decides, calls, fires, applies


def _scratch(node: n.Node) -> Source:
    return Source("scratch", node.pos)


def _unset(m: object, f: object) -> NoReturn:  # pragma: no cover - replaced when the code is written
    raise AssertionError("resumable code used before it was written")

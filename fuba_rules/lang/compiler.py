"""Checked nodes to Python closures, compiled once when an edition loads.

Every compiled expression is `f(m, L)`: `m` is the host (the match) and `L` the dict
of local values. Statements return None, or a `_Ret` box for `return`, so the block
loop needs no exception for the common case. Loops and calls spend the host's step
budget; no closure can reach anything the registry does not expose.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import attrs

from ..diagnostics import Pos
from . import nodes as n
from .checker import BOUND_IN_PREFER, StateSpec
from .core import render, type_name
from .registry import Registry
from .runtime import MAX_DEPTH, MAX_LIST, MAX_LOOP, LeaveScope, RuleFault, spend

Fn = Callable[[Any, dict], Any]


class _Ret:
    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value


class Row(dict):
    """A table row: its fields read like a record; `apply row` runs its `do:`."""

    __slots__ = ("run", "key", "table")

    def __init__(self, fields: dict, run: Fn | None, key: str, table: str):
        super().__init__(fields)
        self.run = run
        self.key = key
        self.table = table


@attrs.define
class Table:
    """Rows by dice outcome or by key. Row keys such as "3", "1-2", "4,5" or "1/1-2" are
    expanded into exact outcomes when the edition loads, so a lookup is one dict access."""

    name: str
    ref: str
    exact: dict[Any, Any]

    def lookup(self, key: Any) -> Any:
        if isinstance(key, list):
            key = tuple(key)
        hit = self.exact.get(key, _MISSING)
        if hit is not _MISSING:
            return hit
        raise LookupError(f"table '{self.name}' has no row for {render(list(key) if isinstance(key, tuple) else key)}")


_MISSING = object()


@attrs.define
class Callable_:
    """A compiled rule procedure or function."""

    name: str
    params: tuple[str, ...]
    ref: str
    pos: Pos
    body: Fn
    is_block: bool

    def __call__(self, m: Any, args: list) -> Any:
        if m.depth >= MAX_DEPTH:
            raise RuleFault(self.pos, f"calls nest deeper than {MAX_DEPTH} (endless recursion in '{self.name}'?)")
        spend(m, self.pos)
        m.depth += 1
        old, at = m.ref, m.at
        if self.ref:
            m.ref = self.ref
        try:
            r = self.body(m, dict(zip(self.params, args)))
        finally:
            m.ref = old
            m.depth -= 1
        m.at = at  # a fault later in the caller's statement points at the caller
        if self.is_block:
            return r.value if r is not None else None
        return r


@attrs.define
class Modifier:
    id: str
    ref: str
    text: str
    when: Fn | None
    value: Fn


_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod}
_CMP = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "in": lambda a, b: a in b,
    "not in": lambda a, b: a not in b,
}


def _field(v: Any, f: str) -> Any:
    if isinstance(v, dict):
        if f in v:
            return v[f]
        raise KeyError(f"the record has no field '{f}' (it has: {', '.join(map(str, v)) or 'none'})")
    raise TypeError(f"cannot read field '{f}' of {type_name(v)}")


def _index(o: Any, k: Any) -> Any:
    if isinstance(o, Table):
        return o.lookup(k)
    if isinstance(o, list):
        if not isinstance(k, int) or isinstance(k, bool):
            raise TypeError(f"a list index must be a number, got {type_name(k)}")
        return o[k]
    if isinstance(o, dict):
        if k not in o:
            raise KeyError(f"no entry {render(k)}")
        return o[k]
    raise TypeError(f"cannot index {type_name(o)}")


class Compiler:
    """Compiles checked nodes. `procs`, `funcs`, `tables` and `modifiers` are filled by the caller."""

    def __init__(self, registry: Registry, state: dict[str, StateSpec], constants: dict[str, Any]):
        self.registry = registry
        self.state = state
        self.constants = constants
        self.procs: dict[str, Callable_] = {}
        self.funcs: dict[str, Callable_] = {}
        self.tables: dict[str, Table] = {}
        self.modifiers: dict[str, list[Modifier]] = {}
        self.param_table: dict[str, dict[str, tuple[str, ...]]] = {"procedure": {}, "function": {}}

    # ---- blocks and statements
    def block(self, stmts: list[n.Node]) -> Fn:
        fns = [(s.pos, self.stmt(s)) for s in stmts]
        if len(fns) == 1:
            (pos, f) = fns[0]

            def one(m, L):
                m.at = pos
                return f(m, L)

            return one

        def run(m, L):
            for pos, f in fns:
                m.at = pos
                r = f(m, L)
                if r is not None:
                    return r
            return None

        return run

    def stmt(self, s: n.Node) -> Fn:
        method = getattr(self, "_s_" + type(s).__name__)
        return method(s)

    def _s_Pass(self, s: n.Pass) -> Fn:
        return lambda m, L: None

    def _s_Let(self, s: n.Let) -> Fn:
        name, v = s.name, self.expr(s.value)

        def let(m, L):
            L[name] = v(m, L)

        return let

    def _s_Set(self, s: n.Set) -> Fn:
        v, op = self.expr(s.value), s.op
        name = s.target.parts[0] if s.target.kind == "local" else s.target.dotted
        if s.target.kind == "local":

            def set_local(m, L):
                new = v(m, L)
                L[name] = new if op == "=" else (L[name] + new if op == "+=" else L[name] - new)

            return set_local
        spec = self.state[name]
        idx = [self.expr(i) for i in s.indices]
        lo, hi = spec.min, spec.max

        def set_state(m, L):
            keys = [i(m, L) for i in idx]
            box = m.S
            slot: Any = name
            for k in keys:
                box = box[slot]
                if k not in box:
                    raise RuleFault(m.at, f"'{name}' has no entry {render(k)}")
                slot = k
            old = box[slot]
            new = v(m, L)
            if op == "+=":
                new = old + new
            elif op == "-=":
                new = old - new
            if isinstance(new, int) and not isinstance(new, bool):
                if lo is not None and new < lo:
                    new = lo
                if hi is not None and new > hi:
                    new = hi
            if new != old:
                box[slot] = new
                m.emit("set", {"var": name, "index": keys, "from": old, "to": new})

        return set_state

    def _s_ExprStmt(self, s: n.ExprStmt) -> Fn:
        f = self.expr(s.call)

        def call(m, L):
            f(m, L)

        return call

    def _s_Leave(self, s: n.Leave) -> Fn:
        name = s.scope

        def leave(m, L):
            raise LeaveScope(name)

        return leave

    def _s_Return(self, s: n.Return) -> Fn:
        v = self.expr(s.value) if s.value is not None else (lambda m, L: None)
        return lambda m, L: _Ret(v(m, L))

    def _s_Trigger(self, s: n.Trigger) -> Fn:
        name = s.name
        kws = [(k, self.expr(e)) for k, e in s.kwargs.items()]

        def trigger(m, L):
            m.fire(name, {k: f(m, L) for k, f in kws})

        return trigger

    def _s_Apply(self, s: n.Apply) -> Fn:
        row = self.expr(s.row)

        def apply(m, L):
            r = row(m, L)
            if not isinstance(r, Row) or r.run is None:
                raise TypeError(f"apply needs a table row with a do:, got {render(r)}")
            old = m.ref
            m.ref = r.get("ref", old) or old
            try:
                r.run(m, {})
            finally:
                m.ref = old

        return apply

    def _s_If(self, s: n.If) -> Fn:
        branches = [(self.expr(c), self.block(b)) for c, b in s.branches]
        orelse = self.block(s.orelse) if s.orelse else None
        if len(branches) == 1:
            (c, b) = branches[0]
            if orelse is None:
                return lambda m, L: b(m, L) if c(m, L) else None
            return lambda m, L: b(m, L) if c(m, L) else orelse(m, L)

        def if_(m, L):
            for c, b in branches:
                if c(m, L):
                    return b(m, L)
            return orelse(m, L) if orelse else None

        return if_

    def _s_Repeat(self, s: n.Repeat) -> Fn:
        count, body, pos = self.expr(s.count), self.block(s.body), s.pos

        def repeat(m, L):
            times = count(m, L)
            if not isinstance(times, int) or times > MAX_LOOP:
                raise RuleFault(pos, f"repeat needs a count up to {MAX_LOOP}, got {render(times)}")
            for _ in range(times):
                spend(m, pos)
                r = body(m, L)
                if r is not None:
                    return r
            return None

        return repeat

    def _s_For(self, s: n.For) -> Fn:
        var, items, body, pos = s.var, self.expr(s.iterable), self.block(s.body), s.pos

        def for_(m, L):
            seq = items(m, L)
            if not isinstance(seq, list):
                raise TypeError(f"for needs a list, got {type_name(seq)}")
            for x in list(seq):
                spend(m, pos)
                L[var] = x
                r = body(m, L)
                if r is not None:
                    return r
            return None

        return for_

    def _s_While(self, s: n.While) -> Fn:
        cond, body, pos = self.expr(s.cond), self.block(s.body), s.pos

        def while_(m, L):
            for _ in range(MAX_LOOP):
                if not cond(m, L):
                    return None
                spend(m, pos)
                r = body(m, L)
                if r is not None:
                    return r
            raise RuleFault(pos, f"while ran {MAX_LOOP} times without its condition becoming false")

        return while_

    def _s_Scope(self, s: n.Scope) -> Fn:
        name, body = s.name, self.block(s.body)

        def scope(m, L):
            try:
                return body(m, L)
            except LeaveScope as e:
                if e.name != name:
                    raise
                return None

        return scope

    def _s_Choose(self, s: n.Choose) -> Fn:
        team, label = self.expr(s.team), s.label
        opts = [
            (o.label, self.expr(o.guard) if o.guard else None, self.expr(o.prefer) if o.prefer else None, self.block(o.body))
            for o in s.options
        ]
        scored = any(p is not None for _, _, p, _ in opts)

        def choose(m, L):
            legal = [(lab, p, b) for lab, g, p, b in opts if g is None or g(m, L)]
            if not legal:
                return None
            scores = [p(m, L) if p else 0 for _, p, _ in legal] if scored else None
            pick = m.decide(team(m, L), label, [lab for lab, _, _ in legal], scores, False)
            for lab, _, b in legal:
                if lab == pick:
                    return b(m, L)
            return None

        return choose

    # ---- expressions
    def expr(self, e: n.Node) -> Fn:
        return getattr(self, "_e_" + type(e).__name__)(e)

    def _e_Const(self, e: n.Const) -> Fn:
        v = e.value
        return lambda m, L: v

    def _e_Template(self, e: n.Template) -> Fn:
        parts = [p if isinstance(p, str) else self.expr(p) for p in e.parts]
        return lambda m, L: "".join(p if isinstance(p, str) else render(p(m, L)) for p in parts)

    def _e_Name(self, e: n.Name) -> Fn:
        kind, fields = e.kind, e.fields
        if kind == "local":
            k, pos = e.parts[0], e.pos

            def base(m, L):
                try:
                    return L[k]
                except KeyError:
                    raise RuleFault(pos, f"'{k}' has no value here: give it one with let on every path before reading it") from None

        elif kind == "state":
            k = ".".join(e.parts[: len(e.parts) - len(fields)])
            base = lambda m, L: m.S[k]  # noqa: E731
        elif kind == "const":
            v = self.constants[e.parts[0]]
            base = lambda m, L: v  # noqa: E731
        elif kind == "table":
            tables, k = self.tables, e.parts[0]
            base = lambda m, L: tables[k]  # noqa: E731
        elif kind == "func":
            base = _pure_call(self.funcs, e.parts[0], (), [], e.pos)
        elif kind == "builtin":
            v = self.registry.constants[e.parts[0]]
            base = lambda m, L: v  # noqa: E731
        else:  # pragma: no cover - the checker resolved every name
            raise AssertionError(f"unchecked name {e.dotted}")
        if not fields:
            return base
        if len(fields) == 1:
            f0 = fields[0]
            return lambda m, L: _field(base(m, L), f0)

        def chain(m, L):
            v = base(m, L)
            for f in fields:
                v = _field(v, f)
            return v

        return chain

    def _e_Call(self, e: n.Call) -> Fn:
        if e.kind == "special":
            return getattr(self, "_special_" + e.name)(e)
        args = [self.expr(a) for a in e.args]
        if e.kind in ("procedure", "function"):
            table = self.procs if e.kind == "procedure" else self.funcs
            params = self._params_of(e.kind, e.name)
            args = args + [self.expr(e.kwargs[p]) for p in params[len(args):]]
            name = e.name
            if e.kind == "function":
                return _pure_call(self.funcs, name, params, args, e.pos)

            def call(m, L):
                return table[name](m, [a(m, L) for a in args])

            return call
        prim = self.registry.primitives[e.name]
        fn = prim.fn
        named = [p for p in prim.params if p in e.kwargs]
        args = args + [self.expr(e.kwargs[p]) for p in named]
        kws = {k: self.expr(v) for k, v in e.kwargs.items() if k not in prim.params}
        if kws:
            return lambda m, L: fn(m, *[a(m, L) for a in args], **{k: v(m, L) for k, v in kws.items()})
        if len(args) == 0:
            return lambda m, L: fn(m)
        if len(args) == 1:
            a0 = args[0]
            return lambda m, L: fn(m, a0(m, L))
        if len(args) == 2:
            a0, a1 = args
            return lambda m, L: fn(m, a0(m, L), a1(m, L))
        return lambda m, L: fn(m, *[a(m, L) for a in args])

    def _params_of(self, kind: str, name: str) -> tuple[str, ...]:
        return self.param_table[kind][name]

    def _special_rule(self, e: n.Call) -> Fn:
        rid = e.args[0].value  # type: ignore[attr-defined]
        return lambda m, L: rid in m.rules_on

    def _special_log(self, e: n.Call) -> Fn:
        text = self.expr(e.args[0])
        tag = self.expr(e.kwargs["tag"]) if "tag" in e.kwargs else None
        ref = self.expr(e.kwargs["ref"]) if "ref" in e.kwargs else None
        team = self.expr(e.kwargs["team"]) if "team" in e.kwargs else None

        def log(m, L):
            data = {"text": render(text(m, L))}
            if tag:
                data["tag"] = tag(m, L)
            if team:
                data["team"] = team(m, L)
            if ref:
                data["ref"] = ref(m, L)
            m.emit("log", data)

        return log

    def _special_modifiers(self, e: n.Call, silent: bool = False) -> Fn:
        """Sum the rows of a modifier group that apply; `modifiers` logs each one."""
        group = e.args[0].value  # type: ignore[attr-defined]
        kws = [(k, self.expr(v)) for k, v in e.kwargs.items()]
        mods = self.modifiers

        def total(m, L):
            L2 = {k: f(m, L) for k, f in kws}
            s = 0
            for row in mods[group]:
                if row.when is None or row.when(m, L2):
                    v = row.value(m, L2)
                    if v:
                        s += v
                        if not silent:
                            m.emit("modifier", {"group": group, "id": row.id, "value": v, "text": row.text, "ref": row.ref})
            return s

        return total

    def _special_modifier_total(self, e: n.Call) -> Fn:
        return self._special_modifiers(e, silent=True)

    def _choose(self, e: n.Call, optional: bool) -> Fn:
        team, label, options = (self.expr(a) for a in e.args)
        prefer = self.expr(e.kwargs["prefer"]) if "prefer" in e.kwargs else None
        pos = e.pos

        def choose(m, L):
            opts = options(m, L)
            if not isinstance(opts, list):
                raise TypeError(f"choose needs a list of options, got {type_name(opts)}")
            if not opts:
                if optional:
                    return None
                raise RuleFault(pos, f"no legal option for '{label(m, L)}'")
            scores = None
            if prefer is not None:
                scores = []
                inner = dict(L)
                for o in opts:
                    inner[BOUND_IN_PREFER] = o
                    scores.append(prefer(m, inner))
            return m.decide(team(m, L), label(m, L), opts, scores, optional)

        return choose

    def _special_choose(self, e: n.Call) -> Fn:
        return self._choose(e, False)

    def _special_may_choose(self, e: n.Call) -> Fn:
        return self._choose(e, True)

    def _e_Subscript(self, e: n.Subscript) -> Fn:
        o, k = self.expr(e.obj), self.expr(e.index)
        return lambda m, L: _index(o(m, L), k(m, L))

    def _e_Unary(self, e: n.Unary) -> Fn:
        v = self.expr(e.operand)
        if e.op == "not":
            return lambda m, L: not v(m, L)
        return lambda m, L: -v(m, L)

    def _e_BinOp(self, e: n.BinOp) -> Fn:
        a, b = self.expr(e.left), self.expr(e.right)
        if e.op == "and":
            return lambda m, L: a(m, L) and b(m, L)
        if e.op == "or":
            return lambda m, L: a(m, L) or b(m, L)
        f = _ARITH[e.op]
        if e.op == "+":
            return lambda m, L: _plus(a(m, L), b(m, L))
        return lambda m, L: _number(f(_num(a(m, L), e.op), _num(b(m, L), e.op)))

    def _e_Compare(self, e: n.Compare) -> Fn:
        first = self.expr(e.first)
        rest = [(_CMP[op], self.expr(x)) for op, x in e.rest]
        if len(rest) == 1:
            (f, b) = rest[0]
            return lambda m, L: f(first(m, L), b(m, L))

        def chain(m, L):
            left = first(m, L)
            for f, b in rest:
                right = b(m, L)
                if not f(left, right):
                    return False
                left = right
            return True

        return chain

    def _e_Range(self, e: n.Range) -> Fn:
        lo, hi = self.expr(e.low), self.expr(e.high)

        def rng(m, L):
            a, b = lo(m, L), hi(m, L)
            if b - a >= MAX_LIST:
                raise ValueError(f"range {a}..{b} is longer than {MAX_LIST}")
            return list(range(a, b + 1))

        return rng

    def _e_ListLit(self, e: n.ListLit) -> Fn:
        items = [self.expr(x) for x in e.items]
        return lambda m, L: [x(m, L) for x in items]

    def _e_Record(self, e: n.Record) -> Fn:
        fields = [(k, self.expr(v)) for k, v in e.fields.items()]
        return lambda m, L: {k: f(m, L) for k, f in fields}

    def _e_Ternary(self, e: n.Ternary) -> Fn:
        c, a, b = self.expr(e.cond), self.expr(e.then), self.expr(e.other)
        return lambda m, L: a(m, L) if c(m, L) else b(m, L)

    def _e_Comprehension(self, e: n.Comprehension) -> Fn:
        elem = self.expr(e.element)
        loops = [(var, self.expr(it), self.expr(c) if c is not None else None) for var, it, c in e.loops]
        pos = e.pos

        def comp(m, L):
            inner = dict(L)
            out: list = []

            def walk(i: int) -> None:
                if i == len(loops):
                    out.append(elem(m, inner))
                    if len(out) > MAX_LIST:
                        raise RuleFault(pos, f"a list grew beyond {MAX_LIST} elements")
                    return
                var, it, cond = loops[i]
                seq = it(m, inner)
                if not isinstance(seq, list):
                    raise TypeError(f"'for {var} in' needs a list, got {type_name(seq)}")
                for x in seq:
                    spend(m, pos)
                    inner[var] = x
                    if cond is None or cond(m, inner):
                        walk(i + 1)

            walk(0)
            return out

        return comp


def _pure_call(funcs: dict[str, Callable_], name: str, params: tuple[str, ...], args: list[Fn], pos: Pos) -> Fn:
    """A call of a rule function: pure, so no chapter bookkeeping, only depth and budget.

    Functions run on the hot path (counting players, offside...), so the common arities
    build their locals without zip or list.
    """

    def enter(m: Any) -> None:
        m.budget -= 1
        if m.depth >= MAX_DEPTH or m.budget < 0:
            raise RuleFault(pos, f"calls nest deeper than {MAX_DEPTH} or run too long (endless recursion in '{name}'?)")
        m.depth += 1

    if not args:

        def call0(m, L):
            enter(m)
            try:
                return funcs[name].body(m, {})
            finally:
                m.depth -= 1

        return call0
    if len(args) == 1:
        (p0,), (a0,) = params, args

        def call1(m, L):
            v0 = a0(m, L)
            enter(m)
            try:
                return funcs[name].body(m, {p0: v0})
            finally:
                m.depth -= 1

        return call1
    if len(args) == 2:
        (p0, p1), (a0, a1) = params, args

        def call2(m, L):
            v0, v1 = a0(m, L), a1(m, L)
            enter(m)
            try:
                return funcs[name].body(m, {p0: v0, p1: v1})
            finally:
                m.depth -= 1

        return call2

    def call(m, L):
        values = [a(m, L) for a in args]
        enter(m)
        try:
            return funcs[name].body(m, dict(zip(params, values)))
        finally:
            m.depth -= 1

    return call


MAX_NUMBER = 10**12
MAX_TEXT_VALUE = 10_000


def _num(v: Any, op: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"'{op}' needs numbers, got {type_name(v)}")
    return v


def _number(v: int) -> int:
    if abs(v) > MAX_NUMBER:
        raise ValueError(f"a number grew beyond {MAX_NUMBER:,}")
    return v


def _plus(a: Any, b: Any) -> Any:
    if isinstance(a, list) and isinstance(b, list):
        if len(a) + len(b) > MAX_LIST:
            raise ValueError(f"a list grew beyond {MAX_LIST} elements")
        return a + b
    if isinstance(a, str) or isinstance(b, str):
        out = render(a) + render(b)
        if len(out) > MAX_TEXT_VALUE:
            raise ValueError(f"a text grew beyond {MAX_TEXT_VALUE} characters")
        return out
    return _number(_num(a, "+") + _num(b, "+"))

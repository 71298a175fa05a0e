"""Checked nodes to Python functions, generated as source (`codegen`) and compiled once
when an edition loads.

Every rule becomes one Python function; every other piece of rule text (a hook's
condition, a modifier row, a table row's `do:`) becomes a function `f(m, L)` where `m`
is the host (the match) and `L` the dict of values it receives. The helpers below are
the only names generated code can reach besides the rules themselves: they keep the
checks the checker cannot prove (types, sizes) and charge the host's step budget by
the work done.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import attrs

from ..diagnostics import Pos
from . import nodes as n
from .checker import StateSpec
from .codegen import Generator, Source, function_source, lit, memo_prologue
from .core import render, type_name
from .registry import Registry
from .runtime import MAX_DEPTH, MAX_LIST, MAX_LOOP, LeaveScope, RuleFault

Fn = Callable[[Any, dict], Any]

MAX_NUMBER = 10**12
MAX_TEXT_VALUE = 10_000


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
    """A compiled rule procedure or function: `fn(m, *args)` is its generated function."""

    name: str
    params: tuple[str, ...]
    ref: str
    pos: Pos
    fn: Callable[..., Any]
    is_block: bool
    source: str = ""

    def __call__(self, m: Any, args: list) -> Any:
        return self.fn(m, *args)


@attrs.define
class Modifier:
    id: str
    ref: str
    text: str
    when: Fn | None
    value: Fn


# ---- helpers reachable from generated code --------------------------------------------------
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


def _num(v: Any, op: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"'{op}' needs numbers, got {type_name(v)}")
    return v


def _number(v: int) -> int:
    if abs(v) > MAX_NUMBER:
        raise ValueError(f"a number grew beyond {MAX_NUMBER:,}")
    return v


def charge(m: Any, work: int, pos: Pos | None) -> None:
    """Spend `work` steps at once (elements built, copied or summed)."""
    m.budget -= work
    if m.budget < 0:
        raise RuleFault(pos, "step budget exhausted: a loop or call chain runs too long")


def _add(m: Any, a: Any, b: Any) -> Any:
    if type(a) is int and type(b) is int:
        r = a + b
        if -MAX_NUMBER <= r <= MAX_NUMBER:
            return r
        raise ValueError(f"a number grew beyond {MAX_NUMBER:,}")
    if isinstance(a, list) and isinstance(b, list):
        if len(a) + len(b) > MAX_LIST:
            raise ValueError(f"a list grew beyond {MAX_LIST} elements")
        charge(m, len(a) + len(b), None)
        return a + b
    if isinstance(a, str) or isinstance(b, str):
        out = render(a) + render(b)
        if len(out) > MAX_TEXT_VALUE:
            raise ValueError(f"a text grew beyond {MAX_TEXT_VALUE} characters")
        charge(m, len(out) // 100, None)
        return out
    return _number(_num(a, "+") + _num(b, "+"))


def _arith(op: str, f: Callable[[int, int], int]) -> Callable[[Any, Any, Any], int]:
    def run(m: Any, a: Any, b: Any) -> int:
        if type(a) is int and type(b) is int:
            r = f(a, b)
        else:
            r = f(_num(a, op), _num(b, op))
        if -MAX_NUMBER <= r <= MAX_NUMBER:
            return r
        raise ValueError(f"a number grew beyond {MAX_NUMBER:,}")

    return run


def _set(m: Any, name: str, keys: list, op: str, new: Any, lo: Any, hi: Any) -> None:
    box = m.S
    slot: Any = name
    for k in keys:
        box = box[slot]
        if k not in box:
            raise RuleFault(None, f"'{name}' has no entry {render(k)}")
        slot = k
    old = box[slot]
    if op == "+=":
        new = _add(m, old, new)
    elif op == "-=":
        new = _sub(m, old, new)
    if isinstance(new, int) and not isinstance(new, bool):
        if lo is not None and new < lo:
            new = lo
        if hi is not None and new > hi:
            new = hi
    if new != old:
        box[slot] = new
        m.version += 1
        m.emit("set", {"var": name, "index": keys, "from": old, "to": new})


def _apply(m: Any, r: Any) -> None:
    if not isinstance(r, Row) or r.run is None:
        raise TypeError(f"apply needs a table row with a do:, got {render(r)}")
    old = m.ref
    m.ref = r.get("ref", old) or old
    try:
        r.run(m, {})
    finally:
        m.ref = old


def _times(m: Any, times: Any, pos: Pos) -> range:
    if not isinstance(times, int) or times > MAX_LOOP:
        raise RuleFault(pos, f"repeat needs a count up to {MAX_LOOP}, got {render(times)}")
    if times > 0:
        charge(m, times, pos)
    return range(times)


def _each(m: Any, seq: Any, pos: Pos, var: str = "") -> list:
    if not isinstance(seq, list):
        what = f"'for {var} in'" if var else "for"
        raise TypeError(f"{what} needs a list, got {type_name(seq)}")
    charge(m, len(seq), pos)
    return seq


def _capped(out: list, pos: Pos) -> list:
    if len(out) > MAX_LIST:
        raise RuleFault(pos, f"a list grew beyond {MAX_LIST} elements")
    return out


def _range(m: Any, a: Any, b: Any) -> list:
    if b - a >= MAX_LIST:
        raise ValueError(f"range {a}..{b} is longer than {MAX_LIST}")
    if b >= a:
        charge(m, b - a + 1, None)
    return list(range(a, b + 1))


def _exhausted(pos: Pos) -> None:
    raise RuleFault(pos, "step budget exhausted: a loop or call chain runs too long")


def _endless_while(pos: Pos) -> None:
    raise RuleFault(pos, f"while ran {MAX_LOOP} times without its condition becoming false")


def _advice(thunks: list) -> Callable[[], list]:
    return lambda: [t() if t is not None else 0 for t in thunks]


def _choose(m: Any, opts: Any, team: Any, label: Any, prefer: Any, optional: bool, pos: Pos) -> Any:
    if not isinstance(opts, list):
        raise TypeError(f"choose needs a list of options, got {type_name(opts)}")
    if not opts:
        if optional:
            return None
        raise RuleFault(pos, f"no legal option for '{label}'")
    scores = (lambda: [prefer(o) for o in opts]) if prefer is not None else None
    return m.decide(team, label, opts, scores, optional)


_sub = _arith("-", operator.sub)


class Compiler:
    """Generates and compiles checked nodes. `procs`, `funcs`, `tables` and `modifiers`
    are filled by the caller; generated code finds them through its globals."""

    def __init__(self, registry: Registry, state: dict[str, StateSpec], constants: dict[str, Any]):
        self.registry = registry
        self.state = state
        self.constants = constants
        self.procs: dict[str, Callable_] = {}
        self.funcs: dict[str, Callable_] = {}
        self.tables: dict[str, Table] = {}
        self.modifiers: dict[str, list[Modifier]] = {}
        self.param_table: dict[str, dict[str, tuple[str, ...]]] = {"procedure": {}, "function": {}}
        self.sources: dict[str, str] = {}  # rule name -> generated source, for `source_of`
        self.bodies: dict[str, Any] = {}  # procedure -> checked body, for the resumable form (lang.resumable)
        self.piece_bodies: dict[Any, tuple] = {}  # block piece's function -> (body, names, pos), likewise
        self.gen = Generator(self)
        self._ids: dict[Any, str] = {}
        self.G: dict[str, Any] = {
            "__builtins__": {},
            "_LINES": {},
            "_T": self.tables,
            "_Leave": LeaveScope,
            "_MAX_LOOP": range(MAX_LOOP),
            "_field": _field,
            "_dict": dict,
            "_type": type,
            "_index": _index,
            "_render": render,
            "_add": _add,
            "_sub": _sub,
            "_mul": _arith("*", operator.mul),
            "_floordiv": _arith("//", operator.floordiv),
            "_mod": _arith("%", operator.mod),
            "_set": _set,
            "_apply": _apply,
            "_times": _times,
            "_each": _each,
            "_capped": _capped,
            "_range": _range,
            "_exhausted": _exhausted,
            "_endless_while": _endless_while,
            "_advice": _advice,
            "_choose": _choose,
            "_modifiers": self._modifiers,
            "_MISS": _MISSING,
            "_TypeError": TypeError,
            "_fresh_memo": fresh_memo,
            "_fault_deep_proc": _fault_deep_proc,
            "_fault_deep_func": _fault_deep_func,
        }

    # ---- names in the generated code's globals
    def _global(self, stem: str, value: Any) -> str:
        key = (stem, id(value))
        name = self._ids.get(key)
        if name is None:
            name = self._ids[key] = f"_{stem}{len(self._ids)}"
            self.G[name] = value
        return name

    def const(self, v: Any) -> str:
        return lit(v) or self._global("K", v)

    def position(self, pos: Pos) -> str:
        return self._global("Q", pos)

    def prim(self, name: str) -> str:
        key = "_p_" + name
        if key not in self.G:
            self.G[key] = self.registry.primitives[name].fn
        return key

    def rule_name(self, kind: str, name: str) -> str:
        stem = "_P_" if kind == "procedure" else "_F_"
        return stem + (name if name.isidentifier() and name.isascii() else "x" + name.encode().hex())

    def call_function(self, name: str, args: list[str]) -> str:
        return f"{self.rule_name('function', name)}(m{''.join(', ' + a for a in args)})"

    # ---- compiling
    def _exec(self, src: Source, name: str) -> Callable[..., Any]:
        self.G["_LINES"][src.filename] = src.pos
        code = compile(src.text(), src.filename, "exec")
        exec(code, self.G)  # noqa: S102 - generated from checked nodes only; see codegen's docstring
        return self.G[name]

    def define(self, kind: str, name: str, params: tuple[str, ...], ref: str, body: Any, pos: Pos) -> Callable_:
        """A rule procedure (a block) or function (an expression) as one generated function."""
        fname = self.rule_name(kind, name)
        where = self.position(pos)
        memo = False  # procedures act; only functions are cached
        if kind == "procedure":
            prologue = [
                f"if m.depth >= {MAX_DEPTH}: _fault_deep_proc({where}, {name!r})",
                "m.budget -= 1",
                f"if m.budget < 0: _exhausted({where})",
                "m.depth += 1",
            ]
            epilogue = ["m.depth -= 1"]
            if ref:
                prologue.append(f"_ref = m.ref; m.ref = {ref!r}")
                epilogue.append("m.ref = _ref")
        else:
            inner = list(n.walk(body))
            leaf = not any(isinstance(x, (n.Call, n.Name)) and x.kind in ("function", "procedure", "func") for x in inner)
            memo = not leaf or len(inner) > 3  # reading one state entry is cheaper than the cache
            prologue = memo_prologue(name, params) if memo else []
            epilogue = []
            if not leaf:  # a function calling no rule cannot recurse: its callers' budget bounds it
                prologue += [
                    "m.budget -= 1",
                    f"if m.depth >= {MAX_DEPTH} or m.budget < 0: _fault_deep_func({where}, {name!r})",
                    "m.depth += 1",
                ]
                epilogue = ["m.depth -= 1"]
        src = function_source(self.gen, fname, params, body, is_block=kind == "procedure", pos=pos, prologue=prologue, epilogue=epilogue, from_dict=False, memo=memo)
        fn = self._exec(src, fname)
        self.sources[name] = src.text()
        if kind == "procedure":
            self.bodies[name] = body
        c = Callable_(name, params, ref, pos, fn, kind == "procedure", src.text())
        (self.procs if kind == "procedure" else self.funcs)[name] = c
        return c

    def _piece(self, body: Any, is_block: bool, what: str) -> Fn:
        """Rule text that receives its values as a dict: `f(m, L)`."""
        names = sorted({x.parts[0] for x in n.walk(body) if isinstance(x, n.Name) and x.kind == "local"})
        pos = body[0].pos if is_block and body else getattr(body, "pos", None) or Pos("<rule>", 1, 1)
        fname = f"_piece{len(self.G['_LINES'])}"
        src = function_source(self.gen, fname, tuple(names), body, is_block=is_block, pos=pos, prologue=[], epilogue=[], from_dict=True)
        fn = self._exec(src, fname)
        self.sources.setdefault(f"{what}@{pos}", src.text())
        if is_block:
            self.piece_bodies[fn] = (body, tuple(names), pos)
        return fn

    def expr(self, e: n.Node, what: str = "expression") -> Fn:
        return self._piece(e, False, what)

    def block(self, stmts: list[n.Node], what: str = "block") -> Fn:
        return self._piece(stmts, True, what)

    def _modifiers(self, m: Any, group: str, L: dict, silent: bool) -> int:
        """Sum the rows of a modifier group that apply; `modifiers` logs each one.

        `modifier_total` is pure, so its sum is cached like a rule function's: a pass's
        modifiers asked for a target's options and again for its advice are summed once."""
        key: Any = _MISSING
        if silent:
            memo = m.memo if m.memo_at == m.version else fresh_memo(m)
            try:
                key = ("modifier_total", group, *sorted(L.items()))
                hit = memo.get(key, _MISSING)
            except TypeError:
                key = hit = _MISSING
            if hit is not _MISSING:
                return hit
        s = 0
        for row in self.modifiers[group]:
            if row.when is None or row.when(m, L):
                v = row.value(m, L)
                if v:
                    s += v
                    if not silent:
                        m.emit("modifier", {"group": group, "id": row.id, "value": v, "text": row.text, "ref": row.ref})
        if key is not _MISSING:
            m.memo[key] = s
        return s


def fresh_memo(m: Any) -> dict:
    """An empty cache of pure results for the host's current state version."""
    m.memo = {}
    m.memo_at = m.version
    return m.memo


def _fault_deep_proc(pos: Pos, name: str) -> None:
    raise RuleFault(pos, f"calls nest deeper than {MAX_DEPTH} (endless recursion in '{name}'?)")


def _fault_deep_func(pos: Pos, name: str) -> None:
    raise RuleFault(pos, f"calls nest deeper than {MAX_DEPTH} or run too long (endless recursion in '{name}'?)")

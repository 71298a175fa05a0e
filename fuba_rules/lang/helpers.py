"""The helpers generated code calls (every name in its globals but the rules): they
keep the checks the checker cannot prove (types, sizes), charge the match's step budget
by the work done, and write state; and the values rule text reads (table rows, tables,
a fixed primitive's table of answers). `HELPERS` is what the compiler puts in the
generated code's globals.
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from functools import partial
from typing import Any, Protocol

import attrs

from ..diagnostics import Pos, did_you_mean
from .checker import NAMED_TYPES, StateSpec
from .core import render, type_name
from .runtime import MAX_DEPTH, MAX_LIST, MAX_LOOP, MAX_NUMBER, LeaveScope, RuleFault, Value

# A piece of rule text compiled: f(match, its values) -> any rule value.
Fn = Callable[["MatchView", dict[str, Any]], Any]

MAX_TEXT_VALUE = 10_000


class _Edition(Protocol):
    @property
    def state(self) -> Mapping[str, StateSpec]: ...
    @property
    def symbols(self) -> _Symbols | None: ...  # None only for an edition built without rule text


class _Symbols(Protocol):
    @property
    def domains(self) -> Mapping[str, frozenset[str]]: ...


class Decider(Protocol):
    """What `choose` asks to decide: the match, or the resumable form's stand-in that
    turns the decision into a request (engine/frames.py)."""

    def decide(self, team: str, label: str, options: list[Any], scores: Callable[[], list[int]] | None, optional: bool) -> Any: ...


class MatchView(Protocol):
    """The match as generated code and these helpers use it (`lang` does not import the
    engine): its state, caches, step budget and log."""

    budget: int
    memo: dict[Hashable, Any]  # cached answers, by a key of any values
    ref: str
    _version: int

    @property
    def S(self) -> dict[str, Any]: ...  # the state: each entry holds any rule value
    @property
    def record(self) -> bool: ...
    @property
    def ed(self) -> _Edition: ...
    @property
    def expires(self) -> Mapping[str, tuple[str, ...]]: ...
    @property
    def tally(self) -> Counter[Any]: ...  # by a log's tag, any rule value
    def _expire(self, caches: tuple[str, ...]) -> None: ...
    def wrote(self, name: str) -> None: ...
    def emit(self, kind: str, data: dict[str, Any]) -> None: ...
    def decide(self, team: str, label: str, options: list[Any], scores: Callable[[], list[int]] | None, optional: bool) -> Any: ...


class Row(dict[str, Any]):
    """A table row: its fields read like a record; `apply row` runs its `do:`."""

    __slots__ = ("key", "run", "table")

    def __init__(self, fields: dict[str, Any], run: Fn | None, key: str, table: str):
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
KEPT_CACHES = ("smemo", "teams", "areas")  # caches a move keeps in part (see Compiler.kept_state)


class Answers(dict[Hashable, Any]):
    """The answers of a fixed primitive (one that depends only on its arguments and the
    edition's board), by argument: generated code reads `_A_name[a][b]`, a dict read per
    argument instead of a call (texts as keys: no tuple to build, hash and compare).
    An argument seen for the first time opens the table of the next one; once all are
    given, the primitive itself runs, which checks them (an unknown area faults as
    before) against the bound host."""

    __slots__ = ("arity", "fn", "given", "host", "kept", "root")

    LIMIT = 100_000  # entries kept in all of one root's tables: a mod asking endlessly new questions is answered, not remembered

    def __init__(self, fn: Callable[..., Any], arity: int, given: tuple[Hashable, ...] = (), root: Answers | None = None):
        super().__init__()
        self.fn = fn
        self.arity = arity
        self.given = given
        self.root = root if root is not None else self
        if root is None:  # the first table holds what all of them share
            self.host: object = None  # any match of the edition (see Compiler.bind): the primitive reads only its board
            self.kept = 0  # entries kept in all of them

    def __missing__(self, key: Hashable) -> Any:
        if self.arity > 1:
            r: Any = Answers(self.fn, self.arity - 1, (*self.given, key), self.root)
        else:
            r = self.fn(self.root.host, *self.given, key)
        if self.root.kept < self.LIMIT:
            self.root.kept += 1
            self[key] = r
        return r


# ---- helpers reachable from generated code --------------------------------------------------
def _field(v: object, f: str) -> Any:
    if isinstance(v, dict):
        if f in v:
            return v[f]
        raise NoEntry(f"the record has no field '{f}' (it has: {', '.join(map(str, v)) or 'none'})")
    raise TypeError(f"cannot read field '{f}' of {type_name(v)}")


class NoEntry(KeyError):
    """A missing key or field, its message already in the language's words."""


def _index(o: object, k: object) -> Any:
    if type(o) is dict and type(k) is str:  # the common case: indexed state by team or area
        if k in o:
            return o[k]
        raise NoEntry(f"no entry {render(k)}")
    if type(o) is list and type(k) is int:  # the other common case: a formation line, a die
        return o[k]
    if isinstance(o, Table):
        return o.lookup(k)
    if isinstance(o, list):
        if not isinstance(k, int) or isinstance(k, bool):
            raise TypeError(f"a list index must be a number, got {type_name(k)}")
        return o[k]
    if isinstance(o, dict):
        if k not in o:
            raise NoEntry(f"no entry {render(k)}")
        return o[k]
    raise TypeError(f"cannot index {type_name(o)}")


def _num(v: object, op: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        whole = "whole " if isinstance(v, float) else ""  # a decimal constant counts, but not here
        raise TypeError(f"'{op}' needs {whole}numbers, got {type_name(v)}")
    return v


def _number(v: int) -> int:
    if abs(v) > MAX_NUMBER:
        raise ValueError(f"a number grew beyond {MAX_NUMBER:,}")
    return v


def charge(m: MatchView, work: int, pos: Pos | None) -> None:
    """Spend `work` steps at once (elements built, copied or summed)."""
    m.budget -= work
    if m.budget < 0:
        raise RuleFault(pos, "step budget exhausted: a loop or call chain runs too long")


def _add(m: MatchView, a: object, b: object) -> int | str | list[Value]:
    if type(a) is int and type(b) is int:
        r = a + b
        if -MAX_NUMBER <= r <= MAX_NUMBER:
            return r
        raise ValueError(f"a number grew beyond {MAX_NUMBER:,}")
    if isinstance(a, list) and isinstance(b, list):
        return _joined(m, a, b)
    if isinstance(a, str) or isinstance(b, str):
        out = render(a) + render(b)
        if len(out) > MAX_TEXT_VALUE:
            raise ValueError(f"a text grew beyond {MAX_TEXT_VALUE} characters")
        charge(m, len(out) // 100, None)
        return out
    return _number(_num(a, "+") + _num(b, "+"))


def _cat(m: MatchView, a: object, b: object) -> int | str | list[Value]:
    """`a + b` where the rule text shows a list on one side: `_add`'s list case first."""
    if type(a) is list and type(b) is list:
        return _joined(m, a, b)
    return _add(m, a, b)


def _joined(m: MatchView, a: list[Value], b: list[Value]) -> list[Value]:
    """Two lists joined, each element built charged to the step budget."""
    size = len(a) + len(b)
    if size > MAX_LIST:
        raise ValueError(f"a list grew beyond {MAX_LIST} elements")
    m.budget -= size  # charge(), in line: recursive rules join lists at every level
    if m.budget < 0:
        raise RuleFault(None, "step budget exhausted: a loop or call chain runs too long")
    return a + b


def _arith(op: str, f: Callable[[int, int], int]) -> Callable[[MatchView, object, object], int]:
    def run(m: MatchView, a: object, b: object) -> int:
        if type(a) is int and type(b) is int:
            r = f(a, b)
        else:
            r = f(_num(a, op), _num(b, op))
        if -MAX_NUMBER <= r <= MAX_NUMBER:
            return r
        raise ValueError(f"a number grew beyond {MAX_NUMBER:,}")

    return run


def _set(m: MatchView, name: str, keys: list[Value], op: str, new: Value, lo: int | None, hi: int | None) -> None:
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
    if type(new) is int:
        if lo is not None and new < lo:
            new = lo
        if hi is not None and new > hi:
            new = hi
        if not -MAX_NUMBER <= new <= MAX_NUMBER:
            _held(m, m.ed.state[name], new)
    else:
        _held(m, m.ed.state[name], new)
    if new != old:
        box[slot] = new
        m.wrote(name)
        if m.record:  # a write is logged, and nothing else happens at its event
            m.emit("set", {"var": name, "index": keys, "from": old, "to": new})


def _held(m: MatchView, spec: StateSpec, new: object) -> None:
    """An int entry holds whole numbers up to MAX_NUMBER, a team entry a team, an area
    entry an area of the board (each none only where it starts as none): a wrong value
    written to one is a fault here, not a surprise later. (Callers test the common case
    first.)"""
    if new is None and spec.default is None:
        return
    if spec.type == "int":
        held = type_name(new) if type(new) is not int else f"{new:,}, beyond {MAX_NUMBER:,}"
        raise TypeError(f"state '{spec.name}' is an int: it cannot hold {held}")
    symbols = m.ed.symbols
    names = symbols.domains.get(spec.type) if spec.type in NAMED_TYPES and symbols is not None else None
    if names is not None and (type(new) is not str or new not in names):
        held = f"'{new}'{did_you_mean(new, sorted(names))}" if type(new) is str else "none" if new is None else type_name(new)
        raise TypeError(f"state '{spec.name}' is {NAMED_TYPES[spec.type]}: it cannot hold {held}")


def _put(m: MatchView, name: str, new: object) -> None:
    """`set name = new` of plain state with no bounds, once the rule has seen it differs.
    `MatchState.wrote` in line: a match writes plain state about a thousand times."""
    old = m.S[name]
    m.S[name] = new
    m._version += 1
    if m.memo:
        m.memo = {}
    caches = m.expires.get(name, KEPT_CACHES)
    if caches:
        m._expire(caches)
    if m.record:
        m.emit("set", {"var": name, "index": [], "from": old, "to": new})


def _put_at(m: MatchView, name: str, box: dict[Any, Any], key: object, new: object) -> None:
    """`set name[key] = new` of an entry with nothing to check, once the rule has seen
    it differs (`_set` for one key, in line)."""
    old = box[key]
    box[key] = new
    m.wrote(name)
    if m.record:
        m.emit("set", {"var": name, "index": [key], "from": old, "to": new})


def _put_int(m: MatchView, name: str, new: object) -> None:
    """`_put` of an int entry, its value checked first (`_held`)."""
    if type(new) is not int or not -MAX_NUMBER <= new <= MAX_NUMBER:
        _held(m, m.ed.state[name], new)
    _put(m, name, new)


def _put_named(m: MatchView, name: str, new: object) -> None:
    """`_put` of a team or area entry whose value generated code did not find among the
    names of its kind: checked first (`_held`)."""
    _held(m, m.ed.state[name], new)
    _put(m, name, new)


def _apply(m: MatchView, r: object) -> None:
    if not isinstance(r, Row) or r.run is None:
        raise TypeError(f"apply needs a table row with a do:, got {render(r)}")
    old = m.ref
    m.ref = r.get("ref", old) or old
    try:
        r.run(m, {})
    finally:
        m.ref = old


def _times(m: MatchView, times: object, pos: Pos) -> range:
    if not isinstance(times, int) or times > MAX_LOOP:
        raise RuleFault(pos, f"repeat needs a count up to {MAX_LOOP}, got {render(times)}")
    if times > 0:
        charge(m, times, pos)
    return range(times)


def _each(m: MatchView, seq: object, pos: Pos, var: str = "") -> list[Value]:
    if type(seq) is not list and not isinstance(seq, list):
        what = f"'for {var} in'" if var else "for"
        raise TypeError(f"{what} needs a list, got {type_name(seq)}")
    m.budget -= len(seq)  # charge(), inlined: loops are the hottest helper
    if m.budget < 0:
        _exhausted(pos)
    return seq


def _walk(m: MatchView, seq: list[Value], pos: Pos) -> list[Value]:
    """`_each` for a list the rule text proves is one (`Facts.is_list`): only the steps."""
    m.budget -= len(seq)
    if m.budget < 0:
        _exhausted(pos)
    return seq


def _capped(out: list[Value], pos: Pos) -> list[Value]:
    if len(out) > MAX_LIST:
        raise RuleFault(pos, f"a list grew beyond {MAX_LIST} elements")
    return out


def _range(m: MatchView, a: int, b: int) -> list[int]:
    if b - a >= MAX_LIST:
        raise ValueError(f"range {a}..{b} is longer than {MAX_LIST}")
    if b >= a:
        charge(m, b - a + 1, None)
    return list(range(a, b + 1))


def _exhausted(pos: Pos) -> None:
    raise RuleFault(pos, "step budget exhausted: a loop or call chain runs too long")


def _endless_while(pos: Pos) -> None:
    raise RuleFault(pos, f"while ran {MAX_LOOP} times without its condition becoming false")


def _quiet_log(m: MatchView, parts: tuple[object, ...], tag: object, *rest: object) -> None:
    """`log` in a match that keeps no log: its values were worked out (a fault in them
    is the same fault); only the tag is counted, as `emit` would."""
    if tag is not _MISSING:
        m.tally[tag] += 1


def _advice(thunks: list[int | Callable[[], int] | None]) -> Callable[[], list[int]]:
    """A `choose` block's scores, worked out when asked: each option's is a function, a
    whole number (a literal), or None (no advice: 0)."""
    return lambda: [0 if t is None else t() if callable(t) else t for t in thunks]


def _choose(m: Decider, opts: object, team: str, label: str, prefer: Callable[[list[Value]], list[int]] | None, optional: bool, pos: Pos) -> Any:
    if not isinstance(opts, list):
        raise TypeError(f"choose needs a list of options, got {type_name(opts)}")
    if not opts:
        if optional:
            return None
        raise RuleFault(pos, f"no legal option for '{label}'")
    scores = partial(prefer, opts) if prefer is not None else None  # prefer: the options' scores, in order
    return m.decide(team, label, opts, scores, optional)


_sub = _arith("-", operator.sub)


def _fault_deep_proc(pos: Pos, name: str) -> None:
    raise RuleFault(pos, f"calls nest deeper than {MAX_DEPTH} (endless recursion in '{name}'?)")


def _fault_deep_func(pos: Pos, name: str) -> None:
    raise RuleFault(pos, f"calls nest deeper than {MAX_DEPTH} or run too long (endless recursion in '{name}'?)")


# The names generated code reaches besides the rules (and each compiler's own: the line
# tables, the lazy writer, the tables, the modifier sums).
HELPERS: dict[str, object] = {
    "_Leave": LeaveScope,
    "_MAX_LOOP": range(MAX_LOOP),
    "_field": _field,
    "_dict": dict,
    "_type": type,
    "_int": int,
    "_str": str,
    "_list": list,
    "_filter": filter,
    "_total": sum,
    "_index": _index,
    "_render": render,
    "_quiet_log": _quiet_log,
    "_add": _add,
    "_cat": _cat,
    "_joined": _joined,
    "_sub": _sub,
    "_mul": _arith("*", operator.mul),
    "_floordiv": _arith("//", operator.floordiv),
    "_mod": _arith("%", operator.mod),
    "_set": _set,
    "_put": _put,
    "_put_int": _put_int,
    "_put_at": _put_at,
    "_put_named": _put_named,
    "_apply": _apply,
    "_times": _times,
    "_each": _each,
    "_walk": _walk,
    "_capped": _capped,
    "_range": _range,
    "_exhausted": _exhausted,
    "_endless_while": _endless_while,
    "_advice": _advice,
    "_choose": _choose,
    "_MISS": _MISSING,
    "_len": len,
    "_TypeError": TypeError,
    "_NoKey": (TypeError, KeyError),
    "_Exception": Exception,  # a board question refusing a value (Generator._kept_by_board)
    "_fault_deep_proc": _fault_deep_proc,
    "_fault_deep_func": _fault_deep_func,
}

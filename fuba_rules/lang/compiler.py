"""Checked nodes to Python functions, generated as source (`codegen`) and compiled once
when an edition loads.

Every rule becomes one Python function; every other piece of rule text (a hook's
condition, a modifier row, a table row's `do:`) becomes a function `f(m, L)` where `m`
is the host (the match) and `L` the dict of values it receives. The compiler decides
per rule function what it may take for granted (cached, fixed, tabled, read in place,
bounded: a `RuleFunction` record each), writes each function when it is first called
(`_exec`), and keeps the generated code's globals: the helpers of `lang.helpers`, the
rules, and the constants and positions they name.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterable
from types import FunctionType
from typing import Any

import attrs

from ..diagnostics import Pos
from . import nodes as n
from .analysis import free_loops, fresh_only, list_locals, locals_of, record_params
from .checker import StateSpec
from .core import CORE
from .emit_stmt import Generator, function_source
from .frame import Frame
from .function_facts import FunctionFacts, Inlinable, Learned
from .helpers import (
    _MISSING,
    HELPERS,
    KEPT_CACHES,
    Answers,
    Fn,
    MatchView,
    Row,
    Table,
    _advice,
    _apply,
    _choose,
    _exhausted,
    _fault_deep_proc,
    _held,
)
from .memo import memo_prologue
from .reads import Reads, area_read, cache_for, cache_kind, pieces_read, state_read
from .registry import Primitive, Registry
from .runtime import MAX_DEPTH, Value
from .source import Source, lit, local

# Imported from here by the engine and the edition: what a compiled edition is made of.
__all__ = [
    "KEPT_CACHES",
    "Answers",
    "Callable_",
    "Compiler",
    "Modifier",
    "Row",
    "Table",
    "_advice",
    "_apply",
    "_choose",
    "_exhausted",
    "_fault_deep_proc",
    "_held",
    "fresh_only",
    "locals_of",
]


@attrs.define
class Callable_:
    """A compiled rule procedure or function: `fn(m, *args)` is its generated function."""

    name: str
    params: tuple[str, ...]
    ref: str
    pos: Pos
    fn: Callable[..., Any]
    is_block: bool

    def __call__(self, m: MatchView, args: list[Value]) -> Any:
        return self.fn(m, *args)


@attrs.define
class Modifier:
    id: str
    ref: str
    text: str
    when: Fn | None
    value: Fn


# A generated function not compiled yet: its stand-in, its source or what writes it (None
# once compiled), its name, and the key `source` finds it by.
Pending = tuple[FunctionType, Source | Callable[[], Source] | None, str, str | None]

_LOOP_COST = 20  # a comprehension, a range or a call of unknown work, in nodes
_HIT_COST = 4  # a call answered from the cache, in nodes
_INLINE_UPTO = 6  # parameterless functions this small are read in place by their callers
_INLINE_NODES = 64  # functions this small, with no cache and no step of their own, are read in place too
_MEMO_FROM = 16  # bodies this costly are cached (a hit costs about a dozen nodes' work)
FREE_CALLS = 8  # a function making at most this many calls, all told, spends no step of its own


class Compiler:
    """Generates and compiles checked nodes. `procs`, `funcs`, `tables` and `modifiers`
    are filled by the caller; generated code finds them through its globals."""

    def __init__(self, registry: Registry, state: dict[str, StateSpec], constants: dict[str, Value], domains: dict[str, frozenset[str]] | None = None):
        self.registry = registry
        self.state = state
        self.constants = constants
        self.domains = domains or {}  # the names of each kind of text: areas, teams (Symbols.domains)
        self.procs: dict[str, Callable_] = {}
        self.funcs: dict[str, Callable_] = {}
        self.tables: dict[str, Table] = {}
        self.modifiers: dict[str, list[Modifier]] = {}
        self.param_table: dict[str, dict[str, tuple[str, ...]]] = {"procedure": {}, "function": {}}
        self.sources: dict[str, str] = {}  # rule name -> generated source, once written (see `source`)
        self.functions: dict[str, FunctionFacts] = {}  # rule function -> what define() was given and learned
        self.uncached: set[str] = set()  # rule functions only ever asked new questions (see fresh_only)
        # Cached rule functions whose caches a reference play found idle: each is written
        # without its cache, and nothing else written depends on it (`drop_caches`).
        self.idle: frozenset[str] = frozenset()
        self.tuned = False  # the reference play was made, or its answer read (fuba_rules.tuning)
        self.measuring = False  # the reference play is running
        self._nodes: dict[Fn, n.Node] = {}  # compiled expression -> its node (see _summer)
        self._sums: dict[str, tuple[list[Modifier], int, Callable[..., int]]] = {}  # modifier group -> (its rows, how many, their summing function)
        self.modifiers_final = False  # every group's rows are given (see modifier_bound)
        self._bounding: set[str] = set()
        self._linked = False
        self._pending: list[Pending] = []  # (stand-in, its source or writer, name, key) per generated function (see _exec)
        self._host: object = None  # see bind
        self._answer_tables: list[Answers] = []
        # Held while generating code after loading (writing a rule on its first call, a
        # modifier group's summing function, the resumable forms): the globals it names
        # are numbered, and matches of one edition may run in threads.
        self.lock = threading.RLock()
        self._written: dict[str, int] = {}  # `source` key -> its function's place in _pending
        self._kept_state: dict[str, frozenset[str] | None] | None = None  # see kept_state
        self.bodies: dict[str, list[n.Node] | n.Deferred] = {}  # procedure -> checked body, for the resumable form (lang.resumable)
        self.piece_bodies: dict[Fn, tuple[list[n.Node] | n.Deferred, Pos]] = {}  # block piece's function -> (body, names, pos), likewise
        self.gen = Generator(self)
        self._ids: dict[tuple[object, ...], str] = {}
        self.G: dict[str, Any] = {
            "__builtins__": {},
            "_LINES": {},
            "_LAZY": self._compile_now,
            "_T": self.tables,
            "_modifiers": self._modifiers,
            **HELPERS,
        }

    # ---- names in the generated code's globals
    def _global(self, stem: str, value: object) -> str:
        key = (stem, id(value))
        name = self._ids.get(key)
        if name is None:
            name = self._ids[key] = f"_{stem}{len(self._ids)}"
            self.G[name] = value
        return name

    def const(self, v: object) -> str:
        return lit(v) or self._global("K", v)

    def position(self, pos: Pos) -> str:
        return self._global("Q", pos)

    def prim(self, name: str) -> str:
        key = "_p_" + name
        if key not in self.G:
            self.G[key] = self.registry.primitives[name].fn
        return key

    def answers(self, name: str) -> str:
        """The global name of a fixed primitive's table of answers (see `Answers`)."""
        prim = self.registry.primitives[name]
        return self._answer_table("_A_" + name, prim.fn, len(prim.params))

    def answers_of(self, name: str) -> str:
        """The global name of a tabled rule function's table of answers: its generated
        function runs, against the bound host, for arguments not seen before."""
        return self._answer_table("_R_" + name, self.G[self.rule_name("function", name)], len(self.functions[name].params))

    def _answer_table(self, key: str, fn: Callable[..., Any], arity: int) -> str:
        """`key`, naming in the generated code's globals a table of answers of `fn`,
        made on first use and bound to the host matches run against (see `bind`)."""
        if key not in self.G:
            table = self.G[key] = Answers(fn, arity)
            table.host = self._host
            self._answer_tables.append(table)
        return key

    def bind(self, host: object) -> None:
        """The host that fixed primitives run against when first asked (any match of the
        edition: they read only its board), also for tables made later (`answers`).
        Another thread may be adding a table meanwhile: it gets a host either way."""
        self._host = host
        for table in self._answer_tables:
            table.host = host

    def kept_state(self, cache: str) -> frozenset[str] | None:
        """The state entries that the answers a cache keeps across moves can depend on
        (`KEPT_CACHES`: "smemo", "teams" for `m.memo_home` and `m.memo_away`, "areas" for
        `m.area_memo`): a write to any other entry keeps them. None: any. Worked out once
        every rule function is written."""
        if self._kept_state is None or not self._linked:
            by_cache: dict[str, list[str]] = {kind: [] for kind in KEPT_CACHES}
            for f in sorted(self.memoized - self.fixed):
                kind = self.cache_kind(f)
                if kind in by_cache:
                    by_cache[kind].append(f)
            self._kept_state = {kind: self._reads_of(fs) for kind, fs in by_cache.items()}
        return self._kept_state[cache]

    def cache_kind(self, name: str) -> str:
        """Where a cached function keeps its answers (`lang.reads.cache_kind`)."""
        f = self.functions.get(name)
        return cache_kind(f.pieces if f else None, f.area if f else None)

    def _reads_of(self, functions: Iterable[str]) -> frozenset[str] | None:
        reads = [self.functions[f].state_reads if f in self.functions else None for f in functions]
        known = [r for r in reads if r is not None]
        return None if len(known) < len(reads) else frozenset[str]().union(*known)

    def rule_name(self, kind: str, name: str) -> str:
        stem = "_P_" if kind == "procedure" else "_F_"
        return stem + (name if name.isidentifier() and name.isascii() else "x" + name.encode().hex())

    def call_function(self, name: str, args: list[str]) -> str:
        f = self.functions.get(name)
        if not args and f is not None and f.inline is not None:  # e.g. `CT`, which only reads one state entry
            return f.inline
        if f is not None and f.tabled:  # dict reads, as a board question's (see _board_question)
            return self.answers_of(name) + "".join(f"[{a}]" for a in args)
        return f"{self.rule_name('function', name)}(m{''.join(', ' + a for a in args)})"

    # ---- compiling
    def _exec(self, write: Source | Callable[[], Source], name: str, key: str | None = None) -> Callable[..., Any]:
        """The generated function `name`, written and compiled when first called: a
        command that runs a few rules (`fuba odds`, `fuba show`) pays for generating and
        compiling only those. `write` is the source, or what writes it; `key` names it
        for `source` (a rule's name, or where a piece of rule text sits).

        What is returned, and stored under `name`, is a stand-in whose first call writes
        and compiles the source and then takes over its code (`__code__`), so every holder of it (the
        rule tables, other rules through their globals) calls the real function from then on,
        through no extra layer. Writing later reads what the compiler knows then; rule
        functions are all linked before the first procedure, hook or row is defined, so
        it is what it knew at definition, and what it learns later is only ever sound."""
        stub = FunctionType(_STUB_CODE, self.G, name)
        stub.__kwdefaults__ = {"_lazy": len(self._pending)}
        if key is not None:
            self._written.setdefault(key, len(self._pending))
        self._pending.append((stub, write, name, key))
        self.G[name] = stub
        return stub

    def outline(self, write: Callable[[str], Source]) -> str:
        """The global name of a new generated function that `write(name)` writes when it
        is first called (Generator._outlined); `fuba show --source` prints it by that name."""
        fname = self.fresh("_kept")
        self._exec(lambda: write(fname), fname, fname)
        return fname

    def fresh(self, stem: str) -> str:
        """A global name for the next generated function."""
        return f"{stem}{len(self._pending)}"

    def _compile_now(self, i: int) -> Callable[..., Any]:
        with self.lock:  # matches of one edition may run in threads (the web board)
            return self._write_and_compile(i)

    def _write_and_compile(self, i: int) -> Callable[..., Any]:
        stub, write, name, key = self._pending[i]
        if stub.__code__ is _STUB_CODE:  # not compiled yet
            assert write is not None  # kept until compiled
            src = write if isinstance(write, Source) else write()
            text = src.text()
            if src.placed:
                self.G["_LINES"][src.filename] = src.pos
            if key is not None:
                self.sources.setdefault(key, text)
            namespace: dict[str, Any] = {}
            code = compile(text, src.filename, "exec")
            exec(code, self.G, namespace)
            real = namespace[name]
            stub.__code__ = real.__code__
            stub.__defaults__ = real.__defaults__
            stub.__kwdefaults__ = real.__kwdefaults__
            self._pending[i] = (stub, None, name, key)  # the source is not needed again
        return stub

    def drop_caches(self, names: Iterable[str]) -> None:
        """Write these cached rule functions again without their cache (those already
        compiled are compiled again on their next call). Only their own code changes:
        whether a function is cached decides nothing in any other (callers, the caches'
        expiry and the step charges read `memoized`, which keeps them), so a process that
        drops caches after its reference play writes every function as one that read the
        same names from the store before its first match (fuba_rules.tuning)."""
        with self.lock:
            names = {f for f in names if f in self.functions and self.functions[f].rewrite is not None} - self.idle
            self.idle |= names
            for f in names:
                i, write = self.functions[f].rewrite  # type: ignore[misc]
                stub, _, name, key = self._pending[i]
                if stub.__code__ is not _STUB_CODE:  # compiled: back to a stand-in
                    stub.__code__, stub.__defaults__, stub.__kwdefaults__ = _STUB_CODE, None, {"_lazy": i}
                    self._pending[i] = (stub, write, name, key)
                if key is not None:
                    self.sources.pop(key, None)

    def source(self, key: str) -> str | None:
        """The generated source of a rule (by name) or piece (`what@position`), written
        now if it was not yet; None when nothing has that key."""
        if key not in self.sources and key in self._written:
            self._compile_now(self._written[key])
        return self.sources.get(key)

    def compile_pending(self) -> int:
        """Write and compile every generated function not yet called (tests check that
        all of them compile); returns how many there are."""
        i = 0
        while i < len(self._pending):  # writing one may add another (a modifier total's function)
            self._compile_now(i)
            i += 1
        return len(self._pending)

    def define(self, kind: str, name: str, params: tuple[str, ...], ref: str, body: Any, pos: Pos) -> Callable_ | None:
        """A rule procedure (a block) or function (an expression) as one generated function.
        Rule functions are written once all of them are known (`link_functions`); until then
        this only learns about them and returns None."""
        if kind == "procedure" and not self._linked:
            self.link_functions()
        fname = self.rule_name(kind, name)
        where = self.position(pos)
        memo = False  # procedures act; only functions are cached
        lookup: list[str] = []  # a cached function's cache lookup (see drop_caches)
        fixed = False  # a function reading no state (see reads_no_state)
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
            fn_facts = self.functions.get(name)
            if fn_facts is None:
                fn_facts = self.functions[name] = FunctionFacts(params, ref, body, pos)
            inner = list(n.walk(body))
            calls = [x.parts[0] if isinstance(x, n.Name) else x.name for x in inner if isinstance(x, (n.Call, n.Name)) and x.kind in ("function", "func")]
            fn_facts.calls = frozenset(calls)
            cost = len(inner) + sum(_LOOP_COST for x in inner if isinstance(x, (n.Comprehension, n.Range)))
            cost += sum(self._call_cost(c) for c in calls)
            fn_facts.cost = cost
            # A cache hit costs about as much as a short body; a parameter read as a record
            # (`mv.to`) cannot be a key, so trying the cache would only raise.
            records = {x.parts[0] for x in inner if isinstance(x, n.Name) and x.kind == "local" and x.fields}
            fixed = self.reads_no_state(inner)
            tabled = fixed and bool(params) and not self._may_recurse(name) and self._board_question(inner, params, calls)
            tiny = _INLINE_UPTO if not params and not calls else 3  # read in place (below) costs less than a cache
            short = len(inner) <= tiny if not calls or fixed else cost < _MEMO_FROM
            memo = not tabled and not short and not (records | list_locals(inner)).intersection(params) and name not in self.uncached
            fn_facts.tabled |= tabled
            fn_facts.memoized |= memo
            fn_facts.fixed |= fixed
            pieces, areas = Learned[Reads](self.functions, "pieces"), Learned[str | None](self.functions, "area")
            fn_facts.pieces = pieces_read(inner, params, self.registry.primitives, self._reads_nothing, pieces, self.param_table["function"])
            fn_facts.area = area_read(inner, params, self.registry.primitives, self._reads_nothing, pieces, areas, self.param_table["function"])
            fn_facts.state_reads = state_read(inner, Learned[frozenset[str] | None](self.functions, "state_reads"))
            lookup = memo_prologue(name, params, fixed, cache_for(fn_facts.pieces, local), fn_facts.area) if memo else []
            prologue = []
            epilogue = []
            free_loop = free_loops(inner)  # such a loop repeats its calls: it pays its own step
            if self._may_recurse(name):
                prologue += [
                    "m.budget -= 1",
                    f"if m.depth >= {MAX_DEPTH} or m.budget < 0: _fault_deep_func({where}, {name!r})",
                    "m.depth += 1",
                ]
                epilogue = ["m.depth -= 1"]
            elif calls or free_loop:  # cannot recurse, but a chain of such functions could still run long
                # Its calls, counted through those that spend no step either (the others
                # spend a step whenever they do work; a cache hit does none). At most
                # FREE_CALLS of them: the step of whatever asked (a loop's element, a
                # procedure, a charged caller) pays for them, so one step's work stays bounded.
                made = sum(1 + self._free_calls(c) for c in calls if self.inline_source(c) is None)  # read in place: no call
                if made > FREE_CALLS or free_loop:
                    prologue += ["m.budget -= 1", f"if m.budget < 0: _exhausted({where})"]
                else:
                    fn_facts.free_calls = made
            if not params and not memo and cost <= _INLINE_UPTO and all(self.inline_source(c) is not None for c in calls):
                # Callers compiled later read the body in place of a call (a fault in it is
                # placed at the caller's line).
                fn_facts.inline = f"({self.gen.expr(Source(name, pos), body)})"
            fn_facts.inlinable = None
            if params and not memo and not tabled and not prologue and not epilogue and len(inner) <= _INLINE_NODES:
                # no cache, no step, no recursion: a call would only pass the values on
                loops = frozenset(local(var) for x in inner if isinstance(x, n.Comprehension) for var, _, _ in x.loops)
                fn_facts.inlinable = Inlinable(params, body, loops, record_params(params, body))
            # callers compiled later may do its arithmetic unchecked
            fn_facts.bound = self.gen.facts.bound(body)
            fn_facts.is_int = self.gen.facts.is_int(body)
            fn_facts.is_list |= self.gen.facts.is_list(body)
            fn_facts.elements = self.gen.facts.element_fields(body)
            if not self._linked:
                return None  # what it learned is kept; link_functions writes the function
        def write() -> Source:
            cached = memo and name not in self.idle  # read when written: see drop_caches
            return function_source(self.gen, fname, params, n.statements(body) if kind == "procedure" else body, is_block=kind == "procedure", pos=pos,
                                   prologue=lookup + prologue if cached else prologue, epilogue=epilogue, from_dict=False, memo=cached,
                                   outlining=cached and fixed)  # answers kept for the match: no list in it kept apart

        if memo:
            self.functions[name].rewrite = (len(self._pending), write)
        fn = self._exec(write, fname, name)
        if kind == "procedure":
            self.bodies[name] = body
        c = Callable_(name, params, ref, pos, fn, kind == "procedure")
        (self.procs if kind == "procedure" else self.funcs)[name] = c
        return c

    def link_functions(self) -> None:
        """Write every rule function, callees first, once all are known (the editions
        define functions before procedures): what a function learns about its callees
        (cacheable, fixed, small, bounded) does not depend on the order they are written
        in."""
        self._linked = True
        order: list[str] = []
        seen: set[str] = set()
        for root in self.functions:
            stack = [(root, False)]
            while stack:
                name, done = stack.pop()
                if done:
                    order.append(name)
                elif name not in seen and name in self.functions:
                    seen.add(name)
                    stack.append((name, True))
                    stack.extend((c, False) for c in sorted(self.functions[name].calls))
        for name in order:
            f = self.functions[name]
            self.define("function", name, f.params, f.ref, f.body, f.pos)
        self._lists_through_calls()

    def _lists_through_calls(self) -> None:
        """Add the rule functions that return lists through calls to each other
        (`line_stops` and `line_from` call each other; `kind_targets` returns what they
        do), which `define`, taking callees first, cannot see: the largest set of
        functions whose bodies are all lists if each of them is. Sound by induction: what
        a call returns comes from a call that nests less deep."""
        unsure = {name for name, f in self.functions.items() if not f.is_list}
        for name in unsure:
            self.functions[name].is_list = True
        while True:
            wrong = {name for name in unsure if not self.gen.facts.is_list(self.functions[name].body)}
            if not wrong:
                return
            for name in wrong:
                self.functions[name].is_list = False
            unsure -= wrong

    def _may_recurse(self, name: str) -> bool:
        """False only when every function `name` reaches is compiled and none calls back:
        then calls through it cannot nest endlessly, and it needs no depth count."""
        seen, todo = set(), list(self.functions[name].calls)
        while todo:
            c = todo.pop()
            if c == name or c not in self.functions:
                return True
            if c not in seen:
                seen.add(c)
                todo.extend(self.functions[c].calls)
        return False

    def plain_body(self, name: str) -> tuple[tuple[str, ...], n.Node] | None:
        """A rule function's parameters and body, when it cannot recurse (for
        `Facts._bound_through`); else None."""
        found = self.functions.get(name)
        return None if found is None or self._may_recurse(name) else (found.params, found.body)

    def inline_body(self, name: str) -> n.Node | None:
        """The body of a parameterless rule function its callers read in place (`CT`),
        else None."""
        found = self.functions.get(name)
        return found.body if found is not None and found.inline is not None else None

    def inline_source(self, name: str) -> str | None:
        """The source read in place of a call of the tiny parameterless rule function `name`, else None."""
        found = self.functions.get(name)
        return found.inline if found is not None else None

    def function(self, name: str) -> FunctionFacts | None:
        """What is known of the rule function `name` (None: not a rule function, or not defined yet)."""
        return self.functions.get(name)

    def _call_cost(self, name: str) -> int:
        """The work of calling rule function `name`: a cache's or a table's answer, else its body's."""
        f = self.functions.get(name)
        if f is not None and (f.memoized or f.tabled):
            return _HIT_COST
        return f.cost if f is not None and f.cost is not None else _LOOP_COST

    def _free_calls(self, name: str) -> int:
        """The calls rule function `name` makes, all told, when it spends no step of its own."""
        f = self.functions.get(name)
        return (f.free_calls or 0) if f is not None else 0

    def _fixed(self, name: str) -> bool:
        f = self.functions.get(name)
        return f is not None and f.fixed

    # Each fact of every rule function, by name (for tests, the tuning and the caches).
    @property
    def memoized(self) -> frozenset[str]:
        return frozenset(k for k, f in self.functions.items() if f.memoized)

    @property
    def fixed(self) -> frozenset[str]:
        return frozenset(k for k, f in self.functions.items() if f.fixed)

    @property
    def tabled(self) -> frozenset[str]:
        return frozenset(k for k, f in self.functions.items() if f.tabled)

    @property
    def costs(self) -> dict[str, int]:
        return {k: f.cost for k, f in self.functions.items() if f.cost is not None}

    @property
    def pieces(self) -> dict[str, Reads]:
        return {k: f.pieces for k, f in self.functions.items()}

    @property
    def areas(self) -> dict[str, str | None]:
        return {k: f.area for k, f in self.functions.items()}

    def _board_question(self, nodes: list[n.Node], params: tuple[str, ...], calls: list[str]) -> bool:
        """Whether a rule function reading no state is a question about the board, like
        `distance`: no loop, no step of its own, only board questions and other such
        functions asked, and its parameters read only as their arguments (so areas,
        teams: few, and never a list or record a table could not take as a key). Its
        answers are kept for the process, in tables of `Answers` read in place of its
        calls: the same in every match, and asking costs no step either way."""
        if sum(1 + self._free_calls(c) for c in calls) > FREE_CALLS:
            return False  # it would spend a step of its own (see define)
        prims = self.registry.primitives
        passed: set[int] = set()
        for x in nodes:
            if isinstance(x, (n.Comprehension, n.Range)):
                return False
            if isinstance(x, n.Name) and x.kind == "func":
                return False  # a parameterless function: a call, not a table read
            if isinstance(x, n.Call):
                if x.kind == "function" and not (x.name in self.functions and self.functions[x.name].tabled):
                    return False
                if x.kind == "primitive" and not prims[x.name].fixed:
                    return False
                passed.update(id(a) for a in (*x.args, *x.kwargs.values()))
        own = [x for x in nodes if isinstance(x, n.Name) and x.kind == "local" and x.parts[0] in params]
        return all(id(x) in passed and not x.fields for x in own)

    def _reads_nothing(self, prim: Primitive) -> bool:
        """A primitive answering from its arguments and the board alone."""
        return prim.fixed or prim is CORE.primitives.get(prim.name)

    def reads_no_state(self, nodes: list[n.Node]) -> bool:
        """True when rule text reads nothing that changes during or between matches: no
        state, no rule switch, only primitives answering from their arguments and the
        board, and rule functions already known to be fixed."""
        prims = self.registry.primitives
        for x in nodes:
            if isinstance(x, n.Name):
                if x.kind == "state" or (x.kind == "func" and not self._fixed(x.parts[0])):
                    return False
            elif isinstance(x, n.Call):
                if x.kind == "function":
                    if not self._fixed(x.name):
                        return False
                elif x.kind == "primitive":
                    if not self._reads_nothing(prims[x.name]):
                        return False
                else:  # procedures, and specials such as rule() and modifiers()
                    return False
        return True

    def _piece(self, body: Any, is_block: bool, what: str) -> Fn:
        """Rule text that receives its values as a dict: `f(m, L)`."""
        pos = (n.first_pos(body) if is_block else getattr(body, "pos", None)) or Pos("<rule>", 1, 1)
        fname = self.fresh("_piece")

        def write() -> Source:
            code = n.statements(body) if is_block else body
            return function_source(self.gen, fname, locals_of(code), code, is_block=is_block, pos=pos, prologue=[], epilogue=[], from_dict=True)

        fn = self._exec(write, fname, f"{what}@{pos}")
        if is_block:
            self.piece_bodies[fn] = (body, pos)
        else:
            self._nodes[fn] = body
        return fn

    def expr(self, e: n.Node, what: str = "expression") -> Fn:
        return self._piece(e, False, what)

    def block(self, stmts: list[n.Node], what: str = "block") -> Fn:
        return self._piece(stmts, True, what)

    def _summer(self, group: str, rows: list[Modifier], given: tuple[str, ...] | None = None) -> Callable[..., int]:
        """One generated function summing a modifier group's rows: its values are
        unpacked once and each row is an `if`, instead of two calls per row. It does
        what the rows' own functions do, in the same order (see _modifiers). With
        `given`, the function of those values in order, logging nothing (every call of a
        group passes the same keywords, and its rows are checked against them)."""
        pos = next((self._nodes[f].pos for r in rows for f in (r.when, r.value) if f in self._nodes), Pos("<rule>", 1, 1))
        src = Source(f"modifiers {group}", pos)
        fname = self.fresh("_sum")
        names = locals_of([self._nodes[f] for r in rows for f in (r.when, r.value) if f in self._nodes])
        if given is None:
            src.emit(0, f"def {fname}(m, _L, _silent):")
            for p in names:
                src.emit(1, f"if {p!r} in _L: {local(p)} = _L[{p!r}]")
        else:
            src.emit(0, f"def {fname}(m{''.join(', ' + local(p) for p in given)}):")
            if any(self._nodes.get(f) is None for r in rows for f in (r.when, r.value) if f is not None):
                src.emit(1, f"_L = {{{', '.join(f'{p!r}: {local(p)}' for p in given)}}}")  # for rows that are no rule text
        src.emit(1, "_s = 0")

        def emit_rows(fr: Frame) -> None:
            for r in rows:
                ind = 1
                if r.when is not None:
                    node = self._nodes.get(r.when)
                    cond = self.gen.expr(fr, node) if node is not None else f"{self._global('RW', r.when)}(m, _L)"
                    src.emit(1, f"if {cond}:", node.pos if node is not None else None)
                    ind = 2
                node = self._nodes.get(r.value)
                where = node.pos if node is not None else None
                if given is not None and isinstance(node, n.Const) and type(node.value) is int:  # `value: -1`
                    src.emit(ind, f"_s += {node.value}" if node.value else "pass", where)
                    continue
                value = self.gen.expr(fr, node) if node is not None else f"{self._global('RV', r.value)}(m, _L)"
                src.emit(ind, f"_v = {value}", where)
                src.emit(ind, "if _v:", where)
                src.emit(ind + 1, "_s += _v", where)
                if given is None:
                    row = f"'id': {self.const(r.id)}, 'value': _v, 'text': {self.const(r.text)}, 'ref': {self.const(r.ref)}"
                    src.emit(ind + 1, f"if not _silent and m.record: m.emit('modifier', {{'group': {self.const(group)}, {row}}})", where)

        parts = []  # each row's test is always evaluated, its value when the test holds
        for r in rows:
            parts += [(self._nodes[r.when], True)] if r.when in self._nodes else []
            parts += [(self._nodes[r.value], r.when is None)] if r.value in self._nodes else []
        self.gen.reusing(Frame(src), emit_rows, parts)
        src.emit(1, "return _s")
        return self._exec(src, fname, f"modifiers {group}")

    def modifier_bound(self, group: str) -> int | None:
        """How large a modifier group's total can be: the sum of how large each row's value
        can be (`Facts.bound`), once the edition has given every row (`modifiers_final`);
        None before, or when a row's value is not proved a small number."""
        if not self.modifiers_final or group in self._bounding:
            return None
        self._bounding.add(group)  # a row asking its own group's total: not bounded
        try:
            total = 0
            for r in self.modifiers.get(group, ()):
                node = self._nodes.get(r.value)
                size = self.gen.facts.bound(node) if node is not None else None
                if size is None:
                    return None
                total += size
            return total
        finally:
            self._bounding.discard(group)

    def modifier_total(self, group: str, names: tuple[str, ...]) -> str:
        """The generated function `modifier_total(group, <names>=...)` calls with the
        values in that order: it looks in the match's cache under the call's signature and
        values, as `_modifiers` does, and on a miss runs the group's rows as one function
        of those values (`_summer`), with no dict to build and unpack. Both are written
        at the first call, once the edition is built and its rows are final."""
        key = ("MT", group, names)
        fname = self._ids.get(key)
        if fname is not None:
            return fname
        fname = self._ids[key] = self.fresh("_MT")
        sig = f"{group}({','.join(names)})"
        values = "".join(", " + local(p) for p in names)

        def write() -> Source:
            summer = self._global("S", self._summer(group, self.modifiers[group], names))
            src = Source(f"modifier_total {sig}", Pos("<rule>", 1, 1))
            src.emit(0, f"def {fname}(m{values}):")
            for line in memo_prologue(sig, names):
                src.emit(1, line)
            src.emit(1, f"_r = {summer}(m{values})")
            src.emit(1, "if _k is not _MISS: _memo[_k] = _r")
            src.emit(1, "return _r")
            return src

        self._exec(write, fname, f"modifier_total {sig}")
        return fname

    def _modifiers(self, m: MatchView, group: str, L: dict[str, Value], silent: bool, sig: str) -> int:
        """Sum the rows of a modifier group that apply; `modifiers` logs each one.

        `modifier_total` is pure, so its sum is cached like a rule function's: a pass's
        modifiers asked for a target's options and again for its advice are summed once.
        `sig` names the group and the call's keys in order (`pass(start,target)`), so the
        cache key is it and the values."""
        key: Hashable = _MISSING
        if silent:
            memo = m.memo
            try:
                key = (sig, *L.values())
                hit = memo.get(key, _MISSING)
            except TypeError:
                key = hit = _MISSING
            if hit is not _MISSING:
                return hit  # type: ignore[no-any-return]  # a sum this cache kept
        rows = self.modifiers[group]
        summed = self._sums.get(group)
        if summed is None or summed[0] is not rows or summed[1] != len(rows):
            with self.lock:  # written once, even when matches run in threads
                summed = self._sums.get(group)
                if summed is None or summed[0] is not rows or summed[1] != len(rows):
                    summed = self._sums[group] = (rows, len(rows), self._summer(group, rows))
        s = summed[2](m, L, silent)
        if key is not _MISSING:
            memo[key] = s
        return s


def _stub(*args: Any, _lazy: int = 0) -> Any:
    return _LAZY(_lazy)(*args)  # type: ignore[name-defined]  # noqa: F821 - a name in the generated functions' globals


_STUB_CODE = _stub.__code__.replace(co_filename="<lazy rule>")



"""Checked nodes to Python source, one function per rule, compiled once when an edition loads.

Like Jinja2's code generator: each rule text becomes the text of a Python function
whose expressions are inlined (locals are Python locals, state reads are dict reads),
so running a rule costs about one Python call per rule call instead of one per node.

The sandbox: generated code runs with globals holding only the helpers below (all
named with a leading underscore), the rules (`_F_*`, `_P_*`) and `__builtins__` empty.
Rule text contributes only local names (prefixed `v_` and checked to be identifiers),
and constants written with `repr`: no attribute access, builtin or import can come
from a rule. Field names, keys and labels are always string constants.

Positions: no statement records where it is. Each generated line has a YAML position
in its function's line table (`_LINES[filename]`), read from the traceback only when
a fault happens (`fault_pos`).
"""

from __future__ import annotations

import itertools
import re
from typing import Any, Callable

from ..diagnostics import Pos
from . import nodes as n
from .checker import BOUND_IN_PREFER, NAMED_TYPES, SPECIAL_FORMS
from .runtime import MAX_NUMBER

FREE_ITEMS = 4  # a comprehension's loop over a list literal this short spends no steps (one per chain)
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_INT = re.compile(r"\(?-?\d+\)?\Z")  # a whole-number literal, as `lit` writes it
_LITERAL = re.compile(r"(\(?-?\d+\)?|'[^'\\]*'|True|False|None)\Z")  # no dict: `_index` words the fault
# Results this small are whole numbers the interpreter compares fastest (one machine word
# in CPython); larger ones go to the helper, which allows up to MAX_NUMBER.
_SMALL = 2**30 - 1
_STABLE = re.compile(r"(v_\w+(\['\w+'\])?|_s\d+|\(?-?\d+\)?|'[^'\\]*')\Z")  # a local (or a proved record's field, a state value read before a list) or a literal
_SIMPLE = re.compile(r"(v_\w+(\['\w+'\])?|_s\d+|\(?-?\d+\)?|'[^'\\]*'|m\.S\['[^'\\]*'\])\Z")  # cheap to read twice, and pure
_REUSABLE = re.compile(r"(v_\w+(\['\w+'\])?|_[ths]\d+|\(?-?\d+\)?|'[^'\\]*'|True|False|None)\Z")  # read as often as a body reads it
_IDENT_HEAD = re.compile(r"\w*")
_LOCAL = re.compile(r"(v_\w+|'[^'\\]*')\Z")  # a local, or a text literal
_CONST_ARG = re.compile(r"(\(?-?\d+\)?|'[^'\\]*'|True|False|None)\Z")  # a literal argument
_counter = itertools.count()
# The lines around a rule function's body read in place of its call: "# >> file:line:col"
# opens it (the function's position), "# <<" closes it.
_MARK = re.compile(r"\s*# (?:>> (.*):(\d+):(\d+)|<<)\Z")


def local(name: str) -> str:
    """The Python name of a rule's local: always prefixed, so never a builtin or helper."""
    if not _IDENT.match(name):  # pragma: no cover - the grammar allows identifiers only
        raise ValueError(f"not a name: {name!r}")
    return "v_" + name


def lit(v: Any) -> str | None:
    """Python source for a constant, or None when it must live in the constant table."""
    if v is None or isinstance(v, bool):
        return repr(v)
    if isinstance(v, int):
        return f"({v!r})" if v < 0 else repr(v)
    if isinstance(v, str):
        return repr(v)
    return None


class Source:
    """The lines of one generated function, each with the YAML position it comes from."""

    def __init__(self, name: str, pos: Pos, placed: bool = True):
        self.filename = f"<rule {name} #{next(_counter)}>"
        self.lines: list[str] = []
        self.pos: list[Pos] = []
        self.here = pos
        self.temps = itertools.count()
        # False: a fault's place is its caller's line (`fault_trace` skips this function's
        # lines), as when its code stood there (see Generator._outlined)
        self.placed = placed

    def emit(self, indent: int, text: str, pos: Pos | None = None) -> None:
        """One statement. A rule function's body read in place of its call (`inlined`)
        spans lines of its own, so a fault in it is placed at the function's line, after
        the call site's (`fault_trace`)."""
        here = pos or self.here
        if "\n" not in text:
            self.lines.append("    " * indent + text)
            self.pos.append(here)
            return
        chain: list[Pos] = [here]
        for i, line in enumerate(text.split("\n")):
            mark = _MARK.match(line)
            if mark and mark.group(1):
                chain.append(Pos(mark.group(1), int(mark.group(2)), int(mark.group(3))))
            self.lines.append("    " * indent + line if i == 0 else line)
            self.pos.append(chain[0] if len(chain) == 1 else tuple(chain))  # type: ignore[arg-type]
            if mark and not mark.group(1):
                chain.pop()

    def temp(self, stem: str) -> str:
        return f"_{stem}{next(self.temps)}"

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


class Generator:
    """Writes Python source for checked nodes. `host` supplies the names in the globals:
    `const(v)` and `position(pos)` return the global name of a value or a position,
    `prim(name)` the global name of a primitive."""

    hoist = True  # state tests worked out before a comprehension (see _e_Comprehension)
    inline_calls = True  # small rule functions read in place of their calls (see _inlined)

    def __init__(self, host: Any):
        self.host = host
        self._no_walrus = 0  # > 0 inside a comprehension's iterable, where Python forbids `:=`
        self._free_loop = False  # inside a loop over a short list literal that spends no steps
        self.records: dict[str, frozenset[str]] = {}  # locals (their Python names) proved records with these fields
        self.local_elements: dict[str, frozenset[str]] = {}  # a block's locals proved lists of such records (let_elements)
        self.hoisted: dict[int, str] = {}  # id of a node -> the temporary read in its place (see _invariant)
        self.rename: dict[str, str] = {}  # a function read in place: its parameters -> the caller's values
        self.state_temps: dict[str, str] | None = None  # in a pure list: state reads -> the list's variables (see _list)
        self.state_only: frozenset[str] | None = None  # in a function's body: the entries it reads once as it starts (see _read_once)
        self._temps_for: n.Node | None = None  # the list that binds them
        self.reuse: tuple | None = None  # calls asked twice in one expression: their first places (see reusing)
        self.outlining = False  # writing a list kept for the match (see _outlined): none inside it
        # The pure lists being written, outermost first: one team's tables read -> the list's
        # variables, bound as it starts (its `pre`), and the locals its loops bind (see _team_table).
        self.team_tables: list[tuple[dict[str, str], list[tuple[str, str]], set[str]]] | None = None
        self._bound_params: dict[str, int | None] | None = None  # see _bound_through
        self._bound_depth = 0

    # ---- blocks and statements
    def block(self, src: Source, stmts: list[n.Node], ind: int) -> None:
        if not stmts:
            src.emit(ind, "pass")
        for s in stmts:
            getattr(self, "_s_" + type(s).__name__)(src, s, ind)

    def _s_Pass(self, src: Source, s: n.Pass, ind: int) -> None:
        src.emit(ind, "pass", s.pos)

    def _s_Let(self, src: Source, s: n.Let, ind: int) -> None:
        src.emit(ind, f"{local(s.name)} = {self.expr(src, s.value)}", s.pos)

    def _s_Set(self, src: Source, s: n.Set, ind: int) -> None:
        value = self.expr(src, s.value)
        if s.target.kind == "local":
            v = local(s.target.parts[0])
            if s.op == "=":
                src.emit(ind, f"{v} = {value}", s.pos)
            else:
                src.emit(ind, f"{v} = {'_add' if s.op == '+=' else '_sub'}(m, {v}, {value})", s.pos)
            return
        name = s.target.dotted
        keys = ", ".join(self.expr(src, i) for i in s.indices)
        spec = self.host.state[name]
        if not keys and s.op == "=" and spec.min is None and spec.max is None:  # `_set`, in line
            size = self.bound(s.value) if spec.type == "int" else None
            if spec.type == "int" and (size is None or size > MAX_NUMBER):  # an int's value checked, unless proved
                # a truth value equal to the number held (true and 1) is checked too, not skipped as no change
                src.emit(ind, f"if (_sv := {value}) != m.S[{name!r}] or (_type(_sv) is not _int and _sv is not None): _put_int(m, {name!r}, _sv)", s.pos)
            elif spec.type in NAMED_TYPES:  # its value checked where it changes: in line, when the names are known here
                names = getattr(self.host, "domains", {}).get(spec.type)
                checked = f"_put_named(m, {name!r}, _sv)"
                put = f"_put(m, {name!r}, _sv) if _type(_sv) is _str and _sv in {self.host.const(names)} else {checked}" if names else checked
                src.emit(ind, f"if (_sv := {value}) != m.S[{name!r}]: {put}", s.pos)
            else:
                src.emit(ind, f"if (_sv := {value}) != m.S[{name!r}]: _put(m, {name!r}, _sv)", s.pos)
            return
        lo, hi = self.host.const(spec.min), self.host.const(spec.max)
        if not keys and spec.type == "int" and all(b is None or type(b) is int for b in (spec.min, spec.max)):
            # `_set`, in line for a whole number that needs no clamping; anything else (a
            # value to clamp, a truth value, a text, a fault) still goes to `_set`
            low = -MAX_NUMBER if spec.min is None else max(spec.min, -MAX_NUMBER)
            high = MAX_NUMBER if spec.max is None else min(spec.max, MAX_NUMBER)
            src.emit(ind, f"_sv = {value}", s.pos)
            tests = [] if self.is_int(s.value) else ["_type(_sv) is _int"]  # a value proved whole needs the range test only
            if s.op == "=":
                src.emit(ind, f"if {' and '.join(tests + [f'{low} <= _sv <= {high}'])}:", s.pos)
                src.emit(ind + 1, f"if _sv != m.S[{name!r}]: _put(m, {name!r}, _sv)", s.pos)
            else:
                sign = "+" if s.op == "+=" else "-"
                if spec.default is None:  # an entry that starts as none may hold none
                    tests.append(f"_type(_so := m.S[{name!r}]) is _int")
                else:
                    src.emit(ind, f"_so = m.S[{name!r}]", s.pos)
                src.emit(ind, f"if {' and '.join(tests + [f'{low} <= (_sn := _so {sign} _sv) <= {high}'])}:", s.pos)
                src.emit(ind + 1, f"if _sn != _so: _put(m, {name!r}, _sn)", s.pos)
            src.emit(ind, "else:", s.pos)
            src.emit(ind + 1, f"_set(m, {name!r}, [], {s.op!r}, _sv, {lo}, {hi})", s.pos)
            return
        if len(s.indices) == 1 and s.op == "=" and spec.type != "int" and spec.type not in NAMED_TYPES:
            # one entry of an indexed list, truth value or text: nothing to check but the
            # key (`_set` names a missing one); a changed value written by `_put_at`
            src.emit(ind, f"_sk = {keys}; _sv = {value}; _sb = m.S[{name!r}]", s.pos)
            src.emit(ind, f"if _sk not in _sb: _set(m, {name!r}, [_sk], '=', _sv, {lo}, {hi})", s.pos)
            src.emit(ind, f"elif _sv != _sb[_sk]: _put_at(m, {name!r}, _sb, _sk, _sv)", s.pos)
            return
        src.emit(ind, f"_set(m, {name!r}, [{keys}], {s.op!r}, {value}, {lo}, {hi})", s.pos)

    def _s_ExprStmt(self, src: Source, s: n.ExprStmt, ind: int) -> None:
        src.emit(ind, self.expr(src, s.call), s.pos)

    def _s_Leave(self, src: Source, s: n.Leave, ind: int) -> None:
        src.emit(ind, f"raise _Leave({s.scope!r})", s.pos)

    def _s_Return(self, src: Source, s: n.Return, ind: int) -> None:
        src.emit(ind, f"return {self.expr(src, s.value) if s.value is not None else 'None'}", s.pos)

    def _s_Trigger(self, src: Source, s: n.Trigger, ind: int) -> None:
        """`m.fire(...)`, skipped when the match has found no hook that can run at this
        trigger (`MatchState.fire` works that out at its first firing). Values other
        than locals, literals and plain state reads are still worked out first, so a
        fault in one is the same fault."""
        values = [self.expr(src, v) for v in s.kwargs.values()]
        params = "{" + ", ".join(f"{k!r}: {v}" for k, v in zip(s.kwargs, values)) + "}"
        if not all(_SIMPLE.match(v) for v in values):
            built, params = params, src.temp("p")
            src.emit(ind, f"{params} = {built}", s.pos)
        src.emit(ind, f"if m.live_hooks.get({s.name!r}, True): m.fire({s.name!r}, {params})", s.pos)

    def _s_Apply(self, src: Source, s: n.Apply, ind: int) -> None:
        src.emit(ind, f"_apply(m, {self.expr(src, s.row)})", s.pos)

    def _s_If(self, src: Source, s: n.If, ind: int) -> None:
        for i, (cond, body) in enumerate(s.branches):
            src.emit(ind, f"{'if' if i == 0 else 'elif'} {self.expr(src, cond)}:", s.pos)
            self.block(src, body, ind + 1)
        if s.orelse:
            src.emit(ind, "else:", s.pos)
            self.block(src, s.orelse, ind + 1)

    def _s_Repeat(self, src: Source, s: n.Repeat, ind: int) -> None:
        src.emit(ind, f"for _ in _times(m, {self.expr(src, s.count)}, {self.host.position(s.pos)}):", s.pos)
        self.block(src, s.body, ind + 1)

    def _s_For(self, src: Source, s: n.For, ind: int) -> None:
        src.emit(ind, f"for {local(s.var)} in _each(m, {self.expr(src, s.iterable)}, {self.host.position(s.pos)}):", s.pos)
        self.block(src, s.body, ind + 1)

    def _s_While(self, src: Source, s: n.While, ind: int) -> None:
        p = self.host.position(s.pos)
        src.emit(ind, "for _ in _MAX_LOOP:", s.pos)
        src.emit(ind + 1, f"if not ({self.expr(src, s.cond)}):", s.pos)
        src.emit(ind + 2, "break", s.pos)
        src.emit(ind + 1, "m.budget -= 1", s.pos)
        src.emit(ind + 1, f"if m.budget < 0: _exhausted({p})", s.pos)
        self.block(src, s.body, ind + 1)
        src.emit(ind, "else:", s.pos)
        src.emit(ind + 1, f"_endless_while({p})", s.pos)

    def _s_Scope(self, src: Source, s: n.Scope, ind: int) -> None:
        e = src.temp("e")
        src.emit(ind, "try:", s.pos)
        self.block(src, s.body, ind + 1)
        src.emit(ind, f"except _Leave as {e}:", s.pos)
        src.emit(ind + 1, f"if {e}.name != {s.name!r}: raise", s.pos)

    def _s_Choose(self, src: Source, s: n.Choose, ind: int) -> None:
        """Options whose guard holds are offered; their advice is scored only if an agent asks."""
        legal, index, advice, pick = src.temp("legal"), src.temp("index"), src.temp("advice"), src.temp("pick")
        scored = any(o.prefer is not None for o in s.options)
        src.emit(ind, f"{legal} = []; {index} = []" + (f"; {advice} = []" if scored else ""), s.pos)
        for i, o in enumerate(s.options):
            add = f"{legal}.append({o.label!r}); {index}.append({i})"
            if scored:  # a whole-number literal is its own score; anything else is worked out if asked
                const = isinstance(o.prefer, n.Const) and type(o.prefer.value) is int
                add += f"; {advice}.append(" + (repr(o.prefer.value) if const else f"lambda: {self.expr(src, o.prefer)}" if o.prefer is not None else "None") + ")"
            if o.guard is None:
                src.emit(ind, add, s.pos)
            else:
                src.emit(ind, f"if {self.expr(src, o.guard)}: {add}", s.pos)
        src.emit(ind, f"if {legal}:", s.pos)
        scores = f"_advice({advice})" if scored else "None"
        src.emit(ind + 1, f"{pick} = {index}[{legal}.index(m.decide({self.expr(src, s.team)}, {s.label!r}, {legal}, {scores}, False))]", s.pos)
        for i, o in enumerate(s.options):
            src.emit(ind + 1, f"{'if' if i == 0 else 'elif'} {pick} == {i}:", s.pos)
            self.block(src, o.body, ind + 2)

    # ---- expressions: each returns Python source for one expression
    def expr(self, src: Source, e: n.Node) -> str:
        hoisted = self.hoisted.get(id(e))
        if hoisted is not None:
            return hoisted
        return getattr(self, "_e_" + type(e).__name__)(src, e)

    def _dict(self, src: Source, kwargs: dict[str, n.Node]) -> str:
        return "{" + ", ".join(f"{k!r}: {self.expr(src, v)}" for k, v in kwargs.items()) + "}"

    def _e_Const(self, src: Source, e: n.Const) -> str:
        return lit(e.value) or self.host.const(e.value)

    def _e_Template(self, src: Source, e: n.Template) -> str:
        return _joined(e, [self.expr(src, p) for p in e.parts if not isinstance(p, str)])

    def _e_Name(self, src: Source, e: n.Name) -> str:
        kind, fields = e.kind, e.fields
        if kind == "local":
            base = self.rename.get(e.parts[0]) or local(e.parts[0])
        elif kind == "state":
            base = f"m.S[{e.resolved!r}]"
            if self.state_temps is not None and (self.state_only is None or e.resolved in self.state_only):  # read once (see _state_read_once, _read_once)
                base = self.state_temps.get(base) or self.state_temps.setdefault(base, src.temp("s"))
        elif kind == "const":
            base = self._e_Const(src, n.Const(e.pos, self.host.constants[e.parts[0]]))
        elif kind == "table":
            base = f"_T[{e.parts[0]!r}]"
        elif kind == "func":
            base = self._call(src, e.parts[0], [])
        elif kind == "builtin":
            base = self._e_Const(src, n.Const(e.pos, self.host.registry.constants[e.parts[0]]))
        else:  # pragma: no cover - the checker resolved every name
            raise AssertionError(f"unchecked name {e.dotted}")
        for i, f in enumerate(fields):
            if i == 0 and kind == "local" and f in self.records.get(base, ()):
                base = f"{base}[{f!r}]"  # the function's guard checked the record and its fields
            elif _IDENT.match(base):  # a local: read it twice rather than call a helper
                base = f"({base}[{f!r}] if _type({base}) is _dict and {f!r} in {base} else _field({base}, {f!r}))"
            else:
                base = f"_field({base}, {f!r})"
        return base

    def _e_Call(self, src: Source, e: n.Call) -> str:
        if e.kind == "special":
            return getattr(self, "_special_" + e.name)(src, e)
        args = [self.expr(src, a) for a in e.args]
        if e.kind in ("procedure", "function"):
            name = e.target or e.name  # parent(...) is an ordinary call to the renamed base rule
            params = self.host.param_table[e.kind][name]
            if e.pass_on:  # parent() without arguments: the caller's own values of the same names
                args = [self.rename.get(p) or local(p) for p in e.pass_on]
            else:
                args += [self.expr(src, e.kwargs[p]) for p in params[len(args):]]
            if e.kind == "function":
                return self._reused(src, e, self._inlined(src, name, args) or self._call(src, name, args))
            return f"{self.host.rule_name('procedure', name)}(m{''.join(', ' + a for a in args)})"
        prim = self.host.registry.primitives[e.name]
        args += [self.expr(src, e.kwargs[p]) for p in prim.params if p in e.kwargs]
        extra = {k: v for k, v in e.kwargs.items() if k not in prim.params}
        if extra:
            args.append("**" + self._dict(src, extra))
        answers = getattr(self.host, "answers", None)
        if prim.fixed and answers is not None and args and len(args) == len(prim.params) and not extra:
            return answers(e.name) + "".join(f"[{a}]" for a in args)  # a fixed answer: dict reads, no call
        call = f"{self.host.prim(e.name)}(m{''.join(', ' + a for a in args)})"
        if prim.by_team and len(args) == 2 == len(prim.params) and not extra:
            table = self._team_table(src, prim.by_team, args[0])
            if table is not None:
                return f"({table}[{args[1]}] if {table} is not None else {call})"
        if not prim.inline or len(args) != len(prim.params) or extra:
            return self._reused(src, e, call)
        lists = [i for i, a in enumerate(e.args) if self.is_list(a)]  # their type tests dropped
        ints = [i for i, a in enumerate(e.args) if self.is_int(a)]
        if all(_STABLE.match(a) for a in args):
            return _template(prim, call, args, lists, ints)
        if self._no_walrus:
            return call
        # other arguments are evaluated once, in order, into temporaries the template reads
        names = [a if _STABLE.match(a) else src.temp("t") for a in args]
        call = f"{self.host.prim(e.name)}(m{''.join(', ' + t for t in names)})"
        return _after(zip(names, args), _template(prim, call, names, lists, ints))

    def _special_rule(self, src: Source, e: n.Call) -> str:
        return f"({e.args[0].value!r} in m.rules_on)"  # type: ignore[attr-defined]

    def _special_log(self, src: Source, e: n.Call) -> str:
        text, keys = e.args[0], [k for k in ("tag", "team", "ref", "data") if k in e.kwargs]
        if isinstance(text, n.Template):
            parts = [self.expr(src, p) for p in text.parts if not isinstance(p, str)]
            line = _joined(text, parts)
        else:
            line = self.expr(src, text)
            parts = [line]
        rest = [self.expr(src, e.kwargs[k]) for k in keys]
        fields = [f"'text': _render({line})"] + [f"{k!r}: {v}" for k, v in zip(keys, rest)]
        # A match that keeps no log (a simulation) evaluates the same values in the same
        # order, so a fault is the same, but renders nothing: it only counts the tag.
        if "tag" not in keys:
            rest.insert(0, "_MISS")
        quiet = f"_quiet_log(m, ({''.join(p + ', ' for p in parts)}), {', '.join(rest)})"
        return f"(m.emit('log', {{{', '.join(fields)}}}) if m.record else {quiet})"

    def _special_modifiers(self, src: Source, e: n.Call, silent: bool = False) -> str:
        group = e.args[0].value  # type: ignore[attr-defined]
        sig = f"{group}({','.join(e.kwargs)})"  # with the values, in this order, the cache key
        return f"_modifiers(m, {group!r}, {self._dict(src, e.kwargs)}, {silent}, {sig!r})"

    def _special_modifier_total(self, src: Source, e: n.Call) -> str:
        """A sum that logs nothing: a generated function of the keywords' values, in the
        call's order (see `Compiler.modifier_total`)."""
        group = e.args[0].value  # type: ignore[attr-defined]
        args = "".join(", " + self.expr(src, v) for v in e.kwargs.values())
        return f"{self.host.modifier_total(group, tuple(e.kwargs))}(m{args})"

    def _choose(self, src: Source, e: n.Call, optional: bool) -> str:
        team, label, options = (self.expr(src, a) for a in e.args)
        it = local(BOUND_IN_PREFER)  # the advice scores every option in one list, not one call each
        prefer = "None"
        if "prefer" in e.kwargs:
            advice = e.kwargs["prefer"]
            fields = self.element_fields(e.args[2])  # options proved records: their fields read straight
            outer, self.records = self.records, self.records | ({it: fields} if fields not in (None, EMPTY) else {})
            try:
                prefer = self._state_read_once(advice, lambda: self._advice_list(src, advice, it))
            finally:
                self.records = outer
            prefer = f"lambda _opts: {prefer}"
        return f"_choose(m, {options}, {team}, {label}, {prefer}, {optional}, {self.host.position(e.pos)})"

    def _advice_list(self, src: Source, advice: n.Node, it: str) -> str:
        """The scores of `_opts`, one list: as a pure list's, what no option changes is
        worked out once, before it (see `_hoisting`)."""
        if not self.hoist or not _pure(advice, self.host.registry.primitives):
            return self._list(self.expr(src, advice), [f"for {it} in _opts"], advice)
        found = _invariant([advice], lambda v: v != BOUND_IN_PREFER, self.host)
        bound = {it} | {local(var) for x in n.walk(advice) if isinstance(x, n.Comprehension) for var, _, _ in x.loops}
        return self._hoisting(src, found, bound, lambda pre: self._list(self.expr(src, advice), [f"for {it} in _opts"], advice, pre))

    def _special_choose(self, src: Source, e: n.Call) -> str:
        return self._choose(src, e, False)

    def _special_may_choose(self, src: Source, e: n.Call) -> str:
        return self._choose(src, e, True)

    def _e_Subscript(self, src: Source, e: n.Subscript) -> str:
        """`x[k]`: a dict by a text key (indexed state, a table row) is read in line;
        anything else goes to `_index`, which also words the faults. The object and the
        key are evaluated once, in order (see `_typed`)."""
        base, depth = e.obj, 1
        while isinstance(base, n.Subscript):
            base, depth = base.obj, depth + 1
        spec = self.host.state.get(base.dotted) if isinstance(base, n.Name) and base.kind == "state" and not base.fields else None
        if spec is not None and depth <= len(spec.index):
            # Indexed state: every level is a dict with the declared keys, since a write
            # must name every index. A key it lacks raises KeyError, which a fault words
            # as `_index` does ("no entry hom").
            return f"{self.expr(src, e.obj)}[{self.expr(src, e.index)}]"
        o, k = self.expr(src, e.obj), self.expr(src, e.index)
        if _LITERAL.match(o) or (self._no_walrus and not (_SIMPLE.match(o) and _SIMPLE.match(k))):
            return f"_index({o}, {k})"
        if self.bound(e.index) is not None:  # a whole number: a list's index, no dict's key
            test, o, k = self._typed(src, (o, "_list"), (k, "_int"), reread=self._no_walrus)
            return f"({o}[{k}] if {test} else _index({o}, {k}))"
        test, o, k = self._typed(src, (o, "_dict"), (k, "_str"), reread=self._no_walrus)
        return f"({o}[{k}] if {test} and {k} in {o} else _index({o}, {k}))"

    def _typed(self, src: Source, a: tuple[str, str], b: tuple[str, str], *, reread: bool, known: tuple[bool, bool] = (False, False)) -> tuple[str, str, str]:
        """The type tests of two operands an inline fast path reads twice (`(x, "_int")`:
        x must be a whole number), and the names to read them by. A local or a literal
        stays as it is, a state value too when `reread`; anything else is evaluated once,
        in order, into a temporary by its test (`_type(_t0 := f(x)) is _int`; two such
        tests joined by `&`, which evaluates both). A literal of the kind, or an operand
        `known` to be one (`is_int`), needs no test: a temporary of it is set by a test
        that is always true (`(_t0 := f(x)) is _t0`)."""
        names, assigned, plain = [], [], []
        for (x, kind), proved in zip((a, b), known):  # nothing can change a literal or a local meanwhile
            if _STABLE.match(x) or (reread and _SIMPLE.match(x)):
                names.append(x)
                if not (proved or (_INT.match(x) if kind == "_int" else kind == "_str" and x.startswith("'"))):
                    plain.append(f"_type({x}) is {kind}")
            else:
                t = src.temp("t")
                names.append(t)
                assigned.append(f"({t} := {x}) is {t}" if proved else f"_type({t} := {x}) is {kind}")
        tests = [" & ".join(f"({t})" for t in assigned)] if len(assigned) > 1 else assigned
        return " and ".join(tests + plain) or "True", names[0], names[1]

    def _e_Unary(self, src: Source, e: n.Unary) -> str:
        return f"(not {self.expr(src, e.operand)})" if e.op == "not" else f"(-{self.expr(src, e.operand)})"

    _ARITH = {"+": "_add", "-": "_sub", "*": "_mul", "//": "_floordiv", "%": "_mod"}

    def _e_BinOp(self, src: Source, e: n.BinOp) -> str:
        a, b = self.expr(src, e.left), self.expr(src, e.right)
        if e.op in ("and", "or"):
            return f"({a} {e.op} {b})"
        size = self.bound(e)
        if size is not None and size <= MAX_NUMBER:  # proved numbers, proved small: no checks
            return f"({a} {e.op} {b})"
        if e.op == "+" and self.is_list(e.left) and self.is_list(e.right):
            return f"_joined(m, {a}, {b})"  # proved lists: joined, no type tests
        if e.op == "+" and (self.is_list(e.left) or self.is_list(e.right)):
            return f"_cat(m, {a}, {b})"  # lists joined: no whole-number tests first
        helper = self._ARITH[e.op]
        if e.op == "+" and (_is_text(e.left) or _is_text(e.right)):
            return self._text_join(src, e, a, b)
        simple = bool(_SIMPLE.match(a) and _SIMPLE.match(b))  # plain reads, cheap to read twice
        if self._no_walrus and not simple:
            return f"{helper}(m, {a}, {b})"
        if e.op in ("+", "-", "*") and self.is_int(e.left) and self.is_int(e.right):
            return self._whole(src, e.op, a, b, helper, simple)
        # The checks in line, for whole numbers; anything else (texts, lists, a fault) goes to the helper.
        ints, a, b = self._typed(src, (a, "_int"), (b, "_int"), reread=simple, known=(self.is_int(e.left), self.is_int(e.right)))
        return f"({a} {e.op} {b} if {ints} and {-_SMALL} <= {a} {e.op} {b} <= {_SMALL} else {helper}(m, {a}, {b}))"

    def _text_join(self, src: Source, e: n.BinOp, a: str, b: str) -> str:
        """`+` with a text on one side (`_is_text`): joined in line when the other is a
        text too and the result is under 100 characters (which `_add` charges no step);
        anything else is rendered and checked by `_add`. Each side is evaluated once, in
        order."""
        if self._no_walrus and not (_SIMPLE.match(a) and _SIMPLE.match(b)):
            return f"_add(m, {a}, {b})"
        temps, names, tests = [], [], []
        for code, side in ((a, e.left), (b, e.right)):
            name = code if self._no_walrus or _STABLE.match(code) else src.temp("t")
            names.append(name)
            if name != code:
                temps.append((name, code))
            if not _is_text(side):
                tests.append(f"_type({name}) is _str")
        r = src.temp("t")
        out = f"({r} if {' and '.join(tests + [f'_len({r} := {names[0]} + {names[1]}) < 100'])} else _add(m, {names[0]}, {names[1]}))"
        return _after(temps, out)

    def _whole(self, src: Source, op: str, a: str, b: str, helper: str, simple: bool) -> str:
        """`a op b` of two proved whole numbers (`is_int`), maybe large: the range test
        only; a result past it goes to the helper, which allows up to MAX_NUMBER or
        names the fault. The operands are evaluated once, in order."""
        if self._no_walrus:  # plain reads: read again
            return f"({a} {op} {b} if {-_SMALL} <= {a} {op} {b} <= {_SMALL} else {helper}(m, {a}, {b}))"
        parts, names = [], []
        for x in (a, b):
            if _STABLE.match(x) or (simple and _SIMPLE.match(x)):
                parts.append(x)
                names.append(x)
            else:
                names.append(src.temp("t"))
                parts.append(f"({names[-1]} := {x})")
        r = src.temp("t")
        return f"({r} if {-_SMALL} <= ({r} := {parts[0]} {op} {parts[1]}) <= {_SMALL} else {helper}(m, {names[0]}, {names[1]}))"

    def is_int(self, e: n.Node) -> bool:
        """Whether `e` is always a whole number, maybe a large one (never a boolean, a
        decimal, a text or none): one `bound` proves; an int state entry that starts
        as one, read whole or at every index (every write keeps it one:
        `compiler._held`); `-`, `*`, `//` and `%` of anything (anything but whole
        numbers faults there), and `+` and `-x` of such; a choice between two; `min`,
        `max`, `abs` and `clamp` of them; `sum` of a list of them (`Primitive.whole`);
        or a rule function whose body is one. Its arithmetic then needs the range test
        only, no type tests."""
        if self.bound(e) is not None:
            return True
        if isinstance(e, (n.Name, n.Subscript)):
            base, depth = e, 0
            while isinstance(base, n.Subscript):
                base, depth = base.obj, depth + 1
            if not isinstance(base, n.Name) or base.fields:
                return False
            if base.kind == "state":
                spec = self.host.state.get(base.resolved)
                return spec is not None and spec.type == "int" and spec.default is not None and depth == len(spec.index)
            return base.kind == "func" and depth == 0 and base.parts[0] in getattr(self.host, "ints", ())
        if isinstance(e, n.Unary):
            return e.op == "-" and self.is_int(e.operand)
        if isinstance(e, n.Ternary):
            return self.is_int(e.then) and self.is_int(e.other)
        if isinstance(e, n.BinOp):  # `+` joins lists and texts too; the others take numbers only
            return e.op in ("-", "*", "//", "%") or (e.op == "+" and self.is_int(e.left) and self.is_int(e.right))
        if isinstance(e, n.Call) and not e.kwargs:
            if e.kind == "primitive":
                prim = self.host.registry.primitives[e.name]
                if len(e.args) != len(prim.params):
                    return False
                if prim.whole:
                    xs = e.args[prim.params.index(prim.whole)]
                    return (isinstance(xs, n.Comprehension) and self.is_int(xs.element)) or (isinstance(xs, n.ListLit) and all(self.is_int(x) for x in xs.items))
                return bool(prim.bound_by) and all(self.is_int(a) for a in e.args)
            return e.kind == "function" and e.name in getattr(self.host, "ints", ())
        return False

    def is_list(self, e: n.Node) -> bool:
        """Whether `e` is always a list: a list literal, a comprehension, a choice
        between two lists, two lists joined, a primitive declared to return one, or a
        rule function whose body is one."""
        if isinstance(e, (n.ListLit, n.Comprehension)):
            return True
        if isinstance(e, n.Ternary):
            return self.is_list(e.then) and self.is_list(e.other)
        if isinstance(e, n.BinOp):
            return e.op == "+" and self.is_list(e.left) and self.is_list(e.right)
        if isinstance(e, n.Call) and e.kind == "primitive":
            return self.host.registry.primitives[e.name].returns.startswith("[")
        if isinstance(e, n.Call) and e.kind == "function":
            return e.name in getattr(self.host, "lists", ())
        return False

    def element_fields(self, e: n.Node) -> frozenset[str] | None:
        """The fields every element of the list `e` is proved to be a record holding: a
        list of record literals, a comprehension building one, two such lists joined or
        chosen between, or a rule function whose body is one (`sprint_moves`). None when
        not proved; `EMPTY` for a list with no elements at all."""
        if isinstance(e, n.ListLit):
            out: frozenset[str] | None = EMPTY
            for x in e.items:
                out = _meet(out, frozenset(x.fields) if isinstance(x, n.Record) else None)
            return out
        if isinstance(e, n.Comprehension):
            return frozenset(e.element.fields) if isinstance(e.element, n.Record) else None
        if isinstance(e, n.Ternary):
            return _meet(self.element_fields(e.then), self.element_fields(e.other))
        if isinstance(e, n.BinOp) and e.op == "+":
            return _meet(self.element_fields(e.left), self.element_fields(e.right))
        if isinstance(e, n.Call) and e.kind == "function":
            return getattr(self.host, "elements", {}).get(e.name)
        if isinstance(e, n.Name) and e.kind == "local" and not e.fields and e.parts[0] not in self.rename:
            return self.local_elements.get(e.parts[0])
        return None

    def bound(self, e: n.Node) -> int | None:
        """How large a number `e` can be, when its nodes prove it is always a number
        (never a boolean or a text): a literal, a constant, a sum, difference or product
        of such, one divided by a whole number other than 0 (or its remainder), a choice
        between two, a primitive declaring its bound (`pieces`, `len`, `distance`), or a
        rule function whose body is one. None when not proved; then its arithmetic keeps
        the run-time checks."""
        if isinstance(e, n.Const):
            return abs(e.value) if type(e.value) is int else None
        if isinstance(e, n.Name):
            if e.fields:
                return None
            if e.kind == "const":
                v = self.host.constants[e.parts[0]]
                return abs(v) if type(v) is int else None
            if e.kind == "func":
                return getattr(self.host, "bounds", {}).get(e.parts[0])
            if e.kind == "local" and self._bound_params is not None:  # a parameter of a body asked through its call
                return self._bound_params.get(e.parts[0])
            if e.kind == "state":  # an int entry between a `min:` and a `max:`, which every write keeps it in
                spec = self.host.state.get(e.resolved)
                if spec is not None and spec.type == "int" and not spec.index and spec.default is not None and type(spec.min) is int and type(spec.max) is int:
                    return max(abs(spec.min), abs(spec.max))
            return None
        if isinstance(e, n.Call):
            if e.kind == "primitive":  # pieces(), distance(), len(): declared by the host
                prim = self.host.registry.primitives[e.name]
                if prim.bound_by and not e.kwargs and len(e.args) == len(prim.params):
                    given = dict(zip(prim.params, e.args))
                    sizes = [self.bound(given[p]) for p in prim.bound_by]
                    if None not in sizes:
                        return max(sizes)  # type: ignore[type-var]
                return prim.bound
            if e.kind == "special" and e.name == "modifier_total" and isinstance(e.args[0], n.Const):
                outer, self._bound_params = self._bound_params, None  # the rows' names are not the caller's
                try:
                    return getattr(self.host, "modifier_bound", lambda group: None)(e.args[0].value)
                finally:
                    self._bound_params = outer
            if e.kind != "function":
                return None
            known = getattr(self.host, "bounds", {}).get(e.name)
            return known if known is not None else self._bound_through(e)
        if isinstance(e, n.Unary):
            return self.bound(e.operand) if e.op == "-" else None
        if isinstance(e, n.Ternary):
            a, b = self.bound(e.then), self.bound(e.other)
            return None if a is None or b is None else max(a, b)
        if isinstance(e, n.BinOp) and e.op in ("+", "-", "*"):
            a, b = self.bound(e.left), self.bound(e.right)
            if a is None or b is None:
                return None
            return a * b if e.op == "*" else a + b
        if isinstance(e, n.BinOp) and e.op in ("//", "%") and isinstance(e.right, n.Const) and type(e.right.value) is int and e.right.value:
            a = self.bound(e.left)  # by a whole number other than 0: no fault; a quotient no larger, a remainder below the divisor
            return None if a is None else a if e.op == "//" else abs(e.right.value) - 1
        return None

    def _bound_through(self, e: n.Call) -> int | None:
        """How large the number a rule function gives for these arguments can be, from its
        body with each parameter as large as its argument can be (`pass_odds(clamp(v, 1,
        6))`, where `pass_odds(v)` alone is unbounded). Only a function that cannot
        recurse, called with all its arguments in order, a few calls deep."""
        found = getattr(self.host, "plain_body", lambda name: None)(e.name) if not e.kwargs and self._bound_depth < 3 else None
        if found is None or len(found[0]) != len(e.args):
            return None
        params, body = found
        sizes = dict(zip(params, (self.bound(a) for a in e.args)))
        outer, self._bound_params = self._bound_params, sizes
        self._bound_depth += 1
        try:
            return self.bound(body)
        finally:
            self._bound_params = outer
            self._bound_depth -= 1

    def _e_Compare(self, src: Source, e: n.Compare) -> str:
        out = self.expr(src, e.first)
        for op, x in e.rest:
            out += f" {op} {self.expr(src, x)}"
        return f"({out})"

    def _e_Range(self, src: Source, e: n.Range) -> str:
        return f"_range(m, {self.expr(src, e.low)}, {self.expr(src, e.high)})"

    def _e_ListLit(self, src: Source, e: n.ListLit) -> str:
        return "[" + ", ".join(self.expr(src, x) for x in e.items) + "]"

    def _e_Record(self, src: Source, e: n.Record) -> str:
        return self._dict(src, e.fields)

    def _e_Ternary(self, src: Source, e: n.Ternary) -> str:
        return f"({self.expr(src, e.then)} if {self.expr(src, e.cond)} else {self.expr(src, e.other)})"

    def _state_read_once(self, e: n.Node, write: Any) -> str:
        """The source `write()` gives for the pure list `e`, with each state entry it
        reads (also in the bodies of functions read in place) read once, as the list
        starts, into a temporary of the list's own (`_list`): nothing in it can change
        the state while the list is built. Only at the outermost such list; the resumable
        form reads state in place."""
        if self.state_temps is not None or not self.hoist or self._no_walrus or not _pure(e, self.host.registry.primitives):
            return write()
        self.state_temps, self._temps_for = {}, e
        try:
            return write()
        finally:
            self.state_temps, self._temps_for = None, None

    def _list(self, element: str, loops: list[str], e: n.Node, hoisted: list[tuple[str, str]] = ()) -> str:
        """`[element loops...]`, first binding the values read once for the whole list
        (`hoisted`, and the state read once when `e` is the list `_state_read_once` is
        writing) as the list's own variables: `[... for (_s0, _h1) in ((m.S['x'], ...),)
        for ...]`. A value the list binds is a local of the list, where a `:=` before it
        would be a cell of the enclosing function, made at each of its calls."""
        pre = list(hoisted)
        if self._temps_for is e and self.state_temps:
            pre = [(t, code) for code, t in self.state_temps.items()] + pre
        if pre:
            loops = [f"for ({''.join(t + ', ' for t, _ in pre)}) in (({''.join(c + ', ' for _, c in pre)}),)"] + loops
        return f"[{element} {' '.join(loops)}]"

    def _once(self, write: Any) -> str:
        """Source for what runs once before the list: state read in place."""
        temps, self.state_temps = self.state_temps, None
        try:
            return write()
        finally:
            self.state_temps = temps

    def _outlined(self, src: Source, e: n.Comprehension) -> str | None:
        """A list reading no state (only its locals, constants, primitives answering from
        the board), as a call of a function of its own that keeps its answers for the
        match in `m.fixed`, by the values of the locals it reads: 2.0's targets of an area
        for a movement type are built once a match, not before every move. The function
        builds the list with the same code (the same steps and faults when it does; a
        kept answer spends no step, as a fixed rule function's). Its lines are not placed
        (`Source.placed`): a fault in it is placed at the line that asks for the list, as
        when the list was written there. Not for lists calling rule functions (a body read
        in place has lines of its own), reading a record's field or a local that no call
        could pass; None when not taken."""
        host = self.host
        if not self.hoist or self.outlining or not hasattr(host, "outline"):
            return None  # a comprehension's list may be one: its call passes plain reads
        nodes = list(n.walk(e))
        if any(isinstance(x, n.Call) and x.kind != "primitive" for x in nodes) or not _pure(e, host.registry.primitives):
            return None
        if any(isinstance(x, n.Name) and x.kind == "local" and x.fields for x in nodes):
            return None
        free = free_locals(e)
        if free is None or set(free) & list_locals(nodes):  # a list is no key: it would never be kept
            return None
        if not host._reads_no_state(nodes):
            return self._kept_by_board(src, e, nodes, free)
        args = [self.expr(src, free[name]) for name in sorted(free)]
        params = tuple(sorted(free))
        free_loop = self._free_loop  # written as it would have been here: the same steps

        def write(fname: str) -> Source:
            out = Source(fname, e.pos, placed=False)
            code = self._apart(free_loop, lambda: self._comprehension(out, e))
            return keeping(out, fname, params, memo_prologue(fname, params, fixed=True), code)

        return f"{host.outline(write)}(m{''.join(', ' + a for a in args)})"

    def _apart(self, free_loop: bool, write: Callable[[], Any]) -> Any:
        """`write()` for the body of a generated function of its own (`_outlined`,
        `_kept_by_board`): none of the enclosing code's renamed values, reused calls,
        proved records, temporaries or hoisted reads reach it, and no list inside it is
        written apart again; `free_loop` as where it is asked, so it spends the same steps."""
        saved = (self.rename, self.reuse, self.records, self.local_elements, self._free_loop, self._no_walrus,
                 self.state_temps, self._temps_for, self.hoisted, self.state_only, self.team_tables)
        self.rename, self.reuse, self.records, self.local_elements, self._free_loop, self._no_walrus = {}, None, {}, {}, free_loop, 0
        self.state_temps, self._temps_for, self.hoisted, self.state_only, self.team_tables = None, None, {}, None, None
        self.outlining = True
        try:
            return write()
        finally:
            (self.rename, self.reuse, self.records, self.local_elements, self._free_loop, self._no_walrus,
             self.state_temps, self._temps_for, self.hoisted, self.state_only, self.team_tables) = saved
            self.outlining = False

    def _kept_by_board(self, src: Source, e: n.Comprehension, nodes: list[n.Node], free: dict[str, n.Name]) -> str | None:
        """A list reading state in which some of its locals are read only through board
        questions (`[outfield(team, a) for a in areas() if zone(a, team) == zone(area,
        team)]`: `area` only as `zone(area, team)`), as a call of a function of its own
        that keeps its answers until the state changes (`m.memo`), by the board's answers
        instead of those locals: asked for each of thirteen areas between two moves, the
        list is built once per zone. The function builds the list with the same code (the
        same steps and faults when it does; a kept answer spends no step, as a cached rule
        function's). The board questions are asked first; if one faults, the list is built
        as written, so it faults (or not) as it did. Not for lists calling rule functions;
        its lines are not placed, as `_outlined`'s. None when not taken."""
        prims = self.host.registry.primitives
        if any(isinstance(x, n.Name) and x.kind == "func" and x.parts[0] not in self.host.inline for x in nodes):
            return None
        asked = board_keys(e, set(free), prims)
        inside = {id(x) for k in asked for x in n.walk(k)}
        gone = {v for v in free if all(id(x) in inside for x in nodes if isinstance(x, n.Name) and x.kind == "local" and x.parts[0] == v)}
        if not gone:  # the key would be no coarser than the locals themselves
            return None
        params = tuple(sorted(free))
        args = [self.expr(src, free[name]) for name in params]
        key = [local(v) for v in params if v not in gone] + [f"_b{i}" for i in range(len(asked))]
        free_loop = self._free_loop  # written as it would have been here: the same steps

        def write(fname: str) -> Source:
            out = Source(fname, e.pos, placed=False)

            def parts() -> tuple[list[str], str, str]:
                answers = [self.expr(out, k) for k in asked]
                as_written = self._state_read_once(e, lambda: self._hoisted_comprehension(out, e))
                self.hoisted.update({id(k): f"_b{i}" for i, k in enumerate(asked)})  # the list as kept: reads the answers
                return answers, as_written, self._state_read_once(e, lambda: self._hoisted_comprehension(out, e))

            answers, as_written, kept = self._apart(free_loop, parts)
            first = ["try: " + "; ".join(f"_b{i} = {a}" for i, a in enumerate(answers)),
                     f"except _Exception: return {as_written}"]  # a value no board question takes: fault where the list does
            return keeping(out, fname, params, first + memo_prologue(fname, params, values=key), kept)

        return f"{self.host.outline(write)}(m{''.join(', ' + a for a in args)})"

    def _e_Comprehension(self, src: Source, e: n.Comprehension) -> str:
        """A comprehension; the state tests in it that no loop variable changes are worked
        out once, before it (see `_invariant`), and so is every state entry it reads (see
        `_state_read_once`)."""
        outlined = self._outlined(src, e)
        if outlined is not None:
            return outlined
        if not self.hoist or self._no_walrus or not _pure(e, self.host.registry.primitives):
            outer, self.team_tables = self.team_tables, None
            try:
                return self._comprehension(src, e)
            finally:
                self.team_tables = outer
        return self._state_read_once(e, lambda: self._hoisted_comprehension(src, e))

    def _hoisted_comprehension(self, src: Source, e: n.Comprehension) -> str:
        own = {var for var, _, _ in e.loops}
        parts = [e.element, *(x for i, (_, it, cond) in enumerate(e.loops) for x in ((it,) if i else ()) + ((cond,) if cond is not None else ()))]
        found = _invariant(parts, lambda v: v not in own, self.host)
        bound = {local(var) for x in n.walk(e) if isinstance(x, n.Comprehension) for var, _, _ in x.loops}
        return self._hoisting(src, found, bound, lambda pre: self._comprehension(src, e, pre))

    def _hoisting(self, src: Source, found: list[n.Node], bound: set[str], write: Any) -> str:
        """`write(pre)` for a pure list whose loops bind `bound`: the parts `found` are
        read once, as it starts, into its variables `pre`, and so are the invariant parts
        of the bodies read in place within it (`_hoist_body`) and the team tables it asks
        (`_team_table`)."""
        pre: list[tuple[str, str]] = []
        context: tuple[dict[str, str], list[tuple[str, str]], set[str]] = ({}, pre, bound)
        outer = self.team_tables
        self.team_tables = [*(outer or ()), context]
        hoisted = self._hoist(src, found, context)
        try:
            return write(pre)
        finally:
            self.team_tables = outer
            for node in hoisted:
                del self.hoisted[id(node)]

    def _hoist(self, src: Source, found: list[n.Node], context: tuple[dict[str, str], list[tuple[str, str]], set[str]]) -> list[n.Node]:
        """Read `found` through the list's variables from here on; the nodes newly so read."""
        seen, pre, _ = context
        new = []
        for node in found:
            if id(node) in self.hoisted:
                continue
            code = self._once(lambda: self.expr(src, node))
            if code not in seen:
                seen[code] = src.temp("h")
                pre.append((seen[code], code))
            self.hoisted[id(node)] = seen[code]
            new.append(node)
        return new

    def _hoist_body(self, src: Source, params: tuple[str, ...], names: list[str], body: n.Node) -> list[n.Node]:
        """In the innermost pure list being written, the invariant parts of a body read
        in place (`_inlined`), as `_invariant` finds them in the list's own text: its
        parameters given a local no loop of the list binds, or a literal, are fixed for
        the whole list (`team == CT` in move advice, once per list of options)."""
        if not self.team_tables:
            return []
        context = self.team_tables[-1]
        fixed = {p for p, a in zip(params, names) if (_LOCAL.match(a) and a not in context[2]) or _CONST_ARG.match(a)}
        if not fixed:
            return []
        return self._hoist(src, _invariant([body], fixed.__contains__, self.host), context)

    def _team_table(self, src: Source, table: str, team: str) -> str | None:
        """In a pure list, where every element asks `pieces(t, a)` of the same team `t` (a
        local no loop of the list binds), the variable holding `m.counts[t]` for the whole
        list, or None where t is no team: each element reads one count instead of testing
        the team and reading the table again (`Primitive.by_team`). Bound by the outermost
        list being written that neither it nor a list inside it binds t in (a body read in
        place brings lists of its own); None outside such a list."""
        if not self.team_tables or not _LOCAL.match(team):
            return None
        found = None
        for context in reversed(self.team_tables):  # innermost first: up to the list binding t
            if team in context[2]:
                break
            found = context
        if found is None:
            return None
        code, (tables, pre, _) = table.format(team=team), found
        if code not in tables:
            tables[code] = src.temp("h")
            pre.append((tables[code], code))
        return tables[code]

    def _comprehension(self, src: Source, e: n.Comprehension, hoisted: list[tuple[str, str]] = ()) -> str:
        p = self.host.position(e.pos)
        loops = []
        outer_free = self._free_loop
        outer_rename, outer_reuse = self.rename, self.reuse
        self.reuse = None  # a call in a list may ask about another value each round
        try:
            for i, (var, it, cond) in enumerate(e.loops):
                self._no_walrus += 1
                try:  # the first list is read once, before the loop: its state reads need no temporary
                    iterable = self._once(lambda: self.expr(src, it)) if i == 0 and self._temps_for is e else self.expr(src, it)
                finally:
                    self._no_walrus -= 1
                if var in self.rename:  # the loop's own variable, from here on
                    self.rename = {k: v for k, v in self.rename.items() if k != var}
                if isinstance(it, n.ListLit) and len(it.items) <= FREE_ITEMS and not self._free_loop:
                    # `for d in [false, true]`: the step of the loop around it, or of whatever
                    # asked, pays for these few; one such loop in a chain, so a step's work
                    # stays bounded
                    self._free_loop = True
                    loops.append(f"for {local(var)} in {iterable}")
                elif self.is_list(it):  # no type test: only the steps
                    loops.append(f"for {local(var)} in _walk(m, {iterable}, {p})")
                else:
                    loops.append(f"for {local(var)} in _each(m, {iterable}, {p}, {var!r})")
                if cond is not None:
                    loops.append(f"if {self.expr(src, cond)}")
            element = self.expr(src, e.element)
            if len(e.loops) == 1:  # one element at most per element of a list, itself within the cap
                return self._list(element, loops, e, hoisted)
            return f"_capped({self._list(element, loops, e, hoisted)}, {p})"
        finally:
            self._free_loop = outer_free
            self.rename, self.reuse = outer_rename, outer_reuse

    def scoped(self, src: Source, body: n.Node) -> str:
        """An expression evaluated as one piece (a rule function's body, a body read in
        place), asking a rule function twice with the same values: see `reusing`."""
        return self.reusing(src, lambda: self.expr(src, body), [(body, True)])

    def reusing(self, src: Source, write: Any, parts: list[tuple[n.Node, bool]]) -> Any:
        """`write()`, where a rule function or a pure primitive asked twice with the same
        values (outside any list) is asked once: where it is first evaluated, when that is
        always evaluated (`(_c0 := f(...))`), and read from that temporary after. Both are
        pure, and nothing in a pure expression changes the state or its values. `parts`
        are the pieces evaluated in order, each with whether it always is."""
        prims = self.host.registry.primitives
        if self._no_walrus or not self.inline_calls or not all(_pure(node, prims) for node, _ in parts):
            return write()
        first = first_repeated_calls(parts, prims)
        if not first:
            return write()
        outer = self.reuse
        self.reuse = ({key: src.temp("c") for key in first}, {id(node) for node in first.values()})
        try:
            return write()
        finally:
            self.reuse = outer

    def _reused(self, src: Source, e: n.Call, code: str) -> str:
        """A call `reusing` keeps: the answer kept, or where it is first asked, the call
        keeping it."""
        if not self.reuse:
            return code
        firsts, assigns = self.reuse
        key = _call_key(e, self.host.registry.primitives)
        if key is None or key not in firsts:
            return code
        t = firsts[key]
        return f"({t} := {code})" if id(e) in assigns else t

    def _call(self, src: Source, name: str, args: list[str]) -> str:
        """A rule function's call, or a tiny one's body read in place (`CT`): written
        afresh where state reads go to temporaries, else as the compiler keeps it."""
        body = self.host.inline_body(name) if self.state_temps is not None and not args else None
        return f"({self.expr(src, body)})" if body is not None else self.host.call_function(name, args)

    def _inlined(self, src: Source, name: str, args: list[str]) -> str | None:
        """A small rule function's body in place of its call (`Compiler.inlinable`: no
        cache, no step of its own, no recursion), its parameters read as the caller's
        values: no call, and no frame. Arguments other than a local or a literal are
        evaluated once, in order, into temporaries first, as a call would. The body sits
        on lines of its own, marked with the function's position, so a fault in it is
        placed there, after the call site. None where it cannot be read in place: inside
        a comprehension's list (no `:=`) with such arguments, or where a loop variable of
        the body has the name of a value passed in."""
        found = getattr(self.host, "inlinable", {}).get(name) if self.inline_calls else None
        if found is None:
            return None
        params, body, bound, fields = found
        names = [a if _REUSABLE.match(a) else "" for a in args]
        if ("" in names and self._no_walrus) or any(_IDENT_HEAD.match(a)[0] in bound for a in names if a):
            return None
        names = [a or src.temp("t") for a in names]
        outer = self.rename, self.records
        self.rename, self.records = dict(zip(params, names)), {}
        outer_reuse, self.reuse = self.reuse, None  # the caller's calls are not the body's
        hoisted = self._hoist_body(src, params, names, body)
        try:
            out = self.scoped(src, body)
            known, guard = {}, []  # the parameters read as records: proved by the caller, or tested here
            for p, fs in fields.items():
                code = self.rename[p]
                if fs <= outer[1].get(code, frozenset()):
                    known[code] = fs
                elif _IDENT.match(code):
                    known[code] = fs
                    guard.append(record_test(code, fs))
            if known:
                self.records = known
                fast = self.scoped(src, body)
                out = f"({fast} if {' and '.join(guard)} else {out})" if guard else fast
        finally:
            self.rename, self.records = outer
            self.reuse = outer_reuse
            for node in hoisted:
                del self.hoisted[id(node)]
        out = f"(\n# >> {body.pos}\n{out}\n# <<\n)"
        return _after(zip(names, args), out)


def _invariant(parts: list[Any], free: Callable[[str], bool], host: Any) -> list[n.Node]:
    """The largest parts of `parts` (a comprehension's element and tests and its inner
    loops' lists, or a body read in place in one) that read state and no local but the
    `free` ones (no loop variable), and cannot fault or spend a step: plain
    state reads (also through a tiny function read in place, `CT`) and parameters
    compared by `==`/`!=`, `not`, `and`, `or`, and total primitives asked about values
    proved of their kinds (`other(control)`: see `_names`). Worked out once
    before the loop, they read the same as in it: nothing in a pure comprehension writes
    state. (`v_t == m.S['control']` in every legal move is read once per list.)"""
    found: list[n.Node] = []
    inline_body, primitives = host.inline_body, host.registry.primitives

    def safe(x: n.Node) -> bool:
        if isinstance(x, n.Const):
            return True
        if isinstance(x, n.Name) and x.kind == "func":  # `CT`, read in place: its body decides
            body = inline_body(x.parts[0]) if not x.fields else None
            return body is not None and safe(body)
        if isinstance(x, n.Call):
            return x.kind == "primitive" and primitives[x.name].total and _names(x, primitives[x.name].returns, host)
        if isinstance(x, n.Name):
            return not x.fields and (x.kind in ("state", "const", "builtin") or (x.kind == "local" and free(x.parts[0])))
        if isinstance(x, n.Unary):
            return x.op == "not" and safe(x.operand)
        if isinstance(x, n.Compare):
            return all(op in ("==", "!=") for op, _ in x.rest) and safe(x.first) and all(safe(r) for _, r in x.rest)
        if isinstance(x, n.BinOp):
            return x.op in ("and", "or") and safe(x.left) and safe(x.right)
        return False

    def reads_state(x: n.Node) -> bool:
        return any(isinstance(y, n.Name) and y.kind in ("state", "func") for y in n.walk(x))

    def visit(x: Any) -> None:
        if isinstance(x, n.Comprehension):
            return  # its own loop: hoisted from when it is written
        if isinstance(x, n.Node) and safe(x):
            if reads_state(x) and all(y is not x for y in found):
                found.append(x)
            return
        if isinstance(x, (n.Node, list, tuple, dict)):
            for child in n.children(x):
                visit(child)

    for part in parts:
        visit(part)
    return found


def _names(x: n.Node, kind: str, host: Any) -> bool:
    """Whether `x` always names a `kind` ("team", "area"), never none: an entry of that
    type that starts as one (a write of anything else faults, `compiler._held`), a tiny
    function read in place giving one (`DT`), or a total primitive given such values."""
    if isinstance(x, n.Name) and not x.fields:
        if x.kind == "state":
            spec = host.state.get(x.resolved)
            return spec is not None and spec.type == kind and not spec.index and spec.default is not None
        if x.kind == "func":
            body = host.inline_body(x.parts[0])
            return body is not None and _names(body, kind, host)
    if isinstance(x, n.Call) and x.kind == "primitive" and not x.kwargs:
        prim = host.registry.primitives[x.name]
        return prim.total and prim.returns == kind and len(x.args) == len(prim.params) and all(
            _names(a, prim.kinds.get(p, ""), host) for a, p in zip(x.args, prim.params))
    return False


def _pure(e: n.Node, primitives: Any) -> bool:
    """Whether nothing in `e` can change the state: no procedure, no impure primitive
    or special form (`SPECIAL_FORMS`)."""
    for x in n.walk(e):
        if isinstance(x, n.Call):
            if x.kind == "procedure" or (x.kind == "special" and not SPECIAL_FORMS[x.name][3]):
                return False
            if x.kind == "primitive" and not primitives[x.name].pure:
                return False
    return True


def _is_text(e: n.Node) -> bool:
    """Whether `e` is always a text: a text literal, a template, or a choice between two."""
    if isinstance(e, n.Const):
        return type(e.value) is str
    if isinstance(e, n.Ternary):
        return _is_text(e.then) and _is_text(e.other)
    if isinstance(e, n.BinOp):  # `+` with a text on one side renders the other
        return e.op == "+" and (_is_text(e.left) or _is_text(e.right))
    return isinstance(e, n.Template)


def _after(temps: Any, out: str) -> str:
    """`out`, once each value is put in its temporary, in order (`(_t0 := f(x)) is _t0
    and ...`: an object is always itself, so the test is true and builds nothing); the
    pairs whose temporary is the value itself need none."""
    first = [f"({t} := {a}) is {t}" for t, a in temps if t != a]
    return f"({' and '.join(first + [out])})" if first else out


def _template(prim: Any, call: str, args: list[str], lists: list[int] = (), ints: list[int] = ()) -> str:
    """A primitive's `inline` expression for these arguments (locals or literals); a
    type test of a whole-number literal or of an argument proved one (at `ints`), or of
    an argument proved a list (at `lists`), is dropped."""
    out = prim.inline.format(call=call, **dict(zip(prim.params, args)))
    for i, a in enumerate(args):
        if _INT.match(a) or i in ints:
            out = out.replace(f"_type({a}) is _int and ", "").replace(f" and _type({a}) is _int", "").replace(f"if _type({a}) is _int else", "if True else")
    for i in lists:
        out = out.replace(f"_type({args[i]}) is _list and ", "")
    return out


def _joined(e: n.Template, values: list[str]) -> str:
    """Python source joining a template's text with its values' source, rendered, in order."""
    it = iter(values)
    parts = [repr(p) if isinstance(p, str) else f"_render({next(it)})" for p in e.parts]
    return "''.join((" + ", ".join(parts) + ",))"


def function_source(
    gen: Generator, name: str, params: tuple[str, ...], body: Any, *, is_block: bool, pos: Pos, prologue: list[str], epilogue: list[str], from_dict: bool, memo: bool = False
) -> Source:
    """The source of one rule: `def name(m, <params>)` or, when its inputs come as a
    dict (hooks, modifiers, table rows), `def name(m, _L)` unpacking what is there."""
    src = Source(name, pos)
    if from_dict:
        src.emit(0, f"def {name}(m, _L):")
        for p in params:
            src.emit(1, f"if {p!r} in _L: {local(p)} = _L[{p!r}]")
    else:
        src.emit(0, f"def {name}(m{''.join(', ' + local(p) for p in params)}):")
    for line in prologue:
        src.emit(1, line)
    ind = 1
    if epilogue:
        src.emit(1, "try:")
        ind = 2
    records = {} if is_block or from_dict or memo else record_params(params, body)  # a record is no cache key
    if is_block:
        gen.local_elements = let_elements(gen, params, body)
        try:
            gen.block(src, body, ind)
        finally:
            gen.local_elements = {}
    else:
        saved = gen.state_temps, gen.state_only
        gen.state_only = _read_once(gen, body)
        if gen.state_only:
            gen.state_temps = {}
        try:
            if records:  # two forms: fields read straight when the guard holds, checked otherwise
                gen.records = {local(p): fs for p, fs in records.items()}
                try:
                    straight = gen.scoped(src, body)
                finally:
                    gen.records = {}
                guard = " and ".join(record_test(local(p), fs) for p, fs in records.items())
                forms = [(ind, f"if {guard}:"), (ind + 1, f"return {straight}"), (ind, f"return {gen.scoped(src, body)}")]
            else:
                forms = [(ind, f"{'_r =' if memo else 'return'} {gen.scoped(src, body)}")]
            temps = gen.state_temps if gen.state_only else {}
        finally:
            gen.state_temps, gen.state_only = saved
        for code, t in temps.items():  # read once, before the body asks for them
            src.emit(ind, f"{t} = {code}", body.pos)
        for at, text in forms:
            src.emit(at, text, body.pos)
    if epilogue:
        src.emit(1, "finally:")
        for line in epilogue:
            src.emit(2, line)
    if memo:
        src.emit(1, "if _k is not _MISS: _memo[_k] = _r")
        src.emit(1, "return _r")
    return src


def _read_once(gen: Generator, body: n.Node) -> frozenset[str] | None:
    """The state entries a rule function's body reads more than once (also through tiny
    functions read in place, `CT`), first where it always reads them (`in_order`), to be
    read once as it starts: then no read is wasted. Only in a pure body without lists (a
    variable a list reads would be a cell of the function, made at each call) and not in
    the resumable form."""
    if not gen.hoist or not _pure(body, gen.host.registry.primitives) or any(isinstance(x, n.Comprehension) for x in n.walk(body)):
        return None

    def entries(x: Any) -> list[str]:
        if isinstance(x, n.Name) and x.kind == "state":
            return [x.resolved]
        inner = gen.host.inline_body(x.parts[0]) if isinstance(x, n.Name) and x.kind == "func" else None
        return [y.resolved for y in n.walk(inner) if isinstance(y, n.Name) and y.kind == "state"] if inner is not None else []

    reads: dict[str, int] = {}
    first: dict[str, bool] = {}
    for x, always in in_order([(body, True)], entries):
        for entry in entries(x):
            reads[entry] = reads.get(entry, 0) + 1
            first.setdefault(entry, always)
    return frozenset(k for k, v in reads.items() if v > 1 and first[k]) or None


def _call_key(e: n.Call, prims: dict[str, Any]) -> tuple | None:
    """What identifies a rule function's call, or a call of a pure primitive that reads
    the match (`ranked(team)`; not a board answer or an in-line read), among others in
    one expression: its name and its values, when each is a literal, a local (a record's
    field of one) or a state entry; None for anything else."""
    if e.kwargs or e.pass_on:
        return None
    if e.kind == "primitive":
        prim = prims[e.name]
        if not prim.pure or prim.fixed or prim.inline:
            return None
        key: list[Any] = ["primitive " + e.name]
    elif e.kind == "function":
        key = [e.target or e.name]
    else:
        return None
    for a in e.args:
        if isinstance(a, n.Const) and type(a.value) in (int, str, bool):
            key.append(("c", type(a.value).__name__, a.value))
        elif isinstance(a, n.Name) and a.kind in ("local", "state"):
            key.append((a.kind, a.parts, a.fields))
        else:
            return None
    return tuple(key)


def board_keys(e: n.Comprehension, free: set[str], prims: dict[str, Any]) -> list[n.Call]:
    """The largest board questions in `e` asked only of the locals `free` (and literals):
    fixed primitives giving one name or number (`zone(area, team)`, `other(team)`), never
    a list. Inside `e` they give the same answer at every element."""
    found: list[n.Call] = []

    def board_only(x: Any) -> bool:
        if isinstance(x, n.Name):
            return x.kind == "local" and not x.fields and x.parts[0] in free
        if isinstance(x, n.Const):
            return True
        return isinstance(x, n.Call) and _a_board_answer(x, prims) and all(board_only(a) for a in x.args) and not x.kwargs

    def visit(x: Any) -> None:
        if isinstance(x, n.Call) and board_only(x) and any(isinstance(y, n.Name) for y in n.walk(x)):
            found.append(x)
        elif isinstance(x, (n.Node, list, tuple, dict)):
            for c in n.children(x):
                visit(c)

    visit(e)
    return found


def _a_board_answer(call: n.Call, prims: dict[str, Any]) -> bool:
    p = prims.get(call.name) if call.kind == "primitive" else None
    return p is not None and p.fixed and ((bool(p.returns) and not p.returns.startswith("[")) or p.bound is not None)


def whole_local(x: Any) -> str | None:
    """The name of a local read whole (`xs`, not `mv.to`), else None."""
    return x.parts[0] if isinstance(x, n.Name) and x.kind == "local" and not x.fields else None


def list_locals(nodes: list[n.Node]) -> set[str]:
    """Locals used as lists: a comprehension's source or the right side of `in`. A list
    cannot be a cache key (trying would only raise), and a text on the right of `in`
    merely goes uncached."""
    out = {whole_local(src) for c in nodes if isinstance(c, n.Comprehension) for _, src, _ in c.loops}
    out |= {whole_local(right) for c in nodes if isinstance(c, n.Compare) for op, right in c.rest if op in ("in", "not in")}
    out.discard(None)
    return out  # type: ignore[return-value]


def free_locals(e: n.Comprehension) -> dict[str, n.Name] | None:
    """The locals a comprehension reads that it does not bind itself, each with a place
    it reads it; None when a name is both (one loop's variable named like a local read
    elsewhere in it)."""
    free: dict[str, n.Name] = {}
    bound_anywhere: set[str] = set()

    def visit(x: Any, bound: frozenset[str]) -> None:
        if isinstance(x, n.Comprehension):
            inner = bound
            for var, it, cond in x.loops:
                visit(it, inner)
                inner = inner | {var}
                bound_anywhere.add(var)
                if cond is not None:
                    visit(cond, inner)
            visit(x.element, inner)
        elif isinstance(x, n.Name) and x.kind == "local":
            if x.parts[0] not in bound:
                free.setdefault(x.parts[0], x)
        elif isinstance(x, (n.Node, list, tuple, dict)):
            for c in n.children(x):
                visit(c, bound)

    visit(e, frozenset())
    return None if bound_anywhere & set(free) else free


def first_repeated_calls(parts: list[tuple[n.Node, bool]], prims: dict[str, Any]) -> dict[tuple, n.Call]:
    """The calls (`_call_key`) made more than once outside any list, in pieces evaluated
    in order (each with whether it always is), mapped to their first place in the order
    of evaluation, when that place is always evaluated (see `in_order`)."""
    counts: dict[tuple, int] = {}
    first: dict[tuple, tuple[n.Call, bool]] = {}
    for call, always in in_order(parts, lambda x: isinstance(x, n.Call) and _call_key(x, prims) is not None):
        key = _call_key(call, prims)
        counts[key] = counts.get(key, 0) + 1
        first.setdefault(key, (call, always))
    return {key: call for key, (call, always) in first.items() if counts[key] > 1 and always}


def in_order(parts: list[tuple[n.Node, bool]], pick: Any) -> list[tuple[Any, bool]]:
    """The nodes `pick` takes, outside any list, in pieces evaluated in order (each with
    whether it always is), in the order of evaluation, each with whether it always is:
    the left of `and` and `or`, a choice's test, both sides of arithmetic and of a single
    comparison, a call's values in order are; a choice's branches, the right of `and` or
    `or`, later links of a chained comparison and keyword values are not."""
    order: list[tuple[Any, bool]] = []

    def visit(x: Any, always: bool) -> None:
        if isinstance(x, (list, tuple)):
            for y in x:
                visit(y, always)
            return
        if isinstance(x, dict):
            visit(list(x.values()), always)
            return
        if isinstance(x, n.Comprehension) or not isinstance(x, n.Node):
            return
        if isinstance(x, n.Call):
            for a in x.args:
                visit(a, always and x.kind in ("function", "primitive"))
            visit(list(x.kwargs.values()), False)
            if pick(x):
                order.append((x, always))
        elif isinstance(x, n.BinOp):
            visit(x.left, always)
            visit(x.right, always and x.op not in ("and", "or"))
        elif isinstance(x, n.Compare):
            visit(x.first, always)
            for i, (_, r) in enumerate(x.rest):
                visit(r, always and i == 0)
        elif isinstance(x, n.Ternary):
            visit(x.cond, always)
            visit(x.then, False)
            visit(x.other, False)
        else:  # a negation, a subscript, a list, a record or a template reads all its parts, in order
            if pick(x):
                order.append((x, always))
            visit(n.children(x), always and isinstance(x, (n.Unary, n.Subscript, n.ListLit, n.Record, n.Template)))

    for node, always in parts:
        visit(node, always)
    return order


EMPTY: frozenset[str] = frozenset({"(no element)"})  # element_fields of a list always empty


def _meet(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    """The fields the elements of two lists, joined or chosen between, all hold."""
    if a is None or b is None:
        return None
    return b if a is EMPTY else a if b is EMPTY else a & b


def record_test(code: str, fields: frozenset[str]) -> str:
    """The test that the local `code` is a record holding `fields`, after which each of
    them is read by a plain subscript."""
    return f"_type({code}) is _dict" + "".join(f" and {f!r} in {code}" for f in sorted(fields))


def let_elements(gen: Generator, params: tuple[str, ...], body: list[n.Node]) -> dict[str, frozenset[str]]:
    """A block's locals that every binding sets to a list of records holding the same
    fields (`let options = reaction_moves(...)`): whatever value such a local holds when
    it is read, its elements hold those fields. A parameter, a loop's variable or a
    `set` of the name can hold anything."""
    found: dict[str, frozenset[str] | None] = dict.fromkeys((*params, BOUND_IN_PREFER))
    for x in n.walk(body):
        if isinstance(x, n.Let):
            fields = gen.element_fields(x.value)
            found[x.name] = _meet(found[x.name], fields) if x.name in found else fields
        elif isinstance(x, n.Set) and x.target.kind == "local":
            found[x.target.parts[0]] = None
        elif isinstance(x, n.For):
            found[x.var] = None
        elif isinstance(x, n.Comprehension):
            found.update(dict.fromkeys(var for var, _, _ in x.loops))
    return {name: fs for name, fs in found.items() if fs is not None and fs is not EMPTY}


def record_params(params: tuple[str, ...], body: n.Node) -> dict[str, frozenset[str]]:
    """Parameters an expression reads two or more fields of (`mv.to`, `mv.from`), with
    those fields: one check at entry that each is a record holding them lets every read
    be a plain subscript. A parameter some comprehension or advice rebinds is left out."""
    bound = {BOUND_IN_PREFER} | {var for c in n.walk(body) if isinstance(c, n.Comprehension) for var, _, _ in c.loops}
    reads: dict[str, list[str]] = {}
    for x in n.walk(body):
        if isinstance(x, n.Name) and x.kind == "local" and x.fields and x.parts[0] in params and x.parts[0] not in bound:
            reads.setdefault(x.parts[0], []).append(x.fields[0])
    return {p: frozenset(fs) for p, fs in reads.items() if len(fs) > 1}


def keeping(out: Source, fname: str, params: tuple[str, ...], lookup: list[str], code: str) -> Source:
    """`out` as the function `fname` of `params` that answers from the cache `lookup`
    opens (`memo_prologue`) or works out `code` and keeps it there: a list written apart."""
    out.emit(0, f"def {fname}(m{''.join(', ' + local(p) for p in params)}):")
    for line in lookup:
        out.emit(1, line)
    out.emit(1, f"_r = {code}")
    out.emit(1, "if _k is not _MISS: _memo[_k] = _r")
    out.emit(1, "return _r")
    return out


def memo_prologue(key: str, params: tuple[str, ...], fixed: bool = False, cache: str | tuple[str, str, str] = "m.memo", area: str | None = None,
                  values: list[str] | None = None) -> list[str]:
    """A pure function's result is kept until the match's state version changes (any
    move, placement or state write): `players` asked 40 times in one step is computed
    once. `cache` is the match's cache for what the function reads (`pieces_read`: a
    move of a team's piece keeps the answers that read only the other team's pieces, or
    none). A fixed function (one reading no state) keeps its results for the whole match,
    in `m.fixed`: not for the process, since a cached answer spends no steps, and the
    steps a match spends must not depend on the matches played before it in the same
    process. Arguments that cannot be keys (lists, records) skip the cache. A function
    reading pieces only at its parameter `area` keeps its answers in that area's cache,
    `m.area_memo[area]` (`lang.reads.area_read`), which only a move into or out of it empties
    (an argument that is no area skips the cache). `values`: the key's values as written,
    instead of the parameters (a list kept by board answers, `Generator._kept_by_board`)."""
    if area is not None:  # the area picks the cache: the key needs only the other arguments
        rest = [local(p) for p in params if p != area]
        k = f"({key!r}, {', '.join(rest)})" if rest else repr(key)
        if len(rest) == 1:  # a team (`players(team, area)`): a text made once, whose hash is kept, instead of a tuple
            k = " else ".join(f"{key + ' ' + t!r} if {rest[0]} == {t!r}" for t in ("home", "away")) + f" else {k}"
        return [f"_k = {k}", f"try: _r = (_memo := m.area_memo[{local(area)}]).get(_k, _MISS)", "except _NoKey: _k = _r = _MISS", "if _r is not _MISS: return _r"]
    k = f"({key!r}{''.join(', ' + v for v in (values if values is not None else map(local, params)))})"
    if isinstance(cache, tuple):  # a parameter names the team: its cache, and a key without it
        team, home, away = cache
        rest = [local(p) for p in params if local(p) != team]
        short = f"({key!r}, {', '.join(rest)})" if rest else repr(key)
        pick = [f"if {team} == 'home': _memo = {home}; _k = {short}", f"elif {team} == 'away': _memo = {away}; _k = {short}", f"else: _memo = m.memo; _k = {k}"]
    else:
        pick = ["_memo = m.fixed" if fixed else f"_memo = {cache}", f"_k = {k}"]
    return pick + [
        "try: _r = _memo.get(_k, _MISS)",
        "except _TypeError: _k = _r = _MISS",
        "if _r is not _MISS: return _r",
    ] + (["if _len(_memo) > 100_000: _memo.clear()"] if fixed else [])  # a mod asking endlessly new questions


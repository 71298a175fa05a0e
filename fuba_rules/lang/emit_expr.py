"""Expressions to Python source: each node becomes the text of one Python expression,
written in the context its scope gives (a `Frame`), taking the shortcuts the analysis
(`lang.analysis`) proves sound: arithmetic on proved whole numbers without type tests,
a record's proved fields read straight, a small rule function's body read in place of
its call, a call asked twice with the same values asked once.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from . import nodes as n
from .analysis import (
    Facts,
    call_key,
    first_repeated_calls,
    invariant,
    is_text,
    pure,
)
from .frame import Frame, ListScope, Reuse
from .host import Host
from .registry import Primitive
from .runtime import MAX_NUMBER
from .source import (
    FIELD,
    GLOBAL,
    INT,
    INTS,
    LITERALS,
    LOCAL,
    NEG_INT,
    REUSABLE,
    SIMPLE,
    STABLE,
    TEXT,
    Code,
    Source,
    is_name,
    lit,
    local,
    record_test,
    state_read,
)
from .source import kind as code_kind

# Results this small are whole numbers the interpreter compares fastest (one machine word
# in CPython); larger ones go to the helper, which allows up to MAX_NUMBER.
_SMALL = 2**30 - 1
_ARITH = {"+": "_add", "-": "_sub", "*": "_mul", "//": "_floordiv", "%": "_mod"}  # the helpers checking arithmetic
T = TypeVar("T")
_WORD = re.compile(r"\w+\Z")  # a field name a proved record's read keeps simple (`v_x['to']`)


class ExpressionWriter:
    """Writes Python source for checked expressions. `host` (the compiler) supplies the
    names in the globals: `const(v)` and `position(pos)` return the global name of a
    value or a position, `prim(name)` the global name of a primitive."""

    hoist = True  # state tests worked out before a comprehension (see _e_Comprehension)
    inline_calls = True  # small rule functions read in place of their calls (see _inlined)

    def __init__(self, host: Host):
        self.host = host
        self.facts = Facts(host)


    # ---- expressions: each returns Python source for one expression
    def expr(self, at: Frame | Source, e: n.Node) -> str:
        """Python source for `e`, in the frame `at` (a function's source: its outermost)."""
        fr = at if isinstance(at, Frame) else Frame(at)
        hoisted = fr.hoisted.get(id(e))
        if hoisted is not None:
            return hoisted
        write: Callable[[Frame, n.Node], str] = getattr(self, "_e_" + type(e).__name__)
        return write(fr, e)

    def _dict(self, fr: Frame | Source, kwargs: dict[str, n.Node]) -> str:
        return "{" + ", ".join(f"{k!r}: {self.expr(fr, v)}" for k, v in kwargs.items()) + "}"

    def _e_Const(self, fr: Frame, e: n.Const) -> str:
        return lit(e.value) or Code(self.host.const(e.value), GLOBAL)

    def _e_Template(self, fr: Frame, e: n.Template) -> str:
        return _joined(e, [self.expr(fr, p) for p in e.parts if not isinstance(p, str)])

    def _e_Name(self, fr: Frame, e: n.Name) -> str:
        kind, fields = e.kind, e.fields
        if kind == "local":
            base = fr.rename.get(e.parts[0]) or _local(e.parts[0])
        elif kind == "state":
            base = state_read(e.resolved)
            if fr.reads is not None and fr.reads.takes(e.resolved):  # read once (see _state_read_once, function_source)
                base = fr.reads.temps.get(base) or fr.reads.temps.setdefault(base, fr.src.temp("s"))
        elif kind == "const":
            base = self._e_Const(fr, n.Const(e.pos, self.host.constants[e.parts[0]]))
        elif kind == "table":
            base = f"_T[{e.parts[0]!r}]"
        elif kind == "func":
            base = self._call(fr, e.parts[0], [])
        elif kind == "builtin":
            base = self._e_Const(fr, n.Const(e.pos, self.host.registry.constants[e.parts[0]]))
        else:  # pragma: no cover - the checker resolved every name
            raise AssertionError(f"unchecked name {e.dotted}")
        for i, f in enumerate(fields):
            if i == 0 and kind == "local" and f in fr.records.get(base, ()):
                # the function's guard checked the record and its fields
                base = Code(f"{base}[{f!r}]", FIELD, base) if code_kind(base) == LOCAL and _WORD.match(f) else f"{base}[{f!r}]"
            elif is_name(base):  # a local: read it twice rather than call a helper
                base = f"({base}[{f!r}] if _type({base}) is _dict and {f!r} in {base} else _field({base}, {f!r}))"
            else:
                base = f"_field({base}, {f!r})"
        return base

    def _e_Call(self, fr: Frame, e: n.Call) -> str:
        if e.kind == "special":
            special: Callable[[Frame, n.Call], str] = getattr(self, "_special_" + e.name)
            return special(fr, e)
        args = [self.expr(fr, a) for a in e.args]
        if e.kind in ("procedure", "function"):
            name = e.target or e.name  # parent(...) is an ordinary call to the renamed base rule
            params = self.host.param_table[e.kind][name]
            if e.pass_on:  # parent() without arguments: the caller's own values of the same names
                args = [fr.rename.get(p) or _local(p) for p in e.pass_on]
            else:
                args += [self.expr(fr, e.kwargs[p]) for p in params[len(args):]]
            if e.kind == "function":
                return self._reused(fr, e, self._inlined(fr, name, args) or self._call(fr, name, args))
            return f"{self.host.rule_name('procedure', name)}(m{''.join(', ' + a for a in args)})"
        prim = self.host.registry.primitives[e.name]
        args += [self.expr(fr, e.kwargs[p]) for p in prim.params if p in e.kwargs]
        extra = {k: v for k, v in e.kwargs.items() if k not in prim.params}
        if extra:
            args.append("**" + self._dict(fr, extra))
        if prim.fixed and args and len(args) == len(prim.params) and not extra:
            return self.host.answers(e.name) + "".join(f"[{a}]" for a in args)  # a fixed answer: dict reads, no call
        call = f"{self.host.prim(e.name)}(m{''.join(', ' + a for a in args)})"
        if prim.by_team and len(args) == 2 == len(prim.params) and not extra:
            table = self._team_table(fr, prim.by_team, args[0])
            if table is not None:
                return f"({table}[{args[1]}] if {table} is not None else {call})"
        if not prim.inline or len(args) != len(prim.params) or extra:
            return self._reused(fr, e, call)
        lists = [i for i, a in enumerate(e.args) if self.facts.is_list(a)]  # their type tests dropped
        ints = [i for i, a in enumerate(e.args) if self.facts.is_int(a)]
        if all(code_kind(a) in STABLE for a in args):
            return _template(prim, call, args, lists, ints)
        if fr.no_walrus:
            return call
        # other arguments are evaluated once, in order, into temporaries the template reads
        names = [a if code_kind(a) in STABLE else fr.src.temp("t") for a in args]
        call = f"{self.host.prim(e.name)}(m{''.join(', ' + t for t in names)})"
        return _after(zip(names, args), _template(prim, call, names, lists, ints))

    def _special_rule(self, fr: Frame, e: n.Call) -> str:
        return f"({e.args[0].value!r} in m.rules_on)"  # type: ignore[attr-defined]

    def _special_log(self, fr: Frame, e: n.Call) -> str:
        text, keys = e.args[0], [k for k in ("tag", "team", "ref", "data") if k in e.kwargs]
        if isinstance(text, n.Template):
            parts = [self.expr(fr, p) for p in text.parts if not isinstance(p, str)]
            line = _joined(text, parts)
        else:
            line = self.expr(fr, text)
            parts = [line]
        rest = [self.expr(fr, e.kwargs[k]) for k in keys]
        fields = [f"'text': _render({line})"] + [f"{k!r}: {v}" for k, v in zip(keys, rest)]
        # A match that keeps no log (a simulation) evaluates the same values in the same
        # order, so a fault is the same, but renders nothing: it only counts the tag.
        if "tag" not in keys:
            rest.insert(0, "_MISS")
        quiet = f"_quiet_log(m, ({''.join(p + ', ' for p in parts)}), {', '.join(rest)})"
        return f"(m.emit('log', {{{', '.join(fields)}}}) if m.record else {quiet})"

    def _special_modifiers(self, fr: Frame, e: n.Call, silent: bool = False) -> str:
        group = e.args[0].value  # type: ignore[attr-defined]
        sig = f"{group}({','.join(e.kwargs)})"  # with the values, in this order, the cache key
        return f"_modifiers(m, {group!r}, {self._dict(fr, e.kwargs)}, {silent}, {sig!r})"

    def _special_modifier_total(self, fr: Frame, e: n.Call) -> str:
        """A sum that logs nothing: a generated function of the keywords' values, in the
        call's order (see `Compiler.modifier_total`)."""
        group = e.args[0].value  # type: ignore[attr-defined]
        args = "".join(", " + self.expr(fr, v) for v in e.kwargs.values())
        return f"{self.host.modifier_total(group, tuple(e.kwargs))}(m{args})"

    def _hoist(self, fr: Frame, found: list[n.Node], scope: ListScope) -> Mapping[int, str]:
        """`fr`'s hoisted reads, and `found` read through the list's variables (`scope`)
        from here on. What runs once before the list reads state in place."""
        hoisted = dict(fr.hoisted)
        for node in found:
            if id(node) in hoisted:
                continue
            code = self.expr(fr.derive(hoisted=hoisted, reads=None), node)
            if code not in scope.seen:
                scope.seen[code] = fr.src.temp("h")
                scope.pre.append((scope.seen[code], code))
            hoisted[id(node)] = scope.seen[code]
        return hoisted

    def _hoist_body(self, fr: Frame, params: tuple[str, ...], names: list[str], body: n.Node) -> Mapping[int, str]:
        """In the innermost pure list being written, the invariant parts of a body read
        in place (`_inlined`), as `invariant` finds them in the list's own text: its
        parameters given a local no loop of the list binds, or a literal, are fixed for
        the whole list (`team == CT` in move advice, once per list of options)."""
        if not fr.lists:
            return fr.hoisted
        scope = fr.lists[-1]
        fixed = {p for p, a in zip(params, names) if (code_kind(a) == LOCAL and a not in scope.bound) or code_kind(a) in LITERALS}
        if not fixed:
            return fr.hoisted
        return self._hoist(fr, invariant([body], fixed.__contains__, self.host), scope)

    def _team_table(self, fr: Frame, table: str, team: str) -> str | None:
        """In a pure list, where every element asks `pieces(t, a)` of the same team `t` (a
        local no loop of the list binds), the variable holding `m.counts[t]` for the whole
        list, or None where t is no team: each element reads one count instead of testing
        the team and reading the table again (`Primitive.by_team`). Bound by the outermost
        list being written that neither it nor a list inside it binds t in (a body read in
        place brings lists of its own); None outside such a list."""
        if not fr.lists or code_kind(team) not in (LOCAL, TEXT):
            return None
        found = None
        for scope in reversed(fr.lists):  # innermost first: up to the list binding t
            if team in scope.bound:
                break
            found = scope
        if found is None:
            return None
        code = table.format(team=team)
        if code not in found.seen:
            found.seen[code] = fr.src.temp("h")
            found.pre.append((found.seen[code], code))
        return found.seen[code]

    def _e_Subscript(self, fr: Frame, e: n.Subscript) -> str:
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
            return f"{self.expr(fr, e.obj)}[{self.expr(fr, e.index)}]"
        o, k = self.expr(fr, e.obj), self.expr(fr, e.index)
        if code_kind(o) in LITERALS or (fr.no_walrus and not (code_kind(o) in SIMPLE and code_kind(k) in SIMPLE)):
            return f"_index({o}, {k})"
        if self.facts.bound(e.index) is not None:  # a whole number: a list's index, no dict's key
            test, o, k = self._typed(fr, (o, "_list"), (k, "_int"), reread=fr.no_walrus)
            return f"({o}[{k}] if {test} else _index({o}, {k}))"
        test, o, k = self._typed(fr, (o, "_dict"), (k, "_str"), reread=fr.no_walrus)
        return f"({o}[{k}] if {test} and {k} in {o} else _index({o}, {k}))"

    def _typed(self, fr: Frame, a: tuple[str, str], b: tuple[str, str], *, reread: bool, known: tuple[bool, bool] = (False, False)) -> tuple[str, str, str]:
        """The type tests of two operands an inline fast path reads twice (`(x, "_int")`:
        x must be a whole number), and the names to read them by. A local or a literal
        stays as it is, a state value too when `reread`; anything else is evaluated once,
        in order, into a temporary by its test (`_type(_t0 := f(x)) is _int`; two such
        tests joined by `&`, which evaluates both). A literal of the kind, or an operand
        `known` to be one (`is_int`), needs no test: a temporary of it is set by a test
        that is always true (`(_t0 := f(x)) is _t0`)."""
        names, assigned, plain = [], [], []
        for (x, kind), proved in zip((a, b), known):  # nothing can change a literal or a local meanwhile
            if code_kind(x) in STABLE or (reread and code_kind(x) in SIMPLE):
                names.append(x)
                if not (proved or (code_kind(x) in INTS if kind == "_int" else kind == "_str" and code_kind(x) == TEXT)):
                    plain.append(f"_type({x}) is {kind}")
            else:
                t = fr.src.temp("t")
                names.append(t)
                assigned.append(f"({t} := {x}) is {t}" if proved else f"_type({t} := {x}) is {kind}")
        tests = [" & ".join(f"({t})" for t in assigned)] if len(assigned) > 1 else assigned
        return " and ".join(tests + plain) or "True", names[0], names[1]

    def _e_Unary(self, fr: Frame, e: n.Unary) -> str:
        operand = self.expr(fr, e.operand)
        if e.op == "not":
            return f"(not {operand})"
        return Code(f"(-{operand})", NEG_INT) if code_kind(operand) == INT else f"(-{operand})"  # `-3` is a literal too

    def _e_BinOp(self, fr: Frame, e: n.BinOp) -> str:
        a, b = self.expr(fr, e.left), self.expr(fr, e.right)
        if e.op in ("and", "or"):
            return f"({a} {e.op} {b})"
        size = self.facts.bound(e)
        if size is not None and size <= MAX_NUMBER:  # proved numbers, proved small: no checks
            return f"({a} {e.op} {b})"
        if e.op == "+" and self.facts.is_list(e.left) and self.facts.is_list(e.right):
            return f"_joined(m, {a}, {b})"  # proved lists: joined, no type tests
        if e.op == "+" and (self.facts.is_list(e.left) or self.facts.is_list(e.right)):
            return f"_cat(m, {a}, {b})"  # lists joined: no whole-number tests first
        helper = _ARITH[e.op]
        if e.op == "+" and (is_text(e.left) or is_text(e.right)):
            return self._text_join(fr, e, a, b)
        simple = code_kind(a) in SIMPLE and code_kind(b) in SIMPLE  # plain reads, cheap to read twice
        if fr.no_walrus and not simple:
            return f"{helper}(m, {a}, {b})"
        if e.op in ("+", "-", "*") and self.facts.is_int(e.left) and self.facts.is_int(e.right):
            return self._whole(fr, e.op, a, b, helper, simple)
        # The checks in line, for whole numbers; anything else (texts, lists, a fault) goes to the helper.
        ints, a, b = self._typed(fr, (a, "_int"), (b, "_int"), reread=simple, known=(self.facts.is_int(e.left), self.facts.is_int(e.right)))
        return f"({a} {e.op} {b} if {ints} and {-_SMALL} <= {a} {e.op} {b} <= {_SMALL} else {helper}(m, {a}, {b}))"

    def _text_join(self, fr: Frame, e: n.BinOp, a: str, b: str) -> str:
        """`+` with a text on one side (`is_text`): joined in line when the other is a
        text too and the result is under 100 characters (which `_add` charges no step);
        anything else is rendered and checked by `_add`. Each side is evaluated once, in
        order."""
        if fr.no_walrus and not (code_kind(a) in SIMPLE and code_kind(b) in SIMPLE):
            return f"_add(m, {a}, {b})"
        temps, names, tests = [], [], []
        for code, side in ((a, e.left), (b, e.right)):
            name = code if fr.no_walrus or code_kind(code) in STABLE else fr.src.temp("t")
            names.append(name)
            if name != code:
                temps.append((name, code))
            if not is_text(side):
                tests.append(f"_type({name}) is _str")
        r = fr.src.temp("t")
        out = f"({r} if {' and '.join([*tests, f'_len({r} := {names[0]} + {names[1]}) < 100'])} else _add(m, {names[0]}, {names[1]}))"
        return _after(temps, out)

    def _whole(self, fr: Frame, op: str, a: str, b: str, helper: str, simple: bool) -> str:
        """`a op b` of two proved whole numbers (`is_int`), maybe large: the range test
        only; a result past it goes to the helper, which allows up to MAX_NUMBER or
        names the fault. The operands are evaluated once, in order."""
        if fr.no_walrus:  # plain reads: read again
            return f"({a} {op} {b} if {-_SMALL} <= {a} {op} {b} <= {_SMALL} else {helper}(m, {a}, {b}))"
        parts, names = [], []
        for x in (a, b):
            if code_kind(x) in STABLE or (simple and code_kind(x) in SIMPLE):
                parts.append(x)
                names.append(x)
            else:
                names.append(fr.src.temp("t"))
                parts.append(f"({names[-1]} := {x})")
        r = fr.src.temp("t")
        return f"({r} if {-_SMALL} <= ({r} := {parts[0]} {op} {parts[1]}) <= {_SMALL} else {helper}(m, {names[0]}, {names[1]}))"

    def _e_Compare(self, fr: Frame, e: n.Compare) -> str:
        out = self.expr(fr, e.first)
        for op, x in e.rest:
            out += f" {op} {self.expr(fr, x)}"
        return f"({out})"

    def _e_Range(self, fr: Frame, e: n.Range) -> str:
        return f"_range(m, {self.expr(fr, e.low)}, {self.expr(fr, e.high)})"

    def _e_ListLit(self, fr: Frame, e: n.ListLit) -> str:
        return "[" + ", ".join(self.expr(fr, x) for x in e.items) + "]"

    def _e_Record(self, fr: Frame, e: n.Record) -> str:
        return self._dict(fr, e.fields)

    def _e_Ternary(self, fr: Frame, e: n.Ternary) -> str:
        return f"({self.expr(fr, e.then)} if {self.expr(fr, e.cond)} else {self.expr(fr, e.other)})"

    def scoped(self, fr: Frame, body: n.Node) -> str:
        """An expression evaluated as one piece (a rule function's body, a body read in
        place), asking a rule function twice with the same values: see `reusing`."""
        return self.reusing(fr, lambda f: self.expr(f, body), [(body, True)])

    def reusing(self, fr: Frame, write: Callable[[Frame], T], parts: list[tuple[n.Node, bool]]) -> T:
        """`write()`, where a rule function or a pure primitive asked twice with the same
        values (outside any list) is asked once: where it is first evaluated, when that is
        always evaluated (`(_c0 := f(...))`), and read from that temporary after. Both are
        pure, and nothing in a pure expression changes the state or its values. `parts`
        are the pieces evaluated in order, each with whether it always is."""
        prims = self.host.registry.primitives
        if fr.no_walrus or not self.inline_calls or not all(pure(node, prims) for node, _ in parts):
            return write(fr)
        first = first_repeated_calls(parts, prims)
        if not first:
            return write(fr)
        return write(fr.derive(reuse=Reuse({key: fr.src.temp("c") for key in first}, frozenset(id(node) for node in first.values()))))

    def _reused(self, fr: Frame, e: n.Call, code: str) -> str:
        """A call `reusing` keeps: the answer kept, or where it is first asked, the call
        keeping it."""
        if not fr.reuse:
            return code
        firsts, assigns = fr.reuse.temps, fr.reuse.firsts
        key = call_key(e, self.host.registry.primitives)
        if key is None or key not in firsts:
            return code
        t = firsts[key]
        return f"({t} := {code})" if id(e) in assigns else t

    def _call(self, fr: Frame, name: str, args: list[str]) -> str:
        """A rule function's call, or a tiny one's body read in place (`CT`): written
        afresh where state reads go to temporaries, else as the compiler keeps it."""
        body = self.host.inline_body(name) if fr.reads is not None and not args else None
        return f"({self.expr(fr, body)})" if body is not None else self.host.call_function(name, args)

    def _inlined(self, fr: Frame, name: str, args: list[str]) -> str | None:
        """A small rule function's body in place of its call (`Compiler.inlinable`: no
        cache, no step of its own, no recursion), its parameters read as the caller's
        values: no call, and no frame. Arguments other than a local or a literal are
        evaluated once, in order, into temporaries first, as a call would. The body sits
        on lines of its own, marked with the function's position, so a fault in it is
        placed there, after the call site. None where it cannot be read in place: inside
        a comprehension's list (no `:=`) with such arguments, or where a loop variable of
        the body has the name of a value passed in."""
        facts = self.host.function(name) if self.inline_calls else None
        found = facts.inlinable if facts is not None else None
        if found is None:
            return None
        params, body, bound, fields = found.params, found.body, found.loops, found.fields
        names = [a if code_kind(a) in REUSABLE else "" for a in args]
        if ("" in names and fr.no_walrus) or any(a.local in bound for a in names if isinstance(a, Code) and a.local):
            return None
        names = [a or fr.src.temp("t") for a in names]
        rename = dict(zip(params, names))
        inner = fr.derive(rename=rename, records={}, reuse=None)  # the caller's calls are not the body's
        inner = inner.derive(hoisted=self._hoist_body(inner, params, names, body))
        out = self.scoped(inner, body)
        known, guard = {}, []  # the parameters read as records: proved by the caller, or tested here
        for p, fs in fields.items():
            code = rename[p]
            if fs <= fr.records.get(code, frozenset()):
                known[code] = fs
            elif is_name(code):
                known[code] = fs
                guard.append(record_test(code, fs))
        if known:
            fast = self.scoped(inner.derive(records=known), body)
            out = f"({fast} if {' and '.join(guard)} else {out})" if guard else fast
        out = f"(\n# >> {body.pos}\n{out}\n# <<\n)"
        return _after(zip(names, args), out)


def _after(temps: Iterable[tuple[str, str]], out: str) -> str:
    """`out`, once each value is put in its temporary, in order (`(_t0 := f(x)) is _t0
    and ...`: an object is always itself, so the test is true and builds nothing); the
    pairs whose temporary is the value itself need none."""
    first = [f"({t} := {a}) is {t}" for t, a in temps if t != a]
    return f"({' and '.join([*first, out])})" if first else out


def _template(prim: Primitive, call: str, args: list[str], lists: Sequence[int] = (), ints: Sequence[int] = ()) -> str:
    """A primitive's `inline` expression for these arguments (locals or literals); a
    type test of a whole-number literal or of an argument proved one (at `ints`), or of
    an argument proved a list (at `lists`), is dropped: from the template's tests
    (`guarded`), before the arguments are written in. With no test left, the fast part
    alone."""
    given = dict(zip(prim.params, args))
    parts = guarded(prim.inline)
    if parts is None:
        return str(prim.inline.format(call=call, **given))
    fast, tests = parts
    known = {f"_type({{{p}}}) is _int" for i, p in enumerate(prim.params) if i < len(args) and (code_kind(args[i]) in INTS or i in ints)}
    known |= {f"_type({{{prim.params[i]}}}) is _list" for i in lists}
    kept = [test for test in tests if test not in known]
    if not kept:
        return fast.format(**given) if _wrapped(fast) else f"({fast.format(**given)})"
    return f"({fast} if {' and '.join(kept)} else {{call}})".format(call=call, **given)


@functools.cache
def guarded(template: str) -> tuple[str, tuple[str, ...]] | None:
    """A primitive's `inline` template `(FAST if TEST and TEST... else {call})` as its
    fast part and its tests; None for any other shape."""
    if not (template.startswith("(") and template.endswith(" else {call})")):
        return None
    body, depth = template[1:-len(" else {call})")], 0
    for i, ch in enumerate(body):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and body.startswith(" if ", i):
            return body[:i], tuple(_top_level_split(body[i + 4:], " and "))
    return None


def _top_level_split(text: str, sep: str) -> list[str]:
    """`text` split at each `sep` outside parentheses."""
    out, depth, start, i = [], 0, 0, 0
    while i < len(text):
        depth += (text[i] == "(") - (text[i] == ")")
        if depth == 0 and text.startswith(sep, i):
            out.append(text[start:i])
            start = i = i + len(sep)
            continue
        i += 1
    return [*out, text[start:]]


def _wrapped(text: str) -> bool:
    """Whether `text` is one parenthesised whole (`(a if a <= b else b)`)."""
    if not text.startswith("("):
        return False
    depth = 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth == 0:
            return i == len(text) - 1
    return False


def _joined(e: n.Template, values: list[str]) -> str:
    """Python source joining a template's text with its values' source, rendered, in order."""
    it = iter(values)
    parts = [repr(p) if isinstance(p, str) else f"_render({next(it)})" for p in e.parts]
    return "''.join((" + ", ".join(parts) + ",))"


def _local(name: str) -> Code:
    """A read of the rule local `name`."""
    python = local(name)
    return Code(python, LOCAL, python)

"""Statements and whole rule functions to Python source: `Generator` writes a rule's
statements, and `function_source` one rule as a Python function.
"""

from __future__ import annotations

from typing import Any

from ..diagnostics import Pos
from . import nodes as n
from .analysis import let_elements, read_once, record_params
from .checker import NAMED_TYPES
from .emit_list import ListWriter
from .frame import Frame, StateReads
from .runtime import MAX_NUMBER
from .source import SIMPLE, Source, local, record_test
from .source import kind as code_kind


class Generator(ListWriter):
    """Writes Python source for checked nodes: statements here, expressions and lists in
    the classes it extends."""

    # ---- blocks and statements
    def block(self, at: Frame | Source, stmts: list[n.Node], ind: int) -> None:
        """Python statements for `stmts`, in the frame `at` (a function's source: its outermost)."""
        fr = at if isinstance(at, Frame) else Frame(at)
        if not stmts:
            fr.src.emit(ind, "pass")
        for s in stmts:
            getattr(self, "_s_" + type(s).__name__)(fr, s, ind)

    def _s_Pass(self, fr: Frame, s: n.Pass, ind: int) -> None:
        fr.src.emit(ind, "pass", s.pos)

    def _s_Let(self, fr: Frame, s: n.Let, ind: int) -> None:
        fr.src.emit(ind, f"{local(s.name)} = {self.expr(fr, s.value)}", s.pos)

    def _s_Set(self, fr: Frame, s: n.Set, ind: int) -> None:
        value = self.expr(fr, s.value)
        if s.target.kind == "local":
            v = local(s.target.parts[0])
            if s.op == "=":
                fr.src.emit(ind, f"{v} = {value}", s.pos)
            else:
                fr.src.emit(ind, f"{v} = {'_add' if s.op == '+=' else '_sub'}(m, {v}, {value})", s.pos)
            return
        name = s.target.dotted
        keys = ", ".join(self.expr(fr, i) for i in s.indices)
        spec = self.host.state[name]
        if not keys and s.op == "=" and spec.min is None and spec.max is None:  # `_set`, in line
            size = self.facts.bound(s.value) if spec.type == "int" else None
            if spec.type == "int" and (size is None or size > MAX_NUMBER):  # an int's value checked, unless proved
                # a truth value equal to the number held (true and 1) is checked too, not skipped as no change
                fr.src.emit(ind, f"if (_sv := {value}) != m.S[{name!r}] or (_type(_sv) is not _int and _sv is not None): _put_int(m, {name!r}, _sv)", s.pos)
            elif spec.type in NAMED_TYPES:  # its value checked where it changes: in line, when the names are known here
                names = self.host.domains.get(spec.type)
                checked = f"_put_named(m, {name!r}, _sv)"
                put = f"_put(m, {name!r}, _sv) if _type(_sv) is _str and _sv in {self.host.const(names)} else {checked}" if names else checked
                fr.src.emit(ind, f"if (_sv := {value}) != m.S[{name!r}]: {put}", s.pos)
            else:
                fr.src.emit(ind, f"if (_sv := {value}) != m.S[{name!r}]: _put(m, {name!r}, _sv)", s.pos)
            return
        lo, hi = self.host.const(spec.min), self.host.const(spec.max)
        if not keys and spec.type == "int" and all(b is None or type(b) is int for b in (spec.min, spec.max)):
            # `_set`, in line for a whole number that needs no clamping; anything else (a
            # value to clamp, a truth value, a text, a fault) still goes to `_set`
            low = -MAX_NUMBER if spec.min is None else max(spec.min, -MAX_NUMBER)
            high = MAX_NUMBER if spec.max is None else min(spec.max, MAX_NUMBER)
            fr.src.emit(ind, f"_sv = {value}", s.pos)
            tests = [] if self.facts.is_int(s.value) else ["_type(_sv) is _int"]  # a value proved whole needs the range test only
            if s.op == "=":
                fr.src.emit(ind, f"if {' and '.join([*tests, f'{low} <= _sv <= {high}'])}:", s.pos)
                fr.src.emit(ind + 1, f"if _sv != m.S[{name!r}]: _put(m, {name!r}, _sv)", s.pos)
            else:
                sign = "+" if s.op == "+=" else "-"
                if spec.default is None:  # an entry that starts as none may hold none
                    tests.append(f"_type(_so := m.S[{name!r}]) is _int")
                else:
                    fr.src.emit(ind, f"_so = m.S[{name!r}]", s.pos)
                fr.src.emit(ind, f"if {' and '.join([*tests, f'{low} <= (_sn := _so {sign} _sv) <= {high}'])}:", s.pos)
                fr.src.emit(ind + 1, f"if _sn != _so: _put(m, {name!r}, _sn)", s.pos)
            fr.src.emit(ind, "else:", s.pos)
            fr.src.emit(ind + 1, f"_set(m, {name!r}, [], {s.op!r}, _sv, {lo}, {hi})", s.pos)
            return
        if len(s.indices) == 1 and s.op == "=" and spec.type != "int" and spec.type not in NAMED_TYPES:
            # one entry of an indexed list, truth value or text: nothing to check but the
            # key (`_set` names a missing one); a changed value written by `_put_at`
            fr.src.emit(ind, f"_sk = {keys}; _sv = {value}; _sb = m.S[{name!r}]", s.pos)
            fr.src.emit(ind, f"if _sk not in _sb: _set(m, {name!r}, [_sk], '=', _sv, {lo}, {hi})", s.pos)
            fr.src.emit(ind, f"elif _sv != _sb[_sk]: _put_at(m, {name!r}, _sb, _sk, _sv)", s.pos)
            return
        fr.src.emit(ind, f"_set(m, {name!r}, [{keys}], {s.op!r}, {value}, {lo}, {hi})", s.pos)

    def _s_ExprStmt(self, fr: Frame, s: n.ExprStmt, ind: int) -> None:
        fr.src.emit(ind, self.expr(fr, s.call), s.pos)

    def _s_Leave(self, fr: Frame, s: n.Leave, ind: int) -> None:
        fr.src.emit(ind, f"raise _Leave({s.scope!r})", s.pos)

    def _s_Return(self, fr: Frame, s: n.Return, ind: int) -> None:
        fr.src.emit(ind, f"return {self.expr(fr, s.value) if s.value is not None else 'None'}", s.pos)

    def _s_Trigger(self, fr: Frame, s: n.Trigger, ind: int) -> None:
        """`m.fire(...)`, skipped when the match has found no hook that can run at this
        trigger (`MatchState.fire` works that out at its first firing). Values other
        than locals, literals and plain state reads are still worked out first, so a
        fault in one is the same fault."""
        values = [self.expr(fr, v) for v in s.kwargs.values()]
        params = "{" + ", ".join(f"{k!r}: {v}" for k, v in zip(s.kwargs, values)) + "}"
        if not all(code_kind(v) in SIMPLE for v in values):
            built, params = params, fr.src.temp("p")
            fr.src.emit(ind, f"{params} = {built}", s.pos)
        fr.src.emit(ind, f"if m.live_hooks.get({s.name!r}, True): m.fire({s.name!r}, {params})", s.pos)

    def _s_Apply(self, fr: Frame, s: n.Apply, ind: int) -> None:
        fr.src.emit(ind, f"_apply(m, {self.expr(fr, s.row)})", s.pos)

    def _s_If(self, fr: Frame, s: n.If, ind: int) -> None:
        for i, (cond, body) in enumerate(s.branches):
            fr.src.emit(ind, f"{'if' if i == 0 else 'elif'} {self.expr(fr, cond)}:", s.pos)
            self.block(fr, body, ind + 1)
        if s.orelse:
            fr.src.emit(ind, "else:", s.pos)
            self.block(fr, s.orelse, ind + 1)

    def _s_Repeat(self, fr: Frame, s: n.Repeat, ind: int) -> None:
        fr.src.emit(ind, f"for _ in _times(m, {self.expr(fr, s.count)}, {self.host.position(s.pos)}):", s.pos)
        self.block(fr, s.body, ind + 1)

    def _s_For(self, fr: Frame, s: n.For, ind: int) -> None:
        fr.src.emit(ind, f"for {local(s.var)} in _each(m, {self.expr(fr, s.iterable)}, {self.host.position(s.pos)}):", s.pos)
        self.block(fr, s.body, ind + 1)

    def _s_While(self, fr: Frame, s: n.While, ind: int) -> None:
        p = self.host.position(s.pos)
        fr.src.emit(ind, "for _ in _MAX_LOOP:", s.pos)
        fr.src.emit(ind + 1, f"if not ({self.expr(fr, s.cond)}):", s.pos)
        fr.src.emit(ind + 2, "break", s.pos)
        fr.src.emit(ind + 1, "m.budget -= 1", s.pos)
        fr.src.emit(ind + 1, f"if m.budget < 0: _exhausted({p})", s.pos)
        self.block(fr, s.body, ind + 1)
        fr.src.emit(ind, "else:", s.pos)
        fr.src.emit(ind + 1, f"_endless_while({p})", s.pos)

    def _s_Scope(self, fr: Frame, s: n.Scope, ind: int) -> None:
        e = fr.src.temp("e")
        fr.src.emit(ind, "try:", s.pos)
        self.block(fr, s.body, ind + 1)
        fr.src.emit(ind, f"except _Leave as {e}:", s.pos)
        fr.src.emit(ind + 1, f"if {e}.name != {s.name!r}: raise", s.pos)

    def _s_Choose(self, fr: Frame, s: n.Choose, ind: int) -> None:
        """Options whose guard holds are offered; their advice is scored only if an agent asks."""
        legal, index, advice, pick = fr.src.temp("legal"), fr.src.temp("index"), fr.src.temp("advice"), fr.src.temp("pick")
        scored = any(o.prefer is not None for o in s.options)
        fr.src.emit(ind, f"{legal} = []; {index} = []" + (f"; {advice} = []" if scored else ""), s.pos)
        for i, o in enumerate(s.options):
            add = f"{legal}.append({o.label!r}); {index}.append({i})"
            if scored:  # a whole-number literal is its own score; anything else is worked out if asked
                prefer = o.prefer
                score = repr(prefer.value) if isinstance(prefer, n.Const) and type(prefer.value) is int else f"lambda: {self.expr(fr, prefer)}" if prefer is not None else "None"
                add += f"; {advice}.append({score})"
            if o.guard is None:
                fr.src.emit(ind, add, s.pos)
            else:
                fr.src.emit(ind, f"if {self.expr(fr, o.guard)}: {add}", s.pos)
        fr.src.emit(ind, f"if {legal}:", s.pos)
        scores = f"_advice({advice})" if scored else "None"
        fr.src.emit(ind + 1, f"{pick} = {index}[{legal}.index(m.decide({self.expr(fr, s.team)}, {s.label!r}, {legal}, {scores}, False))]", s.pos)
        for i, o in enumerate(s.options):
            fr.src.emit(ind + 1, f"{'if' if i == 0 else 'elif'} {pick} == {i}:", s.pos)
            self.block(fr, o.body, ind + 2)


def function_source(
    gen: Generator, name: str, params: tuple[str, ...], body: Any, *, is_block: bool, pos: Pos, prologue: list[str], epilogue: list[str], from_dict: bool,
    memo: bool = False, outlining: bool = False,
) -> Source:
    """The source of one rule: `def name(m, <params>)` or, when its inputs come as a
    dict (hooks, modifiers, table rows), `def name(m, _L)` unpacking what is there.
    `outlining`: no list in it is kept apart (its answers are kept for the match)."""
    src = Source(name, pos)
    fr = Frame(src, outlining=outlining)
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
        gen.block(fr.derive(local_elements=let_elements(gen.facts.element_fields, params, body)), body, ind)
    else:
        only = read_once(gen.host, body) if gen.hoist else None
        reads = StateReads(only=only) if only else None
        if reads is not None:
            fr = fr.derive(reads=reads)
        if records:  # two forms: fields read straight when the guard holds, checked otherwise
            straight = gen.scoped(fr.derive(records={local(p): fs for p, fs in records.items()}), body)
            guard = " and ".join(record_test(local(p), fs) for p, fs in records.items())
            forms = [(ind, f"if {guard}:"), (ind + 1, f"return {straight}"), (ind, f"return {gen.scoped(fr, body)}")]
        else:
            forms = [(ind, f"{'_r =' if memo else 'return'} {gen.scoped(fr, body)}")]
        for code, t in (reads.temps if reads is not None else {}).items():  # read once, before the body asks for them
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

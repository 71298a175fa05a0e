"""Checks a parsed effect before it is compiled: every name, arity and purity.

A modder's typo must never be silently ignored, so every unknown name is an error
with a "did you mean" over what is visible at that point. The checker also records on
each `Name` and `Call` what it resolved to, so the compiler never resolves twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from ..diagnostics import Diagnostic, Suggestions
from . import nodes as n
from .registry import Registry
from .runtime import MAX_NUMBER, Value

# Calls the compiler implements itself, because they bind names or read the edition.
SPECIAL_FORMS: dict[str, tuple[int, int, frozenset[str], bool]] = {
    # name: (min args, max args, keywords, pure)
    "choose": (3, 3, frozenset({"prefer"}), False),
    "may_choose": (3, 3, frozenset({"prefer"}), False),
    "modifiers": (1, 1, frozenset({"*"}), False),
    "modifier_total": (1, 1, frozenset({"*"}), True),
    "rule": (1, 1, frozenset(), True),
    "log": (1, 1, frozenset({"tag", "ref", "team", "data"}), False),
}
BOUND_IN_PREFER = "it"
PARENT = "parent"
"""`parent(...)` inside an override calls the definition it replaces (like Python's super())."""
NAMED_TYPES = {"team": "a team", "area": "an area"}
"""State types whose values are names the board gives (`Symbols.domains`), each with how
to say one: such an entry holds one of them (none only where it starts as none), checked
where its default is read and on every write."""
ENUM_PREFIX = "value of "
"""The `Domain.what` of a text state's values (`infer_enumerations`)."""
READ_AFTER = ("statistic", "measure")
"""Expressions read once a match or a run is over: a fault there would lose the batch, so
a division by a literal zero is caught when they load (in rules it is a rule fault)."""


@attrs.define
class StateSpec:
    name: str
    type: str = "any"
    default: Value = None
    min: int | None = None
    max: int | None = None
    index: tuple[str, ...] = ()
    reset: str = "never"
    ref: str = ""

    def whole_range(self) -> tuple[int, int]:
        """The whole numbers an int entry may hold: from its `min` to its `max`, within
        the largest number a rule may hold (its default, a scenario's value: see
        `Scenario.set`, `_Build.whole_default`)."""
        lo = self.min if isinstance(self.min, int) else -MAX_NUMBER
        hi = self.max if isinstance(self.max, int) else MAX_NUMBER
        return max(lo, -MAX_NUMBER), min(hi, MAX_NUMBER)


@attrs.frozen
class Domain:
    """The texts a value can be, when the rules say: every area, both teams, a decision's
    options. A quoted name outside it names nothing, which the checker reports."""

    what: str  # "area", "team", "option of 'penalty kick'": for messages
    values: frozenset[str]
    many: bool = False  # a list of such texts

    def one(self) -> Domain:
        return Domain(self.what, self.values) if self.many else self

    def unknown(self, text: str, suggest: Suggestions) -> str:
        if self.what.startswith(ENUM_PREFIX):
            name = self.what.removeprefix(ENUM_PREFIX)
            told = ", ".join(repr(v) for v in sorted(self.values))
            return f"{name} is never '{text}': the rules give it only {told}{suggest(text, sorted(self.values))}"
        if self.what.startswith("option"):
            return f"'{text}' is not an {self.what}{suggest(text, sorted(self.values))}"
        return f"unknown {self.what} '{text}'{suggest(text, sorted(self.values))}"


@attrs.define
class Symbols:
    """Everything an edition declares that effect text may name."""

    registry: Registry
    state: dict[str, StateSpec] = attrs.field(factory=dict)
    constants: dict[str, Value] = attrs.field(factory=dict)
    tables: set[str] = attrs.field(factory=set)
    functions: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    procedures: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    triggers: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    modifier_groups: set[str] = attrs.field(factory=set)
    rules: set[str] = attrs.field(factory=set)
    scopes: set[str] = attrs.field(factory=set)
    domains: dict[str, frozenset[str]] = attrs.field(factory=dict)
    """Kind -> its texts ("area" -> every area): the kinds that state types and the
    registry's parameters and results name."""
    given: dict[str, dict[str, Domain | None]] = attrs.field(factory=dict)
    """Trigger -> parameter -> what every `trigger` seen so far passed it (None: mixed)."""
    param_kinds: dict[str, dict[str, str]] = attrs.field(factory=dict)
    """Function or procedure -> parameter -> the kind it takes, because its body hands the
    parameter to a primitive (or rule) taking that kind (`infer_param_kinds`)."""
    returns: dict[str, Domain] = attrs.field(factory=dict)
    """Function -> the names its value holds, when its expression says (a list of areas
    kept from `areas()`): filled as each function is checked, so a later rule's call knows."""
    trigger_texts: dict[str, dict[str, Domain]] = attrs.field(factory=dict)
    """Trigger -> parameter -> the quoted texts passed to it (`infer_trigger_texts`)."""
    enums: dict[str, Domain] = attrs.field(factory=dict)
    """Text state -> the texts it can hold, when every write is a quoted text
    (`infer_enumerations`): `pass.outcome == "Supportive"` is then an error."""

    def domain(self, kind: str) -> Domain | None:
        """The Domain of a kind as the registry writes it: "area", or "[area]" for a list."""
        many = kind.startswith("[")
        name = kind.strip("[]")
        return Domain(name, self.domains[name], many) if name in self.domains else None

    def global_names(self) -> list[str]:
        zero = [f for f, p in self.functions.items() if not p]
        return [*self.state, *self.constants, *self.tables, *zero, *self.registry.constants]

    def callables(self) -> list[str]:
        return [*self.functions, *self.procedures, *self.registry.primitives, *SPECIAL_FORMS, PARENT]


@attrs.define
class ParentRef:
    """What `parent(...)` means inside one rule text: the rule it is written in and the
    inherited definition it replaces (`target` is empty when it replaces nothing)."""

    rule: str
    kind: str  # "procedure" or "function": what the target is compiled as
    target: str = ""


@attrs.define
class _Ctx:
    pure: bool
    locals: set[str]
    what: str  # "condition", "function", "procedure": for messages
    parent: ParentRef | None = None
    kinds: dict[str, Domain] = attrs.field(factory=dict)  # locals known to hold names of a kind


class Checker:
    """Walks nodes, annotates them, and collects diagnostics."""

    def __init__(self, symbols: Symbols):
        self.sym = symbols
        self.diagnostics: list[Diagnostic] = []
        self.suggest = Suggestions()  # "did you mean", under one budget per check

    def error(self, node: n.Node, message: str) -> None:
        self.diagnostics.append(Diagnostic(node.pos, message))

    # ---- entry points
    def check_expr(self, expr: n.Node, params: tuple[str, ...] = (), what: str = "condition", parent: ParentRef | None = None, kinds: dict[str, Domain] | None = None) -> Domain | None:
        """Check `expr`; returns the names its value holds when its form says (see `_domain`)."""
        ctx = _Ctx(True, set(params), what, parent, dict(kinds or {}))
        self._expr(expr, ctx)
        if what == "statistic":
            self._number(expr)
        return self._domain(expr, ctx)

    def _number(self, e: n.Node) -> None:
        """A statistic is averaged over matches, so its value must be a number."""
        kind = _value_kind(e, self.sym)
        if kind not in ("number", "unknown"):
            self.error(e, f"a statistic must be a number, but this gives {kind}")

    def check_block(self, stmts: list[n.Node], params: tuple[str, ...] = (), what: str = "procedure", parent: ParentRef | None = None, kinds: dict[str, Domain] | None = None) -> None:
        self._block(stmts, _Ctx(False, set(params), what, parent, dict(kinds or {})))

    def trigger_kinds(self, trigger: str) -> dict[str, Domain]:
        """What a hook on `trigger` knows of its parameters: the kind every `trigger` statement
        checked so far passed (procedures are checked before hooks)."""
        known = {p: d for p, d in self.sym.given.get(trigger, {}).items() if d is not None}
        return {**self.sym.trigger_texts.get(trigger, {}), **known}

    def param_domains(self, rule: str) -> dict[str, Domain]:
        """What a function's or procedure's body knows of its parameters (`infer_param_kinds`)."""
        found = {p: self.sym.domain(k) for p, k in self.sym.param_kinds.get(rule, {}).items()}
        return {p: d for p, d in found.items() if d is not None}

    # ---- statements
    def _block(self, stmts: list[n.Node], ctx: _Ctx) -> None:
        for s in stmts:
            self._stmt(s, ctx)

    def _stmt(self, s: n.Node, ctx: _Ctx) -> None:
        if isinstance(s, n.Let):
            self._expr(s.value, ctx)
            ctx.locals.add(s.name)
            self._bind(ctx, s.name, self._domain(s.value, ctx))
        elif isinstance(s, n.Set):
            self._set(s, ctx)
        elif isinstance(s, n.ExprStmt):
            self._expr(s.call, ctx)
        elif isinstance(s, n.Leave):
            if s.scope not in self.sym.scopes:
                self.error(s, f"no 'scope {s.scope}' encloses this anywhere in the edition{self.suggest(s.scope, self.sym.scopes)}")
        elif isinstance(s, n.Return):
            if s.value is not None:
                self._expr(s.value, ctx)
        elif isinstance(s, n.Trigger):
            if s.name not in self.sym.triggers:
                self.error(s, f"unknown trigger '{s.name}'{self.suggest(s.name, self.sym.triggers)}")
            else:
                declared = self.sym.triggers[s.name]
                for k, v in s.kwargs.items():
                    if k not in declared:
                        self.error(v, f"trigger '{s.name}' has no parameter '{k}'{self.suggest(k, declared)}")
                missing = [p for p in declared if p not in s.kwargs]
                if missing:
                    self.error(s, f"trigger '{s.name}' needs {', '.join(f'{p}=...' for p in missing)}")
            for v in s.kwargs.values():
                self._expr(v, ctx)
            given = self.sym.given.setdefault(s.name, {})
            for k, v in s.kwargs.items():
                d = self._domain(v, ctx)
                given[k] = d if given.get(k, d) == d else None
        elif isinstance(s, n.Apply):
            self._expr(s.row, ctx)
        elif isinstance(s, n.If):
            for cond, body in s.branches:
                self._expr(cond, ctx)
                self._block(body, ctx)
            self._block(s.orelse, ctx)
        elif isinstance(s, n.Repeat):
            self._expr(s.count, ctx)
            self._block(s.body, ctx)
        elif isinstance(s, n.For):
            self._expr(s.iterable, ctx)
            ctx.locals.add(s.var)
            d = self._domain(s.iterable, ctx)
            self._bind(ctx, s.var, d.one() if d is not None and d.many else None)
            self._block(s.body, ctx)
        elif isinstance(s, n.While):
            self._expr(s.cond, ctx)
            self._block(s.body, ctx)
        elif isinstance(s, n.Scope):
            self._block(s.body, ctx)
        elif isinstance(s, n.Choose):
            self._expr(s.team, ctx)
            labels: set[str] = set()
            for o in s.options:
                if o.label in labels:
                    self.error(o, f"option '{o.label}' is offered twice")
                labels.add(o.label)
                if o.guard is not None:
                    self._expr(o.guard, ctx)
                if o.prefer is not None:
                    self._expr(o.prefer, ctx)
                self._block(o.body, ctx)
        elif isinstance(s, n.Pass):
            pass
        else:  # pragma: no cover - the parser makes no other statement
            self.error(s, f"unknown statement {type(s).__name__}")

    def _set(self, s: n.Set, ctx: _Ctx) -> None:
        t = s.target
        if t.parts[0] in ctx.locals and len(t.parts) == 1:
            t.kind = "local"
            if s.indices:
                self.error(s, f"'{t.parts[0]}' is a local value; only declared state can be indexed in set")
        elif t.dotted in self.sym.state:
            t.kind = "state"
            spec = self.sym.state[t.dotted]
            if len(s.indices) != len(spec.index):
                self.error(s, f"state '{t.dotted}' takes {len(spec.index)} index(es) [{', '.join(spec.index)}], got {len(s.indices)}")
            if ctx.pure:
                self.error(s, f"a {ctx.what} cannot change the match")
            d = self.sym.domain(spec.type)
            if d is not None and s.op == "=":
                self._texts(s.value, d)
        else:
            hint = self.suggest(t.dotted, lambda: [*self.sym.state, *ctx.locals])
            self.error(t, f"cannot set '{t.dotted}': not declared in state: or with let{hint}")
        for i in s.indices:
            self._expr(i, ctx)
        self._expr(s.value, ctx)

    # ---- expressions
    def _expr(self, e: n.Node, ctx: _Ctx) -> None:
        if isinstance(e, n.Const):
            return
        if isinstance(e, n.Template):
            for p in e.parts:
                if isinstance(p, n.Node):
                    self._expr(p, ctx)
        elif isinstance(e, n.Name):
            self._name(e, ctx)
        elif isinstance(e, n.Call):
            self._call(e, ctx)
        elif isinstance(e, n.Subscript):
            self._expr(e.obj, ctx)
            self._expr(e.index, ctx)
        elif isinstance(e, n.Unary):
            self._expr(e.operand, ctx)
        elif isinstance(e, n.BinOp):
            self._expr(e.left, ctx)
            self._expr(e.right, ctx)
            if ctx.what in READ_AFTER and e.op in ("//", "%") and isinstance(e.right, n.Const) and e.right.value == 0:
                self.error(e.right, f"'{e.op} 0' divides by zero")
        elif isinstance(e, n.Compare):
            self._expr(e.first, ctx)
            for _, x in e.rest:
                self._expr(x, ctx)
            self._compare(e, ctx)
        elif isinstance(e, n.Range):
            self._expr(e.low, ctx)
            self._expr(e.high, ctx)
        elif isinstance(e, n.ListLit):
            for x in e.items:
                self._expr(x, ctx)
        elif isinstance(e, n.Record):
            for x in e.fields.values():
                self._expr(x, ctx)
        elif isinstance(e, n.Ternary):
            self._expr(e.cond, ctx)
            self._expr(e.then, ctx)
            self._expr(e.other, ctx)
        elif isinstance(e, n.Comprehension):
            inner = _Ctx(ctx.pure, set(ctx.locals), ctx.what, ctx.parent, dict(ctx.kinds))
            for var, it, cond in e.loops:
                self._expr(it, inner)
                inner.locals.add(var)
                d = self._domain(it, inner)
                self._bind(inner, var, d.one() if d is not None and d.many else None)
                if cond is not None:
                    self._expr(cond, inner)
            self._expr(e.element, inner)

    def _name(self, e: n.Name, ctx: _Ctx) -> None:
        head = e.parts[0]
        sym = self.sym
        if head in ctx.locals:
            e.kind, e.fields = "local", e.parts[1:]
            return
        for cut in range(len(e.parts), 0, -1):
            prefix = ".".join(e.parts[:cut])
            if prefix in sym.state:
                e.kind, e.fields = "state", e.parts[cut:]
                if sym.state[prefix].index and e.fields:
                    self.error(e, f"state '{prefix}' is indexed; write {prefix}[...] before reading a field")
                elif e.fields and sym.state[prefix].type in _STATE_KINDS:
                    kind = _STATE_KINDS[sym.state[prefix].type].replace("number", "a number")
                    self.error(e, f"state '{prefix}' holds {kind}, which has no field '{e.fields[0]}'")
                return
        if len(e.parts) == 1:
            if head in sym.constants:
                e.kind = "const"
                return
            if head in sym.tables:
                e.kind = "table"
                return
            if head in sym.functions:
                if sym.functions[head]:
                    self.error(e, f"function '{head}' needs arguments: {head}({', '.join(sym.functions[head])})")
                e.kind = "func"
                return
            if head in sym.registry.constants:
                e.kind = "builtin"
                return
        what = "unknown name"
        if e.dotted in sym.procedures or e.dotted in sym.registry.primitives:
            what = "missing () after"
        self.error(e, f"{what} '{e.dotted}'{self.suggest(e.dotted, lambda: [*ctx.locals, *sym.global_names()])}")

    def _call(self, e: n.Call, ctx: _Ctx) -> None:
        sym = self.sym
        name = e.name
        if name == PARENT:
            self._parent(e, ctx)
            return
        if name in SPECIAL_FORMS:
            e.kind = "special"
            lo, hi, kws, pure = SPECIAL_FORMS[name]
            self._arity(e, lo, hi, kws, f"{name}")
            if ctx.pure and not pure:
                self.error(e, f"a {ctx.what} cannot call '{name}': it changes the match or asks a team")
            if name in ("choose", "may_choose"):
                for a in e.args:
                    self._expr(a, ctx)
                if "prefer" in e.kwargs:
                    inner = _Ctx(ctx.pure, ctx.locals | {BOUND_IN_PREFER}, ctx.what, ctx.parent, dict(ctx.kinds))
                    self._bind(inner, BOUND_IN_PREFER, self._domain(e, ctx))
                    self._expr(e.kwargs["prefer"], inner)
                return
            if name in ("modifiers", "modifier_total"):
                self._literal(e, sym.modifier_groups, "modifier group")
            elif name == "rule":
                self._literal(e, sym.rules, "rule")
            for a in [*e.args, *e.kwargs.values()]:
                self._expr(a, ctx)
            return
        for param, arg in [*zip(sym.procedures.get(name, sym.functions.get(name, ())), e.args), *e.kwargs.items()]:
            d = sym.domain(sym.param_kinds.get(name, {}).get(param, ""))
            if d is not None:
                self._texts(arg, d)
        if name in sym.procedures:
            e.kind = "procedure"
            params = sym.procedures[name]
            self._arity(e, len(params), len(params), frozenset(params), name, params)
            if ctx.pure:
                self.error(e, f"a {ctx.what} cannot call procedure '{name}': procedures change the match")
        elif name in sym.functions:
            e.kind = "function"
            params = sym.functions[name]
            self._arity(e, len(params), len(params), frozenset(params), name, params)
        elif name in sym.registry.primitives:
            e.kind = "primitive"
            p = sym.registry.primitives[name]
            self._arity(e, len(p.params) - p.optional, len(p.params), p.keywords | frozenset(p.params), name, p.params)
            if ctx.pure and not p.pure:
                self.error(e, f"a {ctx.what} cannot call '{name}': it changes the match")
            for param, arg in [*zip(p.params, e.args), *e.kwargs.items()]:
                d = sym.domain(p.kinds.get(param, ""))
                if d is not None:
                    self._texts(arg, d)
        else:
            self.error(e, f"unknown function '{name}'{self.suggest(name, sym.callables)}")
        for a in [*e.args, *e.kwargs.values()]:
            self._expr(a, ctx)

    def _parent(self, e: n.Call, ctx: _Ctx) -> None:
        """`parent(...)`: an ordinary call of the replaced definition, compiled under its
        own name (`ParentRef.target`); without arguments it passes on the caller's own."""
        ref = ctx.parent
        e.target, e.pass_on = "", ()
        if ref is None:
            self.error(e, "parent(...) calls the inherited version of the rule it is written in: only a procedure's or hook's do: or a function's expr: can call it")
        elif not ref.target:
            self.error(e, f"'{ref.rule}' replaces nothing, so it has no parent to call: parent(...) works in a definition that overrides an inherited one")
        else:
            table = self.sym.procedures if ref.kind == "procedure" else self.sym.functions
            params = table[ref.target]
            e.kind, e.target = ref.kind, ref.target
            if not e.args and not e.kwargs and params:
                missing = [p for p in params if p not in ctx.locals]
                if missing:
                    want = ", ".join(params)
                    self.error(e, f"parent() passes on this {ctx.what}'s own {', '.join(missing)}, but there is no such value here: write parent({want}) with the values to pass")
                e.pass_on = params
            else:
                self._arity(e, len(params), len(params), frozenset(params), "parent", params)
        for a in [*e.args, *e.kwargs.values()]:
            self._expr(a, ctx)

    def _arity(self, e: n.Call, lo: int, hi: int, kws: frozenset[str], name: str, params: tuple[str, ...] = ()) -> None:
        got = len(e.args)
        for p in params[:got]:
            if p in e.kwargs:
                self.error(e.kwargs[p], f"'{name}' gets '{p}' twice: by position and by name")
        # A keyword fills a missing argument only when it names that parameter: `prefer=`
        # of choose is an extra, never one of its three arguments.
        named = len(params) >= lo and all(p in e.kwargs for p in params[got:lo])
        positional_ok = lo <= got <= hi or (got < lo and named)
        if not positional_ok:
            want = f"{lo}" if lo == hi else f"{lo} to {hi}"
            self.error(e, f"'{name}' takes {want} argument(s), got {got}")
        if "*" not in kws:
            for k, v in e.kwargs.items():
                if k not in kws:
                    self.error(v, f"'{name}' has no keyword '{k}'{self.suggest(k, kws)}")

    # ---- quoted names: a text where a name of some kind is expected must name one
    def _domain(self, e: n.Node, ctx: _Ctx) -> Domain | None:
        """The names `e` holds, when its form says: a state declared `type: area`, a
        primitive's result, a local bound to one of those, a decision among quoted options."""
        sym = self.sym
        if isinstance(e, n.Name) and e.kind == "local" and not e.fields:
            return ctx.kinds.get(e.parts[0])
        if isinstance(e, n.Name) and e.kind == "state" and not e.fields:
            name = ".".join(e.parts)
            spec = sym.state[name]
            return None if spec.index else sym.domain(spec.type) or sym.enums.get(name)
        if isinstance(e, n.Call) and e.kind == "primitive":
            return sym.domain(sym.registry.primitives[e.name].returns)
        if isinstance(e, n.Call) and e.kind == "function":
            return sym.returns.get(e.name)
        if isinstance(e, n.ListLit) and e.items:  # [start]: a list of what its items hold
            found = [self._domain(x, ctx) for x in e.items]
            first = found[0]
            same = first is not None and not first.many and all(d == first for d in found)
            return Domain(first.what, first.values, True) if same and first is not None else None
        if isinstance(e, n.Comprehension) and len(e.loops) == 1 and isinstance(e.element, n.Name):
            var, iterable, _ = e.loops[0]  # [a for a in areas() if ...]: some of the same names
            d = self._domain(iterable, ctx) if list(e.element.parts) == [var] else None
            return d if d is not None and d.many else None
        if isinstance(e, n.Call) and e.name in ("choose", "may_choose") and len(e.args) == 3:
            options = e.args[2]
            label = e.args[1].value if isinstance(e.args[1], n.Const) else "?"
            if isinstance(options, n.ListLit) and options.items and all(_text(x) is not None for x in options.items):
                return Domain(f"option of '{label}'", frozenset(t for t in map(_text, options.items) if t is not None))
            d = self._domain(options, ctx)
            return d.one() if d is not None and d.many else None
        if isinstance(e, n.Subscript) and isinstance(e.obj, n.Name) and e.obj.kind == "state" and not e.obj.fields:
            spec = sym.state[e.obj.dotted]
            return sym.domain(spec.type) or sym.enums.get(e.obj.dotted) if len(spec.index) == 1 else None
        if isinstance(e, n.Ternary):  # each side holds such names, or is a quoted one
            sides = [None if _text(x) is not None else self._domain(x, ctx) for x in (e.then, e.other)]
            known = [d for d in sides if d is not None]
            ok = known and all(d == known[0] for d in known) and len(known) + sum(_text(x) is not None for x in (e.then, e.other)) == 2
            return known[0] if ok else None
        return None

    def _bind(self, ctx: _Ctx, name: str, d: Domain | None) -> None:
        if d is None:
            ctx.kinds.pop(name, None)
        else:
            ctx.kinds[name] = d

    def _texts(self, e: n.Node, d: Domain) -> None:
        """Report every quoted text in `e` (a text, a list of texts, either side of an
        if-else) that is not one of `d`'s names."""
        if isinstance(e, n.Ternary):
            self._texts(e.then, d)
            self._texts(e.other, d)
        elif isinstance(e, n.ListLit) and d.many:
            for x in e.items:
                self._texts(x, d.one())
        elif not d.many and (t := _text(e)) is not None and t not in d.values:
            self.error(e, d.unknown(t, self.suggest))

    def _compare(self, e: n.Compare, ctx: _Ctx) -> None:
        left = e.first
        for op, right in e.rest:
            if op in ("==", "!="):
                for a, b in ((left, right), (right, left)):
                    d = self._domain(a, ctx)
                    if d is not None and not d.many:
                        self._texts(b, d)
            elif op in ("in", "not in"):
                d = self._domain(right, ctx)
                if d is not None and d.many:
                    self._texts(left, d.one())
                d = self._domain(left, ctx)
                if d is not None and not d.many and isinstance(right, n.ListLit):
                    self._texts(right, Domain(d.what, d.values, True))
            left = right

    def _literal(self, e: n.Call, known: set[str], what: str) -> None:
        arg = e.args[0] if e.args else None
        if not isinstance(arg, n.Const) or not isinstance(arg.value, str):
            self.error(e, f"'{e.name}' needs the {what}'s name as a quoted text")
        elif arg.value not in known:
            self.error(arg, f"unknown {what} '{arg.value}'{self.suggest(arg.value, known)}")


def infer_param_kinds(rules: Mapping[str, n.Body], sym: Symbols) -> dict[str, dict[str, str]]:
    """Which parameters of functions and procedures take names of a kind: those the body
    passes, unchanged, to a primitive parameter (or another rule's parameter) of that kind.
    `pieces(team, area)` in a body makes its own `area` an area, so a call passing
    "nowhere" is caught where it is written, not when the match reaches it."""
    params = {**sym.functions, **sym.procedures}
    handed: list[tuple[str, str, str, str]] = []  # (rule, its parameter, callee, the callee's parameter)
    for name, body in rules.items():
        mine = set(params.get(name, ()))
        if not body or not mine:
            continue
        nodes = list(n.walk(body))
        mine -= {x.name for x in nodes if isinstance(x, n.Let)} | {x.var for x in nodes if isinstance(x, n.For)}
        mine -= {x.target.parts[0] for x in nodes if isinstance(x, n.Set)}
        mine -= {var for x in nodes if isinstance(x, n.Comprehension) for var, _, _ in x.loops}
        for call in nodes:
            if not isinstance(call, n.Call):
                continue
            prim = None if call.name in params else sym.registry.primitives.get(call.name)
            names = params.get(call.name) or (prim.params if prim else ())
            for param, arg in [*zip(names, call.args), *call.kwargs.items()]:
                if isinstance(arg, n.Name) and len(arg.parts) == 1 and arg.parts[0] in mine:
                    handed.append((name, arg.parts[0], call.name, param))
    out: dict[str, dict[str, str]] = {}
    mixed: set[tuple[str, str]] = set()  # handed to two kinds: no kind
    for _ in range(4):  # a kind travels a few calls deep; more is rare and only loses a check
        before = (sum(map(len, out.values())), len(mixed))
        for name, p, callee, param in handed:
            prim = None if callee in params else sym.registry.primitives.get(callee)
            kind = prim.kinds.get(param) if prim else out.get(callee, {}).get(param)
            if kind and out.setdefault(name, {}).setdefault(p, kind) != kind:
                mixed.add((name, p))
        if (sum(map(len, out.values())), len(mixed)) == before:
            break
    for name, p in mixed:
        out[name].pop(p, None)
    return out


def infer_enumerations(bodies: Iterable[n.Body], sym: Symbols) -> dict[str, Domain]:
    """The texts each `type: str` state can hold, when the rules fix them: its default and
    every `set` of it in the edition and its mods is a quoted text (or an if-else of
    them). One write of a computed value (`set weather = row.name`) leaves it open."""
    texts = {k: {v.default} if isinstance(v.default, str) else set() for k, v in sym.state.items() if v.type == "str"}
    opened: set[str] = set()
    for body in bodies:
        for x in n.walk(body):
            if isinstance(x, n.Set) and x.target.dotted in texts:
                found = _quoted(x.value) if x.op == "=" else None
                if found is None:
                    opened.add(x.target.dotted)
                else:
                    texts[x.target.dotted] |= found
    return {k: Domain(f"{ENUM_PREFIX}'{k}'", frozenset(v)) for k, v in texts.items() if k not in opened and v}


def infer_trigger_texts(bodies: Iterable[n.Body]) -> dict[str, dict[str, Domain]]:
    """Trigger -> parameter -> the texts every `trigger` statement passes it, when each
    passes a quoted text (`card_shown(team=team, colour="red")`): a hook's `colour ==
    "yelow"` is then an error. Gathered from every rule first, as a hook may be checked
    before a rule that fires its trigger."""
    texts: dict[str, dict[str, set[str]]] = {}
    opened: set[tuple[str, str]] = set()
    for body in bodies:
        for x in n.walk(body):
            if isinstance(x, n.Trigger):
                for k, v in x.kwargs.items():
                    found = _quoted(v)
                    if found is None:
                        opened.add((x.name, k))
                    else:
                        texts.setdefault(x.name, {}).setdefault(k, set()).update(found)
    return {
        t: {k: Domain(f"{ENUM_PREFIX}{t}'s '{k}'", frozenset(v)) for k, v in by.items() if (t, k) not in opened}
        for t, by in texts.items()
    }


def _quoted(e: n.Node) -> set[str] | None:
    """The texts `e` can give when it is a quoted text or an if-else of them, else None."""
    if isinstance(e, n.Ternary):
        a, b = _quoted(e.then), _quoted(e.other)
        return None if a is None or b is None else a | b
    t = _text(e)
    return None if t is None else {t}


def _text(e: n.Node) -> str | None:
    """The text of a quoted constant, else None."""
    return e.value if isinstance(e, n.Const) and isinstance(e.value, str) else None


_STATE_KINDS = {"int": "number", "bool": "number", "str": "a text", "team": "a team", "area": "an area", "list": "a list"}


def _value_kind(e: n.Node, sym: Symbols) -> str:
    """What an expression evaluates to, as far as its form shows: "number", "a text",
    "a list", ... or "unknown" (the checker never guesses a type it cannot see)."""
    if isinstance(e, n.Const):
        v = e.value
        if isinstance(v, (bool, int, float)):
            return "number"
        return "a text" if isinstance(v, str) else "nothing" if v is None else "unknown"
    if isinstance(e, n.Template):
        return "a text"
    if isinstance(e, (n.ListLit, n.Range, n.Comprehension)):
        return "a list"
    if isinstance(e, n.Record):
        return "a record"
    if isinstance(e, n.Compare) or (isinstance(e, n.Unary) and e.op == "not"):
        return "number"  # true counts 1, false 0
    if isinstance(e, n.Name) and e.kind == "state" and not e.fields:
        spec = sym.state.get(e.dotted)
        if spec is not None and spec.index:
            return "a mapping (an indexed state; write it with [...])"
        return _STATE_KINDS.get(spec.type if spec else "any", "unknown")
    if isinstance(e, n.Name) and e.kind == "const":
        v = sym.constants.get(e.dotted)
        if isinstance(v, (bool, int, float)):
            return "number"
        return "a text" if isinstance(v, str) else "a list" if isinstance(v, list) else "unknown"
    return "unknown"


def advice_warnings(tree: object) -> list[Diagnostic]:
    """A warning for each `may_choose` without `prefer=`: the coach would play it on a coin toss.

    Declining is always an option there, so advice is what tells an agent when to act;
    docs/agents.md says how to write it.
    """
    out: list[Diagnostic] = []
    stack = [tree]
    while stack:
        x = stack.pop()
        if isinstance(x, (list, tuple)):
            stack.extend(x)
        elif isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, n.Node):
            if isinstance(x, n.Call) and x.name == "may_choose" and "prefer" not in x.kwargs:
                out.append(Diagnostic(x.pos, "optional decision without prefer= advice: the coach agent always takes its first option", "warning"))
            stack.extend(getattr(x, f.name) for f in attrs.fields(type(x)) if f.name != "pos")
    return out

"""What the emitter may take for granted about rule text, worked out from the checked
nodes alone: which parts are pure, which values are whole numbers, lists or records, which
calls repeat, which parts of a list no loop changes. The emitter (`emit_*`) asks these
before it writes; nothing here reads generated text.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping

from . import nodes as n
from .checker import BOUND_IN_PREFER, SPECIAL_FORMS
from .function_facts import FunctionFacts
from .host import Host
from .registry import Primitive

FREE_ITEMS = 4  # a comprehension's loop over a list literal this short spends no steps (one per chain)
_NONE: Mapping[str, frozenset[str]] = {}


class _Unknown:
    """A rule function not defined yet: nothing is proved of it."""

    is_int = is_list = False
    bound: int | None = None
    elements: frozenset[str] | None = None


_UNKNOWN = _Unknown()


class Facts:
    """What the nodes prove about a value's kind and size, asked of the compiler (`host`)
    for what it learned about rule functions and state (their bounds, lists, records)."""

    def __init__(self, host: Host):
        self.host = host

    def _learned(self, name: str) -> FunctionFacts | _Unknown:
        """What the compiler learned of rule function `name` so far (nothing, before it is defined)."""
        return self.host.function(name) or _UNKNOWN

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
            base: n.Node = e
            depth = 0
            while isinstance(base, n.Subscript):
                base, depth = base.obj, depth + 1
            if not isinstance(base, n.Name) or base.fields:
                return False
            if base.kind == "state":
                spec = self.host.state.get(base.resolved)
                return spec is not None and spec.type == "int" and spec.default is not None and depth == len(spec.index)
            return base.kind == "func" and depth == 0 and self._learned(base.parts[0]).is_int
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
            return e.kind == "function" and self._learned(e.name).is_int
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
            return self._learned(e.name).is_list
        return False

    def element_fields(self, e: n.Node, local_elements: Mapping[str, frozenset[str]] = _NONE) -> frozenset[str] | None:
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
            return _meet(self.element_fields(e.then, local_elements), self.element_fields(e.other, local_elements))
        if isinstance(e, n.BinOp) and e.op == "+":
            return _meet(self.element_fields(e.left, local_elements), self.element_fields(e.right, local_elements))
        if isinstance(e, n.Call) and e.kind == "function":
            return self._learned(e.name).elements
        if isinstance(e, n.Name) and e.kind == "local" and not e.fields:
            return local_elements.get(e.parts[0])
        return None

    def bound(self, e: n.Node, params: Mapping[str, int | None] | None = None, depth: int = 0) -> int | None:
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
                return self._learned(e.parts[0]).bound
            if e.kind == "local" and params is not None:  # a parameter of a body asked through its call
                return params.get(e.parts[0])
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
                    sizes = [self.bound(given[p], params, depth) for p in prim.bound_by]
                    if None not in sizes:
                        return max(sizes)  # type: ignore[type-var]
                return prim.bound
            if e.kind == "special" and e.name == "modifier_total" and isinstance(e.args[0], n.Const) and isinstance(e.args[0].value, str):
                return self.host.modifier_bound(e.args[0].value)  # the rows' names are not the caller's
            if e.kind != "function":
                return None
            known = self._learned(e.name).bound
            return known if known is not None else self._bound_through(e, params, depth)
        if isinstance(e, n.Unary):
            return self.bound(e.operand, params, depth) if e.op == "-" else None
        if isinstance(e, n.Ternary):
            a, b = self.bound(e.then, params, depth), self.bound(e.other, params, depth)
            return None if a is None or b is None else max(a, b)
        if isinstance(e, n.BinOp) and e.op in ("+", "-", "*"):
            a, b = self.bound(e.left, params, depth), self.bound(e.right, params, depth)
            if a is None or b is None:
                return None
            return a * b if e.op == "*" else a + b
        if isinstance(e, n.BinOp) and e.op in ("//", "%") and isinstance(e.right, n.Const) and type(e.right.value) is int and e.right.value:
            a = self.bound(e.left, params, depth)  # by a whole number other than 0: no fault; a quotient no larger, a remainder below the divisor
            return None if a is None else a if e.op == "//" else abs(e.right.value) - 1
        return None

    def _bound_through(self, e: n.Call, params: Mapping[str, int | None] | None, depth: int) -> int | None:
        """How large the number a rule function gives for these arguments can be, from its
        body with each parameter as large as its argument can be (`pass_odds(clamp(v, 1,
        6))`, where `pass_odds(v)` alone is unbounded). Only a function that cannot
        recurse, called with all its arguments in order, a few calls deep."""
        found = self.host.plain_body(e.name) if not e.kwargs and depth < 3 else None
        if found is None or len(found[0]) != len(e.args):
            return None
        names, body = found
        sizes = dict(zip(names, (self.bound(a, params, depth) for a in e.args)))
        return self.bound(body, sizes, depth + 1)



def invariant(parts: list[n.Node], free: Callable[[str], bool], host: Host) -> list[n.Node]:
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

    def visit(x: object) -> None:
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


def _names(x: n.Node, kind: str, host: Host) -> bool:
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


def pure(e: n.Node, primitives: Mapping[str, Primitive]) -> bool:
    """Whether nothing in `e` can change the state: no procedure, no impure primitive
    or special form (`SPECIAL_FORMS`)."""
    for x in n.walk(e):
        if isinstance(x, n.Call):
            if x.kind == "procedure" or (x.kind == "special" and not SPECIAL_FORMS[x.name][3]):
                return False
            if x.kind == "primitive" and not primitives[x.name].pure:
                return False
    return True


def is_text(e: n.Node) -> bool:
    """Whether `e` is always a text: a text literal, a template, or a choice between two."""
    if isinstance(e, n.Const):
        return type(e.value) is str
    if isinstance(e, n.Ternary):
        return is_text(e.then) and is_text(e.other)
    if isinstance(e, n.BinOp):  # `+` with a text on one side renders the other
        return e.op == "+" and (is_text(e.left) or is_text(e.right))
    return isinstance(e, n.Template)



def read_once(host: Host, body: n.Node) -> frozenset[str] | None:
    """The state entries a rule function's body reads more than once (also through tiny
    functions read in place, `CT`), first where it always reads them (`in_order`), to be
    read once as it starts: then no read is wasted. Only in a pure body without lists (a
    variable a list reads would be a cell of the function, made at each call) and not in
    the resumable form."""
    if not pure(body, host.registry.primitives) or any(isinstance(x, n.Comprehension) for x in n.walk(body)):
        return None

    def entries(x: n.Node) -> list[str]:
        if isinstance(x, n.Name) and x.kind == "state":
            return [x.resolved]
        inner = host.inline_body(x.parts[0]) if isinstance(x, n.Name) and x.kind == "func" else None
        return [y.resolved for y in n.walk(inner) if isinstance(y, n.Name) and y.kind == "state"] if inner is not None else []

    reads: dict[str, int] = {}
    first: dict[str, bool] = {}
    for x, always in in_order([(body, True)], entries):
        for entry in entries(x):
            reads[entry] = reads.get(entry, 0) + 1
            first.setdefault(entry, always)
    return frozenset(k for k, v in reads.items() if v > 1 and first[k]) or None


CallKey = tuple[Hashable, ...]
"""A call's name and argument values (`call_key`): equal keys, the same call."""


def call_key(e: n.Call, prims: Mapping[str, Primitive]) -> CallKey | None:
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
        key: list[Hashable] = ["primitive " + e.name]
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


def board_keys(e: n.Comprehension, free: set[str], prims: Mapping[str, Primitive]) -> list[n.Call]:
    """The largest board questions in `e` asked only of the locals `free` (and literals):
    fixed primitives giving one name or number (`zone(area, team)`, `other(team)`), never
    a list. Inside `e` they give the same answer at every element."""
    found: list[n.Call] = []

    def board_only(x: object) -> bool:
        if isinstance(x, n.Name):
            return x.kind == "local" and not x.fields and x.parts[0] in free
        if isinstance(x, n.Const):
            return True
        return isinstance(x, n.Call) and _a_board_answer(x, prims) and all(board_only(a) for a in x.args) and not x.kwargs

    def visit(x: object) -> None:
        if isinstance(x, n.Call) and board_only(x) and any(isinstance(y, n.Name) for y in n.walk(x)):
            found.append(x)
        elif isinstance(x, (n.Node, list, tuple, dict)):
            for c in n.children(x):
                visit(c)

    visit(e)
    return found


def _a_board_answer(call: n.Call, prims: Mapping[str, Primitive]) -> bool:
    p = prims.get(call.name) if call.kind == "primitive" else None
    return p is not None and p.fixed and ((bool(p.returns) and not p.returns.startswith("[")) or p.bound is not None)


def whole_local(x: object) -> str | None:
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

    def visit(x: object, bound: frozenset[str]) -> None:
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


def first_repeated_calls(parts: list[tuple[n.Node, bool]], prims: Mapping[str, Primitive]) -> dict[CallKey, n.Call]:
    """The calls (`call_key`) made more than once outside any list, in pieces evaluated
    in order (each with whether it always is), mapped to their first place in the order
    of evaluation, when that place is always evaluated (see `in_order`)."""
    counts: dict[CallKey, int] = {}
    first: dict[CallKey, tuple[n.Call, bool]] = {}
    for call, always in in_order(parts, lambda x: isinstance(x, n.Call) and call_key(x, prims) is not None):
        assert isinstance(call, n.Call)
        key = call_key(call, prims)
        assert key is not None  # picked for having one
        counts[key] = counts.get(key, 0) + 1
        first.setdefault(key, (call, always))
    return {key: call for key, (call, always) in first.items() if counts[key] > 1 and always}


def in_order(parts: list[tuple[n.Node, bool]], pick: Callable[[n.Node], object]) -> list[tuple[n.Node, bool]]:
    """The nodes `pick` takes, outside any list, in pieces evaluated in order (each with
    whether it always is), in the order of evaluation, each with whether it always is:
    the left of `and` and `or`, a choice's test, both sides of arithmetic and of a single
    comparison, a call's values in order are; a choice's branches, the right of `and` or
    `or`, later links of a chained comparison and keyword values are not."""
    order: list[tuple[n.Node, bool]] = []

    def visit(x: object, always: bool) -> None:
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


def let_elements(element_fields: Callable[[n.Node], frozenset[str] | None], params: tuple[str, ...], body: list[n.Node]) -> dict[str, frozenset[str]]:
    """A block's locals that every binding sets to a list of records holding the same
    fields (`let options = reaction_moves(...)`): whatever value such a local holds when
    it is read, its elements hold those fields. A parameter, a loop's variable or a
    `set` of the name can hold anything."""
    found: dict[str, frozenset[str] | None] = dict.fromkeys((*params, BOUND_IN_PREFER))
    for x in n.walk(body):
        if isinstance(x, n.Let):
            fields = element_fields(x.value)
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


def free_loops(nodes: list[n.Node]) -> bool:
    """Whether rule text walks a short list literal in a comprehension, which spends no
    steps (`FREE_ITEMS`)."""
    return any(isinstance(it, n.ListLit) and len(it.items) <= FREE_ITEMS for x in nodes if isinstance(x, n.Comprehension) for _, it, _ in x.loops)


def fresh_only(bodies: list[object]) -> set[str]:
    """Rule functions every call of which passes a comprehension's loop value or an
    advice's option (`it`): `[f(t, a) for a in xs]`, `prefer=f(t, it)`. Each such call
    asks about another value, once per evaluation, so a cache would fill and hardly ever
    answer (pass advice, a pass target's offside test). Leaving them uncached only
    changes how fast a match runs."""
    fresh: set[str] = set()
    stale: set[str] = set()
    stack: list[tuple[object, frozenset[str]]] = [(b, frozenset()) for b in bodies]
    while stack:
        value, loop = stack.pop()
        if isinstance(value, n.Comprehension):
            inner = loop
            for var, it, cond in value.loops:
                stack.append((it, inner))
                inner = inner | {var}
                if cond is not None:
                    stack.append((cond, inner))
            stack.append((value.element, inner))
            continue
        if isinstance(value, n.Call) and value.kind == "function":
            args = [*value.args, *value.kwargs.values()]
            fresh_call = any(whole_local(a) in loop for a in args)
            (fresh if fresh_call else stale).add(value.target or value.name)
        if isinstance(value, n.Call) and value.kind == "special" and "prefer" in value.kwargs:
            stack.extend((c, loop) for c in value.args)
            stack.extend((v, loop | {BOUND_IN_PREFER} if k == "prefer" else loop) for k, v in value.kwargs.items())
            continue
        if isinstance(value, (n.Node, list, tuple, dict)):
            stack.extend((c, loop) for c in n.children(value))
    return fresh - stale


def locals_of(body: object) -> tuple[str, ...]:
    """The locals rule text reads, sorted: what a piece unpacks from its values."""
    return tuple(sorted({x.parts[0] for x in n.walk(body) if isinstance(x, n.Name) and x.kind == "local"}))

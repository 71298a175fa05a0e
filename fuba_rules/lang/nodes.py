"""The effect language's tree. Every node keeps the YAML position it came from.

Nodes are mutable only so that the checker can annotate how a name resolved
(`Name.kind`); the compiler reads that annotation instead of resolving again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import attrs

from ..diagnostics import Pos
from .runtime import Value

# Every node class is `attrs.define(eq=False, repr=False)`, spelled out on each so type
# checkers see an attrs class: compared by identity, and printed by `Node.__repr__` (attrs
# writing a `__repr__` per class is half the time importing this module takes).


@attrs.define(eq=False, repr=False)
class Node:
    pos: Pos

    def __repr__(self) -> str:
        names = _field_names(type(self))
        return f"{type(self).__name__}({', '.join(f'{k}={getattr(self, k)!r}' for k in names)})"


# ---- expressions
@attrs.define(eq=False, repr=False)
class Const(Node):
    value: Value


@attrs.define(eq=False, repr=False)
class Template(Node):
    """A string with `{expr}` parts, e.g. "ball {old} -> {new}"."""

    parts: list[str | Node]


@attrs.define(eq=False, repr=False)
class Name(Node):
    parts: tuple[str, ...]
    kind: str = ""  # set by the checker: local, state, const, table, func, builtin
    fields: tuple[str, ...] = ()  # record fields read after the resolved prefix

    @property
    def dotted(self) -> str:
        return ".".join(self.parts)

    @property
    def resolved(self) -> str:
        """The dotted name without the record fields read after it (a state entry's name)."""
        return ".".join(self.parts[: len(self.parts) - len(self.fields)])


@attrs.define(eq=False, repr=False)
class Call(Node):
    name: str
    args: list[Node]
    kwargs: dict[str, Node]
    kind: str = ""  # procedure, function, primitive, special
    target: str = ""  # set by the checker for parent(...): the rule it calls (e.g. free_kick__base)
    pass_on: tuple[str, ...] = ()  # parent() without arguments: the caller's own values passed on


@attrs.define(eq=False, repr=False)
class Subscript(Node):
    obj: Node
    index: Node


@attrs.define(eq=False, repr=False)
class Unary(Node):
    op: str  # "-" or "not"
    operand: Node


@attrs.define(eq=False, repr=False)
class BinOp(Node):
    op: str  # + - * // % and or
    left: Node
    right: Node


@attrs.define(eq=False, repr=False)
class Compare(Node):
    first: Node
    rest: list[tuple[str, Node]]


@attrs.define(eq=False, repr=False)
class Range(Node):
    low: Node
    high: Node


@attrs.define(eq=False, repr=False)
class ListLit(Node):
    items: list[Node]


@attrs.define(eq=False, repr=False)
class Comprehension(Node):
    element: Node
    loops: list[tuple[str, Node, Node | None]]


@attrs.define(eq=False, repr=False)
class Record(Node):
    fields: dict[str, Node]


@attrs.define(eq=False, repr=False)
class Ternary(Node):
    cond: Node
    then: Node
    other: Node


# ---- statements
@attrs.define(eq=False, repr=False)
class Let(Node):
    name: str
    value: Node


@attrs.define(eq=False, repr=False)
class Set(Node):
    target: Name
    indices: list[Node]
    op: str  # = += -=
    value: Node


@attrs.define(eq=False, repr=False)
class ExprStmt(Node):
    call: Call


@attrs.define(eq=False, repr=False)
class Leave(Node):
    scope: str


@attrs.define(eq=False, repr=False)
class Return(Node):
    value: Node | None


@attrs.define(eq=False, repr=False)
class Trigger(Node):
    name: str
    kwargs: dict[str, Node]


@attrs.define(eq=False, repr=False)
class Apply(Node):
    row: Node


@attrs.define(eq=False, repr=False)
class Pass(Node):
    pass


@attrs.define(eq=False, repr=False)
class If(Node):
    branches: list[tuple[Node, list[Node]]]
    orelse: list[Node]


@attrs.define(eq=False, repr=False)
class Repeat(Node):
    count: Node
    body: list[Node]


@attrs.define(eq=False, repr=False)
class For(Node):
    var: str
    iterable: Node
    body: list[Node]


@attrs.define(eq=False, repr=False)
class While(Node):
    cond: Node
    body: list[Node]


@attrs.define(eq=False, repr=False)
class Scope(Node):
    name: str
    body: list[Node]


@attrs.define(eq=False, repr=False)
class Option(Node):
    label: str
    guard: Node | None
    prefer: Node | None
    body: list[Node]


@attrs.define(eq=False, repr=False)
class Choose(Node):
    team: Node
    label: str
    options: list[Option]


class Deferred:
    """A block of statements rebuilt only when something first reads it: a warm load
    (fuba_rules/load_cache.py) leaves the blocks of rules a command never runs packed.
    `pos` is where its first statement starts (None when it has none). `walk` looks
    inside; code that iterates a block takes `statements(block)`."""

    __slots__ = ("pos", "_make", "_value")

    def __init__(self, pos: Pos | None, make: Callable[[], list[Node]]):
        self.pos = pos
        self._make: Callable[[], list[Node]] | None = make
        self._value: list[Node] = []

    def get(self) -> list[Node]:
        make = self._make  # read once: another thread may be rebuilding it too
        if make is not None:
            self._value = make()
            self._make = None
        return self._value


Block = list[Node] | Deferred
"""A block of statements, as parsed or as a warm load left it packed."""

Body = Node | Block | None
"""A rule's parsed text: an expression (`when:`, `expr:`) or a block (`do:`); None for
a rule without one."""


def statements(block: Block) -> list[Node]:
    """A block's statements, rebuilt first if it was deferred."""
    return block.get() if isinstance(block, Deferred) else block


def first_pos(block: Block) -> Pos | None:
    """Where a block's first statement starts; None for an empty block."""
    if isinstance(block, Deferred):
        return block.pos
    return block[0].pos if block else None


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:  # attrs.fields() on every visit was a fifth of a warm load
        names = _FIELD_NAMES[cls] = tuple(f.name for f in attrs.fields(cls))
    return names


def children(value: object) -> list[object]:
    """The direct children of a node, or the items of a list or mapping of nodes."""
    if isinstance(value, Node):
        return [getattr(value, name) for name in _field_names(type(value))]
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, dict):
        return list(value.values())
    return []


def walk(node: object) -> Iterator[Node]:
    """Every node in a tree (or list of trees), parents before children; no recursion."""
    stack = [node]
    while stack:
        value = stack.pop()
        if isinstance(value, Node):
            yield value
            stack.extend(reversed(children(value)))
        elif isinstance(value, (list, tuple, dict)):
            stack.extend(reversed(children(value)))
        elif type(value) is Deferred:
            stack.append(value.get())


def depth(node: object, counted: type | tuple[type, ...] = Node) -> int:
    """How deeply `counted` nodes nest (each counts one level; by default every node),
    computed without recursion."""
    deepest, stack = 0, [(node, 0)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, counted):
            level += 1
            deepest = max(deepest, level)
        stack.extend((child, level) for child in children(value))
    return deepest


BLOCKS = (If, Repeat, For, While, Scope, Choose)
"""The statements whose bodies the generated Python indents."""

"""What the compiler knows of one rule function: what `define` was given and what it
learned (cached or not, fixed, tabled, read in place, how large its number can be...),
one record per function instead of a dict or set per fact. Callers written later read
it; the match's caches read what the cached ones depend on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Generic, TypeVar, cast

import attrs

from ..diagnostics import Pos
from . import nodes as n
from .reads import Reads
from .source import Source

T = TypeVar("T")


@attrs.frozen
class Inlinable:
    """A small rule function callers read in place of its call (`ExpressionWriter._inlined`):
    its parameters, body, the locals its comprehensions bind (their Python names), and
    the parameters it reads as records with their fields (`record_params`)."""

    params: tuple[str, ...]
    body: n.Node
    loops: frozenset[str]
    fields: Mapping[str, frozenset[str]]


@attrs.define(eq=False)
class FunctionFacts:
    """One rule function. Facts only ever grow more certain as `define` learns (callees
    first, then again once all are known): a flag once set stays set."""

    params: tuple[str, ...]
    ref: str
    body: n.Node
    pos: Pos
    calls: frozenset[str] = frozenset()  # the rule functions its body calls
    cost: int | None = None  # rough work of one uncached call
    free_calls: int | None = None  # spending no step: the calls it makes, all told
    memoized: bool = False  # its results are cached
    fixed: bool = False  # it reads no state (`Compiler.reads_no_state`)
    tabled: bool = False  # a board question, read from tables of answers (`Compiler._board_question`)
    pieces: Reads = None  # whose pieces it reads (`lang.reads.pieces_read`)
    area: str | None = None  # the parameter naming the one area whose pieces it reads (`area_read`)
    state_reads: frozenset[str] | None = None  # the state it reads (`state_read`)
    inline: str | None = None  # tiny and parameterless: its body's source, read in place of its calls
    inlinable: Inlinable | None = None  # small: its body read in place of its calls
    bound: int | None = None  # how large its number can be (`Facts.bound`)
    is_int: bool = False  # its body is always a whole number
    is_list: bool = False  # its body is always a list
    elements: frozenset[str] | None = None  # the fields its list's elements hold
    rewrite: tuple[int, Callable[[], Source]] | None = None  # cached: its place in the pending functions and its writer (`drop_caches`)


class Learned(Mapping[str, T], Generic[T]):
    """One fact of every rule function, read as a mapping by name (for `lang.reads`)."""

    def __init__(self, functions: Mapping[str, FunctionFacts], fact: str):
        self._functions = functions
        self._fact = fact

    def __getitem__(self, name: str) -> T:
        return cast(T, getattr(self._functions[name], self._fact))  # `fact` names an attribute holding a T (the caller says which)

    def __iter__(self) -> Iterator[str]:
        return iter(self._functions)

    def __len__(self) -> int:
        return len(self._functions)

"""The context the emitter writes one scope in, as Jinja2's compiler passes a `Frame`:
immutable, and derived for an inner scope (`frame.derive(...)`) instead of fields of
the generator set and restored by hand. What a scope collects while it is written (the
temporaries a list binds as it starts) lives in objects the frame holds (`StateReads`,
`ListScope`), each owned by the scope that made it.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

import attrs

from . import nodes as n
from .source import Source

_NO_FIELDS: Mapping[str, frozenset[str]] = {}
_NO_RENAMES: Mapping[str, str] = {}
_NO_NODES: Mapping[int, str] = {}


@attrs.define(eq=False)
class StateReads:
    """State entries read once, as a scope starts, into temporaries (`temps`: the read's
    source -> its temporary): a pure list's (`owner`, the list that binds them) or a rule
    function body's, which reads only the entries `only` so (None: every entry)."""

    temps: dict[str, str] = attrs.field(factory=dict)
    only: frozenset[str] | None = None
    owner: n.Node | None = None

    def takes(self, entry: str) -> bool:
        return self.only is None or entry in self.only


@attrs.define(eq=False)
class ListScope:
    """A pure list being written: the values it binds as it starts (`pre`, in order) by
    their source (`seen`), and the locals its loops bind (`bound`)."""

    seen: dict[str, str] = attrs.field(factory=dict)
    pre: list[tuple[str, str]] = attrs.field(factory=list)
    bound: set[str] = attrs.field(factory=set)


@attrs.frozen
class Reuse:
    """Calls asked twice in one expression (`ExpressionWriter.reusing`): each one's
    temporary by its key, and the nodes where each is first asked."""

    temps: Mapping[tuple[Hashable, ...], str]  # by `analysis.call_key`
    firsts: frozenset[int]


@attrs.frozen
class Frame:
    """The context of one scope being written."""

    src: Source  # the function being written
    no_walrus: bool = False  # inside a comprehension's iterable, where Python forbids `:=`
    free_loop: bool = False  # inside a loop over a short list literal that spends no steps
    records: Mapping[str, frozenset[str]] = _NO_FIELDS  # locals (Python names) proved records with these fields
    local_elements: Mapping[str, frozenset[str]] = _NO_FIELDS  # a block's locals proved lists of such records
    hoisted: Mapping[int, str] = _NO_NODES  # id of a node -> the temporary read in its place
    rename: Mapping[str, str] = _NO_RENAMES  # a function read in place: its parameters -> the caller's values
    reads: StateReads | None = None  # state read once (see ListWriter._state_read_once, function_source)
    reuse: Reuse | None = None  # calls asked twice in one expression
    outlining: bool = False  # writing a function whose lists are not kept apart again
    lists: tuple[ListScope, ...] | None = None  # the pure lists being written, outermost first

    def derive(self, **changes: Any) -> Frame:
        """This frame with `changes`: the context of an inner scope."""
        return attrs.evolve(self, **changes)

    def elements_of(self) -> Mapping[str, frozenset[str]]:
        """The block's locals proved lists of records, but those a body read in place
        renames (there the name is a parameter)."""
        if not self.rename:
            return self.local_elements
        return {k: v for k, v in self.local_elements.items() if k not in self.rename}

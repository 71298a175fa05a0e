"""The registry of primitives: the only functions rule text can call besides its own.

The sandbox is this list. A host (the match engine) registers its primitives here,
each with its parameters and whether it is pure. Pure primitives may appear in
conditions and functions; the others (rolling, moving, logging) only in procedures.

A parameter or a result may name the kind of text it holds (`"a:area team:team"`,
`returns="[area]"` for a list of areas): the checker then rejects a quoted name that
names no such thing (`"away_wing_left"` where an area is expected), as it rejects an
unknown name. Which texts a kind allows is the host's business (`Symbols.domains`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import attrs

from .runtime import Value

PrimitiveFn = Callable[..., object]
"""`fn(host, *args, **kwargs)`: a primitive as the host writes it; generated code calls it."""
F = TypeVar("F", bound=PrimitiveFn)


@attrs.frozen
class Primitive:
    name: str
    fn: PrimitiveFn
    params: tuple[str, ...]
    optional: int = 0  # how many trailing params may be left out
    keywords: frozenset[str] = frozenset()
    pure: bool = True
    doc: str = ""
    kinds: dict[str, str] = attrs.field(factory=dict)  # param -> kind of text it takes, e.g. "area"
    returns: str = ""  # the kind of text it gives ("area"), or of each element of its list ("[area]")
    # Fixed: the answer depends only on the arguments and the edition (its board), never
    # on the match, so generated code may read it from a table of answers (`Answers`).
    fixed: bool = False
    # A Python expression generated code may use instead of calling fn, when every
    # argument is a local or a literal (read more than once, they cannot change):
    # `{param}` stands for an argument, `{call}` for the ordinary call, its fallback.
    # Written by the host, never by rule text.
    inline: str = ""
    # Whose pieces the answer depends on: the name of its team parameter, "" for no one's
    # (it reads no piece positions), None when not declared. A cached rule function
    # asking it then keeps its answers across the other team's moves (see
    # `lang.reads.pieces_read`); undeclared counts as both teams.
    pieces_of: str | None = None
    # The parameter naming the one area whose pieces it reads (`pieces(team, area)`), or
    # None: a cached rule function reading pieces only there keeps its answers across
    # moves elsewhere (see `lang.reads.area_read`).
    area_of: str | None = None
    # How large the whole number it gives can be, when it always gives one (never a
    # boolean, a text or none) or faults: arithmetic on it may then run unchecked
    # (`analysis.Facts.bound`). None when not declared.
    bound: int | None = None
    # For a primitive of (team, x) read as a table in line (`pieces`: `m.counts[team][x]`
    # when team is a team): that table of one team's answers, read once by a list whose
    # every element asks about the same team (`Generator._team_table`).
    by_team: str = ""
    # Total: given arguments of their kinds (a team, an area), it gives one of its
    # `returns` kind, never none, and cannot fault (`other`): generated code may then ask
    # it ahead of time, where it is proved to get such arguments (`analysis.invariant`).
    total: bool = False
    # The parameters its number is one of, or lies between, whenever they are numbers
    # (`min`, `max`: either argument; `clamp`: its bounds, as it faults on anything but
    # numbers): it is then as large as the largest of them can be (`analysis.Facts.bound`).
    bound_by: tuple[str, ...] = ()
    # The list parameter whose elements, when they are all whole numbers, make its
    # answer one too, however large (`sum` of whole numbers; of decimals it is a
    # decimal): arithmetic on it then needs the range test only (`analysis.Facts.is_int`).
    whole: str = ""

    @property
    def signature(self) -> str:
        req = list(self.params[: len(self.params) - self.optional])
        opt = [f"{p}?" for p in self.params[len(self.params) - self.optional :]]
        kws = [f"{k}: ..." for k in sorted(self.keywords)]
        return f"{self.name}({', '.join(req + opt + kws)})"


@attrs.define
class Registry:
    """Primitives and named constants, e.g. `home`, `away`."""

    primitives: dict[str, Primitive] = attrs.field(factory=dict)
    constants: dict[str, Value] = attrs.field(factory=dict)

    def add(
        self,
        name: str,
        params: str = "",
        *,
        optional: int = 0,
        keywords: str = "",
        pure: bool = True,
        fixed: bool = False,
        doc: str = "",
        returns: str = "",
        inline: str = "",
        pieces_of: str | None = None,
        area_of: str | None = None,
        bound: int | None = None,
        by_team: str = "",
        total: bool = False,
        bound_by: str = "",
        whole: str = "",
    ) -> Callable[[F], F]:
        """Decorator: register `fn(host, ...)` under `name` with space-separated params,
        each optionally `param:kind`."""
        names, kinds = parse_params(params)

        def deco(fn: F) -> F:
            self.primitives[name] = Primitive(
                name, fn, names, optional, frozenset(keywords.split()), pure, doc or (fn.__doc__ or ""), kinds, returns, fixed, inline, pieces_of, area_of, bound, by_team, total, tuple(bound_by.split()), whole
            )
            return fn

        return deco

    def merged(self, other: Registry) -> Registry:
        return Registry({**self.primitives, **other.primitives}, {**self.constants, **other.constants})


def parse_params(spec: str) -> tuple[tuple[str, ...], dict[str, str]]:
    """`"a:area b:area n"` -> the names ("a", "b", "n") and their kinds {"a": "area", "b": "area"}."""
    names, kinds = [], {}
    for word in spec.split():
        name, _, kind = word.partition(":")
        names.append(name)
        if kind:
            kinds[name] = kind
    return tuple(names), kinds

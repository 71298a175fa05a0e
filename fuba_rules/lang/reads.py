"""What a rule function reads, worked out from its text: whose pieces, which state.

Cached answers of pure rule functions expire when the state changes, and a move is the
commonest change: a set piece moves up to 22 pieces one at a time, and after each the
legal moves are asked for again. An answer that reads only the away team's pieces
(`second_last(away)`, `offside(home, a)`, which reads the away line) is still right
after a home piece moves. So each cached function is filed by what it reads: one team's
pieces, named by a parameter (`team`, or `other(team)`) or a literal team, no pieces at
all, or anything else (both teams, a team worked out some other way, a modifier group,
a callee not known yet), and the match keeps a cache per kind: a move or placement
empties its team's and the general one (`MatchState.emit`), a state write those that
read the entry (`MatchState.wrote`).

What a primitive reads is declared where the host registers it (`Primitive.pieces_of`);
an undeclared one counts as both teams. No primitive a pure rule can call reads declared
state (tests/test_compiled_shortcuts.py checks their source), so the state a function
reads is the state its text names, and its callees'. A state write then expires only the
kept answers of functions that read that entry (`state_read`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Literal

from . import nodes as n
from .registry import Primitive

Term = tuple[str, str]
"""("param", p): the team passed as parameter p; ("other", p): its opponent;
("team", "home"): a literal team."""

Reads = frozenset[Term] | None
"""The team whose pieces an answer can depend on (one term, or none); None for both
teams, or when it cannot be told."""

_FLIP = {"param": "other", "other": "param"}

Reader = (
    tuple[Literal["primitive"], n.Call, Primitive]
    | tuple[Literal["function"], n.Call, str]
    | tuple[Literal["name"], n.Name, str]
    | tuple[Literal["special"], n.Call, None]
)
"""A node of a body that may read pieces (see `_piece_readers`)."""


def pieces_read(
    body_nodes: list[n.Node],
    params: tuple[str, ...],
    primitives: Mapping[str, Primitive],
    reads_nothing: Callable[[Primitive], bool],
    known: Mapping[str, Reads],
    param_table: Mapping[str, tuple[str, ...]],
) -> Reads:
    """The teams whose pieces the nodes of a function's body read, as terms of its own
    parameters. `reads_nothing(prim)` is true for primitives that read nothing of the
    match (board questions, core ones); `known` holds the functions worked out so far
    (callees first), `param_table` their parameters."""
    out: set[Term] = set()
    for r in _piece_readers(body_nodes, primitives, reads_nothing):
        if r[0] == "primitive":
            _, call, prim = r
            if prim.pieces_of is None:
                return None
            t = _term(_arguments(call, prim.params).get(prim.pieces_of), params)
            if t is None:
                return None
            out.add(t)
        elif r[0] == "function":
            _, call, what = r
            theirs = known.get(what)
            if theirs is None:
                return None
            args = _arguments(call, param_table.get(what, ()))
            for term, name in theirs:
                if term == "team":
                    out.add((term, name))
                    continue
                t = _term(args.get(name), params)
                if t is None:
                    return None
                out.add(t if term == "param" else _other(t))
        elif r[0] == "name":
            theirs = known.get(r[2])
            if theirs is None or any(term != "team" for term, _ in theirs):
                return None
            out |= theirs
        else:
            return None  # a modifier group's rows, or anything else worked out elsewhere
    return frozenset(out) if len(out) <= 1 else None  # two terms may well be both teams


def area_read(
    body_nodes: list[n.Node],
    params: tuple[str, ...],
    primitives: Mapping[str, Primitive],
    reads_nothing: Callable[[Primitive], bool],
    pieces: Mapping[str, Reads],
    known: Mapping[str, str | None],
    param_table: Mapping[str, tuple[str, ...]],
) -> str | None:
    """The parameter naming the one area at which a function's body reads pieces
    (`players(team, area)`, `outnumbers(team, area)`), or None: it reads pieces elsewhere
    too, or none at all. Such an answer stays right after a move that neither leaves nor
    enters that area (`MatchState.emit`). `pieces` holds what each function reads
    (pieces_read), `known` the area parameter of those worked out so far (callees first)."""
    rebound = {var for x in body_nodes if isinstance(x, n.Comprehension) for var, _, _ in x.loops}
    params = tuple(p for p in params if p not in rebound)  # a loop's `area` is not the parameter
    found: set[str] = set()
    for r in _piece_readers(body_nodes, primitives, reads_nothing):
        if r[0] == "primitive":
            _, call, prim = r
            if prim.area_of is None:
                return None
            found.add(_param(_arguments(call, prim.params).get(prim.area_of), params))
        elif r[0] in ("function", "name") and r[2] is not None and pieces.get(r[2]) == frozenset():
            continue  # it reads no pieces
        elif r[0] == "function":
            _, call, what = r
            theirs = known.get(what)
            if theirs is None:
                return None
            found.add(_param(_arguments(call, param_table.get(what, ())).get(theirs), params))
        else:
            return None  # a function read by name reads its pieces anywhere; a special form is worked out elsewhere
    return next(iter(found)) if len(found) == 1 and "" not in found else None


def _piece_readers(body_nodes: list[n.Node], primitives: Mapping[str, Primitive], reads_nothing: Callable[[Primitive], bool]) -> Iterator[Reader]:
    """The nodes of a body that may read pieces, as (kind, node, what): a primitive that
    may ("primitive", its call, the Primitive), a rule function's call ("function", the
    call, its name), a parameterless function read by name ("name", the name, the
    function's name), or a special form other than `rule()` ("special", it, None), whose
    reads are worked out elsewhere."""
    for x in body_nodes:
        if isinstance(x, n.Call) and x.kind == "primitive":
            prim = primitives[x.name]
            if not (reads_nothing(prim) or prim.pieces_of == ""):
                yield "primitive", x, prim
        elif isinstance(x, n.Call) and x.kind == "function":
            yield "function", x, x.target or x.name
        elif isinstance(x, n.Name) and x.kind == "func":
            yield "name", x, x.parts[0]
        elif isinstance(x, n.Call) and x.kind == "special" and x.name != "rule":
            yield "special", x, None


def _param(e: n.Node | None, params: tuple[str, ...]) -> str:
    """The parameter `e` reads as it is, or "" for anything else."""
    t = _term(e, params)
    return t[1] if t is not None and t[0] == "param" else ""


def _arguments(call: n.Call, names: tuple[str, ...]) -> dict[str, n.Node]:
    """The callee's parameters -> the nodes passed for them."""
    if call.pass_on:  # parent() without arguments: the caller's own values of the same names
        return {p: n.Name(call.pos, (p,), "local") for p in call.pass_on}
    return {**dict(zip(names, call.args)), **call.kwargs}


def _term(e: n.Node | None, params: tuple[str, ...]) -> Term | None:
    """A team as a term of the parameters: `team`, `other(team)`, "home"; else None."""
    if isinstance(e, n.Name) and e.kind == "local" and not e.fields and e.parts[0] in params:
        return ("param", e.parts[0])
    if isinstance(e, n.Const) and e.value in ("home", "away"):
        return ("team", e.value)
    if isinstance(e, n.Name) and e.kind == "builtin" and not e.fields and e.parts[0] in ("home", "away"):
        return ("team", e.parts[0])
    if isinstance(e, n.Call) and e.kind == "primitive" and e.name == "other" and len(e.args) == 1 and not e.kwargs:
        t = _term(e.args[0], params)
        return None if t is None else _other(t)
    return None


def _other(t: Term) -> Term:
    kind, name = t
    if kind == "team":
        return (kind, "away" if name == "home" else "home")
    return (_FLIP[kind], name)


def cache_kind(reads: Reads, area: str | None) -> str:
    """Which of the match's caches a function keeps its answers in, by what it reads
    (`pieces_read`, `area_read`): "areas" (`m.area_memo`), "smemo" (no pieces), "teams"
    (`m.memo_home`, `m.memo_away`), or "memo" (emptied by any change)."""
    if area is not None:
        return "areas"
    return "memo" if reads is None else "teams" if reads else "smemo"


def cache_for(reads: Reads, local: Callable[[str], str]) -> str | tuple[str, str, str]:
    """The match's cache a function reading `reads` (and no one area) keeps its answers
    in, as generated code reads it (`local(p)`: a parameter's name there): `m.memo_home`
    for answers that read only the home team's pieces... Where a parameter `p` names the
    team, (p, the cache when p is home, the cache when p is away): an argument that is
    not a team files the answer with those kept until anything changes (`m.memo`)."""
    kind = cache_kind(reads, None)
    if kind != "teams":
        return f"m.{kind}"
    assert reads is not None
    kind, name = next(iter(reads))
    if kind == "team":
        return f"m.memo_{name}"
    mine, theirs = ("home", "away") if kind == "param" else ("away", "home")
    return (local(name), f"m.memo_{mine}", f"m.memo_{theirs}")


def state_read(body_nodes: list[n.Node], known: Mapping[str, frozenset[str] | None]) -> frozenset[str] | None:
    """The declared state entries the nodes of a function's body read, through its
    callees (`known`, callees first); None when that cannot be told (a modifier group,
    a callee not known yet)."""
    out: set[str] = set()
    for x in body_nodes:
        if isinstance(x, n.Name) and x.kind == "state":
            out.add(x.resolved)
        elif (isinstance(x, n.Call) and x.kind == "function") or (isinstance(x, n.Name) and x.kind == "func"):
            theirs = known.get(x.target or x.name if isinstance(x, n.Call) else x.parts[0])
            if theirs is None:
                return None
            out |= theirs
        elif isinstance(x, n.Call) and x.kind == "special" and x.name != "rule":
            return None
    return frozenset(out)

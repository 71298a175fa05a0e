"""Plain-JSON views of an edition (board, declared state) and of a match state.

The browser draws whatever these describe, so they stay generic: the board's areas with
lane and extent, every declared state value with its spec, and the kernel's pieces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, overload

from ..board import Board
from ..display import display_of, markers, status
from ..engine.compiled import Edition
from ..jsondata import Json, JsonObject
from ..lang.core import render
from ..sim.textboard import option_text

if TYPE_CHECKING:
    from ..engine.decisions import Decision
    from ..engine.match import MatchState


@overload
def plain(value: Mapping[str, object]) -> JsonObject: ...


@overload
def plain(value: Sequence[Mapping[str, object]]) -> list[JsonObject]: ...


@overload
def plain(value: object) -> Json: ...


def plain(value: object) -> Json:
    """A JSON-safe copy: str subclasses become str, tuples lists, unknown objects text."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=repr) if isinstance(value, (set, frozenset)) else value
        return [plain(v) for v in items]
    return render(value)


def _mapping(value: Json) -> Mapping[str, Json]:
    return value if isinstance(value, Mapping) else {}


def edition_view(ed: Edition) -> JsonObject:
    """What the page needs once per edition: the board, the declared state, names, rules."""
    board = ed.board
    docs = (ed.resolved.data.get("state") or {}) if ed.resolved is not None else {}
    state: JsonObject = {}
    for name, spec in ed.state.items():
        doc = docs.get(name, {}).get("doc") if isinstance(docs.get(name), Mapping) else None
        state[name] = {
            "type": spec.type,
            "index": list(spec.index),
            "ref": spec.ref,
            "min": spec.min,
            "max": spec.max,
            "reset": spec.reset,
            "doc": str(doc) if doc else "",
        }
    d = display_of(ed)
    return {
        "id": ed.id,
        "title": ed.title,
        "display": {
            "ball": d.ball,
            "groups": [{"title": title, "state": [{"name": n, "label": label} for n, label in entries]} for title, entries in d.groups],
            "odds": [item.label for item in d.odds],
        },
        "teams": team_names(ed),
        "match": {k: v for k, v in _mapping(plain(ed.match)).items() if isinstance(v, str)},
        "board": board_view(board),
        "state": state,
        "rules": {r: {"title": str(s.get("title", r)), "ref": str(s.get("ref", "")), "default": bool(s.get("default"))} for r, s in ed.rules.items()},
        "skills": {s: {"ref": h.ref} for s, h in ed.skills.items()},
    }


def team_names(ed: Edition) -> dict[str, str]:
    """The teams' names from the edition's `match.teams` (the team id when none is given)."""
    return ed.team_names()


def board_view(board: Board) -> JsonObject:
    """Areas and corner spots with lane and extent along the pitch, for drawing."""

    def part(a: str) -> JsonObject:
        lo, hi = board.extent(a)
        return {"id": a, "name": board.name(a), "lane": board.lane(a), "extent": [lo, hi], "ref": board.ref(a) or "", "zone": board.zone(a, "home") if not board.is_spot(a) else ""}

    spots: list[Json] = []
    for a in board.areas:
        spot = board.corner_spot(a)
        if spot:
            spots.append({**part(spot), "corner": a})
    return {
        "length": board.length,
        "halfway": board.halfway,
        "ref": board.ref("board") or "",
        "areas": [part(a) for a in board.areas],
        "spots": spots,
    }


def state_view(m: MatchState) -> JsonObject:
    """A snapshot of a match state (a MatchState): the kernel's pieces and the declared state."""
    return {
        "pieces": plain(m.pieces),
        "keeper": plain(m.keeper),
        "unplaced": plain(m.unplaced),
        "sent_off": plain(m.sent_off),
        "skills": plain(m.skills),
        "used": sorted(k[len("skill:"):] for k, n in m.tally.items() if k.startswith("skill:") and n),
        "S": plain(m.S),
        "status": plain(status(_edition(m), m)),
        "markers": plain(markers(_edition(m), m)),
    }


def option_view(option: object, board: Board, areas: frozenset[str], words: str = "") -> JsonObject:
    """An option's label, a short text for its button, and the board areas it names in order.

    The areas are what a click on the pitch selects (e.g. a move's from, then to); the
    text names them as the board does, with the option's other entries that are set.
    """
    label = "(none)" if option is None else render(option)
    if isinstance(option, str) and option in areas:
        return {"label": label, "text": words or board.name(option), "areas": [str(option)]}
    if isinstance(option, Mapping):
        named = [str(v) for v in option.values() if isinstance(v, str) and v in areas]
        rest = [f"{k} {render(v)}" for k, v in option.items() if not (isinstance(v, str) and v in areas) and v not in (False, None, 0, "")]
        text = " → ".join(board.name(a) for a in named) + (f" ({', '.join(rest)})" if rest else "")
        return {"label": label, "text": words or text or label, "areas": named}
    if isinstance(option, (list, tuple)):
        named = [str(v) for v in option if isinstance(v, str) and v in areas]
        return {"label": label, "text": label, "areas": named}
    return {"label": label, "text": words or label, "areas": []}


def decision_view(decision: Decision | None, board: Board, areas: frozenset[str], m: MatchState | None = None) -> JsonObject | None:
    """The decision asked, its options in plain English (with the match `m`), and the rule text of its chapter."""
    if decision is None:
        return None
    said = [option_text(_edition(m), m, decision.team, o) if m is not None else "" for o in decision.options]
    return {
        "team": decision.team,
        "label": decision.label,
        "ref": decision.ref,
        "options": [option_view(o, board, areas, w) for o, w in zip(decision.options, said)],
        "rules": rule_text(_edition(m), decision.ref) if m is not None else [],
    }


def _edition(m: MatchState) -> Edition:
    """The compiled edition `m` plays: the engine names only what it reads of it
    (`EditionView`); a view reads more (the display, the rule text)."""
    ed = m.ed
    assert isinstance(ed, Edition), "a match is always of a compiled edition"
    return ed


def rule_text(ed: Edition, ref: str) -> list[Json]:
    """The edition's rules written for a chapter: each procedure or hook with that `ref`,
    its doc and its text, as the YAML says them (what a person reads to check a decision)."""
    if ed.resolved is None or not ref:
        return []
    out: list[Json] = []
    for section in ("procedures", "hooks"):
        for name, spec in (ed.resolved.data.get(section) or {}).items():
            if isinstance(spec, Mapping) and str(spec.get("ref", "")) == ref:
                out.append({"name": str(name), "doc": str(spec.get("doc", "") or ""), "text": str(spec.get("do", "") or "")})
    return out[:4]

"""How a board shows a match to people, from the edition's `display:` section.

The rules never read it. It names the state drawn as the ball (its area, value and the
team in control), the status line in plain words, the markers drawn on the pitch and
while they hold, the state panel's groups and labels, and what the odds of an option
measure. The web board and terminal play both read it, so every edition and mod says
it once, as data; an edition without it is shown with its raw state names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

import attrs

from .board import TEAMS
from .diagnostics import Diagnostic, FubaError, Pos, did_you_mean
from .lang.checker import StateSpec
from .lang.runtime import Value
from .layering import Resolved


class Shown(Protocol):
    """What a display reads of a match: its declared state."""

    @property
    def S(self) -> Mapping[str, Value]: ...


Read = Callable[[Shown], Value]
"""A compiled display expression, read against a match."""


class Displayed(Protocol):
    """What a display needs of an edition (`edition.Edition`, which builds the display
    when it loads, so this module cannot import it)."""

    @property
    def resolved(self) -> Resolved | None: ...

    @property
    def state(self) -> Mapping[str, StateSpec]: ...

    @property
    def answers(self) -> dict[tuple[str, ...], object]: ...

    def expression(self, text: str, where: str = ...) -> Read: ...

    def team_names(self) -> dict[str, str]: ...

_KEY = ("display",)


@attrs.frozen
class Item:
    """One labelled value: a status item, an odds measure or a marker."""

    label: str
    text: str  # the expression as written, or the state's name
    read: Read
    when: Read | None = None


@attrs.frozen
class Display:
    ball: dict[str, str]  # area, value, control: state names
    status: list[Item]
    odds: list[Item]
    markers: dict[str, Item]  # area-typed state -> its label and while it is drawn
    groups: list[tuple[str, list[tuple[str, str]]]]  # (title, [(state, label)])

    def label(self, state: str) -> str:
        for _, entries in self.groups:
            for name, label in entries:
                if name == state:
                    return label
        return state


def display_of(ed: Displayed) -> Display:
    """The edition's display, checked and compiled once (a mistake is an error at its line)."""
    found = ed.answers.get(_KEY)
    if not isinstance(found, Display):
        found = ed.answers[_KEY] = _build(ed)
    return found


def _build(ed: Displayed) -> Display:
    data = (ed.resolved.data.get("display") if ed.resolved is not None else None) or {}
    errors: list[Diagnostic] = []
    where = getattr(data, "pos", None)

    def pos_of(mapping: object, key: str, positions: str = "value_pos") -> Pos | None:
        return getattr(mapping, positions, {}).get(key) or getattr(mapping, "pos", None) or where

    def state(name: object, mapping: object, key: str, kind: str | None = None, positions: str = "value_pos") -> str | None:
        """`name` when it is declared state (of type `kind`); else an error at its place."""
        text = str(name)
        spec = ed.state.get(text)
        if spec is None:
            errors.append(Diagnostic(pos_of(mapping, key, positions), f"display: unknown state '{text}'{did_you_mean(text, ed.state)}"))
            return None
        if kind and spec.type != kind:
            errors.append(Diagnostic(pos_of(mapping, key, positions), f"display: '{text}' holds {_a(spec.type)}, not {_a(kind)}"))
            return None
        return text

    def expr(text: object, mapping: object, key: str) -> Read | None:
        try:
            return ed.expression(str(text), "display")
        except FubaError as e:
            at = pos_of(mapping, key)
            locate = getattr(text, "locate", None)  # rule text from YAML knows its place in the file
            for d in e.diagnostics:
                shown = locate(d.pos.line - 1, d.pos.col - 1) if locate is not None and d.pos else at
                errors.append(Diagnostic(shown, f"display: {d.message}"))
            return None

    ball_data = data.get("ball") or {}
    ball = {}
    for key, kind in (("area", "area"), ("value", "int"), ("control", "team")):
        if key in ball_data:
            name = state(ball_data[key], ball_data, key, kind)
            if name:
                ball[key] = name
    if "area" not in ball:  # no display: the first area-typed state, as the board always drew it
        first = next((n for n, s in ed.state.items() if s.type == "area" and not s.index), None)
        if first:
            ball["area"] = first

    def items(key: str) -> list[Item]:
        out = []
        for entry in data.get(key) or []:
            read = expr(entry.get("expr", ""), entry, "expr")
            when = expr(entry["when"], entry, "when") if entry.get("when") else None
            if read:
                out.append(Item(str(entry.get("label", "")), str(entry.get("expr", "")), read, when))
        return out

    markers = {}
    for name, entry in (data.get("markers") or {}).items():
        if state(name, data.get("markers"), name, "area", "key_pos"):
            when = expr(entry["while"], entry, "while") if entry.get("while") else None
            markers[str(name)] = Item(str(entry.get("label", name)), str(name), _state_reader(str(name)), when)
    groups = []
    for title, entries in (data.get("state") or {}).items():
        shown = [(str(n), str(label)) for n, label in (entries or {}).items() if state(n, entries, n, positions="key_pos")]
        groups.append((str(title), shown))
    status_items, odds_items = items("status"), items("odds")
    if errors:
        raise FubaError(errors)
    return Display(ball, status_items, odds_items, markers, groups)


def _a(kind: str) -> str:
    return f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind}"


def _state_reader(name: str) -> Read:
    return lambda m: m.S[name]


# ---- reading a match with it ------------------------------------------------------------


def words(value: object, teams: Mapping[str, str]) -> str:
    """A value in plain words: a team by its name, a per-team record as `Blue 1, Yellow 0`."""
    if isinstance(value, str) and value in teams:
        return teams[value]
    if isinstance(value, Mapping) and set(value) == set(TEAMS):
        return ", ".join(f"{teams[t]} {words(value[t], teams)}" for t in TEAMS)
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {words(v, teams)}" for k, v in value.items() if v not in (0, None, "", False))
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return "-".join(map(str, value)) if value else ""
    return "" if value is None else str(value)


def status(ed: Displayed, m: Shown) -> list[dict[str, str]]:
    """The status line: each item's label and value in words (an empty value is left out)."""
    teams = ed.team_names()
    out = []
    for item in display_of(ed).status:
        try:
            if item.when is not None and not item.when(m):
                continue
            shown = words(item.read(m), teams)
        except Exception as e:  # noqa: BLE001 - a mod's expression that fails here says so, and the board goes on
            shown = f"(cannot be read: {getattr(e, 'message', None) or e})"
        if shown:
            out.append({"label": item.label, "value": shown})
    return out


def markers(ed: Displayed, m: Shown) -> dict[str, dict[str, str]]:
    """The markers drawn now: state -> {area, label}; one whose `while` fails is cleared."""
    out = {}
    for name, item in display_of(ed).markers.items():
        area = m.S.get(name)
        try:
            held = item.when is None or bool(item.when(m))
        except Exception:  # noqa: BLE001 - a `while` that cannot be read draws the marker
            held = True
        if area and held:
            out[name] = {"area": str(area), "label": item.label}
    return out

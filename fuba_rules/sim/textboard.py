"""The match as text, for terminal play: a picture of the areas, a status line, and
options in plain English.

Like the web board, it is drawn from the edition's data: the areas' lanes and extents
(`board:`), the ball and markers from `display:`, the team names from `match:`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping

from ..board import TEAMS, Board
from ..display import display_of, markers, status, words
from ..edition import Edition
from ..engine.match import MatchState
from ..lang.core import render

LANES = ("left", "centre", "right")  # top to bottom, as the home team faces the away goal
WIDTH = 96  # characters for the length of the pitch


def initials(ed: Edition) -> dict[str, str]:
    """One letter per team: its name's first, or H and A when both names share it."""
    names = ed.team_names()
    first = {t: (names[t][:1] or t[:1]).upper() for t in TEAMS}
    return first if first["home"] != first["away"] else {"home": "H", "away": "A"}


def picture(ed: Edition, m: MatchState) -> list[str]:
    """Each lane a row of boxes, one per area, as wide as its extent along the pitch:
    its name, each team's pieces (`B3`, a keeper as `Bk`), the ball and its value, and
    the markers the display draws now (e.g. the pass target)."""
    board, d = ed.board, display_of(ed)
    letter = initials(ed)
    ball_area = m.S.get(d.ball.get("area", ""))
    value = m.S.get(d.ball["value"]) if "value" in d.ball else None
    control = m.S.get(d.ball["control"]) if "control" in d.ball else None
    shown = {v["area"]: v["label"] for v in markers(ed, m).values()}
    spots = {board.corner_spot(a): a for a in board.areas if board.corner_spot(a)}
    out = []
    for lane in LANES:
        row = sorted((a for a in board.areas if board.lane(a) == lane), key=lambda a: board.extent(a)[0])
        if not row:
            continue
        cells = []
        for a in row:
            lo, hi = board.extent(a)
            w = max(8, round((hi - lo) * WIDTH / board.length)) - 1
            name = textwrap.wrap(board.name(a).removesuffix(" area"), w)[:2] or [""]
            lines = [*name, *([""] * (2 - len(name))), _pieces(m, a, letter)]
            spot = next((s for s, corner in spots.items() if corner == a), None)
            if spot and _pieces(m, spot, letter):
                lines[2] += f" spot:{_pieces(m, spot, letter)}"
            if ball_area in (a, spot):
                lines.append("(o) ball" + (f" {value}" if value is not None else "") + (f" {letter[control]}" if control in letter else ""))
            elif a in shown:
                lines.append(f"> {shown[a]}")
            else:
                lines.append("")
            cells.append([text[:w].ljust(w) for text in lines])
        out.append("+" + "+".join("-" * len(c[0]) for c in cells) + "+")
        for k in range(4):
            out.append("|" + "|".join(c[k] for c in cells) + "|")
    out.append(out[0])
    names = ed.team_names()
    out.append("   ".join(f"{letter[t]} = {names[t]} ({t})" for t in TEAMS) + "   k = keeper   (o) = the ball, its value and who has it   home attacks to the right")
    return out


def _pieces(m: MatchState, area: str, letter: Mapping[str, str]) -> str:
    parts = []
    for t in TEAMS:
        n = m.pieces[t].get(area, 0)
        if n:
            parts.append(f"{letter[t]}{n}")
        if m.keeper[t] == area:
            parts.append(f"{letter[t]}k")
    return " ".join(parts)


def status_line(ed: Edition, m: MatchState) -> str:
    """The display's status items in words, e.g. `minute 17 · first half · score Blue 0, Yellow 0 · ...`."""
    return " · ".join(f"{s['label']} {s['value']}".strip() for s in status(ed, m))


def option_text(ed: Edition, m: MatchState, team: str, option: object) -> str:
    """An option in plain English: an area by its name, a move as
    `Centre area -> Away front area (2 there now)`, declining as `do nothing`."""
    board = ed.board
    if option is None:
        return "do nothing"
    if isinstance(option, str):
        if option in m.board_areas:
            return board.name(option)
        return ed.team_names().get(option, option)
    if isinstance(option, Mapping) and "from" in option and "to" in option:
        source, target = option["from"], option["to"]
        there = m.pieces[team].get(target, 0) + (1 if m.keeper[team] == target else 0)
        who = "goalkeeper: " if option.get("keeper") else ""
        ball = ", with the ball" if option.get("ball") else ""
        return f"{who}{_name(board, source)} -> {_name(board, target)} ({there} there now{ball})"
    if isinstance(option, Mapping):
        return ", ".join(f"{k} {_name(board, v) if isinstance(v, str) else words(v, ed.team_names())}" for k, v in option.items() if v not in (None, False, ""))
    return render(option)


def _name(board: Board, area: str) -> str:
    try:
        return board.name(area)
    except (KeyError, ValueError, TypeError):
        return str(area)

"""Turn a match log into plain English, one line per step, with its rulebook chapter.

The modifiers that applied since the previous line are shown with their labels. A line
whose text holds a modifier sum in the rules' way of writing it, `+ (N)` (from
`log("{shot} + ({mod}) = {total}")`), gets them where the sum is: `3 + (-2) = 1` reads
`3 - 2 (distance -2, more attackers in the shooting area +1, more defenders in the
penalty area -1) = 1`, and a part of the sum no modifier explains shows as `other`.
Any other line lists them at its end. The modifiers' chapters follow them when they
differ from the line's: `ball 2 -> 3 (target area: defenders outnumber +1; 4.7.2) [4.7]`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import TypeGuard

from ..jsondata import Json
from .matchlog import Record

_SUM = re.compile(r"\+ \((-?\d{1,18})\)")  # a sum of modifiers, not any number a hostile log holds


def narrate(events: Iterable[Record], teams: Mapping[str, Json] | None = None) -> Iterator[str]:
    """Log lines with the clock, the modifiers that applied, and the chapter."""
    names = teams or {}
    rename = re.compile(r"\b(home|away)\b") if names else None
    pending: list[Record] = []

    def named(text: str) -> str:
        return rename.sub(lambda m: str(names.get(m.group(1), m.group(1))), text) if rename else text

    for e in events:
        kind = e.get("kind")
        if kind == "modifier":
            pending.append(e)
        elif kind == "hook":
            what, team = e.get("text") or e.get("name"), e.get("team")
            said = f"{named(str(team))} uses {what}" if team else f"{what} applies"  # a rule of the match, not a team's
            yield f"{_clock(e)} {said} [{e.get('ref', '')}]"
        elif kind == "winner":  # the rules decided a level match (`decide_winner`)
            yield f"{_clock(e)} {named(str(e.get('team', '')))} wins the match ({e.get('how', 'tie-break')})"
        elif kind == "log":
            ref = str(e.get("ref") or "")
            yield f"{_clock(e)} {labelled(named(str(e.get('text', ''))), pending, ref)}" + (f" [{ref}]" if ref else "")
            pending = []


def labelled(text: str, modifiers: list[Record], ref: str = "") -> str:
    """`text` with the labels of `modifiers`: at its modifier sum `+ (N)`, or at its end."""
    found = _SUM.search(text)
    if found is not None:
        total = int(found.group(1))
        known = sum(v for v in (m.get("value") for m in modifiers) if _is_int(v))
        parts = [_label(m) for m in modifiers] + ([f"other {total - known:+d}"] if total != known else [])
        if parts:
            sign = "-" if total < 0 else "+"
            return f"{text[:found.start()]}{sign} {abs(total)} ({_listed(parts, modifiers, ref)}){text[found.end():]}"
    if modifiers:
        return f"{text} ({_listed([_label(m) for m in modifiers], modifiers, ref)})"
    return text


def _listed(parts: list[str], modifiers: list[Record], ref: str) -> str:
    """The labels, then the modifiers' own chapters where they are not the line's."""
    refs = [r for r in dict.fromkeys(str(m.get("ref") or "") for m in modifiers) if r and r != ref]
    return ", ".join(parts) + (f"; {', '.join(refs)}" if refs else "")


def _label(m: Record) -> str:
    value = m.get("value")
    return f"{m.get('text') or m.get('id')}" + (f" {value:+d}" if _is_int(value) else "")


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _clock(e: Record) -> str:
    c = e.get("clock")
    return f"{c:>2}'" if c is not None else "  -"

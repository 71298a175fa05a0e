"""Turn a match log into plain English, one line per step, with its rulebook chapter."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any


def narrate(events: Iterable[dict], teams: dict[str, str] | None = None) -> Iterator[str]:
    """Log lines with the clock, the modifiers that applied, and the chapter."""
    names = teams or {}
    rename = re.compile(r"\b(home|away)\b") if names else None
    pending: list[str] = []

    def named(text: str) -> str:
        return rename.sub(lambda m: names.get(m.group(1), m.group(1)), text) if rename else text

    for e in events:
        kind = e.get("kind")
        if kind == "modifier":
            value = e.get("value")
            sign = f"{value:+d} " if isinstance(value, int) else ""
            pending.append(f"{sign}{e.get('text', e.get('id'))}, {e.get('ref', '')}".rstrip(", "))
        elif kind == "hook":
            yield f"{_clock(e)} {named(str(e.get('team') or ''))} uses {e.get('text') or e.get('name')} [{e.get('ref', '')}]".replace("  ", " ")
        elif kind == "log":
            line = f"{_clock(e)} {named(str(e.get('text', '')))}"
            if pending:
                line += f" ({'; '.join(pending)})"
                pending = []
            if e.get("ref"):
                line += f" [{e['ref']}]"
            yield line


def _clock(e: dict[str, Any]) -> str:
    c = e.get("clock")
    return f"{c:>2}'" if c is not None else "  -"

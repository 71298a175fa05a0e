"""Turn a match log into plain English, one line per step, with its rulebook chapter."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any


def write_log(path: Path, header: dict, events: Iterable[dict]) -> None:
    """One JSON object a line: a header, then every event. Keys are sorted for stable bytes."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps({"kind": "header", **header}, sort_keys=True) + "\n")
        for e in events:
            f.write(json.dumps(e, sort_keys=True) + "\n")


def read_log(path: Path) -> tuple[dict, list[dict]]:
    with open(path, encoding="utf-8") as f:
        return parse_log(f, str(path))


def parse_log(lines: Iterable[str], name: str) -> tuple[dict, list[dict]]:
    """The header and the events of a log's lines; `name` starts each error message."""
    header: dict = {}
    events: list[dict] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as e:
            raise ValueError(f"{name}:{number}:{e.colno}: not a JSON line: {e.msg}") from None
        if not isinstance(item, dict):
            raise ValueError(f"{name}:{number}:1: expected a JSON object")
        if item.get("kind") == "header":
            header = item
        else:
            events.append(item)
    return header, events


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
            yield f"{_clock(e)} {named(str(e.get('team') or ''))} uses {e.get('name')} [{e.get('ref', '')}]".replace("  ", " ")
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

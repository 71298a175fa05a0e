"""Hover and go to definition: the name under the cursor, looked up in the edition.

Hover shows what an entry is (its signature), its `doc:`, its chapter (`ref:`) and the
edition or mod that defines it, at which file and line; go to definition jumps there,
across `extends` and `include`. An `include:` item jumps to the included file.
"""

from __future__ import annotations

import re
from pathlib import Path

from fuba_rules.diagnostics import Pos
from fuba_rules.layering import shown
from fuba_rules.lsp.names import Entry, Names

_WORD = re.compile(r"[\w./-]+")


def word_at(line: str, col: int) -> str | None:
    """The name under the cursor: dotted state, an edition id or a path all count as one."""
    for m in _WORD.finditer(line):
        if m.start() <= col <= m.end():
            return m.group(0).strip("./-")
    return None


def entry_at(names: Names, line: str, col: int) -> Entry | None:
    """The entry named under the cursor; a word with '-' or '/' tried whole, then by its part."""
    word = word_at(line, col)
    if not word:
        return None
    found = names.find(word)
    if found is None:
        for m in re.finditer(r"[\w.]+", line):
            if m.start() <= col <= m.end():
                return names.find(m.group(0).strip("."))
    return found


def hover_text(entry: Entry) -> str:
    """Markdown: **kind** `signature`, the doc, then the chapter and where it is defined."""
    parts = [f"**{entry.kind}** `{entry.signature}`"]
    if entry.doc:
        parts.append(entry.doc.strip())
    where = []
    if entry.ref:
        where.append(f"chapter {entry.ref}")
    if entry.origin:
        where.append(f"defined in {entry.origin}" + (f" ({entry.pos})" if entry.pos else ""))
    elif entry.pos:
        where.append(f"at {entry.pos}")
    if entry.overrides:
        where.append(f"overrides {', '.join(entry.overrides)}")
    if where:
        parts.append(" · ".join(where))
    return "\n\n".join(parts)


def definition(names: Names | None, path: Path, lines: list[str], line: int, col: int) -> Pos | None:
    """Where the name under the cursor is defined; an include item gives its file."""
    text = lines[line] if line < len(lines) else ""
    m = re.match(r"^\s*-\s*[\"']?([^\"'#\s]+\.yaml)", text)
    if m and _under_include(lines, line):
        target = path.parent / m.group(1)
        return Pos(shown(target), 1, 1) if target.is_file() else None
    entry = entry_at(names, text, col) if names else None
    return entry.pos if entry else None


def _under_include(lines: list[str], line: int) -> bool:
    for above in range(line - 1, -1, -1):
        text = lines[above]
        if text.strip() and not text.lstrip().startswith(("-", "#")):
            return text.startswith("include:")
    return False

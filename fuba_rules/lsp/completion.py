"""What to offer at the cursor, read from the text around it (the buffer may not parse).

`at:` offers triggers, `extends:` edition ids, `group:` the groups of its section,
an item under `remove:` the inherited `section.key` entries, and rule text (`when:`,
`do:`, `expr:`...) the names it may use, or areas and groups inside a quoted text.
"""

from __future__ import annotations

import re

import attrs

from fuba_rules.lsp.names import IN_QUOTES, RULE_TEXT, SECTIONS, Entry, Names

RULE_KEYS = frozenset({"when", "do", "expr", "value", "team", "cost", "prefer"})
"""Keys whose string value is rule text."""
_KEY_LINE = re.compile(r"^(\s*)(?:-\s+)?(?!else:)([A-Za-z_][\w-]*|\"[^\"]*\"):(?:\s+|$)")
"""A YAML `key:` line (rule text's `else:` is not one)."""
_VALUE = re.compile(r"^\s*(?:-\s+)?(\w+):\s*[\"']?([\w./-]*)$")
_FLOW_VALUE = re.compile(r"^.*[{,]\s*(\w+):\s+[\"']?([^{}]*)$")
"""`{..., expr: text` in a flow mapping, up to the cursor (the last key wins)."""
_LIST_ITEM = re.compile(r"^\s*-\s*[\"']?([\w./-]*)$")
_WORD_BEFORE = re.compile(r"[\w.]*$")


@attrs.frozen
class Offer:
    """Completion items as plain data: what to insert over the `start` column..cursor."""

    entries: list[Entry]
    start: int
    snippets: bool = False
    """Insert callables with their parameters: name(a, b)."""


def offer(names: Names, lines: list[str], line: int, col: int) -> Offer | None:
    """What to complete at (line, col), 0-based; None when nothing fits."""
    before = lines[line][:col] if line < len(lines) else ""
    if m := _VALUE.match(before):
        key, typed = m.group(1), m.group(2)
        start = col - len(typed)
        if key == "at":
            return Offer(names.of_kind("trigger"), start)
        if key == "extends":
            return Offer(names.of_kind("edition"), start)
        if key == "group":
            kind = "modifier group" if _section(lines, line) == "modifiers" else "skill group"
            return Offer(names.of_kind(kind), start)
        if key == "rule":
            return Offer(names.of_kind("rule"), start)
    if (m := _LIST_ITEM.match(before)) and _enclosing_key(lines, line) == "remove":
        typed = m.group(1)
        return Offer(_removable(names), col - len(typed))
    if (m := _FLOW_VALUE.search(before)) and m.group(1) in RULE_KEYS:
        return _in_rule_text(names, m.group(2), col, [])
    key, key_line = _enclosing(lines, line, col)
    if key in RULE_KEYS:
        return _in_rule_text(names, before, col, _parameters(names, lines, key_line))
    return None


def _in_rule_text(names: Names, before: str, col: int, parameters: list[Entry]) -> Offer:
    on_key_line = _KEY_LINE.match(before) is not None
    body = _KEY_LINE.sub("", before, count=1).lstrip() if on_key_line else before
    word = _WORD_BEFORE.search(before)  # `*`: it always matches, if only the empty word
    typed = word.group(0) if word else ""
    start = col - len(typed)
    if on_key_line and body[:1] in ('"', "'"):
        body = body[1:]  # the YAML quote around the whole rule
    if body[: len(body) - len(typed)].count('"') % 2 == 1:
        return Offer(names.of_kind(*IN_QUOTES), start)
    if re.search(r"\btrigger\s+\w*$", before):
        return Offer(names.of_kind("trigger"), start)
    return Offer(parameters + names.of_kind(*RULE_TEXT), start, snippets=True)


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _enclosing_key(lines: list[str], line: int, col: int | None = None) -> str | None:
    return _enclosing(lines, line, col)[0]


def _enclosing(lines: list[str], line: int, col: int | None = None) -> tuple[str | None, int]:
    """The key whose value holds the cursor, and its line: on the cursor's line, or the
    nearest less indented key above (a block scalar, a list)."""
    current = lines[line] if line < len(lines) else ""
    m = _KEY_LINE.match(current)
    if m and (col is None or col >= m.end()):
        return m.group(2), line
    depth = _indent(current) if current.strip() else (col if col is not None else len(current))
    if current.lstrip().startswith("-"):
        depth += 1  # a list item may sit at its key's own indentation
    for above in range(line - 1, -1, -1):
        text = lines[above]
        if not text.strip() or text.lstrip().startswith("#") or _indent(text) >= depth:
            continue
        m = _KEY_LINE.match(text)
        if m:
            return m.group(2), above
        if not text.lstrip().startswith("-"):  # a list item is a sibling, not a parent
            depth = _indent(text)
    return None, line


def _parameters(names: Names, lines: list[str], key_line: int) -> list[Entry]:
    """The names an entry's rule text receives: its `params:`, or its trigger's
    parameters (`at:`), plus `owner` in a skill."""
    indent = _indent(lines[key_line])
    found: list[str] = []
    for step in (-1, 1):
        i = key_line
        while 0 <= i < len(lines):
            text = lines[i]
            if text.strip() and not text.lstrip().startswith("#") and _indent(text) < indent:
                break
            if _indent(text) == indent:
                if m := re.match(r"\s*at:\s*[\"']?(\w+)", text):
                    trigger = names.by_name.get(m.group(1))
                    found += list(trigger.params) if trigger and trigger.kind == "trigger" else []
                    found += ["owner"] if _section(lines, key_line) == "skills" else []
                elif m := re.match(r"\s*params:\s*\[([^\]]*)\]", text):
                    found += [p.strip(" '\"") for p in m.group(1).split(",") if p.strip()]
            i += step
    return [Entry(p, "parameter", doc="A parameter of this rule.") for p in dict.fromkeys(found)]


def _section(lines: list[str], line: int) -> str | None:
    """The top-level key the line is under."""
    for above in range(line, -1, -1):
        m = _KEY_LINE.match(lines[above])
        if m and not m.group(1) and not lines[above].startswith("-"):
            return m.group(2)
    return None


def _removable(names: Names) -> list[Entry]:
    """section.key of every inherited entry (what `remove:` can name)."""
    return [
        attrs.evolve(e, name=f"{section}.{e.name}")
        for section, kind in SECTIONS.items()
        for e in names.of_kind(kind)
        if e.origin and e.origin != names.target
    ]

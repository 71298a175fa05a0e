"""Every name a resolved edition defines, with its doc, chapter and where it is written.

Completion and hover read this list, built once per check from the resolved tree
(`layering.Resolved`: its data keeps each entry's position, its `origin` which edition
or mod defined it) plus the kernel's registry of primitives and the editions found
under the root.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from fuba_rules import layering
from fuba_rules.diagnostics import FubaError, Pos
from fuba_rules.engine.primitives import ENGINE
from fuba_rules.lang.checker import PARENT, SPECIAL_FORMS
from fuba_rules.layering import Resolved, shown
from fuba_rules.yamlpos import LDict, LList

SECTIONS = {
    "state": "state",
    "constants": "constant",
    "tables": "table",
    "functions": "function",
    "procedures": "procedure",
    "triggers": "trigger",
    "skills": "skill",
    "hooks": "hook",
    "modifiers": "modifier",
    "rules": "rule",
    "stats": "statistic",
}
"""Section -> the kind of entry it holds."""
CALLABLE = ("function", "procedure", "primitive", "special form", "trigger")
RULE_TEXT = ("state", "constant", "table", "function", "procedure", "primitive", "special form", "team")
"""The kinds of names rule text may use outside quotes."""
IN_QUOTES = ("area", "modifier group", "rule")
"""The kinds of names rule text writes as quoted text: move(t, a, "centre"), modifiers("x")."""


@attrs.frozen
class Entry:
    """One named thing: its kind, parameters, `doc:`, chapter and definition."""

    name: str
    kind: str
    params: tuple[str, ...] = ()
    doc: str = ""
    ref: str = ""
    origin: str = ""
    """The edition or mod that defines it (empty for the kernel's names)."""
    pos: Pos | None = None
    overrides: tuple[str, ...] = ()

    @property
    def signature(self) -> str:
        return f"{self.name}({', '.join(self.params)})" if self.kind in CALLABLE else self.name


@attrs.define
class Names:
    """What one resolved edition can name, by kind."""

    entries: list[Entry]
    target: str = ""
    """The id of the edition or mod checked: entries of other origins are inherited."""
    by_name: dict[str, Entry] = attrs.Factory(dict)

    def __attrs_post_init__(self) -> None:
        for e in self.entries:  # the first of a name wins: edition entries before the kernel's
            self.by_name.setdefault(e.name, e)

    def of_kind(self, *kinds: str) -> list[Entry]:
        return [e for e in self.entries if e.kind in kinds]

    def find(self, word: str) -> Entry | None:
        """The entry `word` names; for a dotted word, its longest known prefix (ball.area.x)."""
        parts = word.split(".")
        for cut in range(len(parts), 0, -1):
            if (found := self.by_name.get(".".join(parts[:cut]))) is not None:
                return found
        return None

    @classmethod
    def of(cls, resolved: Resolved, root: Path) -> Names:
        data = resolved.data
        entries: list[Entry] = []
        for section, kind in SECTIONS.items():
            for key, value in _mapping(data.get(section)).items():
                entries.append(_entry(resolved, section, str(key), kind, value))
        if isinstance(data.get("formations"), LDict):
            entries.append(Entry("formations", "table", doc="The formations (2.1) as a table.", origin=resolved.origin.get(("formations", ""), "")))
        entries += _groups(resolved, "modifiers", "modifier group")
        entries += _groups(resolved, "skills", "skill group")
        entries += _areas(resolved)
        for name in ENGINE.constants:
            entries.append(Entry(name, "team", doc="A team, as rule text names it."))
        for p in ENGINE.primitives.values():
            entries.append(Entry(p.name, "primitive", p.params, p.doc))
        for name in SPECIAL_FORMS:
            entries.append(Entry(name, "special form", doc="Built into the effect language (docs/language.md)."))
        entries.append(Entry(PARENT, "special form", doc="Calls the definition this override replaces, like Python's super() (docs/language.md)."))
        for edition_id, path in layering.discover(root).items():
            entries.append(_edition(edition_id, path))
        return cls(entries, resolved.target)


def _edition(edition_id: str, path: Path) -> Entry:
    """An edition or mod found under the root, with its title and what it changes."""
    header_file = path / layering.EDITION_FILE if path.is_dir() else path
    try:
        header = layering.load_header(path)
    except FubaError:
        header = LDict()
    lines = [f"{header[k]}" if k != "extends" else f"extends {header[k]}" for k in ("title", "date", "extends", "description") if isinstance(header.get(k), str)]
    return Entry(edition_id, "edition", doc="\n\n".join(lines), pos=Pos(shown(header_file), 1, 1))


def _mapping(value: object) -> LDict:
    return value if isinstance(value, LDict) else LDict()


def _entry(resolved: Resolved, section: str, key: str, kind: str, value: object) -> Entry:
    spec = _mapping(value)
    params = spec.get("params")
    return Entry(
        name=key,
        kind=kind,
        params=tuple(map(str, params)) if isinstance(params, list) else (),
        doc=str(spec.get("doc") or spec.get("text") or spec.get("title") or spec.get("reading") or ""),
        ref=str(spec.get("ref") or ""),
        origin=resolved.origin.get((section, key), ""),
        pos=_mapping(resolved.data.get(section)).key_pos.get(key),
        overrides=tuple(resolved.overrides.get((section, key), ())),
    )


def _groups(resolved: Resolved, section: str, kind: str) -> list[Entry]:
    """The `group:` values a section's entries use, each at its first use."""
    seen: dict[str, Entry] = {}
    for key, value in _mapping(resolved.data.get(section)).items():
        group = _mapping(value).get("group")
        if isinstance(group, str) and group not in seen:
            where = _mapping(value).value_pos.get("group")
            seen[group] = Entry(group, kind, doc=f"Used by {section} such as '{key}'.", origin=resolved.origin.get((section, key), ""), pos=where)
    return list(seen.values())


def _areas(resolved: Resolved) -> list[Entry]:
    board = _mapping(resolved.data.get("board"))
    areas = board.get("areas")
    if not isinstance(areas, LList):
        return []
    out = []
    for i, area in enumerate(areas):
        spec = _mapping(area)
        if isinstance(spec.get("id"), str):
            where = areas.item_pos[i] if i < len(areas.item_pos) else None
            doc = str(spec.get("name") or "") + (f" ({spec['note']})" if spec.get("note") else "")
            out.append(Entry(str(spec["id"]), "area", doc=doc, ref=str(spec.get("ref") or ""), origin=resolved.origin.get(("board", "areas"), ""), pos=where))
    return out

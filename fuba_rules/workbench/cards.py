"""Player-facing rule cards built from an edition's data, ordered by chapter.

Every card comes from an entry's own words (`doc`, `text`, `timing`, `reading`), or,
for a rule without a `doc`, from its text (`plain.py`: its choices, what it says
happens, where others may act), and carries its chapter (`ref`'s chapter number), so a
designer can print the draft under test. Against a second edition, each card says
whether it is new or changed (a changed card shows each changed field old -> new), and
the removed ones are listed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import cast

import attrs

from ..compare import changed_paths, compare
from ..jsondata import Json, JsonObject
from ..yamlpos import plain
from .plain import describe

# section -> what its cards are called; a section not listed here is not player-facing
SECTIONS = {
    "procedures": "Procedure",
    "hooks": "Rule",
    "tables": "Table",
    "events": "Special event",
    "skills": "Skill",
    "modifiers": "Modifier",
    "constants": "Number",
    "formations": "Formation",
    "rules": "Advanced rule",
    "interpretations": "Reading",
}


@attrs.define
class Card:
    kind: str
    key: str
    ref: str
    title: str
    text: list[str] = attrs.field(factory=list)
    facts: list[tuple[str, str]] = attrs.field(factory=list)
    rows: list[tuple[str, str]] = attrs.field(factory=list)
    status: str = ""  # "", "new" or "changed" against the other edition
    was: list[tuple[str, str, str]] = attrs.field(factory=list)  # a changed card's fields: (field, old, new)

    def as_json(self) -> dict:
        return attrs.asdict(self)


@attrs.define
class Chapter:
    number: str
    cards: list[Card]

    @property
    def heading(self) -> str:
        """"Chapter 4", "Chapter A12"; a ref without a chapter number ("SG Penalty kick") as written."""
        return f"Chapter {self.number}" if CHAPTER.fullmatch(self.number) else self.number[:1].upper() + self.number[1:]

    @property
    def anchor(self) -> str:
        return "ch-" + re.sub(r"[^a-z0-9]+", "-", self.number.lower()).strip("-")


@attrs.define
class RuleBook:
    title: str
    chapters: list[Chapter]
    against: str = ""
    removed: list[str] = attrs.field(factory=list)

    def as_json(self) -> dict:
        return {"title": self.title, "against": self.against, "removed": self.removed,
                "chapters": [{"number": c.number, "cards": [k.as_json() for k in c.cards]} for c in self.chapters]}


def _natural(ref: str) -> list:
    return [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"[.\s]+|(?<=[A-Za-z])(?=\d)", ref) if p]


CHAPTER = re.compile(r"[A-Z]?\d+")  # a chapter number: 4, A12, C1


def _chapter(ref: str) -> str:
    """The chapter a ref belongs to, from its first chapter number wherever it stands:
    "4.8.2" -> "4", "A12" -> "A12", "C1, C2" -> "C1", "SG Penalty kick, 5.2" -> "5"; a
    ref without one ("SG Penalty kick", "mod") is its own chapter."""
    m = re.search(r"(?<![\w.])([A-Z]?\d+)(?![\w])", ref)
    return m.group(1) if m else (ref.strip() or "other")


def _human(key: str) -> str:
    return key.replace("_", " ").strip().capitalize() if key == key.lower() else key


def _show(v: object) -> str:
    if isinstance(v, list):
        return "-".join(map(str, v)) if all(isinstance(x, int) for x in v) else ", ".join(map(str, v))
    if isinstance(v, dict):
        return ", ".join(f"{k} {_show(x)}" for k, x in v.items())
    return str(v)


def _cards(section: str, key: str, entry: Json, procedures: set[str] | frozenset[str] = frozenset()) -> list[Card]:
    kind = SECTIONS[section]
    if not isinstance(entry, dict):
        return [Card(kind, key, "", _human(key), facts=[("value", _show(entry))])]
    ref = str(entry.get("ref", ""))
    text = [str(entry[f]) for f in ("doc", "text", "timing", "reading", "note") if entry.get(f) and not (section == "modifiers" and f == "text")]
    card = Card(kind, key, ref, str(entry.get("title") or entry.get("text") if section in ("rules", "modifiers") else _human(key)), text)
    if not text and section in ("procedures", "hooks"):
        card.text = describe(entry.get("do"), procedures)
    if section == "skills":
        card.facts = [(f, _show(entry[f])) for f in ("group", "cost") if f in entry]
    elif section == "modifiers":
        card.facts = [("group", str(entry.get("group", ""))), ("value", str(entry.get("value", "")))] + ([("when", str(entry["when"]))] if entry.get("when") else [])
    elif section == "hooks" and entry.get("rule"):
        card.facts = [("advanced rule", str(entry["rule"]))]
    elif section == "rules":
        kind_of = str(entry.get("kind", "advanced"))
        card.facts = [("kind", kind_of), ("switched on", "by default" if entry.get("default") else f"with --with {key}" + (" or --advanced" if kind_of == "advanced" else ""))]
    elif section == "interpretations" and entry.get("reason"):
        card.facts = [("why", str(entry["reason"]))]
    elif section == "tables":
        rows = entry.get("rows") or {}
        named = {k: r for k, r in rows.items() if isinstance(r, dict) and r.get("name")}
        out = [card]
        card.rows = [(str(k), _show(r)) for k, r in rows.items() if k not in named]
        for k, r in named.items():
            out.append(Card(SECTIONS["events"], f"{key}.{k}", str(r.get("ref", ref)), str(r["name"]), [str(r.get("text", ""))], [("dice", str(k))]))
        if named and not card.rows:
            card.text.append(f"{len(named)} events, one card each.")
        return out
    return [card]


def _mark_tables_with_changed_rows(cards: list[Card], status: dict[tuple[str, str], str]) -> None:
    """A table's plain rows are lines of its card, not cards: a new or changed one marks the
    table's card changed (a row with a card of its own, an event, is marked on that card)."""
    keys = {c.key for c in cards}
    for c in cards:
        if c.kind == SECTIONS["tables"] and not c.status:
            if any(s == "tables" and k.startswith(f"{c.key}.") and k not in keys for s, k in status):
                c.status = "changed"


def rule_book(resolved: Mapping[str, object], title: str, other: Mapping[str, object] | None = None, other_title: str = "") -> RuleBook:
    """Cards of every player-facing entry of `resolved` (an edition's data), grouped by top
    chapter, in order."""
    data = cast("JsonObject", plain(resolved))  # plain() keeps a mapping a dict, of plain data
    status: dict[tuple[str, str], str] = {}
    was: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
    removed: list[str] = []
    if other is not None:
        for d in compare(plain(other), data):
            if d.section in SECTIONS:
                if d.kind == "only in A":
                    name = d.a.get("name") if isinstance(d.a, dict) and d.section == "tables" else None
                    what = f"{SECTIONS['events'].lower()} {name} ({d.key})" if name else f"{SECTIONS[d.section].lower()} {d.key}"
                    removed.append(what + (f" [{d.ref}]" if d.ref else ""))
                else:
                    status[d.section, d.key] = "new" if d.kind == "only in B" else "changed"
                    if d.kind == "changed":
                        was[d.section, d.key] = [(path or "value", _was(old), _was(new)) for path, old, new in changed_paths(d.a, d.b, "")]
    procedures = set(_section(data, "procedures"))
    cards: list[Card] = []
    for section in SECTIONS:
        for key, entry in _section(data, section).items():
            for c in _cards(section, str(key), entry, procedures):
                c.status = status.get((section, c.key), "")
                c.was = was.get((section, c.key), [])
                cards.append(c)
    _mark_tables_with_changed_rows(cards, status)
    chapters: dict[str, list[Card]] = {}
    for c in sorted(cards, key=lambda c: (_natural(_chapter(c.ref)) if c.ref else [(2, 0, "")], _natural(c.ref), list(SECTIONS.values()).index(c.kind), c.key)):
        top = _chapter(c.ref)
        chapters.setdefault(top, []).append(c)
    for members in chapters.values():  # an advanced rule's own card, without words of its own: what it holds
        for c in members:
            if c.kind == SECTIONS["rules"] and not c.text:
                c.text = [f"{len(members) - 1} more cards of this chapter belong to it."]
    return RuleBook(title, [Chapter(k, v) for k, v in chapters.items()], other_title, removed)


def _section(data: JsonObject, name: str) -> Mapping[str, Json]:
    """A section's entries by key (the schema makes every section of cards a mapping)."""
    entries = data.get(name)
    return entries if isinstance(entries, Mapping) else {}


def _was(value: object) -> str:
    """A changed value on a card: one line, long rule text cut short."""
    if value == "(absent)":
        return "(none)"
    text = " ".join(_show(value).split())
    return text if len(text) <= 120 else text[:117] + "..."


def markdown(book: RuleBook) -> str:
    lines = [f"# {book.title}", ""]
    if book.against:
        lines += [f"Marked against {book.against}: **new** and **changed** cards.", ""]
    lines += ["## Contents", ""] + [f"- [{ch.heading}](#{ch.anchor}) ({_count(ch)})" for ch in book.chapters] + [""]
    for ch in book.chapters:
        lines += [f'<a id="{ch.anchor}"></a>', "", f"## {ch.heading}", ""]
        for c in ch.cards:
            mark = f" **{c.status}**" if c.status else ""
            ref = f" [{c.ref}]" if c.ref else ""
            lines.append(f"### {c.kind}: {c.title}{ref}{mark}")
            lines.append("")
            for t in c.text:
                lines += [t.strip(), ""]
            lines += [f"- {k}: {v}" for k, v in c.facts]
            lines += [f"- changed {k}: {old} -> {new}" for k, old, new in c.was]
            if c.rows:
                lines += ["", "| roll / key | result |", "|---|---|"] + [f"| {k} | {v} |" for k, v in c.rows]
            lines.append("")
    if book.removed:
        lines += ["## Removed", ""] + [f"- {r}" for r in book.removed] + [""]
    return "\n".join(lines)


def _count(ch: Chapter) -> str:
    return f"{len(ch.cards)} card" + ("" if len(ch.cards) == 1 else "s")


def summary(book: RuleBook) -> str:
    """What a rule book holds, in one line: for `fuba rules -o` to say what it wrote."""
    cards = sum(len(ch.cards) for ch in book.chapters)
    marked = sum(1 for ch in book.chapters for c in ch.cards if c.status)
    against = f", {marked} new or changed against {book.against}" if book.against else ""
    return f"{cards} cards in {len(book.chapters)} chapters{against}"


def html(book: RuleBook) -> str:
    from .deps import need

    jinja2 = need("jinja2")
    env = jinja2.Environment(loader=jinja2.PackageLoader("fuba_rules.report", "templates"), autoescape=True, trim_blocks=True, lstrip_blocks=True)
    return env.get_template("rules.html.j2").render(book=book)


def only_changed(book: RuleBook) -> RuleBook:
    """The cards that differ from the other edition (for a short printout)."""
    chapters = [Chapter(c.number, [k for k in c.cards if k.status]) for c in book.chapters]
    return attrs.evolve(book, chapters=[c for c in chapters if c.cards])


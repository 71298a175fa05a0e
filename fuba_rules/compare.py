"""Compare two resolved editions entry by entry: what one has, the other lacks or changes.

Designers drafting a new rule version read this to see exactly what differs from the
edition they started from, section by section, with each entry's chapter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

import attrs

from .jsondata import Json
from .layering import MERGED_BY_KEY
from .yamlpos import plain


@attrs.frozen
class Difference:
    section: str
    key: str
    kind: str  # "only in A", "only in B", "changed"
    a: Json  # plain data
    b: Json
    within: str = ""
    """For a row of a table: the table's chapter, which a row without its own `ref` has."""

    @property
    def ref(self) -> str:
        for side in (self.b, self.a):
            if isinstance(side, dict) and side.get("ref"):
                return str(side["ref"])
        return self.within


def compare(a: object, b: object) -> list[Difference]:
    """Differences between two resolved data trees (sections of entries; the plain data
    `yamlpos.plain` makes of them, or the trees themselves)."""
    a, b = _sections(a), _sections(b)
    out: list[Difference] = []
    for section in sorted(set(a) | set(b)):
        sa, sb = _plain(a.get(section)) or {}, _plain(b.get(section)) or {}
        if not isinstance(sa, dict) or not isinstance(sb, dict):
            if sa != sb:
                out.append(Difference(section, "", "changed", sa, sb))
            continue
        for key in list(sa) + [k for k in sb if k not in sa]:
            if key not in sb:
                out.append(Difference(section, str(key), "only in A", sa[key], None))
            elif key not in sa:
                out.append(Difference(section, str(key), "only in B", None, sb[key]))
            elif sa[key] != sb[key] and section in MERGED_BY_KEY:
                out += _by_row(section, str(key), sa[key], sb[key], MERGED_BY_KEY[section])
            elif sa[key] != sb[key]:
                out.append(Difference(section, str(key), "changed", sa[key], sb[key]))
    return out


def _by_row(section: str, key: str, a: Json, b: Json, rows: str) -> list[Difference]:
    """A table that both sides have, compared as it is layered: its own fields as one entry
    (`key`), and each row as an entry of its own (`key.row`), so that a one-row change
    reads as one row."""
    if not (isinstance(a, dict) and isinstance(b, dict) and isinstance(a.get(rows, {}), dict) and isinstance(b.get(rows, {}), dict)):
        return [Difference(section, key, "changed", a, b)]
    out: list[Difference] = []
    fields_a, fields_b = ({k: v for k, v in side.items() if k != rows} for side in (a, b))
    if fields_a != fields_b:
        out.append(Difference(section, key, "changed", fields_a, fields_b))
    ra, rb, ref = a.get(rows) or {}, b.get(rows) or {}, str(b.get("ref") or a.get("ref") or "")
    for row in list(ra) + [r for r in rb if r not in ra]:
        kind = "only in A" if row not in rb else "only in B" if row not in ra else "changed"
        if kind != "changed" or ra[row] != rb[row]:
            out.append(Difference(section, f"{key}.{row}", kind, ra.get(row), rb.get(row), ref))
    return out


_ABSENT = "(absent)"


def _sections(tree: object) -> Mapping[str, object]:
    if not isinstance(tree, Mapping):
        raise TypeError(f"expected a data tree of sections, got {type(tree).__name__}")
    return tree


def _plain(value: object) -> Json:
    """A YAML value as plain data (yamlpos.plain: mappings, lists, texts, numbers)."""
    return cast("Json", plain(value))


def changed_paths(a: Json, b: Json, path: str) -> list[tuple[str, Json, Json]]:
    """Every leaf that differs between two values, as (dotted path, in A, in B): a nested
    change reads `section.key.field.sub: 1 -> 2`, a list of the same length is compared
    item by item (`path[2]`), anything else is one change of the whole value."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in list(a) + [k for k in b if k not in a]:
            if a.get(k, _ABSENT) != b.get(k, _ABSENT):
                out += changed_paths(a.get(k, _ABSENT), b.get(k, _ABSENT), f"{path}.{k}" if path else str(k))
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                out += changed_paths(x, y, f"{path}[{i}]")
        return out
    return [(path, a, b)]


def changed_fields(a: Json, b: Json) -> list[str]:
    """For two changed entries that are mappings, the fields that differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [k for k in list(a) + [k for k in b if k not in a] if a.get(k) != b.get(k)]
    return []

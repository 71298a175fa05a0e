"""Compare two resolved editions entry by entry: what one has, the other lacks or changes.

Designers drafting a new rule version read this to see exactly what differs from the
edition they started from, section by section, with each entry's chapter.
"""

from __future__ import annotations

from typing import Any

import attrs

from .yamlpos import plain


@attrs.frozen
class Difference:
    section: str
    key: str
    kind: str  # "only in A", "only in B", "changed"
    a: Any
    b: Any

    @property
    def ref(self) -> str:
        for side in (self.b, self.a):
            if isinstance(side, dict) and side.get("ref"):
                return str(side["ref"])
        return ""


def compare(a: Any, b: Any) -> list[Difference]:
    """Differences between two resolved data trees (sections of entries)."""
    out: list[Difference] = []
    for section in sorted(set(a) | set(b)):
        sa, sb = plain(a.get(section)) or {}, plain(b.get(section)) or {}
        if not isinstance(sa, dict) or not isinstance(sb, dict):
            if sa != sb:
                out.append(Difference(section, "", "changed", sa, sb))
            continue
        for key in list(sa) + [k for k in sb if k not in sa]:
            if key not in sb:
                out.append(Difference(section, str(key), "only in A", sa[key], None))
            elif key not in sa:
                out.append(Difference(section, str(key), "only in B", None, sb[key]))
            elif sa[key] != sb[key]:
                out.append(Difference(section, str(key), "changed", sa[key], sb[key]))
    return out


def changed_fields(a: Any, b: Any) -> list[str]:
    """For two changed entries that are mappings, the fields that differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [k for k in list(a) + [k for k in b if k not in a] if a.get(k) != b.get(k)]
    return []

"""The values a YAML file loads into: dict, list and str that remember where they were written.

`LDict`, `LList` and `LStr` carry `Pos`; an `LStr` also maps a line and column inside
its own text back to the file (`OffsetMap`, `BlockMap`, `SegmentMap`), which is how an
error in effect code points at the edition's line. Both the parser (`yamlparse`, which
builds them from PyYAML's nodes) and the loader (`yamlpos`, which reads and caches
files) use them; this module imports neither.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar, cast

from fuba_rules.diagnostics import Pos

P = TypeVar("P")

TAG = "tag:yaml.org,2002:"
LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")  # the breaks PyYAML counts


class _Positions(Generic[P]):
    """Positions of a mapping's keys or values, or of a list's items. A tree rebuilt from
    the cache holds, until they are first read, what builds them (most are only read to
    report a problem; building them all was a fifth of reading the cached trees)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = "_" + name

    def __get__(self, obj: object, owner: type | None = None) -> P:
        held = vars(obj)
        v = held[self.slot]
        if callable(v):
            v = held[self.slot] = v()
        return cast(P, v)

    def __set__(self, obj: object, value: P | Callable[[], P]) -> None:
        vars(obj)[self.slot] = value


class LDict(dict[str, Any]):  # a YAML value is any of YAML's values
    """A mapping with the position of itself, of each key and of each value."""

    digest: str | None = None
    """For a file's top mapping read from disk: the sha256 of the file's bytes."""

    key_pos: _Positions[dict[str, Any]] = _Positions()  # of Pos: a copied entry may hold its mapping's
    value_pos: _Positions[dict[str, Any]] = _Positions()  # of Pos, likewise

    def __init__(self, items: Iterable[tuple[str, Any]] = (), *, pos: Pos | None = None):
        super().__init__(items)
        self.pos = pos
        self.key_pos = {}
        self.value_pos = {}

    def __getstate__(self) -> dict[str, object]:
        return {**self.__dict__, "_key_pos": self.key_pos, "_value_pos": self.value_pos}


class LList(list[Any]):
    """A list with the position of itself and of each item."""

    item_pos: _Positions[list[Pos]] = _Positions()

    def __init__(self, items: Iterable[Any] = (), *, pos: Pos | None = None):
        super().__init__(items)
        self.pos = pos
        self.item_pos = []

    def __getstate__(self) -> dict[str, object]:
        return {**self.__dict__, "_item_pos": self.item_pos}


class LStr(str):
    """A string that knows where its text starts and can map positions inside it.

    `pos` is where the text itself starts: after an opening quote, or at the first
    content line of a block scalar (`|`, `>`). `locate(line0, col0)` turns a 0-based
    line and column inside the text into the 1-based position in the file, which is how
    an error in effect code points at the right place of the edition.
    """

    pos: Pos
    _map: TextMap

    def __new__(cls, value: str, pos: Pos, text_map: TextMap | None = None) -> LStr:
        self = super().__new__(cls, value)
        self._map = text_map or OffsetMap(pos.line - 1, pos.col - 1)
        self.pos = pos
        return self

    def locate(self, line0: int, col0: int) -> Pos:
        """The file position of line `line0`, column `col0` (0-based) of this text."""
        offset = _offset_in(str(self), line0, col0)
        line, col = self._map.at(str(self), line0, col0, offset)
        return Pos(self.pos.file, line + 1, col + 1)

    def __reduce__(self) -> tuple[type[LStr], tuple[str, Pos, TextMap]]:
        return (LStr, (str(self), self.pos, self._map))


class OffsetMap:
    """Text that sits on one file line: columns count from where it starts."""

    def __init__(self, line: int, col: int):
        self.line, self.col = line, col

    def at(self, text: str, line0: int, col0: int, offset: int) -> tuple[int, int]:
        return self.line, self.col + offset


class BlockMap:
    """A literal block (`|`): text line i is file line first+i, shifted by the indent."""

    def __init__(self, first: int, indent: int):
        self.first, self.indent = first, indent

    def at(self, text: str, line0: int, col0: int, offset: int) -> tuple[int, int]:
        return self.first + line0, self.indent + col0


class SegmentMap:
    """Folded or multi-line text: each file line's piece found again in the text."""

    def __init__(self, segments: list[tuple[int, int, int]], start: tuple[int, int]):
        self.segments = segments  # (offset in text, file line, file column), by offset
        self.start = start

    def at(self, text: str, line0: int, col0: int, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right([s[0] for s in self.segments], offset) - 1
        if i < 0:
            return self.start
        seg_offset, line, col = self.segments[i]
        return line, col + offset - seg_offset


TextMap = OffsetMap | BlockMap | SegmentMap


def _offset_in(text: str, line0: int, col0: int) -> int:
    """Character offset of a 0-based line and column inside `text` (clamped)."""
    offset = 0
    for _ in range(max(line0, 0)):
        nl = text.find("\n", offset)
        if nl < 0:
            break
        offset = nl + 1
    return min(offset + max(col0, 0), len(text))


__all__ = ["LINE_BREAK", "TAG", "BlockMap", "LDict", "LList", "LStr", "OffsetMap", "SegmentMap", "TextMap"]
